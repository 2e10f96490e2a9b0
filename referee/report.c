/* report.c: a run's figures for its report, gathered row by row. */
#include "report.h"
#include "ledger.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int report_init(struct report *r)
{
    memset(r, 0, sizeof(*r));
    r->st = standings_new();
    return r->st ? 0 : -ENOMEM;
}

/* The index of bot name, added if new; -1 out of memory. (An index, not a
 * pointer: adding a bot may move them all.) */
static long bot_index(struct report *r, const char *name)
{
    for (size_t i = 0; i < r->nbots; i++)
        if (strcmp(r->bots[i].name, name) == 0)
            return (long)i;
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
    if (row->aborted) {
        r->aborted++;
        return 0;
    }
    long a = bot_index(r, row->bots[0]), b = bot_index(r, row->bots[1]);
    if (a < 0 || b < 0)
        return -ENOMEM;
    struct report_bot *first = &r->bots[a], *second = &r->bots[b];
    if (r->nplayed == r->played_cap) {
        size_t cap = r->played_cap ? 2 * r->played_cap : 1024;
        struct report_played *p = realloc(r->played, cap * sizeof(*p));
        if (!p)
            return -ENOMEM;
        r->played = p;
        r->played_cap = cap;
    }
    r->played[r->nplayed++] = (struct report_played){.bots = {(uint16_t)a, (uint16_t)b},
                                                     .winner = (int8_t)row->winner,
                                                     .opening_id = (int32_t)row->opening_id};
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

/* Keep m among the slowest moves, slowest first. */
static void keep_slowest(struct report *r, const struct move_row *m, double ms)
{
    size_t at = r->nslowest;
    while (at > 0 && r->slowest[at - 1].ms < ms)
        at--;
    if (at >= REPORT_SLOWEST)
        return;
    size_t n = r->nslowest < REPORT_SLOWEST ? r->nslowest + 1 : REPORT_SLOWEST;
    memmove(&r->slowest[at + 1], &r->slowest[at], (n - 1 - at) * sizeof(r->slowest[0]));
    struct report_move *s = &r->slowest[at];
    s->ms = ms;
    s->game = m->game_id;
    s->ply = m->ply;
    snprintf(s->bot, sizeof(s->bot), "%.71s", m->text[MC_BOT]);
    snprintf(s->move, sizeof(s->move), "%.15s", m->text[MC_MOVE]);
    r->nslowest = n;
}

int report_add_move(struct report *r, const struct move_row *m)
{
    char *end;
    double ms = strtod(m->text[MC_MS], &end);

    if (m->opening || end == m->text[MC_MS] || *end || !(ms >= 0))
        return 0;
    long i = bot_index(r, m->text[MC_BOT]);
    if (i < 0)
        return -ENOMEM;
    struct report_bot *b = &r->bots[i];
    if (b->nms == b->cap) {
        size_t cap = b->cap ? 2 * b->cap : 256;
        double *v = realloc(b->ms, cap * sizeof(*v));
        if (!v)
            return -ENOMEM;
        b->ms = v;
        b->cap = cap;
    }
    b->ms[b->nms++] = ms;
    keep_slowest(r, m, ms);
    return 0;
}

const struct report_bot *report_bot(const struct report *r, const char *name)
{
    for (size_t i = 0; i < r->nbots; i++)
        if (strcmp(r->bots[i].name, name) == 0)
            return &r->bots[i];
    return NULL;
}

static int compare_ms(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

void report_sort(struct report *r)
{
    for (size_t i = 0; i < r->nbots; i++)
        if (r->bots[i].nms > 1)
            qsort(r->bots[i].ms, r->bots[i].nms, sizeof(double), compare_ms);
}

double report_quantile(const struct report_bot *b, double q)
{
    if (b->nms == 0)
        return 0;
    double at = q * (double)(b->nms - 1);
    size_t lo = (size_t)at;
    double frac = at - (double)lo;
    return lo + 1 < b->nms ? b->ms[lo] * (1 - frac) + b->ms[lo + 1] * frac : b->ms[lo];
}

void report_free(struct report *r)
{
    for (size_t i = 0; i < r->nbots; i++) {
        free(r->bots[i].name);
        free(r->bots[i].ms);
    }
    free(r->bots);
    free(r->played);
    standings_free(r->st);
    memset(r, 0, sizeof(*r));
}
