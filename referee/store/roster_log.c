/* roster_log.c: a league's roster.csv, its history: who entered, was refused
 * for a changed program, was bound again and retired, from which game. */
#include "roster.h"
#include "folder.h"
#include "csvout.h"
#include "path.h"
#include "table.h"
#include "xalloc.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *const columns[] = {"game_id", "event", "name", "command", "files", "reason"};
#define NCOLUMNS (sizeof(columns) / sizeof(columns[0]))

static const char *const kinds[] = {"entered", "retired", "refused", "bound"};
#define NKINDS (sizeof(kinds) / sizeof(kinds[0]))

/* Row r of t as an event into *e. Returns 0 or -EINVAL. */
static int parse_row(const struct table *t, size_t r, const int *col, struct roster_event *e)
{
    const char *game = t->rows[r][col[0]], *ev = t->rows[r][col[1]];
    char *end;
    size_t k = 0;

    errno = 0;
    e->game = strtol(game, &end, 10);
    while (k < NKINDS && strcmp(ev, kinds[k]) != 0)
        k++;
    if (errno || end == game || *end || e->game < 1 || k == NKINDS)
        return -EINVAL;
    e->kind = (enum roster_kind)k;
    snprintf(e->name, sizeof(e->name), "%s", t->rows[r][col[2]]);
    e->command = xstrdup(col[3] >= 0 ? t->rows[r][col[3]] : "");
    e->files = xstrdup(col[4] >= 0 ? t->rows[r][col[4]] : "");
    e->reason = xstrdup(col[5] >= 0 ? t->rows[r][col[5]] : "");
    return 0;
}

int roster_read_events(const char *dir, struct roster_event **out, size_t *n, char *why, size_t len)
{
    struct table t;
    int col[NCOLUMNS], rc = roster_load(&t, dir, ROSTER_LOG, why, len);

    *out = NULL;
    *n = 0;
    if (rc < 0)
        return rc == -ENOENT ? 0 : rc;
    for (size_t c = 0; c < NCOLUMNS; c++)
        col[c] = table_column(&t, columns[c]);
    *out = xcalloc(t.nrows + 1, sizeof(**out));
    rc = col[0] < 0 || col[1] < 0 || col[2] < 0 ? -EINVAL : 0;
    /* A torn last line (a kill as it was written) was never acted on. */
    for (size_t r = 0; rc == 0 && r < t.complete; r++)
        if ((rc = parse_row(&t, r, col, &(*out)[r])) == 0)
            ++*n;
    if (rc == -EINVAL)
        snprintf(why, len,
                 "'%s/%s', row %zu: not game_id,event,name with event entered, retired, "
                 "refused or bound",
                 dir, ROSTER_LOG, *n + 1);
    table_release(&t);
    if (rc < 0) {
        roster_free_events(*out, *n);
        *out = NULL;
        *n = 0;
    }
    return rc;
}

void roster_free_events(struct roster_event *ev, size_t n)
{
    for (size_t i = 0; ev && i < n; i++) {
        free(ev[i].command);
        free(ev[i].files);
        free(ev[i].reason);
    }
    free(ev);
}

static void put_event(struct csvout *out, const struct roster_event *e)
{
    csvout_fieldf(out, "%ld", e->game);
    csvout_field(out, kinds[e->kind]);
    csvout_text(out, e->name);
    csvout_text(out, e->command ? e->command : "");
    csvout_text(out, e->files ? e->files : "");
    csvout_text(out, e->reason ? e->reason : "");
    csvout_end(out);
}

static void put_header(struct csvout *out)
{
    for (size_t c = 0; c < NCOLUMNS; c++)
        csvout_field(out, columns[c]);
    csvout_end(out);
}

/* A roster.csv of a league older than its last three columns, at path,
 * rewritten whole with them (its lines kept). Returns 0 or a negative errno. */
static int upgrade(const char *dir, const char *path)
{
    struct roster_event *ev;
    struct csvout out = CSVOUT_INIT;
    size_t n;
    char why[PATH_MAX + 200];
    int rc = roster_read_events(dir, &ev, &n, why, sizeof(why));

    if (rc < 0)
        return rc;
    put_header(&out);
    for (size_t i = 0; i < n; i++)
        put_event(&out, &ev[i]);
    rc = out.failed ? -ENOMEM : csvout_replace_file(path, &out);
    csvout_release(&out);
    roster_free_events(ev, n);
    return rc;
}

/* Whether the file open at fd starts with the header of today's columns. */
static bool has_header(int fd)
{
    static const char want[] = "game_id,event,name,command,files,reason\n";
    char head[sizeof(want)];
    ssize_t k = pread(fd, head, sizeof(want) - 1, 0);
    return k == (ssize_t)sizeof(want) - 1 && memcmp(head, want, sizeof(want) - 1) == 0;
}

int roster_append_event(const char *dir, const struct roster_event *e)
{
    struct csvout out = CSVOUT_INIT;
    char path[PATH_MAX];
    int rc = path_join(path, sizeof(path), dir, ROSTER_LOG);

    if (rc < 0)
        return rc;
    /* Never through a link (folder.h): a league's folder is a results folder. */
    int fd;
    if ((rc = folder_open_path(path, O_RDWR | O_APPEND | O_CREAT, &fd)) < 0)
        return rc;
    off_t size = lseek(fd, 0, SEEK_END);
    if (size > 0 && !has_header(fd)) {
        close(fd);
        if ((rc = upgrade(dir, path)) < 0 ||
            (rc = folder_open_path(path, O_WRONLY | O_APPEND, &fd)) < 0)
            return rc;
    }
    if (size == 0)
        put_header(&out);
    put_event(&out, e);
    rc = out.failed ? -ENOMEM : csvout_write_all(fd, out.buf, out.len);
    if (rc == 0 && fsync(fd) < 0)
        rc = -errno;
    close(fd);
    csvout_release(&out);
    return rc;
}
