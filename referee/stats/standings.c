/* standings.c: counts and ranks of a run, from one summary per game, and the
 * crosstable; the ratings come from rating.c. */
#include "standings.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct bot {
    char *name;
    char *engine; /* NULL: none said */
    int games, wins, draws, losses;
    int fouls[FOUL_COUNT];
    int fouls_total;
    int restarts;
    long long moves;
    double ms, max_ms;
};

/* Everything sized by cap is reallocated together in grow(): bots, the two
 * pair matrices (stride cap), the rows and the scratch of standings_rows, which
 * therefore cannot fail. */
struct standings {
    size_t n, cap;
    struct bot *bots;
    int *wins;  /* [i * cap + j]: games bot i won against bot j */
    int *draws; /* [i * cap + j]: games drawn between i and j, symmetric */
    struct standings_row *rows;
    size_t *order;           /* bot index of each row */
    struct rating *ratings;  /* by bot, computed by standings_rows */
    double *h2h;             /* scratch: points against the bots tied with it */
    struct rating_work work; /* scratch of the fit */
};

struct standings *standings_new(void)
{
    return calloc(1, sizeof(struct standings));
}

static void free_arrays(struct standings *st)
{
    free(st->bots);
    free(st->wins);
    free(st->draws);
    free(st->rows);
    free(st->order);
    free(st->ratings);
    free(st->h2h);
    rating_work_release(&st->work);
}

void standings_free(struct standings *st)
{
    if (!st)
        return;
    for (size_t i = 0; i < st->n; i++) {
        free(st->bots[i].name);
        free(st->bots[i].engine);
    }
    free_arrays(st);
    free(st);
}

static int grow(struct standings *st)
{
    size_t cap = st->cap ? 2 * st->cap : 8;
    struct standings g = {.n = st->n, .cap = cap};

    g.bots = calloc(cap, sizeof(*g.bots));
    g.wins = calloc(cap * cap, sizeof(*g.wins));
    g.draws = calloc(cap * cap, sizeof(*g.draws));
    g.rows = calloc(cap, sizeof(*g.rows));
    g.order = calloc(cap, sizeof(*g.order));
    g.ratings = calloc(cap, sizeof(*g.ratings));
    g.h2h = calloc(cap, sizeof(*g.h2h));
    if (!g.bots || !g.wins || !g.draws || !g.rows || !g.order || !g.ratings || !g.h2h ||
        rating_work_init(&g.work, cap) < 0) {
        free_arrays(&g);
        return -ENOMEM;
    }
    if (st->n) {
        memcpy(g.bots, st->bots, st->n * sizeof(*g.bots));
        memcpy(g.order, st->order, st->n * sizeof(*g.order));
    }
    for (size_t i = 0; i < st->n; i++) {
        memcpy(&g.wins[i * cap], &st->wins[i * st->cap], st->n * sizeof(*g.wins));
        memcpy(&g.draws[i * cap], &st->draws[i * st->cap], st->n * sizeof(*g.draws));
    }
    free_arrays(st);
    *st = g;
    return 0;
}

/* The index of the bot named name, added if new; negative on error. */
static long find_or_add(struct standings *st, const char *name)
{
    int err;

    for (size_t i = 0; i < st->n; i++)
        if (strcmp(st->bots[i].name, name) == 0)
            return (long)i;
    if (st->n == st->cap && (err = grow(st)) < 0)
        return err;
    char *copy = strdup(name);
    if (!copy)
        return -ENOMEM;
    memset(&st->bots[st->n], 0, sizeof(st->bots[st->n]));
    st->bots[st->n].name = copy;
    st->order[st->n] = st->n; /* a row until standings_rows sorts again */
    return (long)st->n++;
}

int standings_set_engine(struct standings *st, const char *name, const char *engine)
{
    for (size_t i = 0; i < st->n; i++) {
        struct bot *b = &st->bots[i];
        if (strcmp(b->name, name) != 0)
            continue;
        if (b->engine && strcmp(b->engine, engine) == 0)
            return 0;
        char *copy = strdup(engine);
        if (!copy)
            return -ENOMEM;
        free(b->engine);
        b->engine = copy;
        return 0;
    }
    return -EINVAL;
}

int standings_add_bot(struct standings *st, const char *name)
{
    if (!name)
        return -EINVAL;
    long i = find_or_add(st, name);
    return i < 0 ? (int)i : 0;
}

static void count_side(struct bot *b, const struct game_summary *g, int side)
{
    b->games++;
    if (g->winner == SIDE_NONE)
        b->draws++;
    else if (g->winner == side)
        b->wins++;
    else
        b->losses++;
    b->moves += g->moves[side];
    b->restarts += g->restarts[side];
    b->ms += g->ms[side];
    if (g->max_ms[side] > b->max_ms)
        b->max_ms = g->max_ms[side];
}

int standings_add_game(struct standings *st, const struct game_summary *g)
{
    if (!g->bots[0] || !g->bots[1] || g->winner < SIDE_FIRST || g->winner > SIDE_NONE ||
        (int)g->foul < FOUL_NONE || (int)g->foul >= FOUL_COUNT ||
        (g->foul != FOUL_NONE && g->foul_side != SIDE_FIRST && g->foul_side != SIDE_SECOND))
        return -EINVAL;
    long a = find_or_add(st, g->bots[0]);
    if (a < 0)
        return (int)a;
    long b = find_or_add(st, g->bots[1]);
    if (b < 0)
        return (int)b;
    if (g->aborted)
        return 0;
    count_side(&st->bots[a], g, SIDE_FIRST);
    count_side(&st->bots[b], g, SIDE_SECOND);
    if (g->foul != FOUL_NONE) {
        struct bot *off = &st->bots[g->foul_side == SIDE_FIRST ? a : b];
        off->fouls[g->foul]++;
        off->fouls_total++;
    }
    if (a == b) /* a bot against itself: in its row, side by side, but in no pair */
        return 0;
    if (g->winner == SIDE_FIRST)
        st->wins[a * st->cap + b]++;
    else if (g->winner == SIDE_SECOND)
        st->wins[b * st->cap + a]++;
    else {
        st->draws[a * st->cap + b]++;
        st->draws[b * st->cap + a]++;
    }
    return 0;
}

static double points_of(const struct standings *st, size_t i, size_t j)
{
    return st->wins[i * st->cap + j] + 0.5 * st->draws[i * st->cap + j];
}

static int games_of(const struct standings *st, size_t i, size_t j)
{
    return st->wins[i * st->cap + j] + st->wins[j * st->cap + i] + st->draws[i * st->cap + j];
}

static double bot_points(const struct bot *b)
{
    return b->wins + 0.5 * b->draws;
}

/* ---- Ranking ---------------------------------------------------------- */

/* <0 if rating a ranks above rating b, 0 if they are equal but for the
 * rounding of the fit (1e-9 Elo or so); NAN (no games) below all. */
static int compare_ratings(double a, double b)
{
    if (isnan(a) || isnan(b))
        return isnan(a) == isnan(b) ? 0 : isnan(a) ? 1 : -1;
    if (fabs(a - b) <= 1e-6)
        return 0;
    return a > b ? -1 : 1;
}

/* <0 if bot i ranks above bot j; 0 if they share a rank (ties on the index
 * are left to the caller). by_rating compares ratings only. */
static int compare(const struct standings *st, size_t i, size_t j, bool by_rating)
{
    const struct bot *a = &st->bots[i], *b = &st->bots[j];
    int c = compare_ratings(st->ratings[i].elo, st->ratings[j].elo);

    if (c != 0 || by_rating)
        return c;
    if (st->h2h[i] != st->h2h[j])
        return st->h2h[i] > st->h2h[j] ? -1 : 1;
    if (a->wins != b->wins)
        return a->wins > b->wins ? -1 : 1;
    if (a->fouls_total != b->fouls_total)
        return a->fouls_total < b->fouls_total ? -1 : 1;
    return 0;
}

/* Insertion sort, stable: equal bots keep the order they were given. */
static void sort(struct standings *st, bool by_rating)
{
    for (size_t k = 1; k < st->n; k++) {
        size_t v = st->order[k], p = k;
        for (; p > 0 && compare(st, v, st->order[p - 1], by_rating) < 0; p--)
            st->order[p] = st->order[p - 1];
        st->order[p] = v;
    }
}

static enum standings_sweep sweep_of(const struct bot *b)
{
    if (b->games > 0 && b->wins == b->games)
        return SWEEP_WON_ALL;
    if (b->games > 0 && b->losses == b->games)
        return SWEEP_LOST_ALL;
    return SWEEP_NONE;
}

static const struct standings_row *rows_of(struct standings *st, size_t *count, bool intervals)
{
    if (intervals)
        rating_fit(st->n, st->cap, st->wins, st->draws, &st->work, st->ratings);
    else
        rating_fit_elo(st->n, st->cap, st->wins, st->draws, &st->work, st->ratings);
    for (size_t k = 0; k < st->n; k++)
        st->order[k] = k;
    sort(st, true);
    for (size_t k = 0, end; k < st->n; k = end) {
        for (end = k + 1; end < st->n && compare(st, st->order[k], st->order[end], true) == 0;)
            end++;
        for (size_t a = k; a < end; a++) {
            st->h2h[st->order[a]] = 0;
            for (size_t b = k; b < end; b++)
                if (b != a)
                    st->h2h[st->order[a]] += points_of(st, st->order[a], st->order[b]);
        }
    }
    sort(st, false);

    for (size_t k = 0; k < st->n; k++) {
        const struct bot *b = &st->bots[st->order[k]];
        const struct rating *rt = &st->ratings[st->order[k]];
        struct standings_row *row = &st->rows[k];

        row->name = b->name;
        row->engine = b->engine ? b->engine : "";
        row->rank = k > 0 && compare(st, st->order[k - 1], st->order[k], false) == 0
                        ? st->rows[k - 1].rank
                        : (int)k + 1;
        row->games = b->games;
        row->wins = b->wins;
        row->draws = b->draws;
        row->losses = b->losses;
        row->points = bot_points(b);
        row->score = b->games > 0 ? row->points / b->games : NAN;
        row->elo = rt->elo;
        row->elo_lo = rt->elo_lo;
        row->elo_hi = rt->elo_hi;
        row->group = rt->group;
        row->prior = rt->prior;
        row->sweep = sweep_of(b);
        memcpy(row->fouls, b->fouls, sizeof(row->fouls));
        row->fouls_total = b->fouls_total;
        row->restarts = b->restarts;
        row->mean_ms = b->moves > 0 ? b->ms / (double)b->moves : NAN;
        row->max_ms = b->max_ms;
    }
    *count = st->n;
    return st->rows;
}

const struct standings_row *standings_rows(struct standings *st, size_t *count)
{
    return rows_of(st, count, true);
}

const struct standings_row *standings_rows_elo(struct standings *st, size_t *count)
{
    return rows_of(st, count, false);
}

int standings_groups(struct standings *st, size_t *i, size_t *j)
{
    size_t n;
    const struct standings_row *rows = standings_rows(st, &n);
    int most = 0;

    for (size_t k = 0; k < n; k++) {
        if (rows[k].group == 1)
            *i = k;
        if (rows[k].group == 2)
            *j = k;
        if (rows[k].group > most)
            most = rows[k].group;
    }
    return most;
}

double standings_points_between(struct standings *st, size_t i, size_t j)
{
    if (i >= st->n || j >= st->n)
        return NAN;
    return points_of(st, st->order[i], st->order[j]);
}

void standings_results_between(struct standings *st, size_t i, size_t j, int wdl[3])
{
    wdl[0] = wdl[1] = wdl[2] = 0;
    if (i >= st->n || j >= st->n)
        return;
    size_t a = st->order[i], b = st->order[j];
    wdl[0] = st->wins[a * st->cap + b];
    wdl[1] = st->draws[a * st->cap + b];
    wdl[2] = st->wins[b * st->cap + a];
}

int standings_games_between(struct standings *st, size_t i, size_t j)
{
    if (i >= st->n || j >= st->n)
        return 0;
    return games_of(st, st->order[i], st->order[j]);
}

char *standings_format_points(double points, char *buf, size_t len)
{
    long long halves = llround(points * 2);
    snprintf(buf, len, "%s%lld%s", halves < 0 ? "-" : "", llabs(halves) / 2,
             halves % 2 ? ".5" : "");
    return buf;
}

const struct standings_row *standings_first_given(struct standings *st)
{
    size_t n;
    const struct standings_row *rows = standings_rows(st, &n);
    for (size_t i = 0; i < n; i++)
        if (st->order[i] == 0)
            return &rows[i];
    return NULL;
}
