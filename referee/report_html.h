/* report_html.h: the page of `referee report`: one self-contained HTML file,
 * its plots drawn as SVG, no script and nothing fetched. */
#ifndef REFEREE_REPORT_HTML_H
#define REFEREE_REPORT_HTML_H

#include "report.h"

#include <stdio.h>

/* Write r's page to f; dirs name the results folders it was read from. */
void report_html(FILE *f, struct report *r, const char *const *dirs, int ndirs);

#endif
