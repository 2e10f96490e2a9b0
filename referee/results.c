/* results.c: games.csv and moves.csv, each row built with libcsv in memory and
 * written with one write(2). */
#include "results.h"
#include "notation.h"
#include "schema.h"

#include <csv.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* A growing text buffer of CSV. */
struct row {
    char *buf;
    size_t len, cap;
    bool first; /* no field yet on this line */
    bool failed;
};

struct results {
    int games_fd, moves_fd;
    char path[PATH_MAX];
    /* Rows not yet written, kept from game to game, so that writing a game
     * allocates nothing once the buffers have grown. */
    struct row games, moves;
    char history[GAME_MAX_PLIES * GAME_MOVE_TEXT];
};

static void row_reserve(struct row *r, size_t more)
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

static void row_field(struct row *r, const char *text)
{
    size_t n = strlen(text);
    /* Quoting at most doubles the text and adds two quotes and a comma. */
    row_reserve(r, 2 * n + 3);
    if (r->failed)
        return;
    if (!r->first)
        r->buf[r->len++] = ',';
    r->first = false;
    r->len += csv_write(r->buf + r->len, r->cap - r->len, text, n);
}

static void row_fieldf(struct row *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void row_fieldf(struct row *r, const char *fmt, ...)
{
    char text[64];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof(text), fmt, ap);
    va_end(ap);
    row_field(r, text);
}

/* A field with no quote in it, such as a number, goes in as it is, in the
 * double quotes that libcsv's csv_write puts around every field. */
static void row_plain(struct row *r, const char *text, size_t n)
{
    row_reserve(r, n + 3);
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

/* Write the decimal digits of u at out; returns their count. */
static size_t put_digits(char *out, unsigned long long u)
{
    char rev[24];
    size_t n = 0, k = 0;

    do
        rev[n++] = (char)('0' + u % 10);
    while ((u /= 10) > 0);
    while (n > 0)
        out[k++] = rev[--n];
    return k;
}

/* Numbers without printf: a game writes dozens of them. */
static void row_int(struct row *r, long long v)
{
    char text[24];
    size_t n = 0;

    if (v < 0)
        text[n++] = '-';
    n += put_digits(text + n, v < 0 ? 0 - (unsigned long long)v : (unsigned long long)v);
    row_plain(r, text, n);
}

/* Microseconds as milliseconds with three decimals: printf's "%.3f" of us / 1e3. */
static void row_ms(struct row *r, long long us)
{
    char text[32];
    size_t n = 0;
    unsigned long long u = us < 0 ? 0 - (unsigned long long)us : (unsigned long long)us;

    if (us < 0)
        text[n++] = '-';
    n += put_digits(text + n, u / 1000);
    text[n++] = '.';
    text[n++] = (char)('0' + u % 1000 / 100);
    text[n++] = (char)('0' + u % 100 / 10);
    text[n++] = (char)('0' + u % 10);
    row_plain(r, text, n);
}

static void row_end(struct row *r)
{
    row_reserve(r, 2);
    if (r->failed)
        return;
    r->buf[r->len++] = '\n';
    r->first = true;
}

static int write_all(int fd, const char *buf, size_t len)
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

static int mkdir_p(char *path)
{
    for (char *p = path + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        int rc = mkdir(path, 0755);
        *p = '/';
        if (rc < 0 && errno != EEXIST)
            return -errno;
    }
    if (mkdir(path, 0755) < 0 && errno != EEXIST)
        return -errno;
    return 0;
}

/* The file starts with this header, or it is not ours to append to. */
static int check_header(int fd, const struct row *header)
{
    char *line = malloc(header->len);
    ssize_t n = line ? pread(fd, line, header->len, 0) : -1;
    int rc = n == (ssize_t)header->len && memcmp(line, header->buf, header->len) == 0 ? 0 : -EPROTO;

    free(line);
    return rc;
}

/* Open a CSV file for appending. Unless `append`, a file with rows is refused,
 * or emptied if `truncate_rows` (the moves of a run whose games file is empty). */
/* Open games.csv (or moves.csv) in dir with its header. A new run's moves.csv
 * is emptied: its rows can only be a killed run's first game. */
static int open_csv(struct results *r, const char *dir, bool games, bool append, int *fd)
{
    const char *const *columns = games ? schema_games_columns : schema_moves_columns;
    int ncolumns = games ? GC_COUNT : MC_COUNT;
    bool truncate_rows = !games && !append;
    struct stat st;
    struct row header = {.first = true};
    int rc = 0;

    for (int i = 0; i < ncolumns; i++)
        row_field(&header, columns[i]);
    row_end(&header);
    if (header.failed)
        return -ENOMEM;
    snprintf(r->path, sizeof(r->path), "%s/%s", dir, games ? "games.csv" : "moves.csv");
    *fd = open(r->path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (*fd < 0 || fstat(*fd, &st) < 0)
        rc = -errno;
    else if (!append && (size_t)st.st_size > header.len && !truncate_rows)
        rc = -EEXIST; /* it holds rows of another run */
    else if (!append && truncate_rows && ftruncate(*fd, 0) < 0)
        rc = -errno;
    else if ((!append && truncate_rows) || st.st_size == 0)
        rc = write_all(*fd, header.buf, header.len);
    else
        rc = check_header(*fd, &header);
    free(header.buf);
    return rc;
}

int results_open(struct results **out, const char *dir, bool append, char *failed, size_t len)
{
    struct results *r = calloc(1, sizeof(*r));
    int rc;

    if (!r)
        return -ENOMEM;
    r->games_fd = r->moves_fd = -1;
    r->games.first = r->moves.first = true;
    snprintf(r->path, sizeof(r->path), "%s", dir);
    rc = mkdir_p(r->path);
    /* games.csv first: it decides whether the directory is taken. */
    if (rc == 0)
        rc = open_csv(r, dir, true, append, &r->games_fd);
    if (rc == 0)
        rc = open_csv(r, dir, false, append, &r->moves_fd);
    if (rc < 0) {
        snprintf(failed, len, "%s", r->path);
        results_free(r);
        return rc;
    }
    *out = r;
    return 0;
}

static void utc_text(int64_t unix_ms, char *buf, size_t len)
{
    time_t t = (time_t)(unix_ms / 1000);
    struct tm tm;
    gmtime_r(&t, &tm);
    size_t n = strftime(buf, len, "%Y-%m-%dT%H:%M:%S", &tm);
    snprintf(buf + n, len - n, ".%03dZ", (int)(unix_ms % 1000));
}

static void mark_text(const struct game_def *def, int side, char *buf)
{
    buf[0] = side < 2 ? def->marks[side] : '\0';
    buf[1] = '\0';
}

/* moves.csv's rows of a game: one an action. */
static void put_moves(struct row *moves, const struct game_record *rec)
{
    const struct game_state *s = &rec->state;
    const struct game_def *def = game_def_of(s);
    char text[GAME_MOVE_TEXT], mark[2];

    for (int i = 0; i < s->nhistory; i++) {
        struct action a = s->history[i];
        row_int(moves, rec->id);
        row_int(moves, i + 1);
        mark_text(def, a.side, mark);
        row_field(moves, mark);
        row_field(moves, a.side < 2 ? rec->bots[a.side] : "");
        row_field(moves, notation_format_move(def, a, false, text, sizeof(text)));
        if (rec->move_us[i] >= 0)
            row_ms(moves, rec->move_us[i]);
        else
            row_field(moves, "");
        row_field(moves, i < rec->opening_plies ? "1" : "0");
        row_end(moves);
    }
}

/* games.csv's columns from game_id to reason: who played and how it ended. */
static void put_outcome(struct row *game, const struct game_record *rec)
{
    const struct game_state *s = &rec->state;
    const struct game_def *def = game_def_of(s);
    char text[24], mark[2];

    row_int(game, rec->id);
    row_int(game, rec->pairing);
    row_int(game, rec->opening_id);
    row_plain(game, text, put_digits(text, rec->seed));
    row_field(game, def->name);
    row_field(game, rec->bots[0]);
    row_field(game, rec->bots[1]);
    mark_text(def, SIDE_FIRST, mark);
    row_field(game, mark);
    mark_text(def, SIDE_SECOND, mark);
    row_field(game, mark);
    row_field(game, game_result_text(s));
    row_field(game, s->winner < 2 ? rec->bots[s->winner] : "");
    mark_text(def, s->winner, mark);
    row_field(game, mark);
    row_field(game, end_name((enum end)s->end));
    row_field(game, foul_name((enum foul)s->foul));
    row_field(game, rec->foul_side < 2 ? rec->bots[rec->foul_side] : "");
    row_field(game, rec->reason);
}

/* The rest of games.csv's row: counts, times, rules and the moves. */
static void put_figures(struct row *game, const struct game_record *rec, char *history, size_t cap)
{
    const struct game_state *s = &rec->state;
    char start[40];

    row_int(game, s->plies);
    row_int(game, rec->opening_plies);
    utc_text(rec->start_unix_ms, start, sizeof(start));
    row_field(game, start);
    row_ms(game, rec->duration_us);
    row_ms(game, rec->used_us[0]);
    row_ms(game, rec->used_us[1]);
    int nmoves[2];
    int64_t total_us[2];
    int32_t max_us[2];
    record_tally(rec, nmoves, total_us, max_us);
    row_int(game, nmoves[0]);
    row_int(game, nmoves[1]);
    row_ms(game, max_us[0]);
    row_ms(game, max_us[1]);
    row_field(game, s->early_draw ? "1" : "0");
    row_field(game, notation_format_history(s, history, cap));
    row_end(game);
}

int results_write_game(struct results *r, const struct game_record *rec)
{
    struct row *moves = &r->moves, *game = &r->games;

    put_moves(moves, rec);
    put_outcome(game, rec);
    put_figures(game, rec, r->history, sizeof(r->history));
    if (moves->failed || game->failed)
        return -ENOMEM;
    if (moves->len + game->len >= RESULTS_BATCH_BYTES)
        return results_flush(r);
    return 0;
}

int results_flush(struct results *r)
{
    int rc = 0;

    /* Moves before games: a kill between the two leaves moves of games that
     * games.csv lacks, which resume drops, never a game without its moves. */
    if (r->moves.len > 0 && (rc = write_all(r->moves_fd, r->moves.buf, r->moves.len)) < 0)
        return rc;
    r->moves.len = 0;
    if (r->games.len > 0 && (rc = write_all(r->games_fd, r->games.buf, r->games.len)) < 0)
        return rc;
    r->games.len = 0;
    return 0;
}

void results_free(struct results *r)
{
    if (!r)
        return;
    if (r->games_fd >= 0)
        close(r->games_fd);
    if (r->moves_fd >= 0)
        close(r->moves_fd);
    free(r->games.buf);
    free(r->moves.buf);
    free(r);
}

/* Write rows to path through path.tmp and a rename. */
static int replace_file(const char *path, const struct row *rows)
{
    char tmp[PATH_MAX + 8];
    int fd, rc;

    snprintf(tmp, sizeof(tmp), "%s.tmp", path);
    fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0)
        return -errno;
    rc = rows->failed ? -ENOMEM : write_all(fd, rows->buf, rows->len);
    if (rc == 0 && fsync(fd) < 0)
        rc = -errno;
    if (close(fd) < 0 && rc == 0)
        rc = -errno;
    if (rc == 0 && rename(tmp, path) < 0)
        rc = -errno;
    if (rc < 0)
        unlink(tmp);
    return rc;
}

int results_rewrite(const char *path, const struct table *t, const bool *keep, size_t nrows)
{
    struct row out = {.first = true};
    int rc;

    for (size_t c = 0; c < t->ncols; c++)
        row_field(&out, t->header[c]);
    row_end(&out);
    for (size_t r = 0; r < nrows && r < t->nrows; r++) {
        if (keep && !keep[r])
            continue;
        for (size_t c = 0; c < t->ncols; c++)
            row_field(&out, t->rows[r][c]);
        row_end(&out);
    }
    rc = replace_file(path, &out);
    free(out.buf);
    return rc;
}

/* A figure for CSV: "" for NAN, "inf"/"-inf" for the infinities. */
static void row_number(struct row *r, const char *fmt, double v)
{
    if (isnan(v))
        row_field(r, "");
    else if (isinf(v))
        row_field(r, v > 0 ? "inf" : "-inf");
    else
        row_fieldf(r, fmt, v);
}

/* standings.csv's text. */
static void put_standings(struct row *out, const struct standings_row *rows, size_t n)
{
    static const char *const columns[] = {"rank",  "bot",    "games",  "wins",
                                          "draws", "losses", "points", "score_pct",
                                          "elo",   "elo_lo", "elo_hi", "fouls"};
    char points[STANDINGS_POINTS_TEXT];

    for (size_t i = 0; i < sizeof(columns) / sizeof(columns[0]); i++)
        row_field(out, columns[i]);
    for (int f = 1; f < FOUL_COUNT; f++)
        row_fieldf(out, "fouls_%s", foul_name((enum foul)f));
    row_field(out, "mean_ms");
    row_field(out, "max_ms");
    row_end(out);
    for (size_t i = 0; i < n; i++) {
        const struct standings_row *s = &rows[i];
        row_fieldf(out, "%d", s->rank);
        row_field(out, s->name);
        row_fieldf(out, "%d", s->games);
        row_fieldf(out, "%d", s->wins);
        row_fieldf(out, "%d", s->draws);
        row_fieldf(out, "%d", s->losses);
        row_field(out, standings_format_points(s->points, points, sizeof(points)));
        row_number(out, "%.1f", 100 * s->score);
        row_number(out, "%.1f", s->elo);
        row_number(out, "%.1f", s->elo_lo);
        row_number(out, "%.1f", s->elo_hi);
        row_fieldf(out, "%d", s->fouls_total);
        for (int f = 1; f < FOUL_COUNT; f++)
            row_fieldf(out, "%d", s->fouls[f]);
        row_number(out, "%.3f", s->mean_ms);
        row_number(out, "%.3f", s->max_ms);
        row_end(out);
    }
}

/* crosstable.csv's text: a row per bot, a column per opponent: "points/games",
 * in the order of rows, st's last standings_rows. */
static void put_crosstable(struct row *out, struct standings *st, const struct standings_row *rows,
                           size_t n)
{
    char points[STANDINGS_POINTS_TEXT];

    row_field(out, "bot");
    for (size_t j = 0; j < n; j++)
        row_field(out, rows[j].name);
    row_end(out);
    for (size_t i = 0; i < n; i++) {
        row_field(out, rows[i].name);
        for (size_t j = 0; j < n; j++) {
            int games = standings_games_between(st, i, j);
            if (i == j || games == 0)
                row_field(out, "");
            else
                row_fieldf(out, "%s/%d",
                           standings_format_points(standings_points_between(st, i, j), points,
                                                   sizeof(points)),
                           games);
        }
        row_end(out);
    }
}

int results_write_standings(const char *dir, struct standings *st)
{
    char path[PATH_MAX + 32];
    struct row out = {.first = true};
    size_t n;
    const struct standings_row *rows = standings_rows(st, &n);
    int rc;

    put_standings(&out, rows, n);
    snprintf(path, sizeof(path), "%s/standings.csv", dir);
    rc = replace_file(path, &out);
    free(out.buf);
    if (rc < 0)
        return rc;
    out = (struct row){.first = true};
    put_crosstable(&out, st, rows, n);
    snprintf(path, sizeof(path), "%s/crosstable.csv", dir);
    rc = replace_file(path, &out);
    free(out.buf);
    return rc;
}
