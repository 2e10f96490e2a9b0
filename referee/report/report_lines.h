/* report_lines.h: a plot of lines over a run's games, as SVG: its axes
 * fitted to the values, bounds across it (the SPRT's), a league entry's marks
 * where it entered and retired, a grey band for lines not drawn, and a key of
 * the lines drawn. report_progress.c draws each bot's Elo and the LLR with it. */
#ifndef REFEREE_REPORT_LINES_H
#define REFEREE_REPORT_LINES_H

#include <stddef.h>
#include <stdio.h>

/* A plot's series: values[point * stride + series] at games[point]. */
struct line_series {
    int points;
    const long *games;
    const double *values;
    size_t stride, n;
    const char *const *names;
    const char *unit;              /* the y axis's name */
    const long *entered, *retired; /* a league's: per series, game ids (0: none); or NULL */
    const double *band[2]; /* per point, the lowest and highest of the lines not drawn; or NULL */
    size_t nband;          /* how many lines the band holds */
};

/* A bound of the SPRT, named. */
struct line_bound {
    double at;
    const char *name;
};

/* The lines of s over the games as an <svg>, with the nbounds bounds across
 * it (bounds may be NULL with 0), s's band under them, and a key under it
 * (three names a line) of the lines drawn: those with a finite value. */
void report_lines_draw(FILE *f, const struct line_series *s, const struct line_bound *bounds,
                       int nbounds);

#endif
