/* matchmake.h: which two entries of a league meet next. Pure, no I/O.
 *
 * The rule, in the order it is applied (README, "Leagues"):
 *  1. The minimum share. An active entry that has finished its first games
 *     (games >= min_games) and whose latest game is 2 / min_share games or more
 *     behind the league is overdue: the most overdue plays now (the one whose
 *     latest game is oldest; then by the tie-break), against the better of
 *     its neighbours in the ranking of 3 (see below).
 *  2. New entries. An active entry with fewer than min_games games plays the
 *     field: the one with fewest games first, against the active entry it has
 *     met least (then an entry past its first games before another new one,
 *     then the tie-break), so that it meets every opponent before any twice.
 *  3. The standings. Active entries are ranked by elo (higher first; equal
 *     ratings in roster order). A pair is settled when the better side's
 *     expected score is MM_SETTLED_SCORE or more and their 95% intervals are
 *     clear of each other (|elo_i - elo_j| >= margin_i + margin_j): another
 *     game there changes no standing, so rule 3 never plays it (rule 1 still
 *     does, as its share requires). Each two neighbours in the ranking, not
 *     settled, whose intervals overlap are a target, weighted by how much they
 *     overlap (1 - gap / (margin_i + margin_j), at least 1/4) and by the place
 *     of the higher, 1 / place^2: the top of the table first. (When no two
 *     overlap, every two unsettled neighbours are targets, weighted by place
 *     and by (margin_i + margin_j) / gap.) The first MM_TARGETS targets from
 *     the top count. The pair that plays is the one, among each active entry
 *     (down to MM_NEIGHBOURS places past the lowest target) and its
 *     MM_NEIGHBOURS next in the ranking (not settled), whose two games
 *     would narrow the targets' intervals most, weighted: the intervals are
 *     those of the field's covariance (fisher.h), and two games' information
 *     narrows them by a rank-one update. With no target (every neighbour
 *     settled), the closest two neighbours play.
 *     (Without memory for the covariance, a target is drawn by its weight.)
 * In rule 1, the overdue entry's better neighbour is one it is not settled
 * with, then the one further behind its own share, then the closer.
 * With -j, count the games under way in met and games: the next pick then
 * knows that their information is coming.
 * Ties and draws use a hash of (seed, played): a league with the same roster
 * history, results and seed plays the same games. O(n log n) a pick given the
 * covariance (the ranking; the rest is O(n) and O(MM_TARGETS^2 MM_NEIGHBOURS)),
 * O(n^3) to compute the covariance from met when the field has none. The caller plays the pair
 * as a colour-swapped pair of games from one seeded opening, as tournaments do.
 *
 * What the minimum share guarantees: an active entry past its first games
 * waits at most 2 / min_share games, plus two for each other entry overdue
 * before it, between two of its pairs; so over any window of that length it is
 * in at least min_share of the games, less what the other overdue entries take. */
#ifndef REFEREE_MATCHMAKE_H
#define REFEREE_MATCHMAKE_H

#include <stdbool.h>
#include <stdint.h>

/* Games a new entry plays against the field before the standings choose. */
#define MM_MIN_GAMES_DEFAULT 20

#define MM_SETTLED_SCORE 0.95 /* expected score past which a pair may be settled */
#define MM_NEIGHBOURS    4    /* rule 3 pairs each entry with this many below it */
#define MM_TARGETS       32   /* targets of rule 3 counted, from the top */

struct mm_entry {
    bool active;   /* on the roster, not retired */
    long games;    /* games it has played */
    double elo;    /* its rating (Bradley-Terry, as standings computes), 0 if unrated */
    double margin; /* half-width of its 95% interval; INFINITY if unrated */
    long last;     /* the league's count of games (played) just after its latest game, i.e.
                    * that game's 1-based number; 0 if none. Zeroed by a caller that does not
                    * know it: the share is then counted over the league's life (games versus
                    * min_share * played) */
};

struct mm_rules {
    int min_games;    /* a new entry plays the field until it has this many games (default 20) */
    double min_share; /* each active entry is in at least this share of games, over the last
                       * window (default: 1/(2n), n active entries); 0: no minimum */
};

struct mm_field {
    int n;                    /* entries, in roster order (retired ones included) */
    const struct mm_entry *e; /* n entries; borrowed */
    const long *met;          /* games between i and j (met[i * met_stride + j]); borrowed */
    int met_stride;           /* 0: n */
    const double *cov;        /* the ratings' covariance (fisher.h), nats^2, symmetric, row
                               * stride cov_stride (0: n); borrowed. NULL: computed from met */
    int cov_stride;           /* of cov */
    long played;              /* games in the league so far */
    uint64_t seed;            /* the league's seed */
};

/* The default rules for field f: MM_MIN_GAMES_DEFAULT and 1 / (2 * the number
 * of active entries) (0 with none). */
struct mm_rules matchmake_default_rules(const struct mm_field *f);

/* The pair to play the next colour-swapped pair of games: out[0] < out[1],
 * indices into f->e. False if fewer than two entries are active. Deterministic
 * in its inputs. */
bool matchmake_pick(const struct mm_field *f, const struct mm_rules *r, int out[2]);

#endif
