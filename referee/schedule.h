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

/* The game at `index` (0-based, below schedule_count). Order: by round; in a
 * round, by pair of games; in those, by pairing; so that standings stay
 * balanced while a tournament is under way. */
void schedule_game(const struct schedule *s, long index, struct scheduled_game *out);

/* True if the game at `index` belongs to shard `shard` (0-based) of `shards`:
 * pairs of games sharing an opening go to the same shard, in turn. */
bool schedule_in_shard(const struct schedule *s, long index, int shard, int shards);

/* Bots of pairing p (1-based), lower index first. */
void schedule_pairing_bots(const struct schedule *s, int pairing, int bots[2]);

#endif
