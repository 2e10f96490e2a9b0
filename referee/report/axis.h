/* axis.h: the ticks of a plot's axis at round numbers: 1, 2 or 5 times a
 * power of ten, as a reader counts them (0, 20, 40; 0.5, 1, 1.5 never). Pure. */
#ifndef REFEREE_AXIS_H
#define REFEREE_AXIS_H

#include <stdbool.h>

#define AXIS_TICKS_MAX 32

/* An axis from lo to hi (lo below every value, hi above), ticks at
 * tick[0..n): lo and hi among them. */
struct axis {
    double lo, hi;
    double tick[AXIS_TICKS_MAX];
    int n;
    int step_decimals; /* a linear axis's: axis_decimals */
    bool log;          /* logarithmic */
};

/* A linear axis over at least lo..hi with about `want` (2 to 10) intervals
 * of a round step: lo and hi widened down and up to multiples of it. An
 * empty or reversed range (lo >= hi) or a value that is not finite is
 * widened around lo to a range of 1; want out of 2..10 is taken as 5. */
void axis_linear(struct axis *a, double lo, double hi, int want);

/* A logarithmic axis over at least lo..hi (both above 0; lo is raised to
 * 1e-3 and hi to lo at least), from the power of ten at or below lo to the
 * one at or above hi: its ticks the powers of ten between, and 2 and 5
 * times each when the axis spans no more than three decades. */
void axis_log(struct axis *a, double lo, double hi);

/* The digits after the point that print tick i exactly ("%.*f"): the same
 * for every tick of a linear axis (0.5 1.0 1.5), each its own on a log one
 * (0.05 0.1 0.2). */
int axis_decimals(const struct axis *a, int i);

/* Where v falls on a, from 0 (lo) to 1 (hi), on a's scale; v clamped. */
double axis_at(const struct axis *a, double v);

#endif
