/* fisher.c: the covariance of a league's ratings from the games it has, and
 * the variance two more games would take off (fisher.h). Pure. */
#include "fisher.h"

#include "cholesky.h"

#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>

#define LN10 2.302585092994046
#define ELO  (400.0 / LN10) /* Elo per unit of log-odds */

static double fisher_elo(double elo)
{
    return isfinite(elo) ? elo : 0.0;
}

/* Information of one game between ratings a and b (Elo), in log-odds units. */
static double fisher_game(double a, double b)
{
    double p = 1.0 / (1.0 + exp((b - a) / ELO));
    return p * (1.0 - p);
}

/* The entries with a game into idx; returns how many. */
static size_t fisher_linked(size_t n, const long *met, size_t *idx)
{
    size_t m = 0;
    for (size_t i = 0; i < n; i++) {
        bool linked = false;
        for (size_t j = 0; j < n && !linked; j++)
            linked = met[i * n + j] > 0;
        if (linked)
            idx[m++] = i;
    }
    return m;
}

/* A = I + 1/m + FISHER_RIDGE over the m entries idx. */
static void fisher_information(size_t n, const long *met, const double *elo, const size_t *idx,
                               size_t m, double *A)
{
    for (size_t a = 0; a < m; a++)
        for (size_t b = 0; b < m; b++)
            A[a * m + b] = 1.0 / (double)m + (a == b ? FISHER_RIDGE : 0.0);
    for (size_t a = 0; a < m; a++)
        for (size_t b = a + 1; b < m; b++) {
            size_t i = idx[a], j = idx[b];
            long games = met[i * n + j];
            if (games <= 0)
                continue;
            double w = (double)games * fisher_game(fisher_elo(elo[i]), fisher_elo(elo[j]));
            A[a * m + a] += w;
            A[b * m + b] += w;
            A[a * m + b] -= w;
            A[b * m + a] -= w;
        }
}

int fisher_covariance(int n, const long *met, const double *elo, double *cov)
{
    size_t nn = (size_t)n, *idx = malloc(nn * sizeof(*idx));
    double *A = malloc(nn * nn * sizeof(*A)), *e = malloc(2 * nn * sizeof(*e));
    if (!idx || !A || !e) {
        free(idx);
        free(A);
        free(e);
        return -ENOMEM;
    }
    for (size_t i = 0; i < nn * nn; i++)
        cov[i] = i % (nn + 1) == 0 ? FISHER_UNKNOWN : 0.0;
    size_t m = fisher_linked(nn, met, idx);
    fisher_information(nn, met, elo, idx, m, A);
    /* Positive definite by construction: a Laplacian, plus 1/m on the ones
     * vector (its null space), plus the ridge. On that vector A^-1 is
     * 1 / (1 + ridge) / m, taken off so that the ratings' mean is fixed. */
    cholesky_factor(A, m);
    double *y = e + m, mean = 1.0 / (1.0 + FISHER_RIDGE) / (double)m;
    for (size_t a = 0; a < m; a++) {
        for (size_t b = 0; b < m; b++)
            e[b] = a == b;
        cholesky_solve(A, m, e, y);
        for (size_t b = 0; b < m; b++)
            cov[idx[a] * nn + idx[b]] = (y[b] - mean) * ELO * ELO;
    }
    free(idx);
    free(A);
    free(e);
    return 0;
}

void fisher_pair_init(struct fisher_pair *p, int n, const double *cov, const double *tcov,
                      const struct fisher_meet *mt)
{
    size_t m = (size_t)n, a = (size_t)mt->a, b = (size_t)mt->b;
    double elo_a = mt->elo_a, elo_b = mt->elo_b;
    p->w = 2.0 * fisher_game(fisher_elo(elo_a), fisher_elo(elo_b)) / (ELO * ELO);
    p->q = cov[a * m + a] + cov[b * m + b] - 2.0 * cov[a * m + b];
    p->ta = tcov + a * m;
    p->tb = tcov + b * m;
}
