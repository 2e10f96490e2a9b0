/* cmd_league.c: `referee league add|retire|run|show DIR`: a competition in a
 * folder whose entries come and go while it runs. Its options are one table;
 * the run itself is league_run.c. */
#include "defaults.h"
#include "cmd.h"
#include "host.h"
#include "config.h"
#include "league.h"
#include "matchmake.h"
#include "league_run.h"
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
#include <sys/stat.h>
#include <unistd.h>

enum { FOR_ADD = 1, FOR_RETIRE = 2, FOR_RUN = 4, FOR_SHOW = 8 };

/* Everything any subcommand may be given. */
struct league_cmd {
    struct league_options lo;
    const char *bot_dir;
    enum proto proto; /* PROTO_COUNT: not given */
    const struct game_def *game;
    long seed, openings, min_games, lag;
    bool no_early_draw;
    struct bot_spec env; /* add: the entry's --env, as a bot's (name and argv unused) */
    const char *reason;  /* retire: why, or NULL */
    bool replace;        /* add: a new version of an entry */
};

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

/* The league in dir made with the settings want, or, made already, its
 * settings the same as those of want that were given. Returns 0 or an exit
 * code, having said why. */
static int league_settings(const char *dir, const struct roster_settings *want, const bool *given)
{
    struct roster_settings have;
    char why[PATH_MAX + 200];
    int rc = roster_read_settings(dir, &have, why, sizeof(why));

    if (rc == -ENOENT) { /* the first add makes it: nothing to compare */
        if ((rc = results_make_dir(dir)) < 0 || (rc = roster_write_settings(dir, want)) < 0) {
            message_error("cannot make league '%s': %s", dir, strerror(-rc));
            return EXIT_SYSTEM;
        }
        return 0;
    }
    if (rc < 0) {
        message_error("cannot read %s", why);
        return EXIT_DATA;
    }
    static const char *const names[] = {"game",          "seed",      "openings",
                                        "no-early-draw", "min-games", "lag"};
    bool differs[] = {strcmp(have.game, want->game) != 0, have.seed != want->seed,
                      have.openings != want->openings,    have.early_draw != want->early_draw,
                      have.min_games != want->min_games,  have.lag != want->lag};
    /* given[] is by the table's order: --game is its option 2, then the others. */
    for (int i = 0; i < 6; i++)
        if (differs[i] && given[2 + i]) {
            message_error("league '%s' was made with other --%s: its settings are fixed", dir,
                          names[i]);
            return EXIT_USAGE;
        }
    return 0;
}

/* The --env of b as the engines file's column env: NAME=VALUE;NAME=VALUE,
 * `\;` a ';' of a value and `\\` a backslash (malloc'ed; "" for none). */
static char *env_field(const struct bot_spec *b)
{
    size_t len = 1;
    for (int i = 0; i < 2 * b->nenv; i++)
        len += 2 * strlen(b->env[i]) + 1;
    char *field = xmalloc(len), *w = field;
    for (int i = 0; i < b->nenv; i++) {
        w += sprintf(w, "%s%s=", i ? ";" : "", b->env[2 * i]);
        for (const char *v = b->env[2 * i + 1]; *v; v++) {
            if (*v == ';' || *v == '\\')
                *w++ = '\\';
            *w++ = *v;
        }
    }
    *w = '\0';
    return field;
}

/* Whether path is a file this process may execute. */
static bool is_program(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0;
}

/* Whether bot can be started as `league add` was given it: its --dir a
 * folder it may enter, its program a file it may execute (a name without
 * '/' looked up in PATH, as its start does; a path with one from its --dir).
 * Else false, with why (len bytes) naming the path. */
static bool can_start(const struct bot_spec *bot, const char *dir, char *why, size_t len)
{
    struct stat st;
    const char *prog = bot->argv[0];
    char path[PATH_MAX];

    if (dir) {
        const char *no = stat(dir, &st) < 0      ? strerror(errno)
                         : !S_ISDIR(st.st_mode)  ? "not a directory"
                         : access(dir, X_OK) < 0 ? strerror(errno)
                                                 : NULL;
        if (no) {
            snprintf(why, len, "no directory '%s' to start it in (--dir): %s", dir, no);
            return false;
        }
    }
    if (strchr(prog, '/')) {
        bool joined = dir && prog[0] != '/';
        if (joined && path_join(path, sizeof(path), dir, prog) < 0)
            return true; /* too long to check here: its start says why */
        if (is_program(joined ? path : prog))
            return true;
        const char *at = joined ? path : prog;
        snprintf(why, len, "no program '%s'%s: %s", at, joined ? " (its path from --dir)" : "",
                 access(at, F_OK) < 0 ? strerror(errno) : "not an executable file");
        return false;
    }
    const char *dirs = getenv("PATH");
    struct path_search search;
    path_search_init(&search, dirs ? dirs : "/usr/local/bin:/usr/bin:/bin", prog);
    while (path_search_next(&search, path, sizeof(path)))
        if (is_program(path))
            return true;
    snprintf(why, len, "no program '%s' in PATH", prog);
    return false;
}

/* The length of name less a version's suffix (`#2`, `#3`...). */
static size_t base_len(const char *name)
{
    size_t n = strlen(name), k = n;
    while (k > 0 && name[k - 1] >= '0' && name[k - 1] <= '9')
        k--;
    return k > 1 && k < n && name[k - 1] == '#' ? k - 1 : n;
}

/* The version of bots.csv's entry name that `--replace` adds (base#V, V one
 * past the highest of base's versions: base itself is 1) into next, and the
 * latest into latest. Returns 0, or an exit code having said why. */
static int next_version(const char *dir, const char *name, char *next, char *latest)
{
    struct roster_bot *bots = NULL;
    size_t n = 0, base = base_len(name);
    char why[PATH_MAX + 200];
    long top = 0;
    int rc = roster_read_bots(dir, &bots, &n, why, sizeof(why));

    if (rc < 0) {
        message_error("cannot read %s", why);
        return EXIT_DATA;
    }
    for (size_t b = 0; b < n; b++) {
        const char *other = bots[b].name;
        if (base_len(other) != base || strncmp(other, name, base) != 0)
            continue;
        long v = other[base] == '#' ? strtol(other + base + 1, NULL, 10) : 1;
        if (v > top) {
            top = v;
            snprintf(latest, CONFIG_NAME_MAX + 1, "%s", other);
        }
    }
    free(bots);
    if (top == 0) {
        message_error("league '%s' has no entry '%.*s' to replace", dir, (int)base, name);
        return EXIT_USAGE;
    }
    int len = snprintf(next, CONFIG_NAME_MAX + 1, "%.*s#%ld", (int)base, name, top + 1);
    if (len < 0 || len > CONFIG_NAME_MAX) {
        message_error("entry name '%.*s#%ld' is longer than %d bytes", (int)base, name, top + 1,
                      CONFIG_NAME_MAX);
        return EXIT_USAGE;
    }
    return 0;
}

/* `league add --replace`: the version before `latest` retired in bots.csv
 * (if not already), replaced by `next`. Returns an exit code. */
static int retire_replaced(const char *dir, const char *latest, const char *next)
{
    char said[CONFIG_NAME_MAX + 32], why[PATH_MAX + 200];
    snprintf(said, sizeof(said), "replaced by '%s'", next);
    int rc = roster_retire_bot(dir, latest, said, why, sizeof(why));
    if (rc < 0 && rc != -EALREADY) {
        message_error("%s", why);
        return EXIT_SYSTEM;
    }
    printf("Retired '%s' from league '%s': '%s' is its next version, its games stay\n", latest, dir,
           next);
    return EXIT_OK;
}

/* The entry of `league add` (text: NAME=COMMAND) into *bot: its name one a
 * CSV cell keeps, its --dir and program there (can_start). Returns 0, or an
 * exit code having said why (*bot released). */
static int parse_entry(const struct league_cmd *c, const char *dir, const char *text,
                       struct bot_spec *bot)
{
    const char *why, *problem;
    char cannot[2 * PATH_MAX + 64];

    if (config_bot_parse(bot, text, &why) < 0) {
        message_error("entry '%s': %s", text, why);
        return EXIT_USAGE;
    }
    if ((problem = config_name_problem(bot->name)) != NULL)
        message_error("entry name '%.80s' %s", bot->name, problem);
    else if (!can_start(bot, c->bot_dir, cannot, sizeof(cannot)))
        message_error("cannot add entry '%s' to league '%s': %s", bot->name, dir, cannot);
    else
        return 0;
    config_bot_release(bot);
    return EXIT_USAGE;
}

/* `league add DIR NAME=COMMAND`: the first makes the league with the settings
 * given; later ones may repeat them, not change them. */
static int league_add(struct league_cmd *c, const bool *given, const char *dir, const char *text)
{
    struct roster_settings want = {.seed = (uint64_t)c->seed,
                                   .openings = c->openings,
                                   .early_draw = !c->no_early_draw,
                                   .min_games = c->min_games,
                                   .lag = c->lag};
    struct bot_spec bot = {0};
    char whyf[PATH_MAX + 200];

    const struct game_def *def = c->game;
    snprintf(want.game, sizeof(want.game), "%s", def->name);
    if (!given[4]) /* --openings */
        want.openings = def->opening_plies;
    int rc = parse_entry(c, dir, text, &bot);
    if (rc != 0)
        return rc;
    const char *eq = strchr(text, '=');
    if ((rc = league_settings(dir, &want, given)) != 0) {
        config_bot_release(&bot);
        return rc;
    }
    char next[CONFIG_NAME_MAX + 1], latest[CONFIG_NAME_MAX + 1];
    if (c->replace && (rc = next_version(dir, bot.name, next, latest)) != 0) {
        config_bot_release(&bot);
        return rc;
    }
    if (c->replace) {
        free(bot.name);
        bot.name = xstrdup(next);
    }
    char *env = env_field(&c->env);
    struct roster_entry e = {.name = bot.name,
                             .command = eq + 1,
                             .cwd = c->bot_dir,
                             .proto = c->proto == PROTO_COUNT ? NULL : adapter_of(c->proto)->name,
                             .env = env};
    rc = roster_add_bot(dir, &e, whyf, sizeof(whyf));
    free(env);
    if (rc == -EEXIST)
        message_error("league '%s' has an entry '%s' already; a new version of it: 'referee league "
                      "add %s --replace %s=COMMAND'",
                      dir, bot.name, dir, bot.name);
    else if (rc < 0)
        message_error("%s", whyf);
    else
        printf("Added '%s' to league '%s'\n", bot.name, dir);
    if (rc == 0 && c->replace)
        rc = retire_replaced(dir, latest, bot.name) == EXIT_OK ? 0 : -EIO;
    config_bot_release(&bot);
    return rc == -EEXIST ? EXIT_USAGE : rc < 0 ? EXIT_SYSTEM : EXIT_OK;
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
        case 0: rc = league_add(c, given, argv[first], argv[first + 1]); break;
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
