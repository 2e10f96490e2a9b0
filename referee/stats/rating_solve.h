/* rating_solve.h: what rating.c and rating_solve.c share: one fit under way,
 * and the Newton steps that find its maximum a posteriori. Internal to the
 * stats folder. Pure. */
#ifndef REFEREE_RATING_SOLVE_H
#define REFEREE_RATING_SOLVE_H

#include "rating.h"

#include <stdbool.h>
#include <stddef.h>

#define RATING_ELO_PER_NAT (400.0 / 2.302585092994045684) /* fitted in nats */
#define RATING_VECTORS     8                              /* vectors of cap in rating_work's vec */

/* A fit under way: the pair counts it reads, the ratings it writes, the group
 * being fitted (st->m bots, st->e pairs that met) and w's scratch. */
struct rater {
    size_t n, cap;
    const int *wins;  /* [i * cap + j]: games bot i won against bot j */
    const int *draws; /* [i * cap + j]: games drawn between i and j, symmetric */
    struct rating *bots;
    struct rating_work *w;
    size_t *member;           /* the group's bots */
    size_t m, e;              /* bots and pairs that met in the group */
    struct rating_edge *edge; /* the pairs, by index in member */
    double *mat;              /* cap * cap */
    double *v[RATING_VECTORS];
    double *x; /* the group's ratings, nats (v[0]) */
    double *d; /* a step, then the variances (v[1]) */
    bool intervals, warm;
    int groups; /* groups numbered so far */
};

/* Move st->x (the group's m ratings, a start) to the maximum of the
 * log-posterior: damped Newton steps, by Cholesky up to RATING_DENSE_MAX
 * bots, else by preconditioned conjugate gradients over st->edge. */
void rating_solve(struct rater *st);

/* var[a] = (H^-1)_aa at st->x, H the Hessian of the negative log-posterior:
 * one Cholesky factor in st->mat and the diagonal of its inverse. */
void rating_solve_variances(struct rater *st, double *var);

#endif
