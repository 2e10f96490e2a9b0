/* rating.c: ratings from results: cutechess-cli's Elo difference for two bots,
 * and the one Bradley-Terry fit with a weak prior for every field (its
 * Newton steps in rating_solve.c). Pure: no I/O.
 *
 * Why a better result never lowers a bot's rating, as fitted or as shown (the
 * max principle). At the fit the gradient of the log-posterior f is 0. Raise
 * a's points against b by t (a loss to a draw, a draw to a win; b's fall as
 * much): the ratings move by v = dx/dt = H^-1 (e_a - e_b), H = -Hessian of f,
 * the pairs' weighted Laplacian (weights w > 0 on pairs that met) plus the
 * prior's positive diagonal c. Row k of H v = e_a - e_b reads
 *   v_k (c_k + sum_l w_kl) = sum_l w_kl v_l + [k = a] - [k = b].
 * If v's maximum M were positive and at some k != a, then M (c_k + sum w) <=
 * M sum w (less 1 at k = b): M c_k <= 0, impossible. Summing every row gives
 * sum_k c_k v_k = 0, so v is 0 or takes a positive value. Hence v_a >= v_k for
 * every k: a's rating rises (v_a >= 0), and so does a's rating less its
 * group's mean (v_a >= the mean of v), at every point of the path from the old
 * result to the new (H is positive definite all along, so the fit moves
 * smoothly). tests/test_rating.c checks it on the four bots and on
 * 6,000 random tables. */
#include "rating.h"
#include "rating_solve.h"

#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>

#define Z95 1.959963984540054 /* the 97.5% quantile of the normal law */

/* Marks in rating_work's state, by bot. */
enum {
    RATE_LIVE = 1,   /* has games, not yet in a group */
    RATE_TAKEN = 2,  /* in a group */
    RATE_AHEAD = 4,  /* reached from the group's first bot through points scored */
    RATE_BEHIND = 8, /* reaches the group's first bot through points scored */
};

int rating_work_init(struct rating_work *w, size_t cap)
{
    size_t pairs = cap * (cap > 0 ? cap - 1 : 0) / 2;

    *w = (struct rating_work){.cap = cap};
    w->state = calloc(cap + 1, sizeof(*w->state));
    w->member = calloc(cap + 1, sizeof(*w->member));
    w->queue = calloc(cap + 1, sizeof(*w->queue));
    w->vec = calloc(RATING_VECTORS * cap + 1, sizeof(*w->vec));
    w->mat = calloc(cap * cap + 1, sizeof(*w->mat));
    w->edge = calloc(pairs + 1, sizeof(*w->edge));
    w->last = calloc(cap + 1, sizeof(*w->last));
    if (!w->state || !w->member || !w->queue || !w->vec || !w->mat || !w->edge || !w->last) {
        rating_work_release(w);
        return -ENOMEM;
    }
    return 0;
}

void rating_work_release(struct rating_work *w)
{
    free(w->state);
    free(w->member);
    free(w->queue);
    free(w->vec);
    free(w->mat);
    free(w->edge);
    free(w->last);
    *w = (struct rating_work){0};
}

double rating_elo_of_score(double p)
{
    if (p >= 1)
        return INFINITY;
    if (p <= 0)
        return -INFINITY;
    return -400.0 * log10(1.0 / p - 1.0);
}

void rating_elo_pair(int w, int d, int l, struct elo_pair *out)
{
    double n = (double)w + d + l;
    double s = (w + d / 2.0) / n;
    double var = (w * (1 - s) * (1 - s) + d * (0.5 - s) * (0.5 - s) + l * s * s) / n;
    double dev = sqrt(var / n);

    out->elo = rating_elo_of_score(s);
    out->error = (rating_elo_of_score(s + Z95 * dev) - rating_elo_of_score(s - Z95 * dev)) / 2;
    if (n > 0 && (s <= 0 || s >= 1)) /* the variance is 0, yet nothing bounds the rating */
        out->error = INFINITY;
    if (w + l > 0)
        out->los = 0.5 + 0.5 * erf(((double)w - l) / sqrt(2.0 * ((double)w + l)));
    else
        out->los = n > 0 ? 0.5 : NAN;
    out->draw_ratio = d / n;
}

static int games_of(const struct rater *st, size_t i, size_t j)
{
    return st->wins[i * st->cap + j] + st->wins[j * st->cap + i] + st->draws[i * st->cap + j];
}

static double points_of(const struct rater *st, size_t i, size_t j)
{
    return st->wins[i * st->cap + j] + 0.5 * st->draws[i * st->cap + j];
}

/* Gather into st->member the live bots connected to bot i by games, and the
 * pairs among them that met into st->edge (by index in st->member). */
static void gather(struct rater *st, size_t i)
{
    int *state = st->w->state;
    size_t m = 0, e = 0;

    st->member[m++] = i;
    state[i] = RATE_TAKEN;
    for (size_t q = 0; q < m; q++)
        for (size_t j = 0; j < st->n; j++)
            if (state[j] == RATE_LIVE && games_of(st, st->member[q], j) > 0) {
                state[j] = RATE_TAKEN;
                st->member[m++] = j;
            }
    for (size_t a = 0; a < m; a++)
        for (size_t b = a + 1; b < m; b++) {
            size_t u = st->member[a], v = st->member[b];
            int games = games_of(st, u, v);
            if (games > 0)
                st->edge[e++] = (struct rating_edge){.a = (unsigned)a,
                                                     .b = (unsigned)b,
                                                     .games = games,
                                                     .points = points_of(st, u, v)};
        }
    st->m = m;
    st->e = e;
}

/* Mark (with mark) every bot of the group that its first bot reaches through
 * points scored: forward, i beat or drew j; else backward. Returns how many. */
static size_t reach(struct rater *st, int mark, bool forward)
{
    size_t *queue = st->w->queue, found = 0;
    int *state = st->w->state;

    queue[found++] = st->member[0];
    state[st->member[0]] |= mark;
    for (size_t q = 0; q < found; q++)
        for (size_t b = 0; b < st->m; b++) {
            size_t i = queue[q], j = st->member[b];
            double pts = forward ? points_of(st, i, j) : points_of(st, j, i);
            if (!(state[j] & mark) && pts > 0) {
                state[j] |= mark;
                queue[found++] = j;
            }
        }
    return found;
}

/* Rate the group in st->member, shifted to mean 0. The plain likelihood has a
 * finite maximum when every bot reaches every other through points scored
 * (else someone, or a circle, won or lost every game against the rest): the
 * rows say whether it has. */
static void rate_group(struct rater *st)
{
    size_t m = st->m;
    double *x = st->x, mean = 0;
    bool plain = reach(st, RATE_AHEAD, true) == m && reach(st, RATE_BEHIND, false) == m;

    st->groups++;
    for (size_t a = 0; a < m; a++) {
        size_t i = st->member[a];
        x[a] = st->warm && i < st->w->last_n ? st->w->last[i] : 0;
    }
    rating_solve(st);
    for (size_t a = 0; a < m; a++) {
        st->w->last[st->member[a]] = x[a];
        mean += x[a];
    }
    mean /= (double)m;
    if (st->intervals)
        rating_solve_variances(st, st->d);
    for (size_t a = 0; a < m; a++) {
        struct rating *b = &st->bots[st->member[a]];
        double half = st->intervals ? Z95 * sqrt(st->d[a]) * RATING_ELO_PER_NAT : NAN;
        b->elo = (x[a] - mean) * RATING_ELO_PER_NAT;
        b->elo_lo = b->elo - half;
        b->elo_hi = b->elo + half;
        b->group = st->groups;
        b->prior = !plain;
    }
}

static void rate(size_t n, size_t cap, const int *wins, const int *draws, struct rating_work *w,
                 struct rating *out, bool intervals)
{
    struct rater st = {.n = n,
                       .cap = cap,
                       .wins = wins,
                       .draws = draws,
                       .bots = out,
                       .w = w,
                       .member = w->member,
                       .edge = w->edge,
                       .mat = w->mat,
                       .intervals = intervals,
                       .warm = w->last_n > 0 && n >= w->last_n};

    if (n == 0)
        return; /* nothing to rate; w's vectors may not even exist (cap 0) */
    for (size_t k = 0; k < RATING_VECTORS; k++)
        st.v[k] = w->vec + k * cap;
    st.x = st.v[0];
    st.d = st.v[1];
    for (size_t i = 0; i < n; i++) {
        out[i] = (struct rating){.elo = NAN, .elo_lo = NAN, .elo_hi = NAN};
        w->state[i] = 0;
        for (size_t j = 0; j < n && !w->state[i]; j++)
            if (j != i && games_of(&st, i, j) > 0)
                w->state[i] = RATE_LIVE;
    }
    for (size_t i = 0; i < n; i++)
        if (w->state[i] == RATE_LIVE) {
            gather(&st, i);
            rate_group(&st);
        }
    for (size_t i = 0; i < n; i++)
        if (!(w->state[i] & RATE_TAKEN))
            w->last[i] = 0;
    w->last_n = n;
}

void rating_fit(size_t n, size_t cap, const int *wins, const int *draws, struct rating_work *w,
                struct rating *out)
{
    rate(n, cap, wins, draws, w, out, true);
}

void rating_fit_elo(size_t n, size_t cap, const int *wins, const int *draws, struct rating_work *w,
                    struct rating *out)
{
    rate(n, cap, wins, draws, w, out, false);
}
