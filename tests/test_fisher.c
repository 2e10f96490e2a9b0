/* test_fisher.c: the covariance of ratings that a league's games allow
 * (fisher.c), by known answers: two entries, and three against rating.c's own
 * intervals; and what two more games take off a variance. */
#include "fisher.h"
#include "rating.h"

#include <criterion/criterion.h>
#include <math.h>

#define ELO (400.0 / 2.302585092994046)

/* What two more games of m take off x's variance, through the functions the
 * league's matchmaking runs (fisher_pair_init, fisher_pair_gain). */
static double gain_of(int n, const double *cov, const struct fisher_meet *m, int x)
{
    double tcov[9];
    cr_assert(n * n <= 9);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            tcov[i * n + j] = cov[j * n + i];
    struct fisher_pair p;
    fisher_pair_init(&p, n, cov, tcov, m);
    return fisher_pair_gain(&p, x);
}

Test(fisher, two_equal_entries_after_100_games_have_a_variance_of_one_hundredth, .timeout = 10)
{
    /* The difference d has information 100/4, so variance 4/100; each rating,
     * d/2 and -d/2 under the mean-zero constraint, a quarter of that. */
    long met[4] = {0, 100, 100, 0};
    double elo[2] = {0, 0}, cov[4];
    cr_assert_eq(fisher_covariance(2, met, elo, cov), 0);
    cr_expect_float_eq(cov[0], 0.01 * ELO * ELO, 0.01 * ELO * ELO * 1e-3, "%g", cov[0]);
    cr_expect_float_eq(cov[1], -0.01 * ELO * ELO, 0.01 * ELO * ELO * 1e-3, "%g", cov[1]);
    /* Two more games: 1/100 - 1/102. */
    double gain = gain_of(2, cov, &(struct fisher_meet){0, 1, 0, 0}, 0);
    cr_expect_float_eq(gain, (0.01 - 1.0 / 102) * ELO * ELO, 1e-3, "%g", gain);
}

Test(fisher, three_entries_agree_with_the_intervals_of_the_rating_fit, .timeout = 10)
{
    /* A round robin of 20 games a pairing, each pair 8 wins each and 4 draws,
     * then 5 more wins of 0 over 2: unequal ratings. */
    int wins[9] = {0, 8, 13, 8, 0, 8, 8, 8, 0}, draws[9] = {0, 4, 4, 4, 0, 4, 4, 4, 0};
    long met[9] = {0, 20, 25, 20, 0, 20, 25, 20, 0};
    struct rating_work w = {0};
    struct rating r[3];
    cr_assert_eq(rating_work_init(&w, 3), 0);
    rating_fit(3, 3, wins, draws, &w, r);
    rating_work_release(&w);
    double elo[3] = {r[0].elo, r[1].elo, r[2].elo}, cov[9];
    cr_assert_eq(fisher_covariance(3, met, elo, cov), 0);
    /* rating.c's intervals carry rating.h's prior (2 virtual draws a bot
     * against the mean: here 2 against 40 games, 1.5% on a margin); fisher.c's
     * covariance does not yet, so 2.5%, not 0.5%, until it does. */
    for (int i = 0; i < 3; i++) {
        double margin = (r[i].elo_hi - r[i].elo_lo) / 2, mine = 1.959964 * sqrt(cov[i * 3 + i]);
        cr_expect(fabs(mine - margin) < margin * 0.025, "entry %d: %.3f, the fit %.3f", i, mine,
                  margin);
    }
}

Test(fisher, entries_no_game_links_are_very_uncertain_not_singular, .timeout = 10)
{
    long met[9] = {0, 10, 0, 10, 0, 0, 0, 0, 0};
    double elo[3] = {10, -10, NAN}, cov[9];
    cr_assert_eq(fisher_covariance(3, met, elo, cov), 0);
    cr_expect(isfinite(cov[8]) && sqrt(cov[8]) > 1000, "sd of the lone entry %g", sqrt(cov[8]));
    cr_expect(sqrt(cov[0]) < 200, "sd of a linked entry %g", sqrt(cov[0]));
    /* Two games with the lone entry take much off its variance. */
    cr_expect(gain_of(3, cov, &(struct fisher_meet){0, 2, 10, 0}, 2) > cov[8] / 2);
}
