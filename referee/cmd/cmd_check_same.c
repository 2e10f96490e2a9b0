/* cmd_check_same.c: `referee check --same-as`: two results folders hold the same
 * games, times aside, whatever the order of their rows. Each game is reduced
 * to a digest of its games.csv row and one of its moves.csv rows, kept by id
 * (16 bytes a game), so that folders of any size compare in little memory. */
#include "cmd.h"
#include "message.h"
#include "schema.h"
#include "xalloc.h"

#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct digest {
    long id;
    uint64_t h;
};

struct digests {
    struct digest *d;
    size_t n, cap;
    char game[32]; /* the game of the first row ("tictactoe"), for the refusal */
};

static uint64_t fnv(uint64_t h, const char *text)
{
    for (const unsigned char *p = (const unsigned char *)text; *p; p++)
        h = (h ^ *p) * 1099511628211ull;
    return (h ^ 0xff) * 1099511628211ull; /* the end of a field: "ab","c" is not "a","bc" */
}

static int by_id(const void *a, const void *b)
{
    long x = ((const struct digest *)a)->id, y = ((const struct digest *)b)->id;
    return (x > y) - (x < y);
}

/* The digests of dir's games.csv rows (games) or of each game's moves.csv
 * rows (summed: the same rows in any order), sorted by id. Returns EXIT_OK or
 * an exit code, having said why. */
static int collect(const char *dir, bool games, struct digests *out)
{
    const char *const *columns = games ? schema_games_columns : schema_moves_columns;
    int ncols = games ? GC_COUNT : MC_COUNT;
    struct results_file f;
    char why[PATH_MAX + 200];
    int rc = schema_open_in(&f, dir, games, SCHEMA_ALL, why, sizeof(why));

    if (rc < 0) {
        message_error("cannot read %s", why);
        return (rc == -EINVAL || rc == -ENODATA) ? EXIT_DATA : EXIT_SYSTEM;
    }
    while ((rc = schema_next_row(&f, why, sizeof(why))) > 0) {
        uint64_t h = 14695981039346656037ull;
        for (int c = 0; c < ncols; c++)
            if (!schema_is_timing(columns[c]))
                h = fnv(h, schema_text(&f, c));
        long id = strtol(schema_text(&f, 0), NULL, 10);
        if (games && out->n == 0)
            snprintf(out->game, sizeof(out->game), "%s", schema_text(&f, GC_GAME));
        if (!games && out->n > 0 && out->d[out->n - 1].id == id) {
            out->d[out->n - 1].h += h;
            continue;
        }
        if (out->n == out->cap)
            out->d =
                xrealloc(out->d, (out->cap = out->cap ? 2 * out->cap : 1024) * sizeof(*out->d));
        out->d[out->n++] = (struct digest){.id = id, .h = h};
    }
    schema_close(&f);
    if (rc < 0) {
        message_error("cannot read %s", why);
        return EXIT_DATA;
    }
    if (out->n > 0) /* out->d is NULL for a file without rows */
        qsort(out->d, out->n, sizeof(*out->d), by_id);
    /* A game's moves rows apart in the file: summed into one digest. */
    size_t k = 0;
    for (size_t i = 0; i < out->n; i++) {
        if (k > 0 && out->d[k - 1].id == out->d[i].id)
            out->d[k - 1].h += out->d[i].h;
        else
            out->d[k++] = out->d[i];
    }
    out->n = k;
    return EXIT_OK;
}

/* Problems a comparison lists before it says how many more there are. */
#define DIFFERENCES_LISTED 20

/* Compare a's and b's digests of one file, listing what differs. Returns the
 * number of differences. */
static long compare(const char *a_dir, const char *b_dir, const char *name, const struct digests *a,
                    const struct digests *b)
{
    long differences = 0;
    size_t i = 0, j = 0;

    while (i < a->n || j < b->n) {
        const char *what = NULL;
        long id;
        if (j == b->n || (i < a->n && a->d[i].id < b->d[j].id)) {
            id = a->d[i++].id;
            what = "is only in the first";
        } else if (i == a->n || b->d[j].id < a->d[i].id) {
            id = b->d[j++].id;
            what = "is only in the second";
        } else {
            id = a->d[i].id;
            if (a->d[i++].h != b->d[j++].h)
                what = "differs";
        }
        if (what && ++differences <= DIFFERENCES_LISTED)
            message_error("'%s' and '%s': game %ld %s (%s)", a_dir, b_dir, id, what, name);
    }
    if (differences > DIFFERENCES_LISTED)
        message_error("'%s' and '%s': and %ld more differences in %s", a_dir, b_dir,
                      differences - DIFFERENCES_LISTED, name);
    return differences;
}

int check_same_as(const char *a_dir, const char *b_dir)
{
    struct digests d[2][2] = {0}; /* [games, moves][a, b] */
    const char *dirs[2] = {a_dir, b_dir};
    int rc = EXIT_OK;

    for (int k = 0; k < 2 && rc == EXIT_OK; k++)
        rc = collect(dirs[k], true, &d[0][k]);
    /* Runs of two games hold no games in common: a refusal, not a list. */
    if (rc == EXIT_OK && d[0][0].n > 0 && d[0][1].n > 0 &&
        strcmp(d[0][0].game, d[0][1].game) != 0) {
        message_error("'%s' holds games of %s, '%s' of %s: not runs of the same games", a_dir,
                      d[0][0].game, b_dir, d[0][1].game);
        rc = EXIT_DATA;
    }
    for (int k = 0; k < 2 && rc == EXIT_OK; k++)
        rc = collect(dirs[k], false, &d[1][k]);
    if (rc == EXIT_OK) {
        long differences = compare(a_dir, b_dir, "games.csv", &d[0][0], &d[0][1]) +
                           compare(a_dir, b_dir, "moves.csv", &d[1][0], &d[1][1]);
        if (differences > 0)
            rc = EXIT_DATA;
    }
    for (int f = 0; f < 2; f++)
        for (int k = 0; k < 2; k++)
            free(d[f][k].d);
    return rc;
}
