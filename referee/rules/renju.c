/* renju.c: black's forbidden points in renju (see renju.h): a stone is put on a
 * copy of the board, its four lines are read for fives, overlines, fours and
 * threes, and a three's completing point is judged in turn, recursively. */
#include "renju.h"

enum { EMPTY, BLACK, WHITE, WALL };

static const int8_t drow[4] = {0, 1, 1, 1}, dcol[4] = {1, 0, 1, -1};

static int cell(const struct renju_board *b, int r, int c)
{
    return r < 0 || r >= RENJU_N || c < 0 || c >= RENJU_N ? WALL : b->cells[r][c];
}

/* Length of black's run through (r, c), a black stone, along line d. */
static int run_length(const struct renju_board *b, int r, int c, int d)
{
    int n = 1;
    for (int sign = -1; sign <= 1; sign += 2)
        for (int k = 1; cell(b, r + sign * k * drow[d], c + sign * k * dcol[d]) == BLACK; k++)
            n++;
    return n;
}

/* The points along line d that make exactly five with the black stone at
 * (r, c): how many, and the offsets of the first and the last. */
struct five_points {
    int n, first, last;
};

static struct five_points five_points(struct renju_board *b, int r, int c, int d)
{
    struct five_points f = {0, 0, 0};
    for (int k = -4; k <= 4; k++) {
        int pr = r + k * drow[d], pc = c + k * dcol[d];
        if (k == 0 || cell(b, pr, pc) != EMPTY)
            continue;
        /* The five must hold (r, c): every point between is black. */
        bool joined = true;
        for (int j = k < 0 ? k + 1 : 1; j < (k < 0 ? 0 : k) && joined; j++)
            joined = cell(b, r + j * drow[d], c + j * dcol[d]) == BLACK;
        if (!joined)
            continue;
        b->cells[pr][pc] = BLACK;
        if (run_length(b, pr, pc, d) == 5) {
            f.first = f.n ? f.first : k;
            f.last = k;
            f.n++;
        }
        b->cells[pr][pc] = EMPTY;
    }
    return f;
}

/* Two five points five apart are the two ends of one straight four. */
static bool is_straight(struct five_points f)
{
    return f.n == 2 && f.last - f.first == 5;
}

/* Fours the black stone at (r, c) makes along d: a straight four is one. */
static int fours_along(struct renju_board *b, int r, int c, int d)
{
    struct five_points f = five_points(b, r, c, d);
    return is_straight(f) ? 1 : f.n;
}

static enum renju_verdict judge_in_place(struct renju_board *b, int r, int c);

/* Whether the black stone at (r, c) makes a three along d (which holds no
 * four): a point next to its run along d that makes a straight four, and
 * neither a five nor a forbidden shape. Any such point is the first empty one
 * either way. */
static bool is_three(struct renju_board *b, int r, int c, int d)
{
    for (int sign = -1; sign <= 1; sign += 2) {
        int k = 1;
        while (cell(b, r + sign * k * drow[d], c + sign * k * dcol[d]) == BLACK)
            k++;
        int pr = r + sign * k * drow[d], pc = c + sign * k * dcol[d];
        if (cell(b, pr, pc) != EMPTY)
            continue;
        b->cells[pr][pc] = BLACK;
        bool straight = is_straight(five_points(b, r, c, d));
        b->cells[pr][pc] = EMPTY;
        /* A point that makes five makes a five, not a straight four. */
        if (straight && judge_in_place(b, pr, pc) == RENJU_ALLOWED)
            return true;
    }
    return false;
}

/* Fewer than four black stones within five points along the lines of (r, c):
 * no overline, double four or double three can go through it. */
static bool is_sparse(const struct renju_board *b, int r, int c)
{
    int n = 0;
    for (int d = 0; d < 4; d++)
        for (int sign = -1; sign <= 1; sign += 2)
            for (int k = 1; k <= 5; k++)
                n += cell(b, r + sign * k * drow[d], c + sign * k * dcol[d]) == BLACK;
    return n < 4;
}

static enum renju_verdict classify(struct renju_board *b, int r, int c)
{
    bool over = false;
    for (int d = 0; d < 4; d++) {
        int n = run_length(b, r, c, d);
        if (n == 5)
            return RENJU_FIVE;
        over = over || n > 5;
    }
    if (over)
        return RENJU_OVERLINE;
    int fours = 0, threes = 0, four_in[4];
    for (int d = 0; d < 4; d++) {
        four_in[d] = fours_along(b, r, c, d);
        fours += four_in[d];
    }
    if (fours >= 2)
        return RENJU_DOUBLE_FOUR;
    for (int d = 0; d < 4 && threes < 2; d++)
        threes += !four_in[d] && is_three(b, r, c, d);
    return threes >= 2 ? RENJU_DOUBLE_THREE : RENJU_ALLOWED;
}

/* The verdict on (r, c), empty in b, which is left as it was found. */
static enum renju_verdict judge_in_place(struct renju_board *b, int r, int c)
{
    b->cells[r][c] = BLACK;
    enum renju_verdict v = classify(b, r, c);
    b->cells[r][c] = EMPTY;
    return v;
}

enum renju_verdict renju_judge(const struct renju_board *b, int row, int col)
{
    if (is_sparse(b, row, col)) {
        /* Too few stones for a forbidden shape; a five needs four. */
        return RENJU_ALLOWED;
    }
    struct renju_board copy = *b;
    return judge_in_place(&copy, row, col);
}

bool renju_is_forbidden(enum renju_verdict v)
{
    return v == RENJU_OVERLINE || v == RENJU_DOUBLE_FOUR || v == RENJU_DOUBLE_THREE;
}

bool renju_black_can_move(const struct renju_board *b)
{
    for (int r = 0; r < RENJU_N; r++)
        for (int c = 0; c < RENJU_N; c++)
            if (b->cells[r][c] == EMPTY && !renju_is_forbidden(renju_judge(b, r, c)))
                return true;
    return false;
}
