/* gameset.h: a set of game indices, one bit per game of a run: which games are
 * already played (resume) or not this shard's. A run of 100 million games
 * needs 12.5 MB, and memory does not grow while the run goes on. */
#ifndef REFEREE_GAMESET_H
#define REFEREE_GAMESET_H

#include <stdbool.h>
#include <stdint.h>

struct gameset {
    uint64_t *words;
    long count; /* indices 0 .. count-1 */
};

/* An empty set of count indices. Returns 0 or -ENOMEM. */
int gameset_init(struct gameset *s, long count);
void gameset_free(struct gameset *s);

static inline bool gameset_has(const struct gameset *s, long i)
{
    return (s->words[i >> 6] >> (i & 63)) & 1;
}

static inline void gameset_add(struct gameset *s, long i)
{
    s->words[i >> 6] |= (uint64_t)1 << (i & 63);
}

#endif
