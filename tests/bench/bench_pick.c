/* bench_pick.c: what a league's picks cost, on plan/ alone (league.h): a
 * simulated field of m entries of known strengths, each pair's two games
 * decided by a seeded draw from the Bradley-Terry law, no processes. Prints
 * the pick time (median and max) past the new-entry phase and the time of
 * the 400 games (200 picks) after it. Not a test: scripts/league-bench runs it.
 *
 *   bench_pick M [PAIRS [SWEEP]]   M entries; PAIRS timed (200); SWEEP 1: entry
 *                                  0 wins every game (a perfect player) */
#include "league.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static uint64_t rng_next(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Entry i's true strength, nats: graded over 6 nats from the top down. */
static double strength(int i, int m)
{
    return 3.0 - 6.0 * i / (m > 1 ? m - 1 : 1);
}

/* The winner (side) of game g, or SIDE_NONE. */
static int play(const struct scheduled_game *g, int m, int sweep, uint64_t *rng)
{
    int a = g->bots[0], b = g->bots[1];
    if (sweep && (a == 0 || b == 0))
        return a == 0 ? SIDE_FIRST : SIDE_SECOND;
    double p = 1.0 / (1.0 + exp(strength(b, m) - strength(a, m)));
    double u = (double)(rng_next(rng) >> 11) * 0x1p-53;
    return u < p ? SIDE_FIRST : SIDE_SECOND;
}

int main(int argc, char **argv)
{
    int m = argc > 1 ? atoi(argv[1]) : 50;
    long timed = argc > 2 ? atol(argv[2]) : 200;
    int sweep = argc > 3 ? atoi(argv[3]) : 0;
    struct league l;
    uint64_t rng = 7;
    if (m < 2 || timed < 1 || league_init_cap(&l, 1, MM_MIN_GAMES_DEFAULT, LEAGUE_LAG, m) < 0)
        return 2;
    for (int i = 0; i < m; i++)
        if (league_enter(&l, 1) < 0) {
            printf("entries %d: more than this build's league takes\n", m);
            return 1;
        }
    double *t = malloc((size_t)timed * sizeof(*t)), start = now_s(), phase = 0;
    long counted = 0, id = 1, newphase = -1;
    while (counted < timed) {
        struct scheduled_game g;
        double t0 = now_s();
        int rc = league_game(&l, id, &g);
        double dt = now_s() - t0;
        if (rc != 1)
            return 1;
        if (id % 2 == 1 && newphase < 0) {
            int done = 1;
            for (int i = 0; i < m && done; i++)
                done =
                    l.games[i] - (i == g.bots[0] || i == g.bots[1] ? 2 : 0) >= MM_MIN_GAMES_DEFAULT;
            if (done) {
                newphase = id - 1;
                phase = now_s() - start;
            }
        }
        if (id % 2 == 1 && newphase >= 0)
            t[counted++] = dt;
        int bots[2] = {g.bots[0], g.bots[1]};
        if (league_record(&l, bots, play(&g, m, sweep, &rng), false) < 0)
            return 1;
        id++;
    }
    double total = 0;
    for (long k = 0; k < timed; k++)
        total += t[k];
    qsort(t, (size_t)timed, sizeof(*t), cmp_double);
    printf("entries %d%s: %ld rebuilds; new-entry phase %ld games in %.2f s; past it, %ld picks "
           "(%ld games): "
           "%.3f s, pick median %.3f ms, max %.3f ms\n",
           m, sweep ? " (entry 0 sweeps)" : "", l.fit.rebuilds, newphase, phase, timed, 2 * timed,
           total, 1e3 * t[timed / 2], 1e3 * t[timed - 1]);
    free(t);
    league_release(&l);
    return 0;
}
