/* test_axis.c: a plot's ticks fall on round numbers (1, 2 or 5 times a power
 * of ten), cover the values, and print exactly: known answers, then a sweep. */
#include "axis.h"

#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The ticks of a as printed, "0 50 100". */
static void printed(const struct axis *a, char *out, size_t cap)
{
    size_t n = 0;
    out[0] = '\0';
    for (int i = 0; i < a->n && n < cap; i++)
        n += (size_t)snprintf(out + n, cap - n, "%s%.*f", i ? " " : "", axis_decimals(a, i),
                              a->tick[i]);
}

struct known {
    double lo, hi;
    int want;
    const char *ticks;
};

Test(axis, linear_ticks_are_round_numbers_that_cover_the_values, .timeout = 10)
{
    static const struct known cases[] = {
        {0, 178, 4, "0 50 100 150 200"},
        {0, 356.4, 4, "0 100 200 300 400"},
        {-500, -275, 4, "-500 -450 -400 -350 -300 -250"},
        {0, 37, 5, "0 10 20 30 40"},
        {0, 1, 4, "0.0 0.2 0.4 0.6 0.8 1.0"},
        {-2.94, 2.94, 4, "-4 -2 0 2 4"},
        {0.031, 0.074, 4, "0.03 0.04 0.05 0.06 0.07 0.08"},
        {-131.4, 89.1, 4, "-150 -100 -50 0 50 100"},
        {5, 5, 4, "5.0 5.2 5.4 5.6 5.8 6.0"},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        struct axis a;
        char text[256];
        axis_linear(&a, cases[i].lo, cases[i].hi, cases[i].want);
        printed(&a, text, sizeof(text));
        cr_expect_str_eq(text, cases[i].ticks, "%g to %g", cases[i].lo, cases[i].hi);
        cr_expect(!a.log);
    }
}

static bool is_round(double step)
{
    double p = pow(10, floor(log10(step) + 1e-9));
    double m = step / p;
    return fabs(m - 1) < 1e-6 || fabs(m - 2) < 1e-6 || fabs(m - 5) < 1e-6;
}

Test(axis, any_range_gets_a_round_step_and_a_few_ticks, .timeout = 10)
{
    srand(7);
    for (int i = 0; i < 20000; i++) {
        double scale = pow(10, rand() % 12 - 6);
        double lo = (rand() / (double)RAND_MAX - 0.5) * 1000 * scale;
        double hi = lo + (rand() / (double)RAND_MAX) * 1000 * scale + 1e-3 * scale;
        int want = 2 + rand() % 9;
        struct axis a;
        axis_linear(&a, lo, hi, want);
        cr_assert(a.lo <= lo && a.hi >= hi, "%g..%g on %g..%g", lo, hi, a.lo, a.hi);
        cr_assert_geq(a.n, 2);
        cr_assert_leq(a.n - 1, 2 * want + 1, "%d intervals for %d", a.n - 1, want);
        double step = a.tick[1] - a.tick[0];
        cr_assert(is_round(step), "step %g of %g..%g", step, lo, hi);
        for (int k = 0; k < a.n; k++) {
            /* Each tick a whole multiple of the step, and printed as one. */
            cr_assert_lt(fabs(a.tick[k] / step - round(a.tick[k] / step)), 1e-6);
            char text[64];
            snprintf(text, sizeof(text), "%.*f", axis_decimals(&a, k), a.tick[k]);
            cr_assert_lt(fabs(strtod(text, NULL) - a.tick[k]), step * 1e-6, "%s for %.17g", text,
                         a.tick[k]);
            cr_assert(a.tick[k] < 0 || text[0] != '-', "no negative zero: %s", text);
        }
    }
}

Test(axis, log_ticks_are_powers_of_ten_and_their_halves_and_fifths, .timeout = 10)
{
    struct axis a;
    char text[256];
    axis_log(&a, 0.04, 2.08);
    printed(&a, text, sizeof(text));
    cr_expect_str_eq(text, "0.01 0.02 0.05 0.1 0.2 0.5 1 2 5 10");
    cr_expect(a.log);
    axis_log(&a, 0.012, 2080);
    printed(&a, text, sizeof(text));
    cr_expect_str_eq(text, "0.01 0.1 1 10 100 1000 10000");
    axis_log(&a, 100, 100);
    printed(&a, text, sizeof(text));
    cr_expect_str_eq(text, "100 200 500 1000");
    /* At or below zero: from a microsecond, the times' resolution. */
    axis_log(&a, 0, 0.5);
    cr_expect_float_eq(a.lo, 1e-3, 1e-12);
    cr_expect_float_eq(axis_at(&a, 0.01), 1.0 / 3, 1e-9);
    cr_expect_float_eq(axis_at(&a, 0), 0, 1e-12);
    cr_expect_float_eq(axis_at(&a, 5), 1, 1e-12);
}
