/* reorder.h: a resumed run's files put back in game order. A run appends the
 * games it plays after those it found; when --repair dropped a game for it to
 * play again, that game lands after later ones, and the rows are no longer in
 * game order, which a resume requires. */
#ifndef REFEREE_REORDER_H
#define REFEREE_REORDER_H

#include "gameset.h"

#include <stddef.h>

/* Rewrite games.csv and moves.csv in dir in game order, each through a
 * temporary file and rename: their rows are those of the games in kept (by
 * index: id - 1), in game order, followed by the others, in game order; the
 * two are merged a row at a time, so memory does not grow with the files.
 * Returns 0, or a negative errno with why (len bytes). */
int reorder_results(const char *dir, const struct gameset *kept, char *why, size_t len);

#endif
