/* game_gomoku.c: freestyle gomoku rules on 15 x 15. x (black) moves first;
 * squares are a column letter and a row number, a1 top left; five or more in a
 * row win. Each side is 256 bits in four words, bit 16 * row + col: the 225
 * squares, and a 16th column that stays empty so that line shifts never wrap. */
#include "game.h"

#define N      15
#define STRIDE 16

struct wide {
    uint64_t w[4];
};

/* The four lines (along a row, a column and both diagonals), as shifts of the
 * bit index and as steps of row and column. */
static const int dirs[4] = {1, STRIDE, STRIDE + 1, STRIDE - 1};
static const int8_t drow[4] = {0, 1, 1, 1}, dcol[4] = {1, 0, 1, -1};

/* Four rows of the 16-bit pattern p: word i holds rows 4i to 4i + 3. */
#define LANES(p) ((uint64_t)(p)*0x0001000100010001ull)
#define LOW3     0x0000ffffffffffffull /* the first three rows of a word */

/* Squares starting a run of five on the board, for each direction. */
static const struct wide starts[4] = {
    {{LANES(0x07ff), LANES(0x07ff), LANES(0x07ff), LANES(0x07ff) & LOW3}}, /* a-k, 1-15 */
    {{LANES(0x7fff), LANES(0x7fff), LANES(0x7fff) & LOW3, 0}},             /* a-o, 1-11 */
    {{LANES(0x07ff), LANES(0x07ff), LANES(0x07ff) & LOW3, 0}},             /* a-k, 1-11 */
    {{LANES(0x7ff0), LANES(0x7ff0), LANES(0x7ff0) & LOW3, 0}},             /* e-o, 1-11 */
};

static const struct wide board_mask = {
    {LANES(0x7fff), LANES(0x7fff), LANES(0x7fff), LANES(0x7fff) & LOW3}};

/* Square p of the result is square p + k of a, for 0 < k < 64. */
static inline struct wide shr(struct wide a, int k)
{
    struct wide r;
    for (int i = 0; i < 3; i++)
        r.w[i] = (a.w[i] >> k) | (a.w[i + 1] << (64 - k));
    r.w[3] = a.w[3] >> k;
    return r;
}

static inline struct wide get(const struct game_state *s, int side)
{
    struct wide b;
    for (int i = 0; i < 4; i++)
        b.w[i] = s->board.wide[side][i];
    return b;
}

static bool is_empty(struct wide a)
{
    return !(a.w[0] | a.w[1] | a.w[2] | a.w[3]);
}

static int count(struct wide a)
{
    return __builtin_popcountll(a.w[0]) + __builtin_popcountll(a.w[1]) +
           __builtin_popcountll(a.w[2]) + __builtin_popcountll(a.w[3]);
}

static bool has(const struct game_state *s, int side, int row, int col)
{
    int i = STRIDE * row + col;
    return s->board.wide[side][i / 64] >> (i % 64) & 1;
}

static bool has_line(struct wide b)
{
    for (int d = 0; d < 4; d++) {
        struct wide run = b; /* squares starting a run of 1, then 2, ... 5 */
        for (int k = 0; k < 4; k++) {
            struct wide next = shr(run, dirs[d]);
            for (int i = 0; i < 4; i++)
                run.w[i] &= next.w[i];
        }
        if (!is_empty(run))
            return true;
    }
    return false;
}

/* Five or more of side through (row, col), which side holds. */
static bool is_line_through(const struct game_state *s, int side, int row, int col)
{
    for (int d = 0; d < 4; d++) {
        int n = 1;
        for (int sign = -1; sign <= 1; sign += 2)
            for (int k = 1; k < 5; k++) {
                int r = row + sign * k * drow[d], c = col + sign * k * dcol[d];
                if (r < 0 || r >= N || c < 0 || c >= N || !has(s, side, r, c))
                    break;
                n++;
            }
        if (n >= 5)
            return true;
    }
    return false;
}

static void gm_init(struct game_state *s)
{
    for (int i = 0; i < 4; i++)
        s->board.wide[0][i] = s->board.wide[1][i] = 0;
}

static int gm_legal(const struct game_state *s, struct action *out)
{
    int n = 0;

    for (int i = 0; i < 4; i++) {
        uint64_t empty = board_mask.w[i] & ~(s->board.wide[0][i] | s->board.wide[1][i]);
        for (; empty; empty &= empty - 1) {
            int sq = 64 * i + __builtin_ctzll(empty);
            out[n++] = (struct action){.kind = ACTION_MOVE,
                                       .side = s->to_move,
                                       .row = (int8_t)(sq / STRIDE),
                                       .col = (int8_t)(sq % STRIDE)};
        }
    }
    return n;
}

static enum foul gm_play(struct game_state *s, struct action a)
{
    if (a.kind != ACTION_MOVE)
        return FOUL_ILLEGAL;
    if (a.row < 0 || a.row >= N || a.col < 0 || a.col >= N)
        return FOUL_NO_SUCH_SQUARE;
    if (has(s, 0, a.row, a.col) || has(s, 1, a.row, a.col))
        return FOUL_OCCUPIED;

    int i = STRIDE * a.row + a.col;
    s->board.wide[a.side][i / 64] |= 1ull << (i % 64);
    s->to_move = side_other(a.side);
    if (is_line_through(s, a.side, a.row, a.col)) {
        s->end = END_LINE;
        s->winner = a.side;
    } else if (count(get(s, 0)) + count(get(s, 1)) == N * N) {
        s->end = END_FULL;
    }
    return FOUL_NONE;
}

/* Squares p such that one of p, p+d, ... p+4d is in b. */
static struct wide touches(struct wide b, int d)
{
    struct wide t = b;
    for (int k = 0; k < 4; k++) {
        struct wide next = shr(t, d);
        for (int i = 0; i < 4; i++)
            t.w[i] = b.w[i] | next.w[i];
    }
    return t;
}

static bool gm_is_dead(const struct game_state *s)
{
    struct wide b0 = get(s, 0), b1 = get(s, 1);

    for (int d = 0; d < 4; d++) {
        struct wide t0 = touches(b0, dirs[d]), t1 = touches(b1, dirs[d]);
        for (int i = 0; i < 4; i++)
            if (starts[d].w[i] & ~(t0.w[i] & t1.w[i]))
                return false;
    }
    return true;
}

static int gm_at(const struct game_state *s, int row, int col)
{
    return has(s, 0, row, col) ? 0 : has(s, 1, row, col) ? 1 : -1;
}

static void gm_set(struct game_state *s, int row, int col, int mark)
{
    int i = STRIDE * row + col;
    uint64_t b = 1ull << (i % 64);
    s->board.wide[0][i / 64] &= ~b;
    s->board.wide[1][i / 64] &= ~b;
    if (mark >= 0)
        s->board.wide[mark][i / 64] |= b;
}

/* True if one of the winner's stones can have been the last move: without it
 * the winner has no line yet. */
static bool has_winning_move(struct wide winner)
{
    for (int i = 0; i < 4; i++)
        for (uint64_t m = winner.w[i]; m; m &= m - 1) {
            struct wide before = winner;
            before.w[i] &= ~(m & -m);
            if (!has_line(before))
                return true;
        }
    return false;
}

static bool gm_settle(struct game_state *s)
{
    struct wide b0 = get(s, 0), b1 = get(s, 1);
    int n0 = count(b0), n1 = count(b1);
    bool won0 = has_line(b0), won1 = has_line(b1);
    enum side next;

    if (n0 == n1)
        next = SIDE_FIRST;
    else if (n0 == n1 + 1)
        next = SIDE_SECOND;
    else
        return false;
    if (s->to_move != SIDE_NONE && s->to_move != next)
        return false;
    /* A winner must have made the last move, and only one side can have won. */
    if ((won0 && (won1 || next != SIDE_SECOND)) || (won1 && next != SIDE_FIRST))
        return false;
    if ((won0 || won1) && !has_winning_move(won0 ? b0 : b1))
        return false;

    s->to_move = next;
    s->plies = (uint16_t)(n0 + n1);
    if (won0 || won1) {
        s->end = END_LINE;
        s->winner = won0 ? SIDE_FIRST : SIDE_SECOND;
    } else if (n0 + n1 == N * N) {
        s->end = END_FULL;
    } else if (s->early_draw && gm_is_dead(s)) {
        s->end = END_DEAD;
    }
    return true;
}

const struct game_def game_gomoku = {
    .opening_plies = 2,
    .name = "gomoku",
    .title = "gomoku",
    .marks = {'x', 'o'},
    .rows = N,
    .cols = N,
    .squares = SQUARES_COL_LETTER,
    .has_pass = false,
    .line = 5,
    .init = gm_init,
    .legal = gm_legal,
    .play = gm_play,
    .is_dead = gm_is_dead,
    .at = gm_at,
    .set = gm_set,
    .settle = gm_settle,
};
