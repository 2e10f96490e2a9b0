/* cmd_perft.c: `referee perft`: move-sequence counts of a game, per depth or
 * divided by first move, to check the rules against known figures. */
#include "inspect.h"
#include "game.h"
#include "notation.h"
#include "perft.h"
#include "xalloc.h"

#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

static void perft_usage(FILE *f)
{
    fputs("usage: referee perft [--early-draw] [--board BOARD] [--divide] GAME DEPTH\n"
          "\n"
          "Prints, for each depth from 1 to DEPTH, the number of move sequences of\n"
          "that length (nodes) and the games that ended within it, by result.\n"
          "--divide prints the nodes at DEPTH under each first move instead.\n"
          "Exit status: 0 done, 2 bad usage, 3 a board that does not parse.\n",
          f);
}

static void print_counts(int depth, const struct perft_counts *c)
{
    printf("%5d %14" PRIu64 " %14" PRIu64 " %14" PRIu64 " %14" PRIu64 " %14" PRIu64 "\n", depth,
           c->nodes, c->games, c->wins[0], c->wins[1], c->draws);
}

/* The nodes at depth under each first move, and their total. */
static void print_divided(const struct game_state *s, int depth)
{
    const struct game_def *def = game_def_of(s);
    struct action moves[GAME_MAX_SQUARES + 1];
    struct perft_counts c;
    uint64_t total = 0;
    int n = game_legal(s, moves);

    for (int i = 0; i < n; i++) {
        struct game_state next = *s;
        char text[GAME_MOVE_TEXT];
        game_step(&next, moves[i]);
        perft_count(&next, depth - 1, &c);
        printf("%s %" PRIu64 "\n", notation_format_move(def, moves[i], false, text, sizeof(text)),
               c.nodes);
        total += c.nodes;
    }
    printf("total %" PRIu64 "\n", total);
}

/* The counts at each depth from 1 to depth. */
static void print_depths(const struct game_state *s, int depth)
{
    struct perft_counts c;

    printf("%5s %14s %14s %14s %14s %14s\n", "depth", "nodes", "games", "first-wins", "second-wins",
           "draws");
    for (int d = 1; d <= depth; d++) {
        perft_count(s, d, &c);
        print_counts(d, &c);
    }
}

int cmd_perft(int argc, char **argv)
{
    static const struct option options[] = {
        {"early-draw", no_argument, NULL, 'e'},
        {"board", required_argument, NULL, 'b'},
        {"divide", no_argument, NULL, 'd'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *board = NULL, *why;
    bool early_draw = false, divide = false;
    int opt;

    optind = 1;
    while ((opt = getopt_long(argc, argv, "+eb:dh", options, NULL)) != -1) {
        switch (opt) {
        case 'e': early_draw = true; break;
        case 'b': board = optarg; break;
        case 'd': divide = true; break;
        case 'h': perft_usage(stdout); return EXIT_OK;
        default: perft_usage(stderr); return EXIT_USAGE;
        }
    }
    if (argc - optind != 2) {
        perft_usage(stderr);
        return EXIT_USAGE;
    }
    const struct game_def *def = game_find(argv[optind]);
    if (!def) {
        cli_error("unknown game '%s'", argv[optind]);
        return EXIT_USAGE;
    }
    char *end;
    long depth = strtol(argv[optind + 1], &end, 10);
    if (*end || end == argv[optind + 1] || depth < 1 || depth > GAME_MAX_PLIES) {
        cli_error("depth '%s' is not a number from 1 to %d", argv[optind + 1], GAME_MAX_PLIES);
        return EXIT_USAGE;
    }

    struct game_state *s = xmalloc(sizeof(*s));
    if (board) {
        if (notation_parse_board(def, board, early_draw, s, &why) < 0) {
            cli_error("board '%s': %s", board, why);
            free(s);
            return EXIT_DATA;
        }
    } else {
        game_init(s, def, early_draw);
    }

    if (divide)
        print_divided(s, (int)depth);
    else
        print_depths(s, (int)depth);
    free(s);
    return EXIT_OK;
}
