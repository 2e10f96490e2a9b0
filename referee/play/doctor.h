/* doctor.h: a conformance check of one bot before a tournament meets it:
 * referee plays the bot's opponent itself (random legal moves, seeded) over a
 * few games and special positions, and judges each of the protocol's promises
 * in a checklist (PASS, WARN or FAIL, with what was sent, what came back,
 * escaped, and how to fix it, and the end of the trace of the talk that
 * failed). The process layer runs the bot, as in a match. */
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
    CHECK_SPECIAL, /* the special positions of its game */
    CHECK_FORWARD, /* ignores unknown kinds of lines and unknown key value words */
    CHECK_COLOURS, /* plays both sides */
    CHECK_GAMES,   /* several games in one process */
    CHECK_QUIT,    /* exits on quit within the grace */
    CHECK_STDERR,  /* its log, on standard error, fits a tournament's cap */
    CHECK_COUNT
};

#define DOCTOR_TRACE_LINES 8   /* lines of trace kept for a FAIL */
#define DOCTOR_TRACE_WIDTH 160 /* bytes of each, at most */

struct doctor_item {
    enum doctor_status status;
    char detail[320]; /* what was sent, what came back, how to fix it; or how it went */
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
    const struct game_def *def;
    int games;    /* games to play (both colours in turn); at least 2 */
    int move_ms;  /* limit per move */
    int first_ms; /* limit of the first move, start-up included */
    uint64_t seed;
    const char *log_path; /* where its standard error goes while it is checked, and the
                           * trace of its talk (a FAIL shows the end of it); NULL: none */
};

/* What each check is, as the checklist says it. */
extern const char *const doctor_check_names[CHECK_COUNT];

/* Run bot through the checks into *out. */
void doctor_run(const struct bot_spec *bot, const struct doctor_options *opt,
                struct doctor_report *out);

#endif
