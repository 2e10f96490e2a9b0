/* fisher.h: how closely a league's games pin its ratings down: the covariance
 * of Bradley-Terry ratings that the games allow (the inverse of their Fisher
 * information under the mean-zero constraint, as rating.c's intervals), and
 * what two more games would take off a variance. Pure, no I/O. */
#ifndef REFEREE_FISHER_H
#define REFEREE_FISHER_H

/* Covariance, in Elo^2, of the ratings of n entries rated elo[] (NAN as 0)
 * that met[i * n + j] games between i and j allow, into cov (n * n, the
 * caller's). Over the m entries with a game, whose mean rating is fixed:
 * (I + 1/m + FISHER_RIDGE)^-1 less its share on the mean, where I is the
 * observed information (log-odds units) and the ridge, a hundredth of a game
 * against a fixed rating, leaves groups of entries that no game links merely
 * very uncertain rather than the matrix singular. An entry without games has
 * variance FISHER_UNKNOWN and covariance 0. Returns 0, or -ENOMEM. */
int fisher_covariance(int n, const long *met, const double *elo, double *cov);

#define FISHER_RIDGE   0.0025
#define FISHER_UNKNOWN 1e8 /* Elo^2: 10,000 Elo each way */

/* Two entries that may meet, a and b, rated elo_a and elo_b. */
struct fisher_meet {
    int a, b;
    double elo_a, elo_b;
};

/* The variance, Elo^2, that two more games of meet m take off entry x's,
 * given cov (n x n) of fisher_covariance: the rank-one update of the
 * covariance by the information of those games. */
double fisher_gain(int n, const double *cov, const struct fisher_meet *m, int x);

/* The same for many x at one pair, reading rows: tcov is cov transposed
 * (tcov[i * n + j] = cov[j * n + i]; borrowed, as cov), so that the values
 * read are those fisher_gain reads. Set up by fisher_pair_init. */
struct fisher_pair {
    double w, q;           /* the two games' information; the variance of a - b */
    const double *ta, *tb; /* rows a and b of tcov */
};

void fisher_pair_init(struct fisher_pair *p, int n, const double *cov, const double *tcov,
                      const struct fisher_meet *m);

/* What fisher_gain(n, cov, m, x) gives, for p's pair. */
static inline double fisher_pair_gain(const struct fisher_pair *p, int x)
{
    double u = p->ta[x] - p->tb[x];
    return p->w * u * u / (1.0 + p->w * p->q);
}

#endif
