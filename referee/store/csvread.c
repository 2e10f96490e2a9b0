/* csvread.c: CSV read row by row with libcsv, a chunk of the file at a time. */
#include "csvread.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define CHUNK 16384 /* bytes parsed at a time: the queue holds at most their rows */

static void fail(struct csvread *r, int error, const char *why)
{
    if (!r->error) {
        r->error = error;
        snprintf(r->why, sizeof(r->why), "%s", why);
    }
}

/* Where the parser is, for a message: "row 3, column 2 ('command')", the
 * field being parsed; rows counted after the header, as everywhere. */
static void where(const struct csvread *r, char *buf, size_t len)
{
    size_t col = r->nfields + 1;
    if (!r->header)
        snprintf(buf, len, "the header, column %zu", col);
    else if (col <= r->ncols)
        snprintf(buf, len, "row %zu, column %zu ('%.40s')", r->rows + r->qlen + 1, col,
                 r->header[col - 1]);
    else
        snprintf(buf, len, "row %zu, column %zu", r->rows + r->qlen + 1, col);
}

/* A field of the row being parsed, into r->text. */
static void on_field(void *data, size_t len, void *r_)
{
    struct csvread *r = r_;

    if (r->error)
        return;
    /* A NUL would cut the field short wherever it is used as a string. */
    if (memchr(data, '\0', len)) {
        char at[96], why[256];
        where(r, at, sizeof(at));
        snprintf(why, sizeof(why), "%s: a NUL byte in the field", at);
        fail(r, -EINVAL, why);
        return;
    }
    if (r->nfields == r->fcap) {
        size_t cap = r->fcap ? 2 * r->fcap : 16;
        size_t *ends = realloc(r->ends, cap * sizeof(*ends));
        if (!ends) {
            fail(r, -ENOMEM, "out of memory");
            return;
        }
        r->ends = ends;
        r->fcap = cap;
    }
    if (r->tlen + len + 1 > r->tcap) {
        size_t cap = r->tcap ? 2 * r->tcap : 1024;
        while (cap < r->tlen + len + 1)
            cap *= 2;
        char *text = realloc(r->text, cap);
        if (!text) {
            fail(r, -ENOMEM, "out of memory");
            return;
        }
        r->text = text;
        r->tcap = cap;
    }
    memcpy(r->text + r->tlen, data, len);
    r->tlen += len;
    r->text[r->tlen++] = '\0';
    r->ends[r->nfields++] = r->tlen;
}

static void drop_fields(struct csvread *r)
{
    r->nfields = 0;
    r->tlen = 0;
}

/* The row being parsed as one block of ncols pointers and their text, a
 * missing field empty; NULL out of memory. One allocation a row, not one a
 * field: reading a results file is mostly this. */
static char **build_row(struct csvread *r, size_t ncols)
{
    char **row = malloc(ncols * sizeof(*row) + r->tlen + 1);
    if (!row)
        return NULL;
    char *text = (char *)(row + ncols);
    memcpy(text, r->text, r->tlen);
    text[r->tlen] = '\0'; /* the empty string of missing fields */
    for (size_t i = 0; i < ncols; i++)
        row[i] = text + (i < r->nfields ? (i ? r->ends[i - 1] : 0) : r->tlen);
    drop_fields(r);
    return row;
}

/* The row just parsed: the header, or a row for the queue. */
static void on_row(int c, void *r_)
{
    struct csvread *r = r_;

    (void)c;
    if (r->error) {
        drop_fields(r);
        return;
    }
    if (!r->header) {
        r->ncols = r->nfields;
        if (!(r->header = build_row(r, r->ncols ? r->ncols : 1)))
            fail(r, -ENOMEM, "out of memory");
        return;
    }
    if (r->nfields > r->ncols) {
        char why[128];
        snprintf(why, sizeof(why), "row %zu has %zu fields, the header %zu", r->rows + r->qlen + 1,
                 r->nfields, r->ncols);
        fail(r, -EINVAL, why);
        drop_fields(r);
        return;
    }
    if (r->qhead + r->qlen == r->qcap) {
        if (r->qhead > 0) { /* room at the front: move the waiting rows there */
            memmove(r->queue, r->queue + r->qhead, r->qlen * sizeof(*r->queue));
            r->qhead = 0;
        } else {
            size_t cap = r->qcap ? 2 * r->qcap : 64;
            char ***queue = realloc(r->queue, cap * sizeof(*queue));
            if (!queue) {
                fail(r, -ENOMEM, "out of memory");
                drop_fields(r);
                return;
            }
            r->queue = queue;
            r->qcap = cap;
        }
    }
    char **row = build_row(r, r->ncols ? r->ncols : 1);
    if (!row) {
        fail(r, -ENOMEM, "out of memory");
        drop_fields(r);
        return;
    }
    r->queue[r->qhead + r->qlen++] = row;
}

/* Parse the next chunk of the file; at its end, what csv_fini hands over is
 * a row that never met its newline. */
static void parse_chunk(struct csvread *r)
{
    char buf[CHUNK];
    size_t n = fread(buf, 1, sizeof(buf), r->fp), skip = 0;

    /* A UTF-8 byte-order mark (a spreadsheet's) is no part of the first name. */
    if (!r->header && r->nfields == 0 && r->p.pstate == 0 && n >= 3 &&
        memcmp(buf, "\xEF\xBB\xBF", 3) == 0 && ftell(r->fp) == (long)n)
        skip = 3;
    if (n > 0) {
        if (csv_parse(&r->p, buf + skip, n - skip, on_field, on_row, r) != n - skip && !r->error) {
            char at[96], why[256];
            where(r, at, sizeof(at));
            if (csv_error(&r->p) == CSV_EPARSE)
                snprintf(why, sizeof(why),
                         "%s: a quote inside a field that does not start with one, or text "
                         "after a field's closing quote",
                         at);
            else
                snprintf(why, sizeof(why), "%s: %s", at, csv_strerror(csv_error(&r->p)));
            fail(r, csv_error(&r->p) == CSV_ENOMEM ? -ENOMEM : -EINVAL, why);
        }
        return;
    }
    if (ferror(r->fp)) {
        fail(r, -EIO, "read error");
        return;
    }
    size_t before = r->qlen;
    /* libcsv's FIELD_BEGUN in a quoted field: the file ended inside quotes. */
    if (r->p.pstate == 2 && r->p.quoted && !r->error)
        where(r, r->open_quote, sizeof(r->open_quote));
    csv_fini(&r->p, on_field, on_row, r);
    r->fini_row = r->qlen > before;
    r->ended = true;
}

static int report(const struct csvread *r, char *why, size_t len)
{
    snprintf(why, len, "%s", r->why[0] ? r->why : strerror(-r->error));
    return r->error;
}

int csvread_open(struct csvread *r, const char *path, char *why, size_t len)
{
    memset(r, 0, sizeof(*r));
    if (csv_init(&r->p, CSV_STRICT | CSV_APPEND_NULL) != 0) {
        snprintf(why, len, "out of memory");
        return -ENOMEM;
    }
    r->fp = fopen(path, "re");
    if (!r->fp) {
        int err = errno;
        snprintf(why, len, "%s", strerror(err));
        csvread_close(r);
        return -err;
    }
    while (!r->error && !r->header && !r->ended)
        parse_chunk(r);
    if (!r->error && !r->header)
        fail(r, -ENODATA, "empty file, no header row");
    if (r->error) {
        int rc = report(r, why, len);
        csvread_close(r);
        return rc;
    }
    return 0;
}

int csvread_next(struct csvread *r, char *why, size_t len)
{
    csvread_free_row(r->row, r->ncols);
    r->row = NULL;
    while (!r->error && r->qlen == 0 && !r->ended)
        parse_chunk(r);
    if (r->error)
        return report(r, why, len);
    if (r->qlen == 0)
        return 0;
    r->row = r->queue[r->qhead++];
    r->qlen--;
    if (r->qlen == 0)
        r->qhead = 0;
    r->torn = r->ended && r->fini_row && r->qlen == 0;
    r->rows++;
    return 1;
}

int csvread_column(const struct csvread *r, const char *name)
{
    for (size_t i = 0; i < r->ncols; i++)
        if (strcmp(r->header[i], name) == 0)
            return (int)i;
    return -1;
}

char **csvread_take(struct csvread *r)
{
    char **row = r->row;
    r->row = NULL;
    return row;
}

void csvread_free_row(char **row, size_t n)
{
    (void)n;
    free(row);
}

void csvread_close(struct csvread *r)
{
    csvread_free_row(r->row, r->ncols);
    while (r->qlen > 0)
        csvread_free_row(r->queue[r->qhead + --r->qlen], r->ncols);
    free(r->queue);
    free(r->ends);
    free(r->text);
    csvread_free_row(r->header, r->ncols);
    if (r->fp)
        fclose(r->fp);
    csv_free(&r->p); /* safe on a parser never initialised: zeroed */
    memset(r, 0, sizeof(*r));
}
