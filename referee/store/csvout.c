/* csvout.c: CSV text built in memory with libcsv, and files written whole. */
#include "csvout.h"
#include "cell.h"

#include <csv.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void csvout_reserve(struct csvout *r, size_t more)
{
    if (r->failed || r->len + more <= r->cap)
        return;
    size_t cap = r->cap ? r->cap : 1024;
    while (cap < r->len + more)
        cap *= 2;
    char *b = realloc(r->buf, cap);
    if (!b) {
        r->failed = true;
        return;
    }
    r->buf = b;
    r->cap = cap;
}

void csvout_field(struct csvout *r, const char *text)
{
    size_t n = strlen(text);
    /* Quoting at most doubles the text and adds two quotes and a comma. */
    csvout_reserve(r, 2 * n + 3);
    if (r->failed)
        return;
    if (!r->first)
        r->buf[r->len++] = ',';
    r->first = false;
    r->len += csv_write(r->buf + r->len, r->cap - r->len, text, n);
}

void csvout_text(struct csvout *r, const char *text)
{
    size_t n = strlen(text);

    if (!cell_needs_quote(text)) {
        csvout_field(r, text);
        return;
    }
    /* The ' goes inside the field's quotes: "'=1+2". */
    csvout_reserve(r, 2 * n + 4);
    if (r->failed)
        return;
    if (!r->first)
        r->buf[r->len++] = ',';
    r->first = false;
    size_t at = r->len;
    r->len += csv_write(r->buf + r->len, r->cap - r->len, text, n);
    memmove(r->buf + at + 2, r->buf + at + 1, r->len - at - 1);
    r->buf[at + 1] = '\'';
    r->len++;
}

void csvout_fieldf(struct csvout *r, const char *fmt, ...)
{
    char text[64];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof(text), fmt, ap);
    va_end(ap);
    csvout_field(r, text);
}

/* A field with no quote in it, such as a number, goes in as it is, in the
 * double quotes that libcsv's csv_write puts around every field. */
void csvout_plain(struct csvout *r, const char *text, size_t n)
{
    csvout_reserve(r, n + 3);
    if (r->failed)
        return;
    if (!r->first)
        r->buf[r->len++] = ',';
    r->first = false;
    r->buf[r->len++] = '"';
    memcpy(r->buf + r->len, text, n);
    r->len += n;
    r->buf[r->len++] = '"';
}

int csvout_append(struct csvout *r, const char *text, size_t n)
{
    csvout_reserve(r, n + 1);
    if (r->failed)
        return -ENOMEM;
    memcpy(r->buf + r->len, text, n);
    r->len += n;
    return 0;
}

void csvout_end(struct csvout *r)
{
    csvout_reserve(r, 2);
    if (r->failed)
        return;
    r->buf[r->len++] = '\n';
    r->first = true;
}

int csvout_write_all(int fd, const char *buf, size_t len)
{
    while (len > 0) {
        ssize_t k = write(fd, buf, len);
        if (k < 0) {
            if (errno == EINTR)
                continue;
            return -errno;
        }
        buf += k;
        len -= (size_t)k;
    }
    return 0;
}

int csvout_file_open(struct csvout_file *w, const char *path)
{
    memset(w, 0, sizeof(*w));
    w->rows.first = true;
    if (snprintf(w->path, sizeof(w->path), "%s", path) >= (int)sizeof(w->path) ||
        snprintf(w->tmp, sizeof(w->tmp), "%s.tmp", path) >= (int)sizeof(w->tmp)) {
        w->fd = -1;
        return -ENAMETOOLONG;
    }
    w->fd = open(w->tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    return w->fd < 0 ? -errno : 0;
}

int csvout_file_flush(struct csvout_file *w, size_t keep)
{
    if (w->error == 0 && w->rows.failed)
        w->error = -ENOMEM;
    if (w->error == 0 && w->rows.len > keep) {
        w->error = csvout_write_all(w->fd, w->rows.buf, w->rows.len);
        w->rows.len = 0;
    }
    return w->error;
}

int csvout_file_commit(struct csvout_file *w)
{
    int rc = csvout_file_flush(w, 0);

    if (rc == 0 && fsync(w->fd) < 0)
        rc = -errno;
    if (close(w->fd) < 0 && rc == 0)
        rc = -errno;
    w->fd = -1;
    if (rc == 0 && rename(w->tmp, w->path) < 0)
        rc = -errno;
    if (rc < 0)
        unlink(w->tmp);
    csvout_release(&w->rows);
    return rc;
}

void csvout_file_abort(struct csvout_file *w)
{
    if (w->fd >= 0) {
        close(w->fd);
        unlink(w->tmp);
    }
    w->fd = -1;
    csvout_release(&w->rows);
}

int csvout_replace_file(const char *path, const struct csvout *rows)
{
    struct csvout_file w;
    int rc = csvout_file_open(&w, path);

    if (rc < 0)
        return rc;
    rc = rows->failed ? -ENOMEM : csvout_write_all(w.fd, rows->buf, rows->len);
    if (rc < 0) {
        csvout_file_abort(&w);
        return rc;
    }
    return csvout_file_commit(&w);
}

/* A figure for CSV: "" for NAN, "inf"/"-inf" for the infinities. */
void csvout_number(struct csvout *r, const char *fmt, double v)
{
    char text[64];

    if (isnan(v)) {
        csvout_field(r, "");
        return;
    }
    if (isinf(v)) {
        csvout_field(r, v > 0 ? "inf" : "-inf");
        return;
    }
    snprintf(text, sizeof(text), fmt, v);
    csvout_field(r, csvout_unsigned_zero(text));
}

char *csvout_unsigned_zero(char *text)
{
    /* "-0.0" is a rounding of a small negative number, not a figure. */
    if (text[0] == '-' && strspn(text + 1, "0.") == strlen(text + 1))
        memmove(text, text + 1, strlen(text));
    return text;
}

void csvout_release(struct csvout *r)
{
    free(r->buf);
    *r = (struct csvout){.first = true};
}
