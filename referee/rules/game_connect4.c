/* game_connect4.c: connect four rules. x moves first; a move is a column number
 * and the disc drops to the lowest empty square of it. Each side is a bitboard of
 * 7 bits per column, bit 7 * col + height: 6 squares bottom up, then a guard bit
 * that stays empty so that line shifts never wrap into the next column. */
#include "game.h"
#include "marks.h"

#define ROWS 6
#define COLS 7
#define H    (ROWS + 1) /* bits per column, the guard included */

#define BOTTOM 0x0000040810204081ull /* the bottom square of every column */
#define BOARD  (BOTTOM * 0x3f)       /* every square, no guard */

/* Shifts along a column, along a row and along both diagonals. */
static const int dirs[4] = {1, H, H - 1, H + 1};

static uint64_t bit(int row, int col)
{
    return 1ull << (H * col + ROWS - 1 - row); /* rows are counted from the top */
}

static uint64_t column(int col)
{
    return 0x3full << (H * col);
}

static bool has_line(uint64_t b)
{
    for (int i = 0; i < 4; i++) {
        uint64_t pairs = b & (b >> dirs[i]);
        if (pairs & (pairs >> 2 * dirs[i]))
            return true;
    }
    return false;
}

/* Squares p such that one of p, p+d, p+2d, p+3d is in b. */
static uint64_t touches(uint64_t b, int d)
{
    return b | (b >> d) | (b >> 2 * d) | (b >> 3 * d);
}

static void c4_init(struct game_state *s)
{
    s->board.bits[0] = s->board.bits[1] = 0;
}

static int c4_legal(const struct game_state *s, struct action *out)
{
    uint64_t used = s->board.bits[0] | s->board.bits[1];
    int n = 0;

    for (int c = 0; c < COLS; c++)
        if (!(used & bit(0, c)))
            out[n++] = (struct action){
                .kind = ACTION_MOVE, .side = s->to_move, .row = -1, .col = (int8_t)c};
    return n;
}

static enum foul c4_play(struct game_state *s, struct action a)
{
    if (a.kind != ACTION_MOVE)
        return FOUL_ILLEGAL;
    if (a.col < 0 || a.col >= COLS)
        return FOUL_NO_SUCH_SQUARE;
    uint64_t used = s->board.bits[0] | s->board.bits[1];
    if (used & bit(0, a.col))
        return FOUL_ILLEGAL;

    /* Columns fill bottom up, so adding the bottom bit lands on the first empty square. */
    s->board.bits[a.side] |= (used + BOTTOM) & column(a.col);
    s->to_move = side_other(a.side);
    if (has_line(s->board.bits[a.side])) {
        s->end = END_LINE;
        s->winner = a.side;
    } else if ((s->board.bits[0] | s->board.bits[1]) == BOARD) {
        s->end = END_FULL;
    }
    return FOUL_NONE;
}

static bool c4_is_dead(const struct game_state *s)
{
    for (int i = 0; i < 4; i++) {
        int d = dirs[i];
        uint64_t starts = BOARD & (BOARD >> d) & (BOARD >> 2 * d) & (BOARD >> 3 * d);
        uint64_t both = touches(s->board.bits[0], d) & touches(s->board.bits[1], d);
        if (starts & ~both)
            return false;
    }
    return true;
}

static int c4_at(const struct game_state *s, int row, int col)
{
    uint64_t b = bit(row, col);
    return (s->board.bits[0] & b) ? 0 : (s->board.bits[1] & b) ? 1 : -1;
}

static void c4_set(struct game_state *s, int row, int col, int mark)
{
    uint64_t b = bit(row, col);
    s->board.bits[0] &= ~b;
    s->board.bits[1] &= ~b;
    if (mark >= 0)
        s->board.bits[mark] |= b;
}

/* True if one of the winner's discs on top of a column can have been the last
 * move: without it the winner has no line yet. */
static bool has_winning_move(uint64_t winner, uint64_t used)
{
    uint64_t tops = ((used + BOTTOM) >> 1) & winner;

    for (; tops; tops &= tops - 1)
        if (!has_line(winner & ~(tops & -tops)))
            return true;
    return false;
}

static bool c4_settle(struct game_state *s)
{
    uint64_t b0 = s->board.bits[0], b1 = s->board.bits[1], used = b0 | b1;
    struct marks m = {.count = {__builtin_popcountll(b0), __builtin_popcountll(b1)},
                      .line = {has_line(b0), has_line(b1)},
                      .full = used == BOARD};

    /* No floating disc: a column plus its bottom bit carries into no disc. */
    if ((used + BOTTOM) & used)
        return false;
    if ((m.line[0] || m.line[1]) && !has_winning_move(m.line[0] ? b0 : b1, used))
        return false;
    return marks_settle(s, &m, c4_is_dead, NULL);
}

static const char *c4_why_illegal(const struct game_state *s, struct action a)
{
    (void)s;
    return a.kind == ACTION_MOVE ? "column full" : NULL;
}

/* A full column: a bot that does not check the height plays into it. */
static bool c4_is_special(const struct game_state *s)
{
    struct action moves[GAME_MAX_SQUARES + 1];
    return s->plies > 10 && game_legal(s, moves) < game_def_of(s)->cols;
}

const struct game_def game_connect4 = {
    .opening_plies = 2,
    .name = "connect4",
    .title = "connect four",
    .marks = {'x', 'o'},
    .rows = ROWS,
    .cols = COLS,
    .squares = SQUARES_COLUMN,
    .has_pass = false,
    .line = 4,
    .init = c4_init,
    .legal = c4_legal,
    .play = c4_play,
    .is_dead = c4_is_dead,
    .at = c4_at,
    .set = c4_set,
    .settle = c4_settle,
    .why_illegal = c4_why_illegal,
    .special = "a full column",
    .is_special = c4_is_special,
};
