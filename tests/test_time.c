/* test_time.c: time controls that compose (a clock alone, a move limit alone,
 * both), and deadlines never early and late by a few ms whatever -j, judged
 * on the overrun referee records, not on the test's own clock. ctest runs
 * this suite alone (label `timing`). */
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

/* How late a deadline may fire. A poll on an absolute deadline wakes within a
 * millisecond or two; what is left is the scheduler's delay in waking
 * referee, which load decides, not referee. Measured on the 2-core machine at
 * load 15 with a busy loop added on each core (216 timeouts of this case):
 * median 4.5 ms, 90% within 22 ms, the worst 144 ms; without the busy loops,
 * median 1.7 ms, worst 19 ms. So the median bounds referee's own error, tight
 * enough to catch a margin counted twice (+20 ms on every timeout) or a
 * deadline polled in slices of 20 ms or more, and the worst case bounds the
 * scheduler, loose enough for load, tight enough for a deadline that waits
 * out another limit (300 ms and more late). */
#define LATE_MEDIAN_MS 10
#define LATE_MAX_MS    250

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

Test(time, deadlines_are_never_early_and_late_by_a_few_ms_at_any_jobs, .timeout = 120)
{
    static const int limits[] = {50, 150, 300};
    double late[3 * 4 * 6];
    size_t nlate = 0;

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
                cr_expect_leq(ms, limits[l] + 20 + LATE_MAX_MS,
                              "-j%d limit %d: fired %.3f ms after", jobs, limits[l],
                              ms - limits[l] - 20);
                if (nlate < sizeof(late) / sizeof(late[0]))
                    late[nlate++] = ms - limits[l] - 20;
            }
            cr_expect_eq(timeouts, 6, "-j%d: every slow bot's game a timeout", jobs);
            table_release(&t);
        }
    cr_assert_gt(nlate, 0);
    qsort(late, nlate, sizeof(late[0]), by_value);
    cr_log_info("deadlines: %zu timeouts late by median %.3f ms, worst %.3f ms", nlate,
                late[nlate / 2], late[nlate - 1]);
    cr_expect_leq(late[nlate / 2], LATE_MEDIAN_MS, "late by median %.3f ms (worst %.3f ms)",
                  late[nlate / 2], late[nlate - 1]);
}
