/* league_batch.c: the shard folders of a league's batch, merged into it. */
#include "league_batch.h"
#include "csvout.h"
#include "folder.h"
#include "ledger.h"
#include "message.h"
#include "path.h"
#include "results.h"
#include "xalloc.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* A game of the batch as its shard wrote it. */
struct held {
    char *text[GC_COUNT]; /* NULL: not found yet */
    struct csvout moves;  /* its moves.csv rows */
    char from[NAME_MAX + 1];
};

static void held_release(struct held *h, long n)
{
    for (long i = 0; h && i < n; i++) {
        for (int c = 0; c < GC_COUNT; c++)
            free(h[i].text[c]);
        csvout_release(&h[i].moves);
    }
    free(h);
}

/* The batch a merge takes into the league in folder dir: games written + 1 to
 * written + expect, held (h[id - written - 1]) as the shards wrote them. */
struct batch {
    const char *dir;
    long written, expect;
    struct held *h;
};

/* Take shard folder `name`'s games into b->h. Returns 0, or a negative errno with why set. */
static int read_shard(const struct batch *b, const char *name, char *why, size_t len)
{
    const char *dir = b->dir;
    long written = b->written, expect = b->expect;
    struct held *h = b->h;
    char path[PATH_MAX];
    struct results_file games, moves;
    struct ledger_moves lm = {0};
    struct game_row row;
    int rc = path_join(path, sizeof(path), dir, name);

    if (rc == 0 && (rc = schema_open_in(&games, path, true, SCHEMA_ALL, why, len)) < 0)
        return rc == -ENOENT || rc == -ENODATA ? 0 : rc; /* a shard that played nothing yet */
    if (rc == 0 && schema_open_in(&moves, path, false, 0, why, len) == 0)
        lm.f = &moves;
    while (rc == 0 && (rc = schema_next_game(&games, &row, why, len)) > 0) {
        long i = row.id - written - 1;
        struct csvout one = CSVOUT_INIT;
        rc = ledger_take_moves(&lm, &row, &one, why, len);
        if (rc == 0 && row.id > written)
            rc = ledger_fold(&row, why, len);
        if (rc == 0 && row.id > written + expect) {
            snprintf(why, len, "'%s' has game %ld, past the batch (games %ld to %ld)", path, row.id,
                     written + 1, written + expect);
            rc = -EINVAL;
        } else if (rc == 0 && row.id > written && h[i].text[0]) {
            snprintf(why, len, "game %ld is in '%s' and in '%s/%s'", row.id, path, dir, h[i].from);
            rc = -EINVAL;
        } else if (rc == 0 && row.id > written) {
            for (int c = 0; c < GC_COUNT; c++)
                h[i].text[c] = xstrdup(row.text[c]);
            h[i].moves = one;
            one = (struct csvout)CSVOUT_INIT;
            snprintf(h[i].from, sizeof(h[i].from), "%s", name);
        }
        csvout_release(&one);
    }
    schema_close(&games);
    if (lm.f)
        schema_close(&moves);
    return rc;
}

/* Append buf to dir/file and sync it. Returns 0 or a negative errno. */
static int append(const char *dir, const char *file, const struct csvout *buf)
{
    char path[PATH_MAX];
    int rc = path_join(path, sizeof(path), dir, file);
    if (rc < 0)
        return rc;
    int fd;
    if ((rc = folder_open_path(path, O_WRONLY | O_APPEND, &fd)) < 0)
        return rc;
    rc = buf->failed ? -ENOMEM : csvout_write_all(fd, buf->buf, buf->len);
    if (rc == 0 && fsync(fd) < 0)
        rc = -errno;
    close(fd);
    return rc;
}

/* Check the games of b->h in id order, then append them. Returns 0 or a negative errno. */
static int take(const struct batch *b, const struct batch_check *check, char *why, size_t len)
{
    const char *dir = b->dir;
    long written = b->written, expect = b->expect;
    struct held *h = b->h;
    struct csvout games = CSVOUT_INIT, moves = CSVOUT_INIT;
    int rc = 0;

    for (long i = 0; rc == 0 && i < expect; i++) {
        struct game_row row;
        if (!h[i].text[0]) {
            snprintf(why, len,
                     "game %ld of the batch is in no shard folder: run its shard again, then "
                     "merge",
                     written + 1 + i);
            rc = -ENOENT;
            break;
        }
        rc = schema_game_of_texts(&row, (const char *const *)h[i].text, h[i].from, i + 1, why, len);
        if (rc == 1)
            rc = check->row(check->ctx, &row, why, len);
        results_put_game(&games, (const char *const *)h[i].text);
        if (h[i].moves.len > 0 && csvout_append(&moves, h[i].moves.buf, h[i].moves.len) < 0)
            rc = -ENOMEM;
    }
    /* Moves first, as a run writes them: a kill between the two leaves moves
     * without their games, which the next run drops. */
    if (rc == 0 && (rc = append(dir, "moves.csv", &moves)) == 0)
        rc = append(dir, "games.csv", &games);
    if (rc < 0 && rc != -EINVAL && rc != -ENOENT && !why[0])
        snprintf(why, len, "cannot append to '%s': %s", dir, strerror(-rc));
    csvout_release(&games);
    csvout_release(&moves);
    return rc;
}

/* Move dir's shard folders into dir/merged/, named by the batch's first game. */
static int put_away(const char *dir, char (*names)[NAME_MAX + 1], int n, long first)
{
    char merged[PATH_MAX], from[PATH_MAX], to[PATH_MAX + NAME_MAX + 32];
    int rc = path_join(merged, sizeof(merged), dir, "merged");

    if (rc == 0 && mkdir(merged, 0755) < 0 && errno != EEXIST)
        rc = -errno;
    for (int i = 0; rc == 0 && i < n; i++) {
        int len = snprintf(to, sizeof(to), "%s/batch-%ld-%.*s", merged, first, 64, names[i]);
        if (len < 0 || (size_t)len >= sizeof(to))
            rc = -ENAMETOOLONG;
        else if ((rc = path_join(from, sizeof(from), dir, names[i])) == 0 && rename(from, to) < 0)
            rc = -errno;
    }
    return rc;
}

/* dir's shard folders' names (at most 256). */
static int shard_names(const char *dir, char (*names)[NAME_MAX + 1])
{
    int n = 0;
    DIR *d = opendir(dir);

    for (struct dirent *e; d && n < 256 && (e = readdir(d)) != NULL;)
        if (strncmp(e->d_name, BATCH_PREFIX, strlen(BATCH_PREFIX)) == 0)
            snprintf(names[n++], NAME_MAX + 1, "%s", e->d_name);
    if (d)
        closedir(d);
    return n;
}

bool batch_pending(const char *dir)
{
    char names[256][NAME_MAX + 1];
    return shard_names(dir, names) > 0;
}

long batch_last_id(const char *dir)
{
    char names[256][NAME_MAX + 1], path[PATH_MAX], why[PATH_MAX + 200];
    int n = shard_names(dir, names);
    long last = 0;

    for (int i = 0; i < n; i++) {
        struct results_file f;
        struct game_row row;
        if (path_join(path, sizeof(path), dir, names[i]) < 0 ||
            schema_open_in(&f, path, true, SCHEMA_ALL, why, sizeof(why)) < 0)
            continue;
        while (schema_next_game(&f, &row, why, sizeof(why)) > 0)
            last = row.id > last ? row.id : last;
        schema_close(&f);
    }
    return last;
}

int batch_merge(const char *dir, long written, long expect, const struct batch_check *check,
                long *merged)
{
    char names[256][NAME_MAX + 1], why[PATH_MAX + 300] = "";
    int n = shard_names(dir, names), rc = 0;

    *merged = 0;
    if (n == 0)
        return EXIT_OK;
    struct batch b = {.dir = dir, .written = written, .expect = expect};
    b.h = xcalloc((size_t)expect + 1, sizeof(*b.h));
    for (int i = 0; rc == 0 && i < n; i++)
        rc = read_shard(&b, names[i], why, sizeof(why));
    long held = 0;
    for (long i = 0; i < expect; i++)
        held += b.h[i].text[0] != NULL;
    /* None: a merge killed after it appended them, before it put them away. */
    if (rc == 0 && held > 0)
        rc = take(&b, check, why, sizeof(why));
    held_release(b.h, expect + 1);
    if (rc == 0 && (rc = put_away(dir, names, n, written + 1)) < 0)
        snprintf(why, sizeof(why), "cannot move the shard folders into '%s/merged': %s", dir,
                 strerror(-rc));
    if (rc < 0) {
        message_error("cannot merge the batch of league '%s': %s", dir, why);
        return rc == -EINVAL || rc == -ENOENT ? EXIT_DATA : EXIT_SYSTEM;
    }
    *merged = held > 0 ? expect : 0;
    return EXIT_OK;
}
