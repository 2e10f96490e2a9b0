/* ratingcurve.c: how far a rating curve jumps (the league report's "Over the
 * league's life"), built by scripts/rating-bench --curves against the rating
 * sources of any revision; not part of referee.
 *
 *   ratingcurve [FROM] < GAMES
 *
 * GAMES: a game a line, "FIRST SECOND RESULT" (names without blanks; RESULT
 * 1-0, 0-1 or 1/2-1/2). Rates the field after every game, as the report's
 * curves do (every bot with a game), and prints the largest move of any
 * rating in one game, of a bot that did not play that game, and the game
 * where each happened: "max_any game max_idle game", over the games from
 * FROM on (default 1; the first games of a field move everything). */
#include "rating.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CAP 64

static char names[CAP][64];
static size_t n;

static size_t bot(const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(names[i], name) == 0)
            return i;
    if (n == CAP) {
        fprintf(stderr, "more than %d bots\n", CAP);
        exit(1);
    }
    snprintf(names[n], sizeof(names[n]), "%s", name);
    return n++;
}

int main(int argc, char **argv)
{
    long from = argc > 1 ? atol(argv[1]) : 1;
    static int wins[CAP * CAP], draws[CAP * CAP];
    struct rating now[CAP], before[CAP];
    struct rating_work w = {0};
    char a[64], b[64], result[16];
    double any = 0, idle = 0;
    long game = 0, any_at = 0, idle_at = 0;

    if (rating_work_init(&w, CAP) < 0)
        return 1;
    for (size_t i = 0; i < CAP; i++)
        before[i].elo = NAN;
    while (scanf("%63s %63s %15s", a, b, result) == 3) {
        size_t i = bot(a), j = bot(b);
        game++;
        if (i == j)
            continue;
        if (strcmp(result, "1-0") == 0)
            wins[i * CAP + j]++;
        else if (strcmp(result, "0-1") == 0)
            wins[j * CAP + i]++;
        else if (strcmp(result, "1/2-1/2") == 0) {
            draws[i * CAP + j]++;
            draws[j * CAP + i]++;
        } else
            continue;
        rating_fit(n, CAP, wins, draws, &w, now);
        for (size_t k = 0; k < n; k++) {
            double move = fabs(now[k].elo - before[k].elo);
            if (!isfinite(move) || game < from)
                continue;
            if (move > any) {
                any = move;
                any_at = game;
            }
            if (k != i && k != j && move > idle) {
                idle = move;
                idle_at = game;
            }
        }
        memcpy(before, now, sizeof(now));
    }
    printf("%.1f %ld %.1f %ld\n", any, any_at, idle, idle_at);
    rating_work_release(&w);
    return 0;
}
