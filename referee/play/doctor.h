/* doctor.h: a conformance check of one bot before a tournament meets it:
 * referee plays the bot's opponent itself (random legal moves, seeded) over a
 * few games and special positions, in the bot's protocol (its adapter, as in
 * a match), and judges each of the protocol's promises in a checklist: PASS
 * (seen to hold), WARN, FAIL (with what was sent, what came back, escaped, how
 * to fix it, and the end of the trace of the talk that failed), or SKIP (not
 * seen, with why: the bot never reached it, or its protocol has no such
 * promise). A foul is reported under the one check it breaks. */
#ifndef REFEREE_DOCTOR_H
#define REFEREE_DOCTOR_H

#include "config.h"
#include "game.h"

enum doctor_status { DOCTOR_PASS, DOCTOR_WARN, DOCTOR_FAIL, DOCTOR_SKIP };

enum doctor_check {
    CHECK_START,   /* starts and answers its first turn within the first-move limit */
    CHECK_TIME,    /* answers every later turn within the move limit */
    CHECK_FLUSH,   /* its replies come as they are written, not at exit */
    CHECK_LINES,   /* one line a turn, nothing unasked */
    CHECK_LEGAL,   /* replies in the notation, legal moves only */
    CHECK_ALIVE,   /* keeps running through a game: no exit, crash or closed pipe */
    CHECK_SPECIAL, /* the special positions of its game */
    CHECK_FORWARD, /* ignores unknown kinds of lines, and unknown keys on every line */
    CHECK_COLOURS, /* plays both sides */
    CHECK_GAMES,   /* several games in one process */
    CHECK_QUIT,    /* exits on quit within the grace */
    CHECK_STDERR,  /* its log, on standard error, fits a tournament's cap */
    CHECK_COUNT
};

#define DOCTOR_TRACE_LINES 8   /* lines of trace kept for a FAIL */
#define DOCTOR_TRACE_WIDTH 160 /* bytes of each, at most */
#define DOCTOR_DETAIL_MAX  480

struct doctor_item {
    enum doctor_status status;
    char detail[DOCTOR_DETAIL_MAX]; /* what was sent, what came back, how to fix it; how it
                                     * went; or why it was not checked */
    /* For a FAIL: the last lines of the trace (proc_trace_start) of the game
     * it failed in, up to the failure, each ended by '\n' and cut to
     * DOCTOR_TRACE_WIDTH bytes of printable ASCII; "" if none. */
    char trace[DOCTOR_TRACE_LINES * (DOCTOR_TRACE_WIDTH + 1) + 1];
};

struct doctor_report {
    struct doctor_item items[CHECK_COUNT];
    int games; /* played */
    int turns; /* answered */
};

struct doctor_options {
    const struct game_def *def; /* the bot's protocol is its bot_spec's proto */
    int games;                  /* games to play (both colours in turn); at least 2 */
    int move_ms;                /* limit per move */
    int first_ms;               /* limit of the first move, start-up included */
    uint64_t seed;
    const char *log_path; /* where its standard error goes while it is checked, and the
                           * trace of its talk (a FAIL shows the end of it); NULL: none */
};

/* What each check is, as the checklist says it. */
extern const char *const doctor_check_names[CHECK_COUNT];

/* Run bot through the checks into *out; bot is borrowed. Every check ends
 * PASS, WARN, FAIL or SKIP, each with its detail. */
void doctor_run(const struct bot_spec *bot, const struct doctor_options *opt,
                struct doctor_report *out);

#endif
