/* tournament_state.h: what a tournament run holds while its workers play
 * (tournament.c): the games taken and handed over in order under its lock
 * (tournament_take.c), a worker's bots (tournament_seats.c). Internal to play/. */
#ifndef REFEREE_TOURNAMENT_STATE_H
#define REFEREE_TOURNAMENT_STATE_H

#include "tournament.h"
#include "inorder.h"

#include <pthread.h>
#include <stdbool.h>
#include <time.h>

struct run {
    const struct tournament *t;
    const struct gameset *skip;
    const struct tournament_hooks *hooks;
    volatile sig_atomic_t *interrupt;
    long memory_kb;        /* available when the run started; 0: unknown */
    atomic_bool *answered; /* per bot: answered a turn on any worker (match.h) */
    /* Per bot, with forfeit_broken: the reason its games are forfeits once it
     * could not be started or never answered (`could not start (...)`); "":
     * it plays. Read and written with the lock. */
    char (*broken)[RECORD_REASON_MAX];

    pthread_mutex_t lock;
    pthread_cond_t released; /* a slot was given back */
    pthread_cond_t ended;    /* live went down */
    int live;                /* worker threads running */
    int workers;             /* worker threads started, for their numbers */
    long count;
    long next_game; /* next index to hand to a worker */
    struct inorder order;
    /* Set once, by halt(): no game is taken or handed over after it, and games
     * under way are aborted (it is their match rules' stop flag). */
    volatile sig_atomic_t halted;
    enum tournament_end end;
    struct tournament_failure failure;
};

/* A worker's bots: one player per bot of the tournament, of which at most
 * live_max (seats_cap) have a process between games. */
struct seats {
    const struct tournament *t;
    struct player *players;
    long *last_used; /* 1 + the index of the last game each bot played */
    bool *alive;     /* which have a process, for schedule_pick_stop */
    int n;
    long bot_kb;    /* the most resident memory seen of one bot process */
    long budget_kb; /* memory this worker's bots may take, by default */
    long fd_cap;    /* processes this worker may keep within the descriptor limit */
};

/* Stop the run as failed (error, bot, what as in struct tournament_failure),
 * once: the first failure is the one reported. Called with the lock. */
void tournament_fail_with(struct run *r, const struct tournament_failure *why);
void tournament_fail(struct run *r, int error, int bot, const char *what);

/* Stop the run if the user interrupted it (Ctrl-C). Called with the lock. */
void tournament_notice_interrupt(struct run *r);

/* Hand over, in order, every finished game that is next; a hook's failure or
 * verdict stops the run. Called with the lock. */
void tournament_flush_in_order(struct run *r);

/* An absolute CLOCK_REALTIME time ms from now, for pthread_cond_timedwait. */
struct timespec tournament_deadline_in_ms(int ms);

/* The next game for a worker: its index in *index, itself in *g, and a slot
 * for its record (owned by r->order until handed over), or NULL when there is
 * none to play. Takes the lock. */
struct inorder_slot *tournament_take_game(struct run *r, long *index, struct scheduled_game *g);

/* A worker's seats for run r: a player per bot, each bot's log and answered
 * flag r's. Returns 0 or -ENOMEM (seats_release frees what was made). */
int seats_init(struct seats *st, const struct run *r);

/* Stop every bot of st (grace_ms to exit) and free st's arrays; safe twice. */
void seats_release(struct seats *st, int grace_ms);

/* Stop bots other than game g's (the index-th) so that no more processes than
 * the worker's cap are alive once g's are; the others get their last result. */
void seats_make_room(struct seats *st, const struct scheduled_game *g, long index, int grace_ms);

/* After game g: the memory of a bot process measured, now and then, for the cap. */
void seats_measure(struct seats *st, const struct scheduled_game *g);

#endif
