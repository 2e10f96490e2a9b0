/* table.c: reading CSV with libcsv's callback parser into a row array. */
#include "table.h"

#include <csv.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct loader {
    struct table *t;
    char **row; /* fields of the row being read */
    size_t nfields, cap;
    size_t rows_cap;
    bool header_done;
    int error;
    char why[128];
};

static void on_field(void *data, size_t len, void *l_)
{
    struct loader *l = l_;

    if (l->error)
        return;
    if (l->nfields == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 16;
        char **row = realloc(l->row, cap * sizeof(*row));
        if (!row) {
            l->error = -ENOMEM;
            return;
        }
        l->row = row;
        l->cap = cap;
    }
    char *f = malloc(len + 1);
    if (!f) {
        l->error = -ENOMEM;
        return;
    }
    memcpy(f, data, len);
    f[len] = '\0';
    l->row[l->nfields++] = f;
}

static void drop_row(struct loader *l)
{
    while (l->nfields)
        free(l->row[--l->nfields]);
}

static void on_row(int c, void *l_)
{
    struct loader *l = l_;
    struct table *t = l->t;

    (void)c;
    if (l->error) {
        drop_row(l);
        return;
    }
    if (!l->header_done) {
        t->header = l->row;
        t->ncols = l->nfields;
        l->row = NULL;
        l->nfields = l->cap = 0;
        l->header_done = true;
        return;
    }
    if (l->nfields > t->ncols) {
        snprintf(l->why, sizeof(l->why), "row %zu has %zu fields, the header %zu", t->nrows + 1,
                 l->nfields, t->ncols);
        l->error = -EINVAL;
        drop_row(l);
        return;
    }
    if (t->nrows == l->rows_cap) {
        size_t cap = l->rows_cap ? 2 * l->rows_cap : 64;
        char ***rows = realloc(t->rows, cap * sizeof(*rows));
        if (!rows) {
            l->error = -ENOMEM;
            drop_row(l);
            return;
        }
        t->rows = rows;
        l->rows_cap = cap;
    }
    char **row = calloc(t->ncols ? t->ncols : 1, sizeof(*row));
    if (!row) {
        l->error = -ENOMEM;
        drop_row(l);
        return;
    }
    for (size_t i = 0; i < t->ncols; i++)
        row[i] = i < l->nfields ? l->row[i] : strdup("");
    l->nfields = 0;
    t->rows[t->nrows++] = row;
}

int table_load(struct table *t, const char *path, char *why, size_t len)
{
    struct csv_parser p;
    struct loader l = {.t = t};
    char buf[65536];
    size_t n;
    FILE *f;

    memset(t, 0, sizeof(*t));
    f = fopen(path, "r");
    if (!f) {
        int err = errno;
        snprintf(why, len, "%s", strerror(err));
        return -err;
    }
    if (csv_init(&p, CSV_STRICT | CSV_APPEND_NULL) != 0) {
        fclose(f);
        snprintf(why, len, "out of memory");
        return -ENOMEM;
    }
    while (!l.error && (n = fread(buf, 1, sizeof(buf), f)) > 0) {
        if (csv_parse(&p, buf, n, on_field, on_row, &l) != n && !l.error) {
            l.error = -EINVAL;
            snprintf(l.why, sizeof(l.why), "%s", csv_strerror(csv_error(&p)));
        }
    }
    if (!l.error && ferror(f)) {
        l.error = -EIO;
        snprintf(l.why, sizeof(l.why), "read error");
    }
    /* Rows the parser ended itself met their terminator outside quotes; what
     * csv_fini still hands over is a torn last row. */
    size_t before_fini = t->nrows;
    if (!l.error)
        csv_fini(&p, on_field, on_row, &l);
    t->complete = before_fini;
    csv_free(&p);
    drop_row(&l);
    free(l.row);
    fclose(f);
    if (!l.error && !l.header_done) {
        l.error = -ENODATA;
        snprintf(l.why, sizeof(l.why), "empty file, no header row");
    }
    if (l.error) {
        snprintf(why, len, "%s", l.why[0] ? l.why : strerror(-l.error));
        table_release(t);
        return l.error;
    }
    return 0;
}

int table_column(const struct table *t, const char *name)
{
    for (size_t i = 0; i < t->ncols; i++)
        if (strcmp(t->header[i], name) == 0)
            return (int)i;
    return -1;
}

void table_release(struct table *t)
{
    for (size_t r = 0; r < t->nrows; r++) {
        for (size_t c = 0; c < t->ncols; c++)
            free(t->rows[r][c]);
        free(t->rows[r]);
    }
    free(t->rows);
    for (size_t c = 0; c < t->ncols; c++)
        free(t->header[c]);
    free(t->header);
    memset(t, 0, sizeof(*t));
}
