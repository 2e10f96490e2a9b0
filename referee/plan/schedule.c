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

/* Bots in a group of blocks (schedule_game): nbots when the round is one block. */
static int schedule_group_size(const struct schedule *s)
{
    if (s->format == SCHEDULE_GAUNTLET || s->nbots <= 2 * SCHEDULE_GROUP)
        return s->nbots;
    return SCHEDULE_GROUP;
}

/* A block of a round: the pairings of bots [a0, a0 + na) with [b0, b0 + nb),
 * or among [a0, a0 + na) when b0 == a0; its games start at `first` in the round. */
struct block {
    int a0, na, b0, nb;
    long pairings, first;
};

/* The block that game in_round (below a round's games) of a round robin falls
 * in. Blocks go group by group, so that one group stays across consecutive
 * blocks: (1,1) (1,2) ... (1,G) (2,2) (2,3) ... (G,G). */
static struct block block_of(const struct schedule *s, long in_round)
{
    int n = s->nbots, size = schedule_group_size(s);
    long games = s->games_per_pairing, first = 0;
    struct block b = {0};

    for (b.a0 = 0; b.a0 < n; b.a0 += size) {
        b.na = n - b.a0 < size ? n - b.a0 : size;
        long row = ((long)b.na * (b.na - 1) / 2 + (long)b.na * (n - b.a0 - b.na)) * games;
        if (in_round >= first + row && b.a0 + b.na < n) {
            first += row; /* not in this group's row of blocks */
            continue;
        }
        for (b.b0 = b.a0; b.b0 < n; b.b0 += size) {
            b.nb = b.b0 == b.a0 ? b.na : (n - b.b0 < size ? n - b.b0 : size);
            b.pairings = b.b0 == b.a0 ? (long)b.na * (b.na - 1) / 2 : (long)b.na * b.nb;
            b.first = first;
            if (in_round < first + b.pairings * games || b.b0 + b.nb >= n)
                return b;
            first += b.pairings * games;
        }
    }
    return b;
}

/* Bots (i < j) of pairing q (0-based) of block b, in order: (a0,a0+1) ... of a
 * group with itself, row by row for two groups. */
static void block_bots(const struct block *b, long q, int bots[2])
{
    if (b->b0 != b->a0) {
        bots[0] = b->a0 + (int)(q / b->nb);
        bots[1] = b->b0 + (int)(q % b->nb);
        return;
    }
    int i = 0;
    while (q >= b->na - 1 - i) {
        q -= b->na - 1 - i;
        i++;
    }
    bots[0] = b->a0 + i;
    bots[1] = b->a0 + i + 1 + (int)q;
}

/* The block of the game at index; every bot's when a round is one block. */
static struct block block_at(const struct schedule *s, long index)
{
    if (schedule_group_size(s) >= s->nbots)
        return (struct block){0, s->nbots, 0, s->nbots, schedule_pairings(s), 0};
    return block_of(s, index % (schedule_pairings(s) * (long)s->games_per_pairing));
}

static bool block_has(const struct block *b, int bot)
{
    return (bot >= b->a0 && bot < b->a0 + b->na) || (bot >= b->b0 && bot < b->b0 + b->nb);
}

int schedule_pick_stop(const struct schedule *s, long index, const struct scheduled_game *g,
                       const bool *alive, const long *last_used)
{
    struct block blk = block_at(s, index);
    int best = -1;
    bool best_in = true;
    for (int b = 0; b < s->nbots; b++) {
        if (!alive[b] || b == g->bots[0] || b == g->bots[1])
            continue;
        bool in = block_has(&blk, b);
        if (best < 0 || (best_in && !in) || (in == best_in && last_used[b] < last_used[best])) {
            best = b;
            best_in = in;
        }
    }
    return best;
}

/* Pairing id (0-based) of bots i < j, as schedule_pairing_bots numbers them. */
static long pairing_of(int n, int i, int j)
{
    return (long)i * (n - 1) - (long)i * (i - 1) / 2 + (j - i - 1);
}

void schedule_game(const struct schedule *s, long index, struct scheduled_game *out)
{
    long pairings = schedule_pairings(s);
    long pairs = (s->games_per_pairing + 1) / 2; /* colour-swapped pairs of games */
    bool odd = s->games_per_pairing % 2;
    long per_round = pairings * s->games_per_pairing;
    long in_round = index % per_round;
    long round = index / per_round;
    int bots[2];
    long p;

    /* A gauntlet, or a round robin of few bots, is one block of every pairing. */
    struct block b = {.pairings = pairings};
    if (schedule_group_size(s) < s->nbots)
        b = block_of(s, in_round);
    /* In a block: pair of games k, pairing q, colour c. */
    long in_block = in_round - b.first;
    long k = in_block / (b.pairings * 2);
    long rest = in_block % (b.pairings * 2);
    long q = rest / 2, c = rest % 2;
    if (odd && k == pairs - 1) {
        /* An odd last game of each pairing stands alone, in the first colours. */
        q = rest;
        c = 0;
    }
    if (schedule_group_size(s) < s->nbots) {
        block_bots(&b, q, bots);
        p = pairing_of(s->nbots, bots[0], bots[1]);
    } else {
        p = q;
        schedule_pairing_bots(s, (int)p + 1, bots);
    }
    out->id = (int)index + 1;
    out->round = (int)round + 1;
    out->pairing = (int)p + 1;
    out->bots[0] = bots[c];
    out->bots[1] = bots[1 - c];
    /* Of the game's identity (round, pair of games, pairing), not its place:
     * the same whatever the order of play, and so the same shard. */
    out->opening_id = (int)((round * pairs + k) * pairings + p) + 1;
    out->seed = schedule_opening_seed(s->seed, out->opening_id);
}

uint64_t schedule_opening_seed(uint64_t seed, int opening_id)
{
    uint64_t mix = seed ^ ((uint64_t)opening_id * 0x9E3779B97F4A7C15ull);
    return opening_random(&mix);
}

uint64_t schedule_bot_seed(uint64_t opening_seed, long id)
{
    uint64_t mix = opening_seed ^ ((uint64_t)id << 32);
    return opening_random(&mix) >> 11;
}

bool schedule_in_shard(const struct schedule *s, long index, int shard, int shards)
{
    struct scheduled_game g;

    if (shards <= 1)
        return true;
    schedule_game(s, index, &g);
    return (g.opening_id - 1) % shards == shard;
}
