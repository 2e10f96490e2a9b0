/* marks.h: a board of the games where the sides place marks in turn and a
 * line ends the game (tic-tac-toe, connect 4, gomoku), settled from its marks
 * alone: the one settle those game files share. Pure. */
#ifndef REFEREE_MARKS_H
#define REFEREE_MARKS_H

#include "game.h"

#include <stdbool.h>

/* What a board's marks say, as its game file counts them. */
struct marks {
    int count[2]; /* each side's marks */
    bool line[2]; /* whether each side has a line */
    bool full;    /* every square taken */
};

/* Settle s (a game_def's settle) from its marks m: the side to move from the
 * counts (the first when they are equal, the second when the first has one
 * more), which a side to move the text gave (s->to_move not SIDE_NONE) must
 * match; at most one line, made by the side that moved last, which wins it.
 * Else END_FULL when m->full or is_stuck(s) (NULL: never; asked with the side
 * to move set) says the side to move has no move, and with s->early_draw
 * END_DEAD when is_dead(s) says nobody can make a line. plies: the marks.
 * Returns false, s untouched, when the marks allow no such position; checks
 * of its own game (a floating disc, a line no last move made) are the
 * caller's, before. */
bool marks_settle(struct game_state *s, const struct marks *m,
                  bool (*is_dead)(const struct game_state *s),
                  bool (*is_stuck)(const struct game_state *s));

#endif
