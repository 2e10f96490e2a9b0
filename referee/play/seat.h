/* seat.h: who sits at the board in a game, behind one table of operations: a
 * bot (its player and the protocol it speaks, any of them), a person at the
 * terminal (run/seat_person.c), referee's own random mover. The match loop
 * (match.c) tells a seat of the game, asks it for its moves and judges what
 * comes back, the same way whoever sits there: a seat only brings a reply. */
#ifndef REFEREE_SEAT_H
#define REFEREE_SEAT_H

#include "player.h"
#include "record.h"

struct seat;

/* A game as a seat is told of it. */
struct seat_game {
    struct protocol_game pg;        /* the game, the side the seat plays, its time, seed, id */
    const struct game_state *start; /* where the game begins (an opening played into it);
                                     * borrowed, for as long as the game lasts */
    bool fresh;                     /* a bot gets a new process for it */
};

/* How a game ended for a seat. */
struct seat_end {
    enum side side; /* the side it played */
    bool keep;      /* its process may play the next game */
    int grace_ms;   /* else: how long it gets to quit before it is killed */
};

/* A turn asked of a seat. */
struct seat_turn {
    const struct game_state *state; /* the position it is asked to move in */
    int limit_ms;                   /* the limit it is told */
    int margin_ms;                  /* and the margin past it that a bot is allowed */
    long clock_left_ms;             /* its clock as the turn is asked; -1: no clock */
    struct seat *idle;              /* the opponent, whose output a bot's ask watches */
    bool spin;                      /* may spin for a fast bot's reply (player_ask) */
};

/* What seat_ops.ask returns besides a negative errno. */
enum { SEAT_REPLIED = 0, SEAT_AGAIN = 1 };

/* A seat's operations; all but ask may be NULL, for nothing to do (a
 * person or the random mover has no process to start or stop). Every reply is a struct
 * player_reply: a line in referee's notation for the loop to judge (foul FOUL_NONE), a foul the
 * seat saw (a bot's timeout, crash...: protocol/PROTOCOL.md "Fouls" lists them and their reasons),
 * or interrupted (the game stopped by the user: reason "quit", or empty for "interrupted"). */
struct seat_ops {
    const char *kind; /* "bot", "person", "random"; "doctor" (a bot, watched) */
    /* Be ready for game g (a bot's process started, or kept unless g->fresh).
     * Returns 0, r->foul FOUL_NO_START if it cannot be for a cause of its own
     * (it forfeits, with r->reason); or a negative errno for the operator's
     * mistake (a command that cannot be executed), r->reason then saying it
     * as that forfeit would (`could not start (...)`: match_rules'
     * forfeit_broken records it so). */
    int (*start)(struct seat *s, const struct seat_game *g, struct player_reply *r);
    /* Game g begins (after start, of both seats). */
    void (*game)(struct seat *s, const struct seat_game *g);
    /* Its move in t->state, into *r (its time, r->elapsed_ns, from the turn
     * asked to the reply read). Returns SEAT_REPLIED; SEAT_AGAIN when it
     * was started again and nothing was asked (the loop asks anew); or a
     * negative errno for the operator's mistake (MATCH_NEVER_ANSWERED...),
     * r->reason then as start's. */
    int (*ask)(struct seat *s, const struct seat_turn *t, struct player_reply *r);
    /* After its reply r was judged into `after`: whether r was not this
     * turn's answer alone, *extra then the foul it is instead
     * (player_wrote_more). NULL: it always is. */
    bool (*recheck)(struct seat *s, const struct player_reply *r, const struct game_state *after,
                    struct player_reply *extra);
    /* The game is over (rec), as e says. */
    void (*result)(struct seat *s, const struct game_record *rec, const struct seat_end *e);
    /* Nothing more to play: a bot's process told to quit, and stopped after grace_ms. */
    void (*stop)(struct seat *s, int grace_ms);
};

/* A seat: its operations and what the loop reads of it; each kind embeds it
 * first in a struct of its own state. */
struct seat {
    const struct seat_ops *ops;
    int restarts;       /* processes started again in the game under way (set by ask) */
    const char *engine; /* its engine's name and version, once known ("" or NULL: none) */
    const struct time_control *time; /* its own limits (time odds); NULL: the match's */
};

/* A bot at the board: its player (borrowed, outlives the seat) and what the
 * seat keeps of the game under way. */
struct seat_bot {
    struct seat seat;
    struct player *p;
    struct seat_game game;
    char intro[PROTOCOL_LINE_MAX]; /* its protocol's lines for the new game, sent with
                                    * its first turn */
    size_t intro_len;              /* 0: sent */
    int64_t deadline_ns;           /* of the turn last asked */
    bool asked;                    /* it was asked a turn in this game */
    bool revived;                  /* started again at its first turn, found dead */
    bool retried;                  /* started again after it ended before its first reply */
    bool strict; /* every failure at a turn is its game's foul: a process found dead
                  * at its first turn of a game is not started again, nor a command
                  * that never answered (doctor reports them); set after
                  * seat_bot_init. Not the start's: one found gone or chatty as its
                  * game starts is still started anew (player_ensure_started) */
};

/* A bot's operations: for a seat that adds to them (doctor's watches each
 * turn), calling these for the bot's part. */
extern const struct seat_ops seat_bot_ops;

/* Seat p (borrowed) as sb. */
void seat_bot_init(struct seat_bot *sb, struct player *p);

/* referee's own mover: a legal move at random, from its seed. */
struct seat_random {
    struct seat seat;
    uint64_t rng;
};

/* A random mover seeded with seed as sr. */
void seat_random_init(struct seat_random *sr, uint64_t seed);

#endif
