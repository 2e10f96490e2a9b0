/* random.c: a random bot in C: answers each turn with a random legal move, in
 * any game. Speaks protocol/PROTOCOL.md. Usage: random [--seed N] (default 1,
 * so that games can be replayed). Each game is seeded from N and the game's
 * `seed`, so a game plays the same whichever process of the bot plays it. */
#define _POSIX_C_SOURCE 200809L /* getline, strtok_r */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* splitmix64: scrambles the state, so that seeds 1, 2, 3 give unrelated games. */
static uint64_t random_next(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

int main(int argc, char **argv)
{
    uint64_t seed = 1, state = 1;
    char *line = NULL, *legal[1024];
    size_t cap = 0;

    if (argc == 3 && strcmp(argv[1], "--seed") == 0)
        seed = state = strtoull(argv[2], NULL, 10);
    while (getline(&line, &cap, stdin) != -1) {
        char *save, *word = strtok_r(line, " \r\n", &save);
        int n = 0;

        if (word && strcmp(word, "quit") == 0)
            break;
        if (word && strcmp(word, "game") == 0) {
            while ((word = strtok_r(NULL, " \r\n", &save)) && strcmp(word, "seed") != 0)
                ;
            if (word && (word = strtok_r(NULL, " \r\n", &save)))
                state = seed ^ strtoull(word, NULL, 10);
            continue;
        }
        if (!word || strcmp(word, "turn") != 0)
            continue;
        while ((word = strtok_r(NULL, " \r\n", &save)) && strcmp(word, "legal") != 0)
            ;
        while (n < 1024 && (word = strtok_r(NULL, " \r\n", &save)))
            legal[n++] = word;
        puts(n ? legal[random_next(&state) % (uint64_t)n] : "resign");
        fflush(stdout);
    }
    free(line);
    return 0;
}
