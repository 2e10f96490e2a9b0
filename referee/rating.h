/* rating.h: ratings from game results, in logistic Elo: the two-bot Elo
 * difference as cutechess-cli computes it, and a Bradley-Terry maximum
 * likelihood fit for any number of bots. Pure: no I/O. */
#ifndef REFEREE_RATING_H
#define REFEREE_RATING_H

#include <stddef.h>

/* Two-bot figures, as cutechess-cli prints them. */
struct elo_pair {
    double elo;        /* Elo difference, from the score s = (W + D/2) / N */
    double error;      /* half width of its 95% interval */
    double los;        /* likelihood of superiority, 0..1 */
    double draw_ratio; /* D / N */
};

/* Compute the figures of a bot with w wins, d draws, l losses against another.
 * Infinite or undefined values (a 100% score, no games) come out as the IEEE
 * values: callers print them as "inf" or "nan". Unlike cutechess-cli, an
 * interval that reaches a 0% or 100% score (a 0% or 100% score included) makes
 * the error INFINITY rather than NAN, and the LOS of games all drawn is 0.5. */
void rating_elo_pair(int w, int d, int l, struct elo_pair *out);

/* The Elo difference that a score p (0..1) means; +-INFINITY at 1 and 0. */
double rating_elo_of_score(double p);

/* A bot's rating and its 95% interval. */
struct rating {
    double elo, elo_lo, elo_hi;
};

/* Scratch of rating_fit for up to cap bots, allocated once, so that a fit
 * never fails. */
struct rating_work {
    int *state;
    size_t *member;
    double *vec, *mat;
    unsigned char *reach, *peel;
};

/* Allocate w for cap bots. Returns 0 or -ENOMEM (w is then released). */
int rating_work_init(struct rating_work *w, size_t cap);

/* Free w; safe twice and on a zeroed struct. */
void rating_work_release(struct rating_work *w);

/* Rate n bots (n <= cap) from their results against each other: wins[i * cap
 * + j] games bot i won against bot j, draws[i * cap + j] (symmetric) games
 * drawn; out[i] gets bot i's rating. A bot without games is NAN. With two bots
 * that played, each gets half the cutechess-cli Elo difference, +-, with half
 * its error as the 95% interval. With more, a Bradley-Terry fit (a draw is half
 * a win to each side) with mean 0, and 95% intervals from the observed Fisher
 * information under the mean-zero constraint. A group of bots that nobody
 * outside it scored against (or that scored against nobody outside it) has no
 * finite rating: its bots get +INFINITY (-INFINITY) and the rest is fitted
 * without them; a bot left with no games after that gets NAN. Bots not linked
 * by games are fitted group by group, each with mean 0. An infinite rating or
 * interval comes with elo_lo = -INFINITY, elo_hi = INFINITY. */
void rating_fit(size_t n, size_t cap, const int *wins, const int *draws, struct rating_work *w,
                struct rating *out);

#endif
