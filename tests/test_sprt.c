/* test_sprt.c: the SPRT against a direct search of the constrained likelihood,
 * figures recomputed game by game, and values from fishtest's and fastchess's
 * formulas and test suites. */
#include "sprt.h"
#include "standings.h"

#include <criterion/criterion.h>
#include <limits.h>
#include <math.h>
#include <string.h>

#define Z95    1.959963984540054
#define NELO_K (800 / log(10.0)) /* normalized Elo per unit of t */
#define GOLDEN 0.6180339887498949

static const struct sprt_params defaults = SPRT_PARAMS_DEFAULT;

static void expect_near(double got, double want, double tol, const char *what)
{
    cr_expect(fabs(got - want) <= tol, "%s: got %.15g, want %.15g", what, got, want);
}

static struct sprt_counts wdl(long w, long d, long l)
{
    return (struct sprt_counts){.wins = w, .draws = d, .losses = l};
}

static struct sprt_counts penta(long p0, long p1, long p2, long p3, long p4)
{
    return (struct sprt_counts){.pairs = {p0, p1, p2, p3, p4}};
}

static struct sprt_params bounds(double elo0, double elo1)
{
    return (struct sprt_params){.elo0 = elo0, .elo1 = elo1, .alpha = 0.05, .beta = 0.05};
}

static struct sprt_result run(struct sprt_counts c, struct sprt_params p, enum sprt_model m)
{
    struct sprt_result r;
    cr_assert_eq(sprt_compute(&c, &p, m, &r), 0);
    return r;
}

/* ---- The LLR by a direct search ---------------------------------------- */

/* The empirical distribution as fishtest's results_to_pdf makes it: an empty
 * cell counts 1e-3. Returns the (regularized) number of samples. */
static double empirical(const long *count, int n, double *p)
{
    double total = 0;
    for (int i = 0; i < n; i++)
        total += count[i] ? (double)count[i] : 1e-3;
    for (int i = 0; i < n; i++)
        p[i] = (count[i] ? (double)count[i] : 1e-3) / total;
    return total;
}

/* sum p_i ln q_i, -inf if some q_i is not positive. */
static double loglik(const double *p, const double *q, int n)
{
    double sum = 0;
    for (int i = 0; i < n; i++)
        sum += q[i] > 0 ? p[i] * log(q[i]) : -INFINITY;
    return sum;
}

/* A concave function of one variable, maximized over [lo, hi] by golden
 * section: the caller's objective f(x, ctx). */
static double maximize(double (*f)(double, void *), void *ctx, double lo, double hi)
{
    double a = hi - GOLDEN * (hi - lo), b = lo + GOLDEN * (hi - lo);
    double fa = f(a, ctx), fb = f(b, ctx);

    for (int k = 0; k < 72; k++) {
        if (fa < fb) {
            lo = a, a = b, fa = fb;
            b = lo + GOLDEN * (hi - lo), fb = f(b, ctx);
        } else {
            hi = b, b = a, fb = fa;
            a = hi - GOLDEN * (hi - lo), fa = f(a, ctx);
        }
    }
    return fmax(fa, fb);
}

/* The distributions q over the outcomes with mean score s, searched over
 * their free coordinates: trinomial q = (1 - s - d/2, d, s - d/2); pentanomial
 * q1, q2, q3 free, q4 and q0 fixed by the mean and the total. */
struct search {
    const double *p;
    double s, q1, q2;
};

static double tri_at(double d, void *ctx)
{
    struct search *x = ctx;
    double q[3] = {1 - x->s - d / 2, d, x->s - d / 2};
    return loglik(x->p, q, 3);
}

static double penta_at_q3(double q3, void *ctx)
{
    struct search *x = ctx;
    double q4 = x->s - x->q1 / 4 - x->q2 / 2 - 3 * q3 / 4;
    double q[5] = {1 - x->q1 - x->q2 - q3 - q4, x->q1, x->q2, q3, q4};
    return loglik(x->p, q, 5);
}

static double penta_at_q1(double q1, void *ctx)
{
    struct search *x = ctx;
    x->q1 = q1;
    double top = fmin(4 * (x->s - q1 / 4 - x->q2 / 2) / 3, 4 * (1 - x->s - 3 * q1 / 4 - x->q2 / 2));
    return maximize(penta_at_q3, x, 0, fmax(top, 0));
}

static double penta_at_q2(double q2, void *ctx)
{
    struct search *x = ctx;
    x->q2 = q2;
    double top = fmin(4 * (x->s - q2 / 2), 4 * (1 - x->s - q2 / 2) / 3);
    return maximize(penta_at_q1, x, 0, fmax(top, 0));
}

/* max over q with mean s of sum p_i ln q_i */
static double best_loglik(const double *p, int n, double s)
{
    struct search x = {.p = p, .s = s};
    if (n == 3)
        return maximize(tri_at, &x, 0, 2 * fmin(s, 1 - s));
    return maximize(penta_at_q2, &x, 0, 2 * fmin(s, 1 - s));
}

static double slow_llr(const long *count, int n, double elo0, double elo1)
{
    double p[5];
    double total = empirical(count, n, p);
    double s0 = 1 / (1 + pow(10, -elo0 / 400)), s1 = 1 / (1 + pow(10, -elo1 / 400));
    return total * (best_loglik(p, n, s1) - best_loglik(p, n, s0));
}

static void check_llr(struct sprt_counts c, enum sprt_model m, double elo0, double elo1)
{
    long tri[3] = {c.losses, c.draws, c.wins};
    const long *count = m == SPRT_TRINOMIAL ? tri : c.pairs;
    double want = slow_llr(count, m == SPRT_TRINOMIAL ? 3 : 5, elo0, elo1);
    struct sprt_result r = run(c, bounds(elo0, elo1), m);
    expect_near(r.llr, want, 1e-8 * fmax(1, fabs(want)), "llr");
}

Test(sprt, trinomial_llr_matches_a_search_of_the_likelihood, .timeout = 10)
{
    check_llr(wdl(100, 50, 80), SPRT_TRINOMIAL, 0, 5);
    check_llr(wdl(100, 50, 80), SPRT_TRINOMIAL, -3, 1);
    check_llr(wdl(80, 50, 100), SPRT_TRINOMIAL, 0, 5);
    check_llr(wdl(1500, 4000, 1450), SPRT_TRINOMIAL, 0, 2);
    check_llr(wdl(3, 1, 0), SPRT_TRINOMIAL, 0, 10);
    check_llr(wdl(21404, 40708, 21184), SPRT_TRINOMIAL, 0.5, 2.5);
    check_llr(wdl(40, 2, 1), SPRT_TRINOMIAL, 50, 150); /* far from the bounds */
}

Test(sprt, trinomial_llr_with_empty_cells_matches_the_search, .timeout = 10)
{
    check_llr(wdl(10, 0, 0), SPRT_TRINOMIAL, 0, 5);
    check_llr(wdl(7, 3, 0), SPRT_TRINOMIAL, 0, 5);
    check_llr(wdl(0, 12, 0), SPRT_TRINOMIAL, 0, 5);
    check_llr(wdl(0, 0, 1), SPRT_TRINOMIAL, -10, 10);
    check_llr(wdl(25, 0, 20), SPRT_TRINOMIAL, 0, 5);
}

Test(sprt, pentanomial_llr_matches_a_search_of_the_likelihood, .timeout = 10)
{
    check_llr(penta(10, 20, 30, 25, 15), SPRT_PENTANOMIAL, 0, 5);
    check_llr(penta(15, 25, 30, 20, 10), SPRT_PENTANOMIAL, -5, 0);
    check_llr(penta(223, 9863, 21279, 10037, 246), SPRT_PENTANOMIAL, 0.5, 2.5);
    check_llr(penta(1, 4, 9, 30, 6), SPRT_PENTANOMIAL, 0, 10);
}

Test(sprt, pentanomial_llr_with_empty_cells_matches_the_search, .timeout = 10)
{
    check_llr(penta(0, 2, 5, 9, 0), SPRT_PENTANOMIAL, 0, 5);
    check_llr(penta(0, 0, 0, 0, 4), SPRT_PENTANOMIAL, 0, 5);
    check_llr(penta(0, 0, 7, 0, 0), SPRT_PENTANOMIAL, -2, 3);
    check_llr(penta(3, 0, 0, 0, 5), SPRT_PENTANOMIAL, 0, 5);
}

/* ---- Known values ------------------------------------------------------ */

/* Computed with fishtest's LLRcalc.LLR_logistic retyped in Python (its brentq
 * replaced by a bisection to adjacent doubles). */
Test(sprt, llr_agrees_with_fishtest, .timeout = 10)
{
    /* trinomial: W/D/L 100/50/80, [0, 5] */
    expect_near(run(wdl(100, 50, 80), defaults, SPRT_TRINOMIAL).llr, 0.337413129625062, 1e-12,
                "100/50/80");
    expect_near(run(wdl(21404, 40708, 21184), bounds(0.5, 2.5), SPRT_TRINOMIAL).llr,
                -1.57188879269903, 1e-11, "fastchess logistic trinomial 1");
    expect_near(run(wdl(57433, 106593, 57030), bounds(0, 2), SPRT_TRINOMIAL).llr, -2.59302416352857,
                1e-11, "fastchess logistic trinomial 2");
    expect_near(run(wdl(10, 0, 0), defaults, SPRT_TRINOMIAL).llr, 0.142875867061313, 1e-12,
                "10 wins");
    expect_near(run(wdl(7, 3, 0), defaults, SPRT_TRINOMIAL).llr, 0.142848990744117, 1e-12,
                "7 wins 3 draws");
    /* pentanomial */
    expect_near(run(penta(10, 20, 30, 25, 15), defaults, SPRT_PENTANOMIAL).llr, 0.269412527202886,
                1e-12, "10/20/30/25/15");
    expect_near(run(penta(223, 9863, 21279, 10037, 246), bounds(0.5, 2.5), SPRT_PENTANOMIAL).llr,
                -3.07412643958677, 1e-11, "fastchess logistic pentanomial 1");
    expect_near(run(penta(871, 26175, 55983, 26678, 821), bounds(0, 2), SPRT_PENTANOMIAL).llr,
                -4.97867286345118, 1e-11, "fastchess logistic pentanomial 2");
    expect_near(run(penta(10789, 19328, 33806, 19402, 10543), bounds(-3, 1), SPRT_PENTANOMIAL).llr,
                2.13106781178504, 1e-11, "fishtest sprt.py example");
    expect_near(run(penta(0, 2, 5, 9, 0), defaults, SPRT_PENTANOMIAL).llr, 0.228373960316434, 1e-12,
                "empty ends");
    expect_near(run(penta(0, 0, 0, 0, 4), defaults, SPRT_PENTANOMIAL).llr, 0.0571787673226793,
                1e-12, "4 pairs won");
}

/* fastchess app/tests/sprt_test.cpp, logistic cases, to its 1% */
Test(sprt, llr_agrees_with_fastchess_tests, .timeout = 10)
{
    expect_near(run(wdl(21404, 40708, 21184), bounds(0.5, 2.5), SPRT_TRINOMIAL).llr, -1.57, 0.0157,
                "trinomial 1");
    expect_near(run(wdl(57433, 106593, 57030), bounds(0, 2), SPRT_TRINOMIAL).llr, -2.59, 0.0259,
                "trinomial 2");
    /* their Stats(LL, LD, WL, DD, WD, WW): pairs[2] = WL + DD */
    expect_near(
        run(penta(223, 9863, 20279 + 1000, 10037, 246), bounds(0.5, 2.5), SPRT_PENTANOMIAL).llr,
        -3.07, 0.0307, "pentanomial 1");
    expect_near(run(penta(871, 26175, 55003 + 980, 26678, 821), bounds(0, 2), SPRT_PENTANOMIAL).llr,
                -4.98, 0.0498, "pentanomial 2");
}

/* fastchess app/tests/elo_test.cpp, to its 1% (its Stats(W, L, D) and
 * Stats(LL, LD, WL, DD, WD, WW)); LOS as it prints it, to 0.005% */
Test(sprt, figures_agree_with_fastchess_tests, .timeout = 10)
{
    struct sprt_result r = run(wdl(76, 123, 89), defaults, SPRT_TRINOMIAL);
    expect_near(r.nelo, -20.76, 0.2076, "wdl 1 nelo");
    expect_near(r.nelo_error, 40.13, 0.4013, "wdl 1 nelo error");
    expect_near(r.los, 0.1553, 0.00005, "wdl 1 los");

    r = run(wdl(136, 111, 96), defaults, SPRT_TRINOMIAL);
    expect_near(r.nelo, 49.77, 0.4977, "wdl 2 nelo");
    expect_near(r.nelo_error, 36.77, 0.3677, "wdl 2 nelo error");
    expect_near(r.elo, 40.70, 0.4070, "wdl 2 elo");
    expect_near(r.elo_error, 30.43, 0.3043, "wdl 2 elo error");
    expect_near(r.los, 0.9960, 0.00005, "wdl 2 los");

    r = run(wdl(34, 0, 356), defaults, SPRT_TRINOMIAL);
    expect_near(r.nelo, -508.44, 5.0844, "wdl 3 nelo");
    expect_near(r.nelo_error, 34.48, 0.3448, "wdl 3 nelo error");

    r = run(penta(34, 54, 31 + 32, 64, 75), defaults, SPRT_PENTANOMIAL);
    expect_near(r.nelo, 57.94, 0.5794, "penta 1 nelo");
    expect_near(r.nelo_error, 28.28, 0.2828, "penta 1 nelo error");
    expect_near(r.elo, 55.58, 0.5558, "penta 1 elo");
    expect_near(r.elo_error, 27.65, 0.2765, "penta 1 elo error");
    expect_near(r.los, 1.0000, 0.00005, "penta 1 los");

    r = run(penta(332, 433, 457 + 41, 333, 334), defaults, SPRT_PENTANOMIAL);
    expect_near(r.nelo, -9.17, 0.0917, "penta 2 nelo");
    expect_near(r.nelo_error, 10.96, 0.1096, "penta 2 nelo error");
    expect_near(r.elo, -8.64, 0.0864, "penta 2 elo");
    expect_near(r.elo_error, 10.33, 0.1033, "penta 2 elo error");
    expect_near(r.los, 0.0505, 0.00005, "penta 2 los");

    r = run(penta(7895, 8757, 5485 + 200, 568, 9999), defaults, SPRT_PENTANOMIAL);
    expect_near(r.nelo, -19.01, 0.1901, "penta 3 nelo");
    expect_near(r.nelo_error, 2.65, 0.0265, "penta 3 nelo error");
    expect_near(r.elo, -21.04, 0.2104, "penta 3 elo");
    expect_near(r.elo_error, 2.95, 0.0295, "penta 3 elo error");
}

/* ---- Figures recomputed sample by sample ------------------------------- */

/* The Elo of a score by bisection on the logistic curve, not by its inverse. */
static double slow_elo(double s)
{
    double lo = -4000, hi = 4000;
    for (int k = 0; k < 200; k++) {
        double mid = (lo + hi) / 2;
        if (1 / (1 + pow(10, -mid / 400)) < s)
            lo = mid;
        else
            hi = mid;
    }
    return (lo + hi) / 2;
}

/* The normal law's distribution function by Simpson's rule on its density. */
static double slow_phi(double z)
{
    int n = 20000;
    double h = z / n, sum = 0;
    for (int k = 0; k <= n; k++) {
        double w = k == 0 || k == n ? 1 : k % 2 ? 4 : 2;
        sum += w * exp(-(k * h) * (k * h) / 2);
    }
    return 0.5 + sum * h / 3 / sqrt(2 * M_PI);
}

/* Samples (games or pairs, scores on 0..1) listed one by one; per is 1 for
 * games, 2 for pairs (a game's variance is twice its pair's). */
static void check_figures(const double *sample, int n, double per, struct sprt_result r)
{
    double sum = 0, sq = 0;
    for (int k = 0; k < n; k++)
        sum += sample[k];
    double mean = sum / n;
    for (int k = 0; k < n; k++)
        sq += (sample[k] - mean) * (sample[k] - mean);
    double sd = sqrt(sq / n), dev = sd / sqrt(n);
    double lo = mean - Z95 * dev, hi = mean + Z95 * dev;

    expect_near(r.elo, slow_elo(mean), 1e-6, "elo");
    expect_near(r.elo_error, (slow_elo(hi) - slow_elo(lo)) / 2, 1e-6, "elo error");
    expect_near(r.nelo, (mean - 0.5) / (sd * sqrt(per)) * NELO_K, 1e-9, "nelo");
    /* fastchess's definition: half the nElo distance between the score's bounds */
    expect_near(r.nelo_error, ((hi - 0.5) - (lo - 0.5)) / (sd * sqrt(per)) * NELO_K / 2, 1e-9,
                "nelo error");
    expect_near(r.los, slow_phi((mean - 0.5) / dev), 1e-9, "los");
}

static void check_trinomial_figures(long w, long d, long l)
{
    double sample[1000];
    int n = 0;
    for (long k = 0; k < w; k++)
        sample[n++] = 1;
    for (long k = 0; k < d; k++)
        sample[n++] = 0.5;
    for (long k = 0; k < l; k++)
        sample[n++] = 0;
    check_figures(sample, n, 1, run(wdl(w, d, l), defaults, SPRT_TRINOMIAL));
}

static void check_pentanomial_figures(struct sprt_counts c)
{
    double sample[1000];
    int n = 0;
    for (int i = 0; i < 5; i++)
        for (long k = 0; k < c.pairs[i]; k++)
            sample[n++] = (i / 2.0) / 2; /* i/2 points of 2 */
    check_figures(sample, n, 2, run(c, defaults, SPRT_PENTANOMIAL));
}

Test(sprt, trinomial_figures_match_a_game_by_game_recomputation, .timeout = 10)
{
    check_trinomial_figures(100, 50, 80);
    check_trinomial_figures(80, 50, 100);
    check_trinomial_figures(13, 40, 7);
    check_trinomial_figures(6, 0, 4);
    check_trinomial_figures(2, 300, 3);
    check_trinomial_figures(0, 5, 1);
}

Test(sprt, pentanomial_figures_match_a_pair_by_pair_recomputation, .timeout = 10)
{
    check_pentanomial_figures(penta(10, 20, 30, 25, 15));
    check_pentanomial_figures(penta(34, 54, 63, 64, 75));
    check_pentanomial_figures(penta(0, 2, 5, 9, 0));
    check_pentanomial_figures(penta(1, 0, 40, 0, 2));
    check_pentanomial_figures(penta(5, 6, 7, 8, 9));
}

Test(sprt, trinomial_elo_is_the_pair_elo_of_the_standings, .timeout = 10)
{
    static const int cases[][3] = {{100, 50, 80}, {6, 2, 2}, {9, 0, 1}, {1, 98, 1}, {5, 0, 0}};
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        const int *c = cases[k];
        struct elo_pair pair;
        struct sprt_result r = run(wdl(c[0], c[1], c[2]), defaults, SPRT_TRINOMIAL);
        rating_elo_pair(c[0], c[1], c[2], &pair);
        cr_expect(r.elo == pair.elo || fabs(r.elo - pair.elo) < 1e-9, "case %zu", k);
        cr_expect(r.elo_error == pair.error || fabs(r.elo_error - pair.error) < 1e-9, "case %zu",
                  k);
    }
}

/* ---- Edges -------------------------------------------------------------- */

Test(sprt, no_games_give_zero_llr_and_nan_figures, .timeout = 10)
{
    /* fishtest's formula would give -5e-7, from the regularized cells alone */
    for (int m = SPRT_TRINOMIAL; m <= SPRT_PENTANOMIAL; m++) {
        struct sprt_result r = run(wdl(0, 0, 0), defaults, (enum sprt_model)m);
        cr_expect_eq(r.llr, 0);
        cr_expect_eq(r.verdict, SPRT_CONTINUE);
        cr_expect(isnan(r.elo) && isnan(r.elo_error) && isnan(r.nelo) && isnan(r.nelo_error));
        cr_expect(isnan(r.los));
    }
    /* each model reads its own counts only */
    struct sprt_result r = run(wdl(50, 0, 0), defaults, SPRT_PENTANOMIAL);
    cr_expect_eq(r.llr, 0);
    r = run(penta(0, 0, 0, 0, 50), defaults, SPRT_TRINOMIAL);
    cr_expect_eq(r.llr, 0);
}

Test(sprt, perfect_and_drawn_scores_have_infinite_or_nan_figures, .timeout = 10)
{
    struct sprt_result r = run(wdl(20, 0, 0), defaults, SPRT_TRINOMIAL);
    cr_expect(isinf(r.elo) && r.elo > 0);
    cr_expect(isinf(r.elo_error));
    cr_expect(isinf(r.nelo) && r.nelo > 0);
    expect_near(r.nelo_error, Z95 * NELO_K / sqrt(20), 1e-9, "nelo error");
    cr_expect_eq(r.los, 1);
    cr_expect(r.llr > 0 && isfinite(r.llr));

    r = run(penta(6, 0, 0, 0, 0), defaults, SPRT_PENTANOMIAL);
    cr_expect(isinf(r.elo) && r.elo < 0);
    cr_expect(isinf(r.elo_error));
    cr_expect(isinf(r.nelo) && r.nelo < 0);
    cr_expect_eq(r.los, 0);
    cr_expect(r.llr < 0 && isfinite(r.llr));

    r = run(wdl(0, 30, 0), defaults, SPRT_TRINOMIAL);
    cr_expect_eq(r.elo, 0);
    cr_expect_eq(r.elo_error, 0);
    cr_expect(isnan(r.nelo));
    cr_expect_eq(r.los, 0.5);

    r = run(wdl(9, 0, 1), defaults, SPRT_TRINOMIAL); /* the interval reaches 100% */
    cr_expect(isfinite(r.elo));
    cr_expect(isinf(r.elo_error));
}

/* ---- Verdicts ----------------------------------------------------------- */

Test(sprt, bounds_are_walds, .timeout = 10)
{
    struct sprt_result r = run(wdl(1, 1, 1), defaults, SPRT_TRINOMIAL);
    expect_near(r.lower, -2.9444389791664403, 1e-15, "lower");
    expect_near(r.upper, 2.9444389791664403, 1e-15, "upper");

    struct sprt_params p = {.elo0 = 0, .elo1 = 5, .alpha = 0.01, .beta = 0.2};
    r = run(wdl(1, 1, 1), p, SPRT_TRINOMIAL);
    expect_near(r.lower, log(0.2 / 0.99), 1e-15, "lower");
    expect_near(r.upper, log(0.8 / 0.01), 1e-15, "upper");
}

static enum sprt_verdict expected_verdict(const struct sprt_result *r)
{
    return r->llr >= r->upper ? SPRT_H1 : r->llr <= r->lower ? SPRT_H0 : SPRT_CONTINUE;
}

/* A run growing game by game: the verdict follows the LLR across both bounds. */
Test(sprt, verdict_follows_the_llr_across_the_bounds, .timeout = 10)
{
    int seen[3] = {0, 0, 0};

    for (long n = 0; n <= 3000; n += 10) {
        /* strong: 45% wins, 35% draws; weak: the reverse */
        struct sprt_result s =
            run(wdl(n * 45 / 100, n * 35 / 100, n - n * 80 / 100), defaults, SPRT_TRINOMIAL);
        struct sprt_result w =
            run(wdl(n - n * 80 / 100, n * 35 / 100, n * 45 / 100), defaults, SPRT_TRINOMIAL);
        cr_expect_eq(s.verdict, expected_verdict(&s), "n %ld llr %g", n, s.llr);
        cr_expect_eq(w.verdict, expected_verdict(&w), "n %ld llr %g", n, w.llr);
        seen[s.verdict]++;
        seen[w.verdict]++;
    }
    cr_expect(seen[SPRT_CONTINUE] > 0 && seen[SPRT_H0] > 0 && seen[SPRT_H1] > 0);

    struct sprt_result r = run(penta(0, 30, 120, 90, 60), defaults, SPRT_PENTANOMIAL);
    cr_expect_eq(r.verdict, SPRT_H1, "llr %g", r.llr);
    r = run(penta(60, 90, 120, 30, 0), defaults, SPRT_PENTANOMIAL);
    cr_expect_eq(r.verdict, SPRT_H0, "llr %g", r.llr);
}

/* With asymmetric errors the same LLR can be past one bound only. */
Test(sprt, verdict_uses_alpha_and_beta, .timeout = 10)
{
    struct sprt_counts c = wdl(100, 50, 80); /* llr 0.337 on [0, 5] */
    struct sprt_params p = {.elo0 = 0, .elo1 = 5, .alpha = 0.7, .beta = 0.01};
    struct sprt_result r = run(c, p, SPRT_TRINOMIAL); /* upper = ln(0.99/0.7) = 0.347 */
    cr_expect_eq(r.verdict, SPRT_CONTINUE);
    p.alpha = 0.72; /* upper = ln(0.99/0.72) = 0.318 */
    r = run(c, p, SPRT_TRINOMIAL);
    cr_expect_eq(r.verdict, SPRT_H1);

    c = wdl(80, 50, 100); /* llr on [-5, 0] = -0.337 by symmetry */
    p = (struct sprt_params){.elo0 = -5, .elo1 = 0, .alpha = 0.01, .beta = 0.72};
    r = run(c, p, SPRT_TRINOMIAL); /* lower = ln(0.72/0.99) = -0.318 */
    cr_expect_eq(r.verdict, SPRT_H0);
    p.beta = 0.7;
    r = run(c, p, SPRT_TRINOMIAL);
    cr_expect_eq(r.verdict, SPRT_CONTINUE);
}

/* ---- Symmetries --------------------------------------------------------- */

/* The opponent's view: outcomes mirrored, H0: -elo1 against H1: -elo0. */
Test(sprt, swapping_sides_and_bounds_negates_everything, .timeout = 10)
{
    static const long tri[][3] = {{100, 50, 80}, {7, 3, 0}, {0, 0, 9}, {1500, 4000, 1450}};
    static const long pen[][5] = {{10, 20, 30, 25, 15}, {0, 2, 5, 9, 0}, {3, 0, 0, 0, 5}};
    struct sprt_params p = {.elo0 = -1, .elo1 = 4, .alpha = 0.05, .beta = 0.1};
    struct sprt_params q = {.elo0 = -4, .elo1 = 1, .alpha = 0.1, .beta = 0.05};

    for (size_t k = 0; k < 7; k++) {
        bool is_tri = k < 4;
        struct sprt_counts a, b;
        enum sprt_model m = is_tri ? SPRT_TRINOMIAL : SPRT_PENTANOMIAL;
        if (is_tri) {
            a = wdl(tri[k][0], tri[k][1], tri[k][2]);
            b = wdl(tri[k][2], tri[k][1], tri[k][0]);
        } else {
            const long *c = pen[k - 4];
            a = penta(c[0], c[1], c[2], c[3], c[4]);
            b = penta(c[4], c[3], c[2], c[1], c[0]);
        }
        struct sprt_result x = run(a, p, m), y = run(b, q, m);
        expect_near(y.llr, -x.llr, 1e-12 * fmax(1, fabs(x.llr)), "llr");
        expect_near(y.lower, -x.upper, 1e-15, "bounds");
        cr_expect_eq(y.verdict, x.verdict == SPRT_H1   ? SPRT_H0
                                : x.verdict == SPRT_H0 ? SPRT_H1
                                                       : SPRT_CONTINUE);
        cr_expect(y.elo == -x.elo || fabs(y.elo + x.elo) < 1e-9, "elo, case %zu", k);
        cr_expect(y.elo_error == x.elo_error || fabs(y.elo_error - x.elo_error) < 1e-9);
        cr_expect(y.nelo == -x.nelo || fabs(y.nelo + x.nelo) < 1e-9, "nelo, case %zu", k);
        expect_near(y.nelo_error, x.nelo_error, 1e-12, "nelo error");
        expect_near(y.los, 1 - x.los, 1e-12, "los");
    }
}

Test(sprt, balanced_results_on_symmetric_bounds_give_zero, .timeout = 10)
{
    expect_near(run(wdl(40, 70, 40), bounds(-3, 3), SPRT_TRINOMIAL).llr, 0, 1e-12, "trinomial");
    expect_near(run(penta(3, 20, 50, 20, 3), bounds(-3, 3), SPRT_PENTANOMIAL).llr, 0, 1e-12,
                "pentanomial");
    expect_near(run(penta(0, 20, 50, 20, 0), bounds(-3, 3), SPRT_PENTANOMIAL).llr, 0, 1e-12,
                "pentanomial, empty ends");
}

/* LLR = N times a function of the distribution: twice the games, twice the LLR. */
Test(sprt, llr_scales_with_the_number_of_samples, .timeout = 10)
{
    double one = run(wdl(100, 50, 80), defaults, SPRT_TRINOMIAL).llr;
    double ten = run(wdl(1000, 500, 800), defaults, SPRT_TRINOMIAL).llr;
    expect_near(ten, 10 * one, 1e-10, "trinomial");
    one = run(penta(10, 20, 30, 25, 15), defaults, SPRT_PENTANOMIAL).llr;
    ten = run(penta(100, 200, 300, 250, 150), defaults, SPRT_PENTANOMIAL).llr;
    expect_near(ten, 10 * one, 1e-10, "pentanomial");
}

/* An empty cell beside billions of games: the root that gives the LLR lies
 * 1e-17 from the end of its interval, where a multiplier in x cannot be told
 * from the end (the LLR came out NAN from about 3e13 games on). */
Test(sprt, llr_stays_finite_and_exact_up_to_2_to_the_53_games, .timeout = 10)
{
    static const long many[] = {30000000000000L, 1000000000000000L, SPRT_COUNT_MAX};
    double s0 = 0.5, s1 = 1 / (1 + pow(10, -5 / 400.0));

    for (size_t k = 0; k < sizeof many / sizeof many[0]; k++) {
        /* All won: the most likely laws put all but O(1e-3 / W) on wins, so the
         * LLR is W ln(s1 / s0) to within the empty cells' share. */
        struct sprt_result r = run(wdl(many[k], 0, 0), defaults, SPRT_TRINOMIAL);
        double want = (double)many[k] * log(s1 / s0);
        expect_near(r.llr, want, 1e-9 * want, "all won");
        cr_expect_eq(r.verdict, SPRT_H1);
        r = run(wdl(0, 0, many[k]), defaults, SPRT_TRINOMIAL);
        cr_expect(isfinite(r.llr) && r.llr < 0, "all lost: %g", r.llr);
        cr_expect_eq(r.verdict, SPRT_H0);
        r = run(penta(0, 0, 0, 0, many[k]), defaults, SPRT_PENTANOMIAL);
        cr_expect(isfinite(r.llr) && r.llr > 0, "all pairs won: %g", r.llr);
    }
    /* No empty cell: the LLR grows with the games, to the last digits. */
    double one = run(wdl(100, 50, 80), defaults, SPRT_TRINOMIAL).llr;
    double huge = run(wdl(100L << 43, 50L << 43, 80L << 43), defaults, SPRT_TRINOMIAL).llr;
    expect_near(huge / (double)(1L << 43), one, 1e-9 * one, "trinomial at 2^51 games");
}

Test(sprt, counts_past_2_to_the_53_are_refused, .timeout = 10)
{
    struct sprt_counts c = wdl(SPRT_COUNT_MAX, 1, 0);
    struct sprt_result r;

    cr_expect_eq(sprt_compute(&c, &defaults, SPRT_TRINOMIAL, &r), -1);
    c = wdl(SPRT_COUNT_MAX / 2, SPRT_COUNT_MAX / 2, SPRT_COUNT_MAX / 2);
    cr_expect_eq(sprt_compute(&c, &defaults, SPRT_TRINOMIAL, &r), -1);
    c = penta(LONG_MAX, 0, 0, 0, 0);
    cr_expect_eq(sprt_compute(&c, &defaults, SPRT_PENTANOMIAL, &r), -1);
    /* Each model reads only its own counts. */
    c = penta(1, 2, 3, 4, 5);
    c.wins = LONG_MAX;
    cr_expect_eq(sprt_compute(&c, &defaults, SPRT_PENTANOMIAL, &r), 0);
    c = wdl(SPRT_COUNT_MAX, 0, 0);
    cr_expect_eq(sprt_compute(&c, &defaults, SPRT_TRINOMIAL, &r), 0);
}

/* ---- Invalid input ------------------------------------------------------ */

Test(sprt, invalid_params_and_counts_are_refused, .timeout = 10)
{
    static const struct sprt_params bad[] = {
        {0, 5, 0, 0.05},     {0, 5, 1, 0.05},          {0, 5, 0.05, 0},         {0, 5, 0.05, 1},
        {0, 5, -0.1, 0.05},  {5, 5, 0.05, 0.05},       {5, 0, 0.05, 0.05},      {0, 5, 0.5, 0.5},
        {0, 5, 0.6, 0.7},    {NAN, 5, 0.05, 0.05},     {0, NAN, 0.05, 0.05},    {0, 5, NAN, 0.05},
        {0, 5, 0.05, NAN},   {-INFINITY, 0, .05, .05}, {0, INFINITY, .05, .05}, {0, 1e5, .05, .05},
        {-1e5, 0, .05, .05},
    };
    struct sprt_counts c = wdl(10, 10, 10);
    struct sprt_result r, untouched;

    memset(&untouched, 0x5a, sizeof untouched);
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        r = untouched;
        cr_expect_not(sprt_params_is_valid(&bad[k]), "case %zu", k);
        cr_expect_eq(sprt_compute(&c, &bad[k], SPRT_TRINOMIAL, &r), -1, "case %zu", k);
        cr_expect_eq(memcmp(&r, &untouched, sizeof r), 0, "case %zu", k);
    }
    cr_expect(sprt_params_is_valid(&defaults));
    struct sprt_params ok = {.elo0 = -1000, .elo1 = 1000, .alpha = 0.49, .beta = 0.5};
    cr_expect(sprt_params_is_valid(&ok));

    r = untouched;
    c = wdl(10, -1, 10);
    cr_expect_eq(sprt_compute(&c, &defaults, SPRT_TRINOMIAL, &r), -1);
    c = penta(1, 2, 3, -4, 5);
    cr_expect_eq(sprt_compute(&c, &defaults, SPRT_PENTANOMIAL, &r), -1);
    c = penta(1, 2, 3, 4, 5);
    cr_expect_eq(sprt_compute(&c, &defaults, (enum sprt_model)7, &r), -1);
    cr_expect_eq(memcmp(&r, &untouched, sizeof r), 0);
}

/* ---- Parsing ------------------------------------------------------------ */

Test(sprt, parses_each_key, .timeout = 10)
{
    struct sprt_params p = SPRT_PARAMS_DEFAULT;
    cr_expect(p.elo0 == 0 && p.elo1 == 5 && p.alpha == 0.05 && p.beta == 0.05);

    cr_expect_eq(sprt_parse_param(&p, "elo0=-1.5"), 0);
    cr_expect_eq(sprt_parse_param(&p, "elo1=2.5"), 0);
    cr_expect_eq(sprt_parse_param(&p, "alpha=0.1"), 0);
    cr_expect_eq(sprt_parse_param(&p, "beta=2e-2"), 0);
    cr_expect(p.elo0 == -1.5 && p.elo1 == 2.5 && p.alpha == 0.1 && p.beta == 0.02);
    cr_expect_eq(sprt_parse_param(&p, "elo1=+3"), 0);
    cr_expect_eq(p.elo1, 3);
    cr_expect_eq(sprt_parse_param(&p, "elo0=7"), 0); /* elo0 > elo1: left to is_valid */
    cr_expect_not(sprt_params_is_valid(&p));
}

Test(sprt, refuses_bad_words_and_leaves_params_alone, .timeout = 10)
{
    static const char *const bad[] = {
        "",        "elo0",        "=1",       "elo0=",    "elo0= 1",    "elo0=1 ",
        "elo0=1x", "elo0=1,5",    "elo2=1",   "ELO0=1",   "elo=1",      "elo00=1",
        " elo0=1", "elo0 =1",     "elo0=inf", "elo0=nan", "elo1=1e999", "alpha=0",
        "alpha=1", "alpha=-0.05", "beta=1.5", "beta=nan", "alpha=5%",   "elo0==1",
    };
    struct sprt_params p = SPRT_PARAMS_DEFAULT;

    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        cr_expect_eq(sprt_parse_param(&p, bad[k]), -1, "'%s'", bad[k]);
        cr_expect(p.elo0 == 0 && p.elo1 == 5 && p.alpha == 0.05 && p.beta == 0.05, "'%s'", bad[k]);
    }
}
