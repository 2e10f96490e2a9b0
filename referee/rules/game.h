/* game.h: the pure core of referee. A game is a value (struct game_state) and a
 * reducer (game_step) that folds actions into it; each game's rules sit behind
 * one table of functions (struct game_def), listed in one registry (game.c). */
#ifndef REFEREE_GAME_H
#define REFEREE_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define GAME_MAX_SQUARES 400 /* gomoku-freestyle, 20 x 20 */
#define GAME_MAX_PLIES   416 /* every game ends well before: 400 moves + the final action */
#define GAME_MOVE_TEXT   16  /* longest move text plus NUL ("x:o15", "x:pass") */
#define GAME_BOARD_TEXT  512 /* longest board text plus NUL */

enum side { SIDE_FIRST = 0, SIDE_SECOND = 1, SIDE_NONE = 2 };

static inline enum side side_other(enum side s)
{
    return s == SIDE_FIRST ? SIDE_SECOND : SIDE_FIRST;
}

enum action_kind {
    ACTION_MOVE,    /* place at (row, col); for column games only col counts */
    ACTION_PASS,    /* a move in games that allow it (reversi) */
    ACTION_RESIGN,  /* the side gives up */
    ACTION_FORFEIT, /* the referee rules a foul the rules cannot see (timeout, crash...) */
    ACTION_ABORT,   /* the referee stops the game: no winner */
};

/* Fouls: each ends the game, lost by the offender. The first group is found by
 * the rules; the second is reported by the referee through ACTION_FORFEIT.
 * Their reasons and names are listed once, in protocol/PROTOCOL.md "Fouls";
 * play/match.c judges every reply into one of them. */
enum foul {
    FOUL_NONE,
    FOUL_OUT_OF_TURN,
    FOUL_OCCUPIED,
    FOUL_NO_SUCH_SQUARE,
    FOUL_ILLEGAL, /* on the board and empty, yet not allowed (no flip, full column...) */
    FOUL_TIMEOUT,
    FOUL_MALFORMED,
    FOUL_TOO_LONG,
    FOUL_CRASHED,
    FOUL_EXITED,
    FOUL_CLOSED,
    FOUL_UNASKED,  /* wrote when it was not its turn */
    FOUL_NO_START, /* its process died and could not be started again */
    FOUL_COUNT
};

/* How a game ended. */
enum end {
    END_NONE,  /* still being played */
    END_LINE,  /* n in a row */
    END_FULL,  /* board full, nobody won */
    END_DEAD,  /* early draw: no line can be completed by either side */
    END_COUNT, /* no moves left; the disc count decides (reversi) */
    END_FOUL,  /* see state.foul */
    END_RESIGNED,
    END_ABORTED,
};

/* One action as the referee or a move list said it. Coordinates stay as
 * written so that an off-board square can be reported back as it was played. */
struct action {
    uint8_t kind; /* enum action_kind */
    uint8_t side; /* enum side: who acts */
    int8_t row;   /* 0-based; -1 where the game has no rows in its notation */
    int8_t col;   /* 0-based */
    uint8_t foul; /* enum foul, for ACTION_FORFEIT */
};

/* How a square is written. */
enum square_style {
    SQUARES_ROW_LETTER, /* row letter then column number: "c2" (tic-tac-toe) */
    SQUARES_COL_LETTER, /* column letter then row number: "d3" (reversi, gomoku) */
    SQUARES_COLUMN,     /* column number only: "4" (connect four) */
};

/* A whole game: position, result and history. Pointer-free and copied by
 * assignment; `game` indexes the registry. */
struct game_state {
    uint8_t game;       /* index into game_registry() */
    uint8_t early_draw; /* rule option: declare dead positions drawn */
    uint8_t to_move;    /* enum side */
    uint8_t winner;     /* enum side; SIDE_NONE for a draw, an abort, or a game in progress */
    uint8_t end;        /* enum end */
    uint8_t foul;       /* enum foul when end == END_FOUL */
    uint16_t nhistory;
    uint16_t plies; /* moves played on the board (fouls, resign and abort excluded) */
    struct action history[GAME_MAX_PLIES]; /* every action that counted, the last one included */
    union {
        uint16_t ttt[2];     /* tic-tac-toe: a 9-bit mask per side, bit 3*row+col */
        uint64_t bits[2];    /* 64-square games (connect four, reversi) */
        uint64_t wide[2][7]; /* gomoku: 15 x 16 or 20 x 21 bits per side */
    } board;
};

/* The rules of one game. Pure functions: no allocation, I/O, clock or globals.
 * `square` below is the game's own index in [0, nsquares); moves are actions. */
struct game_def {
    const char *name;  /* "tictactoe": what users type */
    const char *title; /* "tic-tac-toe" */
    char marks[2];     /* marks of the first and the second side, e.g. 'o', 'x' */
    int rows, cols;
    enum square_style squares;
    bool has_pass;
    int line;        /* n in a row that wins; 0 where lines do not decide */
    bool line_exact; /* only exactly `line` in a row wins (gomoku-standard) */
    /* Random opening plies a tournament starts its pairs of games from unless
     * told otherwise: enough to vary games, too few to decide them. */
    int opening_plies;

    /* Set up the board of the initial position (game, to_move and history are
     * set by game_init). */
    void (*init)(struct game_state *s);
    /* Write the legal moves of s->to_move into out (at most GAME_MAX_SQUARES + 1)
     * and return how many. A finished game has none. */
    int (*legal)(const struct game_state *s, struct action *out);
    /* Check a move or pass by s->to_move and play it into *s, setting end, winner
     * and to_move when it ends the game. Returns FOUL_NONE, or the foul with *s
     * left untouched. Never called on a finished game or for another side. */
    enum foul (*play)(struct game_state *s, struct action a);
    /* True if neither side can still complete a line (early draw). */
    bool (*is_dead)(const struct game_state *s);
    /* Mark at (row, col): 0 for the first side, 1 for the second, -1 if empty. */
    int (*at)(const struct game_state *s, int row, int col);
    /* Put a mark (0, 1) or clear (-1) a square, for parsing boards. */
    void (*set)(struct game_state *s, int row, int col, int mark);
    /* Settle to_move, end and winner of a position read from a board text, whose
     * side to move, if given, is in s->to_move (SIDE_NONE if not). Returns false
     * if the position cannot arise in the game (e.g. counts of marks). */
    bool (*settle)(struct game_state *s);
    /* Optional: a short phrase saying why move a, which play() refused with
     * FOUL_ILLEGAL in position s, is illegal ("column full"). */
    const char *(*why_illegal)(const struct game_state *s, struct action a);
    /* The position a bot of this game most often gets wrong, for doctor's
     * checklist ("a forced pass"), and whether s, reached by play, is one.
     * Every game has both (tests/test_doctor.c checks the registry). */
    const char *special;
    bool (*is_special)(const struct game_state *s);
};

/* The registry: every game, in a fixed order. */
const struct game_def *const *game_registry(size_t *count);
/* The game named `name`, or NULL. */
const struct game_def *game_find(const char *name);
/* The rules of the game s is a state of. */
const struct game_def *game_def_of(const struct game_state *s);

/* Initialise *s to the start of the game (one of the registry's). */
void game_init(struct game_state *s, const struct game_def *def, bool early_draw);

/* The reducer: fold one action into the game. A move by the side not to move
 * ends the game for the side to move (out of turn); a foul found by the rules
 * ends it for the opponent of the mover; resign and forfeit lose for the actor;
 * abort ends it with no winner. A finished game ignores every action: returns
 * false and leaves *s untouched. Returns true if the action counted (it is then
 * the last entry of the history). */
bool game_step(struct game_state *s, struct action a);

static inline bool game_is_over(const struct game_state *s)
{
    return s->end != END_NONE;
}

/* Legal moves of the side to move; see struct game_def.legal. */
int game_legal(const struct game_state *s, struct action *out);

/* The result as "1-0", "0-1", "1/2-1/2", or "*" (aborted or in progress). */
const char *game_result_text(const struct game_state *s);

/* Human text for why the game ended, e.g. "three in a row", "moved out of turn
 * (o:b2)", "illegal move b1 (occupied)", "resigned". Referee fouls get only
 * their kind ("timeout"); the match adds the figures. Writes at most len bytes
 * (NUL included) and returns buf. */
char *game_reason(const struct game_state *s, char *buf, size_t len);

/* Short stable names for CSV columns: "timeout", "occupied"; "" for FOUL_NONE. */
const char *foul_name(enum foul f);
/* The foul named `name` (as foul_name gives it), or FOUL_COUNT if none is. */
enum foul foul_from_name(const char *name);
/* Stable names of ends: "line", "full", "dead", "count", "foul", "resigned", "aborted". */
const char *end_name(enum end e);

#endif
