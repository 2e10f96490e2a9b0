/* league_batch.h: a league's batch of games on several machines: the shards
 * of a batch each play into a folder of their own (DIR/shard-I), and a merge
 * takes their games into the league, whole or not at all (README.md, 'A
 * league past one machine'). */
#ifndef REFEREE_LEAGUE_BATCH_H
#define REFEREE_LEAGUE_BATCH_H

#include "schema.h"

#include <stdbool.h>
#include <stddef.h>

/* What a merge asks of each game, in id order, before it takes any: whether
 * it is the league's pick at its id (and, if so, count it). Returns 0, or a
 * negative errno with why set. */
struct batch_check {
    int (*row)(void *ctx, const struct game_row *row, char *why, size_t len);
    void *ctx;
};

#define BATCH_PREFIX "shard-"
#define BATCH_LOCK   "batch.lock" /* held by a shard while it deals its part */

/* Whether dir holds shard folders (DIR/shard-*). */
bool batch_pending(const char *dir);

/* The highest game id in dir's shard folders; 0 for none. */
long batch_last_id(const char *dir);

/* Merge the shard folders of dir (DIR/shard-*) whose games are ids written+1
 * .. written+expect: each there once, whole and checked as a resume checks
 * (moves and result), with games of ids up to `written` (a merge killed
 * after it appended) passed over. Only when all are there and check->row
 * approves each in id order, append their moves to dir's moves.csv, then
 * their rows to games.csv, and move each shard folder into dir/merged/.
 * Returns an exit code, having said why; *merged the games taken (0 when
 * dir has no shard folder). */
int batch_merge(const char *dir, long written, long expect, const struct batch_check *check,
                long *merged);

#endif
