/* schema.c: the columns of a run's CSV files and their typed reader. */
#include "schema.h"
#include "cell.h"
#include "path.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const schema_games_columns[GC_COUNT] = {
    [GC_GAME_ID] = "game_id",
    [GC_PAIRING_ID] = "pairing_id",
    [GC_OPENING_ID] = "opening_id",
    [GC_SEED] = "seed",
    [GC_BOT_SEED] = "bot_seed",
    [GC_GAME] = "game",
    [GC_FIRST] = "first",
    [GC_SECOND] = "second",
    [GC_FIRST_MARK] = "first_mark",
    [GC_SECOND_MARK] = "second_mark",
    [GC_RESULT] = "result",
    [GC_WINNER] = "winner",
    [GC_WINNER_MARK] = "winner_mark",
    [GC_END] = "end",
    [GC_FOUL] = "foul",
    [GC_FOUL_BY] = "foul_by",
    [GC_REASON] = "reason",
    [GC_PLIES] = "plies",
    [GC_OPENING_PLIES] = "opening_plies",
    [GC_START_UTC] = "start_utc",
    [GC_DURATION_MS] = "duration_ms",
    [GC_FIRST_MS] = "first_ms",
    [GC_SECOND_MS] = "second_ms",
    [GC_FIRST_MOVES] = "first_moves",
    [GC_SECOND_MOVES] = "second_moves",
    [GC_FIRST_MAX_MS] = "first_max_ms",
    [GC_SECOND_MAX_MS] = "second_max_ms",
    [GC_FIRST_RESTARTS] = "first_restarts",
    [GC_SECOND_RESTARTS] = "second_restarts",
    [GC_EARLY_DRAW] = "early_draw",
    [GC_MOVES] = "moves",
};

const char *const schema_moves_columns[MC_COUNT] = {
    [MC_GAME_ID] = "game_id", [MC_PLY] = "ply", [MC_MARK] = "mark",       [MC_BOT] = "bot",
    [MC_MOVE] = "move",       [MC_MS] = "ms",   [MC_OPENING] = "opening",
};

bool schema_is_timing(const char *column)
{
    static const char *const timing[] = {"start_utc",    "duration_ms",   "first_ms", "second_ms",
                                         "first_max_ms", "second_max_ms", "ms"};
    for (size_t i = 0; i < sizeof(timing) / sizeof(timing[0]); i++)
        if (strcmp(column, timing[i]) == 0)
            return true;
    return false;
}

/* What a file of a run is: its name and its columns. */
struct file_kind {
    const char *name;
    const char *const *columns;
    int ncolumns;
    unsigned long long text;
};

static const struct file_kind games_kind = {"games.csv", schema_games_columns, GC_COUNT,
                                            SCHEMA_GAMES_TEXT},
                              moves_kind = {"moves.csv", schema_moves_columns, MC_COUNT,
                                            SCHEMA_MOVES_TEXT};

static int open_file(struct results_file *f, const char *path, const struct file_kind *kind,
                     unsigned long long needs, char *why, size_t len)
{
    char text[200];

    memset(f, 0, sizeof(*f));
    if (snprintf(f->path, sizeof(f->path), "%s", path) >= (int)sizeof(f->path)) {
        snprintf(why, len, "'%.200s...': %s", path, strerror(ENAMETOOLONG));
        return -ENAMETOOLONG;
    }
    f->text = kind->text;
    int rc = csvread_open(&f->in, path, text, sizeof(text));
    if (rc < 0) {
        snprintf(why, len, "'%s': %s", path, text);
        return rc;
    }
    for (int c = 0; c < kind->ncolumns; c++) {
        f->col[c] = csvread_column(&f->in, kind->columns[c]);
        if (f->col[c] < 0 && (needs >> c & 1)) {
            snprintf(why, len, "'%s': no column '%s': not a %s of this version of referee", path,
                     kind->columns[c], kind->name);
            schema_close(f);
            return -EINVAL;
        }
    }
    return 0;
}

int schema_open_games(struct results_file *f, const char *path, unsigned long long needs, char *why,
                      size_t len)
{
    return open_file(f, path, &games_kind, needs, why, len);
}

int schema_open_moves(struct results_file *f, const char *path, char *why, size_t len)
{
    return open_file(f, path, &moves_kind, (1ull << MC_COUNT) - 1, why, len);
}

int schema_open_in(struct results_file *f, const char *dir, bool games, unsigned long long needs,
                   char *why, size_t len)
{
    char path[PATH_MAX];

    if (path_join(path, sizeof(path), dir, games ? "games.csv" : "moves.csv") < 0) {
        memset(f, 0, sizeof(*f));
        snprintf(why, len, "'%.200s...': %s", dir, strerror(ENAMETOOLONG));
        return -ENAMETOOLONG;
    }
    return games ? schema_open_games(f, path, needs, why, len)
                 : schema_open_moves(f, path, why, len);
}

int schema_next_row(struct results_file *f, char *why, size_t len)
{
    char text[200];

    if (f->torn)
        return 0;
    int rc = csvread_next(&f->in, text, sizeof(text));
    if (rc < 0) {
        snprintf(why, len, "'%s': %s", f->path, text);
        return rc;
    }
    if (rc == 0)
        return 0;
    if (f->in.torn) { /* cut by a kill: not a row of the run */
        f->torn = true;
        return 0;
    }
    f->next++;
    return 1;
}

const char *schema_text(const struct results_file *f, int column)
{
    if (f->col[column] < 0 || !f->in.row)
        return "";
    const char *raw = f->in.row[f->col[column]];
    return f->text >> column & 1 ? cell_unquote(raw) : raw;
}

size_t schema_rows(const struct results_file *f)
{
    return f->next;
}

bool schema_torn(const struct results_file *f)
{
    return f->torn;
}

void schema_close(struct results_file *f)
{
    csvread_close(&f->in);
    f->next = 0;
    f->torn = false;
}

/* A whole number from min to max, the whole text. */
static bool whole(const char *text, long min, long max, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (end == text || *end || errno || v < min || v > max)
        return false;
    *out = v;
    return true;
}

/* A time as games.csv writes them: finite, from 0 to 1e12. */
static bool number(const char *text, double *out)
{
    char *end;
    *out = strtod(text, &end);
    return end != text && *end == '\0' && isfinite(*out) && *out >= 0 && *out <= 1e12;
}

/* Where a row comes from, for what is said of it: a file's row, or a row a
 * run builds before it writes it (col NULL: every column is there). */
struct origin {
    const char *path;
    size_t row; /* 0-based */
    const int *col;
};

/* Say which field of the row does not parse, and why. */
static int bad(const struct origin *o, const char *column, const char *text, const char *what,
               char *why, size_t len)
{
    snprintf(why, len, "'%s' row %zu, column '%s': '%.40s' is not %s", o->path, o->row + 1, column,
             text, what);
    return -EINVAL;
}

#define BAD(c, what) bad(o, schema_games_columns[c], g->text[c], what, why, len)

/* Whether column c is in the row (a reader may do without some). */
static bool has(const struct origin *o, int c)
{
    return !o->col || o->col[c] >= 0;
}

/* The result, the foul and who made it. */
static int game_outcome(const struct origin *o, struct game_row *g, char *why, size_t len)
{
    const char *result = g->text[GC_RESULT];

    g->aborted = strcmp(result, "*") == 0;
    g->winner = strcmp(result, "1-0") == 0   ? SIDE_FIRST
                : strcmp(result, "0-1") == 0 ? SIDE_SECOND
                                             : SIDE_NONE;
    if (g->winner == SIDE_NONE && !g->aborted && strcmp(result, "1/2-1/2") != 0)
        return BAD(GC_RESULT, "1-0, 0-1, 1/2-1/2 or *");
    g->foul = FOUL_NONE;
    g->foul_side = SIDE_NONE;
    if (g->text[GC_FOUL][0]) {
        const char *by = g->text[GC_FOUL_BY];
        g->foul = foul_from_name(g->text[GC_FOUL]);
        g->foul_side = strcmp(by, g->bots[0]) == 0   ? SIDE_FIRST
                       : strcmp(by, g->bots[1]) == 0 ? SIDE_SECOND
                                                     : SIDE_NONE;
        if (g->foul == FOUL_COUNT)
            return BAD(GC_FOUL, "a foul");
        if (g->foul_side == SIDE_NONE)
            return BAD(GC_FOUL_BY, "a bot of the game");
    }
    return 0;
}

/* Counts and times. */
static int game_figures(const struct origin *o, struct game_row *g, char *why, size_t len)
{
    static const int ms[2] = {GC_FIRST_MS, GC_SECOND_MS},
                     max[2] = {GC_FIRST_MAX_MS, GC_SECOND_MAX_MS},
                     moves[2] = {GC_FIRST_MOVES, GC_SECOND_MOVES},
                     restarts[2] = {GC_FIRST_RESTARTS, GC_SECOND_RESTARTS};
    long v = 0;

    for (int side = 0; side < 2; side++) {
        if (has(o, ms[side]) && !number(g->text[ms[side]], &g->ms[side]))
            return BAD(ms[side], "a time in milliseconds");
        if (has(o, max[side]) && !number(g->text[max[side]], &g->max_ms[side]))
            return BAD(max[side], "a time in milliseconds");
        if (has(o, moves[side]) && !whole(g->text[moves[side]], 0, GAME_MAX_PLIES, &v))
            return BAD(moves[side], "a count of moves a game can have");
        g->moves[side] = has(o, moves[side]) ? (int)v : 0;
        if (has(o, restarts[side]) && !whole(g->text[restarts[side]], 0, 1000000, &v))
            return BAD(restarts[side], "a count of restarts");
        g->restarts[side] = has(o, restarts[side]) ? (int)v : 0;
    }
    if (has(o, GC_PLIES) && !whole(g->text[GC_PLIES], 0, GAME_MAX_PLIES, &v))
        return BAD(GC_PLIES, "a count of moves a game can have");
    g->plies = has(o, GC_PLIES) ? (int)v : 0;
    if (has(o, GC_OPENING_PLIES) && !whole(g->text[GC_OPENING_PLIES], 0, GAME_MAX_PLIES, &v))
        return BAD(GC_OPENING_PLIES, "a count of moves a game can have");
    g->opening_plies = has(o, GC_OPENING_PLIES) ? (int)v : 0;
    return 0;
}

/* g's fields from its texts. Returns 1, or -EINVAL having said why. */
static int type_game(const struct origin *o, struct game_row *g, char *why, size_t len)
{
    char *end;

    g->bots[0] = g->text[GC_FIRST];
    g->bots[1] = g->text[GC_SECOND];
    g->def = game_find(g->text[GC_GAME]);
    if (has(o, GC_GAME_ID) && !whole(g->text[GC_GAME_ID], 1, LONG_MAX, &g->id))
        return BAD(GC_GAME_ID, "a game number");
    if (has(o, GC_PAIRING_ID) && !whole(g->text[GC_PAIRING_ID], 0, LONG_MAX, &g->pairing))
        return BAD(GC_PAIRING_ID, "a pairing number");
    if (has(o, GC_OPENING_ID) && !whole(g->text[GC_OPENING_ID], 0, LONG_MAX, &g->opening_id))
        return BAD(GC_OPENING_ID, "an opening number");
    errno = 0;
    g->seed = strtoull(g->text[GC_SEED], &end, 10);
    if (has(o, GC_SEED) && (end == g->text[GC_SEED] || *end || errno || g->text[GC_SEED][0] == '-'))
        return BAD(GC_SEED, "a seed");
    errno = 0;
    g->bot_seed = strtoull(g->text[GC_BOT_SEED], &end, 10);
    if (has(o, GC_BOT_SEED) && (end == g->text[GC_BOT_SEED] || *end || errno ||
                                g->text[GC_BOT_SEED][0] == '-' || g->bot_seed >= (1ull << 53)))
        return BAD(GC_BOT_SEED, "a seed below 2^53");
    if (has(o, GC_EARLY_DRAW) && strcmp(g->text[GC_EARLY_DRAW], "0") != 0 &&
        strcmp(g->text[GC_EARLY_DRAW], "1") != 0)
        return BAD(GC_EARLY_DRAW, "0 or 1");
    g->early_draw = g->text[GC_EARLY_DRAW][0] == '1';
    int rc = game_outcome(o, g, why, len);
    return rc < 0 ? rc : game_figures(o, g, why, len) < 0 ? -EINVAL : 1;
}

int schema_next_game(struct results_file *f, struct game_row *g, char *why, size_t len)
{
    int more = schema_next_row(f, why, len);
    if (more <= 0)
        return more;
    struct origin o = {.path = f->path, .row = f->next - 1, .col = f->col};

    memset(g, 0, sizeof(*g));
    for (int c = 0; c < GC_COUNT; c++)
        g->text[c] = schema_text(f, c);
    return type_game(&o, g, why, len);
}

int schema_game_of_texts(struct game_row *g, const char *const text[GC_COUNT], const char *path,
                         long row, char *why, size_t len)
{
    struct origin o = {.path = path, .row = (size_t)row};

    memset(g, 0, sizeof(*g));
    memcpy(g->text, text, sizeof(g->text));
    return type_game(&o, g, why, len);
}

int schema_next_move(struct results_file *f, struct move_row *m, char *why, size_t len)
{
    int more = schema_next_row(f, why, len);
    if (more <= 0)
        return more;
    struct origin o = {.path = f->path, .row = f->next - 1, .col = f->col};

    memset(m, 0, sizeof(*m));
    for (int c = 0; c < MC_COUNT; c++)
        m->text[c] = schema_text(f, c);
    if (!whole(m->text[MC_GAME_ID], 1, LONG_MAX, &m->game_id))
        return bad(&o, "game_id", m->text[MC_GAME_ID], "a game number", why, len);
    if (!whole(m->text[MC_PLY], 1, GAME_MAX_PLIES, &m->ply))
        return bad(&o, "ply", m->text[MC_PLY], "a ply of a game", why, len);
    m->opening = strcmp(m->text[MC_OPENING], "1") == 0;
    return 1;
}
