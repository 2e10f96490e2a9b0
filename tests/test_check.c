/* test_check.c: `referee check` on the files of a run killed and not yet
 * resumed: the moves of its last games, written before their games.csv rows,
 * are an interrupted tail that --resume replays, not a corrupt file. */
#include "helpers.h"
#include "run.h"

#include <criterion/criterion.h>

static struct run_result r;

Test(check, a_killed_runs_trailing_moves_are_an_interrupted_tail, .timeout = 60)
{
    char dir[64];
    test_tmpdir(dir, "check");
    char *run[] = {REFEREE_BIN, "match",
                   "--bot",     "a=" BOTDIR "random --seed 1",
                   "--bot",     "b=" BOTDIR "random --seed 2",
                   "--games",   "10",
                   "--results", dir,
                   "--quiet",   NULL};
    cr_assert_eq(run_program(run, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    /* As a SIGKILL leaves it: games 9 and 10 have their moves, not their rows. */
    test_cut_rows(dir, "games.csv", 8);

    char *check[] = {REFEREE_BIN, "check", dir, NULL};
    cr_assert_eq(run_program(check, NULL, &r), 0);
    cr_expect_eq(r.status, 0, "%s", r.err);
    cr_expect(strstr(r.out, " moves of 2 interrupted games after game 8; --resume will replay "
                            "them\n"),
              "%s", r.out);
    cr_expect(strstr(r.out, ": 8 games, "), "%s", r.out);

    char *strict[] = {REFEREE_BIN, "check", "--strict", dir, NULL};
    cr_assert_eq(run_program(strict, NULL, &r), 0);
    cr_expect_eq(r.status, 3, "%s", r.out);

    char *resume[] = {REFEREE_BIN, "match",
                      "--bot",     "a=" BOTDIR "random --seed 1",
                      "--bot",     "b=" BOTDIR "random --seed 2",
                      "--games",   "10",
                      "--results", dir,
                      "--quiet",   "--resume",
                      NULL};
    cr_assert_eq(run_program(resume, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_assert_eq(run_program(strict, NULL, &r), 0);
    cr_expect_eq(r.status, 0, "%s", r.err);
    cr_expect(strstr(r.out, ": 10 games, "), "%s", r.out);
}

Test(check, moves_of_a_game_that_games_csv_has_are_not_a_tail, .timeout = 60)
{
    char dir[64], path[128];
    test_tmpdir(dir, "check");
    char *run[] = {REFEREE_BIN, "match",
                   "--bot",     "a=" BOTDIR "random --seed 1",
                   "--bot",     "b=" BOTDIR "random --seed 2",
                   "--games",   "2",
                   "--results", dir,
                   "--quiet",   NULL};
    cr_assert_eq(run_program(run, NULL, &r), 0);
    /* A copy of game 1's first move at the end: it belongs to a game that has a row. */
    snprintf(path, sizeof(path), "%s/moves.csv", dir);
    FILE *f = fopen(path, "a");
    cr_assert_not_null(f);
    fputs("\"1\",\"1\",\"o\",\"a\",\"a1\",\"0.010\",\"0\"\n", f);
    fclose(f);
    char *check[] = {REFEREE_BIN, "check", dir, NULL};
    cr_assert_eq(run_program(check, NULL, &r), 0);
    cr_expect_eq(r.status, 3, "%s", r.out);
    cr_expect(strstr(r.err, "belongs to no game of games.csv"), "%s", r.err);
}

/* A game between random bots is rerun move for move: the seed the bots were
 * told is in games.csv (below 2^53), and --only N plays game N again. */
Test(check, a_game_of_random_bots_reruns_move_for_move_from_its_record, .timeout = 60)
{
    char dir[64], again[64];
    test_tmpdir(dir, "check");
    test_tmpdir(again, "check");
    char *run[] = {REFEREE_BIN, "tournament",
                   "--bot",     "a=" BOTDIR "random --seed 3",
                   "--bot",     "b=" BOTDIR "random --seed 4",
                   "--bot",     "c=" BOTDIR "random --seed 5",
                   "--games",   "4",
                   "--seed",    "9",
                   "-j",        "2",
                   "--results", dir,
                   "--quiet",   NULL};
    cr_assert_eq(run_program(run, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    char *rerun[] = {REFEREE_BIN, "tournament",
                     "--bot",     "a=" BOTDIR "random --seed 3",
                     "--bot",     "b=" BOTDIR "random --seed 4",
                     "--bot",     "c=" BOTDIR "random --seed 5",
                     "--games",   "4",
                     "--seed",    "9",
                     "--only",    "7",
                     "--results", again,
                     "--quiet",   NULL};
    cr_assert_eq(run_program(rerun, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);

    struct table t, u;
    test_load(&t, dir, "games.csv");
    test_load(&u, again, "games.csv");
    cr_assert_eq(u.nrows, 1, "--only 7 plays one game");
    cr_expect_str_eq(test_cell(&u, 0, "game_id"), "7");
    cr_expect_str_eq(test_cell(&u, 0, "bot_seed"), test_cell(&t, 6, "bot_seed"));
    cr_expect_str_eq(test_cell(&u, 0, "moves"), test_cell(&t, 6, "moves"));
    for (size_t i = 0; i < t.nrows; i++) {
        char *end;
        unsigned long long seed = strtoull(test_cell(&t, i, "bot_seed"), &end, 10);
        cr_expect(*end == '\0' && seed < (1ull << 53), "game %zu: bot_seed %s", i + 1,
                  test_cell(&t, i, "bot_seed"));
    }

    char *replay[] = {REFEREE_BIN, "replay", "--from-results", dir, "--id", "7", NULL};
    cr_assert_eq(run_program(replay, NULL, &r), 0);
    cr_expect_eq(r.status, 0, "%s", r.err);
    char want[64];
    snprintf(want, sizeof(want), "bot_seed %s\n", test_cell(&t, 6, "bot_seed"));
    cr_expect(strstr(r.out, want), "%s", r.out);
    table_release(&t);
    table_release(&u);
}

/* Resume checks what is on disk: a kept game whose moves do not give its
 * result is refused, naming it; orphan moves of a run killed before its first
 * games row are dropped, never written twice. */
Test(check, resume_refuses_tampered_moves_and_drops_orphans, .timeout = 60)
{
    char dir[64], text[1 << 16], path[128];
    test_tmpdir(dir, "check");
    char *run[] = {REFEREE_BIN, "match",
                   "--bot",     "a=" BOTDIR "random --seed 1",
                   "--bot",     "b=" BOTDIR "random --seed 2",
                   "--games",   "6",
                   "--results", dir,
                   "--quiet",   NULL};
    char *resume[] = {REFEREE_BIN, "match",
                      "--bot",     "a=" BOTDIR "random --seed 1",
                      "--bot",     "b=" BOTDIR "random --seed 2",
                      "--games",   "6",
                      "--results", dir,
                      "--quiet",   "--resume",
                      NULL};
    cr_assert_eq(run_program(run, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    test_cut_rows(dir, "games.csv", 4);
    /* Game 2's record claims the other result. */
    test_slurp(dir, "games.csv", text, sizeof(text));
    char *row = strstr(text, "\n\"2\",");
    cr_assert_not_null(row);
    char *res = strstr(row, "\"1-0\"") ? strstr(row, "\"1-0\"") : strstr(row, "\"0-1\"");
    cr_assert_not_null(res, "%s", row);
    res[1] = res[1] == '1' ? '0' : '1';
    res[3] = res[3] == '1' ? '0' : '1';
    snprintf(path, sizeof(path), "%s/games.csv", dir);
    FILE *f = fopen(path, "w");
    fputs(text, f);
    fclose(f);
    cr_assert_eq(run_program(resume, NULL, &r), 0);
    cr_expect_eq(r.status, 3, "%s", r.err);
    cr_expect(strstr(r.err, "game 2: its moves give "), "%s", r.err);
    cr_expect(strstr(r.err, "--repair"), "the way out is named: %s", r.err);

    /* --repair drops game 2 and plays it again; the run is then whole. */
    char *repair[16];
    memcpy(repair, resume, sizeof(resume));
    repair[12] = "--repair";
    repair[13] = NULL;
    cr_assert_eq(run_program(repair, NULL, &r), 0);
    cr_expect_eq(r.status, 0, "%s", r.err);
    cr_expect(strstr(r.err, "dropped 1 game that did not check"), "%s", r.err);
    char *whole[] = {REFEREE_BIN, "check", "--strict", dir, NULL};
    cr_assert_eq(run_program(whole, NULL, &r), 0);
    cr_expect_eq(r.status, 0, "%s", r.err);
    cr_expect(strstr(r.out, ": 6 games, "), "%s", r.out);
    test_slurp(dir, "games.csv", text, sizeof(text));
    cr_expect(strstr(text, "\n\"2\","), "game 2 played again: %s", text);

    /* Killed before games.csv got even its header: moves.csv has games. */
    test_tmpdir(dir, "check");
    run[9] = resume[9] = dir;
    cr_assert_eq(run_program(run, NULL, &r), 0);
    snprintf(path, sizeof(path), "%s/games.csv", dir);
    cr_assert_eq(truncate(path, 0), 0); /* not even its header */
    cr_assert_eq(run_program(resume, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    char *strict[] = {REFEREE_BIN, "check", "--strict", dir, NULL};
    cr_assert_eq(run_program(strict, NULL, &r), 0);
    cr_expect_eq(r.status, 0, "moves written twice? %s", r.err);
}
