/* report_write.h: a run's report written to a file: the page of its results
 * folders read back, or of a report a run gathered as it played. */
#ifndef REFEREE_REPORT_WRITE_H
#define REFEREE_REPORT_WRITE_H

#include <stdio.h>

/* Write the report of the results folders dirs to out: what `referee report`
 * does, and what a run does at its end (with what the run knows of itself,
 * or NULL). Returns an exit code, having said what went wrong. */
struct report_run;
int report_write(const char *out, const char *const *dirs, int ndirs, const struct report_run *run);

/* Who writes a page's games (report_html_game each): write(f, ctx), 0 or -errno. */
struct report_games {
    int (*write)(FILE *f, void *ctx);
    void *ctx;
};

/* r's page to out, whole through out.tmp, fsync and rename; dirs are named on
 * it, and games writes its games. Returns an exit code, having said why. */
struct report;
int report_write_page(const char *out, struct report *r, const char *const *dirs, int ndirs,
                      const struct report_games *games);

#endif
