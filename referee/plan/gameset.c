/* gameset.c: allocation of a set of game indices. */
#include "gameset.h"

#include <errno.h>
#include <stdlib.h>

int gameset_init(struct gameset *s, long count)
{
    size_t words = (size_t)(count > 0 ? count : 0) / 64 + 1;

    s->words = calloc(words, sizeof(*s->words));
    s->count = count;
    return s->words ? 0 : -ENOMEM;
}

void gameset_free(struct gameset *s)
{
    free(s->words);
    s->words = NULL;
    s->count = 0;
}
