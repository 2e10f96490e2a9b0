/* test_standings.c: counts, ranks and ratings against hand-computed answers and
 * slow, obviously correct recomputations. */
#include "standings.h"

#include <criterion/criterion.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#define ELO_K (400.0 / log(10.0)) /* Elo per nat */
#define Z95   1.959963984540054

static struct standings *fresh(void)
{
    struct standings *st = standings_new();
    cr_assert_not_null(st);
    return st;
}

static void game(struct standings *st, const char *first, const char *second, int winner,
                 enum foul foul, int foul_side)
{
    struct game_summary g = {
        .bots = {first, second},
        .winner = winner,
        .foul = foul,
        .foul_side = foul_side,
    };
    cr_assert_eq(standings_add_game(st, &g), 0);
}

/* a's results against b: wins, draws, losses, a always first. */
static void games(struct standings *st, const char *a, const char *b, int w, int d, int l)
{
    for (int k = 0; k < w; k++)
        game(st, a, b, SIDE_FIRST, FOUL_NONE, SIDE_NONE);
    for (int k = 0; k < d; k++)
        game(st, a, b, SIDE_NONE, FOUL_NONE, SIDE_NONE);
    for (int k = 0; k < l; k++)
        game(st, a, b, SIDE_SECOND, FOUL_NONE, SIDE_NONE);
}

static size_t index_of(const struct standings_row *rows, size_t n, const char *name)
{
    for (size_t k = 0; k < n; k++)
        if (strcmp(rows[k].name, name) == 0)
            return k;
    cr_assert_fail("no row '%s'", name);
    return 0;
}

static const struct standings_row *row_of(const struct standings_row *rows, size_t n,
                                          const char *name)
{
    return &rows[index_of(rows, n, name)];
}

static void expect_near(double got, double want, double tol, const char *what)
{
    cr_expect(fabs(got - want) <= tol, "%s: got %.12g, want %.12g", what, got, want);
}

/* The Elo of a score by bisection on the logistic curve, not by its inverse. */
static double slow_elo(double p)
{
    double lo = -4000, hi = 4000;
    for (int k = 0; k < 200; k++) {
        double mid = (lo + hi) / 2;
        if (1 / (1 + pow(10, -mid / 400)) < p)
            lo = mid;
        else
            hi = mid;
    }
    return (lo + hi) / 2;
}

static void check_fit(struct standings *st);

/* cutechess-cli's figures recomputed game by game. */
static void slow_pair(int w, int d, int l, struct elo_pair *out)
{
    double score[1000], sum = 0, var = 0;
    int n = 0;

    for (int k = 0; k < w; k++)
        score[n++] = 1;
    for (int k = 0; k < d; k++)
        score[n++] = 0.5;
    for (int k = 0; k < l; k++)
        score[n++] = 0;
    for (int k = 0; k < n; k++)
        sum += score[k];
    double mean = sum / n;
    for (int k = 0; k < n; k++)
        var += (score[k] - mean) * (score[k] - mean);
    double dev = sqrt(var / n) / sqrt(n);
    out->elo = slow_elo(mean);
    out->error = (slow_elo(mean + Z95 * dev) - slow_elo(mean - Z95 * dev)) / 2;
    out->los = 0.5 + 0.5 * erf((w - l) / sqrt(2.0 * (w + l)));
    out->draw_ratio = (double)d / n;
}

static void check_pair(int w, int d, int l)
{
    struct elo_pair got, want;
    rating_elo_pair(w, d, l, &got);
    slow_pair(w, d, l, &want);
    expect_near(got.elo, want.elo, 1e-6, "elo");
    expect_near(got.error, want.error, 1e-6, "error");
    expect_near(got.los, want.los, 1e-12, "los");
    expect_near(got.draw_ratio, want.draw_ratio, 1e-12, "draw ratio");
}

Test(standings, counts_wins_draws_losses_points_and_score, .timeout = 10)
{
    struct standings *st = fresh();
    size_t n;

    games(st, "alpha", "beta", 2, 1, 1);
    game(st, "beta", "alpha", SIDE_FIRST, FOUL_NONE, SIDE_NONE);
    const struct standings_row *rows = standings_rows(st, &n);
    cr_assert_eq(n, 2);
    const struct standings_row *a = row_of(rows, n, "alpha"), *b = row_of(rows, n, "beta");
    cr_expect_eq(a->games, 5);
    cr_expect_eq(a->wins, 2);
    cr_expect_eq(a->draws, 1);
    cr_expect_eq(a->losses, 2);
    cr_expect_eq(a->points, 2.5);
    cr_expect_eq(a->score, 0.5);
    cr_expect_eq(b->wins, 2);
    cr_expect_eq(b->losses, 2);
    cr_expect_eq(b->points, 2.5);
    cr_expect_eq(a->fouls_total, 0);
    standings_free(st);
}

Test(standings, pair_figures_match_a_game_by_game_recomputation, .timeout = 10)
{
    check_pair(30, 40, 30);
    check_pair(60, 20, 20);
    check_pair(6, 2, 2);
    check_pair(10, 0, 5);
    check_pair(1, 98, 1);
    check_pair(20, 30, 50);
}

Test(standings, pair_figures_known_by_hand, .timeout = 10)
{
    struct elo_pair p;

    rating_elo_pair(30, 40, 30, &p); /* s = 0.5, var = 0.15 */
    expect_near(p.elo, 0, 1e-12, "elo");
    expect_near(p.error, 53.157979780, 1e-6, "error");
    expect_near(p.los, 0.5, 1e-15, "los");
    expect_near(p.draw_ratio, 0.4, 1e-15, "draws");

    rating_elo_pair(60, 20, 20, &p); /* s = 0.7, var = 0.16, dev = 0.04 */
    expect_near(p.elo, 147.190714118, 1e-6, "elo");
    expect_near(p.error, 66.013381220, 1e-6, "error");
    expect_near(p.los, 0.999996127892, 1e-9, "los");
    expect_near(p.draw_ratio, 0.2, 1e-15, "draws");

    rating_elo_pair(3, 0, 1, &p); /* s = 0.75: 400 log10(3) */
    expect_near(p.elo, 190.848501888, 1e-6, "elo");
    rating_elo_pair(1, 0, 3, &p);
    expect_near(p.elo, -190.848501888, 1e-6, "elo");
}

Test(standings, los_values, .timeout = 10)
{
    struct elo_pair p;

    rating_elo_pair(6, 2, 2, &p);
    expect_near(p.los, 0.921350396475, 1e-9, "6-2");
    rating_elo_pair(10, 7, 5, &p);
    expect_near(p.los, 0.901647198771, 1e-9, "10-5");
    rating_elo_pair(5, 0, 10, &p);
    expect_near(p.los, 1 - 0.901647198771, 1e-9, "5-10");
    rating_elo_pair(0, 4, 0, &p); /* no decisive game: no evidence either way */
    expect_near(p.los, 0.5, 0, "all drawn");
    expect_near(p.elo, 0, 0, "all drawn");
    expect_near(p.error, 0, 0, "all drawn");
}

Test(standings, pair_figures_at_the_edges_are_infinite_or_nan, .timeout = 10)
{
    struct elo_pair p;

    rating_elo_pair(5, 0, 0, &p);
    cr_expect(isinf(p.elo) && p.elo > 0);
    cr_expect(isinf(p.error));
    expect_near(p.los, 0.5 + 0.5 * erf(5 / sqrt(10.0)), 1e-12, "los");
    rating_elo_pair(0, 1, 4, &p);
    cr_expect(isinf(p.elo) == 0 && p.elo < 0);
    rating_elo_pair(0, 0, 4, &p);
    cr_expect(isinf(p.elo) && p.elo < 0);
    cr_expect(isinf(p.error));
    rating_elo_pair(9, 0, 1, &p); /* s + 1.96 dev > 1: unbounded above */
    cr_expect(isfinite(p.elo));
    cr_expect(isinf(p.error));
    rating_elo_pair(0, 0, 0, &p);
    cr_expect(isnan(p.elo) && isnan(p.error) && isnan(p.los) && isnan(p.draw_ratio));
}

/* Two bots are rated by the one fit, not by the pair formula of the console's
 * Elo line: mirrored, their difference a little short of the pair's Elo. */
Test(standings, two_bots_rated_by_the_one_fit_not_the_pair_formula, .timeout = 10)
{
    struct standings *st = fresh();
    struct elo_pair p;
    size_t n;

    standings_add_bot(st, "idle"); /* no games: NAN, and not a third rated bot */
    games(st, "a", "b", 6, 2, 2);
    rating_elo_pair(6, 2, 2, &p);
    const struct standings_row *rows = standings_rows(st, &n);
    const struct standings_row *a = row_of(rows, n, "a"), *b = row_of(rows, n, "b");
    expect_near(a->elo, -b->elo, 1e-9, "a against b");
    cr_expect(a->elo > 0.8 * p.elo / 2 && a->elo < p.elo / 2, "%g of %g", a->elo, p.elo / 2);
    expect_near(a->elo_hi - a->elo, b->elo - b->elo_lo, 1e-9, "mirrored intervals");
    const struct standings_row *idle = row_of(rows, n, "idle");
    cr_expect(isnan(idle->elo) && isnan(idle->score) && isnan(idle->mean_ms));
    cr_expect_eq(idle->games, 0);
    standings_free(st);
}

/* 5-0-0: the plain fit has no maximum; the prior gives two finite ratings,
 * mirrored (the posterior is symmetric under swapping the bots and negating). */
Test(standings, two_bots_all_won_get_finite_ratings_from_the_prior, .timeout = 10)
{
    struct standings *st = fresh();
    size_t n;

    games(st, "a", "b", 5, 0, 0);
    check_fit(st);
    const struct standings_row *rows = standings_rows(st, &n);
    cr_assert_str_eq(rows[0].name, "a");
    expect_near(rows[0].elo, -rows[1].elo, 1e-9, "a against b");
    cr_expect(rows[0].elo > 0 && isfinite(rows[0].elo_hi) && isfinite(rows[1].elo_lo));
    for (size_t k = 0; k < 2; k++)
        cr_expect(rows[k].prior);
    cr_expect_eq(rows[0].sweep, SWEEP_WON_ALL);
    cr_expect_eq(rows[1].sweep, SWEEP_LOST_ALL);
    standings_free(st);
}

/* Two bots that both scored: the same fit (no cutechess special case in the
 * table), not marked, a little short of the pair's own Elo (pulled to the mean). */
Test(standings, two_bots_that_both_scored_use_the_same_fit_unmarked, .timeout = 10)
{
    struct standings *st = fresh();
    size_t n;

    games(st, "a", "b", 4, 0, 1);
    check_fit(st);
    const struct standings_row *rows = standings_rows(st, &n);
    cr_expect_not(rows[0].prior || rows[1].prior);
    cr_expect_eq(rows[0].sweep, SWEEP_NONE);
    cr_expect(rows[0].elo > 0 && rows[0].elo < slow_elo(0.8) / 2, "%g", rows[0].elo);
    standings_free(st);
}

Test(standings, symmetric_cycle_rates_everyone_zero, .timeout = 10)
{
    struct standings *st = fresh();
    size_t n;

    games(st, "a", "b", 3, 0, 1);
    games(st, "b", "c", 3, 0, 1);
    games(st, "c", "a", 3, 0, 1);
    const struct standings_row *rows = standings_rows(st, &n);
    cr_assert_eq(n, 3);
    for (size_t k = 0; k < n; k++) {
        expect_near(rows[k].elo, 0, 1e-9, rows[k].name);
        expect_near(rows[k].elo_hi, rows[0].elo_hi, 1e-9, rows[k].name);
        expect_near(rows[k].elo_lo, -rows[k].elo_hi, 1e-9, rows[k].name);
        cr_expect(rows[k].elo_hi > 10 && isfinite(rows[k].elo_hi));
    }
    standings_free(st);
}

/* A gauntlet: the hub between the spokes it beat and lost to. */
Test(standings, gauntlet_is_the_fit_with_the_hub_between, .timeout = 10)
{
    struct standings *st = fresh();
    size_t n;

    games(st, "hub", "a", 6, 2, 2); /* s = 0.7 over 10 */
    games(st, "hub", "b", 3, 2, 5); /* s = 0.4 over 10 */
    check_fit(st);
    const struct standings_row *rows = standings_rows(st, &n);
    const struct standings_row *rh = row_of(rows, n, "hub"), *ra = row_of(rows, n, "a"),
                               *rb = row_of(rows, n, "b");
    cr_expect(rb->elo > rh->elo && rh->elo > ra->elo);
    standings_free(st);
}

/* Invert a small matrix by Gauss-Jordan with partial pivoting. */
static void invert(int m, double a[8][8], double inv[8][8])
{
    for (int i = 0; i < m; i++)
        for (int j = 0; j < m; j++)
            inv[i][j] = i == j;
    for (int c = 0; c < m; c++) {
        int p = c;
        for (int r = c + 1; r < m; r++)
            if (fabs(a[r][c]) > fabs(a[p][c]))
                p = r;
        for (int j = 0; j < m; j++) {
            double t = a[c][j];
            a[c][j] = a[p][j];
            a[p][j] = t;
            t = inv[c][j];
            inv[c][j] = inv[p][j];
            inv[p][j] = t;
        }
        double d = a[c][c];
        cr_assert(fabs(d) > 1e-12);
        for (int j = 0; j < m; j++) {
            a[c][j] /= d;
            inv[c][j] /= d;
        }
        for (int r = 0; r < m; r++)
            if (r != c) {
                double f = a[r][c];
                for (int j = 0; j < m; j++) {
                    a[r][j] -= f * a[c][j];
                    inv[r][j] -= f * inv[c][j];
                }
            }
    }
}

/* The shift c that puts the prior's pull in balance: the group's gradient
 * sums to D sum (1/2 - s(x + c)) = 0 at the fit, so sum s(x_i + c) = m / 2. */
static double shift_of(const struct standings_row *rows, size_t n)
{
    double lo = -50, hi = 50;
    for (int k = 0; k < 200; k++) {
        double mid = (lo + hi) / 2, sum = 0;
        for (size_t i = 0; i < n; i++)
            sum += 1 / (1 + exp(-(rows[i].elo / ELO_K + mid)));
        if (sum < n / 2.0)
            lo = mid;
        else
            hi = mid;
    }
    return (lo + hi) / 2;
}

/* Check the rows (one group, 2 to 8 bots) are the maximum of the likelihood
 * times the prior (RATING_PRIOR_DRAWS draws per bot against a virtual bot at
 * 0), shifted to mean 0, and that the intervals are 1.96 sqrt of the diagonal
 * of P H^-1 P, H the negative Hessian of the log-posterior, inverted here in
 * full by Gauss-Jordan, P = I - 11'/n the shift to mean 0. */
static void check_fit(struct standings *st)
{
    size_t n;
    const struct standings_row *rows = standings_rows(st, &n);
    double mean = 0, info[8][8] = {{0}}, cov[8][8], c = shift_of(rows, n);

    cr_assert(n >= 2 && n <= 8);
    for (size_t i = 0; i < n; i++) {
        double xi = rows[i].elo / ELO_K + c, s0 = 1 / (1 + exp(-xi));
        double grad = RATING_PRIOR_DRAWS * (0.5 - s0);
        info[i][i] = RATING_PRIOR_DRAWS * s0 * (1 - s0);
        mean += rows[i].elo;
        for (size_t j = 0; j < n; j++) {
            if (j == i)
                continue;
            int met = standings_games_between(st, i, j);
            double pts = standings_points_between(st, i, j);
            double pr = 1 / (1 + pow(10, (rows[j].elo - rows[i].elo) / 400));
            grad += pts - met * pr;
            info[i][j] = -met * pr * (1 - pr);
            info[i][i] += met * pr * (1 - pr);
        }
        expect_near(grad, 0, 1e-7, rows[i].name);
    }
    expect_near(mean, 0, 1e-7, "mean");
    invert((int)n, info, cov);
    double row[8] = {0}, all = 0;
    for (size_t a = 0; a < n; a++) {
        for (size_t b = 0; b < n; b++)
            row[a] += cov[a][b] / n;
        all += row[a] / n;
    }
    for (size_t a = 0; a < n; a++) {
        double half = Z95 * ELO_K * sqrt(cov[a][a] - 2 * row[a] + all);
        expect_near(rows[a].elo_hi - rows[a].elo, half, 1e-6 * half, rows[a].name);
        expect_near(rows[a].elo - rows[a].elo_lo, half, 1e-6 * half, rows[a].name);
    }
}

Test(standings, bradley_terry_is_the_likelihood_maximum, .timeout = 10)
{
    struct standings *st = fresh();

    games(st, "a", "b", 7, 3, 2);
    games(st, "a", "c", 4, 1, 4);
    games(st, "a", "d", 9, 0, 1);
    games(st, "b", "c", 2, 6, 3);
    games(st, "b", "d", 5, 2, 2);
    games(st, "c", "d", 1, 0, 0); /* thin and lopsided, still finite overall */
    check_fit(st);
    standings_free(st);
}

Test(standings, bradley_terry_on_three_bots_with_draws, .timeout = 10)
{
    struct standings *st = fresh();

    games(st, "x", "y", 1, 5, 0);
    games(st, "y", "z", 0, 3, 1);
    games(st, "z", "x", 2, 2, 0);
    check_fit(st);
    standings_free(st);
}

Test(standings, bradley_terry_fits_far_apart_bots, .timeout = 10)
{
    struct standings *st = fresh();

    games(st, "strong", "mid", 99, 0, 1);
    games(st, "mid", "weak", 99, 0, 1);
    games(st, "strong", "weak", 199, 0, 1);
    check_fit(st);
    size_t n;
    const struct standings_row *rows = standings_rows(st, &n);
    cr_expect(rows[0].elo - rows[2].elo > 1000);
    standings_free(st);
}

static void cycle(struct standings *st, int times)
{
    for (int k = 0; k < times; k++) {
        games(st, "a", "b", 3, 2, 1);
        games(st, "b", "c", 2, 1, 2);
        games(st, "c", "a", 1, 3, 2);
    }
}

/* Four times the games: the prior weighs a quarter as much, so the ratings
 * move a little and the intervals close to half (exactly half without it). */
Test(standings, intervals_nearly_halve_when_games_are_four_times_as_many, .timeout = 10)
{
    struct standings *one = fresh(), *four = fresh();
    size_t n1, n4;

    cycle(one, 1);
    cycle(four, 4);
    check_fit(one);
    check_fit(four);
    const struct standings_row *r1 = standings_rows(one, &n1), *r4 = standings_rows(four, &n4);
    cr_assert_eq(n1, 3);
    cr_assert_eq(n4, 3);
    for (size_t k = 0; k < 3; k++) {
        cr_expect_str_eq(r1[k].name, r4[k].name);
        cr_expect(fabs(r4[k].elo) >= fabs(r1[k].elo) - 1e-9, "%s", r1[k].name);
        double ratio = (r4[k].elo_hi - r4[k].elo_lo) / (r1[k].elo_hi - r1[k].elo_lo);
        cr_expect(ratio > 0.5 && ratio < 0.55, "%s: %g", r1[k].name, ratio);
    }
    standings_free(one);
    standings_free(four);
}

/* Without a maximum of the plain likelihood (top took every point, bottom
 * none), the one fit with its prior is still finite, ordered as the results,
 * and every row is marked. */
Test(standings, unbeaten_and_winless_bots_get_finite_ratings_from_the_prior, .timeout = 10)
{
    struct standings *st = fresh();
    size_t n;

    games(st, "top", "b", 2, 0, 0);
    games(st, "top", "c", 2, 0, 0);
    games(st, "top", "bottom", 1, 0, 0);
    games(st, "b", "c", 2, 0, 1);
    games(st, "b", "bottom", 1, 0, 0);
    games(st, "c", "bottom", 1, 0, 0);
    check_fit(st);
    const struct standings_row *rows = standings_rows(st, &n);
    const char *order[] = {"top", "b", "c", "bottom"};
    for (size_t k = 0; k < n; k++) {
        cr_expect_str_eq(rows[k].name, order[k]);
        cr_expect_eq(rows[k].rank, (int)k + 1);
        cr_expect(isfinite(rows[k].elo_lo) && isfinite(rows[k].elo_hi) &&
                      rows[k].elo_lo < rows[k].elo && rows[k].elo < rows[k].elo_hi,
                  "%s", rows[k].name);
        cr_expect(rows[k].prior && rows[k].group == 1);
    }
    cr_expect_eq(rows[0].sweep, SWEEP_WON_ALL);
    cr_expect_eq(rows[1].sweep, SWEEP_NONE);
    cr_expect_eq(rows[3].sweep, SWEEP_LOST_ALL);
    standings_free(st);
}
Test(standings, a_chain_of_wins_is_rated_in_its_order, .timeout = 10)
{
    struct standings *st = fresh();
    size_t n;

    games(st, "a", "b", 1, 0, 0);
    games(st, "b", "c", 1, 0, 0);
    check_fit(st);
    const struct standings_row *rows = standings_rows(st, &n);
    cr_expect_str_eq(rows[0].name, "a");
    cr_expect_str_eq(rows[2].name, "c");
    const struct standings_row *b = row_of(rows, n, "b");
    expect_near(b->elo, 0, 1e-9, "b, between two mirrored results");
    expect_near(rows[0].elo, -rows[2].elo, 1e-9, "a against c");
    cr_expect(isfinite(b->elo_lo) && isfinite(b->elo_hi));
    cr_expect_eq(b->sweep, SWEEP_NONE);
    standings_free(st);
}
Test(standings, groups_that_never_met_each_have_mean_zero, .timeout = 10)
{
    struct standings *st = fresh();
    size_t n, i = 99, j = 99;

    standings_add_bot(st, "idle");
    games(st, "a", "b", 2, 0, 1);
    cr_expect_eq(standings_groups(st, &i, &j), 1);
    games(st, "c", "d", 1, 0, 2);
    cr_expect_eq(standings_groups(st, &i, &j), 2);
    const struct standings_row *rows = standings_rows(st, &n);
    /* Each group alone, mirrored: c-d is a-b the other way round. */
    double d = row_of(rows, n, "a")->elo;
    cr_expect(d > 0 && d < slow_elo(2.0 / 3) / 2, "%g", d);
    expect_near(row_of(rows, n, "b")->elo, -d, 1e-6, "b");
    expect_near(row_of(rows, n, "c")->elo, -d, 1e-6, "c");
    expect_near(row_of(rows, n, "d")->elo, d, 1e-6, "d");
    cr_expect_eq(row_of(rows, n, "idle")->group, 0); /* no games, no group */
    cr_expect_eq(row_of(rows, n, "a")->group, 1);
    cr_expect_eq(row_of(rows, n, "d")->group, 2);
    cr_expect_eq(rows[i].group, 1);
    cr_expect_eq(rows[j].group, 2);
    standings_free(st);
}
/* Every pair met twice: equal points are an equal rating; b beat a. */
Test(standings, rating_tie_broken_by_head_to_head, .timeout = 10)
{
    struct standings *st = fresh();
    size_t n;

    games(st, "a", "b", 0, 1, 1);
    games(st, "a", "c", 2, 0, 0);
    games(st, "b", "c", 1, 0, 1); /* a 2.5, b 2.5, c 1 */
    const struct standings_row *rows = standings_rows(st, &n);
    cr_expect_str_eq(rows[0].name, "b");
    cr_expect_str_eq(rows[1].name, "a");
    cr_expect_str_eq(rows[2].name, "c");
    expect_near(rows[0].elo, rows[1].elo, 1e-9, "a and b");
    cr_expect_eq(rows[0].rank, 1);
    cr_expect_eq(rows[1].rank, 2);
    cr_expect_eq(rows[2].rank, 3);
    standings_free(st);
}
Test(standings, then_by_wins, .timeout = 10)
{
    struct standings *st = fresh();
    size_t n;

    standings_add_bot(st, "x");
    standings_add_bot(st, "b");
    games(st, "a", "b", 0, 1, 0);
    games(st, "a", "x", 1, 0, 1); /* a 1.5 with a win */
    games(st, "b", "x", 0, 2, 0); /* b 1.5 with none; x 2 */
    const struct standings_row *rows = standings_rows(st, &n);
    cr_expect_str_eq(rows[0].name, "x");
    cr_expect_str_eq(rows[1].name, "a");
    cr_expect_str_eq(rows[2].name, "b");
    cr_expect_eq(rows[1].rank, 2);
    cr_expect_eq(rows[2].rank, 3);
    standings_free(st);
}

Test(standings, then_by_fewer_fouls, .timeout = 10)
{
    struct standings *st = fresh();
    size_t n;

    games(st, "a", "b", 0, 1, 0);
    games(st, "a", "x", 1, 0, 0);
    game(st, "a", "x", SIDE_SECOND, FOUL_TIMEOUT, SIDE_FIRST);
    games(st, "b", "x", 1, 0, 1);
    const struct standings_row *rows = standings_rows(st, &n);
    cr_expect_str_eq(rows[0].name, "x");
    cr_expect_str_eq(rows[1].name, "b");
    cr_expect_str_eq(rows[2].name, "a");
    cr_expect_eq(rows[2].fouls_total, 1);
    cr_expect_eq(rows[2].rank, 3);
    standings_free(st);
}

Test(standings, then_by_order_given_with_a_shared_rank, .timeout = 10)
{
    struct standings *st = fresh();
    size_t n;

    standings_add_bot(st, "d");
    standings_add_bot(st, "c");
    standings_add_bot(st, "b");
    standings_add_bot(st, "a");
    games(st, "a", "b", 1, 0, 0);
    games(st, "a", "c", 1, 0, 0);
    games(st, "a", "d", 1, 0, 0);
    games(st, "b", "c", 0, 1, 0);
    games(st, "b", "d", 1, 0, 0);
    games(st, "c", "d", 1, 0, 0);
    const struct standings_row *rows = standings_rows(st, &n);
    const char *names[] = {"a", "c", "b", "d"};
    const int ranks[] = {1, 2, 2, 4};
    cr_assert_eq(n, 4);
    for (size_t k = 0; k < n; k++) {
        cr_expect_str_eq(rows[k].name, names[k]);
        cr_expect_eq(rows[k].rank, ranks[k], "%s", names[k]);
    }
    standings_free(st);
}

Test(standings, crosstable_follows_the_row_order, .timeout = 10)
{
    struct standings *st = fresh();
    size_t n;

    games(st, "weak", "strong", 0, 1, 2);
    games(st, "strong", "mid", 0, 2, 0);
    const struct standings_row *rows = standings_rows(st, &n);
    cr_assert_str_eq(rows[0].name, "strong");
    cr_assert_str_eq(rows[1].name, "mid");
    cr_assert_str_eq(rows[2].name, "weak");
    cr_expect_eq(standings_points_between(st, 0, 2), 2.5);
    cr_expect_eq(standings_points_between(st, 2, 0), 0.5);
    cr_expect_eq(standings_games_between(st, 0, 2), 3);
    cr_expect_eq(standings_games_between(st, 2, 0), 3);
    cr_expect_eq(standings_points_between(st, 0, 1), 1.0);
    cr_expect_eq(standings_points_between(st, 1, 0), 1.0);
    cr_expect_eq(standings_games_between(st, 0, 1), 2);
    cr_expect_eq(standings_games_between(st, 1, 2), 0);
    cr_expect_eq(standings_games_between(st, 1, 1), 0);
    cr_expect(isnan(standings_points_between(st, 3, 0)));
    cr_expect_eq(standings_games_between(st, 0, 3), 0);
    standings_free(st);
}

Test(standings, aborted_games_are_counted_nowhere, .timeout = 10)
{
    struct standings *st = fresh();
    struct game_summary g = {
        .bots = {"a", "b"},
        .winner = SIDE_NONE,
        .aborted = true,
        .foul = FOUL_CRASHED,
        .foul_side = SIDE_FIRST,
        .moves = {4, 4},
        .ms = {100, 100},
        .max_ms = {50, 50},
    };
    size_t n;

    cr_assert_eq(standings_add_game(st, &g), 0);
    const struct standings_row *rows = standings_rows(st, &n);
    cr_assert_eq(n, 2);
    for (size_t k = 0; k < n; k++) {
        cr_expect_eq(rows[k].games, 0);
        cr_expect_eq(rows[k].points, 0);
        cr_expect_eq(rows[k].fouls_total, 0);
        cr_expect_eq(rows[k].max_ms, 0);
        cr_expect(isnan(rows[k].elo) && isnan(rows[k].score) && isnan(rows[k].mean_ms));
        cr_expect_eq(rows[k].rank, 1);
    }
    cr_expect_eq(standings_games_between(st, 0, 1), 0);
    standings_free(st);
}

Test(standings, fouls_count_against_the_offender_only, .timeout = 10)
{
    struct standings *st = fresh();
    size_t n;

    game(st, "a", "b", SIDE_FIRST, FOUL_TIMEOUT, SIDE_SECOND);
    game(st, "a", "b", SIDE_FIRST, FOUL_OCCUPIED, SIDE_SECOND);
    game(st, "b", "a", SIDE_FIRST, FOUL_TIMEOUT, SIDE_SECOND);
    game(st, "b", "a", SIDE_SECOND, FOUL_NONE, SIDE_NONE);
    const struct standings_row *rows = standings_rows(st, &n);
    const struct standings_row *a = row_of(rows, n, "a"), *b = row_of(rows, n, "b");
    cr_expect_eq(a->fouls_total, 1);
    cr_expect_eq(a->fouls[FOUL_TIMEOUT], 1);
    cr_expect_eq(b->fouls_total, 2);
    cr_expect_eq(b->fouls[FOUL_TIMEOUT], 1);
    cr_expect_eq(b->fouls[FOUL_OCCUPIED], 1);
    cr_expect_eq(b->fouls[FOUL_CRASHED], 0);
    cr_expect_eq(a->wins, 3);
    standings_free(st);
}

Test(standings, move_times_are_per_move_over_all_games, .timeout = 10)
{
    struct standings *st = fresh();
    struct game_summary g1 = {.bots = {"a", "b"},
                              .winner = SIDE_FIRST,
                              .moves = {3, 2},
                              .ms = {30, 10},
                              .max_ms = {20, 6}};
    struct game_summary g2 = {.bots = {"b", "a"},
                              .winner = SIDE_NONE,
                              .moves = {5, 5},
                              .ms = {50, 20},
                              .max_ms = {40, 9}};
    size_t n;

    cr_assert_eq(standings_add_game(st, &g1), 0);
    cr_assert_eq(standings_add_game(st, &g2), 0);
    const struct standings_row *rows = standings_rows(st, &n);
    const struct standings_row *a = row_of(rows, n, "a"), *b = row_of(rows, n, "b");
    expect_near(a->mean_ms, 50.0 / 8, 1e-12, "a mean");
    expect_near(a->max_ms, 20, 0, "a max");
    expect_near(b->mean_ms, 60.0 / 7, 1e-12, "b mean");
    expect_near(b->max_ms, 40, 0, "b max");
    standings_free(st);
}

Test(standings, bad_summaries_are_refused, .timeout = 10)
{
    struct standings *st = fresh();
    struct game_summary g = {.bots = {"a", NULL}, .winner = SIDE_FIRST};
    size_t n;

    cr_expect_eq(standings_add_game(st, &g), -EINVAL);
    g.bots[1] = "b";
    g.winner = 3;
    cr_expect_eq(standings_add_game(st, &g), -EINVAL);
    g.winner = SIDE_FIRST;
    g.foul = FOUL_COUNT;
    cr_expect_eq(standings_add_game(st, &g), -EINVAL);
    g.foul = FOUL_TIMEOUT;
    g.foul_side = SIDE_NONE;
    cr_expect_eq(standings_add_game(st, &g), -EINVAL);
    cr_expect_eq(standings_add_bot(st, NULL), -EINVAL);
    standings_rows(st, &n);
    cr_expect_eq(n, 0);
    standings_free(st);
    standings_free(NULL);
}

Test(standings, a_bot_against_itself_stays_out_of_pairs, .timeout = 10)
{
    struct standings *st = fresh();
    size_t n;

    game(st, "a", "a", SIDE_FIRST, FOUL_NONE, SIDE_NONE);
    games(st, "a", "b", 1, 0, 1);
    const struct standings_row *rows = standings_rows(st, &n);
    const struct standings_row *a = row_of(rows, n, "a");
    cr_expect_eq(a->games, 4);
    cr_expect_eq(a->wins, 2);
    cr_expect_eq(a->losses, 2);
    size_t i = index_of(rows, n, "a");
    cr_expect_eq(standings_games_between(st, i, i), 0);
    expect_near(a->elo, 0, 1e-9, "a"); /* two bots: the 1-1 pair */
    standings_free(st);
}

Test(standings, many_bots_keep_their_games_as_the_table_grows, .timeout = 10)
{
    struct standings *st = fresh();
    char names[20][8];
    size_t n;

    for (int i = 0; i < 20; i++)
        snprintf(names[i], sizeof(names[i]), "bot%02d", i);
    for (int i = 0; i < 20; i++) /* bot i beats every j > i once, and draws once */
        for (int j = i + 1; j < 20; j++)
            games(st, names[i], names[j], 1, 1, 0);
    const struct standings_row *rows = standings_rows(st, &n);
    cr_assert_eq(n, 20);
    for (size_t k = 0; k < n; k++) {
        cr_expect_str_eq(rows[k].name, names[k]);
        cr_expect_eq(rows[k].rank, (int)k + 1);
        cr_expect_eq(rows[k].games, 38);
        cr_expect_eq(rows[k].points, (19 - (double)k) * 1.5 + k * 0.5);
        for (size_t l = 0; l < n; l++)
            cr_expect_eq(standings_games_between(st, k, l), k == l ? 0 : 2);
        if (k > 0)
            cr_expect(rows[k].elo < rows[k - 1].elo);
    }
    double mean = 0;
    for (size_t k = 0; k < n; k++)
        mean += rows[k].elo;
    expect_near(mean, 0, 1e-6, "mean");
    standings_free(st);
}

/* The connect-four round robin: top beats everyone, second beats the
 * rest, and the three others beat each other (c 3-1 and 4-0: seven wins). */
Test(standings, nested_sweep_rates_every_bot_finite_in_the_order_of_its_results, .timeout = 10)
{
    struct standings *st = fresh();
    size_t n;
    const char *bots[] = {"top", "second", "c", "d", "e"};

    for (int i = 1; i < 5; i++)
        games(st, "top", bots[i], 4, 0, 0);
    for (int i = 2; i < 5; i++)
        games(st, "second", bots[i], 4, 0, 0);
    games(st, "c", "d", 3, 0, 1);
    games(st, "c", "e", 4, 0, 0);
    games(st, "d", "e", 3, 0, 1);
    check_fit(st);
    const struct standings_row *rows = standings_rows(st, &n);
    for (size_t k = 0; k < n; k++) {
        cr_expect_str_eq(rows[k].name, bots[k]);
        cr_expect_eq(rows[k].rank, (int)k + 1);
        cr_expect(isfinite(rows[k].elo_lo) && isfinite(rows[k].elo_hi), "%s", bots[k]);
        cr_expect(k == 0 || rows[k].elo < rows[k - 1].elo, "%s", bots[k]);
    }
    cr_expect_eq(rows[0].sweep, SWEEP_WON_ALL);
    for (size_t k = 1; k < n; k++)
        cr_expect_eq(rows[k].sweep, SWEEP_NONE, "%s won a game", bots[k]);
    standings_free(st);
}

/* The bot that plays every game has the most points; the best bot has not. */
Test(standings, gauntlet_ranks_by_rating_not_by_points, .timeout = 10)
{
    struct standings *st = fresh();
    size_t n;

    /* All scored against each other: the plain fit. */
    games(st, "hub", "best", 1, 2, 7);
    games(st, "hub", "x", 7, 2, 1);
    games(st, "hub", "y", 8, 1, 1);
    check_fit(st);
    const struct standings_row *rows = standings_rows(st, &n);
    cr_expect_str_eq(rows[0].name, "best");
    cr_expect_str_eq(rows[1].name, "hub");
    cr_expect_gt(rows[1].points, rows[0].points);
    standings_free(st);

    /* The issue's: best beat the hub 9-1-0 (95%), the hub swept the rest. */
    st = fresh();
    games(st, "hub", "best", 0, 1, 9);
    games(st, "hub", "w1", 10, 0, 0);
    games(st, "hub", "w2", 10, 0, 0);
    games(st, "hub", "w3", 10, 0, 0);
    check_fit(st);
    rows = standings_rows(st, &n);
    cr_expect_str_eq(rows[0].name, "best");
    cr_expect_eq(rows[0].rank, 1);
    cr_expect_str_eq(rows[1].name, "hub");
    cr_expect_eq(rows[1].rank, 2);
    for (size_t k = 0; k < n; k++)
        cr_expect(isfinite(rows[k].elo) && isfinite(rows[k].elo_hi), "%s", rows[k].name);
    cr_expect_eq(rows[2].rank, 3); /* w1, w2, w3: the same results, one rank */
    cr_expect_eq(rows[4].rank, 3);
    cr_expect_eq(rows[4].sweep, SWEEP_LOST_ALL);
    standings_free(st);
}

/* What standings_print writes for st, in buf. */
static void printed(struct standings *st, char *buf, size_t len)
{
    FILE *f = fmemopen(buf, len, "w");
    cr_assert_not_null(f);
    standings_print(f, st);
    fclose(f);
}

/* A 100% score: the pair's own Elo is unbounded, and the line says so under
 * a table of finite ratings; the prior's line covers every row. */
Test(standings, the_elo_line_says_what_an_unbounded_difference_means, .timeout = 10)
{
    struct standings *st = fresh();
    char out[4096];

    games(st, "a", "b", 5, 0, 0);
    printed(st, out, sizeof(out));
    cr_expect(strstr(out, "Elo difference: inf +/- inf, LOS: ") &&
                  strstr(out, " (a 100% score: the pair's own Elo is unbounded; the table rates "
                              "with the prior)\n"),
              "%s", out);
    cr_expect(strstr(out, "No finite rating from the games alone for any row"), "%s", out);
    cr_expect(!strstr(out, "Group"), "%s", out);
    standings_free(st);

    st = fresh();
    games(st, "a", "b", 9, 0, 1); /* finite, but its interval reaches 100% */
    printed(st, out, sizeof(out));
    cr_expect(strstr(out, "(its interval reaches a 0% or 100% score: unbounded)\n"), "%s", out);
    cr_expect(!strstr(out, "No finite rating"), "%s", out);
    standings_free(st);
}

/* Two groups no game links: a Group column, a line saying what it means, and
 * the prior's line naming the rows of the group that needs it. */
Test(standings, unlinked_groups_are_said_per_row, .timeout = 10)
{
    struct standings *st = fresh();
    char out[4096];
    size_t n;

    games(st, "a", "b", 2, 0, 0);
    games(st, "c", "d", 1, 0, 1);
    printed(st, out, sizeof(out));
    cr_expect(strstr(out, "  Group\n"), "%s", out);
    const struct standings_row *rows = standings_rows(st, &n);
    for (size_t k = 0; k < n; k++) {
        char tail[16], key[16];
        snprintf(tail, sizeof(tail), "  %5d\n", rows[k].group);
        snprintf(key, sizeof(key), "  %-4s ", rows[k].name); /* its row, names 4 wide */
        const char *line = strstr(out, key);
        cr_assert_not_null(line);
        cr_expect(strncmp(strchr(line, '\n') - 7, tail, 8) == 0, "%s: %s", rows[k].name, out);
    }
    cr_expect(strstr(out, "2 groups no games link"), "%s", out);
    cr_expect(strstr(out, "No finite rating from the games alone for 'a', 'b' ("), "%s", out);
    standings_free(st);
}

/* The rows without intervals: the same ratings and order, intervals NAN. */
Test(standings, rows_without_intervals_rate_and_rank_the_same, .timeout = 10)
{
    struct standings *st = fresh();
    size_t n, m;
    double elo[8];
    char names[8][8];

    cycle(st, 2);
    games(st, "a", "d", 3, 0, 0);
    const struct standings_row *rows = standings_rows(st, &n);
    cr_assert_leq(n, 8);
    for (size_t k = 0; k < n; k++) {
        elo[k] = rows[k].elo;
        snprintf(names[k], sizeof(names[k]), "%s", rows[k].name);
    }
    rows = standings_rows_elo(st, &m);
    cr_assert_eq(m, n);
    for (size_t k = 0; k < n; k++) {
        cr_expect_str_eq(rows[k].name, names[k]);
        expect_near(rows[k].elo, elo[k], 1e-6, names[k]);
        cr_expect(isnan(rows[k].elo_lo) && isnan(rows[k].elo_hi), "%s", names[k]);
    }
    standings_free(st);
}
