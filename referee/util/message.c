/* message.c: referee's one way to print what went wrong. */
#include "message.h"

#include <stdarg.h>
#include <stdio.h>

void message_error(const char *fmt, ...)
{
    va_list ap;

    fputs("referee: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}
