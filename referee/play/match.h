/* match.h: one game between two seats through the rules: asks the side to
 * move, judges its reply (or failure) once, in one vocabulary of fouls
 * (protocol/PROTOCOL.md "Fouls"), keeps the clocks, and fills the game
 * record. Every command that plays (tournament and match, play, doctor) plays
 * its games through it, whoever sits at the board (seat.h). */
#ifndef REFEREE_MATCH_H
#define REFEREE_MATCH_H

#include "player.h"
#include "protocol.h"
#include "record.h"
#include "seat.h"

#include <errno.h>
#include <signal.h>

/* A turn of the game as an observer sees it. */
struct match_event {
    enum side side; /* the side asked */
    int ply;        /* the number of plies before the turn */
    int limit_ms;   /* the limit it was told */
    /* For `replied`: what came (a line, or a foul the seat saw), and the
     * judgement of it: FOUL_NONE for a move (or a resignation) now in
     * rec->state's history, else the foul that ended the game (rec->reason). */
    const struct player_reply *reply;
    enum foul foul;
    enum foul judged; /* the reply's own verdict, before its seat looked at it once
                       * more (seat_ops.recheck): foul differs when that found it was
                       * not this turn's answer alone */
};

/* Who watches a game (doctor's probes, play's screen): each callback is
 * optional, called on the thread that plays, with the record as it stands;
 * ctx is the observer's own. NULL in match_rules: nothing is called. */
struct match_observer {
    void *ctx;
    void (*started)(void *ctx, const struct game_record *rec); /* both seats ready */
    void (*asked)(void *ctx, const struct game_record *rec, const struct match_event *e);
    void (*replied)(void *ctx, const struct game_record *rec, const struct match_event *e);
    void (*fouled)(void *ctx, const struct game_record *rec); /* rec->foul_side fouled */
    void (*over)(void *ctx, const struct game_record *rec);   /* rec is whole */
};

struct match_rules {
    struct time_control time;
    bool restart_each_game; /* a new process per bot per game */
    bool spin;              /* may spin for fast bots' replies (player_ask): when a core is free */
    int stop_grace_ms;      /* how long a bot gets to quit before it is killed */
    volatile sig_atomic_t *stop; /* if set and non-zero, games under way are aborted */
    bool forfeit_broken;         /* the operator's mistake (below) is recorded all the same: the
                                  * game lost by that seat's forfeit, `could not start (...)` */
    const struct match_observer *observer; /* NULL: none */
};

/* match_play's error for a bot that never answered a turn in this run (on
 * any worker: player_has_answered) and ended before its first reply in two
 * starts in a row (its player's why says how): the operator's mistake, as a
 * command that cannot start is (a seat's ask returns it). */
#define MATCH_NEVER_ANSWERED (-ECHILD)

/* Play one game from `start` (the initial position, or an opening already
 * played into it; rec->opening_plies says how many plies that was) between
 * seats[SIDE_FIRST] and seats[SIDE_SECOND] (borrowed), and fill rec (its id,
 * pairing, seed and bots are the caller's to set). Starts the bots' processes
 * when needed; a bot whose process died and cannot be started again forfeits
 * (`could not start`). Returns 0 when a game was played (whatever its
 * result), or a negative errno for the operator's mistake: a bot that never
 * started cannot be started, a program that cannot be executed any more, or
 * MATCH_NEVER_ANSWERED; *failed then says which side. The game is then not
 * played (rec is not a result, both seats are stopped), unless
 * rules->forfeit_broken: then rec is whole all the same, the game lost by
 * that side's forfeit (FOUL_NO_START, `could not start (WHY)`) at the turn it
 * failed, after the moves before it, and the other seat was told as after
 * any game. */
int match_play(struct seat *seats[2], const struct game_state *start,
               const struct match_rules *rules, struct game_record *rec, enum side *failed);

/* Fill rec (its id, pairing, seed and bots are the caller's to set) as a game
 * from start that side loses by forfeit before it begins, for reason (`could
 * not start (...)`): a bot already known not to start (tournament.c's broken
 * entry), whose opponent need not be started either. */
void match_forfeit(const struct game_state *start, enum side side, const char *reason,
                   struct game_record *rec);

#endif
