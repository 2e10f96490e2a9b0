/* league.h: a league's games as data: which entries are on the roster from
 * which game, the results so far, and the game with each id. Pure, no I/O;
 * the pair of entries comes from matchmake_pick (matchmake.h).
 *
 * Games come in colour-swapped pairs: pair k is games 2k-1 and 2k, from
 * opening k. The entries of pair k are picked from the results of the pairs
 * up to k - lag (the league's lag, LEAGUE_LAG by default) and the pairings
 * (not the results) of the pairs after those, and from the roster as it is at
 * game 2k-1. So the games of a league depend only on its seed, lag and
 * roster's history, whatever -j and whatever order games finish in: with -j up
 * to 2 * lag, a pick never waits for a game under way; and once the pairs
 * before k are played, the lag pairs from k on can all be picked, and played
 * on as many machines (a batch). */
#ifndef REFEREE_LEAGUE_H
#define REFEREE_LEAGUE_H

#include "config.h"
#include "fisher.h"
#include "matchmake.h"
#include "schedule.h"

#include <stdbool.h>
#include <stdint.h>

#define LEAGUE_LAG     8       /* pairs: a pick sees results up to this many pairs back */
#define LEAGUE_LAG_MAX 1000000 /* pairs, at most */

struct league_entry {
    long added;   /* the first game id it may play in */
    long retired; /* the first game id it no longer plays in; 0: active */
};

/* A span of games an entry is held out of: from `from` up to `to` (not
 * included; 0: still held). */
struct league_hold {
    int entry;
    long from, to;
};

/* A result in id order: the entries by side and the winner (enum side, SIDE_NONE
 * a draw), or aborted. */
struct league_result {
    short bots[2];
    signed char winner;
    bool aborted;
};

struct league {
    uint64_t seed;
    int min_games;
    long lag;
    int n, cap;
    struct league_entry *e;        /* cap entries */
    long *games;                   /* cap: games picked for each, in flight or played */
    long *last;                    /* cap: the id of the latest of those; 0: none */
    long *met;                     /* n*n: games picked between i and j */
    long rated;                    /* games taken into fit */
    struct fisher fit;             /* the ratings of the games rated (fisher.h) */
    struct mm_entry *field;        /* cap: scratch of a pick */
    struct league_result *results; /* nresults, by id - 1 */
    long nresults, rescap;
    int (*pairs)[2];   /* by pair - 1: the entries of its first game, by side */
    long (*before)[2]; /* by pair - 1: last[] of those entries before it */
    long npairs, pairs_cap;
    struct league_hold *holds; /* nholds, in the order held */
    int nholds, holds_cap;
};

/* Set up l for a league seeded seed whose new entries play min_games games
 * first, each pick seeing the results of the pairs up to lag (1 or more)
 * before its own, of CONFIG_MAX_BOTS entries at most. Returns 0 or -ENOMEM. */
int league_init(struct league *l, uint64_t seed, int min_games, long lag);

/* The same for at most cap entries (a benchmark's field past a run's). */
int league_init_cap(struct league *l, uint64_t seed, int min_games, long lag, int cap);

/* Free what l holds; safe twice and on a zeroed struct. */
void league_release(struct league *l);

/* A new entry, on the roster from game id `from` (the first game of a pair):
 * its index, or -ENOSPC past the cap, or -ENOMEM. */
int league_enter(struct league *l, long from);

/* Entry i off the roster from game id `from` (the first game of a pair). */
void league_retire(struct league *l, int i, long from);

/* Entry i held out of the games from game id `from` (the first game of a
 * pair) until league_resume: off the roster, as retired, but for a time (its
 * program changed). Held already, nothing changes. Returns 0 or -ENOMEM. */
int league_suspend(struct league *l, int i, long from);

/* Entry i, held, back on the roster from game id `from` (the first game of a
 * pair); not held, nothing changes. */
void league_resume(struct league *l, int i, long from);

/* Whether entry i is held now (suspended and not resumed). */
bool league_is_held(const struct league *l, int i);

/* Whether entry i is on the roster at game id: entered, not retired, not held. */
bool league_is_active(const struct league *l, int i, long id);

/* The game with id `id` into *g: the next game after those recorded. Returns
 * 1, 0 if fewer than two entries are on the roster at its pair, or -EAGAIN if
 * its pick needs results not recorded yet (of the games up to id - 2 * lag - 1),
 * -ENOMEM. Asking again for the same id gives the same
 * game. */
int league_game(struct league *l, long id, struct scheduled_game *g);

/* Drop the picks of pair k and after, none of whose games is recorded (a
 * run that picked ahead, whose roster then changed at pair k): games, last
 * and met as before them. The fit keeps what it rated: the results up to
 * pair k - lag, which pair k's pick rates anyway, so picking k again with
 * the same roster gives the same pair. Returns 0, or -EINVAL if a game of
 * pair k is recorded. */
int league_unpick(struct league *l, long k);

/* Record the result of the game with id nresults + 1, as played: its entries
 * by side, winner (enum side, SIDE_NONE a draw), aborted. Returns 0, -EINVAL
 * if it is not the game league_game gives for that id (another league's, or
 * a roster history other than l's), or -ENOMEM. */
int league_record(struct league *l, const int bots[2], int winner, bool aborted);

/* The games of the batch that starts at game id `first` (the first game of a
 * pair, every game before it recorded): the lag pairs from there, or fewer
 * where fewer than two entries are on the roster. Those of shard `shard`
 * (0-based) of `shards` (pairs dealt in turn) go to out (cap games at most;
 * out may be NULL, to count them). Returns how many, or a negative errno (-EINVAL: first is not a
 * pair's first game after the games recorded). */
long league_batch(struct league *l, long first, int shard, int shards, struct scheduled_game *out,
                  long cap);

#endif
