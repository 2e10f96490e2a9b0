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

/* One pair a and b of meet m, set up once to ask, for many entries x, the
 * variance, Elo^2, that two more games of m take off x's, given cov (n x n)
 * of fisher_covariance: the rank-one update of the covariance by the
 * information of those games. Rows are read rather than columns: tcov is cov
 * transposed (tcov[i * n + j] = cov[j * n + i]; borrowed, as cov, for as long
 * as p is used). */
struct fisher_pair {
    double w, q;           /* the two games' information; the variance of a - b */
    const double *ta, *tb; /* rows a and b of tcov */
};

/* Set p up for meet m (fisher_pair above). */
void fisher_pair_init(struct fisher_pair *p, int n, const double *cov, const double *tcov,
                      const struct fisher_meet *m);

/* The variance, Elo^2, that two more games of p's pair take off entry x's:
 * w u^2 / (1 + w q), u = cov[x][a] - cov[x][b]. */
static inline double fisher_pair_gain(const struct fisher_pair *p, int x)
{
    double u = p->ta[x] - p->tb[x];
    return p->w * u * u / (1.0 + p->w * p->q);
}

#endif
