/* axis.c: round ticks for the report's plots. */
#include "axis.h"

#include <math.h>
#include <stdbool.h>

/* The digits after the point that step's multiples need: 0 for 1, 2, 5, 10;
 * 1 for 0.5, 0.2; 2 for 0.05. */
static int decimals_of(double step)
{
    int d = 0;
    while (d < 12 && fabs(step * pow(10, d) - round(step * pow(10, d))) > 1e-6 * step * pow(10, d))
        d++;
    return d;
}

/* The round step (1, 2 or 5 times a power of ten) nearest to span / want,
 * taking the larger when two are as near, so that there are at most want
 * intervals give or take one. */
static double round_step(double span, int want)
{
    double raw = span / want;
    double p = pow(10, floor(log10(raw)));
    static const double mult[] = {1, 2, 5, 10};
    double best = p;
    for (int i = 0; i < 4; i++)
        if (fabs(log(mult[i] * p / raw)) <= fabs(log(best / raw)) + 1e-12)
            best = mult[i] * p;
    return best;
}

void axis_linear(struct axis *a, double lo, double hi, int want)
{
    if (want < 2 || want > 10)
        want = 5;
    if (!isfinite(lo))
        lo = isfinite(hi) ? hi - 1 : 0;
    if (!isfinite(hi) || !(hi > lo))
        hi = lo + 1;
    double step = round_step(hi - lo, want);
    double first = floor(lo / step + 1e-9), last = ceil(hi / step - 1e-9);
    /* More intervals than the array holds: a step up the round numbers. */
    while (last - first >= AXIS_TICKS_MAX) {
        step = round_step(step * 2.5, 1);
        first = floor(lo / step + 1e-9);
        last = ceil(hi / step - 1e-9);
    }
    a->n = 0;
    for (double k = first; k <= last; k++) {
        double v = k * step;
        a->tick[a->n++] = fabs(v) < step * 1e-9 ? 0 : v; /* no -0 */
    }
    a->lo = a->tick[0];
    a->hi = a->tick[a->n - 1];
    a->step_decimals = decimals_of(step);
    a->log = false;
}

void axis_log(struct axis *a, double lo, double hi)
{
    if (!(lo >= 1e-3))
        lo = 1e-3;
    if (!(hi >= lo))
        hi = lo;
    int d0 = (int)floor(log10(lo) + 1e-9), d1 = (int)ceil(log10(hi) - 1e-9);
    if (d1 == d0)
        d1++;
    while (d1 - d0 >= AXIS_TICKS_MAX)
        d0++;
    bool fine = d1 - d0 <= 3;
    a->n = 0;
    for (int d = d0; d <= d1; d++) {
        static const double mult[] = {1, 2, 5};
        for (int i = 0; i < (fine && d < d1 ? 3 : 1); i++)
            a->tick[a->n++] = mult[i] * pow(10, d);
    }
    a->lo = a->tick[0];
    a->hi = a->tick[a->n - 1];
    a->step_decimals = 0;
    a->log = true;
}

int axis_decimals(const struct axis *a, int i)
{
    if (!a->log)
        return a->step_decimals;
    int d = (int)floor(log10(a->tick[i]) + 1e-9);
    return d < 0 ? -d : 0;
}

double axis_at(const struct axis *a, double v)
{
    double t;
    if (a->log)
        t = v <= 0 ? 0 : (log(v) - log(a->lo)) / (log(a->hi) - log(a->lo));
    else
        t = (v - a->lo) / (a->hi - a->lo);
    return isnan(t) ? 0 : t < 0 ? 0 : t > 1 ? 1 : t;
}
