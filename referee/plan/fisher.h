/* fisher.h: a league's ratings and how closely its games pin them down, kept
 * as the games come: the ratings of the fit with rating.h's one prior, their
 * covariance, and what two more games would take off a variance. Pure, no I/O.
 *
 * Ratings x are in nats, not centred. The covariance is C = H^-1, H the
 * Hessian of the negative log-posterior: the games' weighted Laplacian (n_ij
 * p_ij (1 - p_ij) off the diagonal, negated) plus diag(rating_prior_curvature(
 * x_i)); the prior makes H positive definite, so no mean-zero constraint. */
#ifndef REFEREE_FISHER_H
#define REFEREE_FISHER_H

#define FISHER_STEP_MAX  1.0  /* nats: the largest change of a rating in one step */
#define FISHER_MOVED_MAX 1.0  /* nats: steps since a rebuild that may make the next due */
#define FISHER_STEPS     4    /* steps at most after each rank-one update */
#define FISHER_GRAD_TINY 1e-2 /* of the largest: a gradient below it waits for the next step */

/* Covariance, nats^2, of the ratings of n entries rated elo[] (Elo; NAN as 0)
 * that met[i * n + j] games between i and j allow, into cov (n * n, the
 * caller's): H^-1 above, at those ratings. O(n^3). Returns 0, or -ENOMEM. */
int fisher_covariance(int n, const long *met, const double *elo, double *cov);

/* The state: n entries of at most cap (matrices with row stride cap). Its
 * figures depend only on the sequence of calls, so a league that replays its
 * history through the same calls has the same figures to the last bit. */
struct fisher {
    int n, cap;
    int played;     /* entries with a game */
    double *x;      /* n ratings, nats */
    double *cov;    /* C, row i at cov + i * cap */
    int *games;     /* games rated between i and j */
    int *halves;    /* half-points i scored against j */
    int *deg, *opp; /* i's deg[i] opponents, at opp + i * cap, in the order first met */
    int *live;      /* cap: scratch, the entries a step moves through */
    double *grad;   /* 2 * cap: scratch */
    double *factor; /* cap * cap: scratch of fisher_rebuild */
    long since;     /* rank-one updates since the last rebuild */
    double moved;   /* the largest change of a rating, summed over the steps since */
    long rebuilds;  /* rebuilds done (for benchmarks) */
};

/* Set f up for at most cap entries. Returns 0 or -ENOMEM. */
int fisher_init(struct fisher *f, int cap);

/* Free what f holds; safe twice and on a zeroed struct. */
void fisher_release(struct fisher *f);

/* A new entry without games: rating 0 and the prior's variance. Returns its
 * index, or -ENOSPC past cap. O(n). */
int fisher_add(struct fisher *f);

/* Count `games` more games between a and b (a != b), in which a scored
 * `halves` half-points, and take their information into C by a
 * Sherman-Morrison rank-one update at the ratings as they are. O(n^2). */
void fisher_rate(struct fisher *f, int a, int b, int games, int halves);

/* Move the ratings towards the fit: Newton steps x += C g (g the gradient of
 * the log-posterior, each rating's change at most FISHER_STEP_MAX), until one
 * is below 1e-4 nats or FISHER_STEPS were taken; or a rebuild (below), once p
 * rank-one updates were taken since the last (p: the entries with a game, so
 * that one added without any changes nothing), or p / 4 were and the steps
 * since moved ratings by FISHER_MOVED_MAX in all (C's information was taken
 * at ratings that far off). Amortised O(n^2) once ratings settle. */
void fisher_settle(struct fisher *f);

/* From scratch: steps x += C g until they are below 1e-9 nats (at most 50),
 * then, if they stalled, Newton steps with H factored afresh; then H at x,
 * factored, and C = H^-1. O(n^3). */
void fisher_rebuild(struct fisher *f);

/* Two entries that may meet, a and b, rated elo_a and elo_b (Elo). */
struct fisher_meet {
    int a, b;
    double elo_a, elo_b;
};

/* One pair a and b of meet m, set up once to ask, for many entries x, the
 * variance (in C's units) that two more games of m take off x's, given C
 * (symmetric, row stride `stride`; borrowed for as long as p is used). */
struct fisher_pair {
    double w, q;           /* the two games' information; the variance of a - b */
    const double *ca, *cb; /* rows a and b of C */
};

/* Set p up for meet m (fisher_pair above). */
void fisher_pair_init(struct fisher_pair *p, const double *cov, int stride,
                      const struct fisher_meet *m);

/* The variance that two more games of p's pair take off entry x's:
 * w u^2 / (1 + w q), u = C[x][a] - C[x][b]. */
static inline double fisher_pair_gain(const struct fisher_pair *p, int x)
{
    double u = p->ca[x] - p->cb[x];
    return p->w * u * u / (1.0 + p->w * p->q);
}

#endif
