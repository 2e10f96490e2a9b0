/* xalloc.c: allocation that says so and exits when memory runs out. */
#include "xalloc.h"
#include "message.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static _Noreturn void out_of_memory(size_t size)
{
    /* stdio may need memory itself: write(2) the message. */
    char text[80];
    int n = snprintf(text, sizeof(text), "referee: out of memory (%zu bytes)\n", size);
    if (n > 0 && write(STDERR_FILENO, text, (size_t)n) < 0) {
        /* nothing more to say */
    }
    exit(EXIT_SYSTEM);
}

void *xmalloc(size_t size)
{
    void *p = malloc(size ? size : 1);
    if (!p)
        out_of_memory(size);
    return p;
}

void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p)
        out_of_memory(n * size);
    return p;
}

void *xrealloc(void *p, size_t size)
{
    void *q = realloc(p, size ? size : 1);
    if (!q)
        out_of_memory(size);
    return q;
}

char *xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;
    return memcpy(xmalloc(n), s, n);
}
