/* doctor_impl.h: what doctor's files share (doctor.c plays the games and
 * concludes, doctor_turn.c asks one turn and judges it, doctor_trace.c reads
 * the bot's log): the run under way, a turn to ask, and what a turn that went
 * wrong showed. Only for doctor's own files. */
#ifndef REFEREE_DOCTOR_IMPL_H
#define REFEREE_DOCTOR_IMPL_H

#include "doctor.h"
#include "player.h"

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

#define DOCTOR_MARGIN_MS 50 /* past a turn's limit, for the pipe, as a match's */
#define DOCTOR_QUIET_MS  30 /* how long a bot is watched for a line nobody asked */

/* A run of doctor. */
struct doc {
    const struct doctor_options *opt;
    const struct bot_spec *bot;
    struct bot_spec traced; /* bot, its talk traced into its log */
    long log_from;          /* where the game under way begins in the log */
    struct doctor_report *out;
    struct player p;
    uint64_t rng;
    bool seen[CHECK_COUNT]; /* the check was met and held at least once */
    bool legal_as[2];       /* a legal move came from it as each side */
    unsigned probes_held;   /* probes it skipped, as it should */
    unsigned probes_failed; /* probes that broke it: not sent again */
    unsigned sending;       /* probes the lines written now carry (doctor_probe_adapter) */
    struct adapter probing; /* what d->p speaks through, in referee's protocol */
    bool ended_before_quit; /* its last process ended after its last result */
    bool special_asked;     /* its turn in the special position was asked */
};

/* A turn to ask of the bot. */
struct ask {
    const struct game_state *start; /* where the game began, for its first lines */
    int game;                       /* the game's number */
    bool first;                     /* its first turn of the game: the game's lines go before it */
    bool fresh;                     /* the first turn of a new process: its start-up counts */
    bool kept;                      /* the first turn of a process kept from the last game */
    bool special;                   /* the position is its game's special one */
    bool watch;                     /* its reply is watched a moment for a second line */
    unsigned sent;                  /* PROBE_* on its lines */
};

/* What a turn that went wrong showed, under the check it breaks. */
struct finding {
    enum doctor_check check;
    char what[96]; /* in a few words: `got "hello"`, `exited (status 2)` */
    bool not_move; /* the line read as its reply was no move at all */
    char detail[DOCTOR_DETAIL_MAX];
    char trace[sizeof(((struct doctor_item *)0)->trace)];
};

/* Fill *out with referee's protocol that puts the probes of d->sending in
 * its lines, for the player of a struct doc (its d->p) to speak through. */
void doctor_probe_adapter(struct adapter *out);

/* Ask the bot its move in *s, as t says, through its adapter. Returns true
 * with *s played on when its reply is a legal move; else false with *f, its
 * process left to be started again. Marks the checks the turn met in d->seen. */
bool doctor_ask(struct doc *d, struct game_state *s, const struct ask *t, struct finding *f);

/* True if line is one of the trace's: "[  12.345 ms] 4321 > ...". */
bool doctor_is_trace_line(const char *line);

/* The last DOCTOR_TRACE_LINES lines of trace in the log since the game under
 * way began, into out (cap bytes): the talk that a FAIL comes from. */
void doctor_trace_tail(const struct doc *d, char *out, size_t cap);

/* Bytes of the log at path that are the bot's: not lines of the trace, nor
 * referee's notes ("referee: ..."); 0 if none. */
long long doctor_log_size(const char *path);

#endif
