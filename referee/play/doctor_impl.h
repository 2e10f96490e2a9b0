/* doctor_impl.h: what doctor's files share (doctor.c plans the games and
 * plays them through the match loop, doctor_seat.c is the bot's seat and the
 * loop's watcher, doctor_turn.c judges a turn, doctor_probe.c writes its
 * lines, doctor_conclude.c sums up, doctor_trace.c reads the bot's log): the
 * run under way, a turn asked, and what a turn that went wrong showed. Only
 * for doctor's own files. */
#ifndef REFEREE_DOCTOR_IMPL_H
#define REFEREE_DOCTOR_IMPL_H

#include "doctor.h"
#include "match.h"
#include "player.h"
#include "seat.h"

#include <stdbool.h>
#include <stdint.h>

/* What referee's protocol lets a later version add (protocol/PROTOCOL.md,
 * "Lines"), sent to see that a version 1 bot skips it. The value is no move
 * of any game, so that a bot that takes it for one is found out. */
enum probe {
    PROBE_GAME_KEY = 1,   /* an unknown key at the end of the game line */
    PROBE_KIND = 2,       /* a line of an unknown kind before the first turn */
    PROBE_TURN_KEY = 4,   /* an unknown key before legal on a turn line */
    PROBE_RESULT_KEY = 8, /* an unknown key before reason on a result line */
    PROBE_ALL = 15,
};
#define PROBE_KEY  "futurekey 7.5"
#define PROBE_LINE "future-kind 1 2 3"

#define PROBE_GAME      4  /* the first game whose lines carry probes: in a new process */
#define DOCTOR_QUIET_MS 30 /* how long a bot is watched for a line nobody asked */

/* One game doctor plays it (doctor.c plans them). */
struct game_plan {
    int number;
    const struct game_state *start;
    enum side side;
    bool special;          /* start is its game's special position */
    bool new_process;      /* it is played by a new process */
    bool kept;             /* its process is kept from the last game */
    bool may_probe_result; /* a game follows in the same process */
    unsigned first_probes; /* on the lines of its first turn */
    unsigned later_probes; /* on its later turn lines */
    unsigned after_probe;  /* the last game's result line carried PROBE_RESULT_KEY */
    unsigned result_probe; /* set as it ends: its result line carries it */
};

/* A turn asked of the bot, as doctor sees it. */
struct ask {
    int game;      /* the game's number */
    int ply;       /* plies before it */
    int limit_ms;  /* the limit it was told */
    bool fresh;    /* the first turn of a new process: its start-up counts */
    bool kept;     /* the first turn of a process kept from the last game */
    bool special;  /* the position is its game's special one */
    bool watch;    /* its reply is watched a moment for a second line */
    unsigned sent; /* PROBE_* on its lines */
};

/* What a turn that went wrong showed, under the check it breaks. */
struct finding {
    enum doctor_check check;
    char what[96]; /* in a few words: `got "hello"`, `exited (status 2)` */
    bool not_move; /* the line read as its reply was no move at all */
    char detail[DOCTOR_DETAIL_MAX];
    char trace[sizeof(((struct doctor_item *)0)->trace)];
};

/* A run of doctor: the bot at the board (a seat whose operations are a bot's
 * with doctor's around them), what it has shown so far, and the game under
 * way. */
struct doc {
    const struct doctor_options *opt;
    const struct bot_spec *bot;
    struct bot_spec traced; /* bot, its talk traced into its log */
    long log_from;          /* where the game under way begins in the log */
    struct doctor_report *out;
    struct player p;
    struct seat_bot seat;        /* p at the board */
    struct seat_ops ops;         /* the seat's: a bot's, watched */
    struct match_observer watch; /* doctor's eye on each game's loop */
    struct match_rules rules;    /* its time, as doctor's options say */
    struct game_record rec;      /* of the game under way */
    uint64_t rng;
    bool seen[CHECK_COUNT]; /* the check was met and held at least once */
    bool legal_as[2];       /* a legal move came from it as each side */
    unsigned probes_held;   /* probes it skipped, as it should */
    unsigned probes_failed; /* probes that broke it: not sent again */
    unsigned sending;       /* probes the lines written now carry (doctor_probe.c) */
    struct adapter talk;    /* what p speaks through: its protocol, probes and all */
    bool ended_before_quit; /* its last process ended after its last result */
    bool special_asked;     /* its turn in the special position was asked */
    /* The game under way. */
    struct game_plan *plan;
    bool replaying; /* the game again, no probes: only whether it fouls, and where */
    int replay_at;  /* the ply it failed at, which the replay must get past */
    /* The loop's stop: in a replay, a move of its stood at replay_at or later. */
    volatile sig_atomic_t replay_done;
    int asked;                            /* its turns asked in it */
    struct ask turn;                      /* the one asked last */
    char sent[4 * PROTOCOL_ECHO_MAX + 8]; /* its lines, escaped; "" until written */
    bool failed;                          /* a turn of it went wrong, as `found` says */
    struct finding found;
};

/* Record f under its check; a check's first FAIL is the one it shows. */
void doctor_note(struct doc *d, const struct finding *f);

/* The run's end (doctor_conclude.c): quit, its log, and each check not yet
 * FAIL or WARN made PASS or SKIP, with its detail. */
void doctor_conclude(struct doc *d, bool have_special);

/* Set up d's seat and its watch over each game's loop (doctor_seat.c), for
 * d->p, which speaks through d->talk. */
void doctor_seat_init(struct doc *d);

/* Judge the reply of the bot in e (the loop's judgement with it, rec as it
 * stands): the checks its turn met, in d->seen; or what went wrong, into
 * d->found (d->failed). Investigates while its process is as the turn left it. */
void doctor_judge(struct doc *d, const struct game_record *rec, const struct match_event *e);

/* Fill d->talk with d->bot's protocol, the turn lines it writes kept in
 * d->sent, and (referee's protocol) the probes of d->sending put in its lines,
 * for d->p to speak through. */
void doctor_talk_init(struct doc *d);

/* The last DOCTOR_TRACE_LINES lines of trace in the log since the game under
 * way began, into out (cap bytes): the talk that a FAIL comes from. */
void doctor_trace_tail(const struct doc *d, char *out, size_t cap);

/* Bytes of the log at path that are the bot's: not lines of the trace, nor
 * referee's notes ("referee: ..."); 0 if none. */
long long doctor_log_size(const char *path);

#endif
