/* reorder.c: two runs of rows in game order, found in one file, merged. */
#include "reorder.h"
#include "path.h"
#include "results.h"
#include "schema.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FLUSH_BYTES 65536

/* One of the two runs in a file: the rows of the kept games, or the others. */
struct stream {
    struct results_file f;
    bool kept; /* which of the two */
    long id;   /* game of the row last read; 0: at the end */
};

static int advance(struct stream *s, const struct gameset *kept, char *why, size_t len)
{
    int rc;
    while ((rc = schema_next_row(&s->f, why, len)) > 0) {
        char *end;
        long id = strtol(schema_text(&s->f, 0), &end, 10);
        if (id < 1 || *end) {
            snprintf(why, len, "'%s' row %zu: game_id '%.20s' is not a game number", s->f.path,
                     schema_rows(&s->f), schema_text(&s->f, 0));
            return -EINVAL;
        }
        if (gameset_has(kept, id - 1) == s->kept) {
            s->id = id;
            return 1;
        }
    }
    s->id = 0;
    return rc;
}

static int merge_file(const char *dir, bool games, const struct gameset *kept, char *why,
                      size_t len)
{
    struct stream s[2] = {{.kept = true}, {.kept = false}};
    struct csvout_file w;
    int rc = 0;

    for (int i = 0; i < 2 && rc == 0; i++)
        rc = schema_open_in(&s[i].f, dir, games, games ? SCHEMA_ALL : 0, why, len);
    if (rc == 0)
        rc = csvout_file_open(&w, s[0].f.path);
    if (rc < 0) {
        schema_close(&s[0].f);
        schema_close(&s[1].f);
        return rc;
    }
    results_copy_fields(&w.rows, s[0].f.in.header, s[0].f.in.ncols);
    for (int i = 0; i < 2 && rc >= 0; i++)
        rc = advance(&s[i], kept, why, len);
    while (rc >= 0 && (s[0].id || s[1].id)) {
        /* The two hold different games: no tie. */
        struct stream *next = !s[1].id || (s[0].id && s[0].id < s[1].id) ? &s[0] : &s[1];
        results_copy_fields(&w.rows, next->f.in.row, next->f.in.ncols);
        csvout_file_flush(&w, FLUSH_BYTES);
        rc = advance(next, kept, why, len);
    }
    if (rc >= 0)
        rc = csvout_file_commit(&w);
    else
        csvout_file_abort(&w);
    schema_close(&s[0].f);
    schema_close(&s[1].f);
    return rc < 0 ? rc : 0;
}

int reorder_results(const char *dir, const struct gameset *kept, char *why, size_t len)
{
    why[0] = '\0';
    /* moves.csv first: until games.csv is put in order too, a resume refuses
     * the files (not in game order) rather than take them for something else. */
    int rc = merge_file(dir, false, kept, why, len);
    if (rc == 0)
        rc = merge_file(dir, true, kept, why, len);
    if (rc < 0 && !why[0])
        snprintf(why, len, "%s", strerror(-rc));
    return rc;
}
