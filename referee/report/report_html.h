/* report_html.h: the page of `referee report`: one self-contained HTML file,
 * its plots drawn as SVG (readable without script), then the games as JSON
 * for the game list and viewer (referee/report/report_viewer.js, built into the
 * binary): nothing is fetched. Written in three steps, so that the games
 * stream from games.csv. */
#ifndef REFEREE_REPORT_HTML_H
#define REFEREE_REPORT_HTML_H

#include "report.h"
#include "runinfo.h"

#include <stdbool.h>
#include <stdio.h>

/* The page up to the games: r's figures; dirs name the results folders,
 * infos[i] what dirs[i]'s run.csv says of its run (known false: nothing). */
void report_html_begin(FILE *f, struct report *r, const char *const *dirs,
                       const struct runinfo *infos, int ndirs);

/* One game for the list and the viewer (first: the first one written). */
void report_html_game(FILE *f, const struct report *r, const struct game_row *row, bool first);

/* The end of the page, with its script. */
void report_html_end(FILE *f);

/* referee/report/report_viewer.js and referee/report/report.css, as the build embeds them. */
extern const char report_viewer_js[];
extern const char report_css[];

#endif
