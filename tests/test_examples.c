/* test_examples.c: `referee match` end to end with the bundled example bots in
 * C, Python, bash and JavaScript as real processes, its console lines, its CSV
 * files read back with libcsv, and its errors. */
#include "helpers.h"
#include "run.h"
#include "table.h"

#include <criterion/criterion.h>
#include <errno.h>
#include <stdbool.h>

static struct run_result r;

#define BOT(name) SOURCE_DIR "/bots/" name

/* Play n games between two example bots and check every one ended by the rules. */
static void play_examples(const char *a, const char *b, int n)
{
    char dir[64], bot_a[256], bot_b[256], games[16];
    struct table t;

    test_tmpdir(dir, "examples");
    snprintf(bot_a, sizeof(bot_a), "a=%s", a);
    snprintf(bot_b, sizeof(bot_b), "b=%s", b);
    snprintf(games, sizeof(games), "%d", n);
    /* A generous first move: interpreters may start slowly on a loaded machine. */
    char *argv[] = {REFEREE_BIN, "match",     "--bot", bot_a,         "--bot", bot_b, "--games",
                    games,       "--results", dir,     "--firstmove", "20000", NULL};
    cr_assert_eq(run_program(argv, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);

    test_load(&t, dir, "games.csv");
    cr_expect_eq(t.nrows, (size_t)n);
    for (size_t i = 0; i < t.nrows; i++) {
        const char *end = test_cell(&t, i, "end");
        cr_expect(strcmp(end, "line") == 0 || strcmp(end, "dead") == 0 || strcmp(end, "full") == 0,
                  "game %zu ended by %s: %s", i + 1, end, test_cell(&t, i, "reason"));
        /* Colours alternate. */
        cr_expect_str_eq(test_cell(&t, i, "first"), i % 2 ? "b" : "a");
    }
    table_release(&t);
    test_load(&t, dir, "moves.csv");
    cr_expect_geq(t.nrows, (size_t)(5 * n));
    table_release(&t);
}

Test(examples, python_and_bash_random_bots_play_a_match, .timeout = 60)
{
    play_examples(BOT("random.py"), BOT("random.sh"), 6);
}

Test(examples, javascript_and_c_random_bots_play_a_match, .timeout = 60)
{
    play_examples(BOT("random.js"), BUILD_DIR "/bots/random --seed 5", 6);
}

Test(examples, console_lines_follow_cutechess, .timeout = 30)
{
    char dir[64];
    test_tmpdir(dir, "examples");
    char *argv[] = {REFEREE_BIN, "match",
                    "--bot",     "A=" BUILD_DIR "/bots/random --seed 1",
                    "--bot",     "B=" BUILD_DIR "/bots/random --seed 2",
                    "--games",   "2",
                    "--results", dir,
                    NULL};
    cr_assert_eq(run_program(argv, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_expect(strncmp(r.out, "Started game 1 of 2 (A vs B)\nFinished game 1 (A vs B): ", 55) == 0,
              "%s", r.out);
    cr_expect(strstr(r.out, "Started game 2 of 2 (B vs A)\n"), "%s", r.out);
    cr_expect(strstr(r.out, "Score of A vs B: "), "%s", r.out);
    cr_expect(strstr(r.out, "] 2\n"), "%s", r.out);
}

Test(examples, bot_names_with_commas_and_quotes_round_trip_through_csv, .timeout = 30)
{
    char dir[64];
    struct table t;
    /* A newline is not in a name's alphabet any more (printable ASCII, issue
     * 15): test_hostile checks that it is refused. */
    const char *name = "say \"hi\", then leave";
    char spec[128];

    test_tmpdir(dir, "examples");
    snprintf(spec, sizeof(spec), "%s=%s", name, BUILD_DIR "/bots/random");
    char *argv[] = {
        REFEREE_BIN, "match", "--bot",     spec, "--bot",   "plain=" BUILD_DIR "/bots/random",
        "--games",   "2",     "--results", dir,  "--quiet", NULL};
    cr_assert_eq(run_program(argv, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    test_load(&t, dir, "games.csv");
    cr_assert_eq(t.nrows, 2);
    cr_expect_str_eq(test_cell(&t, 0, "first"), name);
    cr_expect_str_eq(test_cell(&t, 1, "second"), name);
    table_release(&t);
}

Test(examples, foul_shows_in_games_csv_with_its_reason, .timeout = 30)
{
    char dir[64];
    struct table t;

    test_tmpdir(dir, "examples");
    char *argv[] = {REFEREE_BIN, "match",
                    "--bot",     "bad=" BUILD_DIR "/testbots/fixture garbage",
                    "--bot",     "good=" BUILD_DIR "/testbots/fixture legal",
                    "--games",   "1",
                    "--results", dir,
                    NULL};
    cr_assert_eq(run_program(argv, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_expect(strstr(r.out, "Finished game 1 (bad vs good): 0-1 {malformed reply \"hello\"}\n"),
              "%s", r.out);
    test_load(&t, dir, "games.csv");
    cr_assert_eq(t.nrows, 1);
    cr_expect_str_eq(test_cell(&t, 0, "foul"), "malformed");
    cr_expect_str_eq(test_cell(&t, 0, "foul_by"), "bad");
    cr_expect_str_eq(test_cell(&t, 0, "winner"), "good");
    cr_expect_str_eq(test_cell(&t, 0, "moves"), "o:forfeit");
    table_release(&t);
}

Test(examples, missing_bot_is_an_error_naming_it, .timeout = 30)
{
    char dir[64];
    test_tmpdir(dir, "examples");
    char *argv[] = {REFEREE_BIN, "match",
                    "--bot",     "ghost=/nonexistent/bot --fast",
                    "--bot",     "b=" BUILD_DIR "/bots/random",
                    "--results", dir,
                    NULL};
    cr_assert_eq(run_program(argv, NULL, &r), 0);
    cr_expect_eq(r.status, 6, "%s", r.err);
    cr_expect(strstr(r.err, "referee: cannot start bot 'ghost' ('/nonexistent/bot'): No such "
                            "file or directory; its games are forfeits"),
              "%s", r.err);
    cr_expect_eq(test_count_rows(dir, "games.csv"), 2, "lost by forfeit");

    /* On request, the run stops at once and records nothing. */
    test_tmpdir(dir, "examples");
    char *stop[] = {REFEREE_BIN,
                    "match",
                    "--bot",
                    "ghost=/nonexistent/bot --fast",
                    "--bot",
                    "b=" BUILD_DIR "/bots/random",
                    "--results",
                    dir,
                    "--stop-on-broken-bot",
                    NULL};
    cr_assert_eq(run_program(stop, NULL, &r), 0);
    cr_expect_eq(r.status, 4);
    /* One line; run by root, after the one that says its bots run as root. */
    const char *said = r.err;
    if (getuid() == 0 && strncmp(said, "referee: bots run as root", 25) == 0)
        said = strchr(said, '\n') + 1;
    cr_expect_str_eq(said, "referee: cannot start bot 'ghost' ('/nonexistent/bot'): No such "
                           "file or directory\n");
}

Test(examples, bad_flags_are_usage_errors, .timeout = 30)
{
    char *one[] = {REFEREE_BIN, "match", "--bot", "a=" BUILD_DIR "/bots/random", NULL};
    cr_assert_eq(run_program(one, NULL, &r), 0);
    cr_expect_eq(r.status, 2);
    cr_expect(strstr(r.err, "a match needs two bots"), "%s", r.err);

    char *ms[] = {REFEREE_BIN, "match", "--movetime", "fast", NULL};
    cr_assert_eq(run_program(ms, NULL, &r), 0);
    cr_expect_eq(r.status, 2);
    cr_expect_str_eq(r.err, "referee: --movetime 'fast' is not a number of milliseconds\n");
}

Test(examples, unwritable_results_directory_is_an_error_naming_it, .timeout = 30)
{
    char *argv[] = {REFEREE_BIN, "match",
                    "--bot",     "a=" BUILD_DIR "/bots/random",
                    "--bot",     "b=" BUILD_DIR "/bots/random",
                    "--results", "/proc/referee-results",
                    NULL};
    cr_assert_eq(run_program(argv, NULL, &r), 0);
    cr_expect_eq(r.status, 4);
    cr_expect(strstr(r.err, "cannot write results to '/proc/referee-results'"), "%s", r.err);
}

Test(examples, results_directory_with_games_is_refused_and_left_whole, .timeout = 30)
{
    char dir[64];
    struct table t;
    test_tmpdir(dir, "examples");
    char *argv[] = {REFEREE_BIN, "match",
                    "--bot",     "a=" BUILD_DIR "/bots/random",
                    "--bot",     "b=" BUILD_DIR "/bots/random",
                    "--games",   "2",
                    "--results", dir,
                    "--quiet",   NULL};
    cr_assert_eq(run_program(argv, NULL, &r), 0);
    cr_assert_eq(r.status, 0);
    cr_assert_eq(run_program(argv, NULL, &r), 0);
    cr_expect_eq(r.status, 2);
    cr_expect(strstr(r.err, "already holds games; continue it with --resume"), "%s", r.err);
    test_load(&t, dir, "games.csv");
    cr_expect_eq(t.nrows, 2);
    table_release(&t);
    test_load(&t, dir, "moves.csv");
    cr_expect_eq(table_column(&t, "ply"), 1);
    cr_expect_str_eq(t.rows[t.nrows - 1][0], "2");
    table_release(&t);
}

Test(examples, game_of_a_run_replays_from_its_record_with_the_recorded_reason, .timeout = 30)
{
    char dir[64];
    test_tmpdir(dir, "examples");
    char *argv[] = {REFEREE_BIN,  "match",
                    "--bot",      "slow=" BUILD_DIR "/testbots/fixture slow 400",
                    "--bot",      "quick=" BUILD_DIR "/testbots/fixture legal",
                    "--games",    "1",
                    "--movetime", "100",
                    "--results",  dir,
                    "--quiet",    NULL};
    cr_assert_eq(run_program(argv, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    char *replay[] = {REFEREE_BIN, "replay", "--results", dir, "--id", "1", NULL};
    cr_assert_eq(run_program(replay, NULL, &r), 0);
    cr_expect_eq(r.status, 0, "%s", r.err);
    const char *expect = "game tictactoe\n"
                         "first slow\n"
                         "second quick\n"
                         "board [ox-,---,---]\n"
                         "history o:a1 x:a2 o:forfeit\n"
                         "result 0-1\n"
                         "winner x\n"
                         "reason timeout (";
    cr_expect(strncmp(r.out, expect, strlen(expect)) == 0, "%s", r.out);
    cr_expect(strstr(r.out, " ms over 100 ms)\n"), "%s", r.out);
    char *missing[] = {REFEREE_BIN, "replay", "--results", dir, "--id", "2", NULL};
    cr_assert_eq(run_program(missing, NULL, &r), 0);
    cr_expect_eq(r.status, 2);
    cr_expect(strstr(r.err, "no game '2' in "), "%s", r.err);
}
