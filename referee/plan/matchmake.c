/* matchmake.c: which two entries of a league meet next (the rule is in
 * matchmake.h). Pure: O(n^2) per pick over the field, no allocation. */
#include "matchmake.h"

#include "fisher.h"
#include "opening.h"

#include <math.h>
#include <stddef.h>
#include <stdlib.h>

/* A pair's overlap when it is drawn by weight: never below this, so that two
 * entries about to be separated still get the games that separate them. */
#define MM_OVERLAP_FLOOR 0.25

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

/* i's better neighbour: the one it overlaps more; the tie-break between equals. */
static int mm_best_neighbour(const struct mm_field *f, int i)
{
    int up = mm_above_of(f, i), down = mm_below(f, i);
    if (up < 0 || down < 0)
        return up < 0 ? down : up;
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
        long met = f->met[(size_t)i * (size_t)f->n + (size_t)j];
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

/* Rule 3's neighbours into t (room for n): those that overlap, or if none
 * does, all of them. Returns how many. */
static int mm_targets(const struct mm_field *f, struct mm_target *t)
{
    int count = 0;
    for (int pass = 0; pass < 2 && count == 0; pass++) {
        int place = 1, top = mm_top(f);
        for (int i = top, j = mm_below(f, top); j >= 0; i = j, j = mm_below(f, j), place++) {
            double w = mm_weight(f, i, j, place, pass == 0);
            if (w > 0)
                t[count++] = (struct mm_target){.x = i, .y = j, .w = w};
        }
    }
    return count;
}

/* What rule 3 reads of the covariance, at hand: the transpose (rows for
 * fisher_pair_gain), and each entry's variance and margin. */
struct mm_cov {
    const double *cov, *tcov;
    const double *var, *margin;
};

/* How much the variance `gain` (Elo^2) taken off x's narrows its interval. */
static double mm_narrowing(const struct mm_cov *c, int x, double gain)
{
    double var = c->var[x];
    if (!(var > 0))
        return 0;
    return c->margin[x] * (1.0 - sqrt(fmax(0.0, 1.0 - gain / var)));
}

/* What two games between a and b do for the targets: how much they narrow
 * the intervals of each two neighbours, weighted. */
static double mm_value(const struct mm_field *f, const struct mm_cov *c, const struct mm_target *t,
                       int count, int a, int b)
{
    struct fisher_pair p;
    double value = 0;
    fisher_pair_init(&p, f->n, c->cov, c->tcov,
                     &(struct fisher_meet){a, b, mm_elo(&f->e[a]), mm_elo(&f->e[b])});
    for (int k = 0; k < count; k++) {
        double gx = fisher_pair_gain(&p, t[k].x), gy = fisher_pair_gain(&p, t[k].y);
        value += t[k].w * (mm_narrowing(c, t[k].x, gx) + mm_narrowing(c, t[k].y, gy));
    }
    return value;
}

/* The active pair of the most value; the tie-break between equals. */
static bool mm_best_pair(const struct mm_field *f, const struct mm_cov *c,
                         const struct mm_target *t, int count, int out[2])
{
    double best = 0;
    uint64_t best_key = 0;
    bool found = false;
    for (int a = 0; a < f->n; a++)
        for (int b = a + 1; b < f->n && f->e[a].active; b++) {
            if (!f->e[b].active)
                continue;
            double v = mm_value(f, c, t, count, a, b);
            if (!(v > best) && !(found && v == best))
                continue;
            uint64_t key = mm_hash(f, (uint64_t)a * (uint64_t)f->n + (uint64_t)b);
            if (v > best || key < best_key) {
                best = v;
                best_key = key;
                mm_out(a, b, out);
                found = true;
            }
        }
    return found;
}

/* The covariance of the field's ratings, with what mm_cov holds, into the
 * n * (2n + 2) doubles of mem. False without memory for the fit. */
static bool mm_cov_fill(const struct mm_field *f, double *mem, struct mm_cov *c)
{
    size_t n = (size_t)f->n;
    double *cov = mem, *tcov = mem + n * n, *var = tcov + n * n, *margin = var + n;
    for (size_t i = 0; i < n; i++)
        var[i] = mm_elo(&f->e[i]); /* the ratings, until the fit is done */
    if (fisher_covariance(f->n, f->met, var, cov) < 0)
        return false;
    for (size_t i = 0; i < n; i++) {
        for (size_t j = 0; j < n; j++)
            tcov[j * n + i] = cov[i * n + j];
        var[i] = cov[i * n + i];
        margin[i] = isfinite(f->e[i].margin) ? mm_margin(&f->e[i]) : 1.96 * sqrt(var[i]);
    }
    *c = (struct mm_cov){.cov = cov, .tcov = tcov, .var = var, .margin = margin};
    return true;
}

/* Rule 3. Without the memory for the covariance, the targets themselves are
 * drawn by weight; without the memory for those, the top two play. */
static void mm_standings(const struct mm_field *f, int out[2])
{
    size_t n = (size_t)f->n;
    struct mm_target *t = malloc(n * sizeof(*t));
    double *mem = malloc(n * (2 * n + 2) * sizeof(*mem));
    struct mm_cov c;
    int top = mm_top(f), count = t ? mm_targets(f, t) : 0;
    mm_out(top, mm_below(f, top), out);
    if (count > 0 && mem && mm_cov_fill(f, mem, &c) && mm_best_pair(f, &c, t, count, out))
        count = 0;
    double total = 0;
    for (int k = 0; k < count; k++)
        total += t[k].w;
    double x = (double)(mm_hash(f, (uint64_t)f->n + 1) >> 11) * 0x1p-53 * total;
    for (int k = 0; k < count; k++) {
        if (x < t[k].w || k == count - 1) {
            mm_out(t[k].x, t[k].y, out);
            break;
        }
        x -= t[k].w;
    }
    free(t);
    free(mem);
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
        mm_out(i, mm_best_neighbour(f, i), out);
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
