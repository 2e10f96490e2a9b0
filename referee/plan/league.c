/* league.c: a league's games as data: the roster by game id, its results,
 * and the pick of each pair of games (matchmake_pick). */
#include "league.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define LN10 2.302585092994046
#define ELO  (400.0 / LN10) /* Elo per nat */
#define Z95  1.959963984540054

int league_init(struct league *l, uint64_t seed, int min_games, long lag)
{
    return league_init_cap(l, seed, min_games, lag, CONFIG_MAX_BOTS);
}

int league_init_cap(struct league *l, uint64_t seed, int min_games, long lag, int cap)
{
    size_t c = (size_t)cap;
    *l =
        (struct league){.seed = seed, .min_games = min_games, .lag = lag > 0 ? lag : 1, .cap = cap};
    l->e = calloc(c, sizeof(*l->e));
    l->games = calloc(c, sizeof(*l->games));
    l->last = calloc(c, sizeof(*l->last));
    l->field = calloc(c, sizeof(*l->field));
    if (!l->e || !l->games || !l->last || !l->field || fisher_init(&l->fit, cap) < 0) {
        league_release(l);
        return -ENOMEM;
    }
    return 0;
}

void league_release(struct league *l)
{
    free(l->e);
    free(l->games);
    free(l->last);
    free(l->field);
    free(l->met);
    free(l->results);
    free(l->pairs);
    free(l->before);
    free(l->holds);
    fisher_release(&l->fit);
    *l = (struct league){0};
}

int league_enter(struct league *l, long from)
{
    if (l->n == l->cap)
        return -ENOSPC;
    int n = l->n + 1;
    long *met = calloc((size_t)n * n, sizeof(*met));
    if (!met)
        return -ENOMEM;
    /* The matrix keeps the stride matchmake_pick reads: n. */
    for (int i = 0; i < l->n; i++)
        for (int j = 0; j < l->n; j++)
            met[i * n + j] = l->met[i * l->n + j];
    free(l->met);
    l->met = met;
    l->e[l->n] = (struct league_entry){.added = from};
    l->games[l->n] = 0;
    l->last[l->n] = 0;
    return l->n++;
}

void league_retire(struct league *l, int i, long from)
{
    if (i >= 0 && i < l->n && l->e[i].retired == 0)
        l->e[i].retired = from;
}

int league_suspend(struct league *l, int i, long from)
{
    if (league_is_held(l, i))
        return 0;
    if (l->nholds == l->holds_cap) {
        int cap = l->holds_cap ? 2 * l->holds_cap : 16;
        void *p = realloc(l->holds, (size_t)cap * sizeof(*l->holds));
        if (!p)
            return -ENOMEM;
        l->holds = p;
        l->holds_cap = cap;
    }
    l->holds[l->nholds++] = (struct league_hold){.entry = i, .from = from};
    return 0;
}

void league_resume(struct league *l, int i, long from)
{
    for (int h = 0; h < l->nholds; h++)
        if (l->holds[h].entry == i && l->holds[h].to == 0)
            l->holds[h].to = from;
}

bool league_is_held(const struct league *l, int i)
{
    for (int h = 0; h < l->nholds; h++)
        if (l->holds[h].entry == i && l->holds[h].to == 0)
            return true;
    return false;
}

bool league_is_active(const struct league *l, int i, long id)
{
    if (l->e[i].added > id || (l->e[i].retired != 0 && id >= l->e[i].retired))
        return false;
    for (int h = 0; h < l->nholds; h++) {
        const struct league_hold *x = &l->holds[h];
        if (x->entry == i && x->from <= id && (x->to == 0 || id < x->to))
            return false;
    }
    return true;
}

/* The pairing id of entries i and j (any order), from 1, whatever the roster's size. */
static int league_pairing(int i, int j)
{
    int lo = i < j ? i : j, hi = i < j ? j : i;
    return hi * (hi - 1) / 2 + lo + 1;
}

/* Half-points entry a scored in result r. */
static int halves_of(const struct league_result *r, int a)
{
    if (r->winner == SIDE_NONE)
        return 1;
    return r->bots[r->winner] == a ? 2 : 0;
}

/* Rate the pairs of games up to id `upto` (even) into the fit, each by a
 * rank-one update and a step (fisher_settle), in pair order: a league that
 * replays its history makes the same calls. */
static void rate_upto(struct league *l, long upto)
{
    for (; l->rated < upto; l->rated += 2) {
        const struct league_result *r = &l->results[l->rated];
        int a = r->bots[0], b = r->bots[1], games = 0, halves = 0;
        for (int g = 0; g < 2; g++) {
            if (r[g].aborted || r[g].bots[0] == r[g].bots[1])
                continue;
            games++;
            halves += halves_of(&r[g], a);
        }
        if (games == 0)
            continue;
        fisher_rate(&l->fit, a, b, games, halves);
        fisher_settle(&l->fit);
    }
}

/* The field of a pick of the first m entries at game id `first`, from the
 * fit, into l->field; returns how many are active. */
static int fill_field(struct league *l, int m, long first)
{
    const struct fisher *f = &l->fit;
    double mean = 0;
    int active = 0;
    for (int i = 0; i < m; i++)
        mean += f->x[i] / m;
    for (int i = 0; i < m; i++) {
        double var = f->cov[(size_t)i * (size_t)f->cap + (size_t)i];
        l->field[i] = (struct mm_entry){.active = league_is_active(l, i, first),
                                        .games = l->games[i],
                                        .last = l->last[i],
                                        .elo = (f->x[i] - mean) * ELO,
                                        .margin = Z95 * sqrt(var > 0 ? var : 0) * ELO};
        active += l->field[i].active;
    }
    return active;
}

/* The pick of pair k (its first game's id: 2k - 1), into out by side. The
 * field is the entries that had entered by then, so that a later one changes
 * no earlier pick. */
static int pick(struct league *l, long k, int out[2])
{
    long first = 2 * k - 1, need = 2 * (k - l->lag);
    int m = 0;

    if (need > l->nresults)
        return -EAGAIN;
    while (m < l->n && l->e[m].added <= first)
        m++;
    /* New entries join the fit before the results that may name them. */
    while (l->fit.n < m)
        fisher_add(&l->fit);
    rate_upto(l, need > 0 ? need : 0);
    if (fill_field(l, m, first) < 2)
        return 0;
    /* met has the stride l->n; the field reads the first m of each row. */
    struct mm_field f = {.n = m,
                         .e = l->field,
                         .met = l->met,
                         .met_stride = l->n,
                         .cov = l->fit.cov,
                         .cov_stride = l->fit.cap,
                         .played = first - 1,
                         .seed = l->seed};
    struct mm_rules rules = matchmake_default_rules(&f);
    rules.min_games = l->min_games;
    int ij[2];
    if (!matchmake_pick(&f, &rules, ij))
        return 0;
    /* Colours of the pair's first game alternate with k: neither entry of a
     * pairing met often is always first in its first game. */
    out[0] = ij[k % 2 == 1 ? 0 : 1];
    out[1] = ij[k % 2 == 1 ? 1 : 0];
    return 1;
}

/* Pair k's entries, picking it if it is the next to pick. */
static int pair_of(struct league *l, long k, int bots[2])
{
    if (k <= l->npairs) {
        memcpy(bots, l->pairs[k - 1], sizeof(l->pairs[0]));
        return 1;
    }
    if (k != l->npairs + 1)
        return -EINVAL;
    int rc = pick(l, k, bots);
    if (rc <= 0)
        return rc;
    if (l->npairs == l->pairs_cap) {
        long cap = l->pairs_cap ? 2 * l->pairs_cap : 256;
        void *p = realloc(l->pairs, (size_t)cap * sizeof(*l->pairs));
        if (!p)
            return -ENOMEM;
        l->pairs = p;
        if (!(p = realloc(l->before, (size_t)cap * sizeof(*l->before))))
            return -ENOMEM;
        l->before = p;
        l->pairs_cap = cap;
    }
    int a = bots[0], b = bots[1];
    l->before[l->npairs][0] = l->last[a];
    l->before[l->npairs][1] = l->last[b];
    memcpy(l->pairs[l->npairs++], bots, sizeof(l->pairs[0]));
    l->games[a] += 2;
    l->games[b] += 2;
    l->last[a] = l->last[b] = 2 * k;
    l->met[a * l->n + b] += 2;
    l->met[b * l->n + a] += 2;
    return 1;
}

int league_unpick(struct league *l, long k)
{
    if (k < 1 || 2 * k - 1 <= l->nresults)
        return -EINVAL;
    while (l->npairs >= k) {
        const int *bots = l->pairs[--l->npairs];
        int a = bots[0], b = bots[1];
        l->games[a] -= 2;
        l->games[b] -= 2;
        l->last[a] = l->before[l->npairs][0];
        l->last[b] = l->before[l->npairs][1];
        l->met[a * l->n + b] -= 2;
        l->met[b * l->n + a] -= 2;
    }
    return 0;
}

int league_game(struct league *l, long id, struct scheduled_game *g)
{
    long k = (id + 1) / 2;
    int bots[2];
    int rc = pair_of(l, k, bots);

    if (rc <= 0)
        return rc;
    int swap = id % 2 == 0;
    *g = (struct scheduled_game){.id = (int)id,
                                 .round = 1,
                                 .pairing = league_pairing(bots[0], bots[1]),
                                 .bots = {bots[swap], bots[1 - swap]},
                                 .opening_id = (int)k,
                                 .seed = schedule_opening_seed(l->seed, (int)k)};
    return 1;
}

int league_record(struct league *l, const int bots[2], int winner, bool aborted)
{
    struct scheduled_game g;
    int rc = league_game(l, l->nresults + 1, &g);

    if (rc == 0 || rc == -EAGAIN || (rc == 1 && (g.bots[0] != bots[0] || g.bots[1] != bots[1])))
        return -EINVAL;
    if (rc < 0)
        return rc;
    if (l->nresults == l->rescap) {
        long cap = l->rescap ? 2 * l->rescap : 1024;
        void *p = realloc(l->results, (size_t)cap * sizeof(*l->results));
        if (!p)
            return -ENOMEM;
        l->results = p;
        l->rescap = cap;
    }
    l->results[l->nresults++] = (struct league_result){.bots = {(short)bots[0], (short)bots[1]},
                                                       .winner = (signed char)winner,
                                                       .aborted = aborted};
    return 0;
}

long league_batch(struct league *l, long first, int shard, int shards, struct scheduled_game *out,
                  long cap)
{
    long n = 0;

    if (first != l->nresults + 1 || first % 2 == 0)
        return -EINVAL;
    for (long id = first; id < first + 2 * l->lag; id++) {
        struct scheduled_game g;
        int rc = league_game(l, id, &g);
        if (rc <= 0)
            return rc == 0 ? n : rc;
        if (((id - first) / 2) % shards != shard)
            continue;
        if (out && n < cap)
            out[n] = g;
        n++;
    }
    return n;
}
