/* game_tictactoe.c: tic-tac-toe rules. o moves first; squares are a row letter
 * and a column digit ("c2" = bottom row, middle); each side is a 9-bit mask. */
#include "game.h"
#include "marks.h"

static const uint16_t lines[8] = {
    0007, 0070, 0700, /* rows */
    0111, 0222, 0444, /* columns */
    0421, 0124,       /* diagonals: a1-b2-c3, a3-b2-c1 */
};

#define FULL 0777

static uint16_t bit(int row, int col)
{
    return (uint16_t)(1u << (3 * row + col));
}

static bool has_line(uint16_t mask)
{
    for (int i = 0; i < 8; i++)
        if ((mask & lines[i]) == lines[i])
            return true;
    return false;
}

static void ttt_init(struct game_state *s)
{
    s->board.ttt[0] = s->board.ttt[1] = 0;
}

static int ttt_legal(const struct game_state *s, struct action *out)
{
    uint16_t used = s->board.ttt[0] | s->board.ttt[1];
    int n = 0;

    for (int sq = 0; sq < 9; sq++)
        if (!(used & (1u << sq)))
            out[n++] = (struct action){.kind = ACTION_MOVE,
                                       .side = s->to_move,
                                       .row = (int8_t)(sq / 3),
                                       .col = (int8_t)(sq % 3)};
    return n;
}

static enum foul ttt_play(struct game_state *s, struct action a)
{
    if (a.kind != ACTION_MOVE)
        return FOUL_ILLEGAL;
    if (a.row < 0 || a.row > 2 || a.col < 0 || a.col > 2)
        return FOUL_NO_SUCH_SQUARE;
    uint16_t b = bit(a.row, a.col);
    if ((s->board.ttt[0] | s->board.ttt[1]) & b)
        return FOUL_OCCUPIED;

    s->board.ttt[a.side] |= b;
    s->to_move = side_other(a.side);
    if (has_line(s->board.ttt[a.side])) {
        s->end = END_LINE;
        s->winner = a.side;
    } else if ((s->board.ttt[0] | s->board.ttt[1]) == FULL) {
        s->end = END_FULL;
    }
    return FOUL_NONE;
}

static bool ttt_is_dead(const struct game_state *s)
{
    for (int i = 0; i < 8; i++)
        if (!(s->board.ttt[0] & lines[i]) || !(s->board.ttt[1] & lines[i]))
            return false;
    return true;
}

static int ttt_at(const struct game_state *s, int row, int col)
{
    uint16_t b = bit(row, col);
    return (s->board.ttt[0] & b) ? 0 : (s->board.ttt[1] & b) ? 1 : -1;
}

static void ttt_set(struct game_state *s, int row, int col, int mark)
{
    uint16_t b = bit(row, col);
    s->board.ttt[0] &= (uint16_t)~b;
    s->board.ttt[1] &= (uint16_t)~b;
    if (mark >= 0)
        s->board.ttt[mark] |= b;
}

static bool ttt_settle(struct game_state *s)
{
    uint16_t b0 = s->board.ttt[0], b1 = s->board.ttt[1];
    struct marks m = {.count = {__builtin_popcount(b0), __builtin_popcount(b1)},
                      .line = {has_line(b0), has_line(b1)},
                      .full = (b0 | b1) == FULL};
    return marks_settle(s, &m, ttt_is_dead, NULL);
}

/* The last empty square: a bot that scans for a free square off by one misses it. */
static bool ttt_is_special(const struct game_state *s)
{
    struct action moves[GAME_MAX_SQUARES + 1];
    return game_legal(s, moves) == 1 && moves[0].kind == ACTION_MOVE;
}

const struct game_def game_tictactoe = {
    .opening_plies = 1, /* any first move still draws with best play */
    .name = "tictactoe",
    .title = "tic-tac-toe",
    .marks = {'o', 'x'},
    .rows = 3,
    .cols = 3,
    .squares = SQUARES_ROW_LETTER,
    .has_pass = false,
    .line = 3,
    .init = ttt_init,
    .legal = ttt_legal,
    .play = ttt_play,
    .is_dead = ttt_is_dead,
    .at = ttt_at,
    .set = ttt_set,
    .settle = ttt_settle,
    .special = "the last empty square",
    .is_special = ttt_is_special,
};
