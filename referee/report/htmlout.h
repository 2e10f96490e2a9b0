/* htmlout.h: text into an HTML page, safely: escaped as element text or an
 * attribute, or as a figure (a JSON string inside a <script>: json.h). Writes to f
 * and nothing else. */
#ifndef REFEREE_HTMLOUT_H
#define REFEREE_HTMLOUT_H

#include <stdio.h>

/* text with &, <, > and " escaped. */
void html_text(FILE *f, const char *text);

/* A name as a plot's label: text escaped, cut to HTML_LABEL_MAX bytes (at a
 * character's start) with an ellipsis where longer; the whole name goes in
 * the plot's titles and tables. */
#define HTML_LABEL_MAX 14
void html_label(FILE *f, const char *text);

/* v with fmt (printf's, one double), "-" for NAN, "inf" and "-inf" for the
 * infinities, and never "-0". */
void html_figure(FILE *f, const char *fmt, double v);

/* The opening tag of a plot: an SVG of w by h units that scales down to the
 * width of its box (viewBox; report.css), with id (NULL: none) and label
 * for a screen reader. */
void html_svg_open(FILE *f, const char *id, int w, int h, const char *label);

#endif
