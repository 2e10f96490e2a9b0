/* rating.c: ratings from results: cutechess-cli's Elo difference for two bots,
 * and a Bradley-Terry maximum likelihood fit (damped Newton, Hunter's MM as the
 * fallback) for more. Pure: no I/O. */
#include "rating.h"

#include "cholesky.h"

#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>

#define Z95  1.959963984540054    /* the 97.5% quantile of the normal law */
#define LN10 2.302585092994045684 /* ratings are fitted in nats: Elo = x * 400 / ln 10 */

/* A fit under way: the pair counts it reads, the ratings it writes, and the
 * scratch it works in (each array sized for cap bots). */
struct rater {
    size_t n, cap;
    const int *wins;  /* [i * cap + j]: games bot i won against bot j */
    const int *draws; /* [i * cap + j]: games drawn between i and j, symmetric */
    struct rating *bots;
    int *state;           /* enum rating_state */
    size_t *member;       /* bots of the component being rated */
    double *vec;          /* 5 vectors of cap */
    double *mat;          /* cap * cap */
    unsigned char *reach; /* cap * cap */
    double prior;         /* virtual draws added to each pair that met: 0 or RATING_PRIOR */
    int groups;           /* groups numbered so far */
};

enum rating_state { RATE_NONE, RATE_LIVE, RATE_DONE };

static double points_of(const struct rater *st, size_t i, size_t j)
{
    return st->wins[i * st->cap + j] + 0.5 * st->draws[i * st->cap + j];
}

static int games_of(const struct rater *st, size_t i, size_t j)
{
    return st->wins[i * st->cap + j] + st->wins[j * st->cap + i] + st->draws[i * st->cap + j];
}

/* The games and points the fit sees: the played ones, and st->prior virtual
 * draws between bots that met. */
static double fit_games(const struct rater *st, size_t i, size_t j)
{
    int n = games_of(st, i, j);
    return n > 0 ? n + st->prior : 0;
}

static double fit_points(const struct rater *st, size_t i, size_t j)
{
    return games_of(st, i, j) > 0 ? points_of(st, i, j) + st->prior / 2 : 0;
}

int rating_work_init(struct rating_work *w, size_t cap)
{
    w->state = calloc(cap, sizeof(*w->state));
    w->member = calloc(cap, sizeof(*w->member));
    w->vec = calloc(5 * cap, sizeof(*w->vec));
    w->mat = calloc(cap * cap, sizeof(*w->mat));
    w->reach = calloc(cap * cap, sizeof(*w->reach));
    if (!w->state || !w->member || !w->vec || !w->mat || !w->reach) {
        rating_work_release(w);
        return -ENOMEM;
    }
    return 0;
}

void rating_work_release(struct rating_work *w)
{
    free(w->state);
    free(w->member);
    free(w->vec);
    free(w->mat);
    free(w->reach);
    *w = (struct rating_work){0};
}

double rating_elo_of_score(double p)
{
    if (p >= 1)
        return INFINITY;
    if (p <= 0)
        return -INFINITY;
    return -400.0 * log10(1.0 / p - 1.0);
}

void rating_elo_pair(int w, int d, int l, struct elo_pair *out)
{
    double n = (double)w + d + l;
    double s = (w + d / 2.0) / n;
    double var = (w * (1 - s) * (1 - s) + d * (0.5 - s) * (0.5 - s) + l * s * s) / n;
    double dev = sqrt(var / n);

    out->elo = rating_elo_of_score(s);
    out->error = (rating_elo_of_score(s + Z95 * dev) - rating_elo_of_score(s - Z95 * dev)) / 2;
    if (n > 0 && (s <= 0 || s >= 1)) /* the variance is 0, yet nothing bounds the rating */
        out->error = INFINITY;
    if (w + l > 0)
        out->los = 0.5 + 0.5 * erf(((double)w - l) / sqrt(2.0 * ((double)w + l)));
    else
        out->los = n > 0 ? 0.5 : NAN;
    out->draw_ratio = d / n;
}

static void set_rating(struct rating *b, double elo, double half)
{
    b->elo = elo;
    if (isinf(elo) || isinf(half)) {
        b->elo_lo = -INFINITY;
        b->elo_hi = INFINITY;
    } else {
        b->elo_lo = elo - half;
        b->elo_hi = elo + half;
    }
}

/* log(1 / (1 + e^-t)) without overflow */
static double log_sigmoid(double t)
{
    return t >= 0 ? -log1p(exp(-t)) : t - log1p(exp(t));
}

/* The log-likelihood of ratings x (nats) of the m bots in st->member. */
static double loglik(const struct rater *st, size_t m, const double *x)
{
    double ll = 0;

    for (size_t a = 0; a < m; a++)
        for (size_t b = a + 1; b < m; b++) {
            size_t i = st->member[a], j = st->member[b];
            double n = fit_games(st, i, j), p = fit_points(st, i, j);
            if (n > 0)
                ll += p * log_sigmoid(x[a] - x[b]) + (n - p) * log_sigmoid(x[b] - x[a]);
        }
    return ll;
}

/* The gradient g of the log-likelihood at x, and A = I + 1/m: the observed
 * information I (a weighted Laplacian, the null space the all-ones vector)
 * made invertible. Then A^-1 g is the Newton step and A^-1 - 1/m the
 * covariance of the ratings under the mean-zero constraint (I's pseudo-inverse). */
static void information(const struct rater *st, size_t m, const double *x, double *g, double *A)
{
    for (size_t a = 0; a < m; a++) {
        g[a] = 0;
        for (size_t b = 0; b < m; b++)
            A[a * m + b] = 1.0 / (double)m;
    }
    for (size_t a = 0; a < m; a++)
        for (size_t b = a + 1; b < m; b++) {
            size_t i = st->member[a], j = st->member[b];
            double n = fit_games(st, i, j);
            if (n == 0)
                continue;
            double p = fit_points(st, i, j);
            double pr = 1.0 / (1.0 + exp(x[b] - x[a]));
            double w = n * pr * (1 - pr);
            g[a] += p - n * pr;
            g[b] -= p - n * pr;
            A[a * m + a] += w;
            A[b * m + b] += w;
            A[a * m + b] -= w;
            A[b * m + a] -= w;
        }
}

static void center(double *x, size_t m)
{
    double mean = 0;

    for (size_t a = 0; a < m; a++)
        mean += x[a];
    mean /= (double)m;
    for (size_t a = 0; a < m; a++)
        x[a] -= mean;
}

/* Newton's method with step halving: the log-likelihood is concave, strictly
 * so across the mean-zero plane when every bot can reach every other through
 * points scored, so this converges from 0. True if it did. */
static bool fit_newton(struct rater *st, size_t m, double *x)
{
    double *g = st->vec + st->cap, *d = g + st->cap, *xt = d + st->cap;

    for (int it = 0; it < 200; it++) {
        double ll = loglik(st, m, x), t = 1, step = 0;
        information(st, m, x, g, st->mat);
        if (!cholesky_factor(st->mat, m))
            return false;
        cholesky_solve(st->mat, m, g, d);
        for (;;) {
            for (size_t a = 0; a < m; a++)
                xt[a] = x[a] + t * d[a];
            if (loglik(st, m, xt) >= ll - 1e-12 * (1 + fabs(ll)))
                break;
            if ((t /= 2) < 1e-12)
                return false;
        }
        for (size_t a = 0; a < m; a++) {
            step = fmax(step, fabs(t * d[a]));
            x[a] = xt[a];
        }
        center(x, m);
        if (step < 1e-11)
            return true;
    }
    return false;
}

/* Hunter (2004), the MM algorithm on strengths e^x: slow but sure. */
static void fit_mm(struct rater *st, size_t m, double *x)
{
    double *wsum = st->vec + 4 * st->cap;

    for (size_t a = 0; a < m; a++) {
        wsum[a] = 0;
        x[a] = 0;
        for (size_t b = 0; b < m; b++)
            if (b != a)
                wsum[a] += fit_points(st, st->member[a], st->member[b]);
    }
    for (long it = 0; it < 1000000; it++) {
        double change = 0;
        for (size_t a = 0; a < m; a++) {
            double denom = 0;
            for (size_t b = 0; b < m; b++) {
                double n = b == a ? 0 : fit_games(st, st->member[a], st->member[b]);
                if (n > 0)
                    denom += n / (1.0 + exp(x[b] - x[a]));
            }
            double nx = x[a] + log(wsum[a] / denom);
            change = fmax(change, fabs(nx - x[a]));
            x[a] = nx;
        }
        center(x, m);
        if (change < 1e-12)
            break;
    }
}

/* Rate the m >= 2 bots in st->member, among which everyone reached everyone. */
static void fit(struct rater *st, size_t m)
{
    double *x = st->vec, *e = st->vec + 4 * st->cap, *y = st->vec + st->cap;
    const double k = 400.0 / LN10;

    for (size_t a = 0; a < m; a++)
        x[a] = 0;
    if (!fit_newton(st, m, x))
        fit_mm(st, m, x);
    information(st, m, x, y, st->mat);
    bool ok = cholesky_factor(st->mat, m);
    for (size_t a = 0; a < m; a++) {
        double var = INFINITY;
        if (ok) {
            for (size_t b = 0; b < m; b++)
                e[b] = b == a;
            cholesky_solve(st->mat, m, e, y);
            var = fmax(y[a] - 1.0 / (double)m, 0);
        }
        set_rating(&st->bots[st->member[a]], x[a] * k, Z95 * sqrt(var) * k);
    }
}

/* Gather into st->member the live bots connected to bot i by games. */
static size_t gather(struct rater *st, size_t i)
{
    size_t m = 0;

    st->member[m++] = i;
    st->state[i] = RATE_DONE; /* taken */
    for (size_t q = 0; q < m; q++)
        for (size_t j = 0; j < st->n; j++)
            if (st->state[j] == RATE_LIVE && games_of(st, st->member[q], j) > 0) {
                st->state[j] = RATE_DONE;
                st->member[m++] = j;
            }
    return m;
}

/* Rate one group of m >= 2 bots linked by games. Where each bot reaches each
 * other through points scored, the plain maximum likelihood fit has a finite
 * maximum and is the rating. Where not (someone won or lost all its games
 * against the rest of a circle), the likelihood grows without bound: the
 * whole group is rated with RATING_PRIOR virtual draws added to every pair
 * that met, which links everyone both ways. */
static void rate_group(struct rater *st, size_t m)
{
    unsigned char *r = st->reach;
    bool strong = true;

    st->groups++;
    for (size_t a = 0; a < m; a++)
        for (size_t b = 0; b < m; b++)
            r[a * m + b] = a == b || points_of(st, st->member[a], st->member[b]) > 0;
    for (size_t k = 0; k < m; k++) /* Warshall: a reaches b through points scored */
        for (size_t a = 0; a < m; a++)
            if (r[a * m + k])
                for (size_t b = 0; b < m; b++)
                    r[a * m + b] |= r[k * m + b];
    for (size_t a = 0; a < m * m; a++)
        strong = strong && r[a];
    st->prior = strong ? 0 : RATING_PRIOR;
    fit(st, m);
    for (size_t a = 0; a < m; a++) {
        st->bots[st->member[a]].group = st->groups;
        st->bots[st->member[a]].prior = !strong;
    }
}

static void rate(struct rater *st)
{
    size_t live = 0, pair[2];

    for (size_t i = 0; i < st->n; i++) {
        struct rating *b = &st->bots[i];
        *b = (struct rating){.elo = NAN, .elo_lo = NAN, .elo_hi = NAN};
        st->state[i] = RATE_NONE;
        for (size_t j = 0; j < st->n; j++)
            if (j != i && games_of(st, i, j) > 0)
                st->state[i] = RATE_LIVE;
        if (st->state[i] == RATE_LIVE && live < 2)
            pair[live] = i;
        live += st->state[i] == RATE_LIVE;
    }
    struct elo_pair p;
    if (live == 2) {
        size_t a = pair[0], b = pair[1];
        rating_elo_pair(st->wins[a * st->cap + b], st->draws[a * st->cap + b],
                        st->wins[b * st->cap + a], &p);
        /* cutechess-cli's figures, unless its interval reaches a 0% or 100%
         * score (few games, or a perfect score): the fit's then. */
        if (isfinite(p.error)) {
            set_rating(&st->bots[a], p.elo / 2, p.error / 2);
            set_rating(&st->bots[b], -p.elo / 2, p.error / 2);
            st->bots[a].group = st->bots[b].group = 1;
            return;
        }
    }
    for (size_t i = 0; i < st->n; i++)
        if (st->state[i] == RATE_LIVE)
            rate_group(st, gather(st, i));
}

void rating_fit(size_t n, size_t cap, const int *wins, const int *draws, struct rating_work *w,
                struct rating *out)
{
    struct rater st = {.n = n,
                       .cap = cap,
                       .wins = wins,
                       .draws = draws,
                       .bots = out,
                       .state = w->state,
                       .member = w->member,
                       .vec = w->vec,
                       .mat = w->mat,
                       .reach = w->reach};
    rate(&st);
}
