/* rating.h: ratings from game results, in logistic Elo: the two-bot Elo
 * difference as cutechess-cli computes it, and a Bradley-Terry maximum
 * likelihood fit for any number of bots. Pure: no I/O. */
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

/* Virtual draws between each pair of bots that met, in a group whose plain
 * fit has no finite maximum (see rating_fit). */
#define RATING_PRIOR 1.0

/* Issue 37's one prior, shared by the fit and by matchmaking's covariance:
 * every bot plays RATING_PRIOR_DRAWS virtual draws against a virtual
 * opponent held at the field's mean (rating 0, in nats before centring). */
#define RATING_PRIOR_DRAWS 2.0

/* The information (nats^-2) the prior adds to a bot rated x nats: the second
 * derivative of -RATING_PRIOR_DRAWS * (log s(x) + log s(-x)) / 2, s the logistic. */
static inline double rating_prior_curvature(double x)
{
    double p = 1.0 / (1.0 + __builtin_exp(-x));
    return RATING_PRIOR_DRAWS * p * (1.0 - p);
}

/* A bot's rating and its 95% interval. */
struct rating {
    double elo, elo_lo, elo_hi;
    int group;  /* 1, 2...: the group of bots linked to it by games; 0 without games */
    bool prior; /* rated with RATING_PRIOR virtual draws */
};

/* Scratch of rating_fit for up to cap bots, allocated once, so that a fit
 * never fails. */
struct rating_work {
    int *state;
    size_t *member;
    double *vec, *mat;
    unsigned char *reach;
};

/* Allocate w for cap bots. Returns 0 or -ENOMEM (w is then released). */
int rating_work_init(struct rating_work *w, size_t cap);

/* Free w; safe twice and on a zeroed struct. */
void rating_work_release(struct rating_work *w);

/* Rate n bots (n <= cap) from their results against each other: wins[i * cap
 * + j] games bot i won against bot j, draws[i * cap + j] (symmetric) games
 * drawn; out[i] gets bot i's rating, finite for every bot with a game. A bot
 * without games is NAN, group 0.
 *
 * Bots linked by games (directly or through others) form a group, numbered
 * from 1 in the order of their first bot; each group is fitted on its own with
 * mean 0, so ratings of different groups are on unrelated scales. Within a
 * group: with two bots (and no other bot with games), each gets half the
 * cutechess-cli Elo difference, +-, with half its error as the 95% interval,
 * unless that interval reaches a 0% or 100% score (rating_elo_pair's error
 * INFINITY: few games, or a perfect score). Otherwise a
 * Bradley-Terry fit (a draw is half a win to each side) with mean 0 and 95%
 * intervals from the observed Fisher information under the mean-zero
 * constraint: the maximum likelihood fit when every bot of the group reaches
 * every other through points scored (it then exists and is unique); else,
 * where a bot or a circle of bots won or lost all its games against the rest
 * and the likelihood has no maximum, the maximum a posteriori fit with
 * RATING_PRIOR virtual draws added to every pair of the group that met
 * (prior = true for each of its bots). */
void rating_fit(size_t n, size_t cap, const int *wins, const int *draws, struct rating_work *w,
                struct rating *out);

#endif
