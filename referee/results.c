/* results.c: games.csv and moves.csv, each row built with libcsv in memory and
 * written with one write(2). */
#include "results.h"
#include "path.h"
#include "notation.h"
#include "csvout.h"
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

struct results {
    int games_fd, moves_fd;
    char path[PATH_MAX];
    /* Rows not yet written, kept from game to game, so that writing a game
     * allocates nothing once the buffers have grown. */
    struct csvout games, moves;
    char history[GAME_MAX_PLIES * GAME_MOVE_TEXT];
};

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
static int check_header(int fd, const struct csvout *header)
{
    char *line = malloc(header->len);
    ssize_t n = line ? pread(fd, line, header->len, 0) : -1;
    int rc = n == (ssize_t)header->len && memcmp(line, header->buf, header->len) == 0 ? 0 : -EPROTO;

    free(line);
    return rc;
}

/* Open games.csv (or moves.csv) in dir for appending, with its header. Unless
 * `append`, a games.csv with rows is refused, and a moves.csv emptied: its
 * rows can only be a killed run's first game. */
static int open_csv(struct results *r, const char *dir, bool games, bool append, int *fd)
{
    const char *const *columns = games ? schema_games_columns : schema_moves_columns;
    int ncolumns = games ? GC_COUNT : MC_COUNT;
    bool truncate_rows = !games && !append;
    struct stat st;
    struct csvout header = CSVOUT_INIT;
    int rc = 0;

    for (int i = 0; i < ncolumns; i++)
        csvout_field(&header, columns[i]);
    csvout_end(&header);
    if (header.failed)
        return -ENOMEM;
    if (path_join(r->path, sizeof(r->path), dir, games ? "games.csv" : "moves.csv") < 0)
        rc = -ENAMETOOLONG;
    else if ((*fd = open(r->path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0644)) < 0 ||
             fstat(*fd, &st) < 0)
        rc = -errno;
    else if (!append && (size_t)st.st_size > header.len && !truncate_rows)
        rc = -EEXIST; /* it holds rows of another run */
    else if (!append && truncate_rows && ftruncate(*fd, 0) < 0)
        rc = -errno;
    else if ((!append && truncate_rows) || st.st_size == 0)
        rc = csvout_write_all(*fd, header.buf, header.len);
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
    rc = snprintf(r->path, sizeof(r->path), "%s", dir) >= (int)sizeof(r->path) ? -ENAMETOOLONG
                                                                               : mkdir_p(r->path);
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
static void put_moves(struct csvout *moves, const struct game_record *rec)
{
    const struct game_state *s = &rec->state;
    const struct game_def *def = game_def_of(s);
    char text[GAME_MOVE_TEXT], mark[2];

    for (int i = 0; i < s->nhistory; i++) {
        struct action a = s->history[i];
        csvout_int(moves, rec->id);
        csvout_int(moves, i + 1);
        mark_text(def, a.side, mark);
        csvout_field(moves, mark);
        csvout_field(moves, a.side < 2 ? rec->bots[a.side] : "");
        csvout_field(moves, notation_format_move(def, a, false, text, sizeof(text)));
        if (rec->move_us[i] >= 0)
            csvout_ms(moves, rec->move_us[i]);
        else
            csvout_field(moves, "");
        csvout_field(moves, i < rec->opening_plies ? "1" : "0");
        csvout_end(moves);
    }
}

/* games.csv's columns from game_id to reason: who played and how it ended. */
static void put_outcome(struct csvout *game, const struct game_record *rec)
{
    const struct game_state *s = &rec->state;
    const struct game_def *def = game_def_of(s);
    char mark[2];

    csvout_int(game, rec->id);
    csvout_int(game, rec->pairing);
    csvout_int(game, rec->opening_id);
    csvout_uint(game, rec->seed);
    csvout_uint(game, rec->bot_seed);
    csvout_field(game, def->name);
    csvout_field(game, rec->bots[0]);
    csvout_field(game, rec->bots[1]);
    mark_text(def, SIDE_FIRST, mark);
    csvout_field(game, mark);
    mark_text(def, SIDE_SECOND, mark);
    csvout_field(game, mark);
    csvout_field(game, game_result_text(s));
    csvout_field(game, s->winner < 2 ? rec->bots[s->winner] : "");
    mark_text(def, s->winner, mark);
    csvout_field(game, mark);
    csvout_field(game, end_name((enum end)s->end));
    csvout_field(game, foul_name((enum foul)s->foul));
    csvout_field(game, rec->foul_side < 2 ? rec->bots[rec->foul_side] : "");
    csvout_field(game, rec->reason);
}

/* The rest of games.csv's row: counts, times, rules and the moves. */
static void put_figures(struct csvout *game, const struct game_record *rec, char *history,
                        size_t cap)
{
    const struct game_state *s = &rec->state;
    char start[40];

    csvout_int(game, s->plies);
    csvout_int(game, rec->opening_plies);
    utc_text(rec->start_unix_ms, start, sizeof(start));
    csvout_field(game, start);
    csvout_ms(game, rec->duration_us);
    csvout_ms(game, rec->used_us[0]);
    csvout_ms(game, rec->used_us[1]);
    int nmoves[2];
    int64_t total_us[2];
    int32_t max_us[2];
    record_tally(rec, nmoves, total_us, max_us);
    csvout_int(game, nmoves[0]);
    csvout_int(game, nmoves[1]);
    csvout_ms(game, max_us[0]);
    csvout_ms(game, max_us[1]);
    csvout_int(game, rec->restarts[0]);
    csvout_int(game, rec->restarts[1]);
    csvout_field(game, s->early_draw ? "1" : "0");
    csvout_field(game, notation_format_history(s, history, cap));
    csvout_end(game);
}

int results_write_game(struct results *r, const struct game_record *rec)
{
    struct csvout *moves = &r->moves, *game = &r->games;

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
    if (r->moves.len > 0 && (rc = csvout_write_all(r->moves_fd, r->moves.buf, r->moves.len)) < 0)
        return rc;
    r->moves.len = 0;
    if (r->games.len > 0 && (rc = csvout_write_all(r->games_fd, r->games.buf, r->games.len)) < 0)
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

void results_copy_fields(struct csvout *out, char *const *fields, size_t n)
{
    for (size_t c = 0; c < n; c++)
        csvout_field(out, fields[c]);
    csvout_end(out);
}
