/* schema.h: the columns of games.csv and moves.csv, declared once, and the one
 * reader that yields their rows typed. results.c writes these columns in this
 * order; everything that reads a run's files back (check, replay, standings,
 * resume, the SPRT and score of a resumed run) reads them here, and every
 * "not a games.csv" error comes from here, naming the file, row and column.
 * Columns are documented in results/README.md. */
#ifndef REFEREE_SCHEMA_H
#define REFEREE_SCHEMA_H

#include "game.h"
#include "csvread.h"

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum games_column {
    GC_GAME_ID,
    GC_PAIRING_ID,
    GC_OPENING_ID,
    GC_SEED,
    GC_BOT_SEED,
    GC_GAME,
    GC_FIRST,
    GC_SECOND,
    GC_FIRST_MARK,
    GC_SECOND_MARK,
    GC_RESULT,
    GC_WINNER,
    GC_WINNER_MARK,
    GC_END,
    GC_FOUL,
    GC_FOUL_BY,
    GC_REASON,
    GC_PLIES,
    GC_OPENING_PLIES,
    GC_START_UTC,
    GC_DURATION_MS,
    GC_FIRST_MS,
    GC_SECOND_MS,
    GC_FIRST_MOVES,
    GC_SECOND_MOVES,
    GC_FIRST_MAX_MS,
    GC_SECOND_MAX_MS,
    GC_FIRST_RESTARTS,
    GC_SECOND_RESTARTS,
    GC_EARLY_DRAW,
    GC_MOVES,
    GC_COUNT
};
extern const char *const schema_games_columns[GC_COUNT];

enum moves_column { MC_GAME_ID, MC_PLY, MC_MARK, MC_BOT, MC_MOVE, MC_MS, MC_OPENING, MC_COUNT };
extern const char *const schema_moves_columns[MC_COUNT];

/* The columns of free text (bots' names, reasons): written with csvout_text,
 * so that a spreadsheet shows them as text, and read back through
 * cell_unquote by schema_text, so that every reader gets the text itself. */
#define SCHEMA_GAMES_TEXT                                                                          \
    ((1ull << GC_FIRST) | (1ull << GC_SECOND) | (1ull << GC_WINNER) | (1ull << GC_FOUL_BY) |       \
     (1ull << GC_REASON))
#define SCHEMA_MOVES_TEXT (1ull << MC_BOT)

/* True for the columns that differ from one run of the same games to the
 * next: times. Comparisons of runs leave them out. */
bool schema_is_timing(const char *column);

/* A row of games.csv, typed. Strings point into the file's reader and stay
 * valid until its next row is read or it is closed. */
struct game_row {
    const char *text[GC_COUNT]; /* every field as written, by column */
    long id, pairing, opening_id;
    uint64_t seed;              /* the opening's */
    uint64_t bot_seed;          /* the one told to the bots */
    const struct game_def *def; /* NULL: a game this referee does not know */
    const char *bots[2];        /* by side */
    int winner;                 /* enum side; SIDE_NONE for a draw or an abort */
    bool aborted;               /* result '*' */
    enum foul foul;             /* FOUL_NONE, or the foul that ended it */
    int foul_side;              /* enum side of the offender, SIDE_NONE without a foul */
    int plies, opening_plies;
    int moves[2];     /* replies per side */
    double ms[2];     /* thinking time per side */
    double max_ms[2]; /* longest reply per side */
    int restarts[2];  /* its bot started again before this game (died or out of step) */
    bool early_draw;
};

/* A row of moves.csv, typed likewise. */
struct move_row {
    const char *text[MC_COUNT];
    long game_id, ply;
    bool opening;
};

/* A games.csv or moves.csv being read, a row at a time: memory does not grow
 * with the file. */
struct results_file {
    struct csvread in;
    char path[PATH_MAX];
    int col[GC_COUNT]; /* position of each column (of moves.csv's: MC_COUNT of them); -1: none */
    unsigned long long text; /* its columns of free text (SCHEMA_GAMES_TEXT or SCHEMA_MOVES_TEXT) */
    size_t next;             /* whole rows yielded so far */
    bool torn;               /* the file ended in a row without its newline (a kill) */
};

/* Columns a reader needs, as a mask of (1 << column): a file without one of
 * them is refused; other columns may be missing (their text is then "" and
 * their typed field 0). */
#define SCHEMA_ALL ((1ull << GC_COUNT) - 1)
#define SCHEMA_STANDINGS                                                                           \
    ((1ull << GC_FIRST) | (1ull << GC_SECOND) | (1ull << GC_RESULT) | (1ull << GC_FOUL) |          \
     (1ull << GC_FOUL_BY) | (1ull << GC_FIRST_MS) | (1ull << GC_SECOND_MS) |                       \
     (1ull << GC_FIRST_MOVES) | (1ull << GC_SECOND_MOVES) | (1ull << GC_FIRST_MAX_MS) |            \
     (1ull << GC_SECOND_MAX_MS))

/* Open path as a games.csv with the columns in mask `needs` (schema_open_games)
 * or as a moves.csv with all of its columns, and find its columns in its
 * header. Returns 0, or a negative errno with why (len bytes) saying what
 * is wrong, naming path: -ENOENT and other errnos for a file that cannot be
 * read, -ENODATA for one without a header row (empty, or a run killed before
 * it), -EINVAL for one that is not CSV or lacks a column. */
int schema_open_games(struct results_file *f, const char *path, unsigned long long needs, char *why,
                      size_t len);
int schema_open_moves(struct results_file *f, const char *path, char *why, size_t len);

/* The same for the games.csv or moves.csv of the run in dir; -ENAMETOOLONG
 * for a dir too long to join to the name. */
int schema_open_in(struct results_file *f, const char *dir, bool games, unsigned long long needs,
                   char *why, size_t len);

/* The next whole row: returns 1 with *row filled, 0 at the end (a torn last
 * row, cut by a kill, is not yielded: see schema_torn), or -EINVAL with why
 * naming the file, row and column of a field that does not parse (or another
 * negative errno for a file that cannot be read on). */
int schema_next_game(struct results_file *f, struct game_row *row, char *why, size_t len);
int schema_next_move(struct results_file *f, struct move_row *row, char *why, size_t len);

/* The same typing for a games.csv row a run is about to write (every column
 * there, in text; row is its 0-based number in path, for what is said of a
 * field that does not parse). Strings point into text's. Returns 1 or -EINVAL. */
int schema_game_of_texts(struct game_row *g, const char *const text[GC_COUNT], const char *path,
                         long row, char *why, size_t len);

/* The next whole row, untyped: its fields by schema_text. Returns as above. */
int schema_next_row(struct results_file *f, char *why, size_t len);

/* The text of column (a games_column or moves_column) in the row last
 * yielded, a text column's as it was before it was written (without the '
 * that kept it from being a formula); "" for a column the file does not have. */
const char *schema_text(const struct results_file *f, int column);

/* Whole rows yielded so far. */
size_t schema_rows(const struct results_file *f);

/* True once the end was reached at a torn last row. */
bool schema_torn(const struct results_file *f);

/* Free what f holds; safe twice and on a zeroed struct. */
void schema_close(struct results_file *f);

#endif
