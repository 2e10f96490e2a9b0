/* test_ledger.c: games.csv read back by ledger.c: a summary per row, the rows
 * folded through the rules, the one-game check, and a killed run's files
 * trimmed to its whole games for --resume. The files are a real run's. */
#include "helpers.h"
#include "run.h"
#include "ledger.h"

#include <criterion/criterion.h>
#include <errno.h>
#include <limits.h>

static struct run_result r;

/* A tournament of 4 games between two deterministic bots, seed 1. */
static void played(char *dir)
{
    test_tmpdir(dir, "ledger");
    char *argv[] = {REFEREE_BIN, "tournament",
                    "--bot",     "p=" BOTDIR "perfect",
                    "--bot",     "h=" BOTDIR "heuristic",
                    "--games",   "4",
                    "--results", dir,
                    "--quiet",   NULL};
    cr_assert_eq(run_program(argv, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
}

static void open_games(struct results_file *f, const char *dir)
{
    char why[PATH_MAX + 200];
    cr_assert_eq(schema_open_in(f, dir, true, SCHEMA_ALL, why, sizeof(why)), 0, "%s", why);
}

Test(ledger, a_rows_summary_has_its_bots_result_foul_and_times, .timeout = 30)
{
    char dir[64], why[PATH_MAX + 200];
    struct results_file f;
    struct game_row row;
    struct game_summary g;

    played(dir);
    open_games(&f, dir);
    int n = 0;
    while (schema_next_game(&f, &row, why, sizeof(why)) > 0) {
        n++;
        memset(&g, 0x5a, sizeof(g)); /* every field must be written */
        ledger_summary_of_row(&row, &g);
        cr_expect_str_eq(g.bots[0], row.text[GC_FIRST]);
        cr_expect_str_eq(g.bots[1], row.text[GC_SECOND]);
        const char *result = row.text[GC_RESULT];
        int winner = strcmp(result, "1-0") == 0   ? SIDE_FIRST
                     : strcmp(result, "0-1") == 0 ? SIDE_SECOND
                                                  : SIDE_NONE;
        cr_expect_eq(g.winner, winner, "game %ld: %s", row.id, result);
        cr_expect_not(g.aborted);
        cr_expect_eq(g.foul, FOUL_NONE, "two deterministic bots: no fouls");
        cr_expect_eq(g.foul_side, SIDE_NONE);
        cr_expect_eq(g.moves[0], atoi(row.text[GC_FIRST_MOVES]));
        cr_expect_eq(g.moves[1], atoi(row.text[GC_SECOND_MOVES]));
        cr_expect_eq(g.moves[0] + g.moves[1] + row.opening_plies, row.plies);
        cr_expect_eq(row.opening_plies, 1, "a tournament's default opening");
        cr_expect_float_eq(g.ms[0], atof(row.text[GC_FIRST_MS]), 1e-9);
        cr_expect_float_eq(g.max_ms[1], atof(row.text[GC_SECOND_MAX_MS]), 1e-9);
        cr_expect_eq(g.restarts[0], 0);
        cr_expect_eq(g.restarts[1], 0);
    }
    cr_expect_eq(n, 4);
    schema_close(&f);
}

Test(ledger, add_games_counts_every_row_and_perfect_never_loses, .timeout = 30)
{
    char dir[64], why[PATH_MAX + 200];
    struct results_file f;
    struct ledger_game game = {0};
    struct standings *st = standings_new();
    size_t n;

    played(dir);
    open_games(&f, dir);
    cr_assert_eq(ledger_add_games(st, &f, &game, why, sizeof(why)), 0, "%s", why);
    schema_close(&f);
    cr_expect_str_eq(game.name, "tictactoe", "the first row set the game");
    cr_expect_eq(game.id, 1);
    const struct standings_row *rows = standings_rows(st, &n);
    cr_assert_eq(n, 2);
    for (size_t i = 0; i < n; i++) {
        cr_expect_eq(rows[i].games, 4, "%s", rows[i].name);
        cr_expect_eq(rows[i].wins + rows[i].draws + rows[i].losses, 4);
        if (strcmp(rows[i].name, "p") == 0)
            cr_expect_eq(rows[i].losses, 0, "perfect lost a game");
    }
    cr_expect_float_eq(rows[0].points + rows[1].points, 4.0, 1e-9, "a point a game");
    standings_free(st);
}

Test(ledger, fold_gives_real_rows_their_result_and_names_what_does_not_check, .timeout = 30)
{
    char dir[64], why[PATH_MAX + 200];
    struct results_file f;
    struct game_row row;

    played(dir);
    open_games(&f, dir);
    cr_assert_eq(schema_next_game(&f, &row, why, sizeof(why)), 1, "%s", why);
    cr_expect_eq(ledger_fold(&row, why, sizeof(why)), 0, "%s", why);

    struct game_row wrong = row;
    const char *other = strcmp(row.text[GC_RESULT], "1-0") == 0 ? "0-1" : "1-0";
    wrong.text[GC_RESULT] = other;
    cr_expect_eq(ledger_fold(&wrong, why, sizeof(why)), -EINVAL);
    cr_expect(strstr(why, "game 1: column 'result' says '") && strstr(why, other), "%s", why);

    wrong = row;
    wrong.text[GC_MOVES] = "o:b2 x:zz9";
    cr_expect_eq(ledger_fold(&wrong, why, sizeof(why)), -EINVAL);
    cr_expect(strstr(why, "game 1: move 'x:zz9': "), "%s", why);

    wrong = row;
    wrong.text[GC_MOVES] = "a1 b1 a2 b2 a3 c3"; /* first has three in a column by a3 */
    wrong.text[GC_RESULT] = "1-0";
    cr_expect_eq(ledger_fold(&wrong, why, sizeof(why)), -EINVAL);
    cr_expect(strstr(why, "game 1: move 'c3' after the end"), "%s", why);

    wrong = row;
    wrong.def = NULL;
    wrong.text[GC_GAME] = "chess";
    cr_expect_eq(ledger_fold(&wrong, why, sizeof(why)), -EINVAL);
    cr_expect_str_eq(why, "game 1: unknown game 'chess'");
    schema_close(&f);
}

Test(ledger, check_game_takes_the_first_rows_game_and_refuses_another, .timeout = 10)
{
    struct ledger_game g = {0};
    struct game_row row = {.id = 3};
    char why[512];

    row.text[GC_GAME] = "reversi";
    cr_expect_eq(ledger_check_game(&g, "a/games.csv", &row, why, sizeof(why)), 0);
    cr_expect_str_eq(g.name, "reversi");
    cr_expect_str_eq(g.path, "a/games.csv");
    cr_expect_eq(g.id, 3);
    row.id = 4;
    cr_expect_eq(ledger_check_game(&g, "b/games.csv", &row, why, sizeof(why)), 0);
    cr_expect_str_eq(g.path, "a/games.csv", "the first row's file is kept");

    row.text[GC_GAME] = "gomoku";
    row.id = 1;
    cr_expect_eq(ledger_check_game(&g, "b/games.csv", &row, why, sizeof(why)), -EINVAL);
    cr_expect_str_eq(why, "'b/games.csv': game 1 is of gomoku, game 3 of 'a/games.csv' of "
                          "reversi: games of different games cannot be rated together");

    /* A name that only begins like the first is another game. */
    row.text[GC_GAME] = "reversi_8x8";
    cr_expect_eq(ledger_check_game(&g, "b/games.csv", &row, why, sizeof(why)), -EINVAL);
}

/* The plan of played()'s tournament, with the bots named a and b. */
static struct ledger_plan plan_of(const struct schedule *sc, struct bot_spec *bots, const char *a,
                                  const char *b)
{
    bots[0] = (struct bot_spec){.name = (char *)a};
    bots[1] = (struct bot_spec){.name = (char *)b};
    return (struct ledger_plan){
        .schedule = sc,
        /* played()'s games: one random ply from the opening's seed */
        .start = {.def = game_find("tictactoe"), .early_draw = true, .opening_plies = 1},
        .bots = bots};
}

/* The game_ids of the rows of dir/file, each once, in order, as "1 2 ". */
static void ids_in(const char *dir, const char *file, char *out, size_t cap)
{
    struct table t;
    char last[32] = "";
    size_t n = 0;
    test_load(&t, dir, file);
    out[0] = '\0';
    for (size_t i = 0; i < t.nrows; i++) {
        const char *id = test_cell(&t, i, "game_id");
        if (strcmp(id, last) != 0)
            n += (size_t)snprintf(out + n, cap - n, "%s ", id);
        snprintf(last, sizeof(last), "%s", id);
    }
    table_release(&t);
}

Test(ledger, resume_trims_a_killed_runs_torn_row_and_the_moves_of_games_not_kept, .timeout = 30)
{
    char dir[64], path[128], why[PATH_MAX + 200], ids[256];
    struct schedule sc = {
        .format = SCHEDULE_ROUND_ROBIN, .nbots = 2, .games_per_pairing = 4, .rounds = 1, .seed = 1};
    struct bot_spec bots[2];
    struct ledger_plan p = plan_of(&sc, bots, "p", "h");
    struct gameset skip;
    struct ledger_repair repair = {0};

    played(dir);
    /* Killed while writing the third row: two whole rows and a torn one. */
    test_cut_rows(dir, "games.csv", 2);
    snprintf(path, sizeof(path), "%s/games.csv", dir);
    FILE *f = fopen(path, "a");
    cr_assert_not_null(f);
    fputs("3,1,2,", f);
    fclose(f);

    cr_assert_eq(gameset_init(&skip, schedule_count(&sc)), 0);
    struct standings *st = standings_new();
    cr_assert_eq(
        ledger_resume(dir, &p, &(struct ledger_kept){&skip, st}, &repair, why, sizeof(why)), 0,
        "%s", why);
    cr_expect(gameset_has(&skip, 0) && gameset_has(&skip, 1), "the whole rows are kept");
    cr_expect(!gameset_has(&skip, 2) && !gameset_has(&skip, 3), "the torn one is played again");
    cr_expect_eq(repair.dropped, 0);
    size_t n;
    const struct standings_row *rows = standings_rows(st, &n);
    cr_assert_eq(n, 2);
    cr_expect_eq(rows[0].games + rows[1].games, 4, "2 games counted for each bot");

    ids_in(dir, "games.csv", ids, sizeof(ids));
    cr_expect_str_eq(ids, "1 2 ", "games.csv rewritten without the torn row");
    ids_in(dir, "moves.csv", ids, sizeof(ids));
    cr_expect_str_eq(ids, "1 2 ", "the moves of games 3 and 4 dropped");
    test_slurp(dir, "games.csv", why, sizeof(why));
    cr_expect_eq(why[strlen(why) - 1], '\n', "ends in a whole row");
    gameset_free(&skip);
    standings_free(st);
}

Test(ledger, resume_refuses_the_files_of_another_tournament, .timeout = 30)
{
    char dir[64], why[PATH_MAX + 200];
    struct schedule sc = {
        .format = SCHEDULE_ROUND_ROBIN, .nbots = 2, .games_per_pairing = 4, .rounds = 1, .seed = 1};
    struct bot_spec bots[2];
    struct ledger_plan p = plan_of(&sc, bots, "x", "h");
    struct gameset skip;
    struct ledger_repair repair = {.on = true};

    played(dir);
    cr_assert_eq(gameset_init(&skip, schedule_count(&sc)), 0);
    struct standings *st = standings_new();
    cr_expect_eq(
        ledger_resume(dir, &p, &(struct ledger_kept){&skip, st}, &repair, why, sizeof(why)),
        -EINVAL);
    cr_expect_str_eq(why, "game 1 has first 'p' where this tournament has 'x': not the same "
                          "tournament (same bots, game, format, games and seed?)");
    cr_expect_eq(repair.dropped, 0, "another tournament's rows are not mended, even with repair");

    /* The same with 3 games a pairing: game 4 is not one of its games. */
    p = plan_of(&sc, bots, "p", "h");
    sc.games_per_pairing = 3;
    cr_expect_eq(
        ledger_resume(dir, &p, &(struct ledger_kept){&skip, st}, &repair, why, sizeof(why)),
        -EINVAL);
    cr_expect_str_eq(why, "game_id '4' is not a game of this tournament");
    gameset_free(&skip);
    standings_free(st);
}
