/* ratingfit.c: what one rating fit costs (referee/stats/rating.c), built by
 * scripts/rating-bench against the rating sources of any revision; not part
 * of referee.
 *
 *   ratingfit N SHAPE
 *
 * SHAPE: `dense`, every pair 2 games; `sparse`, each bot 4 games against each
 * of its 10 neighbours in strength each way (a league past its new-entry
 * phase); `sweep`, sparse plus a perfect bot that beat 20 others 4-0. Bots
 * are of graded strength (10 Elo apart), results drawn by the logistic law
 * from a fixed seed. Prints "cold_ms warm_ms elo_ms": a fit on fresh scratch,
 * a fit after one more game on the same scratch (a warm start where the
 * revision has one), and rating_fit_elo after one more game (or "-" where the
 * revision has none), each the median of 3. */
#include "rating.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static unsigned long long state = 88172645463325252ull;

static double uniform(void)
{
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return (double)(state >> 11) / 9007199254740992.0;
}

static void play(int *wins, int *draws, size_t cap, size_t i, size_t j, int games, double diff)
{
    double p = 1 / (1 + pow(10, -diff / 400));
    for (int g = 0; g < games; g++) {
        double u = uniform();
        if (u < p * 0.8)
            wins[i * cap + j]++;
        else if (u < p * 0.8 + 0.2) {
            draws[i * cap + j]++;
            draws[j * cap + i]++;
        } else
            wins[j * cap + i]++;
    }
}

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int compare(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median3(double *t)
{
    qsort(t, 3, sizeof(*t), compare);
    return t[1];
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: ratingfit N dense|sparse|sweep\n");
        return 2;
    }
    size_t n = (size_t)atol(argv[1]), cap = n;
    const char *shape = argv[2];
    int *wins = calloc(cap * cap, sizeof(int)), *draws = calloc(cap * cap, sizeof(int));
    struct rating *out = calloc(cap, sizeof(*out));
    if (!wins || !draws || !out)
        return 1;
    for (size_t i = 0; i < n; i++)
        for (size_t j = i + 1; j < n; j++) {
            double diff = 10.0 * ((double)j - (double)i);
            if (strcmp(shape, "dense") == 0)
                play(wins, draws, cap, i, j, 2, diff);
            else if (j - i <= 10)
                play(wins, draws, cap, i, j, 4, diff);
        }
    if (strcmp(shape, "sweep") == 0)
        for (size_t j = 1; j <= 20 && j < n; j++) {
            wins[j] += 4;
            wins[j * cap] = 0;
            draws[j] = draws[j * cap] = 0;
        }
    double cold[3], warm[3], elo[3];
    for (int r = 0; r < 3; r++) {
        struct rating_work w = {0};
        if (rating_work_init(&w, cap) < 0)
            return 1;
        double t0 = now_ms();
        rating_fit(n, cap, wins, draws, &w, out);
        double t1 = now_ms();
        wins[(n / 2) * cap + n / 2 + 1]++;
        rating_fit(n, cap, wins, draws, &w, out);
        double t2 = now_ms();
        wins[(n / 2) * cap + n / 2 + 1]++;
#ifdef HAVE_FIT_ELO
        rating_fit_elo(n, cap, wins, draws, &w, out);
#endif
        double t3 = now_ms();
        cold[r] = t1 - t0;
        warm[r] = t2 - t1;
        elo[r] = t3 - t2;
        for (size_t i = 0; i < n; i++)
            if (!isfinite(out[i].elo)) {
                fprintf(stderr, "bot %zu not rated\n", i);
                return 1;
            }
        rating_work_release(&w);
    }
#ifdef HAVE_FIT_ELO
    printf("%.2f %.2f %.2f\n", median3(cold), median3(warm), median3(elo));
#else
    printf("%.2f %.2f -\n", median3(cold), median3(warm));
    (void)elo;
#endif
    return 0;
}
