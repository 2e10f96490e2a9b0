/* test_time.c: time controls that compose (a clock alone, a move limit alone,
 * both), and deadlines enforced within 5 ms of limit + margin whatever -j,
 * judged on the overrun referee records, not on the test's own clock. */
#include "helpers.h"
#include "run.h"

#include <criterion/criterion.h>

#define FIXTURE BUILD_DIR "/testbots/fixture"

static struct run_result r;

Test(time, a_clock_alone_sets_no_limit_per_move, .timeout = 60)
{
    char dir[64];
    test_tmpdir(dir, "time");
    /* 1.2 s a move, over the 1000 ms a move that --movetime would give. */
    char *argv[] = {REFEREE_BIN, "match",
                    "--bot",     "slow=" FIXTURE " slow 1200",
                    "--bot",     "quick=" FIXTURE " legal",
                    "--games",   "1",
                    "--clock",   "30000",
                    "--results", dir,
                    NULL};
    cr_assert_eq(run_program(argv, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    struct table t;
    test_load(&t, dir, "games.csv");
    cr_expect_str_eq(test_cell(&t, 0, "foul"), "", "%s", test_cell(&t, 0, "reason"));
    cr_expect_gt(atof(test_cell(&t, 0, "first_max_ms")), 1150, "moves took more than 1000 ms");
    table_release(&t);
}

Test(time, the_game_line_says_which_limits_hold, .timeout = 30)
{
    static const struct {
        const char *flags[4];
        const char *has, *lacks;
    } cases[] = {
        {{"--movetime", "700", NULL}, "movetime 700 firstmove 5000 seed", "clock"},
        {{"--clock", "60000", NULL}, "firstmove 5000 clock 60000 increment 0", "movetime"},
        {{"--clock", "60000", "--movetime", "900"}, "movetime 900 firstmove 5000 clock 60000", ""},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        char dir[64], text[4096];
        test_tmpdir(dir, "time");
        /* The tell mode copies what it reads to its log. */
        char *argv[16] = {REFEREE_BIN,           "match",   "--bot", "e=" FIXTURE " tell", "--bot",
                          "l=" FIXTURE " legal", "--games", "1",     "--results",          dir};
        int k = 10;
        for (int f = 0; f < 4 && cases[i].flags[f]; f++)
            argv[k++] = (char *)cases[i].flags[f];
        argv[k] = NULL;
        cr_assert_eq(run_program(argv, NULL, &r), 0);
        cr_assert_eq(r.status, 0, "%s", r.err);
        test_slurp(dir, "logs/e.log", text, sizeof(text));
        text[strcspn(text, "\n")] = '\0'; /* the game line */
        cr_expect(strstr(text, cases[i].has), "case %zu: %s", i, text);
        if (cases[i].lacks[0])
            cr_expect(!strstr(text, cases[i].lacks), "case %zu: %s", i, text);
    }
}

Test(time, deadlines_hold_within_5_ms_of_limit_and_margin_at_any_jobs, .timeout = 120)
{
    static const int limits[] = {50, 150, 300};
    for (size_t l = 0; l < sizeof(limits) / sizeof(limits[0]); l++)
        for (int jobs = 1; jobs <= 4; jobs++) {
            char dir[64], limit[16], j[8];
            test_tmpdir(dir, "time");
            snprintf(limit, sizeof(limit), "%d", limits[l]);
            snprintf(j, sizeof(j), "%d", jobs);
            char *argv[] = {REFEREE_BIN,   "tournament",
                            "--bot",       "s1=" FIXTURE " slow 3000",
                            "--bot",       "s2=" FIXTURE " slow 3000",
                            "--bot",       "l=" FIXTURE " legal",
                            "--games",     "2",
                            "--movetime",  limit,
                            "--firstmove", limit,
                            "--margin",    "20",
                            "-j",          j,
                            "--results",   dir,
                            "--quiet",     NULL};
            cr_assert_eq(run_program(argv, NULL, &r), 0);
            cr_assert_eq(r.status, 0, "%s", r.err);
            struct table t;
            test_load(&t, dir, "moves.csv");
            int timeouts = 0;
            for (size_t i = 0; i < t.nrows; i++) {
                if (strcmp(test_cell(&t, i, "move"), "forfeit") != 0)
                    continue;
                double ms = atof(test_cell(&t, i, "ms"));
                timeouts++;
                cr_expect_geq(ms, limits[l] + 20 - 1, "-j%d limit %d: fired early, %.3f ms", jobs,
                              limits[l], ms);
                cr_expect_leq(ms, limits[l] + 20 + 5, "-j%d limit %d: fired %.3f ms after", jobs,
                              limits[l], ms - limits[l] - 20);
            }
            cr_expect_eq(timeouts, 6, "-j%d: every slow bot's game a timeout", jobs);
            table_release(&t);
        }
}
