/* cholesky.h: symmetric positive definite systems solved through their
 * Cholesky factor (rating.c's fit, the league's matchmaking). Pure. */
#ifndef REFEREE_CHOLESKY_H
#define REFEREE_CHOLESKY_H

#include <stdbool.h>
#include <stddef.h>

/* Factor the m x m matrix A (row-major) in place into L, lower triangle, with
 * A = L L^T; the upper triangle is left as it was. False unless A is positive
 * definite (A is then partly overwritten). */
bool cholesky_factor(double *A, size_t m);

/* Solve L L^T y = b for y (m entries) with the factor L of cholesky_factor. */
void cholesky_solve(const double *L, size_t m, const double *b, double *y);

/* diag[i] = (A^-1)_ii for the A = L L^T of cholesky_factor, through y (m
 * entries of scratch). O(m^3 / 6). */
void cholesky_inverse_diagonal(const double *L, size_t m, double *y, double *diag);

#endif
