/* results.c: games.csv and moves.csv, each row built with libcsv in memory and
 * written with one write(2). */
#include "results.h"
#include "path.h"
#include "gamerow.h"
#include "csvout.h"
#include "schema.h"
#include "folder.h"

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
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

struct results {
    int games_fd, moves_fd;
    int dir_fd; /* the folder, borrowed */
    /* What the names must still name when rows are written. */
    struct stat games_st, moves_st;
    char path[PATH_MAX];
    /* Rows not yet written, kept from game to game, so that writing a game
     * allocates nothing once the buffers have grown. */
    struct csvout games, moves;
    struct game_texts texts; /* the last game's row */
};

int results_make_dir(const char *dir)
{
    int fd, rc = folder_open(dir, true, &fd);

    if (rc == 0)
        close(fd);
    return rc;
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

/* games.csv is locked while a run writes it: a second run whose run.lock was
 * taken from under the first (runlock.h) still finds the folder in use. */
static int lock_games(int fd)
{
    int rc;
    while ((rc = flock(fd, LOCK_EX | LOCK_NB)) < 0 && errno == EINTR)
        ;
    return rc < 0 ? -errno : 0;
}

/* Open games.csv (or moves.csv) in dir for appending, with its header. Unless
 * `append`, a games.csv with rows is refused, and a moves.csv emptied: its
 * rows can only be a killed run's first game. */
static int open_csv(struct results *r, const char *dir, bool games, bool append, int *fd)
{
    const char *const *columns = games ? schema_games_columns : schema_moves_columns;
    const char *name = games ? "games.csv" : "moves.csv";
    int ncolumns = games ? GC_COUNT : MC_COUNT;
    bool truncate_rows = !games && !append;
    struct stat *st = games ? &r->games_st : &r->moves_st;
    struct csvout header = CSVOUT_INIT;
    int rc = 0;

    for (int i = 0; i < ncolumns; i++)
        csvout_field(&header, columns[i]);
    csvout_end(&header);
    if (header.failed)
        return -ENOMEM;
    if (path_join(r->path, sizeof(r->path), dir, name) < 0)
        rc = -ENAMETOOLONG;
    else if ((rc = folder_open_file(r->dir_fd, name, O_RDWR | O_CREAT | O_APPEND, fd)) < 0 ||
             (games && (rc = lock_games(*fd)) < 0))
        ; /* a link, or another run's */
    else if (fstat(*fd, st) < 0)
        rc = -errno;
    else if (!append && (size_t)st->st_size > header.len && !truncate_rows)
        rc = -EEXIST; /* it holds rows of another run */
    else if (!append && truncate_rows && ftruncate(*fd, 0) < 0)
        rc = -errno;
    else if ((!append && truncate_rows) || st->st_size == 0)
        rc = csvout_write_all(*fd, header.buf, header.len);
    else
        rc = check_header(*fd, &header);
    free(header.buf);
    return rc;
}

int results_open(struct results **out, int dir_fd, const char *dir, bool append, char *failed,
                 size_t len)
{
    struct results *r = calloc(1, sizeof(*r));
    int rc;

    if (!r)
        return -ENOMEM;
    r->games_fd = r->moves_fd = -1;
    r->dir_fd = dir_fd;
    r->games.first = r->moves.first = true;
    r->texts = (struct game_texts)GAME_TEXTS_INIT;
    rc = snprintf(r->path, sizeof(r->path), "%s", dir) >= (int)sizeof(r->path) ? -ENAMETOOLONG : 0;
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

/* A row's fields from its texts: the columns that never need quoting go in
 * as they are, free text as text (csvout_text), the others through libcsv. */
static void put_row(struct csvout *out, const char *const *text, const bool *plain,
                    unsigned long long free_text, int n)
{
    for (int c = 0; c < n; c++) {
        if (plain[c])
            csvout_plain(out, text[c], strlen(text[c]));
        else if (free_text >> c & 1)
            csvout_text(out, text[c]);
        else
            csvout_field(out, text[c]);
    }
    csvout_end(out);
}

void results_put_game(struct csvout *out, const char *const text[GC_COUNT])
{
    put_row(out, text, gamerow_games_plain, SCHEMA_GAMES_TEXT, GC_COUNT);
}

int results_write_game(struct results *r, const struct game_record *rec)
{
    struct csvout *moves = &r->moves, *game = &r->games;
    struct move_texts m;

    for (int i = 0; i < rec->state.nhistory; i++) {
        gamerow_move(rec, i, &m);
        put_row(moves, m.text, gamerow_moves_plain, SCHEMA_MOVES_TEXT, MC_COUNT);
    }
    gamerow_game(rec, &r->texts);
    results_put_game(game, r->texts.text);
    if (moves->failed || game->failed)
        return -ENOMEM;
    if (moves->len + game->len >= RESULTS_BATCH_BYTES)
        return results_flush(r);
    return 0;
}

const struct game_texts *results_texts(const struct results *r)
{
    return &r->texts;
}

/* Whether the name still names the file st is of. */
static bool is_named(int dir_fd, const char *name, const struct stat *st)
{
    struct stat at;
    return fstatat(dir_fd, name, &at, AT_SYMLINK_NOFOLLOW) == 0 && at.st_dev == st->st_dev &&
           at.st_ino == st->st_ino;
}

int results_flush(struct results *r)
{
    int rc = 0;

    if (r->moves.len == 0 && r->games.len == 0)
        return 0;
    /* Rows written to a file no name reaches would be lost without a word. */
    if (!is_named(r->dir_fd, "games.csv", &r->games_st) ||
        !is_named(r->dir_fd, "moves.csv", &r->moves_st))
        return -ESTALE;

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
