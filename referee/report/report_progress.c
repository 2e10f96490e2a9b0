/* report_progress.c: the report's plots over the run: each bot's Elo as the
 * games accumulate, and the SPRT's log-likelihood ratio between its bounds.
 * A line is drawn, and named in the key, only where it has a figure. */
#include "axis.h"
#include "htmlout.h"
#include "report_sections.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>

static const char *const palette[] = {"#1a5fb4", "#d04a3a", "#2e9d4d", "#e5a50a", "#813d9c",
                                      "#63452c", "#1c71d8", "#c64600", "#26a269", "#5e5c64"};
#define NPALETTE (sizeof(palette) / sizeof(palette[0]))

/* A plot's series: values[point * stride + series] at games[point]. */
struct series {
    int points;
    const long *games;
    const double *values;
    size_t stride, n;
    const char *const *names;
    const char *unit;              /* the y axis's name */
    const long *entered, *retired; /* a league's: per series, game ids (0: none); or NULL */
};

/* A bound of the SPRT, named. */
struct bound {
    double at;
    const char *name;
};

/* A plot's frame: its axes and where it sits in the svg. */
struct frame {
    struct axis xa, ya;
    int x0, w, y0, h;
};

static double frame_x(const struct frame *fr, double v)
{
    return fr->x0 + fr->w * axis_at(&fr->xa, v);
}

static double frame_y(const struct frame *fr, double v)
{
    return fr->y0 + fr->h - fr->h * axis_at(&fr->ya, v);
}

/* Finite values of line j of s. */
static int series_points(const struct series *s, size_t j)
{
    int n = 0;
    for (int k = 0; k < s->points; k++)
        n += isfinite(s->values[(size_t)k * s->stride + j]);
    return n;
}

/* The axes that hold every finite value of s and every bound. */
static void frame_fit(struct frame *fr, const struct series *s, const struct bound *bounds,
                      int nbounds)
{
    double lo = INFINITY, hi = -INFINITY;
    for (int k = 0; k < s->points; k++)
        for (size_t j = 0; j < s->n; j++) {
            double v = s->values[(size_t)k * s->stride + j];
            if (isfinite(v)) {
                lo = v < lo ? v : lo;
                hi = v > hi ? v : hi;
            }
        }
    for (int b = 0; b < nbounds; b++) {
        lo = bounds[b].at < lo ? bounds[b].at : lo;
        hi = bounds[b].at > hi ? bounds[b].at : hi;
    }
    axis_linear(&fr->ya, lo, hi, 5);
    axis_linear(&fr->xa, 0, (double)s->games[s->points - 1], 5);
    *fr = (struct frame){fr->xa, fr->ya, 50, 400, 24, 180};
}

/* Grid lines with their ticks, and the labels of both axes. */
static void put_grid(FILE *f, const struct frame *fr, const char *unit)
{
    for (int t = 0; t < fr->ya.n; t++) {
        double y = frame_y(fr, fr->ya.tick[t]);
        fprintf(f,
                "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"%s\"/>"
                "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%.*f</text>\n",
                fr->x0, y, fr->x0 + fr->w, y, fr->ya.tick[t] == 0 ? "#999" : "#ddd", fr->x0 - 6,
                y + 4, axis_decimals(&fr->ya, t), fr->ya.tick[t]);
    }
    for (int t = 0; t < fr->xa.n; t++) {
        double x = frame_x(fr, fr->xa.tick[t]);
        fprintf(f,
                "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#eee\"/>"
                "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%.*f</text>\n",
                x, fr->y0, x, fr->y0 + fr->h, x, fr->y0 + fr->h + 16, axis_decimals(&fr->xa, t),
                fr->xa.tick[t]);
    }
    fprintf(f, "<text class=\"label\" x=\"%d\" y=\"%d\">", fr->x0 - 40, fr->y0 - 10);
    html_text(f, unit);
    fprintf(f,
            "</text><text class=\"label\" x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">games"
            "</text>\n",
            fr->x0 + fr->w / 2.0, fr->y0 + fr->h + 34);
}

/* A dashed line across the plot for each bound, named. */
static void put_bounds(FILE *f, const struct frame *fr, const struct bound *bounds, int nbounds)
{
    for (int b = 0; b < nbounds; b++) {
        double y = frame_y(fr, bounds[b].at);
        fprintf(f,
                "<line class=\"bound\" x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" "
                "stroke=\"#888\" stroke-dasharray=\"4 3\"><title>%s: %.3f</title></line>"
                "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\" fill=\"#555\">%s (%.2f)</text>\n",
                fr->x0, y, fr->x0 + fr->w, y, bounds[b].name, bounds[b].at, fr->x0 + fr->w - 4,
                bounds[b].at > 0 ? y - 4 : y + 14, bounds[b].name, bounds[b].at);
    }
}

/* The series' value at game `at`: that of its last point there or before, or
 * its first; NAN without one. */
static double value_at(const struct series *s, size_t j, long at)
{
    double v = NAN;
    for (int k = 0; k < s->points; k++) {
        double x = s->values[(size_t)k * s->stride + j];
        if (isfinite(x) && (s->games[k] <= at || !isfinite(v)))
            v = x;
        if (s->games[k] > at && isfinite(v))
            break;
    }
    return v;
}

/* A league entry's marks on its line: a ring where it entered, a bar where it
 * retired, each with its game in a tooltip. */
static void put_marks(FILE *f, const struct frame *fr, const struct series *s, size_t j,
                      const char *colour)
{
    long at[2] = {s->entered[j], s->retired[j]};
    for (int m = 0; m < 2; m++) {
        double v = at[m] > 0 ? value_at(s, j, at[m]) : NAN;
        if (!isfinite(v))
            continue;
        double x = frame_x(fr, (double)at[m]), y = frame_y(fr, v);
        if (m == 0)
            fprintf(f,
                    "<circle class=\"entered\" cx=\"%.1f\" cy=\"%.1f\" r=\"5\" fill=\"white\" "
                    "stroke=\"%s\" stroke-width=\"2\"><title>",
                    x, y, colour);
        else
            fprintf(f,
                    "<rect class=\"retired\" x=\"%.1f\" y=\"%.1f\" width=\"4\" height=\"14\" "
                    "fill=\"%s\"><title>",
                    x - 2, y - 7, colour);
        html_text(f, s->names[j]);
        fprintf(f, " %s at game %ld</title></%s>\n", m == 0 ? "entered" : "retired", at[m],
                m == 0 ? "circle" : "rect");
    }
}

/* Line j of s, its last point marked, and its entry in the key (the key-th). */
static void put_series(FILE *f, const struct frame *fr, const struct series *s, size_t j,
                       size_t key)
{
    const char *colour = palette[j % NPALETTE];
    double lx = NAN, ly = NAN;
    fprintf(f,
            "<polyline class=\"series\" fill=\"none\" stroke=\"%s\" stroke-width=\"2\" "
            "points=\"",
            colour);
    for (int k = 0; k < s->points; k++) {
        double v = s->values[(size_t)k * s->stride + j];
        if (!isfinite(v))
            continue;
        lx = frame_x(fr, (double)s->games[k]);
        ly = frame_y(fr, v);
        fprintf(f, "%.1f,%.1f ", lx, ly);
    }
    fputs("\"><title>", f);
    html_text(f, s->names[j]);
    fputs("</title></polyline>", f);
    if (s->entered)
        put_marks(f, fr, s, j, colour);
    fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"/>\n", lx, ly, colour);
    int kx = fr->x0 + (int)(key % 3) * (fr->w / 3), ky = fr->y0 + fr->h + 52 + 18 * (int)(key / 3);
    fprintf(f,
            "<g class=\"key\"><line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" "
            "stroke-width=\"3\"/><text x=\"%d\" y=\"%d\">",
            kx, ky - 4, kx + 18, ky - 4, colour, kx + 24, ky);
    html_label(f, s->names[j]);
    fputs("</text></g>\n", f);
}

/* A plot of the lines of s over the games, with bounds across it, and a key
 * under it (three names a line) of the lines drawn. */
static void put_lines(FILE *f, const struct series *s, const struct bound *bounds, int nbounds)
{
    struct frame fr;
    frame_fit(&fr, s, bounds, nbounds);
    size_t drawn = 0;
    for (size_t j = 0; j < s->n; j++)
        drawn += series_points(s, j) > 0;
    int keys = (int)(drawn + 2) / 3, height = fr.y0 + fr.h + 44 + 18 * keys;
    html_svg_open(f, NULL, fr.x0 + fr.w + 24, height, s->unit);
    put_grid(f, &fr, s->unit);
    put_bounds(f, &fr, bounds, nbounds);
    size_t key = 0;
    for (size_t j = 0; j < s->n; j++)
        if (series_points(s, j) > 0)
            put_series(f, &fr, s, j, key++);
    fputs("</svg>\n", f);
}

/* The marks of r's league entries, by the report's bots. Returns 0 or -ENOMEM. */
static int league_marks(const struct report *r, struct series *s)
{
    long *in = calloc(r->nbots, sizeof(*in)), *out = calloc(r->nbots, sizeof(*out));
    if (!in || !out) {
        free(in);
        free(out);
        return -ENOMEM;
    }
    for (size_t b = 0; b < r->nbots; b++)
        for (size_t e = 0; e < r->nentries; e++)
            if (strcmp(r->entries[e].name, r->bots[b].name) == 0) {
                in[b] = r->entries[e].entered;
                out[b] = r->entries[e].retired;
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

void report_html_progress(FILE *f, const struct report *r)
{
    if (r->played < 2 || r->npoints < 2 || r->nbots == 0)
        return;
    int points = (int)r->npoints;
    long *games = calloc((size_t)points, sizeof(*games));
    double *elo = malloc((size_t)points * r->nbots * sizeof(*elo));
    double *llr = calloc((size_t)points, sizeof(*llr));
    const char **names = calloc(r->nbots, sizeof(*names));
    if (games && elo && llr && names) {
        for (int k = 0; k < points; k++) {
            const struct report_point *pt = &r->points[k];
            games[k] = pt->games;
            llr[k] = pt->llr;
            for (size_t b = 0; b < r->nbots; b++)
                elo[(size_t)k * r->nbots + b] = b < pt->nelo ? pt->elo[b] : NAN;
        }
        for (size_t b = 0; b < r->nbots; b++)
            names[b] = r->bots[b].name;
        struct series elos = {points, games, elo, r->nbots, r->nbots, names, "Elo", NULL, NULL};
        if (r->nentries > 0 && league_marks(r, &elos) < 0)
            elos.entered = NULL;
        fputs(elos.entered ? "<section id=\"progress\"><h2>Over the league's life</h2>\n"
                             "<p>Each entry's Elo "
                           : "<section id=\"progress\"><h2>Over the run</h2>\n<p>Each bot's Elo ",
              f);
        if (r->step == 1)
            fputs("after every game", f);
        else
            fprintf(f, "every %ld games and at the end", r->step);
        fputs(", in the order the games were written, from its first game on.", f);
        if (elos.entered)
            fputs(" A ring marks the game from which an entry played, a bar the game from "
                  "which it no longer did (its games still count).",
                  f);
        fputs("</p>\n", f);
        put_lines(f, &elos, NULL, 0);
        if (elos.entered)
            put_roster(f, r);
        free((void *)elos.entered);
        free((void *)elos.retired);
        if (r->run && r->run->sprt) {
            struct bound bounds[2] = {{r->lower, "accept H0"}, {r->upper, "accept H1"}};
            static const char *const llr_name[1] = {"LLR"};
            fputs("<h3>SPRT</h3>\n<p>The log-likelihood ratio of H1 against H0, from ", f);
            html_text(f, r->run->candidate);
            fputs("'s side, with its two bounds: crossing the upper accepts H1, the lower H0."
                  "</p>\n",
                  f);
            struct series s = {points, games, llr, 1, 1, llr_name, "LLR", NULL, NULL};
            put_lines(f, &s, bounds, 2);
        }
        fputs("</section>\n", f);
    }
    free(games);
    free(elo);
    free(llr);
    free(names);
}
