/* perft.c: a plain recursive walk of the game tree through the reducer. */
#include "perft.h"

#include <string.h>

static void walk(const struct game_state *s, int depth, struct perft_counts *c)
{
    if (game_is_over(s)) {
        c->games++;
        if (s->winner == SIDE_NONE)
            c->draws++;
        else
            c->wins[s->winner]++;
        return;
    }
    if (depth == 0) {
        c->nodes++;
        return;
    }
    struct action moves[GAME_MAX_SQUARES + 1];
    int n = game_legal(s, moves);
    for (int i = 0; i < n; i++) {
        struct game_state next = *s;
        game_step(&next, moves[i]);
        /* A game that ends on the last counted ply is a node at that depth too. */
        if (depth == 1 && game_is_over(&next))
            c->nodes++;
        walk(&next, depth - 1, c);
    }
}

void perft_count(const struct game_state *s, int depth, struct perft_counts *out)
{
    memset(out, 0, sizeof(*out));
    if (depth <= 0) {
        out->nodes = 1;
        return;
    }
    walk(s, depth, out);
}
