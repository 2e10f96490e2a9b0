/* cmd_check.c: `referee check`: read a results directory back with libcsv and
 * check that it holds whole games: unique ids, every game's moves and nothing
 * else in moves.csv, and each game's moves giving its result under the rules;
 * optionally, that it holds the same games as another directory. */
#include "inspect.h"
#include "ledger.h"
#include "notation.h"
#include "schema.h"
#include "xalloc.h"

#include <errno.h>
#include <stddef.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What check's options set. */
struct check_args {
    const char *other;
    bool strict;
};

static const struct option_def check_table[] = {
    {.name = "strict",
     .type = OPTION_FLAG,
     .offset = offsetof(struct check_args, strict),
     .help = "the moves of games without their games.csv row (the\n"
             "tail a killed run leaves) are a problem too"},
    {.name = "same-as",
     .letter = 's',
     .arg = "DIR2",
     .type = OPTION_TEXT,
     .offset = offsetof(struct check_args, other),
     .help = "also check that DIR2 holds the same games and the same\n"
             "moves, times aside"},
};

const struct option_set check_options = {
    .table = check_table,
    .n = sizeof(check_table) / sizeof(check_table[0]),
    .head = "usage: referee check [options] DIR\n"
            "\n"
            "Reads DIR/games.csv and DIR/moves.csv and checks that every row is whole, that\n"
            "game ids are unique, that moves.csv holds exactly the moves of the games in\n"
            "games.csv, and that each game's moves give its recorded result. The moves of\n"
            "games a killed run wrote before their games.csv rows are reported as an\n"
            "interrupted tail that --resume replays.\n"
            "\n",
    .tail = "Exit status: 0 all good, 2 bad usage, 3 a problem (named), 4 a file that\n"
            "cannot be read.\n",
    .operands = "DIR",
    .min_operands = 1,
    .max_operands = 1,
    .permute = true,
};

/* Open DIR/games.csv or DIR/moves.csv. Returns EXIT_OK or an exit code,
 * having said why. */
static int open_dir_file(struct results_file *f, const char *dir, bool games)
{
    char why[PATH_MAX + 200];
    int err = schema_open_in(f, dir, games, SCHEMA_ALL, why, sizeof(why));
    if (err < 0) {
        cli_error("cannot read %s", why);
        return (err == -EINVAL || err == -ENODATA) ? EXIT_DATA : EXIT_SYSTEM;
    }
    return EXIT_OK;
}

/* Once f is read to its end: a torn last row is a problem here. */
static int check_whole(const struct results_file *f)
{
    if (schema_torn(f)) {
        cli_error("'%s': the last row is torn", f->path);
        return EXIT_DATA;
    }
    return EXIT_OK;
}

/* Fold a game's recorded moves and compare the result. */
static int check_result(const char *dir, const struct game_row *row)
{
    char why[256];
    if (ledger_fold(row, why, sizeof(why)) < 0) {
        cli_error("'%s': %s", dir, why);
        return EXIT_DATA;
    }
    return EXIT_OK;
}

static int compare_ids(const void *a, const void *b)
{
    long x = *(const long *)a, y = *(const long *)b;
    return (x > y) - (x < y);
}

/* Each game id once: sorted, so that a run of any size is checked at once. */
static int check_unique(const char *dir, long *ids, size_t n)
{
    if (n == 0)
        return EXIT_OK;
    qsort(ids, n, sizeof(*ids), compare_ids);
    for (size_t i = 1; i < n; i++)
        if (ids[i] == ids[i - 1]) {
            cli_error("'%s': game %ld is in games.csv twice", dir, ids[i]);
            return EXIT_DATA;
        }
    return EXIT_OK;
}

/* The moves rows of game row: plies 1..n in a run of their own, n the actions
 * of its history. */
static int check_moves(const char *dir, const struct game_row *row, struct results_file *moves)
{
    char why[PATH_MAX + 200];
    struct move_row m;
    size_t expect = 0;

    for (const char *p = row->text[GC_MOVES]; *p; p++)
        expect += *p == ' ';
    expect += row->text[GC_MOVES][0] != '\0';
    for (size_t ply = 1; ply <= expect; ply++) {
        size_t at = schema_rows(moves);
        int rc = schema_next_move(moves, &m, why, sizeof(why));
        if (rc < 0) {
            cli_error("%s", why);
            return EXIT_DATA;
        }
        if (rc == 0 || m.game_id != row->id || m.ply != (long)ply) {
            cli_error("'%s': moves.csv lacks ply %zu of game %ld (row %zu)", dir, ply, row->id,
                      at + 1);
            return EXIT_DATA;
        }
    }
    return EXIT_OK;
}

/* Moves rows after the last game's: the moves of games a killed run wrote
 * before their games.csv rows (moves go first). Each must be of a game not in
 * games.csv (ids, sorted), its plies 1, 2, ... Returns how many games, or -1
 * (having said why) if the tail is not that. */
static long interrupted_tail(const char *dir, struct results_file *moves, const long *ids, size_t n)
{
    char why[PATH_MAX + 200];
    struct move_row m;
    long games = 0, game = 0, ply = 0;
    int rc;

    while ((rc = schema_next_move(moves, &m, why, sizeof(why))) > 0) {
        if (m.game_id != game) {
            if ((n && bsearch(&m.game_id, ids, n, sizeof(*ids), compare_ids)) || m.ply != 1) {
                cli_error("'%s': moves.csv row %zu belongs to no game of games.csv", dir,
                          schema_rows(moves));
                return -1;
            }
            game = m.game_id;
            ply = 0;
            games++;
        }
        if (m.ply != ++ply) {
            cli_error("'%s': moves.csv row %zu: ply %ld of game %ld after ply %ld", dir,
                      schema_rows(moves), m.ply, game, ply - 1);
            return -1;
        }
    }
    if (rc < 0) {
        cli_error("%s", why);
        return -1;
    }
    return games;
}

static int check_dir(const char *dir, bool strict)
{
    struct results_file games, moves;
    struct game_row row;
    char why[PATH_MAX + 200];
    int rc, more;

    if ((rc = open_dir_file(&games, dir, true)) != EXIT_OK)
        return rc;
    if ((rc = open_dir_file(&moves, dir, false)) != EXIT_OK) {
        schema_close(&games);
        return rc;
    }
    long *ids = NULL;
    size_t n = 0, cap = 0;
    while (rc == EXIT_OK && (more = schema_next_game(&games, &row, why, sizeof(why))) != 0) {
        if (more < 0) {
            cli_error("%s", why);
            rc = EXIT_DATA;
            break;
        }
        if (n == cap)
            ids = xrealloc(ids, (cap = cap ? 2 * cap : 1024) * sizeof(*ids));
        ids[n++] = row.id;
        rc = check_moves(dir, &row, &moves);
        if (rc == EXIT_OK)
            rc = check_result(dir, &row);
    }
    if (rc == EXIT_OK)
        rc = check_whole(&games);
    if (rc == EXIT_OK)
        rc = check_unique(dir, ids, n);
    size_t whole = schema_rows(&moves);
    /* Rows after the last game's: a killed run, not yet resumed. Not corrupt,
     * unless asked to be whole. */
    long tail = rc == EXIT_OK ? interrupted_tail(dir, &moves, ids, n) : 0;
    if (tail < 0)
        rc = EXIT_DATA;
    if (rc == EXIT_OK)
        rc = check_whole(&moves);
    if (rc == EXIT_OK && tail > 0) {
        printf("%s: %zu moves of %ld interrupted game%s after game %ld; --resume will "
               "replay %s\n",
               dir, schema_rows(&moves) - whole, tail, tail == 1 ? "" : "s", n ? ids[n - 1] : 0L,
               tail == 1 ? "it" : "them");
        rc = strict ? EXIT_DATA : EXIT_OK;
    }
    if (rc == EXIT_OK)
        printf("%s: %zu games, %zu moves, all whole\n", dir, schema_rows(&games), whole);
    free(ids);
    schema_close(&games);
    schema_close(&moves);
    return rc;
}

/* The same rows, times aside. */
static int check_same(const char *a_dir, const char *b_dir, bool games)
{
    const char *name = games ? "games.csv" : "moves.csv";
    const char *const *columns = games ? schema_games_columns : schema_moves_columns;
    int ncols = games ? GC_COUNT : MC_COUNT;
    struct results_file a, b;
    int rc;

    if ((rc = open_dir_file(&a, a_dir, games)) != EXIT_OK)
        return rc;
    if ((rc = open_dir_file(&b, b_dir, games)) != EXIT_OK) {
        schema_close(&a);
        return rc;
    }
    int more_a, more_b;
    char why[PATH_MAX + 200];
    while (rc == EXIT_OK) {
        if ((more_a = schema_next_row(&a, why, sizeof(why))) < 0 ||
            (more_b = schema_next_row(&b, why, sizeof(why))) < 0) {
            cli_error("cannot read %s", why);
            rc = EXIT_DATA;
        } else if (more_a != more_b) {
            while (schema_next_row(more_a ? &a : &b, why, sizeof(why)) > 0)
                ; /* counted to its end */
            cli_error("'%s' and '%s': %s has %zu rows against %zu", a_dir, b_dir, name,
                      schema_rows(&a), schema_rows(&b));
            rc = EXIT_DATA;
        } else if (!more_a) {
            break;
        }
        for (int c = 0; rc == EXIT_OK && c < ncols; c++)
            if (!schema_is_timing(columns[c]) &&
                strcmp(schema_text(&a, c), schema_text(&b, c)) != 0) {
                cli_error("'%s' and '%s': %s row %zu differs in '%s'", a_dir, b_dir, name,
                          schema_rows(&a), columns[c]);
                rc = EXIT_DATA;
            }
    }
    if (rc == EXIT_OK)
        rc = check_whole(&a);
    if (rc == EXIT_OK)
        rc = check_whole(&b);
    schema_close(&a);
    schema_close(&b);
    return rc;
}

int cmd_check(int argc, char **argv)
{
    struct check_args a = {0};
    int first, rc = options_parse(&check_options, argc, argv, &a, NULL, &first);

    if (rc != 0)
        return rc == 1 ? EXIT_OK : rc;
    const char *other = a.other;
    rc = check_dir(argv[first], a.strict);
    if (rc == EXIT_OK && other)
        rc = check_same(argv[first], other, true);
    if (rc == EXIT_OK && other)
        rc = check_same(argv[first], other, false);
    if (rc == EXIT_OK && other)
        printf("%s: the same games as %s\n", argv[first], other);
    return rc;
}
