/* xalloc.h: allocation that cannot return NULL, for the command line and the
 * run around it (git's xmalloc): out of memory, referee says so and exits with
 * status 4 (EXIT_SYSTEM). Finished games are already on disk in whole rows, so
 * --resume goes on from there. Pure modules (games, standings, ratings, the
 * schema's reader) do not use it: they return -ENOMEM to their caller. */
#ifndef REFEREE_XALLOC_H
#define REFEREE_XALLOC_H

#include <stddef.h>

void *xmalloc(size_t size);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t size);
char *xstrdup(const char *s);

#endif
