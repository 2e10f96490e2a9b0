/* match.h: one game between two players through the rules: asks the side to
 * move, turns its reply (or failure) into an action for the reducer, keeps the
 * clocks, and fills the game record. */
#ifndef REFEREE_MATCH_H
#define REFEREE_MATCH_H

#include "player.h"
#include "protocol.h"
#include "record.h"

#include <errno.h>
#include <signal.h>

struct match_rules {
    struct time_control time;
    bool restart_each_game; /* a new process per bot per game */
    bool spin;              /* may spin for fast bots' replies (player_ask): when a core is free */
    int stop_grace_ms;      /* how long a bot gets to quit before it is killed */
    volatile sig_atomic_t *stop; /* if set and non-zero, games under way are aborted */
};

/* match_play's error for a bot that never answered a turn in this run and
 * ended before its first reply in two starts in a row (its player's why says
 * how): the operator's mistake, as a command that cannot start is. */
#define MATCH_NEVER_ANSWERED (-ECHILD)

/* Play one game from `start` (the initial position, or an opening already
 * played into it; rec->opening_plies says how many plies that was) between
 * players[SIDE_FIRST] and players[SIDE_SECOND], and fill rec (its id, pairing,
 * seed and bots are the caller's to set). Starts the bots' processes when
 * needed; a bot whose process died and cannot be started again forfeits (`could
 * not start`). Returns 0 when a game was played (whatever its result), or a
 * negative errno for the operator's mistake, the game not played (rec is not
 * a result): a bot that never started cannot be started, a program that
 * cannot be executed any more, or MATCH_NEVER_ANSWERED; *failed then says
 * which side. */
int match_play(struct player *players[2], const struct game_state *start,
               const struct match_rules *rules, struct game_record *rec, enum side *failed);

#endif
