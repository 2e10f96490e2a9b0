/* schedule.h: which games a tournament plays, in which order, with which
 * colours and openings. Pure and computed by index, so that any slice of a
 * tournament (a resumed run, a shard) plays exactly the games the whole would. */
#ifndef REFEREE_SCHEDULE_H
#define REFEREE_SCHEDULE_H

#include "config.h"

#include <stdbool.h>
#include <stdint.h>

struct schedule {
    enum schedule_format format;
    int nbots;
    int games_per_pairing; /* per round; in colour-swapped pairs (an odd last game alone) */
    int rounds;
    uint64_t seed;
};

struct scheduled_game {
    int id;         /* 1-based: index + 1 */
    int round;      /* 1-based */
    int pairing;    /* 1-based id of the pair of bots */
    int bots[2];    /* by side: indices of the bots playing first and second */
    int opening_id; /* 1-based; the two games of a colour-swapped pair share it */
    uint64_t seed;  /* seed of that opening */
};

/* Number of pairings of bots. */
int schedule_pairings(const struct schedule *s);

/* Number of games in the whole tournament. */
long schedule_count(const struct schedule *s);

/* Bots of a round robin of more than twice this many are played in blocks. */
#define SCHEDULE_GROUP 8

/* The game at `index` (0-based, below schedule_count). Order: by round; in a
 * round, by block; in a block, by pair of games (colour-swapped, together), in
 * those by pairing; so that standings stay balanced while a block is under way.
 * A gauntlet, or a round robin of up to 2 * SCHEDULE_GROUP bots, is one block.
 * A bigger round robin is split into groups of SCHEDULE_GROUP bots in the
 * order given, and a block is every pairing within a group or between two:
 * (1,1) (1,2) ... (1,G) (2,2) ... (G,G). So a worker that keeps the bots of a
 * block alive, at most 2 * SCHEDULE_GROUP, starts only the next group's when
 * the block changes, and the bots of many need not all be alive at once. */
void schedule_game(const struct schedule *s, long index, struct scheduled_game *out);

/* Which live bot a worker about to play game g (at `index`) stops to make room:
 * one that plays no more in this block, else any; the one used longest ago
 * (last_used: 1 + the index of its last game, 0 for none). alive and last_used
 * have nbots entries. Returns -1 if only g's bots are alive. */
int schedule_pick_stop(const struct schedule *s, long index, const struct scheduled_game *g,
                       const bool *alive, const long *last_used);

/* True if the game at `index` belongs to shard `shard` (0-based) of `shards`:
 * pairs of games sharing an opening go to the same shard, in turn. */
bool schedule_in_shard(const struct schedule *s, long index, int shard, int shards);

/* The seed of opening `opening_id` (1-based) of a run seeded `seed`: the same
 * for a tournament and a league (league.h). */
uint64_t schedule_opening_seed(uint64_t seed, int opening_id);

/* The seed both bots of game id are told in their game line (games.csv's
 * bot_seed), from its opening's seed: below 2^53, so that a spreadsheet or a
 * JSON reader keeps it exact. The same for every command that plays. */
uint64_t schedule_bot_seed(uint64_t opening_seed, long id);

/* Bots of pairing p (1-based), lower index first. */
void schedule_pairing_bots(const struct schedule *s, int pairing, int bots[2]);

#endif
