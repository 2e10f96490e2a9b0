/* htmlout.c: escaping for the report's page. */
#include "htmlout.h"

#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <string.h>

void html_text(FILE *f, const char *text)
{
    for (const char *p = text; *p; p++) {
        switch (*p) {
        case '&': fputs("&amp;", f); break;
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '"': fputs("&quot;", f); break;
        default: fputc(*p, f);
        }
    }
}

void html_label(FILE *f, const char *text)
{
    size_t n = strlen(text);
    if (n <= HTML_LABEL_MAX) {
        html_text(f, text);
        return;
    }
    char cut[HTML_LABEL_MAX + 1];
    n = HTML_LABEL_MAX - 1;
    while (n > 0 && ((unsigned char)text[n] & 0xc0) == 0x80)
        n--;
    memcpy(cut, text, n);
    cut[n] = '\0';
    html_text(f, cut);
    fputs("\u2026", f);
}

void html_figure(FILE *f, const char *fmt, double v)
{
    if (isnan(v))
        fputs("-", f);
    else if (isinf(v))
        fputs(v > 0 ? "inf" : "-inf", f);
    else
        fprintf(f, fmt, fabs(v) < 5e-7 ? 0.0 : v);
}

void html_svg_open(FILE *f, const char *id, int w, int h, const char *label)
{
    fputs("<svg class=\"plot\"", f);
    if (id)
        fprintf(f, " id=\"%s\"", id);
    fprintf(f,
            " viewBox=\"0 0 %d %d\" width=\"%d\" height=\"%d\" "
            "preserveAspectRatio=\"xMinYMin meet\" role=\"img\" aria-label=\"",
            w, h, w, h);
    html_text(f, label);
    fputs("\">\n", f);
}
