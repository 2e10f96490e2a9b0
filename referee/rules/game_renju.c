/* game_renju.c: gomoku-renju's own entries of its table (the rest is
 * gomoku's, game_gomoku.c): the position read as renju.h reads it, the draw
 * of a black left with forbidden points only, doctor's special position, and
 * the reason a forbidden move is refused. */
#include "game_renju.h"

void renju_board_of(const struct game_state *s, struct renju_board *b)
{
    const struct game_def *def = game_def_of(s);
    for (int r = 0; r < RENJU_N; r++)
        for (int c = 0; c < RENJU_N; c++)
            b->cells[r][c] = (uint8_t)(def->at(s, r, c) + 1);
}

bool renju_is_stuck(const struct game_state *s)
{
    struct renju_board b;
    if (s->to_move != SIDE_FIRST)
        return false;
    renju_board_of(s, &b);
    return !renju_black_can_move(&b);
}

/* A bot that does not know the rule plays such a point, and loses by it. */
const char renju_is_near_forbidden_text[] = "a forbidden point";

bool renju_is_near_forbidden(const struct game_state *s)
{
    struct renju_board b;
    if (s->to_move != SIDE_FIRST)
        return false;
    renju_board_of(s, &b);
    for (int r = 0; r < RENJU_N; r++)
        for (int c = 0; c < RENJU_N; c++)
            if (!b.cells[r][c] && renju_is_forbidden(renju_judge(&b, r, c)))
                return true;
    return false;
}

const char *renju_why_illegal(const struct game_state *s, struct action a)
{
    static const char *const why[] = {
        [RENJU_OVERLINE] = "forbidden: overline",
        [RENJU_DOUBLE_FOUR] = "forbidden: double four",
        [RENJU_DOUBLE_THREE] = "forbidden: double three",
    };
    struct renju_board b;
    if (a.side != SIDE_FIRST || a.row < 0 || a.row >= RENJU_N || a.col < 0 || a.col >= RENJU_N)
        return NULL;
    renju_board_of(s, &b);
    if (b.cells[a.row][a.col])
        return NULL;
    enum renju_verdict v = renju_judge(&b, a.row, a.col);
    return renju_is_forbidden(v) ? why[v] : NULL;
}
