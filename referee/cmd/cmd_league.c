/* cmd_league.c: `referee league add|retire|run|show DIR`: a competition in a
 * folder whose entries come and go while it runs. Its options are one table;
 * `add` is cmd_league_add.c, the run itself league_run.c. */
#include "defaults.h"
#include "cmd.h"
#include "host.h"
#include "config.h"
#include "league.h"
#include "matchmake.h"
#include "league_run.h"
#include "cmd_league.h"
#include "cmd_options.h"
#include "path.h"
#include "results.h"
#include "roster.h"
#include "sandbox_user.h"
#include "xalloc.h"

#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define FIELD(name) offsetof(struct league_cmd, name)

/* --for: 90s, 30m, 2h, 1d, or seconds without a unit. */
static int opt_for(void *target, const char *arg)
{
    struct league_cmd *c = target;
    char *end;
    errno = 0;
    long v = strtol(arg, &end, 10);
    long unit = *end == 'm' ? 60 : *end == 'h' ? 3600 : *end == 'd' ? 86400 : 1;
    if (*end == 's' || unit > 1)
        end++;
    if (errno || end == arg || *end || v <= 0 || v > LONG_MAX / 1000 / NS_PER_MS / unit) {
        message_error("--for '%s': expected a duration such as 90s, 30m, 2h or 1d", arg);
        return EXIT_USAGE;
    }
    c->lo.for_s = v * unit;
    return 0;
}

static int opt_shard(void *target, const char *arg)
{
    struct league_cmd *c = target;
    int i, n, used = 0;

    if (sscanf(arg, "%d/%d%n", &i, &n, &used) != 2 || arg[used] != '\0' || n < 1 || i < 1 ||
        i > n || n > 256) {
        message_error("--shard '%s': expected I/N with 1 <= I <= N <= 256, as 2/4", arg);
        return EXIT_USAGE;
    }
    c->lo.shard = i - 1;
    c->lo.shards = n;
    return 0;
}

static int opt_env(void *target, const char *arg)
{
    struct league_cmd *c = target;
    const char *why;

    if (config_bot_set_env(&c->env, arg, &why) < 0) {
        char text[4 * PROTOCOL_ECHO_MAX + 8];
        message_error("--env '%s': %s", protocol_escape(text, sizeof(text), arg, strlen(arg)), why);
        return EXIT_USAGE;
    }
    return 0;
}

static int opt_sandbox_user(void *target, const char *arg)
{
    struct league_cmd *c = target;
    return sandbox_user_parse(arg, &c->lo.run.sandbox_user);
}

static const struct option_def league_options_table[] = {
    TEXT("dir", "DIR", bot_dir, "add: the entry's working directory", .only = FOR_ADD),
    PROTO("proto", "P", proto, "add: the protocol it speaks: " ADAPTER_NAMES, .only = FOR_ADD),
    GAME("game", "NAME", game,
         "add, making the league: its game (default tictactoe);\n"
         "fixed from then on, as are --seed, --openings,\n"
         "--no-early-draw, --min-games and --lag",
         .only = FOR_ADD),
    COUNT("seed", "N", seed, 0, LONG_MAX, "add, making the league: its seed (default 1)",
          .only = FOR_ADD),
    COUNT("openings", "PLIES", openings, 0, GAME_MAX_PLIES,
          "add, making the league: random openings of PLIES\n"
          "moves (default: the game's, as a tournament's)",
          .only = FOR_ADD),
    FLAG("no-early-draw", no_early_draw, "add, making the league: play dead positions out",
         .only = FOR_ADD),
    COUNT("min-games", "N", min_games, 0, 1000000,
          "add, making the league: games a new entry plays\n"
          "against the field before the standings steer its\n"
          "games (default 20)",
          .only = FOR_ADD),
    COUNT("lag", "PAIRS", lag, 1, LEAGUE_LAG_MAX,
          "add, making the league: a pick sees the results of the\n"
          "pairs of games up to PAIRS before its own (default 8):\n"
          "-j up to 2 x PAIRS never waits; a batch of --shard\n"
          "runs is PAIRS pairs",
          .only = FOR_ADD),
    CALL("env", "VAR=VALUE", opt_env,
         "add: a variable of the entry's environment (repeatable;\n"
         "bots.csv's column env)",
         .only = FOR_ADD),
    FLAG("replace", replace,
         "add: a new version of entry NAME, as NAME#2 (then\n"
         "#3...): it plays from the next pair, rated on its own;\n"
         "the version before, retired or not, is retired, its\n"
         "games kept",
         .only = FOR_ADD),
    TEXT("reason", "TEXT", reason,
         "retire: why, written in bots.csv's column retired\n"
         "(default: yes), and in roster.csv by the run",
         .only = FOR_RETIRE),
    COUNT("games", "N", lo.games, 1, 100000000, "run: N more games, then stop", .only = FOR_RUN),
    CALL("for", "DURATION", opt_for,
         "run: start no game after DURATION (90s, 30m, 2h, 1d);\n"
         "neither --games nor --for: until Ctrl-C",
         .only = FOR_RUN),
    CALL("shard", "I/N", opt_shard,
         "run: play shard I of N of the next batch (--lag pairs)\n"
         "into DIR/shard-I, then stop: N machines at once over\n"
         "a shared DIR (README.md, 'A league past one machine')",
         .only = FOR_RUN),
    FLAG("merge", lo.merge,
         "run: take a batch's shard folders into the league,\n"
         "all its games or none, and play nothing",
         .only = FOR_RUN),
    OPTION_RUN_JOBS(lo.run., FOR_RUN, "run: games at once (default: the cores)"),
    MS("movetime", lo.run.time.move_ms, "run: limit per move (default 1000, or none with --clock)",
       .only = FOR_RUN),
    MS("firstmove", lo.run.time.first_move_ms,
       "run: limit for a bot's first move of a game (default 5000)", .only = FOR_RUN),
    MS("clock", lo.run.time.clock_ms, "run: game clock per side (default none)", .only = FOR_RUN),
    MS("increment", lo.run.time.increment_ms, "run: added to a clock after each move",
       .only = FOR_RUN),
    OPTION_RUN_MARGIN(lo.run., FOR_RUN, "run: tolerance on every limit (default 50)"),
    MS("startup", lo.run.startup_ms, "run: deadline of a GTP or Gomocup handshake (default 10000)",
       .only = FOR_RUN),
    OPTION_RUN_SANDBOX(lo.run., FOR_RUN,
                       "run: each bot in a bubblewrap sandbox, as a tournament's"),
    CALL("sandbox-user", "USER[:GROUP]", opt_sandbox_user,
         "run: run by root, the user sandboxed bots run as\n"
         "(default: uid and gid 65533)",
         .only = FOR_RUN),
    COUNT("memory", "MB", lo.run.limits.memory_mb, 1, 1L << 30,
          "run: memory each bot process may hold (a cgroup; else\n"
          "its address space)",
          .only = FOR_RUN),
    OPTIONS_RUN_LIMITS(lo.run., FOR_RUN, "run: CPU seconds of each bot process",
                       "run: open descriptors of each bot process",
                       "run: processes and threads of each bot process",
                       "run: with --sandbox, what each bot may write"),
    OPTION_RUN_RESTART(lo.run., FOR_RUN, "run: a new process per bot per game"),
    OPTION_RUN_MAX_LIVE(lo.run., FOR_RUN, "run: bot processes each worker keeps alive"),
    OPTION_RUN_LOG_CAP(lo.run., FOR_RUN,
                       "run: size a bot's stderr log may reach (default 1048576)"),
    OPTION_RUN_TRACE(lo.run., FOR_RUN, "run: every bot's talk with referee, in its log"),
    OPTION_RUN_NO_REPORT(lo.run., FOR_RUN, "run: no report.html"),
    OPTION_RUN_QUIET(lo.run., FOR_RUN, "run: no per-game lines"),
};
#define NOPTIONS (sizeof(league_options_table) / sizeof(league_options_table[0]))

static const char league_head[] =
    "usage: referee league add DIR NAME=COMMAND [--dir DIR] [--proto P] [--game G]...\n"
    "       referee league retire DIR NAME [--reason TEXT]\n"
    "       referee league run DIR [-j N] [--games N] [--for DURATION] [options]\n"
    "       referee league show DIR\n"
    "\n"
    "A competition in folder DIR whose entries are added and retired while it\n"
    "runs: bots.csv is its roster (a tournament's --bots file with a 'retired'\n"
    "column, which a person may edit too); a run takes in its changes at its next\n"
    "pair of games. A new entry first plays the field, then games go where they\n"
    "change the standings most (README.md, 'League'). An entry is bound to its\n"
    "program: a command or program file changed under its name is refused from\n"
    "the next pair until it is put back (roster.csv says why); a new version is\n"
    "a new entry (--replace names it NAME#2). An entry that cannot be started\n"
    "is retired, with why, and the rest play on.\n\n";
static const char league_tail[] =
    "Exit status: 0 done, 2 bad usage, an entry whose --dir or program does not\n"
    "exist (add), an unknown or already retired entry, a league another run\n"
    "holds, or a shard facing a program changed under it (it stops), 3\n"
    "unreadable league files or a batch short of a shard, 4 results that cannot\n"
    "be written, 5 an internal error, 130 interrupted (finished games are kept;\n"
    "the next run goes on).\n";

const struct option_set league_options = {.table = league_options_table,
                                          .n = NOPTIONS,
                                          .command = FOR_ADD | FOR_RETIRE | FOR_RUN | FOR_SHOW,
                                          .head = league_head,
                                          .tail = league_tail,
                                          .operands = "DIR [NAME=COMMAND|NAME]",
                                          .min_operands = 1,
                                          .max_operands = 2,
                                          .permute = true};

/* A league's name in messages is its folder, which must leave room for its files. */
static int check_dir(const char *dir)
{
    if (strlen(dir) + PATH_ROOM >= PATH_MAX) {
        message_error("league folder '%.64s...': a path too long for the files in it", dir);
        return EXIT_USAGE;
    }
    return 0;
}

static int retire_entry(const char *dir, const char *name, const char *reason)
{
    char why[PATH_MAX + 200];
    struct roster_settings set;
    int rc = roster_read_settings(dir, &set, why, sizeof(why));

    if (rc == -ENOENT) {
        message_error("'%s' is not a league: no %s", dir, ROSTER_SETTINGS);
        return EXIT_USAGE;
    }
    if (rc == 0)
        rc = roster_retire_bot(dir, name, reason, why, sizeof(why));
    if (rc == -ENOENT || rc == -EALREADY) {
        message_error(rc == -ENOENT ? "league '%s' has no entry '%s'"
                                    : "entry '%s' of league '%s' is retired already",
                      rc == -ENOENT ? dir : name, rc == -ENOENT ? name : dir);
        return EXIT_USAGE;
    }
    if (rc < 0) {
        message_error("%s", why);
        return rc == -EINVAL ? EXIT_DATA : EXIT_SYSTEM;
    }
    printf("Retired '%s' from league '%s': it plays no more, its games stay\n", name, dir);
    return EXIT_OK;
}

/* An entry's line of `league show`: from roster.csv's events (nev), where
 * it stands since when, and why it retired or is refused. */
static void show_entry(const struct roster_bot *b, const struct roster_event *ev, size_t nev)
{
    long entered = 0, retired = 0;
    const struct roster_event *refused = NULL; /* held now, by this event */
    const char *out_why = "";                  /* of its retirement */
    for (size_t e = 0; e < nev; e++) {
        if (strcmp(ev[e].name, b->name) != 0)
            continue;
        if (ev[e].kind == ROSTER_ENTERED || ev[e].kind == ROSTER_RETIRED)
            *(ev[e].kind == ROSTER_RETIRED ? &retired : &entered) = ev[e].game;
        if (ev[e].kind == ROSTER_RETIRED)
            out_why = ev[e].reason;
        if (ev[e].kind == ROSTER_REFUSED || ev[e].kind == ROSTER_BOUND)
            refused = ev[e].kind == ROSTER_REFUSED ? &ev[e] : NULL;
    }
    printf("  %-24s ", b->name);
    if (entered == 0 && retired)
        printf("never played, retired from game %ld%s%s\n", retired, out_why[0] ? ": " : "",
               out_why);
    else if (entered == 0 && b->retired)
        printf("never played, retired: %s\n", b->said);
    else if (entered == 0)
        printf("enters at the next run's next pair\n");
    else if (retired)
        printf("played from game %ld, retired from game %ld%s%s\n", entered, retired,
               out_why[0] ? ": " : "", out_why);
    else if (refused)
        printf("played from game %ld, refused from game %ld: %s\n", entered, refused->game,
               refused->reason);
    else if (b->retired)
        printf("plays from game %ld, retires at the run's next pair\n", entered);
    else
        printf("plays from game %ld\n", entered);
}

/* `league show DIR`: the settings, each entry's place in the roster's history,
 * and the standings of every game so far. */
static int league_show(const char *dir)
{
    char why[PATH_MAX + 200];
    struct roster_settings set;
    struct roster_event *ev = NULL;
    struct roster_bot *bots = NULL;
    size_t nev = 0, nbots = 0;
    int rc = roster_read_settings(dir, &set, why, sizeof(why));

    if (rc == -ENOENT) {
        message_error("'%s' is not a league: no %s", dir, ROSTER_SETTINGS);
        return EXIT_USAGE;
    }
    if (rc < 0 || (rc = roster_read_events(dir, &ev, &nev, why, sizeof(why))) < 0 ||
        (rc = roster_read_bots(dir, &bots, &nbots, why, sizeof(why))) < 0) {
        message_error("cannot read %s", why);
        roster_free_events(ev, nev);
        return EXIT_DATA;
    }
    printf("League '%s': %s, seed %llu, openings of %ld plies, %ld games before the standings "
           "steer a new entry\n\nEntries:\n",
           dir, set.game, (unsigned long long)set.seed, set.openings, set.min_games);
    for (size_t b = 0; b < nbots; b++)
        show_entry(&bots[b], ev, nev);
    roster_free_events(ev, nev);
    free(bots);
    printf("\n");
    fflush(stdout);
    char path[PATH_MAX];
    char *argv[] = {"standings", path, NULL};
    if (path_join(path, sizeof(path), dir, "games.csv") == 0 && access(path, F_OK) == 0)
        return cmd_standings_entry.exec(2, argv);
    printf("No games yet\n");
    return EXIT_OK;
}

/* The defaults of `league run`: a tournament's. */
static void set_defaults(struct league_cmd *c)
{
    *c = (struct league_cmd){
        .lo.run = {.time = {.move_ms = MOVE_MS_DEFAULT,
                            .first_move_ms = FIRST_MOVE_MS_DEFAULT,
                            .margin_ms = MARGIN_MS},
                   .startup_ms = STARTUP_MS_DEFAULT,
                   .log_cap = LOG_CAP_DEFAULT,
                   .jobs = host_cores(),
                   .shards = 1},
        .proto = PROTO_COUNT,
        .game = game_find("tictactoe"),
        .seed = 1,
        .min_games = MM_MIN_GAMES_DEFAULT,
        .lag = LEAGUE_LAG,
    };
}

static int league_play(struct league_cmd *c, const bool *given, const char *dir)
{
    struct run_config *r = &c->lo.run;

    /* Time controls compose as a tournament's: a clock alone limits the game. */
    bool movetime = false, clock = false;
    for (size_t i = 0; i < NOPTIONS; i++) {
        movetime |= given[i] && strcmp(league_options_table[i].name, "movetime") == 0;
        clock |= given[i] && strcmp(league_options_table[i].name, "clock") == 0;
    }
    if (clock && !movetime)
        r->time.move_ms = 0;
    if (r->time.move_ms == 0 && r->time.clock_ms == 0) {
        message_error("--movetime 0 needs a game clock (--clock MS)");
        return EXIT_USAGE;
    }
    if (r->limits.disk_mb > 0 && !r->sandbox) {
        message_error("--disk bounds what a sandboxed bot writes: give --sandbox too");
        return EXIT_USAGE;
    }
    if (r->sandbox_user.given && !r->sandbox) {
        message_error("--sandbox-user is the user sandboxed bots run as: give --sandbox too");
        return EXIT_USAGE;
    }
    r->results = dir;
    return league_run(&c->lo);
}

static int cmd_league(int argc, char **argv)
{
    static const char *const subs[] = {"add", "retire", "run", "show"};
    static const int operands[] = {2, 2, 1, 1};
    struct option_set set = league_options;
    struct league_cmd *c = xmalloc(sizeof(*c));
    bool given[NOPTIONS];
    int sub = -1, first, rc;

    for (int i = 0; argc > 1 && i < 4; i++)
        if (strcmp(argv[1], subs[i]) == 0)
            sub = i;
    set_defaults(c);
    if (sub < 0 && argc > 1 && argv[1][0] != '-') {
        message_error("unknown league command '%s': add, retire, run or show", argv[1]);
        free(c);
        return EXIT_USAGE;
    }
    if (sub >= 0) {
        set.command = 1u << sub;
        set.min_operands = set.max_operands = operands[sub];
        set.operands = sub == 0 ? "DIR NAME=COMMAND" : sub == 1 ? "DIR NAME" : "DIR";
        argc--;
        argv++;
    }
    rc = options_parse(&set, argc, argv, c, given, &first);
    if (rc == 0 && sub < 0) {
        message_error(
            "league needs a command: add, retire, run or show (see 'referee league --help')");
        rc = EXIT_USAGE;
    }
    if (rc == 0)
        rc = check_dir(argv[first]);
    if (rc == 0) {
        switch (sub) {
        case 0: rc = cmd_league_add(c, given, argv[first], argv[first + 1]); break;
        case 1: rc = retire_entry(argv[first], argv[first + 1], c->reason); break;
        case 2: rc = league_play(c, given, argv[first]); break;
        default: rc = league_show(argv[first]); break;
        }
    }
    config_bot_release(&c->env);
    free(c);
    return rc == 1 ? EXIT_OK : rc;
}

const struct cmd_entry cmd_league_entry = {
    .name = "league",
    .summary = "a competition whose entries come and go while it runs",
    .exec = cmd_league,
    .options = &league_options,
};
