/* cmd_tournament.c: `referee tournament` and `referee match` (a tournament of
 * two bots with its own defaults): the options table and --help, and the
 * command itself: a config filled (cmd_tournament_fill.c), checked
 * (cmd_tournament_check.c) and handed to the runner. */
#include "cmd.h"
#include "cmd_options.h"
#include "cmd_tournament.h"
#include "host.h"
#include "proc.h"
#include "runner.h"
#include "sandbox_setup.h"
#include "xalloc.h"

#include <limits.h>
#include <stddef.h>
#include <stdlib.h>

enum { FOR_MATCH = 1, FOR_TOURNAMENT = 2 };

#define FIELD(name) offsetof(struct run_config, name)

/* Every option of both commands, in the order --help and the README list them. */
static const struct option_def run_options[] = {
    CALL("bot", "NAME=COMMAND", cmd_tournament_opt_bot,
         "a bot: its name, then its command line (split like a\n"
         "shell's words, no expansions)"),
    CALL("bots", "FILE", cmd_tournament_opt_bots,
         "bots from an engines file, CSV with a header: name,\n"
         "command and optionally args, dir, proto, options, env,\n"
         "each bot's movetime, firstmove, clock, increment,\n"
         "startup, memory (README \"The engines file\")"),
    CALL("dir", "NAME=DIR", cmd_tournament_opt_dir, "working directory of bot NAME"),
    CALL("proto", "NAME=P", cmd_tournament_opt_proto,
         "the protocol bot NAME speaks: referee (default), gtp\n"
         "(Othello engines: gtp-rhino, Edax), gomocup (gomoku\n"
         "brains) or nboard (Othello engines: Edax, NTest)"),
    CALL("option", "NAME=KEY=VALUE", cmd_tournament_opt_option,
         "an engine option of bot NAME (repeatable), sent in its\n"
         "protocol's way: GTP the command `KEY VALUE` after the\n"
         "handshake, Gomocup `INFO KEY VALUE` before each game,\n"
         "NBoard `set KEY VALUE`, referee's `option KEY VALUE`\n"
         "(protocol/ENGINES.md)"),
    CALL("env", "NAME=VAR=VALUE", cmd_tournament_opt_env,
         "a variable of bot NAME's environment (repeatable):\n"
         "added to referee's, or with --sandbox to the few a\n"
         "sandboxed bot gets (PATH, HOME, LANG, LC_*, TMPDIR)"),
    CALL("gtp-pass", "NAME=HOW", cmd_tournament_opt_gtp_pass,
         "implicit (default): a GTP engine passes by itself and\n"
         "is never sent a pass; explicit: sent `play b pass`"),
    OPTION_RUN_NO_REPORT(, 0, "no report.html (referee report) at the end of the run"),
    OPTION_RUN_SANDBOX(, 0,
                       "run each bot in a bubblewrap sandbox (Debian package\n"
                       "bubblewrap): it sees the system's folders read-only,\n"
                       "its own files and --dir, a private /tmp; no network,\n"
                       "no other process, no results, no other bot's files"),
    CALL("sandbox-user", "USER[:GROUP]", cmd_tournament_opt_sandbox_user,
         "run by root, the user sandboxed bots run as on the\n"
         "host, a name or a uid (default: uid and gid 65533,\n"
         "which no account uses); each --dir must be writable\n"
         "by it"),
    CALL("startup", "[NAME=]MS", cmd_tournament_opt_startup,
         "deadline of a GTP or Gomocup engine's handshake,\n"
         "and of a brain's answer to RESTART (default 10000);\n"
         "NAME=MS: bot NAME's alone"),
    GAME("game", "NAME", game,
         "tictactoe (default), connect4, reversi, gomoku,\n"
         "gomoku-standard (exactly five), gomoku-freestyle (20x20),\n"
         "gomoku-renju (renju: black's forbidden moves)"),
    COUNT("games", "N", games, 1, 100000000, "games to play (default 2)", .only = FOR_MATCH),
    CALL("format", "F", cmd_tournament_opt_format, "roundrobin (default) or gauntlet",
         .only = FOR_TOURNAMENT),
    COUNT("games", "N", games, 1, 100000000, "games per pairing per round (default 2)",
          .only = FOR_TOURNAMENT),
    COUNT("rounds", "N", rounds, 1, 1000000, "rounds (default 1)", .only = FOR_TOURNAMENT),
    CALL("movetime", "[NAME=]MS", cmd_tournament_opt_movetime,
         "limit per move (default 1000, or none with --clock);\n"
         "NAME=MS: bot NAME's alone (time odds); so too for\n"
         "--firstmove, --clock and --increment"),
    CALL("firstmove", "[NAME=]MS", cmd_tournament_opt_firstmove,
         "limit for a bot's first move of a game, start-up\n"
         "included (default 5000)"),
    CALL("clock", "[NAME=]MS", cmd_tournament_opt_clock, "game clock per side (default none)"),
    CALL("increment", "[NAME=]MS", cmd_tournament_opt_increment,
         "added to a clock after each move (default 0)"),
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
    CALL("shard", "I/N", cmd_tournament_opt_shard,
         "play only slice I of N of the schedule (pairs of games\n"
         "stay together); merge with 'referee standings'"),
    COUNT("standings-every", "N", standings_every, 0, LONG_MAX,
          "print the standings every N games (default: at the end)"),
    CALL("sprt", "WORDS", cmd_tournament_opt_sprt,
         "stop at a verdict of the SPRT of the first bot against\n"
         "the second, e.g. 'elo0=0 elo1=5 alpha=0.05 beta=0.05';\n"
         "--games is then the cap; exit 0 H1, 10 H0, 11 none"),
    CALL("sprt-model", "M", cmd_tournament_opt_sprt_model,
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
    CALL("memory", "[NAME=]MB", cmd_tournament_opt_memory,
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

/* Run c, checked and settled. Returns the run's exit code. */
static int run_checked(struct run_config *c)
{
    char why[256];
    int rc = 0;

    if (c->limits.processes > 0 && !c->sandbox && !proc_has_bot_cgroups(why, sizeof(why)))
        message_error("--max-procs: %s; it then limits the processes of the whole user "
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

    cmd_tournament_set_defaults(c, is_match);
    c->argc = argc;
    c->argv = argv;
    rc = options_parse(is_match ? &match_options : &tournament_options, argc, argv, c, given, NULL);
    if (rc == 1) {
        rc = EXIT_OK;
    } else if (rc == 0 && (rc = cmd_tournament_check_config(c)) == 0) {
        cmd_tournament_finish_defaults(c, given);
        if ((rc = cmd_tournament_check_bots(c)) == 0)
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
