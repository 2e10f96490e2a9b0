/* report_sections.h: the sections of a report's page, one function each, for
 * report_html.c to put in order. Each writes its <section> to f from r's
 * figures and the standings rows (n of them, in rank order). */
#ifndef REFEREE_REPORT_SECTIONS_H
#define REFEREE_REPORT_SECTIONS_H

#include "report.h"
#include "runinfo.h"

#include <stdio.h>

/* Past these, a field is drawn in part: a plot with a line a bot draws the
 * first REPORT_PLOT_ROWS in the standings' order (every bot stays in its
 * table), the plot over the run the first REPORT_CURVES (the others as a band),
 * and the crosstable is a row a bot (its neighbours in the standings, the
 * opponents it met, opened on demand) rather than a square of n x n cells,
 * mostly empty. So a page of 1,000 entries stays one a browser opens at once. */
#define REPORT_PLOT_ROWS  40
#define REPORT_CURVES     10
#define REPORT_SQUARE_MAX 32
#define REPORT_NEIGHBOURS 2 /* a row's neighbours: this many above and below */

/* The run's conditions (what infos[0..ndirs) say, one a results folder),
 * the folders, and the counts of games. */
void report_html_conditions(FILE *f, const struct report *r, size_t nbots, const char *const *dirs,
                            const struct runinfo *infos, int ndirs);

/* The standings table, and the Elo plot with each 95% interval. */
void report_html_standings(FILE *f, const struct standings_row *rows, size_t n);

/* The crosstable: a heatmap up to REPORT_SQUARE_MAX bots, else a row a bot. */
void report_html_crosstable(FILE *f, struct standings *st, const struct standings_row *rows,
                            size_t n);

/* Wins, draws and losses as first and as second mover. */
void report_html_colours(FILE *f, const struct report *r, const struct standings_row *rows,
                         size_t n);

/* Fouls by bot and kind, and the games they ended. */
void report_html_fouls(FILE *f, const struct report *r, const struct standings_row *rows, size_t n);

/* Move times, first moves apart, with the limits, and the slowest moves. */
void report_html_times(FILE *f, const struct report *r, const struct standings_row *rows, size_t n);

/* Each bot's Elo over the run, and the SPRT's LLR between its bounds. */
void report_html_progress(FILE *f, const struct report *r);

#endif
