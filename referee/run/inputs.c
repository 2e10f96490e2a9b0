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

int inputs_load_bots(struct run_config *c, const char *path)
{
    struct table t;
    char why[256];
    int rc = table_load(&t, path, why, sizeof(why));

    if (rc == -EINVAL) { /* why names the row and the column */
        cli_error("bots file '%s', %s", path, why);
        return EXIT_DATA;
    }
    if (rc < 0) {
        cli_error("cannot read bots file '%s': %s", path, why);
        return (rc == -EINVAL || rc == -ENODATA) ? EXIT_DATA : EXIT_SYSTEM;
    }
    /* Else its last row would run from the quote to the end of the file. */
    if (t.open_quote[0]) {
        cli_error("bots file '%s', %s: a quote opened and never closed", path, t.open_quote);
        table_release(&t);
        return EXIT_DATA;
    }
    int name = table_column(&t, "name"), command = table_column(&t, "command"),
        dir = table_column(&t, "dir"), args = table_column(&t, "args"),
        proto = table_column(&t, "proto");
    if (name < 0 || command < 0) {
        cli_error("bots file '%s' needs the columns 'name' and 'command'", path);
        table_release(&t);
        return EXIT_DATA;
    }
    rc = 0;
    for (size_t r = 0; rc == 0 && r < t.nrows; r++) {
        const char *cmd = t.rows[r][command], *extra = args >= 0 ? t.rows[r][args] : "";
        size_t len = strlen(cmd) + strlen(extra) + 2;
        char *line = xmalloc(len);
        const char *w = "too many bots";
        snprintf(line, len, "%s %s", cmd, extra);
        /* The name is taken whole: a CSV field may hold '=' as any other character. */
        if (c->nbots == CONFIG_MAX_BOTS ||
            config_bot_make(&c->bots[c->nbots], t.rows[r][name], line, &w) < 0) {
            cli_error("bots file '%s', row %zu: %s", path, r + 1, w);
            rc = EXIT_DATA;
        } else if (proto >= 0 && t.rows[r][proto][0] &&
                   adapter_find(t.rows[r][proto]) == PROTO_COUNT) {
            cli_error(
                "bots file '%s', row %zu: protocol '%.32s' is not referee, gtp, gomocup or nboard",
                path, r + 1, t.rows[r][proto]);
            config_bot_release(&c->bots[c->nbots]);
            rc = EXIT_DATA;
        } else if (dir >= 0 && t.rows[r][dir][0] && !is_dir(t.rows[r][dir], why, sizeof(why))) {
            /* Found now, it is named as the dir; found at the bot's start, it
             * would read as its program's fault. */
            cli_error("bots file '%s', row %zu, column %d ('dir'): %s", path, r + 1, dir + 1, why);
            config_bot_release(&c->bots[c->nbots]);
            rc = EXIT_DATA;
        } else {
            if (dir >= 0 && t.rows[r][dir][0])
                c->bots[c->nbots].cwd = xstrdup(t.rows[r][dir]);
            if (proto >= 0 && t.rows[r][proto][0])
                c->bots[c->nbots].proto.proto = adapter_find(t.rows[r][proto]);
            c->nbots++;
        }
        free(line);
    }
    table_release(&t);
    return rc;
}

int inputs_load_openings(struct run_config *c)
{
    FILE *f = fopen(c->openings_file, "r");
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;

    if (!f) {
        cli_error("cannot open openings file '%s': %s", c->openings_file, strerror(errno));
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
        cli_error("openings file '%s' has no openings", c->openings_file);
        return EXIT_DATA;
    }
    return 0;
}
