/* cmd_report.c: `referee report DIR... [--out FILE]`: its options, and where
 * the page goes by default (beside one folder, above several); the page of
 * the folders is written by report_write.c. */
#include "cmd.h"
#include "cmd_options.h"
#include "path.h"
#include "report_write.h"

#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* What report's options set. */
struct report_args {
    const char *out;
};

#define FIELD(name) offsetof(struct report_args, name)

static const struct option_def report_table[] = {
    TEXT("out", "FILE", out,
         "write the page there (default: DIR/report.html for one\n"
         "folder; for several, the shards of a run, report.html\n"
         "in the folder that holds them all, never in one of them)",
         .letter = 'o'),
};

const struct option_set report_options = {
    .table = report_table,
    .n = sizeof(report_table) / sizeof(report_table[0]),
    .head = "usage: referee report [options] DIR...\n"
            "\n"
            "Reads the games.csv and moves.csv of each results folder (of one run, or of\n"
            "the shards of one run) and writes one HTML page that shows the run: the\n"
            "standings with each Elo's 95% interval, the crosstable as a heatmap,\n"
            "results by colour, fouls by bot and kind with the games they ended, and the\n"
            "move times of each bot, under the conditions the run recorded (run.csv).\n"
            "The page needs no network and no other file.\n"
            "Games of different games, or bots that no games link, are refused.\n"
            "\n",
    .tail = "Exit status: 0 written, 2 bad usage, 3 a file that is not a games.csv or\n"
            "moves.csv or games that cannot be rated together, 4 a file that cannot be\n"
            "read or written.\n",
    .operands = "DIR...",
    .min_operands = 1,
    .max_operands = -1,
    .permute = true,
};

/* The folder that holds dirs, by their real paths: their longest common
 * leading folders, or the one above when that is one of dirs. */
static int common_parent(const char *const *dirs, int ndirs, char *out, size_t cap)
{
    char real[PATH_MAX];
    size_t len = 0;

    for (int i = 0; i < ndirs; i++) {
        if (!realpath(dirs[i], real)) {
            message_error("cannot report on '%s': %s", dirs[i], strerror(errno));
            return EXIT_SYSTEM;
        }
        if (i == 0) {
            if (snprintf(out, cap, "%s", real) >= (int)cap)
                return EXIT_USAGE;
            len = strlen(out);
            continue;
        }
        size_t n = 0;
        while (n < len && out[n] == real[n])
            n++;
        /* Back to a whole folder: both paths end there or go on with a '/'. */
        if (!(n == len && (real[n] == '/' || real[n] == '\0')))
            while (n > 0 && out[n] != '/')
                n--;
        len = n;
        out[len] = '\0';
    }
    for (int i = 0; i < ndirs; i++) {
        if (!realpath(dirs[i], real))
            continue;
        if (strcmp(real, len ? out : "/") == 0) {
            while (len > 0 && out[len] != '/')
                len--;
            out[len] = '\0';
            break;
        }
    }
    if (len == 0)
        snprintf(out, cap, "/");
    return EXIT_OK;
}

/* Where the page of several folders goes without --out: report.html in the
 * folder that holds them, which must not be a run's results folder itself
 * (whose own report it would replace). */
static int beside(const char *const *dirs, int ndirs, char *out, size_t cap)
{
    char parent[PATH_MAX], games[PATH_MAX];
    int rc = common_parent(dirs, ndirs, parent, sizeof(parent));

    if (rc != EXIT_OK)
        return rc;
    if (path_join(games, sizeof(games), parent, "games.csv") == 0 && access(games, F_OK) == 0) {
        message_error("the folders' common folder '%s' holds a run of its own; say where the page "
                      "goes with --out FILE",
                      parent);
        return EXIT_USAGE;
    }
    if (path_join(out, cap, parent, "report.html") < 0) {
        message_error("'%s': %s", parent, strerror(ENAMETOOLONG));
        return EXIT_USAGE;
    }
    return EXIT_OK;
}

/* Where the page goes without --out: DIR/report.html for one folder, beside
 * several. Returns an exit code, having said why. */
static int default_out(const char *const *dirs, int ndirs, char *out, size_t cap)
{
    if (ndirs > 1)
        return beside(dirs, ndirs, out, cap);
    if (path_join(out, cap, dirs[0], "report.html") < 0) {
        message_error("'%s': %s", dirs[0], strerror(ENAMETOOLONG));
        return EXIT_USAGE;
    }
    return EXIT_OK;
}

static int cmd_report(int argc, char **argv)
{
    struct report_args a = {0};
    char fallback[PATH_MAX];
    int first, rc = options_parse(&report_options, argc, argv, &a, NULL, &first);

    if (rc != 0)
        return rc == 1 ? EXIT_OK : rc;
    const char *out = a.out;
    if (!out) {
        rc = default_out((const char *const *)argv + first, argc - first, fallback,
                         sizeof(fallback));
        if (rc != EXIT_OK)
            return rc;
        out = fallback;
    }
    rc = report_write(out, (const char *const *)argv + first, argc - first, NULL);
    if (rc == EXIT_OK)
        printf("Report in %s\n", out);
    return rc;
}

const struct cmd_entry cmd_report_entry = {
    .name = "report",
    .summary = "write a run's results as one HTML page",
    .exec = cmd_report,
    .options = &report_options,
};
