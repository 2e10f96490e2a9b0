/* cmd_check.c: `referee check`: read a results directory back with libcsv and
 * check that it holds whole games: unique ids, every game's moves and nothing
 * else in moves.csv, and each game's moves giving its result under the rules;
 * optionally, that it holds the same games as another directory. */
#include "cli.h"
#include "notation.h"
#include "table.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Columns that differ from run to run: times. */
static bool is_timing(const char *column)
{
    static const char *const timing[] = {"start_utc",    "duration_ms",   "first_ms", "second_ms",
                                         "first_max_ms", "second_max_ms", "ms"};
    for (size_t i = 0; i < sizeof(timing) / sizeof(timing[0]); i++)
        if (strcmp(column, timing[i]) == 0)
            return true;
    return false;
}

static void check_usage(FILE *f)
{
    fputs("usage: referee check [--same-as DIR2] DIR\n"
          "\n"
          "Reads DIR/games.csv and DIR/moves.csv and checks that every row is whole, that\n"
          "game ids are unique, that moves.csv holds exactly the moves of the games in\n"
          "games.csv, and that each game's moves give its recorded result. --same-as also\n"
          "checks that DIR2 holds the same games, times aside.\n"
          "Exit status: 0 all good, 3 a problem (named), 4 a file that cannot be read.\n",
          f);
}

static int load(struct table *t, const char *dir, const char *name)
{
    char path[4096], why[160];
    snprintf(path, sizeof(path), "%s/%s", dir, name);
    int err = table_load(t, path, why, sizeof(why));
    if (err < 0) {
        cli_error("cannot read '%s': %s", path, why);
        return (err == -EINVAL || err == -ENODATA) ? EXIT_DATA : EXIT_SYSTEM;
    }
    if (t->complete != t->nrows) {
        cli_error("'%s': the last row is torn", path);
        table_release(t);
        return EXIT_DATA;
    }
    return EXIT_OK;
}

static int column(const struct table *t, const char *dir, const char *name)
{
    int c = table_column(t, name);
    if (c < 0)
        cli_error("'%s': no column '%s'", dir, name);
    return c;
}

/* Fold a game's recorded moves and compare the result. */
static int check_result(const char *dir, char **row, const int *col)
{
    const struct game_def *def = game_find(row[col[1]]);
    struct game_state s;
    char *moves = strdup(row[col[2]]), *save = NULL;
    enum foul forfeit = row[col[4]][0] ? foul_from_name(row[col[4]]) : FOUL_NONE;
    int rc = EXIT_OK;

    if (!def || !moves) {
        cli_error("'%s': game %s: unknown game '%s'", dir, row[col[0]], row[col[1]]);
        free(moves);
        return EXIT_DATA;
    }
    game_init(&s, def, strcmp(row[col[5]], "0") != 0);
    for (char *m = strtok_r(moves, " ", &save); m; m = strtok_r(NULL, " ", &save)) {
        struct action a;
        const char *why;
        if (notation_parse_move(&s, m, &a, &why) < 0) {
            cli_error("'%s': game %s: move '%s': %s", dir, row[col[0]], m, why);
            rc = EXIT_DATA;
            break;
        }
        if (a.kind == ACTION_FORFEIT)
            a.foul = (uint8_t)(forfeit == FOUL_COUNT ? FOUL_NONE : forfeit);
        if (!game_step(&s, a)) {
            cli_error("'%s': game %s: move '%s' after the end", dir, row[col[0]], m);
            rc = EXIT_DATA;
            break;
        }
    }
    if (rc == EXIT_OK && strcmp(game_result_text(&s), row[col[3]]) != 0) {
        cli_error("'%s': game %s: its moves give %s, the record says %s", dir, row[col[0]],
                  game_result_text(&s), row[col[3]]);
        rc = EXIT_DATA;
    }
    free(moves);
    return rc;
}

static int check_dir(const char *dir)
{
    static const char *const keys[] = {"game_id", "game", "moves", "result", "foul", "early_draw"};
    struct table games, moves;
    int col[6], rc;

    if ((rc = load(&games, dir, "games.csv")) != EXIT_OK)
        return rc;
    if ((rc = load(&moves, dir, "moves.csv")) != EXIT_OK) {
        table_release(&games);
        return rc;
    }
    for (int i = 0; i < 6 && rc == EXIT_OK; i++)
        if ((col[i] = column(&games, dir, keys[i])) < 0)
            rc = EXIT_DATA;
    int mid = column(&moves, dir, "game_id"), mply = column(&moves, dir, "ply");
    if (mid < 0 || mply < 0)
        rc = EXIT_DATA;

    /* Each game: its id once, its moves rows 1..n in a run of their own. */
    size_t m = 0;
    for (size_t g = 0; rc == EXIT_OK && g < games.nrows; g++) {
        const char *id = games.rows[g][col[0]];
        for (size_t h = 0; h < g && rc == EXIT_OK; h++)
            if (strcmp(games.rows[h][col[0]], id) == 0) {
                cli_error("'%s': game %s is in games.csv twice", dir, id);
                rc = EXIT_DATA;
            }
        size_t expect = 0;
        for (const char *p = games.rows[g][col[2]]; *p; p++)
            expect += *p == ' ';
        expect += games.rows[g][col[2]][0] != '\0';
        for (size_t ply = 1; rc == EXIT_OK && ply <= expect; ply++, m++) {
            if (m >= moves.nrows || strcmp(moves.rows[m][mid], id) != 0 ||
                atol(moves.rows[m][mply]) != (long)ply) {
                cli_error("'%s': moves.csv lacks ply %zu of game %s (row %zu)", dir, ply, id,
                          m + 1);
                rc = EXIT_DATA;
            }
        }
        if (rc == EXIT_OK)
            rc = check_result(dir, games.rows[g], col);
    }
    if (rc == EXIT_OK && m != moves.nrows) {
        cli_error("'%s': moves.csv row %zu belongs to no game of games.csv", dir, m + 1);
        rc = EXIT_DATA;
    }
    if (rc == EXIT_OK)
        printf("%s: %zu games, %zu moves, all whole\n", dir, games.nrows, moves.nrows);
    table_release(&games);
    table_release(&moves);
    return rc;
}

/* The same rows, times aside. */
static int check_same(const char *a_dir, const char *b_dir, const char *name)
{
    struct table a, b;
    int rc;

    if ((rc = load(&a, a_dir, name)) != EXIT_OK)
        return rc;
    if ((rc = load(&b, b_dir, name)) != EXIT_OK) {
        table_release(&a);
        return rc;
    }
    if (a.nrows != b.nrows || a.ncols != b.ncols) {
        cli_error("'%s' and '%s': %s has %zu rows against %zu", a_dir, b_dir, name, a.nrows,
                  b.nrows);
        rc = EXIT_DATA;
    }
    for (size_t r = 0; rc == EXIT_OK && r < a.nrows; r++)
        for (size_t c = 0; rc == EXIT_OK && c < a.ncols; c++)
            if (!is_timing(a.header[c]) && strcmp(a.rows[r][c], b.rows[r][c]) != 0) {
                cli_error("'%s' and '%s': %s row %zu differs in '%s'", a_dir, b_dir, name, r + 1,
                          a.header[c]);
                rc = EXIT_DATA;
            }
    table_release(&a);
    table_release(&b);
    return rc;
}

int cmd_check(int argc, char **argv)
{
    static const struct option options[] = {
        {"same-as", required_argument, NULL, 's'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *other = NULL;
    int opt;

    optind = 1;
    while ((opt = getopt_long(argc, argv, "s:h", options, NULL)) != -1) {
        switch (opt) {
        case 's': other = optarg; break;
        case 'h': check_usage(stdout); return EXIT_OK;
        default: check_usage(stderr); return EXIT_USAGE;
        }
    }
    if (argc - optind != 1) {
        check_usage(stderr);
        return EXIT_USAGE;
    }
    int rc = check_dir(argv[optind]);
    if (rc == EXIT_OK && other)
        rc = check_same(argv[optind], other, "games.csv");
    if (rc == EXIT_OK && other)
        rc = check_same(argv[optind], other, "moves.csv");
    if (rc == EXIT_OK && other)
        printf("%s: the same games as %s\n", argv[optind], other);
    return rc;
}
