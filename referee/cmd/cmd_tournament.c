/* cmd_tournament.c: `referee tournament` and `referee match` (a tournament of
 * two bots with its own defaults): the options table, the config it fills, and
 * the hand-over of that config to the runner. */
#include "defaults.h"
#include "cmd.h"
#include "host.h"
#include "path.h"
#include "config.h"
#include "inputs.h"
#include "cmd_options.h"
#include "runner.h"
#include "proc.h"
#include "sandbox_setup.h"
#include "sandbox_user.h"
#include "tournament.h"
#include "xalloc.h"

#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { FOR_MATCH = 1, FOR_TOURNAMENT = 2 };

#define FIELD(name) offsetof(struct run_config, name)

static int opt_bot(void *target, const char *arg)
{
    struct run_config *c = target;
    const char *why;

    if (c->nbots == CONFIG_MAX_BOTS) {
        cli_error("too many bots (at most %d)", CONFIG_MAX_BOTS);
        return EXIT_USAGE;
    }
    if (config_bot_parse(&c->bots[c->nbots], arg, &why) < 0) {
        cli_error("--bot '%s': %s", arg, why);
        return EXIT_USAGE;
    }
    c->nbots++;
    return 0;
}

static int opt_bots(void *target, const char *arg)
{
    return inputs_load_bots(target, arg);
}

/* The bot that NAME=VALUE names, with *value set; or NULL, having said why
 * (option --name, value described as what). */
static struct bot_spec *named_bot(struct run_config *c, const char *arg, const char **value,
                                  const char *name, const char *what)
{
    const char *eq = strchr(arg, '=');

    for (int i = 0; eq && i < c->nbots; i++) {
        if (strlen(c->bots[i].name) == (size_t)(eq - arg) &&
            strncmp(c->bots[i].name, arg, (size_t)(eq - arg)) == 0) {
            *value = eq + 1;
            return &c->bots[i];
        }
    }
    cli_error("--%s '%s': expected NAME=%s naming a bot given before it", name, arg, what);
    return NULL;
}

static int opt_dir(void *target, const char *arg)
{
    const char *dir;
    struct bot_spec *b = named_bot(target, arg, &dir, "dir", "DIR");

    if (!b)
        return EXIT_USAGE;
    free(b->cwd);
    b->cwd = xstrdup(dir);
    return 0;
}

static int opt_proto(void *target, const char *arg)
{
    const char *name;
    struct bot_spec *b = named_bot(target, arg, &name, "proto", "PROTOCOL");

    if (!b)
        return EXIT_USAGE;
    return options_take_proto("proto", arg, name, &b->proto.proto);
}

static int opt_option(void *target, const char *arg)
{
    const char *setting, *why;
    struct bot_spec *b = named_bot(target, arg, &setting, "option", "KEY=VALUE");

    if (!b)
        return EXIT_USAGE;
    if (config_bot_set_option(b, setting, &why) < 0) {
        char text[4 * PROTOCOL_ECHO_MAX + 8];
        cli_error("--option '%s': %s", protocol_escape(text, sizeof(text), arg, strlen(arg)), why);
        return EXIT_USAGE;
    }
    return 0;
}

static int opt_env(void *target, const char *arg)
{
    const char *setting, *why;
    struct bot_spec *b = named_bot(target, arg, &setting, "env", "VAR=VALUE");

    if (!b)
        return EXIT_USAGE;
    if (config_bot_set_env(b, setting, &why) < 0) {
        char text[4 * PROTOCOL_ECHO_MAX + 8];
        cli_error("--env '%s': %s", protocol_escape(text, sizeof(text), arg, strlen(arg)), why);
        return EXIT_USAGE;
    }
    return 0;
}

static int opt_sandbox_user(void *target, const char *arg)
{
    struct run_config *c = target;
    return sandbox_user_parse(arg, &c->sandbox_user);
}

/* The run's value of a limit a bot may have of its own. */
static void set_run_own(struct run_config *c, enum bot_own which, long v)
{
    switch (which) {
    case OWN_MOVETIME:
        c->time.move_ms = (int)v;
        c->movetime_given = true;
        break;
    case OWN_FIRSTMOVE: c->time.first_move_ms = (int)v; break;
    case OWN_CLOCK: c->time.clock_ms = (int)v; break;
    case OWN_INCREMENT: c->time.increment_ms = (int)v; break;
    case OWN_STARTUP: c->startup_ms = (int)v; break;
    case OWN_MEMORY: c->limits.memory_mb = v; break;
    case OWN_COUNT: break;
    }
}

/* --movetime MS for every bot, or NAME=MS for bot NAME alone (time odds, as
 * cutechess-cli's per-engine st= and tc=); the same for the other limits a
 * bot may have of its own. */
static int opt_own(void *target, const char *arg, enum bot_own which)
{
    struct run_config *c = target;
    const char *name = config_owns[which].name, *value = arg, *why;
    struct bot_spec every = {0}, *b = NULL;

    if (strchr(arg, '=') &&
        !(b = named_bot(c, arg, &value, name, which == OWN_MEMORY ? "MB" : "MS")))
        return EXIT_USAGE;
    if (config_bot_set_own(b ? b : &every, which, value, &why) < 0) {
        cli_error("--%s '%s' is %s", name, arg, why);
        return EXIT_USAGE;
    }
    if (!b)
        set_run_own(c, which, every.own[which]);
    return 0;
}

static int opt_movetime(void *target, const char *arg)
{
    return opt_own(target, arg, OWN_MOVETIME);
}

static int opt_firstmove(void *target, const char *arg)
{
    return opt_own(target, arg, OWN_FIRSTMOVE);
}

static int opt_clock(void *target, const char *arg)
{
    return opt_own(target, arg, OWN_CLOCK);
}

static int opt_increment(void *target, const char *arg)
{
    return opt_own(target, arg, OWN_INCREMENT);
}

static int opt_startup(void *target, const char *arg)
{
    return opt_own(target, arg, OWN_STARTUP);
}

static int opt_memory(void *target, const char *arg)
{
    return opt_own(target, arg, OWN_MEMORY);
}

static int opt_gtp_pass(void *target, const char *arg)
{
    const char *how;
    struct bot_spec *b = named_bot(target, arg, &how, "gtp-pass", "implicit|explicit");

    if (!b)
        return EXIT_USAGE;
    if (strcmp(how, "explicit") != 0 && strcmp(how, "implicit") != 0) {
        cli_error("--gtp-pass '%s': expected NAME=implicit or NAME=explicit", arg);
        return EXIT_USAGE;
    }
    b->proto.gtp_pass_explicit = strcmp(how, "explicit") == 0;
    return 0;
}

static int opt_format(void *target, const char *arg)
{
    struct run_config *c = target;

    if (strcmp(arg, "roundrobin") == 0 || strcmp(arg, "round-robin") == 0) {
        c->format = SCHEDULE_ROUND_ROBIN;
    } else if (strcmp(arg, "gauntlet") == 0) {
        c->format = SCHEDULE_GAUNTLET;
    } else {
        cli_error("--format '%s': expected roundrobin or gauntlet", arg);
        return EXIT_USAGE;
    }
    return 0;
}

static int opt_shard(void *target, const char *arg)
{
    struct run_config *c = target;
    int i, n, used = 0;

    if (sscanf(arg, "%d/%d%n", &i, &n, &used) != 2 || arg[used] != '\0' || n < 1 || i < 1 ||
        i > n) {
        cli_error("--shard '%s': expected I/N with 1 <= I <= N, as 2/4", arg);
        return EXIT_USAGE;
    }
    c->shard = i - 1;
    c->shards = n;
    return 0;
}

static int opt_sprt(void *target, const char *arg)
{
    struct run_config *c = target;

    c->sprt = true;
    return sprt_parse_words(&c->sprt_params, arg) < 0 ? EXIT_USAGE : 0;
}

static int opt_sprt_model(void *target, const char *arg)
{
    struct run_config *c = target;
    return sprt_parse_model(arg, &c->sprt_model) < 0 ? EXIT_USAGE : 0;
}

/* Every option of both commands, in the order --help and the README list them. */
static const struct option_def run_options[] = {
    CALL("bot", "NAME=COMMAND", opt_bot,
         "a bot: its name, then its command line (split like a\n"
         "shell's words, no expansions)"),
    CALL("bots", "FILE", opt_bots,
         "bots from an engines file, CSV with a header: name,\n"
         "command and optionally args, dir, proto, options, env,\n"
         "each bot's movetime, firstmove, clock, increment,\n"
         "startup, memory (README \"The engines file\")"),
    CALL("dir", "NAME=DIR", opt_dir, "working directory of bot NAME"),
    CALL("proto", "NAME=P", opt_proto,
         "the protocol bot NAME speaks: referee (default), gtp\n"
         "(Othello engines: gtp-rhino, Edax), gomocup (gomoku\n"
         "brains) or nboard (Othello engines: Edax, NTest)"),
    CALL("option", "NAME=KEY=VALUE", opt_option,
         "an engine option of bot NAME (repeatable), sent in its\n"
         "protocol's way: GTP the command `KEY VALUE` after the\n"
         "handshake, Gomocup `INFO KEY VALUE` before each game,\n"
         "NBoard `set KEY VALUE`, referee's `option KEY VALUE`\n"
         "(protocol/ENGINES.md)"),
    CALL("env", "NAME=VAR=VALUE", opt_env,
         "a variable of bot NAME's environment (repeatable):\n"
         "added to referee's, or with --sandbox to the few a\n"
         "sandboxed bot gets (PATH, HOME, LANG, LC_*, TMPDIR)"),
    CALL("gtp-pass", "NAME=HOW", opt_gtp_pass,
         "implicit (default): a GTP engine passes by itself and\n"
         "is never sent a pass; explicit: sent `play b pass`"),
    OPTION_RUN_NO_REPORT(, 0, "no report.html (referee report) at the end of the run"),
    OPTION_RUN_SANDBOX(, 0,
                       "run each bot in a bubblewrap sandbox (Debian package\n"
                       "bubblewrap): it sees the system's folders read-only,\n"
                       "its own files and --dir, a private /tmp; no network,\n"
                       "no other process, no results, no other bot's files"),
    CALL("sandbox-user", "USER[:GROUP]", opt_sandbox_user,
         "run by root, the user sandboxed bots run as on the\n"
         "host, a name or a uid (default: uid and gid 65533,\n"
         "which no account uses); each --dir must be writable\n"
         "by it"),
    CALL("startup", "[NAME=]MS", opt_startup,
         "deadline of a GTP or Gomocup engine's handshake,\n"
         "and of a brain's answer to RESTART (default 10000);\n"
         "NAME=MS: bot NAME's alone"),
    GAME("game", "NAME", game,
         "tictactoe (default), connect4, reversi, gomoku,\n"
         "gomoku-standard (exactly five), gomoku-freestyle (20x20),\n"
         "gomoku-renju (renju: black's forbidden moves)"),
    COUNT("games", "N", games, 1, 100000000, "games to play (default 2)", .only = FOR_MATCH),
    CALL("format", "F", opt_format, "roundrobin (default) or gauntlet", .only = FOR_TOURNAMENT),
    COUNT("games", "N", games, 1, 100000000, "games per pairing per round (default 2)",
          .only = FOR_TOURNAMENT),
    COUNT("rounds", "N", rounds, 1, 1000000, "rounds (default 1)", .only = FOR_TOURNAMENT),
    CALL("movetime", "[NAME=]MS", opt_movetime,
         "limit per move (default 1000, or none with --clock);\n"
         "NAME=MS: bot NAME's alone (time odds); so too for\n"
         "--firstmove, --clock and --increment"),
    CALL("firstmove", "[NAME=]MS", opt_firstmove,
         "limit for a bot's first move of a game, start-up\n"
         "included (default 5000)"),
    CALL("clock", "[NAME=]MS", opt_clock, "game clock per side (default none)"),
    CALL("increment", "[NAME=]MS", opt_increment, "added to a clock after each move (default 0)"),
    OPTION_RUN_MARGIN(, 0, "tolerance on every limit (default 50)"),
    COUNT("openings", "PLIES", opening_plies, 0, GAME_MAX_PLIES,
          "start each pair of games from PLIES random moves\n"
          "(default: 0 for a match; in a tournament 1 for\n"
          "tic-tac-toe, 4 for reversi, else 2)"),
    TEXT("openings-file", "FILE", openings_file, "openings, one move list a line, used in turn"),
    COUNT("seed", "N", seed, 0, LONG_MAX, "seed of the openings (default 1)"),
    OPTION_RUN_JOBS(, 0, "games at once (default: 1 for a match, else the cores)"),
    OPTION_RUN_RESTART(, 0, "a new process per bot per game"),
    FLAG("stop-on-broken-bot", stop_on_broken,
         "stop the run when a bot cannot be started or never\n"
         "answers a turn (exit 4), with none of its games kept;\n"
         "by default they are forfeits, the others are played,\n"
         "and the run exits 6"),
    OPTION_RUN_MAX_LIVE(, FOR_TOURNAMENT,
                        "bot processes each worker keeps alive between games\n"
                        "(default: as many as fit in half the memory available,\n"
                        "at the size of the biggest bot process seen, 64 MiB\n"
                        "until one is measured; 16 at least)"),
    FLAG("affinity", affinity,
         "pin each of the -j workers, and the bots it starts, to a\n"
         "core of its own, in turn (Linux; confines bots that\n"
         "use threads to one core)"),
    FLAG("no-spin", no_spin,
         "never spin for a fast bot's reply; by default referee\n"
         "spins up to 50 us for bots that answer that fast,\n"
         "when it has two cores for each game under way"),
    FLAG("no-early-draw", no_early_draw, "play dead positions out"),
    TEXT("results", "DIR", results,
         "where the CSV files and logs/ go\n"
         "(default results/<command>-<date>-<time>)"),
    FLAG("resume", resume,
         "continue the run in --results DIR: play only the\n"
         "games it does not have"),
    FLAG("plan", plan_only,
         "print the games the run would play, and play none:\n"
         "'games=N written=W missing=M first_missing=K' (of its\n"
         "--shard; W: those --resume finds in --results)"),
    FLAG("repair", repair,
         "with --resume: drop kept games whose moves do not\n"
         "give their recorded result, winner, end, foul or\n"
         "reason, and play them again (without it, such a\n"
         "game stops the resume)"),
    COUNT("only", "N", only, 1, 100000000,
          "play game N of the schedule alone, as the whole run\n"
          "would (its opening, colours and seed): to rerun it"),
    CALL("shard", "I/N", opt_shard,
         "play only slice I of N of the schedule (pairs of games\n"
         "stay together); merge with 'referee standings'"),
    COUNT("standings-every", "N", standings_every, 0, LONG_MAX,
          "print the standings every N games (default: at the end)"),
    CALL("sprt", "WORDS", opt_sprt,
         "stop at a verdict of the SPRT of the first bot against\n"
         "the second, e.g. 'elo0=0 elo1=5 alpha=0.05 beta=0.05';\n"
         "--games is then the cap; exit 0 H1, 10 H0, 11 none"),
    CALL("sprt-model", "M", opt_sprt_model,
         "pentanomial (default, on pairs of games) or trinomial"),
    OPTION_RUN_LOG_CAP(, 0,
                       "size a bot's stderr log may reach (default 1048576;\n"
                       "0 keeps no log); a log it cut ends with a line that\n"
                       "says how many bytes were dropped"),
    OPTION_RUN_TRACE(, 0,
                     "also write to a bot's log every line it is sent and\n"
                     "writes, with the time and its pid: '[  12.345 ms]\n"
                     "4321 > turn ...', '... < c2' (any protocol; bytes\n"
                     "outside printable ASCII escaped)"),
    CALL("memory", "[NAME=]MB", opt_memory,
         "memory each bot process may hold, memfd and shared\n"
         "memory too (a cgroup of its own; where none can be\n"
         "made, its address space alone; default: no limit);\n"
         "NAME=MB: bot NAME's alone"),
    OPTIONS_RUN_LIMITS(, 0, "CPU seconds of each bot process, over its whole life",
                       "open descriptors of each bot process",
                       "processes and threads of each bot process with its\n"
                       "children (a cgroup of its own; where none can be made,\n"
                       "of the whole user, and not for root)",
                       "with --sandbox, what each bot may write: its /tmp and\n"
                       "its /dev/shm hold MB each (in memory), a file in its\n"
                       "--dir MB (default 256, or half of --memory if less)"),
    OPTION_RUN_QUIET(, 0, "no per-game lines"),
};
#define NOPTIONS (sizeof(run_options) / sizeof(run_options[0]))

static const char match_head[] =
    "usage: referee match --bot NAME=COMMAND --bot NAME=COMMAND [options]\n"
    "\n"
    "Plays --games games between two bots, colours alternating.\n\n";
static const char tournament_head[] =
    "usage: referee tournament (--bot NAME=COMMAND... | --bots FILE) [options]\n"
    "\n"
    "Plays a round robin (every pair of bots) or a gauntlet (the first bot\n"
    "against each other one), in colour-swapped pairs of games from the same\n"
    "opening, and writes standings.\n\n";
static const char exit_text[] =
    "Exit status: 0 played, 2 bad usage or a results folder another run holds,\n"
    "3 unreadable bots, openings or results file, 4 results that cannot be\n"
    "written (or, with --stop-on-broken-bot, a bot that cannot play), 5 an\n"
    "internal error, 6 played, but a bot could not be started or exited\n"
    "before its first reply each time: its games are forfeits,\n"
    "130 interrupted by Ctrl-C, SIGTERM or SIGHUP (finished games are kept;\n"
    "--resume continues).\n";

const struct option_set tournament_options = {.table = run_options,
                                              .n = NOPTIONS,
                                              .command = FOR_TOURNAMENT,
                                              .head = tournament_head,
                                              .tail = exit_text};
const struct option_set match_options = {.table = run_options,
                                         .n = NOPTIONS,
                                         .command = FOR_MATCH,
                                         .head = match_head,
                                         .tail = exit_text};

/* The defaults of both commands; match's own are set by finish_defaults. */
static void set_defaults(struct run_config *c, bool is_match)
{
    *c = (struct run_config){
        .is_match = is_match,
        .game = game_find("tictactoe"),
        .format = SCHEDULE_ROUND_ROBIN,
        .games = 2,
        .rounds = 1,
        .time = {.move_ms = MOVE_MS_DEFAULT,
                 .first_move_ms = FIRST_MOVE_MS_DEFAULT,
                 .margin_ms = MARGIN_MS},
        .startup_ms = STARTUP_MS_DEFAULT,
        .seed = 1,
        .shards = 1,
        .sprt_params = SPRT_PARAMS_DEFAULT,
        .sprt_model = SPRT_PENTANOMIAL,
        .log_cap = LOG_CAP_DEFAULT,
    };
}

static bool is_given(const bool *given, const char *name)
{
    for (size_t i = 0; i < NOPTIONS; i++)
        if (given[i] && strcmp(run_options[i].name, name) == 0)
            return true;
    return false;
}

/* Defaults that depend on the command, the game or the machine. */
static void finish_defaults(struct run_config *c, const bool *given)
{
    /* A match plays from the start position, unless it is an SPRT: pairs of
     * games from one opening are what its pentanomial model counts. */
    if (!is_given(given, "openings"))
        c->opening_plies = c->is_match && !c->sprt ? 0 : c->game->opening_plies;
    /* Time controls compose: a clock alone limits the game, not each move. */
    if (c->time.clock_ms && !c->movetime_given)
        c->time.move_ms = 0;
    config_run_settle_bots(c);
    if (!is_given(given, "jobs"))
        c->jobs = c->is_match ? 1 : host_cores();
    if (!c->results) {
        time_t now = time(NULL);
        struct tm tm;
        char stamp[32];
        gmtime_r(&now, &tm);
        strftime(stamp, sizeof(stamp), "%Y%m%d-%H%M%S", &tm);
        snprintf(c->results_default, sizeof(c->results_default), "results/%s-%s",
                 c->is_match ? "match" : "tournament", stamp);
        c->results = c->results_default;
    }
}

/* Names: as config_name_problem wants them, and distinct once
 * made into log file names. Returns 0 or EXIT_USAGE, having said why. */
static int check_names(const struct run_config *c)
{
    char text[4 * PROTOCOL_ECHO_MAX + 8], a[PATH_MAX], b[PATH_MAX];

    for (int i = 0; i < c->nbots; i++) {
        const char *name = c->bots[i].name, *problem = config_name_problem(name);
        if (problem) {
            cli_error("bot name '%s' %s", protocol_escape(text, sizeof(text), name, strlen(name)),
                      problem);
            return EXIT_USAGE;
        }
        for (int j = 0; j < i; j++) {
            tournament_log_path(a, sizeof(a), "logs", name);
            tournament_log_path(b, sizeof(b), "logs", c->bots[j].name);
            if (strcmp(a, b) == 0) {
                cli_error("bots '%s' and '%s' would share the log file '%s'; rename one",
                          c->bots[j].name, name, a);
                return EXIT_USAGE;
            }
        }
    }
    return 0;
}

/* What the options cannot say alone. Returns 0 or an exit code, having said why. */
static int check_config(struct run_config *c)
{
    if (c->is_match && c->nbots != 2) {
        cli_error("a match needs two bots: --bot NAME=COMMAND twice");
        return EXIT_USAGE;
    }
    if (c->nbots < 2) {
        cli_error("a tournament needs at least two bots (--bot NAME=COMMAND or --bots FILE)");
        return EXIT_USAGE;
    }
    for (int i = 0; i < c->nbots; i++)
        for (int j = 0; j < i; j++)
            if (strcmp(c->bots[i].name, c->bots[j].name) == 0) {
                cli_error("two bots are named '%s'; give them different names", c->bots[i].name);
                return EXIT_USAGE;
            }
    if (check_names(c) != 0)
        return EXIT_USAGE;
    if (c->time.move_ms == 0 && c->time.clock_ms == 0) {
        cli_error("--movetime 0 needs a game clock (--clock MS)");
        return EXIT_USAGE;
    }
    if (c->sprt && c->nbots != 2) {
        cli_error("--sprt tests one candidate against one baseline: give two bots");
        return EXIT_USAGE;
    }
    if (c->results && strlen(c->results) + PATH_ROOM >= PATH_MAX) {
        cli_error("--results: a path of %zu bytes leaves no room for the files in it (at most "
                  "%d bytes)",
                  strlen(c->results), PATH_MAX - PATH_ROOM - 1);
        return EXIT_USAGE;
    }
    if (c->limits.disk_mb > 0 && !c->sandbox) {
        cli_error("--disk bounds what a sandboxed bot writes: give --sandbox too");
        return EXIT_USAGE;
    }
    if (c->sandbox_user.given && !c->sandbox) {
        cli_error("--sandbox-user is the user sandboxed bots run as: give --sandbox too");
        return EXIT_USAGE;
    }
    if (c->trace && c->log_cap == 0) {
        cli_error("--trace writes into the bots' logs, and --log-cap 0 keeps none");
        return EXIT_USAGE;
    }
    if (c->repair && !c->resume) {
        cli_error("--repair mends a run being resumed: give --resume too");
        return EXIT_USAGE;
    }
    if (c->resume && !c->results) {
        cli_error("--resume needs the --results directory of the run to continue");
        return EXIT_USAGE;
    }
    return c->openings_file ? inputs_load_openings(c) : 0;
}

/* What each bot's settled limits and protocol cannot do. Returns 0 or
 * EXIT_USAGE, having said why. */
static int check_bots(const struct run_config *c)
{
    for (int i = 0; i < c->nbots; i++) {
        const struct bot_spec *b = &c->bots[i];
        const struct adapter *ad = adapter_of(b->proto.proto);
        if (cmd_check_plays(b->name, b->proto.proto, c->game) != 0)
            return EXIT_USAGE;
        if (b->proto.noptions > 0 && !ad->option) {
            cli_error("bot '%s' speaks %s, which has no engine options (--option)", b->name,
                      ad->name);
            return EXIT_USAGE;
        }
        if (b->time.move_ms == 0 && b->time.clock_ms == 0) {
            cli_error("bot '%s': a movetime of 0 needs a game clock (--clock [NAME=]MS)", b->name);
            return EXIT_USAGE;
        }
    }
    return 0;
}

/* Run c, checked and settled. Returns the run's exit code. */
static int run_checked(struct run_config *c)
{
    char why[256];
    int rc = 0;

    if (c->limits.processes > 0 && !c->sandbox && !proc_has_bot_cgroups(why, sizeof(why)))
        cli_error("--max-procs: %s; it then limits the processes of the whole user "
                  "(RLIMIT_NPROC), the bots' and yours together, and not root's",
                  why);
    host_say_memory_cover(c);
    if (!c->sandbox || (rc = sandbox_setup(c)) == 0)
        rc = runner_run(c);
    return rc;
}

static int run_command(int argc, char **argv, bool is_match)
{
    struct run_config *c = xmalloc(sizeof(*c));
    bool given[NOPTIONS];
    int rc;

    set_defaults(c, is_match);
    c->argc = argc;
    c->argv = argv;
    rc = options_parse(is_match ? &match_options : &tournament_options, argc, argv, c, given, NULL);
    if (rc == 1) {
        rc = EXIT_OK;
    } else if (rc == 0 && (rc = check_config(c)) == 0) {
        finish_defaults(c, given);
        if ((rc = check_bots(c)) == 0)
            rc = run_checked(c);
    }
    config_run_release(c);
    free(c);
    return rc;
}

static int cmd_tournament(int argc, char **argv)
{
    return run_command(argc, argv, false);
}

static int cmd_match(int argc, char **argv)
{
    return run_command(argc, argv, true);
}

int cmd_check_plays(const char *bot, enum proto proto, const struct game_def *def)
{
    if (adapter_plays(proto, def))
        return 0;
    cli_error("bot '%s' speaks %s, which cannot play %s (README \"Playing existing engines\")", bot,
              adapter_of(proto)->name, def->name);
    return EXIT_USAGE;
}

const struct cmd_entry cmd_match_entry = {
    .name = "match",
    .summary = "play games between two bots and record them",
    .exec = cmd_match,
    .options = &match_options,
};

const struct cmd_entry cmd_tournament_entry = {
    .name = "tournament",
    .summary = "play a round robin or a gauntlet and rank the bots",
    .exec = cmd_tournament,
    .options = &tournament_options,
};
