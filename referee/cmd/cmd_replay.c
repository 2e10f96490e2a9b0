/* cmd_replay.c: `referee replay`: fold a move list through the reducer and
 * print the final board, the history and the result with its reason. */
#include "cmd.h"
#include "cmd_options.h"
#include "game.h"
#include "notation.h"
#include "schema.h"
#include "xalloc.h"

#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct replay {
    struct game_state game;
    int index;          /* 1-based number of the move being read, for messages */
    char ignored[4096]; /* moves after the end, as written */
    size_t nignored;
    enum foul forfeit; /* from a record: the kind of its forfeit, FOUL_NONE if none */
    char *reason;      /* from a record: its reason, for fouls the rules cannot see */
    char *bots[2];     /* from a record: who played */
    char *bot_seed;    /* from a record: the seed its bots were told */
};

/* Fold one move text; returns an exit code (EXIT_OK to go on). */
static int replay_move(struct replay *r, const char *text)
{
    struct action a;
    const char *why;

    r->index++;
    if (game_is_over(&r->game)) {
        size_t k = strlen(text);
        if (r->nignored + k + 2 < sizeof(r->ignored)) {
            r->nignored +=
                (size_t)snprintf(r->ignored + r->nignored, sizeof(r->ignored) - r->nignored, "%s%s",
                                 r->nignored ? " " : "", text);
        }
        return EXIT_OK;
    }
    if (notation_parse_move(&r->game, text, &a, &why) < 0) {
        message_error("move %d '%s': %s", r->index, text, why);
        return EXIT_DATA;
    }
    if (a.kind == ACTION_FORFEIT) {
        if (r->forfeit == FOUL_NONE) {
            message_error("move %d '%s': a forfeit is known only from a record (--results, --id)",
                          r->index, text);
            return EXIT_DATA;
        }
        a.foul = (uint8_t)r->forfeit;
    }
    game_step(&r->game, a);
    return EXIT_OK;
}

static int replay_file(struct replay *r, const char *path)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
    char *line = NULL;
    size_t cap = 0;
    int rc = EXIT_OK;

    if (!f) {
        message_error("cannot open '%s': %s", path, strerror(errno));
        return EXIT_SYSTEM;
    }
    while (rc == EXIT_OK && getline(&line, &cap, f) >= 0) {
        char *save = NULL;
        for (char *t = strtok_r(line, " \t\r\n", &save); t && rc == EXIT_OK;
             t = strtok_r(NULL, " \t\r\n", &save))
            rc = replay_move(r, t);
    }
    if (rc == EXIT_OK && ferror(f)) {
        message_error("cannot read '%s': %s", path, strerror(errno));
        rc = EXIT_SYSTEM;
    }
    free(line);
    if (f != stdin)
        fclose(f);
    return rc;
}

static void replay_print(const struct replay *r)
{
    const struct game_def *def = game_def_of(&r->game);
    char board[GAME_BOARD_TEXT], reason[128];
    char *history = malloc(GAME_MAX_PLIES * GAME_MOVE_TEXT);

    printf("game %s\n", def->name);
    if (r->bots[0])
        printf("first %s\nsecond %s\n", r->bots[0], r->bots[1]);
    printf("board %s\n", notation_format_board(&r->game, board, sizeof(board)));
    if (history)
        printf("history %s\n",
               notation_format_history(&r->game, history, GAME_MAX_PLIES * GAME_MOVE_TEXT));
    free(history);
    printf("result %s\n", game_result_text(&r->game));
    if (game_is_over(&r->game)) {
        if (r->game.winner == SIDE_NONE)
            printf("winner none\n");
        else
            printf("winner %c\n", def->marks[r->game.winner]);
        /* The figures of a timeout or a crash are only in the record. */
        bool referee_foul = r->game.end == END_FOUL && r->game.foul >= FOUL_TIMEOUT;
        printf("reason %s\n", referee_foul && r->reason
                                  ? r->reason
                                  : game_reason(&r->game, reason, sizeof(reason)));
    } else {
        printf("to-move %c\n", def->marks[r->game.to_move]);
    }
    if (r->nignored)
        printf("ignored %s\n", r->ignored);
    if (r->bot_seed)
        printf("bot_seed %s\n", r->bot_seed);
}

/* Set up r from game `id` of DIR/games.csv; its moves go to *moves (owned by
 * the caller). Returns EXIT_OK or an exit code, having said why. */
static int replay_record(struct replay *r, const char *dir, const char *id, char **moves)
{
    char why[PATH_MAX + 200];
    struct results_file f;
    struct game_row row;
    int found, rc = EXIT_OK;

    int err = schema_open_in(&f, dir, true, SCHEMA_ALL, why, sizeof(why));
    if (err < 0) {
        message_error("cannot read %s", why);
        return (err == -EINVAL || err == -ENODATA) ? EXIT_DATA : EXIT_SYSTEM;
    }
    while ((found = schema_next_game(&f, &row, why, sizeof(why))) > 0 &&
           strcmp(row.text[GC_GAME_ID], id) != 0)
        ;
    if (found < 0) {
        message_error("cannot read %s", why);
        rc = EXIT_DATA;
    } else if (found == 0) {
        message_error("no game '%s' in '%s'", id, f.path);
        rc = EXIT_USAGE;
    } else if (!row.def) {
        message_error("game %s in '%s': unknown game '%s'", id, f.path, row.text[GC_GAME]);
        rc = EXIT_DATA;
    } else {
        game_init(&r->game, row.def, row.early_draw);
        r->forfeit = row.foul;
        *moves = xstrdup(row.text[GC_MOVES]);
        r->reason = xstrdup(row.text[GC_REASON]);
        r->bots[0] = xstrdup(row.bots[0]);
        r->bots[1] = xstrdup(row.bots[1]);
        r->bot_seed = xstrdup(row.text[GC_BOT_SEED]);
    }
    schema_close(&f);
    return rc;
}

struct replay_args {
    const char *game, *board, *file, *results, *id;
    bool early_draw;
    int first_move; /* argv index of the first move given as an argument */
};

#define FIELD(name) offsetof(struct replay_args, name)

static const struct option_def replay_table[] = {
    TEXT("game", "NAME", game, "the game's rules (default tictactoe)", .letter = 'g'),
    TEXT("board", "BOARD", board, "start from this position rather than the initial one",
         .letter = 'b'),
    FLAG("early-draw", early_draw, "end the game at a dead position, as a run does", .letter = 'e'),
    TEXT("file", "FILE", file, "read the moves from FILE ('-' is standard input)", .letter = 'f'),
    TEXT("results", "DIR", results, "replay a game of a run's results folder, with --id",
         .letter = 'r'),
    TEXT("id", "N", id, "the game's id in DIR/games.csv", .letter = 'i'),
    TEXT("from-results", "DIR", results, NULL),
};

const struct option_set replay_options = {
    .table = replay_table,
    .n = sizeof(replay_table) / sizeof(replay_table[0]),
    .head = "usage: referee replay [--game NAME] [--board BOARD] [--early-draw] [MOVE...]\n"
            "       referee replay [options] --file FILE   (FILE '-' is standard input)\n"
            "       referee replay --results DIR --id N    (game N of a tournament or match)\n"
            "\n"
            "Plays the moves in order, from the initial position or from BOARD, and\n"
            "prints the board, the history, the result and why. Moves after the end of\n"
            "the game are listed as ignored. A move is 'c2', 'o:c2', 'resign' or 'o:resign'.\n"
            "\n",
    .tail = "Exit status: 0 replayed, 2 bad usage, 3 a move or board that does not parse,\n"
            "4 an unreadable file.\n",
    .operands = "MOVE...",
    .min_operands = 0,
    .max_operands = -1,
};

/* Returns -1 to go on, or the exit status (help, or bad usage said). */
static int parse_replay_args(int argc, char **argv, struct replay_args *a)
{
    int rc;

    *a = (struct replay_args){.game = "tictactoe"};
    rc = options_parse(&replay_options, argc, argv, a, NULL, &a->first_move);
    if (rc != 0)
        return rc == 1 ? EXIT_OK : rc;
    if (a->file && a->first_move < argc) {
        message_error("give moves either as arguments or with --file, not both");
        return EXIT_USAGE;
    }
    if (!a->results != !a->id || (a->results && (a->file || a->board || a->first_move < argc))) {
        message_error(
            "a game of a run is replayed with --results DIR and --id N, and nothing else");
        return EXIT_USAGE;
    }
    return -1;
}

/* The position the moves start from: a run's game, a board, or the start. */
static int replay_start(struct replay *r, const struct replay_args *a, const struct game_def *def,
                        char **record_moves)
{
    const char *why;

    if (a->results)
        return replay_record(r, a->results, a->id, record_moves);
    if (a->board) {
        if (notation_parse_board(def, a->board, a->early_draw, &r->game, &why) < 0) {
            message_error("board '%s': %s", a->board, why);
            return EXIT_DATA;
        }
        return EXIT_OK;
    }
    game_init(&r->game, def, a->early_draw);
    return EXIT_OK;
}

static int cmd_replay(int argc, char **argv)
{
    struct replay_args a;
    char *record_moves = NULL;
    int rc = parse_replay_args(argc, argv, &a);

    if (rc >= 0)
        return rc;
    const struct game_def *def = game_find(a.game);
    if (!def) {
        message_error("unknown game '%s'", a.game);
        return EXIT_USAGE;
    }
    struct replay *r = xcalloc(1, sizeof(*r));
    rc = replay_start(r, &a, def, &record_moves);
    if (rc == EXIT_OK && record_moves) {
        char *save = NULL;
        for (char *t = strtok_r(record_moves, " ", &save); t && rc == EXIT_OK;
             t = strtok_r(NULL, " ", &save))
            rc = replay_move(r, t);
    } else if (rc == EXIT_OK && a.file) {
        rc = replay_file(r, a.file);
    } else if (rc == EXIT_OK && a.first_move == argc && !isatty(STDIN_FILENO)) {
        rc = replay_file(r, "-");
    } else {
        for (int i = a.first_move; i < argc && rc == EXIT_OK; i++)
            rc = replay_move(r, argv[i]);
    }
    if (rc == EXIT_OK)
        replay_print(r);
    free(record_moves);
    free(r->reason);
    free(r->bots[0]);
    free(r->bots[1]);
    free(r->bot_seed);
    free(r);
    return rc;
}

const struct cmd_entry cmd_replay_entry = {
    .name = "replay",
    .summary = "fold a move list through the rules and print the result",
    .exec = cmd_replay,
    .options = &replay_options,
};
