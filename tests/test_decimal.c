/* test_decimal.c: decimal.c's numbers as text against known answers and against
 * printf, at every width, both signs and the extremes of 64 bits. */
#include "decimal.h"

#include <criterion/criterion.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#define FILL '#'

/* What fn wrote, NUL-terminated, checking it wrote nothing past its count. */
#define WRITTEN(text, call)                                                                        \
    do {                                                                                           \
        char out_[40];                                                                             \
        memset(out_, FILL, sizeof(out_));                                                          \
        size_t n_ = (call);                                                                        \
        cr_assert_lt(n_, sizeof(out_) - 1);                                                        \
        cr_expect_eq(out_[n_], FILL, "a byte written past the %zu counted", n_);                   \
        memcpy(text, out_, n_);                                                                    \
        text[n_] = '\0';                                                                           \
    } while (0)

Test(decimal, uint_writes_every_width_from_1_to_20_digits, .timeout = 10)
{
    unsigned long long u = 0;
    char want[32], got[40];
    /* 0, 9, 99, ... and 1, 10, 100, ...: the last and first number of each width. */
    for (int width = 1; width <= 20; width++) {
        unsigned long long first = width == 1 ? 0 : u + 1;
        u = width == 20 ? ULLONG_MAX : u * 10 + 9;
        unsigned long long ends[2] = {first, u};
        for (int e = 0; e < 2; e++) {
            snprintf(want, sizeof(want), "%llu", ends[e]);
            WRITTEN(got, decimal_uint(out_, ends[e]));
            cr_expect_str_eq(got, want);
            cr_expect_eq(strlen(got), (size_t)width, "%s is not %d digits", got, width);
        }
    }
}

Test(decimal, uint_of_known_answers, .timeout = 10)
{
    char got[40];
    WRITTEN(got, decimal_uint(out_, 0));
    cr_expect_str_eq(got, "0");
    WRITTEN(got, decimal_uint(out_, 7));
    cr_expect_str_eq(got, "7");
    WRITTEN(got, decimal_uint(out_, 1000000));
    cr_expect_str_eq(got, "1000000");
    WRITTEN(got, decimal_uint(out_, 18446744073709551615ULL));
    cr_expect_str_eq(got, "18446744073709551615");
}

Test(decimal, int_signs_and_the_extremes_of_64_bits, .timeout = 10)
{
    char got[40];
    WRITTEN(got, decimal_int(out_, 0));
    cr_expect_str_eq(got, "0");
    WRITTEN(got, decimal_int(out_, -1));
    cr_expect_str_eq(got, "-1");
    WRITTEN(got, decimal_int(out_, -10));
    cr_expect_str_eq(got, "-10");
    WRITTEN(got, decimal_int(out_, 42));
    cr_expect_str_eq(got, "42");
    WRITTEN(got, decimal_int(out_, LLONG_MAX));
    cr_expect_str_eq(got, "9223372036854775807");
    /* Its magnitude has no long long: negated as unsigned. */
    WRITTEN(got, decimal_int(out_, LLONG_MIN));
    cr_expect_str_eq(got, "-9223372036854775808");
    cr_expect_eq(strlen(got), 20, "the header's bound of 20 bytes");
    WRITTEN(got, decimal_int(out_, LLONG_MIN + 1));
    cr_expect_str_eq(got, "-9223372036854775807");
}

Test(decimal, int_agrees_with_printf_at_every_power_of_ten_and_its_neighbours, .timeout = 10)
{
    char want[32], got[40];
    long long p = 1;
    for (int k = 0; k <= 18; k++) {
        long long around[6] = {p - 1, p, p + 1, -(p - 1), -p, -(p + 1)};
        for (int i = 0; i < 6; i++) {
            snprintf(want, sizeof(want), "%lld", around[i]);
            WRITTEN(got, decimal_int(out_, around[i]));
            cr_expect_str_eq(got, want);
        }
        if (k < 18)
            p *= 10;
    }
}

Test(decimal, ms_has_three_decimals_of_the_microseconds, .timeout = 10)
{
    static const struct {
        long long us;
        const char *text;
    } cases[] = {
        {0, "0.000"},
        {1, "0.001"},
        {10, "0.010"},
        {100, "0.100"},
        {999, "0.999"},
        {1000, "1.000"},
        {1001, "1.001"},
        {20500, "20.500"},
        {312045, "312.045"},
        {60000000, "60000.000"},
        {-1, "-0.001"},
        {-999, "-0.999"},
        {-1000, "-1.000"},
        {-312045, "-312.045"},
        {LLONG_MAX, "9223372036854775.807"},
        {LLONG_MIN, "-9223372036854775.808"},
    };
    char got[40];
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        WRITTEN(got, decimal_ms(out_, cases[i].us));
        cr_expect_str_eq(got, cases[i].text, "%lld us", cases[i].us);
        cr_expect_leq(strlen(got), 25, "the header's bound of 25 bytes");
    }
}

Test(decimal, ms_agrees_with_printf_where_a_double_holds_the_value, .timeout = 10)
{
    char want[48], got[40];
    /* Every value up to 3 s, then a spread to 2^50 us, where us / 1e3 is still
     * rounded to the nearest thousandth exactly. */
    for (long long us = -3000000; us <= 3000000; us += 7) {
        snprintf(want, sizeof(want), "%.3f", (double)us / 1e3);
        WRITTEN(got, decimal_ms(out_, us));
        cr_assert_str_eq(got, want, "%lld us", us);
    }
    for (long long us = 3000001; us < (1LL << 50); us = us * 3 + 1) {
        snprintf(want, sizeof(want), "%.3f", (double)us / 1e3);
        WRITTEN(got, decimal_ms(out_, us));
        cr_expect_str_eq(got, want, "%lld us", us);
    }
}
