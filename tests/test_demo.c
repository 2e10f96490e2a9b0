/* test_demo.c: the README's first command shows what it should: scripts/demo's
 * tic-tac-toe round robin, run twice, ranks perfect first, perfect never loses,
 * and both runs give the same standings (every bundled bot is seeded). */
#include "helpers.h"
#include "run.h"

#include <criterion/criterion.h>

static struct run_result r;

static void demo(const char *dir)
{
    setenv("REFEREE_BUILD", BUILD_DIR, 1);
    setenv("DEMO_RESULTS", dir, 1);
    setenv("DEMO_ONLY", "tictactoe", 1);
    char *argv[] = {SOURCE_DIR "/scripts/demo", "--quiet", NULL};
    cr_assert_eq(run_program(argv, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s%s", r.out, r.err);
}

Test(demo, ranks_perfect_first_and_perfect_never_loses_in_every_run, .timeout = 180)
{
    char a[64], b[64], dir[96];
    struct table s, t;
    test_tmpdir(a, "demo");
    test_tmpdir(b, "demo");
    demo(a);
    demo(b);
    snprintf(dir, sizeof(dir), "%s/tictactoe", a);
    test_load(&s, dir, "standings.csv");
    snprintf(dir, sizeof(dir), "%s/tictactoe", b);
    test_load(&t, dir, "standings.csv");
    cr_assert_eq(s.nrows, 6);
    cr_expect_str_eq(test_cell(&s, 0, "bot"), "perfect", "rank 1");
    cr_expect_str_eq(test_cell(&s, 0, "rank"), "1");
    cr_expect_str_eq(test_cell(&s, 0, "losses"), "0", "perfect never loses");
    cr_expect_str_eq(test_cell(&s, 0, "fouls"), "0");
    cr_expect_gt(atof(test_cell(&s, 0, "points")), atof(test_cell(&s, 1, "points")),
                 "first by points, not by a tie-break");
    for (size_t i = 0; i < s.nrows; i++)
        for (const char *const *c = (const char *const[]){"bot", "points", "wins", "draws", NULL};
             *c; c++)
            cr_expect_str_eq(test_cell(&s, i, *c), test_cell(&t, i, *c), "row %zu %s", i + 1, *c);
    table_release(&s);
    table_release(&t);
}
