/* table.c: a CSV file read whole, row by row through csvread. */
#include "table.h"
#include "cell.h"
#include "csvread.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int table_load(struct table *t, const char *path, char *why, size_t len)
{
    struct csvread r;
    size_t cap = 0;
    int rc;

    memset(t, 0, sizeof(*t));
    if ((rc = csvread_open(&r, path, why, len)) < 0)
        return rc;
    while ((rc = csvread_next(&r, why, len)) > 0) {
        if (t->nrows == cap) {
            size_t more = cap ? 2 * cap : 64;
            char ***rows = realloc(t->rows, more * sizeof(*rows));
            if (!rows) {
                rc = -ENOMEM;
                snprintf(why, len, "out of memory");
                break;
            }
            t->rows = rows;
            cap = more;
        }
        t->complete += !r.torn;
        char **row = csvread_take(&r);
        /* A field's pointer moved past its quote stays in the row's one block. */
        for (size_t c = 0; c < r.ncols; c++)
            row[c] = (char *)cell_unquote(row[c]);
        t->rows[t->nrows++] = row;
    }
    memcpy(t->open_quote, r.open_quote, sizeof(t->open_quote));
    t->header = r.header;
    t->ncols = r.ncols;
    r.header = NULL;
    csvread_close(&r);
    if (rc < 0) {
        table_release(t);
        return rc;
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
    for (size_t r = 0; r < t->nrows; r++)
        csvread_free_row(t->rows[r], t->ncols);
    free(t->rows);
    csvread_free_row(t->header, t->ncols);
    memset(t, 0, sizeof(*t));
}
