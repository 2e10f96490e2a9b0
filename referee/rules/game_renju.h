/* game_renju.h: the pieces of gomoku-renju's table (game_gomoku.c) that read a
 * game state with renju.h's rules. Pure: no allocation, I/O or globals. */
#ifndef REFEREE_GAME_RENJU_H
#define REFEREE_GAME_RENJU_H

#include "game.h"
#include "renju.h"

/* Write s's position (a 15 x 15 game) into *b as renju.h reads it. */
void renju_board_of(const struct game_state *s, struct renju_board *b);

/* True if black is to move in s and every empty square is forbidden to it. */
bool renju_is_stuck(const struct game_state *s);

/* Doctor's special position: black to move beside a point forbidden to it. */
extern const char renju_is_near_forbidden_text[];
bool renju_is_near_forbidden(const struct game_state *s);

/* Why black may not play a in s: "forbidden: double three", "forbidden:
 * double four", "forbidden: overline"; NULL if a is not forbidden. */
const char *renju_why_illegal(const struct game_state *s, struct action a);

#endif
