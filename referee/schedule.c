/* schedule.c: the order of a tournament's games, computed by index. */
#include "schedule.h"
#include "opening.h"

int schedule_pairings(const struct schedule *s)
{
    if (s->format == SCHEDULE_GAUNTLET)
        return s->nbots - 1;
    return s->nbots * (s->nbots - 1) / 2;
}

long schedule_count(const struct schedule *s)
{
    return (long)schedule_pairings(s) * s->games_per_pairing * s->rounds;
}

void schedule_pairing_bots(const struct schedule *s, int pairing, int bots[2])
{
    int p = pairing - 1;

    if (s->format == SCHEDULE_GAUNTLET) {
        bots[0] = 0;
        bots[1] = p + 1;
        return;
    }
    /* Pairs (i, j), i < j, in order: (0,1) (0,2) ... (1,2) ... */
    int i = 0;
    while (p >= s->nbots - 1 - i) {
        p -= s->nbots - 1 - i;
        i++;
    }
    bots[0] = i;
    bots[1] = i + 1 + p;
}

void schedule_game(const struct schedule *s, long index, struct scheduled_game *out)
{
    long pairings = schedule_pairings(s);
    long pairs = (s->games_per_pairing + 1) / 2; /* colour-swapped pairs of games */
    bool odd = s->games_per_pairing % 2;
    long per_round = pairings * s->games_per_pairing;
    long in_round = index % per_round;
    long round = index / per_round;
    /* In a round: pair of games k, pairing p, colour c. */
    long k = in_round / (pairings * 2);
    long rest = in_round % (pairings * 2);
    long p = rest / 2, c = rest % 2;

    if (odd && k == pairs - 1) {
        /* An odd last game of each pairing stands alone, in the first colours. */
        p = rest;
        c = 0;
    }

    int bots[2];
    schedule_pairing_bots(s, (int)p + 1, bots);
    out->id = (int)index + 1;
    out->round = (int)round + 1;
    out->pairing = (int)p + 1;
    out->bots[0] = bots[c];
    out->bots[1] = bots[1 - c];
    out->opening_id = (int)((round * pairs + k) * pairings + p) + 1;
    uint64_t mix = s->seed ^ ((uint64_t)out->opening_id * 0x9E3779B97F4A7C15ull);
    out->seed = opening_random(&mix);
}

bool schedule_in_shard(const struct schedule *s, long index, int shard, int shards)
{
    struct scheduled_game g;

    if (shards <= 1)
        return true;
    schedule_game(s, index, &g);
    return (g.opening_id - 1) % shards == shard;
}
