/* test_regress.c: SPRT end to end: `referee sprt` from counts, matches that
 * stop at a verdict with its exit status, a resumed SPRT, and scripts/regress. */
#include "helpers.h"
#include "run.h"
#include "table.h"

#include <criterion/criterion.h>

static struct run_result r;

static long rows(const char *dir)
{
    char path[256], why[128];
    struct table t;
    snprintf(path, sizeof(path), "%s/games.csv", dir);
    cr_assert_eq(table_load(&t, path, why, sizeof(why)), 0, "%s", why);
    long n = (long)t.nrows;
    table_release(&t);
    return n;
}

Test(regress, sprt_command_computes_from_counts_with_the_verdict_as_status, .timeout = 30)
{
    char *pending[] = {REFEREE_BIN, "sprt", "--wdl", "100,50,80", NULL};
    cr_assert_eq(run_program(pending, NULL, &r), 0);
    cr_expect_eq(r.status, 11);
    cr_expect(strstr(r.out, "SPRT: llr 0.337 (11.5%), lbound -2.94, ubound 2.94\n"), "%s", r.out);

    char *h1[] = {REFEREE_BIN, "sprt", "--ptnml", "0,0,10,100,300", "elo0=0", "elo1=5", NULL};
    cr_assert_eq(run_program(h1, NULL, &r), 0);
    cr_expect_eq(r.status, 0);
    cr_expect(strstr(r.out, " - H1 was accepted\nPtnml(0-2): [0, 0, 10, 100, 300]\n"), "%s", r.out);

    char *h0[] = {REFEREE_BIN, "sprt", "--ptnml", "300,100,10,0,0", NULL};
    cr_assert_eq(run_program(h0, NULL, &r), 0);
    cr_expect_eq(r.status, 10);
    cr_expect(strstr(r.out, " - H0 was accepted\n"), "%s", r.out);

    char *bad[] = {REFEREE_BIN, "sprt", "--wdl", "1,2", NULL};
    cr_assert_eq(run_program(bad, NULL, &r), 0);
    cr_expect_eq(r.status, 2);
    char *bounds[] = {REFEREE_BIN, "sprt", "--wdl", "1,2,3", "elo0=5", "elo1=0", NULL};
    cr_assert_eq(run_program(bounds, NULL, &r), 0);
    cr_expect_eq(r.status, 2);
    cr_expect(strstr(r.err, "needs elo0 < elo1"), "%s", r.err);
}

/* Counts a double holds exactly (2^53 in all) get a verdict; more, or more
 * than a count holds, is bad usage; never an LLR of nan. */
Test(regress, sprt_command_gives_a_verdict_or_a_usage_error_for_huge_counts, .timeout = 30)
{
    static const struct {
        const char *counts;
        int status;
        const char *out;
    } cases[] = {
        {"30000000000000,0,0", 0, " - H1 was accepted\n"},
        {"1000000000000000,0,0", 0, "SPRT: llr 1.43e+13 ("},
        {"0,0,1000000000000000", 10, " - H0 was accepted\n"},
        {"5,0,1000000000000000", 10, " - H0 was accepted\n"},
        {"9007199254740992,0,0", 0, " - H1 was accepted\n"},
        {"9007199254740992,1,0", 2, NULL},
        {"18446744073709551616,0,0", 2, NULL},
        {"99999999999999999999,0,0", 2, NULL},
        {"1,-2,3", 2, NULL},
        {"1,2,3x", 2, NULL},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        char *argv[] = {REFEREE_BIN, "sprt", "--wdl", (char *)cases[i].counts, NULL};
        cr_assert_eq(run_program(argv, NULL, &r), 0);
        cr_expect_eq(r.status, cases[i].status, "%s: %d %s%s", cases[i].counts, r.status, r.out,
                     r.err);
        cr_expect_not(strstr(r.out, "nan"), "%s: %s", cases[i].counts, r.out);
        if (cases[i].out)
            cr_expect(strstr(r.out, cases[i].out), "%s: %s", cases[i].counts, r.out);
        else
            cr_expect(strstr(r.err, "--wdl '") && !r.out[0], "%s: %s", cases[i].counts, r.err);
    }
    char *penta[] = {REFEREE_BIN, "sprt", "--ptnml", "0,0,0,0,18446744073709551616", NULL};
    cr_assert_eq(run_program(penta, NULL, &r), 0);
    cr_expect_eq(r.status, 2);
    cr_expect(strstr(r.err, "--ptnml '"), "%s", r.err);
}

Test(regress, clearly_stronger_candidate_is_accepted_and_the_run_stops, .timeout = 60)
{
    char dir[64];
    test_tmpdir(dir, "regress");
    char *argv[] = {REFEREE_BIN, "match",
                    "--bot",     "cand=" BOTDIR "perfect",
                    "--bot",     "base=" BOTDIR "random",
                    "--games",   "1000",
                    "--sprt",    "elo0=0 elo1=100",
                    "--results", dir,
                    "--quiet",   NULL};
    cr_assert_eq(run_program(argv, NULL, &r), 0);
    cr_expect_eq(r.status, 0, "%s%s", r.out, r.err);
    cr_expect(strstr(r.out, " - H1 was accepted\n"), "%s", r.out);
    long n = rows(dir);
    cr_expect(n >= 2 && n < 1000, "%ld games", n);
}

Test(regress, clearly_weaker_candidate_is_rejected_with_status_10, .timeout = 60)
{
    char dir[64];
    test_tmpdir(dir, "regress");
    char *argv[] = {REFEREE_BIN, "match",
                    "--bot",     "cand=" BOTDIR "random",
                    "--bot",     "base=" BOTDIR "perfect",
                    "--games",   "1000",
                    "--sprt",    "elo0=0,elo1=100",
                    "--results", dir,
                    "--quiet",   NULL};
    cr_assert_eq(run_program(argv, NULL, &r), 0);
    cr_expect_eq(r.status, 10, "%s%s", r.out, r.err);
    cr_expect(strstr(r.out, " - H0 was accepted\n"), "%s", r.out);
}

Test(regress, no_verdict_within_the_cap_is_status_11, .timeout = 60)
{
    char dir[64];
    test_tmpdir(dir, "regress");
    char *argv[] = {REFEREE_BIN, "match",
                    "--bot",     "cand=" BOTDIR "random --seed 1",
                    "--bot",     "base=" BOTDIR "random --seed 2",
                    "--games",   "20",
                    "--sprt",    "elo0=0 elo1=5",
                    "--results", dir,
                    "--quiet",   NULL};
    cr_assert_eq(run_program(argv, NULL, &r), 0);
    cr_expect_eq(r.status, 11, "%s%s", r.out, r.err);
    cr_expect(strstr(r.out, "SPRT: no verdict after 20 games\n"), "%s", r.out);
    cr_expect_eq(rows(dir), 20);
}

Test(regress, resumed_sprt_counts_the_games_already_played, .timeout = 60)
{
    char dir[64];
    test_tmpdir(dir, "regress");
    char *first[] = {REFEREE_BIN, "match",
                     "--bot",     "cand=" BOTDIR "perfect",
                     "--bot",     "base=" BOTDIR "random",
                     "--games",   "8",
                     "--sprt",    "elo0=0 elo1=100",
                     "--results", dir,
                     "--quiet",   NULL};
    cr_assert_eq(run_program(first, NULL, &r), 0);
    cr_expect_eq(r.status, 11, "%s%s", r.out, r.err);
    cr_expect(strstr(r.out, "Ptnml(0-2): [0, 0, "), "%s", r.out);
    char *more[] = {REFEREE_BIN, "match",
                    "--bot",     "cand=" BOTDIR "perfect",
                    "--bot",     "base=" BOTDIR "random",
                    "--games",   "1000",
                    "--sprt",    "elo0=0 elo1=100",
                    "--results", dir,
                    "--quiet",   "--resume",
                    NULL};
    cr_assert_eq(run_program(more, NULL, &r), 0);
    /* --games changed the schedule's size, not its first games: resume takes them. */
    cr_expect_eq(r.status, 0, "%s%s", r.out, r.err);
}

Test(regress, regress_script_fails_a_regression_and_passes_an_improvement, .timeout = 120)
{
    char dir[64];
    test_tmpdir(dir, "regress");
    setenv("REFEREE", REFEREE_BIN, 1);
    setenv("REGRESS_RESULTS", dir, 1);
    char *worse[] = {SOURCE_DIR "/scripts/regress",
                     BOTDIR "random",
                     BOTDIR "perfect",
                     "--sprt",
                     "elo0=-100 elo1=0",
                     NULL};
    cr_assert_eq(run_program(worse, NULL, &r), 0);
    cr_expect_eq(r.status, 10, "%s%s", r.out, r.err);
    cr_expect(strstr(r.err, "regress: REGRESSION (H0 accepted)"), "%s", r.err);

    char dir2[64];
    test_tmpdir(dir2, "regress");
    setenv("REGRESS_RESULTS", dir2, 1);
    char *better[] = {SOURCE_DIR "/scripts/regress",
                      BOTDIR "perfect",
                      BOTDIR "random",
                      "--sprt",
                      "elo0=-100 elo1=0",
                      NULL};
    cr_assert_eq(run_program(better, NULL, &r), 0);
    cr_expect_eq(r.status, 0, "%s%s", r.out, r.err);
    cr_expect(strstr(r.out, "regress: no regression (H1 accepted)"), "%s", r.out);
}
