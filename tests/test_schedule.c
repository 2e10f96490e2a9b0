/* test_schedule.c: the order of a tournament's games (schedule.c), pure: every
 * pairing the right number of times in both colours, colour-swapped pairs
 * together, shards disjoint and complete, small round robins in the order they
 * always had, and big ones in blocks that few live bots can play. */
#include "schedule.h"

#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

/* The order before blocks, kept here to check that small tournaments keep it:
 * by round, pair of games, pairing, colour. */
static void old_order(const struct schedule *s, long index, int *pairing, int bots[2])
{
    long pairings = schedule_pairings(s);
    long pairs = (s->games_per_pairing + 1) / 2;
    long in_round = index % (pairings * s->games_per_pairing);
    long k = in_round / (pairings * 2), rest = in_round % (pairings * 2);
    long p = rest / 2, c = rest % 2;
    if (s->games_per_pairing % 2 && k == pairs - 1) {
        p = rest;
        c = 0;
    }
    int b[2];
    schedule_pairing_bots(s, (int)p + 1, b);
    *pairing = (int)p + 1;
    bots[0] = b[c];
    bots[1] = b[1 - c];
}

static struct schedule make(enum schedule_format f, int nbots, int games, int rounds)
{
    return (struct schedule){
        .format = f, .nbots = nbots, .games_per_pairing = games, .rounds = rounds, .seed = 7};
}

/* Every pairing plays games * rounds games, as many times first as second
 * (one more for an odd count), its colour-swapped pairs next to each other
 * with one opening, and no opening is used by two pairs of games. */
static void expect_complete(const struct schedule *s)
{
    long count = schedule_count(s);
    int pairings = schedule_pairings(s);
    int *first = calloc((size_t)s->nbots * (size_t)s->nbots, sizeof(int));
    int *played = calloc((size_t)pairings + 1, sizeof(int));
    int *opening_uses = calloc((size_t)count + 1, sizeof(int));
    cr_assert(first && played && opening_uses);

    for (long i = 0; i < count; i++) {
        struct scheduled_game g;
        schedule_game(s, i, &g);
        cr_assert_eq(g.id, i + 1);
        cr_assert(g.pairing >= 1 && g.pairing <= pairings, "game %ld: pairing %d", i, g.pairing);
        int pb[2];
        schedule_pairing_bots(s, g.pairing, pb);
        cr_assert((g.bots[0] == pb[0] && g.bots[1] == pb[1]) ||
                      (g.bots[0] == pb[1] && g.bots[1] == pb[0]),
                  "game %ld: bots %d,%d are not pairing %d's", i, g.bots[0], g.bots[1], g.pairing);
        played[g.pairing]++;
        first[g.bots[0] * s->nbots + g.bots[1]]++;
        cr_assert(g.opening_id >= 1 && g.opening_id <= count, "game %ld: opening %d", i,
                  g.opening_id);
        opening_uses[g.opening_id]++;
        if (g.opening_id == 0 || opening_uses[g.opening_id] != 2)
            continue;
        /* The second game of a pair: right after the first, colours swapped. */
        struct scheduled_game before;
        schedule_game(s, i - 1, &before);
        cr_assert_eq(before.opening_id, g.opening_id, "game %ld: its pair is not next to it", i);
        cr_assert(before.bots[0] == g.bots[1] && before.bots[1] == g.bots[0]);
        cr_assert_eq(before.seed, g.seed);
    }
    int want = s->games_per_pairing * s->rounds;
    for (int p = 1; p <= pairings; p++) {
        cr_assert_eq(played[p], want, "pairing %d played %d games of %d", p, played[p], want);
        int b[2];
        schedule_pairing_bots(s, p, b);
        int ab = first[b[0] * s->nbots + b[1]], ba = first[b[1] * s->nbots + b[0]];
        cr_assert(ab == ba || ab == ba + s->rounds, "pairing %d: %d games first, %d second", p, ab,
                  ba);
    }
    for (long o = 1; o <= count; o++)
        cr_assert(opening_uses[o] <= 2, "opening %ld used by %d games", o, opening_uses[o]);
    free(first);
    free(played);
    free(opening_uses);
}

Test(schedule, every_pairing_plays_its_games_in_both_colours, .timeout = 60)
{
    for (int n = 2; n <= 41; n++)
        for (int games = 1; games <= 4; games++)
            for (int rounds = 1; rounds <= 2; rounds++) {
                struct schedule rr = make(SCHEDULE_ROUND_ROBIN, n, games, rounds);
                expect_complete(&rr);
                struct schedule g = make(SCHEDULE_GAUNTLET, n, games, rounds);
                expect_complete(&g);
            }
}

Test(schedule, small_tournaments_keep_their_order, .timeout = 30)
{
    for (int n = 2; n <= 2 * SCHEDULE_GROUP; n++)
        for (int games = 1; games <= 3; games++)
            for (int f = 0; f < 2; f++) {
                struct schedule s = make(f ? SCHEDULE_GAUNTLET : SCHEDULE_ROUND_ROBIN, n, games, 2);
                for (long i = 0; i < schedule_count(&s); i++) {
                    struct scheduled_game g;
                    int pairing, bots[2];
                    schedule_game(&s, i, &g);
                    old_order(&s, i, &pairing, bots);
                    cr_assert(g.pairing == pairing && g.bots[0] == bots[0] && g.bots[1] == bots[1],
                              "n %d, %d games: game %ld is pairing %d, was %d", n, games, i,
                              g.pairing, pairing);
                }
            }
    /* A gauntlet stays one block, however many bots. */
    struct schedule s = make(SCHEDULE_GAUNTLET, 60, 2, 1);
    for (long i = 0; i < schedule_count(&s); i++) {
        struct scheduled_game g;
        int pairing, bots[2];
        schedule_game(&s, i, &g);
        old_order(&s, i, &pairing, bots);
        cr_assert_eq(g.pairing, pairing);
    }
}

static void new_bots(const struct schedule *s, long i, int bots[2])
{
    struct scheduled_game g;
    schedule_game(s, i, &g);
    bots[0] = g.bots[0];
    bots[1] = g.bots[1];
}

static void old_bots(const struct schedule *s, long i, int bots[2])
{
    int pairing;
    old_order(s, i, &pairing, bots);
}

/* Processes a worker starts to play the games in order, keeping at most `live`
 * alive, stopping the one schedule_pick_stop picks (as tournament.c does), or
 * in the old order the one used longest ago. */
static long starts_in(const struct schedule *s, int live,
                      void (*order)(const struct schedule *, long, int[2]))
{
    long *last = calloc((size_t)s->nbots, sizeof(long));
    bool *alive = calloc((size_t)s->nbots, sizeof(bool));
    long starts = 0;
    int n_alive = 0;
    cr_assert(last && alive);
    for (long i = 0; i < schedule_count(s); i++) {
        struct scheduled_game g;
        order(s, i, g.bots);
        for (int k = 0; k < 2; k++) {
            int b = g.bots[k];
            if (!alive[b]) {
                while (n_alive >= live) {
                    int old = -1;
                    if (order == new_bots)
                        old = schedule_pick_stop(s, i, &g, alive, last);
                    else /* before blocks: the one used longest ago */
                        for (int o = 0; o < s->nbots; o++)
                            if (alive[o] && o != g.bots[0] && o != g.bots[1] &&
                                (old < 0 || last[o] < last[old]))
                                old = o;
                    cr_assert_geq(old, 0);
                    alive[old] = false;
                    n_alive--;
                }
                alive[b] = true;
                n_alive++;
                starts++;
            }
            last[b] = i + 1;
        }
    }
    free(last);
    free(alive);
    return starts;
}

Test(schedule, big_round_robins_go_in_blocks_that_few_live_bots_can_play, .timeout = 60)
{
    /* 50 bots, 2 games a pairing: 2,450 games. In the old order, 16 live bots
     * start a process for nearly every game; in blocks, each group is started
     * once a row of blocks, and the first group of the row stays. */
    struct schedule s = make(SCHEDULE_ROUND_ROBIN, 50, 2, 1);
    long blocks = starts_in(&s, 2 * SCHEDULE_GROUP, new_bots);
    long before = starts_in(&s, 2 * SCHEDULE_GROUP, old_bots);
    long games = schedule_count(&s);
    int groups = (50 + SCHEDULE_GROUP - 1) / SCHEDULE_GROUP;
    /* A group's start per block, and its row's first group once more. */
    cr_assert_leq(blocks, (long)SCHEDULE_GROUP * (groups * (groups + 1) / 2 + groups),
                  "%ld starts for %ld games", blocks, games);
    cr_assert_lt(blocks * 5, before, "%ld starts in blocks, %ld before", blocks, before);
    cr_log_info("50 bots, 16 live: %ld starts for %ld games (%ld before blocks)", blocks, games,
                before);
    /* All alive: each bot started once. */
    cr_assert_eq(starts_in(&s, 50, new_bots), 50);

    /* In every block, at most 2 * SCHEDULE_GROUP bots take part. */
    for (int n = 17; n <= 70; n += 13) {
        struct schedule b = make(SCHEDULE_ROUND_ROBIN, n, 3, 2);
        long per_round = schedule_count(&b) / 2;
        int distinct = 0;
        bool seen[80] = {false};
        for (long i = 0; i < per_round; i++) {
            struct scheduled_game g;
            schedule_game(&b, i, &g);
            for (int k = 0; k < 2; k++)
                if (!seen[g.bots[k]]) {
                    seen[g.bots[k]] = true;
                    distinct++;
                }
        }
        cr_assert_eq(distinct, n);
        cr_assert_lt(starts_in(&b, 2 * SCHEDULE_GROUP, new_bots) * 3,
                     starts_in(&b, 2 * SCHEDULE_GROUP, old_bots), "%d bots", n);
    }
}

Test(schedule, shards_are_disjoint_and_complete, .timeout = 60)
{
    for (int n = 3; n <= 40; n += 7)
        for (int shards = 1; shards <= 5; shards++) {
            struct schedule s = make(SCHEDULE_ROUND_ROBIN, n, 4, 2);
            long count = schedule_count(&s);
            for (long i = 0; i < count; i++) {
                int owners = 0;
                for (int k = 0; k < shards; k++)
                    owners += schedule_in_shard(&s, i, k, shards);
                cr_assert_eq(owners, 1, "%d bots, %d shards: game %ld in %d shards", n, shards,
                             i + 1, owners);
                /* A colour-swapped pair goes to one shard. */
                struct scheduled_game g, h;
                schedule_game(&s, i, &g);
                if (i + 1 < count) {
                    schedule_game(&s, i + 1, &h);
                    if (h.opening_id == g.opening_id)
                        for (int k = 0; k < shards; k++)
                            cr_assert_eq(schedule_in_shard(&s, i, k, shards),
                                         schedule_in_shard(&s, i + 1, k, shards));
                }
            }
        }
}
