/* perft.h: counting move sequences, the way engine authors test move generators. Pure. */
#ifndef REFEREE_PERFT_H
#define REFEREE_PERFT_H

#include "game.h"

struct perft_counts {
    uint64_t nodes;   /* positions exactly `depth` plies deep (games over sooner stop there) */
    uint64_t games;   /* games that ended within `depth` plies */
    uint64_t wins[2]; /* of those, won by the first and by the second side */
    uint64_t draws;   /* of those, drawn */
};

/* Count from s down to `depth` plies into *out (zeroed first). Each legal move,
 * pass included, is a ply. */
void perft_count(const struct game_state *s, int depth, struct perft_counts *out);

#endif
