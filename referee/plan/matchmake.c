/* matchmake.c: which two entries of a league meet next (the rule is in
 * matchmake.h). Pure: O(n log n) a pick given the field's covariance. */
#include "matchmake.h"

#include "fisher.h"
#include "opening.h"

#include <math.h>
#include <stddef.h>
#include <stdlib.h>

/* A pair's overlap when it is drawn by weight: never below this, so that two
 * entries about to be separated still get the games that separate them. */
#define MM_OVERLAP_FLOOR 0.25

static size_t mm_met_stride(const struct mm_field *f)
{
    return (size_t)(f->met_stride > 0 ? f->met_stride : f->n);
}

struct mm_rules matchmake_default_rules(const struct mm_field *f)
{
    int active = 0;
    for (int i = 0; i < f->n; i++)
        active += f->e[i].active;
    return (struct mm_rules){.min_games = MM_MIN_GAMES_DEFAULT,
                             .min_share = active ? 1.0 / (2.0 * active) : 0.0};
}

/* A number drawn from (seed, played, salt): the tie-break and the draws. */
static uint64_t mm_hash(const struct mm_field *f, uint64_t salt)
{
    uint64_t state =
        f->seed ^ ((uint64_t)f->played * 0xd1b54a32d192ed03ull) ^ (salt * 0x8cb92ba72f3d8dd7ull);
    return opening_random(&state);
}

static double mm_elo(const struct mm_entry *e)
{
    return isfinite(e->elo) ? e->elo : 0.0;
}

static double mm_margin(const struct mm_entry *e)
{
    if (isnan(e->margin))
        return INFINITY;
    return e->margin > 0 ? e->margin : 0.0;
}

/* True if a stands above b in the ranking: higher elo, then roster order. */
static bool mm_above(const struct mm_field *f, int a, int b)
{
    double ea = mm_elo(&f->e[a]), eb = mm_elo(&f->e[b]);
    return ea > eb || (ea == eb && a < b);
}

/* The active entry just below i in the ranking, or -1. */
static int mm_below(const struct mm_field *f, int i)
{
    int best = -1;
    for (int j = 0; j < f->n; j++)
        if (f->e[j].active && j != i && mm_above(f, i, j) && (best < 0 || mm_above(f, j, best)))
            best = j;
    return best;
}

/* The active entry just above i in the ranking, or -1. */
static int mm_above_of(const struct mm_field *f, int i)
{
    int best = -1;
    for (int j = 0; j < f->n; j++)
        if (f->e[j].active && j != i && mm_above(f, j, i) && (best < 0 || mm_above(f, best, j)))
            best = j;
    return best;
}

/* The active entry at the top of the ranking, or -1. */
static int mm_top(const struct mm_field *f)
{
    int top = -1;
    for (int i = 0; i < f->n; i++)
        if (f->e[i].active && (top < 0 || mm_above(f, i, top)))
            top = i;
    return top;
}

/* How close a and b are to each other's interval: (margin_a + margin_b) / gap,
 * above 1 when they overlap, INFINITY when unrated or equal. */
static double mm_closeness(const struct mm_field *f, int a, int b)
{
    double gap = fabs(mm_elo(&f->e[a]) - mm_elo(&f->e[b]));
    double sum = mm_margin(&f->e[a]) + mm_margin(&f->e[b]);
    if (isinf(sum) || gap == 0)
        return INFINITY;
    return sum / gap;
}

static void mm_out(int a, int b, int out[2])
{
    out[0] = a < b ? a : b;
    out[1] = a < b ? b : a;
}

/* How many pairs i is behind its minimum share; at least 1 when overdue. */
static double mm_debt(const struct mm_field *f, const struct mm_rules *r, int i)
{
    const struct mm_entry *e = &f->e[i];
    if (e->last > 0 || e->games == 0)
        return (double)(f->played - e->last) * r->min_share / 2.0;
    return (r->min_share * (double)f->played - (double)e->games) / 2.0;
}

/* Rule 1: the most overdue entry, or -1. */
static int mm_overdue(const struct mm_field *f, const struct mm_rules *r)
{
    int best = -1;
    double best_debt = 0;
    uint64_t best_key = 0;
    if (!(r->min_share > 0))
        return -1;
    for (int i = 0; i < f->n; i++) {
        if (!f->e[i].active || f->e[i].games < r->min_games)
            continue;
        double debt = mm_debt(f, r, i);
        uint64_t key = mm_hash(f, (uint64_t)i);
        if (debt >= 1 && (best < 0 || debt > best_debt || (debt == best_debt && key < best_key))) {
            best = i;
            best_debt = debt;
            best_key = key;
        }
    }
    return best;
}

/* Whether the result between a and b is settled: the expected score of
 * the better past MM_SETTLED_SCORE and their intervals clear of each other. */
static bool mm_is_settled(const struct mm_field *f, int a, int b)
{
    double gap = fabs(mm_elo(&f->e[a]) - mm_elo(&f->e[b]));
    double score = 1.0 / (1.0 + pow(10.0, -gap / 400.0));
    return score >= MM_SETTLED_SCORE && gap >= mm_margin(&f->e[a]) + mm_margin(&f->e[b]);
}

/* i's better neighbour: one whose pair with i is not settled, then the one
 * further behind its own share (two entries served by one pair), then the
 * one it overlaps more, then the tie-break. */
static int mm_best_neighbour(const struct mm_field *f, const struct mm_rules *r, int i)
{
    int up = mm_above_of(f, i), down = mm_below(f, i);
    if (up < 0 || down < 0)
        return up < 0 ? down : up;
    bool su = mm_is_settled(f, i, up), sd = mm_is_settled(f, i, down);
    if (su != sd)
        return su ? down : up;
    double du = r->min_share > 0 ? mm_debt(f, r, up) : 0,
           dd = r->min_share > 0 ? mm_debt(f, r, down) : 0;
    if (du != dd)
        return du > dd ? up : down;
    double cu = mm_closeness(f, i, up), cd = mm_closeness(f, i, down);
    if (cu != cd)
        return cu > cd ? up : down;
    return mm_hash(f, (uint64_t)up) < mm_hash(f, (uint64_t)down) ? up : down;
}

/* Rule 2: the new entry with fewest games, or -1. */
static int mm_newest(const struct mm_field *f, const struct mm_rules *r)
{
    int best = -1;
    for (int i = 0; i < f->n; i++) {
        const struct mm_entry *e = &f->e[i];
        if (!e->active || e->games >= r->min_games)
            continue;
        if (best < 0 || e->games < f->e[best].games ||
            (e->games == f->e[best].games && mm_hash(f, (uint64_t)i) < mm_hash(f, (uint64_t)best)))
            best = i;
    }
    return best;
}

/* The opponent a new entry i has met least: an established one before a new
 * one, then the tie-break. */
static int mm_least_met(const struct mm_field *f, const struct mm_rules *r, int i)
{
    int best = -1;
    long best_met = 0;
    bool best_new = false;
    for (int j = 0; j < f->n; j++) {
        if (!f->e[j].active || j == i)
            continue;
        long met = f->met[(size_t)i * mm_met_stride(f) + (size_t)j];
        bool is_new = f->e[j].games < r->min_games;
        bool better = best < 0 || met < best_met || (met == best_met && (best_new && !is_new)) ||
                      (met == best_met && best_new == is_new &&
                       mm_hash(f, (uint64_t)j) < mm_hash(f, (uint64_t)best));
        if (better) {
            best = j;
            best_met = met;
            best_new = is_new;
        }
    }
    return best;
}

/* The weight in rule 3 of the neighbours i, at `place`, and j below it;
 * overlapping says which of its two passes asks. 0 if not a candidate then. */
static double mm_weight(const struct mm_field *f, int i, int j, int place, bool overlapping)
{
    double c = mm_closeness(f, i, j);
    double w;
    if (overlapping) {
        if (!(c > 1))
            return 0;
        w = 1.0 - 1.0 / c;
        if (w < MM_OVERLAP_FLOOR)
            w = MM_OVERLAP_FLOOR;
    } else {
        w = c;
    }
    return w / ((double)place * (double)place);
}

/* Two neighbours in the ranking whose separation rule 3 works for. */
struct mm_target {
    int x, y; /* the higher and the lower */
    double w; /* its weight (mm_weight) */
};

/* The active entries by rank into order (room for n), through a merge sort
 * on mm_above (scratch: n more); returns how many. */
static int mm_ranking(const struct mm_field *f, int *order, int *scratch)
{
    int na = 0;
    for (int i = 0; i < f->n; i++)
        if (f->e[i].active)
            order[na++] = i;
    for (int width = 1; width < na; width *= 2) {
        for (int lo = 0; lo < na; lo += 2 * width) {
            int mid = lo + width < na ? lo + width : na;
            int hi = lo + 2 * width < na ? lo + 2 * width : na, a = lo, b = mid, k = lo;
            while (a < mid || b < hi)
                scratch[k++] = b >= hi || (a < mid && !mm_above(f, order[b], order[a]))
                                   ? order[a++]
                                   : order[b++];
        }
        for (int k = 0; k < na; k++)
            order[k] = scratch[k];
    }
    return na;
}

/* Rule 3's neighbours into t (room for MM_TARGETS), from the top down:
 * those that overlap, or if none does, all of them; settled pairs never.
 * Returns how many; *last gets the rank of the lowest. */
static int mm_targets(const struct mm_field *f, const int *order, int na, struct mm_target *t,
                      int *last)
{
    int count = 0;
    for (int pass = 0; pass < 2 && count == 0; pass++)
        for (int r = 0; r + 1 < na && count < MM_TARGETS; r++) {
            int i = order[r], j = order[r + 1];
            double w = mm_is_settled(f, i, j) ? 0 : mm_weight(f, i, j, r + 1, pass == 0);
            if (w > 0) {
                t[count++] = (struct mm_target){.x = i, .y = j, .w = w};
                *last = r + 1;
            }
        }
    return count;
}

/* What rule 3 reads of the covariance: C with its row stride, and each
 * entry's margin. */
struct mm_cov {
    const double *cov;
    int stride;
};

/* How much the variance `gain` taken off x's narrows its interval. */
static double mm_narrowing(const struct mm_field *f, const struct mm_cov *c, int x, double gain)
{
    double var = c->cov[(size_t)x * (size_t)c->stride + (size_t)x];
    if (!(var > 0))
        return 0;
    return mm_margin(&f->e[x]) * (1.0 - sqrt(fmax(0.0, 1.0 - gain / var)));
}

/* What two games between a and b do for the targets: how much they narrow
 * the intervals of each two neighbours, weighted. */
static double mm_value(const struct mm_field *f, const struct mm_cov *c, const struct mm_target *t,
                       int count, int a, int b)
{
    struct fisher_pair p;
    double value = 0;
    fisher_pair_init(&p, c->cov, c->stride,
                     &(struct fisher_meet){a, b, mm_elo(&f->e[a]), mm_elo(&f->e[b])});
    for (int k = 0; k < count; k++) {
        double gx = fisher_pair_gain(&p, t[k].x), gy = fisher_pair_gain(&p, t[k].y);
        value += t[k].w * (mm_narrowing(f, c, t[k].x, gx) + mm_narrowing(f, c, t[k].y, gy));
    }
    return value;
}

/* The unsettled pair, among each active entry down to MM_NEIGHBOURS past
 * the lowest target (rank `last`) and its MM_NEIGHBOURS next in the ranking,
 * of the most value; the tie-break between equals. False if there is none. */
static bool mm_best_pair(const struct mm_field *f, const struct mm_cov *c, const int *order, int na,
                         int last, const struct mm_target *t, int count, int out[2])
{
    double best = 0;
    uint64_t best_key = 0;
    bool found = false;
    for (int r = 0; r < na && r <= last + MM_NEIGHBOURS; r++)
        for (int s = r + 1; s < na && s <= r + MM_NEIGHBOURS; s++) {
            int a = order[r] < order[s] ? order[r] : order[s];
            int b = order[r] < order[s] ? order[s] : order[r];
            if (mm_is_settled(f, a, b))
                continue;
            double v = mm_value(f, c, t, count, a, b);
            if (found && v < best)
                continue;
            uint64_t key = mm_hash(f, (uint64_t)a * (uint64_t)f->n + (uint64_t)b);
            if (!found || v > best || key < best_key) {
                best = v;
                best_key = key;
                mm_out(a, b, out);
                found = true;
            }
        }
    return found;
}

/* The neighbours in the ranking that are closest (every pair settled): the
 * pair that plays when no game changes the standings. */
static void mm_closest(const struct mm_field *f, const int *order, int na, int out[2])
{
    double best = -1;
    for (int r = 0; r + 1 < na; r++) {
        double c = mm_closeness(f, order[r], order[r + 1]);
        if (c > best) {
            best = c;
            mm_out(order[r], order[r + 1], out);
        }
    }
}

/* A target drawn by its weight (without memory for the covariance). */
static void mm_draw(const struct mm_field *f, const struct mm_target *t, int count, int out[2])
{
    double total = 0;
    for (int k = 0; k < count; k++)
        total += t[k].w;
    double x = (double)(mm_hash(f, (uint64_t)f->n + 1) >> 11) * 0x1p-53 * total;
    for (int k = 0; k < count; k++) {
        if (x < t[k].w || k == count - 1) {
            mm_out(t[k].x, t[k].y, out);
            return;
        }
        x -= t[k].w;
    }
}

/* Rule 3. Without the field's covariance, it is computed from met (O(n^3));
 * without memory for that, a target is drawn by weight; without memory for
 * the ranking, the top two play. */
static void mm_standings(const struct mm_field *f, int out[2])
{
    size_t n = (size_t)f->n;
    int *order = malloc(2 * n * sizeof(*order)), top = mm_top(f);
    struct mm_target t[MM_TARGETS];
    double *own = NULL;
    mm_out(top, mm_below(f, top), out);
    if (!order)
        return;
    int na = mm_ranking(f, order, order + n), last = 0;
    int count = mm_targets(f, order, na, t, &last);
    struct mm_cov c = {.cov = f->cov, .stride = f->cov_stride > 0 ? f->cov_stride : f->n};
    if (count == 0) {
        mm_closest(f, order, na, out);
    } else {
        if (!c.cov && mm_met_stride(f) == n && (own = malloc(n * n * sizeof(*own)))) {
            double *elo = malloc(n * sizeof(*elo));
            for (size_t i = 0; elo && i < n; i++)
                elo[i] = mm_elo(&f->e[i]);
            if (elo && fisher_covariance(f->n, f->met, elo, own) == 0)
                c = (struct mm_cov){.cov = own, .stride = f->n};
            free(elo);
        }
        if (!c.cov || !mm_best_pair(f, &c, order, na, last, t, count, out))
            mm_draw(f, t, count, out);
    }
    free(own);
    free(order);
}

bool matchmake_pick(const struct mm_field *f, const struct mm_rules *r, int out[2])
{
    int active = 0;
    for (int i = 0; i < f->n; i++)
        active += f->e[i].active;
    if (active < 2)
        return false;
    int i = mm_overdue(f, r);
    if (i >= 0) {
        mm_out(i, mm_best_neighbour(f, r, i), out);
        return true;
    }
    i = mm_newest(f, r);
    if (i >= 0) {
        mm_out(i, mm_least_met(f, r, i), out);
        return true;
    }
    mm_standings(f, out);
    return true;
}
