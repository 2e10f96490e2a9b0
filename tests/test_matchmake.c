/* test_matchmake.c: a league's matchmaking (matchmake.c) on the schedule
 * alone: new entries play the field first, every active entry keeps its
 * minimum share over a long simulated league, retired entries never play,
 * the same inputs give the same pair, the top of the table gets the games,
 * and games on settled pairs stay at the minimum share (a league on plan/). */
#include "league.h"
#include "matchmake.h"

#include <criterion/criterion.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#define CAP 32

/* A league played on paper: its entries, who met whom, and how many games. */
struct sim {
    int n;
    struct mm_entry e[CAP];
    long met[CAP * CAP];
    long played;
    uint64_t seed;
};

static struct mm_field sim_field(const struct sim *s)
{
    return (struct mm_field){
        .n = s->n, .e = s->e, .met = s->met, .played = s->played, .seed = s->seed};
}

/* n active entries, rated from the strongest down in steps of `step` Elo, each
 * with `games` games and a margin that shrinks as 600 / sqrt(games). */
static void sim_init(struct sim *s, int n, double step, long games)
{
    memset(s, 0, sizeof *s);
    s->n = n;
    s->seed = 42;
    for (int i = 0; i < n; i++)
        s->e[i] = (struct mm_entry){.active = true,
                                    .games = games,
                                    .elo = -step * i,
                                    .margin = games ? 600 / sqrt((double)games) : INFINITY};
}

/* Pick and play one colour-swapped pair; returns the pair through out. */
static void sim_step(struct sim *s, const struct mm_rules *r, int out[2])
{
    struct mm_field f = sim_field(s);
    cr_assert(matchmake_pick(&f, r, out), "no pair at game %ld", s->played);
    cr_assert(out[0] < out[1] && out[0] >= 0 && out[1] < s->n, "pair %d,%d", out[0], out[1]);
    cr_assert(s->e[out[0]].active && s->e[out[1]].active, "a retired entry picked: %d,%d", out[0],
              out[1]);
    s->played += 2;
    for (int k = 0; k < 2; k++) {
        struct mm_entry *e = &s->e[out[k]];
        e->games += 2;
        e->last = s->played;
        e->margin = 600 / sqrt((double)e->games);
    }
    s->met[out[0] * s->n + out[1]] += 2;
    s->met[out[1] * s->n + out[0]] += 2;
}

Test(matchmake, a_new_entry_plays_the_field_first_meeting_each_opponent_in_turn, .timeout = 10)
{
    struct sim s;
    sim_init(&s, 6, 30, 40);
    s.played = 120;
    for (int i = 0; i < 6; i++)
        s.e[i].last = 110 + i;
    s.e[5] = (struct mm_entry){.active = true, .elo = 0, .margin = INFINITY};
    struct mm_field f = sim_field(&s);
    struct mm_rules r = matchmake_default_rules(&f);
    r.min_share = 0;
    cr_assert_eq(r.min_games, 20);
    for (int k = 0; k < 10; k++) {
        int p[2];
        sim_step(&s, &r, p);
        cr_assert_eq(p[1], 5, "pair %d of the new entry's first ten: %d,%d", k, p[0], p[1]);
        long lo = LONG_MAX, hi = 0;
        for (int j = 0; j < 5; j++) {
            long m = s.met[5 * s.n + j];
            lo = m < lo ? m : lo;
            hi = m > hi ? m : hi;
        }
        cr_assert(hi - lo <= 2, "after %d pairs it met one opponent %ld games, another %ld", k + 1,
                  hi, lo);
    }
    cr_assert_eq(s.e[5].games, 20);
    int with_new = 0;
    for (int k = 0; k < 50; k++) {
        int p[2];
        sim_step(&s, &r, p);
        with_new += p[1] == 5;
    }
    cr_assert(with_new < 50, "once past its first games, the new entry still plays every pair");
}

Test(matchmake, two_new_entries_take_turns_and_may_meet_only_after_the_field, .timeout = 10)
{
    struct sim s;
    sim_init(&s, 5, 30, 40);
    s.played = 100;
    s.e[3] = (struct mm_entry){.active = true, .margin = INFINITY};
    s.e[4] = (struct mm_entry){.active = true, .margin = INFINITY};
    struct mm_field f = sim_field(&s);
    struct mm_rules r = matchmake_default_rules(&f);
    r.min_share = 0;
    int p[2];
    for (int k = 0; k < 6; k++) {
        sim_step(&s, &r, p);
        cr_assert(p[1] >= 3, "pair %d: %d,%d has no new entry", k, p[0], p[1]);
        cr_assert(!(p[0] == 3 && p[1] == 4), "pair %d: the new entries met before the field", k);
        cr_assert(labs(s.e[3].games - s.e[4].games) <= 2, "one new entry runs ahead");
    }
    sim_step(&s, &r, p);
    cr_assert(p[0] == 3 && p[1] == 4, "having met the field, they did not meet: %d,%d", p[0], p[1]);
}

/* A league of 20 entries from its start, 16 of them far apart below the top
 * four, played for 3000 pairs: the top overlaps and would take every game;
 * each entry must still wait no more than the header promises between pairs. */
static long longest_wait(double min_share, long *fewest)
{
    struct sim s;
    sim_init(&s, 20, 10, 0);
    for (int i = 4; i < 20; i++)
        s.e[i].elo = -400.0 * i;
    struct mm_field f = sim_field(&s);
    struct mm_rules r = matchmake_default_rules(&f);
    r.min_share = min_share;
    long worst = 0;
    for (int k = 0; k < 3000; k++) {
        int p[2];
        sim_step(&s, &r, p);
        for (int i = 0; i < s.n; i++)
            if (s.played - s.e[i].last > worst)
                worst = s.played - s.e[i].last;
    }
    *fewest = LONG_MAX;
    for (int i = 0; i < s.n; i++)
        *fewest = s.e[i].games < *fewest ? s.e[i].games : *fewest;
    return worst;
}

Test(matchmake, every_active_entry_keeps_its_minimum_share_over_a_long_league, .timeout = 30)
{
    long fewest;
    double share = 1.0 / 40;
    long wait = longest_wait(share, &fewest);
    long promised = (long)(2 / share) + 2 * 20;
    cr_assert(wait <= promised, "an entry waited %ld games, more than %ld", wait, promised);
    cr_assert(fewest >= (long)(share * 6000 * 0.9), "an entry played %ld of 6000 games", fewest);
    /* Without the floor the top takes everything: the test above can fail. */
    longest_wait(0, &fewest);
    cr_assert(fewest < (long)(share * 6000 * 0.5), "without a floor the bottom still played %ld",
              fewest);
}

Test(matchmake, retired_entries_are_never_picked, .timeout = 10)
{
    struct sim s;
    sim_init(&s, 12, 5, 30);
    for (int i = 0; i < 12; i += 3)
        s.e[i].active = false;
    s.e[1] = (struct mm_entry){.active = true, .margin = INFINITY};
    struct mm_field f = sim_field(&s);
    struct mm_rules r = matchmake_default_rules(&f);
    cr_assert_float_eq(r.min_share, 1.0 / 16, 1e-12);
    for (int k = 0; k < 2000; k++) {
        int p[2];
        sim_step(&s, &r, p); /* asserts both active */
    }
    for (int i = 0; i < 12; i += 3)
        cr_assert_eq(s.e[i].games, 30, "retired entry %d played", i);
}

Test(matchmake, fewer_than_two_active_entries_give_no_pair, .timeout = 10)
{
    struct sim s;
    sim_init(&s, 3, 10, 10);
    s.e[0].active = s.e[2].active = false;
    struct mm_field f = sim_field(&s);
    struct mm_rules r = matchmake_default_rules(&f);
    int p[2] = {-1, -1};
    cr_assert_not(matchmake_pick(&f, &r, p));
    s.e[1].active = false;
    cr_assert_not(matchmake_pick(&f, &r, p));
    f.n = 0;
    cr_assert_not(matchmake_pick(&f, &r, p));
    cr_assert_eq(p[0], -1);
}

/* Entries that have all met each other `each` games, as after a round robin. */
static void sim_met_all(struct sim *s, long each)
{
    for (int i = 0; i < s->n; i++)
        for (int j = 0; j < s->n; j++)
            s->met[i * s->n + j] = i == j ? 0 : each;
}

Test(matchmake, the_same_inputs_give_the_same_pairs, .timeout = 10)
{
    struct sim a, b;
    sim_init(&a, 10, 8, 0);
    b = a;
    struct mm_field f = sim_field(&a);
    struct mm_rules r = matchmake_default_rules(&f);
    for (int k = 0; k < 400; k++) {
        int pa[2], pb[2];
        sim_step(&a, &r, pa);
        sim_step(&b, &r, pb);
        cr_assert(pa[0] == pb[0] && pa[1] == pb[1], "pair %d: %d,%d then %d,%d", k, pa[0], pa[1],
                  pb[0], pb[1]);
    }
}

Test(matchmake, ties_are_broken_by_the_seed_and_the_count_of_games, .timeout = 10)
{
    struct sim s;
    sim_init(&s, 8, 10, 70);
    s.e[7] = (struct mm_entry){.active = true, .margin = INFINITY};
    /* The new entry has met no one: its first opponent is a tie of seven. */
    struct mm_rules r = {.min_games = 20, .min_share = 0};
    bool seen[8] = {false};
    int distinct = 0;
    for (int k = 0; k < 200; k++) {
        s.seed = (uint64_t)k % 10;
        s.played = 560 + 2 * (k / 10);
        struct mm_field f = sim_field(&s);
        int p[2];
        cr_assert(matchmake_pick(&f, &r, p));
        cr_assert_eq(p[1], 7);
        distinct += !seen[p[0]];
        seen[p[0]] = true;
    }
    cr_assert_eq(distinct, 7, "only %d of the 7 opponents over 200 seeds and counts", distinct);
}

Test(matchmake, the_top_of_the_table_gets_the_most_games, .timeout = 10)
{
    struct sim s;
    sim_init(&s, 10, 40, 90); /* 40 Elo apart, margins of 63: neighbours overlap */
    sim_met_all(&s, 10);
    struct mm_rules r = {.min_games = 20, .min_share = 0};
    long before[CAP];
    for (int i = 0; i < s.n; i++)
        before[i] = s.e[i].games;
    for (int k = 0; k < 500; k++) {
        int p[2];
        sim_step(&s, &r, p);
    }
    long top = 0, bottom = 0;
    for (int i = 0; i < 3; i++) {
        top += s.e[i].games - before[i];
        bottom += s.e[9 - i].games - before[9 - i];
    }
    cr_assert(top > 2 * bottom, "the top three played %ld games, the bottom three %ld", top,
              bottom);
}

Test(matchmake, games_go_to_the_neighbours_that_overlap, .timeout = 10)
{
    struct sim s;
    sim_init(&s, 6, 200, 400); /* margins of 30, 200 apart: no overlap */
    sim_met_all(&s, 80);
    s.e[4].elo = s.e[3].elo - 20; /* but 4th and 5th overlap */
    struct mm_rules r = {.min_games = 20, .min_share = 0};
    for (int k = 0; k < 50; k++) {
        int p[2];
        sim_step(&s, &r, p);
        cr_assert(p[0] == 3 || p[0] == 4 || p[1] == 3 || p[1] == 4, "pair %d: %d,%d", k, p[0],
                  p[1]);
    }
}

Test(matchmake, an_overdue_entry_plays_before_new_entries, .timeout = 10)
{
    struct sim s;
    sim_init(&s, 5, 10, 40);
    s.played = 400;
    for (int i = 0; i < 5; i++)
        s.e[i].last = 398;
    s.e[2].last = 300; /* 100 games ago; 2 / share = 40 */
    s.e[4] = (struct mm_entry){.active = true, .margin = INFINITY};
    struct mm_field f = sim_field(&s);
    struct mm_rules r = {.min_games = 20, .min_share = 0.05};
    int p[2];
    cr_assert(matchmake_pick(&f, &r, p));
    cr_assert(p[0] == 2 || p[1] == 2, "picked %d,%d", p[0], p[1]);
    s.e[2].last = 398;
    cr_assert(matchmake_pick(&f, &r, p));
    cr_assert_eq(p[1], 4, "picked %d,%d: not the new entry", p[0], p[1]);
}

Test(matchmake, without_latest_games_the_share_counts_over_the_league_life, .timeout = 10)
{
    struct sim s;
    sim_init(&s, 4, 10, 100);
    s.played = 1000;
    s.e[3].games = 30; /* owes 0.05 * 1000 - 30 = 20 games */
    struct mm_field f = sim_field(&s);
    struct mm_rules r = {.min_games = 20, .min_share = 0.05};
    int p[2];
    cr_assert(matchmake_pick(&f, &r, p));
    cr_assert_eq(p[1], 3, "picked %d,%d", p[0], p[1]);
    s.e[3].games = 50; /* its share exactly: the standings choose, until it falls behind */
    int without = 0;
    for (long played = 1000; played < 1040; played += 2) {
        s.played = played;
        f = sim_field(&s);
        cr_assert(matchmake_pick(&f, &r, p));
        without += p[1] != 3;
    }
    cr_assert(without > 0, "an entry at its share was picked every time");
    s.played = 1060;
    f = sim_field(&s);
    cr_assert(matchmake_pick(&f, &r, p));
    cr_assert_eq(p[1], 3, "an entry 3 games behind its share was not picked: %d,%d", p[0], p[1]);
}

/* A league on plan/ alone (league.h, whose picks are matchmake_pick's), of
 * entries of known strength (nats; a sweeper wins every game), each pair's
 * games drawn from the Bradley-Terry law by a seeded generator. Returns the
 * share of games past `from` played on pairs one side had won every game of,
 * and each entry's games past it through games. */
static double league_settled_share(const double *strength, int n, int sweeper, long total,
                                   long from, long *games)
{
    struct league l;
    uint64_t rng = 11;
    int won[8][8] = {{0}}, met[8][8] = {{0}};
    long settled = 0, counted = 0;
    cr_assert_eq(league_init(&l, 5, MM_MIN_GAMES_DEFAULT, LEAGUE_LAG), 0);
    for (int i = 0; i < n; i++)
        cr_assert_eq(league_enter(&l, 1), i);
    for (long id = 1; id <= total; id++) {
        struct scheduled_game g;
        cr_assert_eq(league_game(&l, id, &g), 1);
        int a = g.bots[0], b = g.bots[1];
        if (id > from) {
            counted++;
            settled += met[a][b] > 0 && (won[a][b] == met[a][b] || won[b][a] == met[a][b]);
            games[a]++;
            games[b]++;
        }
        double p = 1.0 / (1.0 + exp(strength[b] - strength[a]));
        uint64_t z = (rng += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        bool first =
            a == sweeper || (b != sweeper && (double)((z ^ (z >> 31)) >> 11) * 0x1p-53 < p);
        int w = first ? a : b;
        won[w][w == a ? b : a]++;
        met[a][b]++;
        met[b][a]++;
        int bots[2] = {a, b};
        cr_assert_eq(league_record(&l, bots, first ? SIDE_FIRST : SIDE_SECOND, false), 0);
    }
    league_release(&l);
    return (double)settled / (double)counted;
}

Test(matchmake, games_on_settled_pairs_go_no_further_than_the_minimum_share, .timeout = 60)
{
    /* Issue 37's connect-four league in miniature: a perfect player, two
     * middling entries that tie, two weak ones that tie. There the old rule
     * played 68% of games 301-600 on pairs one side had won every game of
     * (the perfect player fed on its neighbour). The minimum share asks about
     * 10% of games for the sweeper (1 / (2 * 5)); it waits at most 20 games,
     * plus 2 for each of the 4 others overdue, between two pairs, so at least
     * 20 of 300. Measured: 8.7% settled, the sweeper in 26 games (with the
     * rule of baeabfa, this same case: 65.3%, the sweeper in 196). */
    double strength[5] = {0, 0.5, 0.5, -0.5, -0.5};
    long games[5] = {0};
    double share = league_settled_share(strength, 5, 0, 600, 300, games);
    cr_expect(share <= 0.25, "%.0f%% of games 301-600 on settled pairs", 100 * share);
    cr_expect(games[0] >= 20, "the sweeper played %ld of 300 games", games[0]);
    fprintf(stderr, "settled share, games 301-600: %.1f%%; the sweeper's games %ld\n", 100 * share,
            games[0]);
}
