/* config.h: what the user asked for, parsed from flags and files into plain
 * structs: bots and the rules of a match. Pure: no I/O. */
#ifndef REFEREE_CONFIG_H
#define REFEREE_CONFIG_H

#include "adapter.h"
#include "game.h"
#include "sandbox.h"
#include "protocol.h"
#include "sprt.h"

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>

#define CONFIG_MAX_ARGS 64
/* The PATH of a sandboxed bot where referee has none. */
#define CONFIG_PATH_DEFAULT "/usr/local/bin:/usr/bin:/bin"

/* What a bot's process may use; 0: no limit (see proc.h for how each holds). */
struct bot_limits {
    long memory_mb, cpu_seconds, open_files, processes;
    long disk_mb; /* --disk: with --sandbox, its /tmp, its /dev/shm, a file it writes */
};

/* A limit a bot may have of its own, apart from the run's (time odds): set by
 * `--movetime NAME=MS`... and by the engines file's column of the same name. */
enum bot_own {
    OWN_MOVETIME,
    OWN_FIRSTMOVE,
    OWN_CLOCK,
    OWN_INCREMENT,
    OWN_STARTUP,
    OWN_MEMORY,
    OWN_COUNT
};

/* The option and column name of each bot_own ("movetime"), and its range. */
struct config_own {
    const char *name;
    long min, max;
};
extern const struct config_own config_owns[OWN_COUNT];

/* One bot as the user described it. Owns its strings (config_bot_release),
 * its engine options' too (proto.option). */
struct bot_spec {
    char *name;
    char *argv[CONFIG_MAX_ARGS + 1]; /* NULL-terminated */
    char *cwd;                       /* NULL: referee's own */
    struct bot_limits limits;
    struct adapter_options proto; /* the protocol it speaks (--proto), its options (--option) */
    int startup_ms;               /* its handshake's deadline (--startup) */
    /* Its time control: the run's with its own limits put in
     * (config_run_settle_bots); all 0: not set, the match's rules hold. */
    struct time_control time;
    long own[OWN_COUNT]; /* its own limits, where own_set has bit 1 << the bot_own */
    unsigned own_set;
    struct sandbox_paths *sandbox; /* --sandbox: what it may see (strings owned); NULL: none */
    bool trace;                    /* --trace: its talk with referee goes to its log */
    /* Its own environment variables (--env): name, value, name... (2 * nenv). */
    char **env;
    int nenv;
};

/* Parse "NAME=COMMAND [ARG]..." into *bot: the command line is split on blanks,
 * with '...' and "..." quoting and backslash escapes as in a shell (no
 * expansions). Returns 0, or -1 with *why set to a static phrase. */
int config_bot_parse(struct bot_spec *bot, const char *text, const char **why);

/* Set up *bot from a name and a command line split as above (the name may
 * hold any character). Returns 0, or -1 with *why set. */
int config_bot_make(struct bot_spec *bot, const char *name, const char *command, const char **why);

/* Set up *bot named name from the n words of a command given word for word
 * (after `--`: no splitting, no quoting). Returns 0, or -1 with *why set (no
 * word, more than CONFIG_MAX_ARGS, out of memory). */
int config_bot_words(struct bot_spec *bot, const char *name, int n, char *const *words,
                     const char **why);

/* Free what *bot owns and zero it; safe twice and on a zeroed struct. */
void config_bot_release(struct bot_spec *bot);

/* Engine options: a key of 1 to ADAPTER_OPTION_KEY_MAX bytes of printable
 * ASCII without a blank or '=', a value of at most ADAPTER_OPTION_VALUE_MAX
 * bytes of printable ASCII, at most ADAPTER_OPTIONS_MAX of them and
 * ADAPTER_OPTIONS_TEXT_MAX bytes of keys and values in all per bot. */
/* Set engine option "KEY=VALUE" (text) of bot, replacing a value given
 * before for the same key. Returns 0, or -1 with *why set to a static phrase. */
int config_bot_set_option(struct bot_spec *bot, const char *text, const char **why);

/* Set bot's own limit `which` from text (a number in config_owns' range).
 * Returns 0, or -1 with *why set to a static phrase. */
int config_bot_set_own(struct bot_spec *bot, enum bot_own which, const char *text,
                       const char **why);

/* Set environment variable "NAME=VALUE" (text) of bot (--env), replacing a
 * value given before for NAME: a NAME of letters, digits and '_', not first a
 * digit, at most CONFIG_ENV_TEXT_MAX bytes in all, at most SANDBOX_ENV_MAX
 * variables. Returns 0, or -1 with *why set to a static phrase. */
int config_bot_set_env(struct bot_spec *bot, const char *text, const char **why);

#define CONFIG_ENV_TEXT_MAX 4096

/* The environment bot b starts with, from host (referee's, NULL-terminated),
 * into *out: NULL-terminated, its strings and itself malloc'ed
 * (config_environ_free). Sandboxed (b->sandbox): only PATH (its sandbox's
 * path, else host's, else the usual one), HOME (its working folder), LANG
 * and LC_*, TMPDIR=/tmp; its own variables are bwrap's to set
 * (sandbox_words). Else host's with b's own put in, a variable of the same
 * name replaced; *out NULL when b has none (host's as it is). Returns 0, or
 * -1 out of memory. */
int config_bot_environ(const struct bot_spec *b, char *const *host, char ***out);

/* Free an environment of config_bot_environ; NULL is fine. */
void config_environ_free(char **env);

/* What is wrong with name as a bot's or a league entry's name, as a phrase
 * to follow it ("is not 1 to 64 bytes of printable ASCII"), or NULL if
 * nothing: it must be 1 to CONFIG_NAME_MAX bytes of printable ASCII, and not
 * start with = + - or @, which a spreadsheet opening the results' CSV files
 * would take for a formula's start (a tab and a CR are not printable). */
const char *config_name_problem(const char *name);

/* The bot_own named name, or OWN_COUNT. */
enum bot_own config_own_find(const char *name);

enum schedule_format {
    SCHEDULE_ROUND_ROBIN, /* every pair of bots */
    SCHEDULE_GAUNTLET,    /* bot 0 against each of the others */
};

#define CONFIG_MAX_BOTS 256
#define CONFIG_NAME_MAX 64 /* bytes of a bot's name, printable ASCII */

/* A run of games (`referee tournament`, or `referee match`: a tournament of
 * two bots) as the user asked for it, every default filled in. Owns its bots
 * and openings (config_run_release); other strings are borrowed from argv. */
struct run_config {
    bool is_match;
    const struct game_def *game;
    bool no_early_draw;
    struct bot_spec bots[CONFIG_MAX_BOTS];
    int nbots;
    struct bot_limits limits; /* for every bot */
    enum schedule_format format;
    long games; /* per pairing per round; for a match, in all */
    long rounds;
    struct time_control time;
    bool movetime_given;       /* --movetime MS was given for every bot */
    int startup_ms;            /* deadline of a GTP or Gomocup engine's handshake */
    long opening_plies;        /* random openings of this many plies, unless a file */
    const char *openings_file; /* NULL: random openings */
    char **openings;           /* its move lists, used in turn */
    int nopenings;
    long seed;
    long jobs;
    long max_live; /* --max-live: bot processes a worker keeps; 0: as memory allows */
    bool restart, affinity, no_spin;
    bool stop_on_broken; /* --stop-on-broken-bot: a bot that cannot play stops the run,
                          * rather than losing its games by forfeit */
    const char *results; /* the results directory */
    char results_default[64];
    bool resume;
    bool plan_only;    /* --plan: say what the run would play, and play nothing */
    bool repair;       /* --repair: a resume drops kept games that do not check */
    bool sandbox;      /* --sandbox: each bot in a bubblewrap sandbox */
    bool no_report;    /* --no-report: no report.html at the end */
    int shard, shards; /* --shard I/N: 0-based I; 1 shard: the whole */
    long only;         /* --only N: play game N of the schedule alone; 0: all */
    bool sprt;         /* stop at an SPRT verdict of bots[0] against bots[1] */
    struct sprt_params sprt_params;
    enum sprt_model sprt_model;
    long log_cap, standings_every;
    bool trace; /* --trace: every bot's talk with referee, in its log */
    bool quiet;
    int argc; /* the command line, from the command's name (borrowed): run.csv */
    char **argv;
    /* --sandbox-user: who sandboxed bots run as when referee is root */
    struct sandbox_user sandbox_user;
};

/* Free what c owns; safe twice and on a zeroed struct. */
void config_run_release(struct run_config *c);

/* Give each bot of c the run's limits, start-up deadline, trace and time
 * control, with its own limits put in; a clock without a limit per move (none
 * given for every bot nor for this one) limits the game, not each move. */
void config_run_settle_bots(struct run_config *c);

/* Parse a non-negative integer of at most `max` from text. Returns 0 or -1. */
int config_parse_int(const char *text, long max, long *out);

#endif
