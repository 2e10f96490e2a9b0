/* rating_solve.c: the maximum a posteriori of a group's ratings (rating.c's
 * one method): damped Newton steps, solved by a Cholesky factor for small
 * groups and by conjugate gradients over the pairs that met for large ones,
 * and the variances that make the intervals. Pure.
 *
 * The log-posterior of ratings x (nats), over the pairs (a, b) that met,
 * n games of which a scored p points, with D = RATING_PRIOR_DRAWS:
 *
 *   f(x) = sum p log s(xa - xb) + (n - p) log s(xb - xa)
 *        + sum_a D/2 (log s(xa) + log s(-xa)),   s the logistic,
 *
 * strictly concave (the prior's curvature is positive everywhere), so it has
 * one maximum, finite for every field, which Newton's method with step
 * halving reaches from any start. (Why a better result never lowers a
 * rating: rating.c.) */
#include "rating_solve.h"

#include "cholesky.h"

#include <math.h>

/* log(1 + e^t) without overflow */
static double softplus(double t)
{
    return t > 0 ? t + log1p(exp(-t)) : log1p(exp(t));
}

static double sigmoid(double t)
{
    return 1.0 / (1.0 + exp(-t));
}

/* f(x); a pair's share, p log s(t) + (n - p) log s(-t), is p t - n log(1 + e^t):
 * one exp and one log a pair. */
static double log_posterior(const struct rater *st, const double *x)
{
    double f = 0;

    for (size_t k = 0; k < st->e; k++) {
        const struct rating_edge *e = &st->edge[k];
        double t = x[e->a] - x[e->b];
        f += e->points * t - e->games * softplus(t);
    }
    for (size_t a = 0; a < st->m; a++)
        f += RATING_PRIOR_DRAWS / 2 * (x[a] - 2 * softplus(x[a]));
    return f;
}

/* The gradient g of f at x, each pair's information (edge w) and the
 * diagonal of H. */
static void weigh(struct rater *st, const double *x, double *g, double *diag)
{
    for (size_t a = 0; a < st->m; a++) {
        g[a] = RATING_PRIOR_DRAWS * (0.5 - sigmoid(x[a]));
        diag[a] = rating_prior_curvature(x[a]);
    }
    for (size_t k = 0; k < st->e; k++) {
        struct rating_edge *e = &st->edge[k];
        double pr = sigmoid(x[e->a] - x[e->b]);
        e->w = e->games * pr * (1 - pr);
        g[e->a] += e->points - e->games * pr;
        g[e->b] -= e->points - e->games * pr;
        diag[e->a] += e->w;
        diag[e->b] += e->w;
    }
}

/* H into st->mat (m x m, row-major), from weigh's figures. */
static void hessian(struct rater *st, const double *diag)
{
    size_t m = st->m;

    for (size_t a = 0; a < m; a++)
        for (size_t b = 0; b < m; b++)
            st->mat[a * m + b] = a == b ? diag[a] : 0;
    for (size_t k = 0; k < st->e; k++) {
        const struct rating_edge *e = &st->edge[k];
        st->mat[e->a * m + e->b] -= e->w;
        st->mat[e->b * m + e->a] -= e->w;
    }
}

/* out = H v, over the pairs that met. */
static void hessian_times(const struct rater *st, const double *diag, const double *v, double *out)
{
    for (size_t a = 0; a < st->m; a++)
        out[a] = diag[a] * v[a];
    for (size_t k = 0; k < st->e; k++) {
        const struct rating_edge *e = &st->edge[k];
        out[e->a] -= e->w * v[e->b];
        out[e->b] -= e->w * v[e->a];
    }
}

static double dot(const double *u, const double *v, size_t m)
{
    double s = 0;
    for (size_t a = 0; a < m; a++)
        s += u[a] * v[a];
    return s;
}

/* Solve H d = g by conjugate gradients preconditioned by H's diagonal. */
static void solve_cg(const struct rater *st, const double *diag, const double *g, double *d)
{
    size_t m = st->m;
    double *r = st->v[5], *p = st->v[6], *q = st->v[7];
    double rz = 0, stop = 1e-26 * dot(g, g, m);

    for (size_t a = 0; a < m; a++) {
        d[a] = 0;
        r[a] = g[a];
        p[a] = g[a] / diag[a];
        rz += r[a] * p[a];
    }
    for (size_t it = 0; it < 10 * m + 10 && dot(r, r, m) > stop; it++) {
        hessian_times(st, diag, p, q);
        double alpha = rz / dot(p, q, m), rz_next = 0;
        for (size_t a = 0; a < m; a++) {
            d[a] += alpha * p[a];
            r[a] -= alpha * q[a];
            rz_next += r[a] * r[a] / diag[a];
        }
        double beta = rz_next / rz;
        rz = rz_next;
        for (size_t a = 0; a < m; a++)
            p[a] = r[a] / diag[a] + beta * p[a];
    }
}

/* One Newton direction d at st->x; false if H could not be factored (only
 * by rounding, as H is positive definite). */
static bool direction(struct rater *st, double *d)
{
    double *g = st->v[2], *diag = st->v[4];

    weigh(st, st->x, g, diag);
    if (st->m > RATING_DENSE_MAX) {
        solve_cg(st, diag, g, d);
        return true;
    }
    hessian(st, diag);
    if (!cholesky_factor(st->mat, st->m))
        return false;
    cholesky_solve(st->mat, st->m, g, d);
    return true;
}

void rating_solve(struct rater *st)
{
    size_t m = st->m;
    double *x = st->x, *d = st->d, *xt = st->v[3];
    double f = log_posterior(st, x);

    for (int it = 0; it < 100; it++) {
        double t = 1, step = 0, ft;
        if (!direction(st, d))
            return;
        for (;;) {
            for (size_t a = 0; a < m; a++)
                xt[a] = x[a] + t * d[a];
            if ((ft = log_posterior(st, xt)) >= f - 1e-12 * (1 + fabs(f)))
                break;
            if ((t /= 2) < 1e-12)
                return;
        }
        for (size_t a = 0; a < m; a++) {
            step = fmax(step, fabs(t * d[a]));
            x[a] = xt[a];
        }
        f = ft;
        if (step < 1e-10)
            return;
    }
}

void rating_solve_variances(struct rater *st, double *var)
{
    double *g = st->v[2], *diag = st->v[4];

    weigh(st, st->x, g, diag);
    hessian(st, diag);
    if (!cholesky_factor(st->mat, st->m)) {
        for (size_t a = 0; a < st->m; a++)
            var[a] = INFINITY;
        return;
    }
    cholesky_inverse_diagonal(st->mat, st->m, st->v[5], var);
    /* The rating shown is x_a less the group's mean: its variance is that of
     * (I - 11'/m) x, var_a - 2 u_a / m + sum(u) / m^2 with u = H^-1 1. Without
     * this the prior's hold on the mean, 2 draws against the whole field,
     * would put a floor under every interval that no number of games lowers
     * (+-341 Elo for two bots, +-152 for ten). */
    double *one = st->v[6], *u = st->v[7], sum = 0, m = (double)st->m;
    for (size_t a = 0; a < st->m; a++)
        one[a] = 1;
    cholesky_solve(st->mat, st->m, one, u);
    for (size_t a = 0; a < st->m; a++)
        sum += u[a];
    for (size_t a = 0; a < st->m; a++)
        var[a] = fmax(var[a] - 2 * u[a] / m + sum / (m * m), 0);
}
