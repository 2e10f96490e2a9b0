/* matchmake.h: which two entries of a league meet next. Pure, no I/O.
 *
 * The rule, in the order it is applied (README, "Leagues"):
 *  1. The minimum share. An active entry that has finished its first games
 *     (games >= min_games) and whose latest game is 2 / min_share games or more
 *     behind the league is overdue: the most overdue plays now (the one whose
 *     latest game is oldest; then by the tie-break), against the better of
 *     its neighbours in the ranking of 3 (the one it overlaps more).
 *  2. New entries. An active entry with fewer than min_games games plays the
 *     field: the one with fewest games first, against the active entry it has
 *     met least (then an entry past its first games before another new one,
 *     then the tie-break), so that it meets every opponent before any twice.
 *  3. The standings. Active entries are ranked by elo (higher first; equal
 *     ratings in roster order). Each two neighbours in that ranking whose 95%
 *     intervals overlap (|elo_i - elo_j| < margin_i + margin_j) are a target,
 *     weighted by how much they overlap (1 - gap / (margin_i + margin_j), at
 *     least 1/4) and by the place of the higher, 1 / place^2: the top of the
 *     table first. (When no two neighbours overlap, every two neighbours are
 *     targets, weighted by place and by (margin_i + margin_j) / gap.) The pair
 *     that plays is the one, among all active pairs, whose two games would
 *     narrow the targets' intervals most, weighted: the intervals are those of
 *     the Bradley-Terry fit, whose covariance the games in met allow
 *     (fisher.h), and two games' information narrows them by a rank-one update.
 *     So the top entries meet each other, and also entries that tie them to
 *     the rest of the field, whose mean the intervals are measured from.
 *     (Without memory for the covariance, a target is drawn by its weight.)
 * With -j, count the games under way in met and games: the next pick then
 * knows that their information is coming.
 * Ties and draws use a hash of (seed, played): a league with the same roster
 * history, results and seed plays the same games. O(n^3) a pick: on a 2-core VM
 * 0.6 ms for 20 entries, 8 ms for 50, 51 ms for 100, 0.26 s for 200. The caller plays the pair
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
    const long *met;          /* n*n: games between i and j (met[i * n + j]); borrowed */
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
