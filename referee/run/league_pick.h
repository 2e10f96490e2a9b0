/* league_pick.h: a league's picks made on a thread of their own while its
 * games play (league_run.c), so that a game waits for a pick only when the
 * pick takes longer than the games before it. Internal to run/.
 *
 * The picker owns the league from league_picker_start to league_picker_stop:
 * it records the results handed to it, in order, and picks the pair after
 * that of the last game taken (league_picker_taken) as soon as the results
 * that pair sees are in (league.h: those up to lag pairs back), never further
 * ahead. So a change of the roster, taken in at the next pair none of whose
 * games was taken, finds at most that one pair picked, which the caller drops
 * once the picker is stopped (league_unpick): the league then picks it again
 * as a replay of its history would, having rated no more than that replay.
 * The games are those of league_game called in order: the same whatever -j,
 * and on a kill -9 and a run again. */
#ifndef REFEREE_LEAGUE_PICK_H
#define REFEREE_LEAGUE_PICK_H

#include "league.h"

#include <stdbool.h>

#define LEAGUE_PICK_WAIT_S 600 /* the longest a game waits for its pick before the run fails */

struct league_picker;

/* Start a picker for l, whose next game to ask is l->nresults + 1. Returns 0
 * and the picker in *out, or a negative errno (no memory, no thread: the
 * caller then picks on its own thread, through league.h). */
int league_picker_start(struct league *l, struct league_picker **out);

/* The game with id `id` (asked in order, from l->nresults + 1) into *g: as
 * league_game, 1, 0 (fewer than two entries), -EAGAIN (the results its pick
 * sees are not all handed over: ask again after the next), or a negative
 * errno: a pick's, or a result's that league_record refused (-EINVAL), or
 * -ETIMEDOUT past LEAGUE_PICK_WAIT_S. Waits for the picker, 100 ms at a time,
 * only when the pick has every result it needs. */
int league_picker_game(struct league_picker *p, long id, struct scheduled_game *g);

/* Game id (as league_picker_game gave it) is taken: handed to a worker,
 * for good. The picker may then pick the pair after id's. */
void league_picker_taken(struct league_picker *p, long id);

/* Hand over the result of the next game (as league_record). Returns 0, or the
 * error of a result handed over earlier (-EINVAL: not the game picked). */
int league_picker_record(struct league_picker *p, const int bots[2], int winner, bool aborted);

/* Stop the picker and free it: every result handed over recorded. A pair it
 * picked ahead of the games taken stays picked: the caller drops it
 * (league_unpick). Returns 0 or the first error met (-EINVAL: a result that
 * league_record refused). */
int league_picker_stop(struct league_picker *p);

#endif
