/* roster.c: a league folder's league.csv, bots.csv and roster.csv. */
#include "roster.h"
#include "csvout.h"
#include "path.h"
#include "table.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

static const char *const settings_columns[] = {"game",       "seed",      "openings",
                                               "early_draw", "min_games", "lag"};
#define NSETTINGS (sizeof(settings_columns) / sizeof(settings_columns[0]))

int roster_load(struct table *t, const char *dir, const char *file, char *why, size_t len)
{
    char path[PATH_MAX];
    int rc = path_join(path, sizeof(path), dir, file);

    if (rc < 0) {
        snprintf(why, len, "'%s/%s': path too long", dir, file);
        return rc;
    }
    if (access(path, F_OK) < 0)
        return -errno;
    char what[200];
    rc = table_load(t, path, what, sizeof(what));
    if (rc < 0)
        snprintf(why, len, "'%s': %s", path, what);
    return rc;
}

static int parse_long(const char *text, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (errno || end == text || *end || v < 0)
        return -EINVAL;
    *out = v;
    return 0;
}

int roster_read_settings(const char *dir, struct roster_settings *s, char *why, size_t len)
{
    struct table t;
    int col[NSETTINGS];
    int rc = roster_load(&t, dir, ROSTER_SETTINGS, why, len);

    if (rc < 0)
        return rc;
    rc = t.nrows == 1 ? 0 : -EINVAL;
    for (size_t i = 0; rc == 0 && i < NSETTINGS; i++)
        if ((col[i] = table_column(&t, settings_columns[i])) < 0)
            rc = -EINVAL;
    if (rc < 0) {
        snprintf(why, len, "'%s/%s' is not a league's settings: one row of %s,%s,%s,%s,%s,%s", dir,
                 ROSTER_SETTINGS, settings_columns[0], settings_columns[1], settings_columns[2],
                 settings_columns[3], settings_columns[4], settings_columns[5]);
        table_release(&t);
        return rc;
    }
    char **row = t.rows[0];
    long openings = 0, early = 0, min_games = 0, lag = 0;
    char *end;
    errno = 0;
    unsigned long long seed = strtoull(row[col[1]], &end, 10);
    snprintf(s->game, sizeof(s->game), "%s", row[col[0]]);
    if (errno || end == row[col[1]] || *end || parse_long(row[col[2]], &openings) < 0 ||
        parse_long(row[col[3]], &early) < 0 || early > 1 ||
        parse_long(row[col[4]], &min_games) < 0 || min_games > 1000000 ||
        parse_long(row[col[5]], &lag) < 0 || lag < 1 || lag > 1000000) {
        snprintf(why, len,
                 "'%s/%s': a seed, openings, early_draw (0 or 1), min_games or lag is not "
                 "a number of its range",
                 dir, ROSTER_SETTINGS);
        rc = -EINVAL;
    }
    s->seed = seed;
    s->openings = openings;
    s->early_draw = early == 1;
    s->min_games = min_games;
    s->lag = lag;
    table_release(&t);
    return rc;
}

int roster_write_settings(const char *dir, const struct roster_settings *s)
{
    struct csvout out = CSVOUT_INIT;
    char path[PATH_MAX];
    int rc = path_join(path, sizeof(path), dir, ROSTER_SETTINGS);

    if (rc < 0)
        return rc;
    for (size_t i = 0; i < NSETTINGS; i++)
        csvout_field(&out, settings_columns[i]);
    csvout_end(&out);
    csvout_field(&out, s->game);
    csvout_fieldf(&out, "%llu", (unsigned long long)s->seed);
    csvout_fieldf(&out, "%ld", s->openings);
    csvout_fieldf(&out, "%d", s->early_draw ? 1 : 0);
    csvout_fieldf(&out, "%ld", s->min_games);
    csvout_fieldf(&out, "%ld", s->lag);
    csvout_end(&out);
    rc = csvout_replace_file(path, &out);
    csvout_release(&out);
    return rc;
}

/* A file of rows for a list that starts empty: 1 if loaded into *t, 0 if
 * there is none, or a negative errno with why set. */
static int load_list(struct table *t, const char *dir, const char *file, size_t *n, char *why,
                     size_t len)
{
    int rc = roster_load(t, dir, file, why, len);
    *n = 0;
    return rc == -ENOENT ? 0 : rc < 0 ? rc : 1;
}

int roster_read_bots(const char *dir, struct roster_bot **out, size_t *n, char *why, size_t len)
{
    struct table t;
    int rc = load_list(&t, dir, ROSTER_BOTS, n, why, len);

    *out = NULL;
    if (rc <= 0)
        return rc;
    int name = table_column(&t, "name"), retired = table_column(&t, "retired");
    if (name < 0) {
        snprintf(why, len, "'%s/%s' has no column 'name'", dir, ROSTER_BOTS);
        table_release(&t);
        return -EINVAL;
    }
    *out = calloc(t.nrows + 1, sizeof(**out));
    if (!*out) {
        table_release(&t);
        return -ENOMEM;
    }
    for (size_t r = 0; r < t.nrows; r++) {
        /* A name too long is left empty, to be refused as no name, not cut. */
        if (strlen(t.rows[r][name]) < sizeof((*out)[r].name))
            snprintf((*out)[r].name, sizeof((*out)[r].name), "%s", t.rows[r][name]);
        (*out)[r].retired = retired >= 0 && t.rows[r][retired][0] != '\0';
        if ((*out)[r].retired)
            snprintf((*out)[r].said, sizeof((*out)[r].said), "%s", t.rows[r][retired]);
    }
    *n = t.nrows;
    table_release(&t);
    return 0;
}

/* Columns a bots.csv that referee writes has, at least. */
static const char *const bots_columns[] = {"name", "command", "dir", "proto", "env", "retired"};
#define NBOTCOLS (sizeof(bots_columns) / sizeof(bots_columns[0]))

/* Rewrite dir's bots.csv from t (loaded, or empty), its columns and those of
 * bots_columns it lacks; with a new row of values `add` (by bots_columns, may
 * be NULL), and row `retire` (or -1) retired: its `retired` set to said. */
static int write_bots(const char *dir, const struct table *t, const char *const *add, long retire,
                      const char *said)
{
    struct csvout out = CSVOUT_INIT;
    char path[PATH_MAX];
    int have[NBOTCOLS];
    int rc = path_join(path, sizeof(path), dir, ROSTER_BOTS);

    if (rc < 0)
        return rc;
    for (size_t c = 0; c < t->ncols; c++)
        csvout_field(&out, t->header[c]);
    for (size_t i = 0; i < NBOTCOLS; i++)
        if ((have[i] = table_column(t, bots_columns[i])) < 0)
            csvout_field(&out, bots_columns[i]);
    csvout_end(&out);
    for (size_t r = 0; r <= t->nrows; r++) {
        if (r == t->nrows && !add)
            break;
        for (size_t c = 0; c < t->ncols; c++) {
            int i = 0;
            while (i < (int)NBOTCOLS && have[i] != (int)c)
                i++;
            const char *v = r < t->nrows ? t->rows[r][c] : i < (int)NBOTCOLS ? add[i] : "";
            csvout_text(&out, (long)r == retire && i == (int)NBOTCOLS - 1 ? said : v);
        }
        for (size_t i = 0; i < NBOTCOLS; i++)
            if (have[i] < 0)
                csvout_text(&out, r < t->nrows
                                      ? ((long)r == retire && i == NBOTCOLS - 1 ? said : "")
                                      : add[i]);
        csvout_end(&out);
    }
    rc = csvout_replace_file(path, &out);
    csvout_release(&out);
    return rc;
}

/* The row of dir's bots file named name, or -1; *t loaded (empty if none). */
static long find_bot(struct table *t, const char *dir, const char *name, int *rc, char *why,
                     size_t len)
{
    *rc = roster_load(t, dir, ROSTER_BOTS, why, len);
    if (*rc == -ENOENT) {
        *t = (struct table){0};
        *rc = 0;
    }
    int col = *rc == 0 ? table_column(t, "name") : -1;
    if (*rc == 0 && t->ncols > 0 && col < 0) {
        snprintf(why, len, "'%s/%s' has no column 'name'", dir, ROSTER_BOTS);
        *rc = -EINVAL;
    }
    for (size_t r = 0; *rc == 0 && col >= 0 && r < t->nrows; r++)
        if (strcmp(t->rows[r][col], name) == 0)
            return (long)r;
    return -1;
}

static int add_bot(const char *dir, const struct roster_entry *e, char *why, size_t len)
{
    struct table t;
    int rc;
    long row = find_bot(&t, dir, e->name, &rc, why, len);

    if (rc == 0 && row >= 0)
        rc = -EEXIST;
    if (rc == 0) {
        const char *add[NBOTCOLS] = {e->name,
                                     e->command,
                                     e->cwd ? e->cwd : "",
                                     e->proto ? e->proto : "",
                                     e->env ? e->env : "",
                                     ""};
        if ((rc = write_bots(dir, &t, add, -1, NULL)) < 0)
            snprintf(why, len, "cannot write '%s/%s': %s", dir, ROSTER_BOTS, strerror(-rc));
    }
    table_release(&t);
    return rc;
}

static int retire_bot(const char *dir, const char *name, const char *said, char *why, size_t len)
{
    struct table t;
    int rc;
    long row = find_bot(&t, dir, name, &rc, why, len);
    int col = rc == 0 ? table_column(&t, "retired") : -1;

    if (rc == 0 && row < 0)
        rc = -ENOENT;
    else if (rc == 0 && col >= 0 && t.rows[row][col][0])
        rc = -EALREADY;
    if (rc == 0 && (rc = write_bots(dir, &t, NULL, row, said && said[0] ? said : "yes")) < 0)
        snprintf(why, len, "cannot write '%s/%s': %s", dir, ROSTER_BOTS, strerror(-rc));
    table_release(&t);
    return rc;
}

/* dir's bots.csv kept for one writer while it is read and written again
 * (league add, league retire, a run that retires an entry): an flock on
 * dir/bots.lock, waited for. Returns the descriptor to close, or -1 (no lock:
 * the write goes on, as before there was one). */
static int lock_bots(const char *dir)
{
    char path[PATH_MAX];
    if (path_join(path, sizeof(path), dir, ROSTER_BOTS_LOCK) < 0)
        return -1;
    int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0644);
    while (fd >= 0 && flock(fd, LOCK_EX) < 0 && errno == EINTR)
        ;
    return fd;
}

static void unlock_bots(int fd)
{
    if (fd >= 0)
        close(fd);
}

int roster_add_bot(const char *dir, const struct roster_entry *e, char *why, size_t len)
{
    int lock = lock_bots(dir);
    int rc = add_bot(dir, e, why, len);
    unlock_bots(lock);
    return rc;
}

int roster_retire_bot(const char *dir, const char *name, const char *said, char *why, size_t len)
{
    int lock = lock_bots(dir);
    int rc = retire_bot(dir, name, said, why, len);
    unlock_bots(lock);
    return rc;
}
