/* report_progress.c: the report's plots over the run: each bot's Elo as the
 * games accumulate (past REPORT_CURVES bots, the first by Elo at the end, the
 * others as a band), and the SPRT's log-likelihood ratio between its bounds;
 * a league's roster. The plots are drawn by report_lines.c. */
#include "htmlout.h"
#include "report_lines.h"
#include "report_sections.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>

/* A bot by its Elo at the end, for the order of the lines drawn. */
struct ranked {
    double elo;
    size_t bot;
};

static int by_elo(const void *a, const void *b)
{
    const struct ranked *x = a, *y = b;
    if (isnan(x->elo) || isnan(y->elo))
        return isnan(x->elo) - isnan(y->elo);
    return x->elo > y->elo ? -1 : x->elo < y->elo ? 1 : (x->bot > y->bot) - (x->bot < y->bot);
}

/* The bots drawn as lines, into sel (nbots of them): every one, in the order
 * met, up to REPORT_CURVES; past that the first REPORT_CURVES by their Elo at
 * the end, then the others. Returns how many are drawn, 0 out of memory. */
static size_t select_lines(const struct report *r, size_t *sel)
{
    for (size_t b = 0; b < r->nbots; b++)
        sel[b] = b;
    if (r->nbots <= REPORT_CURVES)
        return r->nbots;
    struct ranked *rk = malloc(r->nbots * sizeof(*rk));
    if (!rk)
        return 0;
    const struct report_point *end = &r->points[r->npoints - 1];
    for (size_t b = 0; b < r->nbots; b++)
        rk[b] = (struct ranked){b < end->nelo ? end->elo[b] : NAN, b};
    qsort(rk, r->nbots, sizeof(*rk), by_elo);
    for (size_t b = 0; b < r->nbots; b++)
        sel[b] = rk[b].bot;
    free(rk);
    return REPORT_CURVES;
}

/* Each point's lowest and highest Elo of the bots sel[from..nbots), NAN where
 * none has one, into band[0] and band[1]. */
static void fill_band(const struct report *r, const size_t *sel, size_t from, double *band[2])
{
    for (size_t k = 0; k < r->npoints; k++) {
        const struct report_point *pt = &r->points[k];
        band[0][k] = band[1][k] = NAN;
        for (size_t i = from; i < r->nbots; i++) {
            double v = sel[i] < pt->nelo ? pt->elo[sel[i]] : NAN;
            if (!isfinite(v))
                continue;
            band[0][k] = isnan(band[0][k]) || v < band[0][k] ? v : band[0][k];
            band[1][k] = isnan(band[1][k]) || v > band[1][k] ? v : band[1][k];
        }
    }
}

/* The marks of r's league entries, by the lines of s (line j is bot sel[j]).
 * Returns 0 or -ENOMEM. */
static int league_marks(const struct report *r, struct line_series *s, const size_t *sel)
{
    long *in = calloc(s->n, sizeof(*in)), *out = calloc(s->n, sizeof(*out));
    if (!in || !out) {
        free(in);
        free(out);
        return -ENOMEM;
    }
    for (size_t j = 0; j < s->n; j++)
        for (size_t e = 0; e < r->nentries; e++)
            if (strcmp(r->entries[e].name, r->bots[sel[j]].name) == 0) {
                in[j] = r->entries[e].entered;
                out[j] = r->entries[e].retired;
            }
    s->entered = in;
    s->retired = out;
    return 0;
}

/* The league's roster as a table: each entry's first game, and last, and
 * why it retired; when it is refused for a changed program, from which game. */
static void put_roster(FILE *f, const struct report *r)
{
    fputs("<h3>Roster</h3>\n<table class=\"roster\"><tr><th>entry</th><th>plays from game</th>"
          "<th>retired from game</th><th>refused from game</th><th>why retired</th></tr>\n",
          f);
    for (size_t e = 0; e < r->nentries; e++) {
        fputs("<tr><td>", f);
        html_text(f, r->entries[e].name);
        fputs("</td><td>", f);
        if (r->entries[e].entered > 0) /* 0: retired before it played */
            fprintf(f, "%ld", r->entries[e].entered);
        fputs("</td><td>", f);
        if (r->entries[e].retired > 0)
            fprintf(f, "%ld", r->entries[e].retired);
        fputs("</td><td>", f);
        if (r->entries[e].refused > 0)
            fprintf(f, "%ld", r->entries[e].refused);
        fputs("</td><td>", f);
        html_text(f, r->entries[e].why);
        fputs("</td></tr>\n", f);
    }
    fputs("</table>\n", f);
}

/* The section's head and what its plot of Elo shows: drawn lines of the
 * bots, the others (a band) if any, a league's marks. */
static void put_intro(FILE *f, const struct report *r, size_t drawn, bool league)
{
    fputs(league ? "<section id=\"progress\"><h2>Over the league's life</h2>\n"
                   "<p>Each entry's Elo "
                 : "<section id=\"progress\"><h2>Over the run</h2>\n<p>Each bot's Elo ",
          f);
    if (r->step == 1)
        fputs("after every game", f);
    else
        fprintf(f, "every %ld games and at the end", r->step);
    fputs(", in the order the games were written, from its first game on.", f);
    if (drawn < r->nbots)
        fprintf(f,
                " The first %zu at the end drawn as lines, the other %zu as a band from "
                "the lowest to the highest of them (each one's rating is in the standings).",
                drawn, r->nbots - drawn);
    if (league)
        fputs(" A ring marks the game from which an entry played, a bar the game from "
              "which it no longer did (its games still count).",
              f);
    fputs("</p>\n", f);
}

/* The SPRT's LLR at each of the points, between its bounds. */
static void put_sprt(FILE *f, const struct report *r, int points, const long *games,
                     const double *llr)
{
    struct line_bound bounds[2] = {{r->lower, "accept H0"}, {r->upper, "accept H1"}};
    static const char *const llr_name[1] = {"LLR"};
    fputs("<h3>SPRT</h3>\n<p>The log-likelihood ratio of H1 against H0, from ", f);
    html_text(f, r->run->candidate);
    fputs("'s side, with its two bounds: crossing the upper accepts H1, the lower H0."
          "</p>\n",
          f);
    struct line_series s = {points, games, llr, 1, 1, llr_name, "LLR", NULL, NULL, {NULL, NULL}, 0};
    report_lines_draw(f, &s, bounds, 2);
}

void report_html_progress(FILE *f, const struct report *r)
{
    if (r->played < 2 || r->npoints < 2 || r->nbots == 0)
        return;
    int points = (int)r->npoints;
    long *games = calloc((size_t)points, sizeof(*games));
    double *elo = malloc((size_t)points * r->nbots * sizeof(*elo));
    double *llr = calloc((size_t)points, sizeof(*llr));
    double *band = malloc(2 * (size_t)points * sizeof(*band));
    const char **names = calloc(r->nbots, sizeof(*names));
    size_t *sel = calloc(r->nbots, sizeof(*sel)), drawn = sel ? select_lines(r, sel) : 0;
    if (games && elo && llr && band && names && drawn) {
        for (int k = 0; k < points; k++) {
            const struct report_point *pt = &r->points[k];
            games[k] = pt->games;
            llr[k] = pt->llr;
            for (size_t j = 0; j < drawn; j++)
                elo[(size_t)k * drawn + j] = sel[j] < pt->nelo ? pt->elo[sel[j]] : NAN;
        }
        for (size_t j = 0; j < drawn; j++)
            names[j] = r->bots[sel[j]].name;
        struct line_series elos = {points, games, elo,  drawn,        drawn, names,
                                   "Elo",  NULL,  NULL, {NULL, NULL}, 0};
        if (drawn < r->nbots) {
            elos.band[0] = band;
            elos.band[1] = band + points;
            elos.nband = r->nbots - drawn;
            fill_band(r, sel, drawn, (double *[2]){band, band + points});
        }
        if (r->nentries > 0 && league_marks(r, &elos, sel) < 0)
            elos.entered = NULL;
        put_intro(f, r, drawn, elos.entered != NULL);
        report_lines_draw(f, &elos, NULL, 0);
        if (elos.entered)
            put_roster(f, r);
        free((void *)elos.entered);
        free((void *)elos.retired);
        if (r->run && r->run->sprt)
            put_sprt(f, r, points, games, llr);
        fputs("</section>\n", f);
    }
    free(games);
    free(elo);
    free(llr);
    free(band);
    free(names);
    free(sel);
}
