/* cmd_perft.c: `referee perft`: move-sequence counts of a game, per depth or
 * divided by first move, to check the rules against known figures. */
#include "cmd.h"
#include "cmd_options.h"
#include "game.h"
#include "notation.h"
#include "perft.h"
#include "xalloc.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

/* What perft's options set. */
struct perft_args {
    const char *board;
    bool early_draw, divide;
};

#define FIELD(name) offsetof(struct perft_args, name)

static const struct option_def perft_table[] = {
    FLAG("early-draw", early_draw, "end a game at a dead position, as a run does", .letter = 'e'),
    TEXT("board", "BOARD", board,
         "count from this position (as replay prints it)\n"
         "rather than the start",
         .letter = 'b'),
    FLAG("divide", divide, "print the nodes at DEPTH under each first move", .letter = 'd'),
};

const struct option_set perft_options = {
    .table = perft_table,
    .n = sizeof(perft_table) / sizeof(perft_table[0]),
    .head = "usage: referee perft [options] GAME DEPTH\n"
            "\n"
            "Prints, for each depth from 1 to DEPTH, the number of move sequences of\n"
            "that length (nodes) and the games that ended within it, by result.\n"
            "\n",
    .tail = "Exit status: 0 done, 2 bad usage, 3 a board that does not parse.\n",
    .operands = "GAME DEPTH",
    .min_operands = 2,
    .max_operands = 2,
};

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

static int cmd_perft(int argc, char **argv)
{
    struct perft_args a = {0};
    const char *why;
    int first, rc = options_parse(&perft_options, argc, argv, &a, NULL, &first);

    if (rc != 0)
        return rc == 1 ? EXIT_OK : rc;
    const struct game_def *def = game_find(argv[first]);
    if (!def) {
        message_error("unknown game '%s'", argv[first]);
        return EXIT_USAGE;
    }
    char *end;
    long depth = strtol(argv[first + 1], &end, 10);
    if (*end || end == argv[first + 1] || depth < 1 || depth > GAME_MAX_PLIES) {
        message_error("depth '%s' is not a number from 1 to %d", argv[first + 1], GAME_MAX_PLIES);
        return EXIT_USAGE;
    }

    struct game_state *s = xmalloc(sizeof(*s));
    if (a.board) {
        if (notation_parse_board(def, a.board, a.early_draw, s, &why) < 0) {
            message_error("board '%s': %s", a.board, why);
            free(s);
            return EXIT_DATA;
        }
    } else {
        game_init(s, def, a.early_draw);
    }

    if (a.divide)
        print_divided(s, (int)depth);
    else
        print_depths(s, (int)depth);
    free(s);
    return EXIT_OK;
}

const struct cmd_entry cmd_perft_entry = {
    .name = "perft",
    .summary = "count the move sequences of a game to a depth",
    .exec = cmd_perft,
    .options = &perft_options,
};
