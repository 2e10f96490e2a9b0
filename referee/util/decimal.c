/* decimal.c: numbers as decimal text. */
#include "decimal.h"

#include <string.h>

size_t decimal_uint(char *out, unsigned long long u)
{
    char rev[20];
    size_t n = 0, k = 0;

    do
        rev[n++] = (char)('0' + u % 10);
    while ((u /= 10) > 0);
    while (n > 0)
        out[k++] = rev[--n];
    return k;
}

size_t decimal_int(char *out, long long v)
{
    if (v >= 0)
        return decimal_uint(out, (unsigned long long)v);
    out[0] = '-';
    return 1 + decimal_uint(out + 1, 0 - (unsigned long long)v);
}

size_t decimal_ms(char *out, long long us)
{
    unsigned long long u = us < 0 ? 0 - (unsigned long long)us : (unsigned long long)us;
    size_t n = 0;

    if (us < 0)
        out[n++] = '-';
    n += decimal_uint(out + n, u / 1000);
    out[n++] = '.';
    out[n++] = (char)('0' + u % 1000 / 100);
    out[n++] = (char)('0' + u % 100 / 10);
    out[n++] = (char)('0' + u % 10);
    return n;
}

char *decimal_unsigned_zero(char *text)
{
    /* "-0.0" is a rounding of a small negative number, not a figure. */
    if (text[0] == '-' && strspn(text + 1, "0.") == strlen(text + 1))
        memmove(text, text + 1, strlen(text));
    return text;
}
