/* inorder.h: finished games handed over in game order, whatever order they
 * finish in (c-chess-cli's sequential writer). A record waits in a slot until
 * every game before it was handed over or is known never to come. Not locked:
 * the caller serialises every call (tournament.c holds its run's lock). */
#ifndef REFEREE_INORDER_H
#define REFEREE_INORDER_H

#include "gameset.h"
#include "record.h"

#include <stdbool.h>

struct inorder_slot {
    long index;
    struct inorder_slot *next;
    struct game_record rec;
};

struct inorder {
    const struct gameset *skip;   /* borrowed; indices that never come (may be NULL) */
    long count;                   /* indices 0 .. count-1 */
    long next;                    /* the next index to hand over */
    struct inorder_slot *waiting; /* put, waiting for their turn; by index */
    struct inorder_slot *spare;   /* given back, for the next games */
    long held;                    /* slots taken and not yet given back */
};

/* Set up q for indices 0 .. count-1, of which those in skip never come. */
void inorder_init(struct inorder *q, long count, const struct gameset *skip);

/* Free every slot q owns (waiting or spare); safe twice and on a zeroed q.
 * Slots still held by callers are theirs to give back first. */
void inorder_release(struct inorder *q);

/* A zeroed slot for the next game: a spare one if any, so that memory does not
 * grow with the run. Counts as held until given back. NULL if out of memory. */
struct inorder_slot *inorder_take(struct inorder *q);

/* Give back a slot that will not be handed over (a game cut short, a failure),
 * or one that was handed over. */
void inorder_give_back(struct inorder *q, struct inorder_slot *s);

/* Put the finished record in s as game `index`. Returns 0, or -EPROTO if that
 * index is not awaited (already handed over, in skip, out of range, or already
 * put): an error of the caller's, and s is then left to it. */
int inorder_put(struct inorder *q, long index, struct inorder_slot *s);

/* The slot of the next game in order if it was put (stepping over the indices
 * in skip), taken out of q's list: hand it over, then give it back. NULL if the
 * next game is not there yet, or all are done. */
struct inorder_slot *inorder_pop(struct inorder *q);

/* True once every index was handed over or skipped. */
bool inorder_is_done(const struct inorder *q);

#endif
