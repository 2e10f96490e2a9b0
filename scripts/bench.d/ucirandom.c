/* ucirandom.c: bots/random's logic behind UCI, for cutechess-cli's tictactoe and cfour
 * variants, so that scripts/bench can time cutechess-cli with a bot as trivial as
 * referee's. Built and run by scripts/bench; not part of referee.
 *
 *   ucirandom [--seed N]
 *
 * Offers the two variants through a UCI_Variant combo option, follows the game
 * from `position startpos moves ...` and answers each `go` at once with a move
 * drawn uniformly among the legal ones by the same splitmix64 as bots/random.
 * Moves are drops of the one piece, `P@` and a square: file a.., rank 1 at the
 * bottom (in cfour a piece falls to the lowest free rank of its file). As there is
 * no game seed in UCI, the generator runs on across games; each game differs. */
#define _POSIX_C_SOURCE 200809L /* getline, strtok_r */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_W = 7, MAX_H = 6 };

struct variant {
    const char *name;
    int width, height;
    bool gravity;
};

static const struct variant variants[] = {
    {"tictactoe", 3, 3, false},
    {"cfour", 7, 6, true},
};

struct position {
    const struct variant *v;
    bool taken[MAX_W][MAX_H];
};

/* splitmix64, as bots/random.c. */
static uint64_t random_next(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

/* The lowest free rank of a file, or height if it is full. */
static int position_floor(const struct position *pos, int file)
{
    int rank = 0;
    while (rank < pos->v->height && pos->taken[file][rank])
        rank++;
    return rank;
}

/* Marks the square of a move such as "P@b2"; false if it is not a legal drop. */
static bool position_apply(struct position *pos, const char *move)
{
    if (strncmp(move, "P@", 2) != 0)
        return false;
    int file = move[2] - 'a';
    int rank = atoi(move + 3) - 1;
    if (file < 0 || file >= pos->v->width || rank < 0 || rank >= pos->v->height ||
        pos->taken[file][rank] || (pos->v->gravity && rank != position_floor(pos, file)))
        return false;
    pos->taken[file][rank] = true;
    return true;
}

/* The legal squares, as file * MAX_H + rank, file by file; returns how many. */
static int position_legal(const struct position *pos, int *legal)
{
    int n = 0;
    for (int file = 0; file < pos->v->width; file++) {
        if (pos->v->gravity) {
            int rank = position_floor(pos, file);
            if (rank < pos->v->height)
                legal[n++] = file * MAX_H + rank;
            continue;
        }
        for (int rank = 0; rank < pos->v->height; rank++)
            if (!pos->taken[file][rank])
                legal[n++] = file * MAX_H + rank;
    }
    return n;
}

int main(int argc, char **argv)
{
    uint64_t state = 1;
    struct position pos = {.v = &variants[0]};
    char *line = NULL;
    size_t cap = 0;

    if (argc == 3 && strcmp(argv[1], "--seed") == 0)
        state = strtoull(argv[2], NULL, 10);
    while (getline(&line, &cap, stdin) != -1) {
        char *save, *word = strtok_r(line, " \r\n", &save);

        if (!word)
            continue;
        if (strcmp(word, "quit") == 0)
            break;
        if (strcmp(word, "uci") == 0) {
            printf("id name ucirandom\nid author referee scripts/bench\n"
                   "option name UCI_Variant type combo default tictactoe"
                   " var tictactoe var cfour\nuciok\n");
        } else if (strcmp(word, "isready") == 0) {
            puts("readyok");
        } else if (strcmp(word, "setoption") == 0) {
            /* setoption name UCI_Variant value NAME */
            char *name = strtok_r(NULL, " \r\n", &save);
            name = name ? strtok_r(NULL, " \r\n", &save) : NULL;
            char *value = name ? strtok_r(NULL, " \r\n", &save) : NULL;
            value = value ? strtok_r(NULL, " \r\n", &save) : NULL;
            if (!name || strcmp(name, "UCI_Variant") != 0 || !value)
                continue;
            size_t i = 0;
            while (i < sizeof(variants) / sizeof(variants[0]) &&
                   strcmp(variants[i].name, value) != 0)
                i++;
            if (i == sizeof(variants) / sizeof(variants[0])) {
                fprintf(stderr, "ucirandom: unknown variant '%s'\n", value);
                return 1;
            }
            pos = (struct position){.v = &variants[i]};
        } else if (strcmp(word, "position") == 0) {
            word = strtok_r(NULL, " \r\n", &save);
            if (!word || strcmp(word, "startpos") != 0) {
                fprintf(stderr, "ucirandom: only 'position startpos' is understood\n");
                return 1;
            }
            pos = (struct position){.v = pos.v};
            while ((word = strtok_r(NULL, " \r\n", &save)))
                if (strcmp(word, "moves") != 0 && !position_apply(&pos, word)) {
                    fprintf(stderr, "ucirandom: illegal move '%s'\n", word);
                    return 1;
                }
        } else if (strcmp(word, "go") == 0) {
            int legal[MAX_W * MAX_H];
            int n = position_legal(&pos, legal);
            if (n == 0) {
                puts("bestmove 0000");
            } else {
                int sq = legal[random_next(&state) % (uint64_t)n];
                printf("bestmove P@%c%d\n", 'a' + sq / MAX_H, sq % MAX_H + 1);
            }
        } else {
            continue; /* ucinewgame, stop, ponderhit...: nothing to answer */
        }
        fflush(stdout);
    }
    free(line);
    return 0;
}
