/* cholesky.c: symmetric positive definite systems solved through their
 * Cholesky factor: the Bradley-Terry fit's Newton steps and covariances. Pure. */
#include "cholesky.h"

#include <math.h>

/* The dot product of u and v (n entries) in four running sums, which the
 * compiler may not reorder on its own: twice as fast on a long row. */
static double dot(const double *u, const double *v, size_t n)
{
    double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    size_t k = 0;

    for (; k + 4 <= n; k += 4) {
        s0 += u[k] * v[k];
        s1 += u[k + 1] * v[k + 1];
        s2 += u[k + 2] * v[k + 2];
        s3 += u[k + 3] * v[k + 3];
    }
    for (; k < n; k++)
        s0 += u[k] * v[k];
    return (s0 + s1) + (s2 + s3);
}

bool cholesky_factor(double *A, size_t m)
{
    for (size_t j = 0; j < m; j++) {
        double d = A[j * m + j] - dot(&A[j * m], &A[j * m], j);
        if (!(d > 0))
            return false;
        A[j * m + j] = sqrt(d);
        for (size_t i = j + 1; i < m; i++) {
            double v = A[i * m + j] - dot(&A[i * m], &A[j * m], j);
            A[i * m + j] = v / A[j * m + j];
        }
    }
    return true;
}

void cholesky_solve(const double *L, size_t m, const double *b, double *y)
{
    for (size_t i = 0; i < m; i++) {
        double v = b[i];
        for (size_t k = 0; k < i; k++)
            v -= L[i * m + k] * y[k];
        y[i] = v / L[i * m + i];
    }
    for (size_t i = m; i-- > 0;) {
        double v = y[i];
        for (size_t k = i + 1; k < m; k++)
            v -= L[k * m + i] * y[k];
        y[i] = v / L[i * m + i];
    }
}

void cholesky_inverse_diagonal(const double *L, size_t m, double *y, double *diag)
{
    /* (A^-1)_ii = |L^-1 e_i|^2; y = L^-1 e_i is 0 above row i, so the solve
     * starts there: m^3 / 6 in all. */
    for (size_t i = 0; i < m; i++) {
        double s = 0;
        for (size_t r = i; r < m; r++) {
            double v = (r == i ? 1 : 0) - dot(&L[r * m + i], &y[i], r - i);
            y[r] = v / L[r * m + r];
            s += y[r] * y[r];
        }
        diag[i] = s;
    }
}
