/* game_reversi.c: reversi (Othello) rules. x (black) moves first; squares are a
 * column letter and a row number, a1 top left; a move must flip, a side without
 * one passes, and when neither side can move the disc count decides. Each side
 * is a 64-bit board, bit 8 * row + col. */
#include "game.h"

#define FILE_A 0x0101010101010101ull
#define FILE_H (FILE_A << 7)
#define CENTER ((3ull << 27) | (3ull << 35)) /* d4 e4 d5 e5: occupied from the start */

/* The eight directions: a shift, left for the first four, and the squares that
 * stay on the board after it (a step east must not wrap onto file a). */
static const struct {
    int n;
    uint64_t keep;
} dirs[8] = {
    {1, ~FILE_A}, {7, ~FILE_H}, {8, ~0ull}, {9, ~FILE_A}, /* e, sw, s, se */
    {1, ~FILE_H}, {7, ~FILE_A}, {8, ~0ull}, {9, ~FILE_H}, /* w, ne, n, nw */
};

static inline uint64_t step(uint64_t b, int d)
{
    return (d < 4 ? b << dirs[d].n : b >> dirs[d].n) & dirs[d].keep;
}

/* Squares where the side with discs p can move against o: from each p, a run of
 * o (at most six long) ending on an empty square. */
static uint64_t moves_of(uint64_t p, uint64_t o)
{
    uint64_t empty = ~(p | o), moves = 0;

    for (int d = 0; d < 8; d++) {
        uint64_t run = step(p, d) & o;
        for (int i = 0; i < 5; i++)
            run |= step(run, d) & o;
        moves |= step(run, d) & empty;
    }
    return moves;
}

/* Discs of o that a disc of p put on square m flips. */
static uint64_t flips_of(uint64_t p, uint64_t o, uint64_t m)
{
    uint64_t flips = 0;

    for (int d = 0; d < 8; d++) {
        uint64_t run = 0, x = step(m, d);
        for (; x & o; x = step(x, d))
            run |= x;
        if (x & p)
            flips |= run;
    }
    return flips;
}

static void count_end(struct game_state *s)
{
    int n0 = __builtin_popcountll(s->board.bits[0]);
    int n1 = __builtin_popcountll(s->board.bits[1]);

    s->end = END_COUNT;
    s->winner = n0 > n1 ? SIDE_FIRST : n1 > n0 ? SIDE_SECOND : SIDE_NONE;
}

static bool is_stuck(const struct game_state *s)
{
    uint64_t b0 = s->board.bits[0], b1 = s->board.bits[1];
    return !moves_of(b0, b1) && !moves_of(b1, b0);
}

static void rv_init(struct game_state *s)
{
    s->board.bits[0] = (1ull << 28) | (1ull << 35); /* x: e4 d5 */
    s->board.bits[1] = (1ull << 27) | (1ull << 36); /* o: d4 e5 */
}

static int rv_legal(const struct game_state *s, struct action *out)
{
    int me = s->to_move;
    uint64_t m = moves_of(s->board.bits[me], s->board.bits[!me]);
    int n = 0;

    if (!m) {
        out[0] = (struct action){.kind = ACTION_PASS, .side = s->to_move};
        return 1;
    }
    for (; m; m &= m - 1) {
        int sq = __builtin_ctzll(m);
        out[n++] = (struct action){.kind = ACTION_MOVE,
                                   .side = s->to_move,
                                   .row = (int8_t)(sq / 8),
                                   .col = (int8_t)(sq % 8)};
    }
    return n;
}

static enum foul rv_play(struct game_state *s, struct action a)
{
    uint64_t p = s->board.bits[a.side], o = s->board.bits[!a.side];

    if (a.kind == ACTION_PASS) {
        if (moves_of(p, o))
            return FOUL_ILLEGAL;
    } else if (a.kind == ACTION_MOVE) {
        if (a.row < 0 || a.row >= 8 || a.col < 0 || a.col >= 8)
            return FOUL_NO_SUCH_SQUARE;
        uint64_t m = 1ull << (8 * a.row + a.col);
        if ((p | o) & m)
            return FOUL_OCCUPIED;
        uint64_t f = flips_of(p, o, m);
        if (!f)
            return FOUL_ILLEGAL;
        s->board.bits[a.side] = p | m | f;
        s->board.bits[!a.side] = o & ~f;
    } else {
        return FOUL_ILLEGAL;
    }
    s->to_move = side_other(a.side);
    if (is_stuck(s))
        count_end(s);
    return FOUL_NONE;
}

static int rv_at(const struct game_state *s, int row, int col)
{
    uint64_t b = 1ull << (8 * row + col);
    return (s->board.bits[0] & b) ? 0 : (s->board.bits[1] & b) ? 1 : -1;
}

static void rv_set(struct game_state *s, int row, int col, int mark)
{
    uint64_t b = 1ull << (8 * row + col);
    s->board.bits[0] &= ~b;
    s->board.bits[1] &= ~b;
    if (mark >= 0)
        s->board.bits[mark] |= b;
}

/* The counts cannot tell whose turn it is (passes), so the text must. */
static bool rv_settle(struct game_state *s)
{
    uint64_t used = s->board.bits[0] | s->board.bits[1];

    if (s->to_move == SIDE_NONE)
        return false;
    /* Discs are never removed, so the four of the start stay. */
    if ((used & CENTER) != CENTER)
        return false;
    /* Passes are not counted: they leave no trace on the board. */
    s->plies = (uint16_t)(__builtin_popcountll(used) - 4);
    if (is_stuck(s))
        count_end(s);
    return true;
}

static const char *rv_why_illegal(const struct game_state *s, struct action a)
{
    (void)s;
    return a.kind == ACTION_PASS ? "has a move" : a.kind == ACTION_MOVE ? "flips nothing" : NULL;
}

/* A forced pass: a bot that never passes has no move to write. */
static bool rv_is_special(const struct game_state *s)
{
    struct action moves[GAME_MAX_SQUARES + 1];
    return game_legal(s, moves) == 1 && moves[0].kind == ACTION_PASS;
}

const struct game_def game_reversi = {
    .opening_plies = 4,
    .name = "reversi",
    .title = "reversi",
    .marks = {'x', 'o'},
    .rows = 8,
    .cols = 8,
    .squares = SQUARES_COL_LETTER,
    .has_pass = true,
    .line = 0,
    .init = rv_init,
    .legal = rv_legal,
    .play = rv_play,
    .is_dead = NULL,
    .at = rv_at,
    .set = rv_set,
    .settle = rv_settle,
    .why_illegal = rv_why_illegal,
    .special = "a forced pass",
    .is_special = rv_is_special,
};
