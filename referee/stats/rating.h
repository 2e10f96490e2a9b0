/* rating.h: ratings from game results, in logistic Elo: the two-bot Elo
 * difference as cutechess-cli computes it, and one Bradley-Terry fit with a
 * weak prior (maximum a posteriori) for every field. Pure: no I/O. */
#ifndef REFEREE_RATING_H
#define REFEREE_RATING_H

#include <stdbool.h>
#include <stddef.h>

/* Two-bot figures, as cutechess-cli prints them. */
struct elo_pair {
    double elo;        /* Elo difference, from the score s = (W + D/2) / N */
    double error;      /* half width of its 95% interval */
    double los;        /* likelihood of superiority, 0..1 */
    double draw_ratio; /* D / N */
};

/* Compute the figures of a bot with w wins, d draws, l losses against another.
 * Infinite or undefined values (a 100% score, no games) come out as the IEEE
 * values: callers print them as "inf" or "nan". Unlike cutechess-cli, an
 * interval that reaches a 0% or 100% score (a 0% or 100% score included) makes
 * the error INFINITY rather than NAN, and the LOS of games all drawn is 0.5. */
void rating_elo_pair(int w, int d, int l, struct elo_pair *out);

/* The Elo difference that a score p (0..1) means; +-INFINITY at 1 and 0. */
double rating_elo_of_score(double p);

/* Issue 37's one prior, shared by the fit and by matchmaking's covariance:
 * every bot plays RATING_PRIOR_DRAWS virtual draws against a virtual
 * opponent held at the field's mean (rating 0, in nats before centring).
 *
 * Why 2: it is BayesElo's strength per player (its default prior, 2 virtual
 * draws a player, spread there over the player's opponents), here against one
 * opponent at the mean, so that a 30-bot field still adds 2 draws per bot, not
 * the 29 of one draw per pair. Measured by scripts/rating-check --tables
 * (results/README.md, "Ratings in every shape"): with 2, every table stays
 * within 12 Elo of BayesElo's convention but a lone 5-0 (35), and within 3.5
 * Elo of the plain maximum likelihood on a rich field (10 bots, 100 games a
 * pair); with 1, sweeps stray up to 137 Elo from BayesElo's figures for 1.8
 * Elo closer to the plain fit on rich data. */
#define RATING_PRIOR_DRAWS 2.0

/* The information (nats^-2) the prior adds to a bot rated x nats: the second
 * derivative of -RATING_PRIOR_DRAWS * (log s(x) + log s(-x)) / 2, s the logistic. */
static inline double rating_prior_curvature(double x)
{
    double p = 1.0 / (1.0 + __builtin_exp(-x));
    return RATING_PRIOR_DRAWS * p * (1.0 - p);
}

/* Elo: the most the prior may move a rating from the plain maximum likelihood
 * on a rich field (10 bots 100 Elo apart, 100 games a pair), asserted by
 * tests/test_rating.c; measured: 3.5. */
#define RATING_RICH_TOLERANCE 5.0

/* A bot's rating and its 95% interval. */
struct rating {
    double elo, elo_lo, elo_hi;
    int group;  /* 1, 2...: the group of bots linked to it by games; 0 without games */
    bool prior; /* its group's games alone have no finite maximum likelihood (a bot,
                 * or a circle of bots, won or lost every game against the rest):
                 * how far apart its bots are is the prior's as much as the games' */
};

/* A pair of bots that met, as the fit sees it (rating.c). */
struct rating_edge {
    unsigned a, b;        /* bots, by their index in the group being fitted */
    double games, points; /* games between them, points a scored */
    double w;             /* their information at the current ratings */
};

/* Scratch of rating_fit for up to cap bots, allocated once, so that a fit
 * never fails, and the last fit's ratings, from which the next one starts. */
struct rating_work {
    size_t cap;
    int *state;
    size_t *member, *queue;
    double *vec, *mat;
    struct rating_edge *edge; /* cap * (cap - 1) / 2 */
    double *last;             /* the last fit's ratings (nats, not centred), by bot */
    size_t last_n;            /* bots of the last fit; 0: start from 0 */
};

/* Allocate w for cap bots: about 24 cap^2 bytes (the pairs' list and a cap x
 * cap matrix: 24 MB at 1,000 bots). Returns 0 or -ENOMEM (w is then
 * released). */
int rating_work_init(struct rating_work *w, size_t cap);

/* Free w; safe twice and on a zeroed struct. */
void rating_work_release(struct rating_work *w);

/* Rate n bots (n <= cap) from their results against each other: wins[i * cap
 * + j] games bot i won against bot j, draws[i * cap + j] (symmetric) games
 * drawn; out[i] gets bot i's rating, finite for every bot with a game. A bot
 * without games is NAN, group 0.
 *
 * One method for every field: a Bradley-Terry fit (a draw is half a win to
 * each side) at the maximum of the likelihood times the prior above
 * (RATING_PRIOR_DRAWS virtual draws per bot against a virtual opponent at 0),
 * which exists, is unique and is finite for every field. Bots linked by games
 * (directly or through others) form a group, numbered from 1 in the order of
 * their first bot; each group's ratings are then shifted to mean 0, so ratings
 * of different groups are on unrelated scales. The 95% interval of a bot is
 * +-1.96 sqrt(C_ii) Elo, C = P H^-1 P the covariance of the ratings shown,
 * H the Hessian of the negative log-posterior at the fit (the games' weighted
 * Laplacian plus rating_prior_curvature on the diagonal, matchmaking's
 * information) and P = I - 11'/m the shift to mean 0 (without P, the prior's
 * loose hold on the mean would keep every interval above +-341 Elo for two
 * bots, +-152 for ten, however many the games).
 *
 * The fit starts from w's last one when the first w->last_n bots are the same
 * bots (callers only ever add bots); the answer is the same either way (the
 * posterior is strictly concave), to 1e-6 Elo (tests/test_rating.c). Cost, m bots in a group, e
 * pairs that met: a few Newton steps, each O(m^3 / 3) (a Cholesky factor) up
 * to RATING_DENSE_MAX bots, else conjugate gradients over the e pairs,
 * O(e) a product; then the intervals, one Cholesky factor and the diagonal of
 * the inverse, O(m^3 / 2). */
void rating_fit(size_t n, size_t cap, const int *wins, const int *draws, struct rating_work *w,
                struct rating *out);

/* The same ratings as rating_fit, without intervals (elo_lo, elo_hi NAN): the
 * Newton steps only, O(e) a conjugate-gradient product past RATING_DENSE_MAX
 * bots, no O(m^3) work there; for callers that need only the ratings. */
void rating_fit_elo(size_t n, size_t cap, const int *wins, const int *draws, struct rating_work *w,
                    struct rating *out);

/* Groups of more bots than this are solved by conjugate gradients. */
#define RATING_DENSE_MAX 96

#endif
