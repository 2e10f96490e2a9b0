/* league_standings.h: a league run's standings.csv and crosstable.csv
 * refreshed on a thread of their own while its games play (league_run.c):
 * the fit behind them costs O(m^3), which the games' lock would otherwise
 * hold. Internal to run/.
 *
 * The writer shares the run's standings: a game added while it writes is
 * queued, and added before its next write or at its stop, in order. So the
 * standings hold every game handed over once league_standings_stop returns. */
#ifndef REFEREE_LEAGUE_STANDINGS_H
#define REFEREE_LEAGUE_STANDINGS_H

#include "record.h"
#include "standings.h"

#include <stdint.h>

struct league_standings;

/* Start refreshing the files of st in the folder dir_fd, at most once every
 * every_ns and only after a game was added. st is the writer's until
 * league_standings_stop (add games through league_standings_add). Returns 0
 * and the writer in *out, or a negative errno (no memory, no thread: the
 * caller then writes them itself). */
int league_standings_start(struct standings *st, int dir_fd, int64_t every_ns,
                           struct league_standings **out);

/* Add game rec, summed up in s (whose names are rec's), to the standings,
 * with its engines' names. Returns 0, or the error of an earlier add or
 * write (-ENOMEM, or a write's negative errno). */
int league_standings_add(struct league_standings *w, const struct game_summary *s,
                         const struct game_record *rec);

/* Stop the writer and free it: every game queued added. Returns 0 or the
 * first error met. */
int league_standings_stop(struct league_standings *w);

#endif
