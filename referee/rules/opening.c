/* opening.c: random openings by a seeded walk through the legal moves. */
#include "opening.h"

uint64_t opening_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

int opening_random_line(struct game_state *s, uint64_t seed, int plies)
{
    uint64_t rng = seed;

    for (int attempt = 0; attempt < 1000; attempt++) {
        struct game_state t = *s;
        struct action moves[GAME_MAX_SQUARES + 1];
        int i;
        for (i = 0; i < plies; i++) {
            int n = game_legal(&t, moves);
            if (n == 0)
                break;
            game_step(&t, moves[opening_random(&rng) % (uint64_t)n]);
            if (game_is_over(&t))
                break;
        }
        if (i == plies) {
            *s = t;
            return 0;
        }
    }
    return -1;
}
