/* inputs.c: reading the bots file and the openings file of a run. */
#include "inputs.h"
#include "message.h"
#include "table.h"
#include "xalloc.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Whether path is a directory one can enter; else why not, in why. */
static bool is_dir(const char *path, char *why, size_t len)
{
    struct stat st;
    if (stat(path, &st) < 0)
        snprintf(why, len, "no directory '%.64s' (%s)", path, strerror(errno));
    else if (!S_ISDIR(st.st_mode))
        snprintf(why, len, "'%.64s' is not a directory", path);
    else if (access(path, X_OK) < 0)
        snprintf(why, len, "cannot enter directory '%.64s' (%s)", path, strerror(errno));
    else
        return true;
    return false;
}

/* The columns of an engines file besides the limits of config_owns. */
static const char *const plain_columns[] = {"name",  "command", "args", "dir",
                                            "proto", "options", "env"};
#define NPLAIN (sizeof(plain_columns) / sizeof(plain_columns[0]))

/* Whether every column of t's header is one referee knows, or `also` (NULL:
 * none); else the first that is not, in *unknown. */
static bool has_known_columns(const struct table *t, const char *also, size_t *unknown)
{
    for (size_t c = 0; c < t->ncols; c++) {
        bool known =
            config_own_find(t->header[c]) != OWN_COUNT || (also && strcmp(t->header[c], also) == 0);
        for (size_t k = 0; k < NPLAIN && !known; k++)
            known = strcmp(t->header[c], plain_columns[k]) == 0;
        if (!known) {
            *unknown = c;
            return false;
        }
    }
    return true;
}

/* The options field "KEY=VALUE;KEY=VALUE" into bot with set (an engine
 * option, an environment variable): `\;` is a ';' of a value, `\\` a
 * backslash. Returns 0, or -1 with *why set. */
static int set_pairs(struct bot_spec *bot, const char *field, const char **why,
                     int (*set)(struct bot_spec *, const char *, const char **))
{
    char *one = xmalloc(strlen(field) + 1);
    int rc = 0;

    for (const char *p = field; rc == 0 && *p;) {
        char *w = one;
        for (; *p && *p != ';'; p++)
            *w++ = *p == '\\' && (p[1] == ';' || p[1] == '\\') ? *++p : *p;
        *w = '\0';
        if (*p == ';')
            p++;
        if (one[0])
            rc = set(bot, one, why);
    }
    free(one);
    return rc;
}

/* Set up bot from row r of t past its name and command: its dir, protocol,
 * options and limits. Returns 0, or -1 with the column at fault in *col and
 * why in why. */
static int set_columns(struct bot_spec *bot, const struct table *t, size_t r, size_t *col,
                       char *why, size_t len)
{
    const char *w = NULL;

    for (size_t c = 0; c < t->ncols; c++) {
        const char *head = t->header[c], *v = t->rows[r][c];
        enum bot_own own = config_own_find(head);
        *col = c;
        if (!v[0])
            continue; /* an empty cell: the run's, or the default */
        if (strcmp(head, "dir") == 0) {
            /* Found now, it is named as the dir; found at the bot's start, it
             * would read as its program's fault. */
            if (!is_dir(v, why, len))
                return -1;
            bot->cwd = xstrdup(v);
        } else if (strcmp(head, "proto") == 0) {
            bot->proto.proto = adapter_find(v);
            if (bot->proto.proto == PROTO_COUNT)
                w = "the protocol is " ADAPTER_NAMES;
        } else if (strcmp(head, "options") == 0) {
            set_pairs(bot, v, &w, config_bot_set_option);
        } else if (strcmp(head, "env") == 0) {
            set_pairs(bot, v, &w, config_bot_set_env);
        } else if (own != OWN_COUNT) {
            config_bot_set_own(bot, own, v, &w);
        }
        if (w) {
            char esc[4 * PROTOCOL_ECHO_MAX + 8];
            snprintf(why, len, "'%s': %s", protocol_escape(esc, sizeof(esc), v, strlen(v)), w);
            return -1;
        }
    }
    return 0;
}

/* Add the bot of row r of t (its name and command at columns name and
 * command) to c. Returns 0, or EXIT_DATA with why (len bytes) naming the
 * row, and the column at fault if one is. */
static int load_row(struct run_config *c, const struct table *t, size_t r, char *why, size_t len)
{
    int name = table_column(t, "name"), command = table_column(t, "command"),
        args = table_column(t, "args");
    const char *cmd = t->rows[r][command], *extra = args >= 0 ? t->rows[r][args] : "";
    size_t n = strlen(cmd) + strlen(extra) + 2, col;
    char *line = xmalloc(n), cell[256];
    const char *w = "too many bots";
    int rc = 0;

    snprintf(line, n, "%s %s", cmd, extra);
    /* The name is taken whole: a CSV field may hold '=' as any other character. */
    if (c->nbots == CONFIG_MAX_BOTS ||
        config_bot_make(&c->bots[c->nbots], t->rows[r][name], line, &w) < 0) {
        snprintf(why, len, "row %zu: %s", r + 1, w);
        rc = EXIT_DATA;
    } else if (set_columns(&c->bots[c->nbots], t, r, &col, cell, sizeof(cell)) < 0) {
        snprintf(why, len, "row %zu, column %zu ('%s'): %s", r + 1, col + 1, t->header[col], cell);
        config_bot_release(&c->bots[c->nbots]);
        rc = EXIT_DATA;
    } else {
        c->nbots++;
    }
    free(line);
    return rc;
}

/* inputs_load_bots, where the column `also` is someone else's to read;
 * with unfit (a league's roster), a row whose `also` is set is not read, and
 * one that cannot be a bot is left out, named in unfit. */
static int load_bots(struct run_config *c, const char *path, const char *also,
                     struct inputs_unfit *unfit, int *nunfit)
{
    struct table t;
    char why[320];
    size_t unknown;
    int rc = table_load(&t, path, why, sizeof(why));

    if (rc == -EINVAL) { /* why names the row and the column */
        message_error("bots file '%s', %s", path, why);
        return EXIT_DATA;
    }
    if (rc < 0) {
        message_error("cannot read bots file '%s': %s", path, why);
        return (rc == -EINVAL || rc == -ENODATA) ? EXIT_DATA : EXIT_SYSTEM;
    }
    /* Else its last row would run from the quote to the end of the file. */
    if (t.open_quote[0]) {
        message_error("bots file '%s', %s: a quote opened and never closed", path, t.open_quote);
        rc = EXIT_DATA;
    } else if (table_column(&t, "name") < 0 || table_column(&t, "command") < 0) {
        message_error("bots file '%s' needs the columns 'name' and 'command'", path);
        rc = EXIT_DATA;
    } else if (!has_known_columns(&t, also, &unknown)) {
        /* A misspelt limit would be a limit silently not set. */
        char esc[4 * PROTOCOL_ECHO_MAX + 8];
        const char *h = t.header[unknown];
        message_error(
            "bots file '%s', column %zu: unknown column '%s' (README \"The engines file\")", path,
            unknown + 1, protocol_escape(esc, sizeof(esc), h, strlen(h)));
        rc = EXIT_DATA;
    }
    int skip = unfit && also ? table_column(&t, also) : -1;
    for (size_t r = 0; rc == 0 && r < t.nrows; r++) {
        /* A retired entry is never started: its dir or program may be gone. */
        if (skip >= 0 && t.rows[r][skip][0])
            continue;
        rc = load_row(c, &t, r, why, sizeof(why));
        if (rc != 0 && unfit) { /* the entry's own trouble, not the file's */
            if (*nunfit < CONFIG_MAX_BOTS) {
                struct inputs_unfit *u = &unfit[(*nunfit)++];
                snprintf(u->name, sizeof(u->name), "%s", t.rows[r][table_column(&t, "name")]);
                snprintf(u->why, sizeof(u->why), "%s", why);
            }
            rc = 0;
        } else if (rc != 0) {
            message_error("bots file '%s', %s", path, why);
        }
    }
    table_release(&t);
    return rc;
}

int inputs_load_bots(struct run_config *c, const char *path)
{
    return load_bots(c, path, NULL, NULL, NULL);
}

int inputs_load_roster(struct run_config *c, const char *path, struct inputs_unfit *unfit,
                       int *nunfit)
{
    struct inputs_unfit none[1];
    int n = 0;
    *(nunfit ? nunfit : &n) = 0;
    return load_bots(c, path, "retired", unfit ? unfit : none, nunfit ? nunfit : &n);
}

int inputs_load_openings(struct run_config *c)
{
    FILE *f = fopen(c->openings_file, "r");
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;

    if (!f) {
        message_error("cannot open openings file '%s': %s", c->openings_file, strerror(errno));
        return EXIT_SYSTEM;
    }
    while ((n = getline(&line, &cap, f)) >= 0) {
        while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
            line[--n] = '\0';
        if (n == 0 || line[0] == '#')
            continue;
        c->openings = xrealloc(c->openings, (size_t)(c->nopenings + 1) * sizeof(*c->openings));
        c->openings[c->nopenings++] = xstrdup(line);
    }
    free(line);
    fclose(f);
    if (c->nopenings == 0) {
        message_error("openings file '%s' has no openings", c->openings_file);
        return EXIT_DATA;
    }
    return 0;
}
