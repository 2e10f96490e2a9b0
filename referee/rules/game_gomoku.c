/* game_gomoku.c: gomoku, in the forms Gomocup plays:
 *   gomoku           15 x 15, five or more in a row win (referee's default);
 *   gomoku-standard  15 x 15, exactly five win (six or more do not);
 *   gomoku-freestyle 20 x 20, five or more in a row win;
 *   gomoku-renju     15 x 15, renju: black wins with exactly five only and may
 *                    not play its forbidden points (renju.h), white with five or more.
 * x (black) moves first; squares are a column letter and a row number, a1 top
 * left. Each side is a bitboard, bit STRIDE * row + col with STRIDE = N + 1:
 * the N x N squares, and a column that stays empty so that line shifts never
 * wrap from one row to the next. */
#include "game.h"
#include "marks.h"
#include "game_renju.h"

#define WORDS 7 /* enough for 20 x 21 bits */

struct wide {
    uint64_t w[WORDS];
};

/* The shape of a board and its rule. */
struct geom {
    int n, stride, words;
    bool exact; /* exactly five: an overline does not win */
    bool renju; /* renju: exactly five for black only, and its forbidden points */
};

static const struct geom g15 = {15, 16, 4, false, false}, g15_exact = {15, 16, 4, true, false},
                         g20 = {20, 21, 7, false, false}, g15_renju = {15, 16, 4, false, true};

/* Whether only exactly five wins for side (0 black, 1 white). */
static bool is_exact(const struct geom *g, int side)
{
    return g->exact || (g->renju && side == 0);
}

/* The four lines (along a row, a column and both diagonals), as steps of
 * the bit index and as steps of row and column. */
static int dir_step(const struct geom *g, int d)
{
    return d == 0 ? 1 : d == 1 ? g->stride : d == 2 ? g->stride + 1 : g->stride - 1;
}
static const int8_t drow[4] = {0, 1, 1, 1}, dcol[4] = {1, 0, 1, -1};

/* Word i of a, 0 outside it. */
static uint64_t word(const struct geom *g, const struct wide *a, int i)
{
    return i >= 0 && i < g->words ? a->w[i] : 0;
}

/* Square p of the result is square p + k of a (k > 0). */
static struct wide shr(const struct geom *g, struct wide a, int k)
{
    struct wide r = {{0}};
    int q = k / 64, b = k % 64;
    for (int i = 0; i < g->words; i++)
        r.w[i] = b ? (word(g, &a, i + q) >> b) | (word(g, &a, i + q + 1) << (64 - b))
                   : word(g, &a, i + q);
    return r;
}

/* Square p of the result is square p - k of a (k > 0). */
static struct wide shl(const struct geom *g, struct wide a, int k)
{
    struct wide r = {{0}};
    int q = k / 64, b = k % 64;
    for (int i = 0; i < g->words; i++)
        r.w[i] = b ? (word(g, &a, i - q) << b) | (word(g, &a, i - q - 1) >> (64 - b))
                   : word(g, &a, i - q);
    return r;
}

static struct wide and (const struct geom *g, struct wide a, struct wide b)
{
    for (int i = 0; i < g->words; i++)
        a.w[i] &= b.w[i];
    return a;
}

static struct wide get(const struct geom *g, const struct game_state *s, int side)
{
    struct wide b = {{0}};
    for (int i = 0; i < g->words; i++)
        b.w[i] = s->board.wide[side][i];
    return b;
}

static bool is_empty(const struct geom *g, struct wide a)
{
    uint64_t any = 0;
    for (int i = 0; i < g->words; i++)
        any |= a.w[i];
    return !any;
}

static int count(const struct geom *g, struct wide a)
{
    int n = 0;
    for (int i = 0; i < g->words; i++)
        n += __builtin_popcountll(a.w[i]);
    return n;
}

/* Every square of the board: n bits a row. */
static struct wide board_mask(const struct geom *g)
{
    struct wide m = {{0}};
    uint64_t row = (1ull << g->n) - 1;
    for (int r = 0; r < g->n; r++) {
        int i = g->stride * r, off = i % 64;
        m.w[i / 64] |= row << off;
        if (off + g->n > 64)
            m.w[i / 64 + 1] |= row >> (64 - off);
    }
    return m;
}

static bool has(const struct geom *g, const struct game_state *s, int side, int row, int col)
{
    int i = g->stride * row + col;
    return s->board.wide[side][i / 64] >> (i % 64) & 1;
}

/* Squares of b starting a run of five along direction d (and, exactly five,
 * with no stone of b just before or just after it). */
static struct wide fives(const struct geom *g, struct wide b, int d, bool exact)
{
    int k = dir_step(g, d);
    struct wide run = b;
    for (int i = 0; i < 4; i++)
        run = and(g, run, shr(g, b, k * (i + 1)));
    if (exact) {
        struct wide before = shl(g, b, k), after = shr(g, b, 5 * k);
        for (int i = 0; i < g->words; i++)
            run.w[i] &= ~before.w[i] & ~after.w[i];
    }
    return run;
}

static bool has_line(const struct geom *g, struct wide b, bool exact)
{
    for (int d = 0; d < 4; d++)
        if (!is_empty(g, fives(g, b, d, exact)))
            return true;
    return false;
}

/* A winning line of side through (row, col), which side holds: five or more,
 * or exactly five. */
static bool is_line_through(const struct geom *g, const struct game_state *s, int side, int row,
                            int col)
{
    for (int d = 0; d < 4; d++) {
        int n = 1;
        for (int sign = -1; sign <= 1; sign += 2)
            for (int k = 1; k < 6; k++) {
                int r = row + sign * k * drow[d], c = col + sign * k * dcol[d];
                if (r < 0 || r >= g->n || c < 0 || c >= g->n || !has(g, s, side, r, c))
                    break;
                n++;
            }
        if (is_exact(g, side) ? n == 5 : n >= 5)
            return true;
    }
    return false;
}

static void init(const struct geom *g, struct game_state *s)
{
    for (int i = 0; i < g->words; i++)
        s->board.wide[0][i] = s->board.wide[1][i] = 0;
}

static int legal(const struct geom *g, const struct game_state *s, struct action *out)
{
    struct wide mask = board_mask(g);
    struct renju_board b;
    bool judged = g->renju && s->to_move == SIDE_FIRST;
    int n = 0;

    if (judged)
        renju_board_of(s, &b);
    for (int i = 0; i < g->words; i++) {
        uint64_t empty = mask.w[i] & ~(s->board.wide[0][i] | s->board.wide[1][i]);
        for (; empty; empty &= empty - 1) {
            int sq = 64 * i + __builtin_ctzll(empty), row = sq / g->stride, col = sq % g->stride;
            /* Black's forbidden points are not legal moves (protocol/PROTOCOL.md). */
            if (judged && renju_is_forbidden(renju_judge(&b, row, col)))
                continue;
            out[n++] = (struct action){
                .kind = ACTION_MOVE, .side = s->to_move, .row = (int8_t)row, .col = (int8_t)col};
        }
    }
    return n;
}

static enum foul play(const struct geom *g, struct game_state *s, struct action a)
{
    if (a.kind != ACTION_MOVE)
        return FOUL_ILLEGAL;
    if (a.row < 0 || a.row >= g->n || a.col < 0 || a.col >= g->n)
        return FOUL_NO_SUCH_SQUARE;
    if (has(g, s, 0, a.row, a.col) || has(g, s, 1, a.row, a.col))
        return FOUL_OCCUPIED;
    /* Black's forbidden points, not in its legal list, lose as illegal moves. */
    if (g->renju && a.side == SIDE_FIRST && renju_why_illegal(s, a))
        return FOUL_ILLEGAL;

    int i = g->stride * a.row + a.col;
    s->board.wide[a.side][i / 64] |= 1ull << (i % 64);
    s->to_move = side_other(a.side);
    if (is_line_through(g, s, a.side, a.row, a.col)) {
        s->end = END_LINE;
        s->winner = a.side;
    } else if (count(g, get(g, s, 0)) + count(g, get(g, s, 1)) == g->n * g->n ||
               (g->renju && renju_is_stuck(s))) {
        s->end = END_FULL;
    }
    return FOUL_NONE;
}

/* Squares p such that one of p, p+d, ... p+4d is in b. */
static struct wide touches(const struct geom *g, struct wide b, int step)
{
    struct wide t = b;
    for (int k = 1; k < 5; k++) {
        struct wide next = shr(g, b, k * step);
        for (int i = 0; i < g->words; i++)
            t.w[i] |= next.w[i];
    }
    return t;
}

/* No window of five squares on the board is free of the opponent's stones,
 * for either side: nobody can make five. (With exactly five this is enough,
 * not necessary: such a game may be dead earlier, and is then played out.) */
static bool is_dead(const struct geom *g, const struct game_state *s)
{
    struct wide b0 = get(g, s, 0), b1 = get(g, s, 1), mask = board_mask(g);

    for (int d = 0; d < 4; d++) {
        int step = dir_step(g, d);
        struct wide windows = mask; /* squares starting five squares on the board */
        for (int k = 1; k < 5; k++)
            windows = and(g, windows, shr(g, mask, k * step));
        struct wide t0 = touches(g, b0, step), t1 = touches(g, b1, step);
        for (int i = 0; i < g->words; i++)
            if (windows.w[i] & ~(t0.w[i] & t1.w[i]))
                return false;
    }
    return true;
}

static int at(const struct geom *g, const struct game_state *s, int row, int col)
{
    return has(g, s, 0, row, col) ? 0 : has(g, s, 1, row, col) ? 1 : -1;
}

static void set(const struct geom *g, struct game_state *s, int row, int col, int mark)
{
    int i = g->stride * row + col;
    uint64_t b = 1ull << (i % 64);
    s->board.wide[0][i / 64] &= ~b;
    s->board.wide[1][i / 64] &= ~b;
    if (mark >= 0)
        s->board.wide[mark][i / 64] |= b;
}

/* True if one of the winner's stones can have been the last move: without it
 * the winner has no line yet. */
static bool has_winning_move(const struct geom *g, struct wide winner, bool exact)
{
    for (int i = 0; i < g->words; i++)
        for (uint64_t m = winner.w[i]; m; m &= m - 1) {
            struct wide before = winner;
            before.w[i] &= ~(m & -m);
            if (!has_line(g, before, exact))
                return true;
        }
    return false;
}

static bool settle(const struct geom *g, struct game_state *s,
                   bool (*is_dead_here)(const struct game_state *s))
{
    struct wide b0 = get(g, s, 0), b1 = get(g, s, 1);
    struct marks m = {.count = {count(g, b0), count(g, b1)},
                      .line = {has_line(g, b0, is_exact(g, 0)), has_line(g, b1, is_exact(g, 1))}};

    m.full = m.count[0] + m.count[1] == g->n * g->n;
    if ((m.line[0] || m.line[1]) &&
        !has_winning_move(g, m.line[0] ? b0 : b1, is_exact(g, m.line[0] ? 0 : 1)))
        return false;
    return marks_settle(s, &m, is_dead_here, g->renju ? renju_is_stuck : NULL);
}

/* The table of functions of one form, on its geometry G. */
#define GOMOKU(ID, G, N, EXACT, RULE, NAME, TITLE, WHY, SPECIAL)                                   \
    static void ID##_init(struct game_state *s)                                                    \
    {                                                                                              \
        init(&G, s);                                                                               \
    }                                                                                              \
    static int ID##_legal(const struct game_state *s, struct action *out)                          \
    {                                                                                              \
        return legal(&G, s, out);                                                                  \
    }                                                                                              \
    static enum foul ID##_play(struct game_state *s, struct action a)                              \
    {                                                                                              \
        return play(&G, s, a);                                                                     \
    }                                                                                              \
    static bool ID##_is_dead(const struct game_state *s)                                           \
    {                                                                                              \
        return is_dead(&G, s);                                                                     \
    }                                                                                              \
    static int ID##_at(const struct game_state *s, int row, int col)                               \
    {                                                                                              \
        return at(&G, s, row, col);                                                                \
    }                                                                                              \
    static void ID##_set(struct game_state *s, int row, int col, int mark)                         \
    {                                                                                              \
        set(&G, s, row, col, mark);                                                                \
    }                                                                                              \
    static bool ID##_settle(struct game_state *s)                                                  \
    {                                                                                              \
        return settle(&G, s, ID##_is_dead);                                                        \
    }                                                                                              \
    const struct game_def ID = {                                                                   \
        .opening_plies = 2,                                                                        \
        .name = NAME,                                                                              \
        .title = TITLE,                                                                            \
        .marks = {'x', 'o'},                                                                       \
        .rows = N,                                                                                 \
        .cols = N,                                                                                 \
        .squares = SQUARES_COL_LETTER,                                                             \
        .has_pass = false,                                                                         \
        .line = 5,                                                                                 \
        .line_exact = EXACT,                                                                       \
        .gomocup_rule = RULE,                                                                      \
        .init = ID##_init,                                                                         \
        .legal = ID##_legal,                                                                       \
        .play = ID##_play,                                                                         \
        .is_dead = ID##_is_dead,                                                                   \
        .at = ID##_at,                                                                             \
        .set = ID##_set,                                                                           \
        .settle = ID##_settle,                                                                     \
        .why_illegal = WHY,                                                                        \
        .special = SPECIAL##_text,                                                                 \
        .is_special = SPECIAL,                                                                     \
    }

/* A middle game: a board of stones, where a bot that keeps no board or reads
 * the BOARD lines wrong goes astray. */
static const char gomoku_is_midgame_text[] = "a middle game";
static bool gomoku_is_midgame(const struct game_state *s)
{
    return s->plies >= 12;
}

/* Gomocup's INFO rule: 0 five or more, 1 exactly five, 4 renju. */
GOMOKU(game_gomoku, g15, 15, false, 0, "gomoku", "gomoku", NULL, gomoku_is_midgame);
GOMOKU(game_gomoku_standard, g15_exact, 15, true, 1, "gomoku-standard",
       "gomoku, exactly five (15 x 15)", NULL, gomoku_is_midgame);
GOMOKU(game_gomoku_freestyle, g20, 20, false, 0, "gomoku-freestyle",
       "gomoku, five or more (20 x 20)", NULL, gomoku_is_midgame);
GOMOKU(game_gomoku_renju, g15_renju, 15, false, 4, "gomoku-renju", "renju (15 x 15)",
       renju_why_illegal, renju_is_near_forbidden);
