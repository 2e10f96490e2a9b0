/* fisher.c: a league's ratings and their covariance, kept by rank-one
 * updates and Newton steps between rebuilds from scratch (fisher.h). Pure. */
#include "fisher.h"

#include "cholesky.h"
#include "rating.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define LN10 2.302585092994046
#define ELO  (400.0 / LN10) /* Elo per nat */

static double fisher_p(double d)
{
    return 1.0 / (1.0 + exp(-d));
}

/* The Hessian H of n ratings x from games (row stride s) into A (stride n). */
static void fisher_hessian(int n, int s, const double *x, const long *games_l, const int *games_i,
                           double *A)
{
    for (int i = 0; i < n; i++) {
        double diag = rating_prior_curvature(x[i]);
        for (int j = 0; j < n; j++) {
            double g = games_l ? (double)games_l[i * s + j] : (double)games_i[i * s + j];
            double w = 0;
            if (j != i && g > 0) {
                double p = fisher_p(x[i] - x[j]);
                w = g * p * (1.0 - p);
            }
            A[i * n + j] = -w;
            diag += w;
        }
        A[i * n + i] = diag;
    }
}

/* C = A^-1 (A positive definite, stride n; destroyed) into cov (stride s).
 * Through W = L^-1, kept as its transpose in cov's upper triangle, then
 * C_ab = sum over k >= max(a, b) of W_ka W_kb, dot products of rows of W^T,
 * written in the lower triangle that W^T leaves free. 2n^3/3 flops. */
static void fisher_invert(int n, double *A, double *cov, int s, double *w)
{
    size_t m = (size_t)n;
    if (!cholesky_factor(A, m)) /* cannot happen: H is positive definite */
        return;
    for (int j = 0; j < n; j++) {
        for (int i = j; i < n; i++) {
            double v = i == j ? 1.0 : 0.0;
            for (int k = j; k < i; k++)
                v -= A[i * n + k] * w[k];
            w[i] = v / A[i * n + i];
        }
        for (int i = j; i < n; i++)
            cov[j * s + i] = w[i];
    }
    /* Row b ascending: C_ab (a <= b) reads W^T[a][k >= b] and W^T[b][k >= b],
     * none of which an earlier b's writes (columns < b of later rows, or the
     * diagonal of an earlier row) touched; the diagonal goes last. */
    for (int b = 0; b < n; b++) {
        for (int a = 0; a <= b; a++) {
            double v = 0;
            for (int k = b; k < n; k++)
                v += cov[a * s + k] * cov[b * s + k];
            w[a] = v;
        }
        for (int a = 0; a <= b; a++)
            cov[b * s + a] = w[a];
    }
    for (int b = 0; b < n; b++)
        for (int a = 0; a < b; a++)
            cov[a * s + b] = cov[b * s + a];
}

int fisher_covariance(int n, const long *met, const double *elo, double *cov)
{
    size_t m = (size_t)n;
    double *A = malloc(m * m * sizeof(*A)), *x = malloc(2 * m * sizeof(*x));
    if (!A || !x) {
        free(A);
        free(x);
        return -ENOMEM;
    }
    for (int i = 0; i < n; i++)
        x[i] = isfinite(elo[i]) ? elo[i] / ELO : 0.0;
    fisher_hessian(n, n, x, met, NULL, A);
    fisher_invert(n, A, cov, n, x + m);
    free(A);
    free(x);
    return 0;
}

int fisher_init(struct fisher *f, int cap)
{
    size_t c = (size_t)cap;
    *f = (struct fisher){.cap = cap};
    f->x = calloc(c, sizeof(*f->x));
    f->grad = calloc(2 * c, sizeof(*f->grad));
    f->cov = calloc(c * c, sizeof(*f->cov));
    f->games = calloc(c * c, sizeof(*f->games));
    f->halves = calloc(c * c, sizeof(*f->halves));
    f->deg = calloc(c, sizeof(*f->deg));
    f->live = calloc(c, sizeof(*f->live));
    f->opp = calloc(c * c, sizeof(*f->opp));
    if (!f->x || !f->grad || !f->cov || !f->games || !f->halves || !f->deg || !f->opp || !f->live) {
        fisher_release(f);
        return -ENOMEM;
    }
    return 0;
}

void fisher_release(struct fisher *f)
{
    free(f->x);
    free(f->grad);
    free(f->cov);
    free(f->games);
    free(f->halves);
    free(f->deg);
    free(f->live);
    free(f->opp);
    free(f->factor);
    *f = (struct fisher){0};
}

int fisher_add(struct fisher *f)
{
    if (f->n == f->cap)
        return -ENOSPC;
    int i = f->n++;
    size_t s = (size_t)f->cap;
    f->x[i] = 0;
    f->deg[i] = 0;
    for (int j = 0; j < f->n; j++)
        f->cov[i * s + j] = f->cov[j * s + i] = 0;
    f->cov[i * s + i] = 1.0 / rating_prior_curvature(0);
    return i;
}

void fisher_rate(struct fisher *f, int a, int b, int games, int halves)
{
    size_t s = (size_t)f->cap;
    if (games <= 0 || a == b)
        return;
    if (f->games[a * s + b] == 0) {
        f->played += (f->deg[a] == 0) + (f->deg[b] == 0);
        f->opp[a * s + (size_t)f->deg[a]++] = b;
        f->opp[b * s + (size_t)f->deg[b]++] = a;
    }
    f->games[a * s + b] += games;
    f->games[b * s + a] += games;
    f->halves[a * s + b] += halves;
    f->halves[b * s + a] += 2 * games - halves;
    /* H += w (e_a - e_b)(e_a - e_b)^T, so C -= w v v^T / (1 + w q) with
     * v = C (e_a - e_b) and q = v_a - v_b. */
    double p = fisher_p(f->x[a] - f->x[b]), w = games * p * (1.0 - p);
    double *v = f->grad;
    for (int i = 0; i < f->n; i++)
        v[i] = f->cov[i * s + a] - f->cov[i * s + b];
    double k = w / (1.0 + w * (v[a] - v[b]));
    for (int i = 0; i < f->n; i++) {
        double ki = k * v[i];
        double *row = f->cov + i * s;
        for (int j = 0; j < f->n; j++)
            row[j] -= ki * v[j];
    }
    f->since++;
}

/* The gradient g of the log-posterior at x into f->grad. */
static void fisher_step_gradient(struct fisher *f)
{
    size_t s = (size_t)f->cap;
    double *g = f->grad;
    for (int i = 0; i < f->n; i++) {
        double v = RATING_PRIOR_DRAWS * (0.5 - fisher_p(f->x[i]));
        for (int k = 0; k < f->deg[i]; k++) {
            size_t j = (size_t)f->opp[i * s + (size_t)k];
            v += 0.5 * f->halves[i * s + j] - f->games[i * s + j] * fisher_p(f->x[i] - f->x[j]);
        }
        g[i] = v;
    }
}

/* One step x += C g, each change at most FISHER_STEP_MAX; returns its
 * largest change. */
static double fisher_step(struct fisher *f)
{
    size_t s = (size_t)f->cap;
    double *g = f->grad, *d = f->grad + s, most = 0;
    int live = 0;
    fisher_step_gradient(f);
    /* After a rank-one update the gradient is mostly the two entries that
     * played: C g through the columns (rows: C is symmetric) of the entries
     * whose gradient is not negligible costs O(n) each, not O(n^2). */
    double top = 0;
    for (int j = 0; j < f->n; j++)
        top = fabs(g[j]) > top ? fabs(g[j]) : top;
    for (int j = 0; j < f->n; j++)
        if (fabs(g[j]) > FISHER_GRAD_TINY * top)
            f->live[live++] = j;
    for (int i = 0; i < f->n; i++)
        d[i] = 0;
    for (int k = 0; k < live; k++) {
        size_t j = (size_t)f->live[k];
        const double *row = f->cov + j * s;
        for (int i = 0; i < f->n; i++)
            d[i] += row[i] * g[j];
    }
    for (int i = 0; i < f->n; i++)
        if (fabs(d[i]) > most)
            most = fabs(d[i]);
    /* Far from the fit (a sweep's rating still climbing) a full step can
     * overshoot; a scaled one keeps the direction. */
    double scale = most > FISHER_STEP_MAX ? FISHER_STEP_MAX / most : 1.0;
    for (int i = 0; i < f->n; i++)
        f->x[i] += scale * d[i];
    f->moved += most * scale;
    return most * scale;
}

/* One Newton step with H at x, factored afresh (A: scratch, n * n); returns
 * its largest change. */
static double fisher_newton(struct fisher *f, double *A)
{
    size_t n = (size_t)f->n;
    double *d = f->grad + f->cap, most = 0;
    fisher_step_gradient(f);
    fisher_hessian(f->n, f->cap, f->x, NULL, f->games, A);
    if (!cholesky_factor(A, n))
        return 0;
    cholesky_solve(A, n, f->grad, d);
    for (size_t i = 0; i < n; i++)
        if (fabs(d[i]) > most)
            most = fabs(d[i]);
    double scale = most > FISHER_STEP_MAX ? FISHER_STEP_MAX / most : 1.0;
    for (size_t i = 0; i < n; i++)
        f->x[i] += scale * d[i];
    return most * scale;
}

void fisher_rebuild(struct fisher *f)
{
    size_t n = (size_t)f->n;
    /* Steps with the C at hand cost O(n^2) and mostly suffice (the ratings
     * followed the games); only where they stall, factored Newton steps. */
    double last = 1;
    for (int k = 0; k < 50 && (last = fisher_step(f)) > 1e-9; k++)
        ;
    if (!f->factor && !(f->factor = malloc((size_t)f->cap * (size_t)f->cap * sizeof(double))))
        return; /* the updated C goes on serving, as between rebuilds */
    for (int k = 0; k < 50 && last > 1e-9; k++)
        last = fisher_newton(f, f->factor);
    fisher_hessian(f->n, f->cap, f->x, NULL, f->games, f->factor);
    memset(f->grad, 0, n * sizeof(*f->grad));
    fisher_invert(f->n, f->factor, f->cov, f->cap, f->grad);
    f->since = 0;
    f->moved = 0;
    f->rebuilds++;
}

void fisher_settle(struct fisher *f)
{
    /* Counted over entries with games: one added without any changes no
     * figure of the others, and no more when a rebuild comes. */
    if (f->since >= f->played || (f->moved > FISHER_MOVED_MAX && 4 * f->since >= f->played)) {
        fisher_rebuild(f);
        return;
    }
    /* One step leaves what the games' news does to their own information
     * (a 2-0 moves the ratings that weigh it); a few more take most of it. */
    for (int k = 0; k < FISHER_STEPS && fisher_step(f) > 1e-4; k++)
        ;
}

void fisher_pair_init(struct fisher_pair *p, const double *cov, int stride,
                      const struct fisher_meet *mt)
{
    size_t s = (size_t)stride, a = (size_t)mt->a, b = (size_t)mt->b;
    double q = fisher_p((mt->elo_a - mt->elo_b) / ELO);
    p->w = 2.0 * q * (1.0 - q);
    p->q = cov[a * s + a] + cov[b * s + b] - 2.0 * cov[a * s + b];
    p->ca = cov + a * s;
    p->cb = cov + b * s;
}
