/* report.c: a run's figures for its report, gathered row by row. */
#include "report.h"
#include "ledger.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int report_init(struct report *r)
{
    memset(r, 0, sizeof(*r));
    r->step = 1;
    r->st = standings_new();
    return r->st ? 0 : -ENOMEM;
}

/* The index of bot name, added if new; -1 out of memory. (An index, not a
 * pointer: adding a bot may move them all.) */
static long bot_index(struct report *r, const char *name)
{
    /* Moves come a game at a time: mostly the bot of the move before last. */
    for (size_t k = 0; k < 2; k++)
        if (r->recent[k] < r->nbots && strcmp(r->bots[r->recent[k]].name, name) == 0)
            return (long)r->recent[k];
    for (size_t i = 0; i < r->nbots; i++)
        if (strcmp(r->bots[i].name, name) == 0) {
            r->recent[1] = r->recent[0];
            r->recent[0] = i;
            return (long)i;
        }
    if (r->nbots == r->cap) {
        size_t cap = r->cap ? 2 * r->cap : 16;
        struct report_bot *bots = realloc(r->bots, cap * sizeof(*bots));
        if (!bots)
            return -1;
        r->bots = bots;
        r->cap = cap;
    }
    struct report_bot *b = &r->bots[r->nbots];
    memset(b, 0, sizeof(*b));
    if (!(b->name = strdup(name)))
        return -1;
    return (long)r->nbots++;
}

static void keep_game(struct report_game *f, const struct game_row *row);

static void drop_point(struct report_point *p)
{
    free(p->elo);
    *p = (struct report_point){0};
}

/* The figures now, after r->played games, into p. */
static int fill_point(struct report *r, struct report_point *p)
{
    size_t n;
    /* Only the ratings: no intervals' cubic work at every point. */
    const struct standings_row *rows = standings_rows_elo(r->st, &n);

    *p = (struct report_point){.games = r->played, .llr = NAN, .nelo = r->nbots};
    p->elo = malloc((r->nbots ? r->nbots : 1) * sizeof(*p->elo));
    if (!p->elo)
        return -ENOMEM;
    for (size_t i = 0; i < r->nbots; i++)
        p->elo[i] = NAN;
    for (size_t i = 0; i < n; i++) {
        const struct report_bot *b = report_bot(r, rows[i].name);
        if (b)
            p->elo[b - r->bots] = rows[i].elo;
    }
    struct sprt_result res;
    if (r->run && r->run->sprt &&
        sprt_compute(&r->tally.counts, &r->run->params, r->run->model, &res) == 0) {
        p->llr = res.llr;
        r->lower = res.lower;
        r->upper = res.upper;
    }
    return 0;
}

/* Every other point goes, and the step doubles. */
static void thin_points(struct report *r)
{
    size_t kept = 0;
    for (size_t i = 0; i < r->npoints; i++) {
        if (r->points[i].games % (2 * r->step) == 0)
            r->points[kept++] = r->points[i];
        else
            drop_point(&r->points[i]);
    }
    r->npoints = kept;
    r->step *= 2;
}

/* The points kept at most: in a large field fewer, as each is a fit of the
 * whole field, so that a long league's report is a bounded number of fits. */
static size_t points_max(const struct report *r)
{
    if (r->nbots <= REPORT_FIELD_FINE)
        return REPORT_POINTS_MAX;
    size_t m = REPORT_POINTS_MAX * REPORT_FIELD_FINE / r->nbots;
    return m > REPORT_POINTS_MIN ? m : REPORT_POINTS_MIN;
}

/* A point after r->played games (a multiple of r->step); when the points are
 * full, every other one goes first and the step doubles. */
static int take_point(struct report *r)
{
    while (r->npoints >= points_max(r)) {
        thin_points(r);
        if (r->played % r->step != 0)
            return 0;
    }
    int rc = fill_point(r, &r->points[r->npoints]);
    if (rc == 0)
        r->npoints++;
    return rc;
}

int report_finish(struct report *r)
{
    if (r->played == 0 || (r->npoints > 0 && r->points[r->npoints - 1].games == r->played))
        return 0;
    /* points[REPORT_POINTS_MAX] is kept for the end. */
    int rc = fill_point(r, &r->points[r->npoints]);
    if (rc == 0)
        r->npoints++;
    return rc;
}

int report_add_game(struct report *r, const struct game_row *row)
{
    struct game_summary g;

    ledger_summary_of_row(row, &g);
    if (standings_add_game(r->st, &g) < 0)
        return -EINVAL;
    if (!r->game[0])
        snprintf(r->game, sizeof(r->game), "%.31s", row->text[GC_GAME]);
    else if (strcmp(r->game, row->text[GC_GAME]) != 0)
        r->mixed = true;
    r->games++;
    /* Bots are numbered in the order games.csv names them, aborted games too,
     * whatever order moves are read in. */
    long a = bot_index(r, row->bots[0]), b = bot_index(r, row->bots[1]);
    if (a < 0 || b < 0)
        return -ENOMEM;
    if (row->aborted) {
        r->aborted++;
        return 0;
    }
    struct report_bot *first = &r->bots[a], *second = &r->bots[b];
    if (r->run && r->run->sprt) {
        bool candidate_first = strcmp(row->bots[0], r->run->candidate) == 0;
        double score = row->winner == SIDE_NONE                         ? 0.5
                       : (row->winner == SIDE_FIRST) == candidate_first ? 1
                                                                        : 0;
        sprt_tally_add(&r->tally, (int)row->opening_id, score);
    }
    /* A point is a fit of the whole field, whose cost grows as the cube of
     * it: in a large field, points at least a game a bot apart (n/2 games),
     * as fine as a curve of so many is read, so that a league of 1,000
     * entries is a few dozen fits, not hundreds. */
    while (r->nbots > REPORT_FIELD_FINE && 2 * r->step < (long)r->nbots)
        thin_points(r);
    if (++r->played % r->step == 0 && take_point(r) < 0)
        return -ENOMEM;
    int k = row->winner == SIDE_FIRST ? 0 : row->winner == SIDE_SECOND ? 2 : 1;
    first->as_first[k]++;
    second->as_second[2 - k]++;
    if (r->nfirst < REPORT_FIRST)
        keep_game(&r->first[r->nfirst++], row);
    if (row->foul == FOUL_NONE)
        return 0;
    r->fouled++;
    if (r->nfouls < REPORT_FOULED_MAX)
        keep_game(&r->fouls[r->nfouls++], row);
    return 0;
}

static void keep_game(struct report_game *f, const struct game_row *row)
{
    f->id = row->id;
    snprintf(f->bots[0], sizeof(f->bots[0]), "%.71s", row->bots[0]);
    snprintf(f->bots[1], sizeof(f->bots[1]), "%.71s", row->bots[1]);
    snprintf(f->result, sizeof(f->result), "%.7s", row->text[GC_RESULT]);
    snprintf(f->foul, sizeof(f->foul), "%.23s", row->text[GC_FOUL]);
    snprintf(f->foul_by, sizeof(f->foul_by), "%.71s", row->text[GC_FOUL_BY]);
    snprintf(f->reason, sizeof(f->reason), "%.95s", row->text[GC_REASON]);
}

/* Keep a move among the slowest, slowest first. */
static void keep_slowest(struct report *r, const struct report_move *m)
{
    size_t at = r->nslowest;
    while (at > 0 && r->slowest[at - 1].ms < m->ms)
        at--;
    if (at >= REPORT_SLOWEST)
        return;
    size_t n = r->nslowest < REPORT_SLOWEST ? r->nslowest + 1 : REPORT_SLOWEST;
    memmove(&r->slowest[at + 1], &r->slowest[at], (n - 1 - at) * sizeof(r->slowest[0]));
    r->slowest[at] = *m;
    r->nslowest = n;
}

/* The bin of a time of ms milliseconds (see REPORT_BINS). */
static size_t bin_of(double ms)
{
    double us = ms * 1000;
    if (us < REPORT_EXACT_US)
        return (size_t)(us + 0.5);
    size_t k = REPORT_EXACT_US + (size_t)(log(us / REPORT_EXACT_US) / log(REPORT_BIN_STEP));
    return k < REPORT_BINS ? k : REPORT_BINS - 1;
}

/* The time that stands for bin k, in ms: exact below REPORT_EXACT_US, else
 * the middle of the bin (in ratio). */
static double time_of(size_t k)
{
    if (k < REPORT_EXACT_US)
        return (double)k / 1000;
    return REPORT_EXACT_US * pow(REPORT_BIN_STEP, (double)(k - REPORT_EXACT_US) + 0.5) / 1000;
}

int report_add_move(struct report *r, const struct move_row *m)
{
    char *end;
    double ms = strtod(m->text[MC_MS], &end);

    if (m->opening || end == m->text[MC_MS] || *end || !(ms >= 0))
        return 0;
    return report_add_move_ms(r, m->text[MC_BOT], m->text[MC_MOVE], m->game_id, m->ply, ms);
}

/* Count a time of ms milliseconds in t. Returns 0 or -ENOMEM. */
static int count_time(struct report_times *t, double ms)
{
    if (!t->bins && !(t->bins = calloc(REPORT_BINS, sizeof(*t->bins))))
        return -ENOMEM;
    t->bins[bin_of(ms)]++;
    t->nms++;
    t->sum_ms += ms;
    t->max_ms = ms > t->max_ms ? ms : t->max_ms;
    return 0;
}

int report_add_move_ms(struct report *r, const char *bot, const char *move, long game, long ply,
                       double ms)
{
    long i = bot_index(r, bot);
    if (i < 0)
        return -ENOMEM;
    struct report_bot *b = &r->bots[i];
    bool first = b->last_game != game;
    b->last_game = game;
    if (count_time(first ? &b->first : &b->moves, ms) < 0)
        return -ENOMEM;
    /* The slowest of the moves proper: a start-up is not a slow move. */
    if (first || (r->nslowest == REPORT_SLOWEST && r->slowest[REPORT_SLOWEST - 1].ms >= ms))
        return 0;
    struct report_move slow = {.ms = ms, .game = game, .ply = ply};
    snprintf(slow.bot, sizeof(slow.bot), "%.71s", bot);
    snprintf(slow.move, sizeof(slow.move), "%.15s", move);
    keep_slowest(r, &slow);
    return 0;
}

const struct report_bot *report_bot(const struct report *r, const char *name)
{
    for (size_t i = 0; i < r->nbots; i++)
        if (strcmp(r->bots[i].name, name) == 0)
            return &r->bots[i];
    return NULL;
}

/* The move time of rank i (0-based, in order) of b, in ms. */
static double ranked(const struct report_times *b, size_t i)
{
    size_t seen = 0;
    for (size_t k = 0; k < REPORT_BINS; k++) {
        seen += b->bins[k];
        if (seen > i)
            return k == bin_of(b->max_ms) ? (time_of(k) < b->max_ms ? time_of(k) : b->max_ms)
                                          : time_of(k);
    }
    return b->max_ms;
}

double report_quantile(const struct report_times *b, double q)
{
    if (b->nms == 0 || !b->bins)
        return 0;
    double at = q * (double)(b->nms - 1);
    size_t lo = (size_t)at;
    double frac = at - (double)lo;
    double v = ranked(b, lo);
    return lo + 1 < b->nms && frac > 0 ? v * (1 - frac) + ranked(b, lo + 1) * frac : v;
}

void report_free(struct report *r)
{
    for (size_t i = 0; i < r->nbots; i++) {
        free(r->bots[i].name);
        free(r->bots[i].moves.bins);
        free(r->bots[i].first.bins);
    }
    free(r->bots);
    free(r->entries);
    for (size_t i = 0; i < r->npoints; i++)
        drop_point(&r->points[i]);
    standings_free(r->st);
    memset(r, 0, sizeof(*r));
}
