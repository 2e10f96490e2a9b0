/* opening.h: seeded random openings, so that deterministic bots do not replay
 * the same game forever. Pure: the same seed gives the same opening. */
#ifndef REFEREE_OPENING_H
#define REFEREE_OPENING_H

#include "game.h"

/* splitmix64: a small, good, seedable generator. Advances *state. */
uint64_t opening_random(uint64_t *state);

/* Play `plies` random legal moves into *s (which holds a start position) from
 * `seed`, never ending the game: a line that would end it is drawn again.
 * Returns 0, or -1 if no such opening was found (plies too deep). */
int opening_random_line(struct game_state *s, uint64_t seed, int plies);

#endif
