/* decimal.h: numbers as decimal text, by hand rather than with printf, for the
 * lines and rows written on every move or game. Each writes at out without a
 * NUL and returns how many bytes it wrote. Pure. */
#ifndef REFEREE_DECIMAL_H
#define REFEREE_DECIMAL_H

#include <stddef.h>

/* u's digits: at most 20 bytes. */
size_t decimal_uint(char *out, unsigned long long u);

/* v, with a minus sign if negative: at most 20 bytes. */
size_t decimal_int(char *out, long long v);

/* Microseconds as milliseconds with three decimals, printf's "%.3f" of
 * us / 1e3: at most 25 bytes. */
size_t decimal_ms(char *out, long long us);

/* Drop the sign of a number written as zero ("-0.0" to "0.0"), in place, for
 * a figure printf wrote (NUL-terminated); returns text. */
char *decimal_unsigned_zero(char *text);

#endif
