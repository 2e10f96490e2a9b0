/* cmd_league_add.c: `referee league add DIR NAME=COMMAND`: an entry checked
 * (its --dir and program there), its row added to bots.csv, the league made
 * by the first add; with --replace, the entry's next version (NAME#2). */
#include "cmd_league.h"
#include "adapter.h"
#include "message.h"
#include "path.h"
#include "results.h"
#include "roster.h"
#include "xalloc.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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
    /* given[] is by the table's order: --game, then the others. */
    for (int i = 0; i < 6; i++)
        if (differs[i] && given[LEAGUE_OPT_GAME + i]) {
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

int cmd_league_add(struct league_cmd *c, const bool *given, const char *dir, const char *text)
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
    if (!given[LEAGUE_OPT_GAME + 2]) /* --openings */
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
