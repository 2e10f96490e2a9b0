/* csvout.c: CSV text built in memory with libcsv, and files written whole. */
#include "csvout.h"
#include "cell.h"
#include "decimal.h"
#include "folder.h"

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

/* Set w up for the file name in dir_fd, path its name for messages. */
static int file_begin(struct csvout_file *w, int dir_fd, const char *path, const char *name)
{
    size_t dir_len = (size_t)(name - path);

    w->rows.first = true;
    w->dir_fd = dir_fd;
    w->fd = -1;
    if (snprintf(w->path, sizeof(w->path), "%s", path) >= (int)sizeof(w->path) ||
        snprintf(w->tmp, sizeof(w->tmp), "%s.tmp", path) >= (int)sizeof(w->tmp))
        return -ENAMETOOLONG;
    w->name = w->path + dir_len;
    w->tmp_name = w->tmp + dir_len;
    /* A link at either name is refused, not replaced or written through. */
    int rc = folder_check_target(dir_fd, w->name);
    if (rc == 0)
        rc = folder_open_file(dir_fd, w->tmp_name, O_WRONLY | O_CREAT | O_TRUNC, &w->fd);
    return rc;
}

/* Close the folder if w opened it. */
static void file_end(struct csvout_file *w)
{
    if (w->own_dir && w->dir_fd >= 0)
        close(w->dir_fd);
    w->dir_fd = -1;
    w->own_dir = false;
    csvout_release(&w->rows);
}

/* The file name in the folder dir_fd (borrowed; it outlives w). */
static int csvout_file_open_at(struct csvout_file *w, int dir_fd, const char *name)
{
    memset(w, 0, sizeof(*w));
    int rc = file_begin(w, dir_fd, name, name);
    if (rc < 0)
        file_end(w);
    return rc;
}

int csvout_file_open(struct csvout_file *w, const char *path)
{
    const char *name;
    int dir_fd, rc;

    memset(w, 0, sizeof(*w));
    w->fd = w->dir_fd = -1;
    if ((rc = folder_open_parent(path, &dir_fd, &name)) < 0)
        return rc;
    w->own_dir = true;
    if ((rc = file_begin(w, dir_fd, path, name)) < 0)
        file_end(w);
    return rc;
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
    /* Checked again: a link put there since the open is refused too. */
    if (rc == 0)
        rc = folder_check_target(w->dir_fd, w->name);
    if (rc == 0 && renameat(w->dir_fd, w->tmp_name, w->dir_fd, w->name) < 0)
        rc = -errno;
    if (rc < 0)
        unlinkat(w->dir_fd, w->tmp_name, 0);
    file_end(w);
    return rc;
}

void csvout_file_abort(struct csvout_file *w)
{
    if (w->fd >= 0) {
        close(w->fd);
        unlinkat(w->dir_fd, w->tmp_name, 0);
    }
    w->fd = -1;
    file_end(w);
}

/* Write rows through w, opened (rc) or not. */
static int replace(struct csvout_file *w, int rc, const struct csvout *rows)
{
    if (rc == 0)
        rc = rows->failed ? -ENOMEM : csvout_write_all(w->fd, rows->buf, rows->len);
    if (rc < 0) {
        csvout_file_abort(w);
        return rc;
    }
    return csvout_file_commit(w);
}

int csvout_replace_file(const char *path, const struct csvout *rows)
{
    struct csvout_file w;
    return replace(&w, csvout_file_open(&w, path), rows);
}

int csvout_replace_at(int dir_fd, const char *name, const struct csvout *rows)
{
    struct csvout_file w;
    return replace(&w, csvout_file_open_at(&w, dir_fd, name), rows);
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
    csvout_field(r, decimal_unsigned_zero(text));
}

void csvout_release(struct csvout *r)
{
    free(r->buf);
    *r = (struct csvout){.first = true};
}
