/* report_times.c: the report's move times: a box a bot for its moves and
 * another for its first move of each game (a new process's start-up is in
 * it, under its own limit), on a log scale that the limits always fit on,
 * with a table of the same figures and the slowest moves. */
#include "axis.h"
#include "htmlout.h"
#include "report_sections.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>

#define X0 120
#define W  340

/* How a box of times is drawn: of all moves, or of first moves of games. */
struct box_style {
    const char *what, *cls, *fill, *stroke;
    int half; /* half its height */
};
static const struct box_style box_moves = {"moves", "box", "#cfe0f7", "#1a5fb4", 8},
                              box_first = {"first moves of games", "box-first", "#f3e3c3",
                                           "#a0660a", 5};

/* A box: quartiles, whiskers at 5% and 95%, the longest a dot; y its middle. */
static void put_box(FILE *f, const struct axis *ax, const struct report_times *t, const char *name,
                    const struct box_style *st, int y)
{
    double q[5] = {report_quantile(t, 0.05), report_quantile(t, 0.25), report_quantile(t, 0.5),
                   report_quantile(t, 0.75), report_quantile(t, 0.95)};
    double x[5], xmax = X0 + W * axis_at(ax, t->max_ms);
    for (int k = 0; k < 5; k++)
        x[k] = X0 + W * axis_at(ax, q[k]);
    int half = st->half;
    fprintf(f, "<g class=\"%s\"><title>", st->cls);
    html_text(f, name);
    fprintf(f,
            ", %s: %zu; 5%% %.3f, 25%% %.3f, median %.3f, 75%% %.3f, 95%% %.3f, "
            "longest %.3f ms</title>",
            st->what, t->nms, q[0], q[1], q[2], q[3], q[4], t->max_ms);
    fprintf(f, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#555\"/>", x[0], y, x[4],
            y);
    fprintf(f, "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\" stroke=\"%s\"/>",
            x[1], y - half, x[3] - x[1] > 1 ? x[3] - x[1] : 1, 2 * half, st->fill, st->stroke);
    fprintf(f,
            "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\" "
            "stroke-width=\"2\"/>",
            x[2], y - half, x[2], y + half, st->stroke);
    fprintf(f, "<circle cx=\"%.1f\" cy=\"%d\" r=\"3\" fill=\"#d04a3a\"/></g>\n", xmax, y);
}

/* A limit as a dashed line across the plot, labelled at its top. */
/* A limit's line: its name, its colour and the row of its label over the plot. */
struct limit_style {
    const char *what, *colour;
    int row;
};
static const struct limit_style limit_move = {"limit", "#d04a3a", 0},
                                limit_first = {"first-move limit", "#a0660a", 1};

static void put_limit(FILE *f, const struct axis *ax, int ms, const struct limit_style *st, int top,
                      int bottom)
{
    const char *what = st->what;
    int row = st->row;
    double x = X0 + W * axis_at(ax, ms);
    fprintf(f,
            "<line class=\"limit\" x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\" "
            "stroke-dasharray=\"5 3\"><title>%s: %d ms</title></line><text class=\"limit-label\" "
            "x=\"%.1f\" y=\"%d\" text-anchor=\"%s\" fill=\"%s\">%s %d ms</text>\n",
            x, top, x, bottom, st->colour, what, ms, x > X0 + W / 2 ? x - 3 : x + 3,
            top - 4 - 14 * row, x > X0 + W / 2 ? "end" : "start", st->colour, what, ms);
}

static void put_plot(FILE *f, const struct report *r, const struct standings_row *rows, size_t n)
{
    double lo = INFINITY, hi = 0;
    int move_ms = r->run ? r->run->move_ms : 0, first_ms = r->run ? r->run->first_move_ms : 0;
    for (size_t i = 0; i < n; i++) {
        const struct report_bot *b = report_bot(r, rows[i].name);
        for (int k = 0; b && k < 2; k++) {
            const struct report_times *t = k ? &b->first : &b->moves;
            if (t->nms == 0)
                continue;
            double q = report_quantile(t, 0.05);
            lo = q < lo ? q : lo;
            hi = t->max_ms > hi ? t->max_ms : hi;
        }
    }
    hi = move_ms > hi ? move_ms : hi;
    hi = first_ms > hi ? first_ms : hi;
    struct axis ax;
    axis_log(&ax, isfinite(lo) ? lo : 1e-3, hi);
    int top = 36, row = 34, h = top + row * (int)n + 44, bottom = top + row * (int)n;
    html_svg_open(f, "times-plot", X0 + W + 30, h,
                  "distribution of move times by bot, first moves apart, log scale");
    for (int t = 0; t < ax.n; t++) {
        double x = X0 + W * axis_at(&ax, ax.tick[t]);
        fprintf(f,
                "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#ddd\"/><text "
                "x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%.*f</text>\n",
                x, top, x, bottom, x, bottom + 14, axis_decimals(&ax, t), ax.tick[t]);
    }
    fprintf(f,
            "<text class=\"label\" x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">ms (log scale)"
            "</text>\n",
            X0 + W / 2.0, bottom + 32);
    if (move_ms > 0)
        put_limit(f, &ax, move_ms, &limit_move, top, bottom);
    if (first_ms > 0)
        put_limit(f, &ax, first_ms, &limit_first, top, bottom);
    for (size_t i = 0; i < n; i++) {
        const struct report_bot *b = report_bot(r, rows[i].name);
        int y = top + row * (int)i + 10;
        fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">", X0 - 8, y + 4);
        html_label(f, rows[i].name);
        fputs("</text>", f);
        fprintf(f,
                "<text x=\"%d\" y=\"%d\" text-anchor=\"end\" fill=\"#a0660a\" "
                "font-size=\"10\">first moves</text>\n",
                X0 - 8, y + 17);
        if (b && b->moves.nms)
            put_box(f, &ax, &b->moves, rows[i].name, &box_moves, y);
        if (b && b->first.nms)
            put_box(f, &ax, &b->first, rows[i].name, &box_first, y + 14);
    }
    fputs("</svg>\n", f);
}

/* "12.345" or "-" for a count of nothing. */
static void put_ms(FILE *f, size_t n, double v)
{
    if (n)
        fprintf(f, "<td>%.3f</td>", v);
    else
        fputs("<td>-</td>", f);
}

void report_html_times(FILE *f, const struct report *r, const struct standings_row *rows, size_t n)
{
    bool any = false;
    for (size_t i = 0; i < n; i++) {
        const struct report_bot *b = report_bot(r, rows[i].name);
        any |= b && (b->moves.nms || b->first.nms);
    }
    fputs("<section id=\"times\"><h2>Move times</h2>\n", f);
    if (!any) {
        fputs("<p>No move times recorded (no moves.csv).</p></section>\n", f);
        return;
    }
    fputs("<p>From the request written to the reply read. A bot's first move of a game is "
          "shown apart: it includes the start-up of a new process, under the first-move "
          "limit. Boxes: the middle half of the moves, the median a bar, whiskers at 5% and "
          "95%, the longest a red dot.</p>\n",
          f);
    put_plot(f, r, rows, n < REPORT_PLOT_ROWS ? n : REPORT_PLOT_ROWS);
    if (n > REPORT_PLOT_ROWS)
        fprintf(f,
                "<p class=\"note\">The plot shows the first %d of %zu bots in the "
                "standings' order; the table has every one.</p>\n",
                REPORT_PLOT_ROWS, n);
    fputs("<div class=\"scroll\"><table><tr><th class=\"name\">Bot</th><th>Moves</th>"
          "<th>Mean ms</th><th>Median ms</th><th>95% ms</th><th>Longest ms</th>"
          "<th>First moves</th><th>Median ms</th><th>Longest ms</th></tr>\n",
          f);
    for (size_t i = 0; i < n; i++) {
        const struct report_bot *b = report_bot(r, rows[i].name);
        static const struct report_times none;
        const struct report_times *m = b ? &b->moves : &none, *s = b ? &b->first : &none;
        fputs("<tr><td class=\"name\">", f);
        html_text(f, rows[i].name);
        fprintf(f, "</td><td>%zu</td>", m->nms);
        put_ms(f, m->nms, m->nms ? m->sum_ms / (double)m->nms : 0);
        put_ms(f, m->nms, report_quantile(m, 0.5));
        put_ms(f, m->nms, report_quantile(m, 0.95));
        put_ms(f, m->nms, m->max_ms);
        fprintf(f, "<td>%zu</td>", s->nms);
        put_ms(f, s->nms, report_quantile(s, 0.5));
        put_ms(f, s->nms, s->max_ms);
        fputs("</tr>\n", f);
    }
    fputs("</table></div>\n<h3>The slowest moves</h3><p class=\"note\">First moves of games "
          "left out.</p><div class=\"scroll\"><table><tr><th>ms</th><th class=\"name\">Bot</th>"
          "<th>Game</th><th>Ply</th><th class=\"name\">Move</th></tr>\n",
          f);
    for (size_t i = 0; i < r->nslowest; i++) {
        const struct report_move *m = &r->slowest[i];
        fprintf(f, "<tr><td>%.3f</td><td class=\"name\">", m->ms);
        html_text(f, m->bot);
        fprintf(f, "</td><td>%ld</td><td>%ld</td><td class=\"name\">", m->game, m->ply);
        html_text(f, m->move);
        fputs("</td></tr>\n", f);
    }
    fputs("</table></div></section>\n", f);
}
