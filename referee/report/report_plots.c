/* report_plots.c: the report's sections on results: standings with the Elo
 * plot, results by colour, and fouls (the crosstable: report_cross.c). Every
 * mark of a plot has its figure in a <title> (shown on hover) and in a table. */
#include "axis.h"
#include "htmlout.h"
#include "report_sections.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>

/* Elo's x position on a plot whose axis a runs over x0..x0+w. */
static double x_of(const struct axis *a, double v, double x0, double w)
{
    return x0 + axis_at(a, v) * w;
}

/* A table in a box of its own that scrolls sideways on a narrow screen. */
#define SCROLL_OPEN  "<div class=\"scroll\">"
#define SCROLL_CLOSE "</div>\n"

/* Bot s's 95% interval of Elo: "lo to hi", each end as html_figure puts it. */
static void put_elo_interval(FILE *f, const struct standings_row *s)
{
    html_figure(f, "%.1f", s->elo_lo);
    fputs(" to ", f);
    html_figure(f, "%.1f", s->elo_hi);
}

static void put_standings_table(FILE *f, const struct standings_row *rows, size_t n)
{
    bool engines = false;
    for (size_t i = 0; i < n; i++)
        engines |= rows[i].engine && rows[i].engine[0];
    fputs(SCROLL_OPEN "<table><tr><th>Rank</th><th class=\"name\">Bot</th><th>Elo</th>"
                      "<th>95%</th><th>Games</th><th>W-D-L</th><th>Points</th><th>Score</th>"
                      "<th>Draws</th><th>Fouls</th><th>Restarts</th>",
          f);
    fputs(engines ? "<th class=\"name\">Engine</th></tr>\n" : "</tr>\n", f);
    for (size_t i = 0; i < n; i++) {
        const struct standings_row *s = &rows[i];
        char points[STANDINGS_POINTS_TEXT];
        fprintf(f, "<tr><td>%d</td><td class=\"name\">", s->rank);
        html_text(f, s->name);
        fputs("</td><td class=\"elo\">", f);
        html_figure(f, "%.1f", s->elo);
        fputs("</td><td>", f);
        put_elo_interval(f, s);
        fprintf(f, "</td><td>%d</td><td>%d-%d-%d</td><td>%s</td><td>", s->games, s->wins, s->draws,
                s->losses, standings_format_points(s->points, points, sizeof(points)));
        html_figure(f, "%.1f%%", 100 * s->score);
        fputs("</td><td>", f);
        html_figure(f, "%.1f%%", s->games ? 100.0 * s->draws / s->games : NAN);
        fprintf(f, "</td><td>%d</td><td>%d</td>", s->fouls_total, s->restarts);
        if (engines) {
            fputs("<td class=\"name\">", f);
            html_text(f, s->engine ? s->engine : "");
            fputs("</td>", f);
        }
        fputs("</tr>\n", f);
    }
    fputs("</table>" SCROLL_CLOSE, f);
}

/* Where the Elo plot's axis runs, in its svg: from x0, w wide. */
enum { ELO_X0 = 120, ELO_W = 340 };

/* The axis that holds every rating and finite interval end of rows, and 0. */
static void elo_axis(struct axis *ax, const struct standings_row *rows, size_t n)
{
    double lo = 0, hi = 0;
    for (size_t i = 0; i < n; i++) {
        const struct standings_row *s = &rows[i];
        double a = isfinite(s->elo_lo) ? s->elo_lo : s->elo,
               b = isfinite(s->elo_hi) ? s->elo_hi : s->elo;
        if (isfinite(a) && a < lo)
            lo = a;
        if (isfinite(b) && b > hi)
            hi = b;
    }
    axis_linear(ax, lo, hi, 5);
}

/* Bot s's rating as a dot on its interval, on line y of the plot. */
static void put_elo_dot(FILE *f, const struct axis *ax, const struct standings_row *s, int y)
{
    const int x0 = ELO_X0, w = ELO_W;
    double lo_x = x_of(ax,
                       isfinite(s->elo_lo) ? s->elo_lo
                       : s->elo_lo < 0     ? ax->lo
                                           : s->elo,
                       x0, w);
    double hi_x = x_of(ax,
                       isfinite(s->elo_hi) ? s->elo_hi
                       : s->elo_hi > 0     ? ax->hi
                                           : s->elo,
                       x0, w);
    double x = x_of(ax, s->elo, x0, w);
    fprintf(f,
            "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#1a5fb4\" "
            "stroke-width=\"2\"/>",
            lo_x, y, hi_x, y);
    fprintf(f, "<circle class=\"elo-dot\" cx=\"%.1f\" cy=\"%d\" r=\"5\" fill=\"#1a5fb4\"><title>",
            x, y);
    html_text(f, s->name);
    fputs(": Elo ", f);
    html_figure(f, "%.1f", s->elo);
    fputs(" (95%: ", f);
    put_elo_interval(f, s);
    fputs(")</title></circle>\n", f);
}

void report_html_standings(FILE *f, const struct standings_row *rows, size_t n)
{
    fputs("<section id=\"standings\"><h2>Standings</h2>\n", f);
    put_standings_table(f, rows, n);
    if (n > REPORT_PLOT_ROWS)
        fprintf(f,
                "<p class=\"note\">The plot shows the first %d of %zu bots; the table has "
                "every one.</p>\n",
                REPORT_PLOT_ROWS, n);
    n = n < REPORT_PLOT_ROWS ? n : REPORT_PLOT_ROWS;
    struct axis ax;
    elo_axis(&ax, rows, n);
    int x0 = ELO_X0, w = ELO_W, h = 52 + 22 * (int)n, base = 12 + 22 * (int)n;
    html_svg_open(f, "elo-plot", x0 + w + 24, h, "Elo with its 95% interval, by bot");
    for (int t = 0; t < ax.n; t++) {
        double x = x_of(&ax, ax.tick[t], x0, w);
        fprintf(f,
                "<line x1=\"%.1f\" y1=\"6\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\"/>"
                "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%.*f</text>\n",
                x, x, base, ax.tick[t] == 0 ? "#999" : "#ddd", x, base + 16, axis_decimals(&ax, t),
                ax.tick[t]);
    }
    fprintf(f, "<text class=\"label\" x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">Elo</text>\n",
            x0 + w / 2.0, base + 34);
    for (size_t i = 0; i < n; i++) {
        int y = 18 + 22 * (int)i;
        fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">", x0 - 8, y + 4);
        html_label(f, rows[i].name);
        fputs("</text>", f);
        if (isnan(rows[i].elo))
            fputs("\n", f);
        else
            put_elo_dot(f, &ax, &rows[i], y);
    }
    fputs("</svg>\n<p class=\"note\">Ratings as referee prints them: one Bradley-Terry fit "
          "for every field, with 2 virtual draws per bot against the field's mean (finite "
          "for every bot with a game, a bot that won or lost every game included), "
          "shifted to mean 0.</p>"
          "</section>\n",
          f);
}

/* The rows from..n the plot of colours leaves out, as a table. */
static void put_colours_table(FILE *f, const struct report *r, const struct standings_row *rows,
                              size_t from, size_t n)
{
    fprintf(
        f,
        "<p class=\"note\">The plot shows the first %zu of %zu bots; the others:</p>\n" SCROLL_OPEN
        "<table><tr><th>Rank</th><th class=\"name\">Bot</th><th>As first "
        "mover</th><th>As second mover</th></tr>\n",
        from, n);
    for (size_t i = from; i < n; i++) {
        const struct report_bot *b = report_bot(r, rows[i].name);
        fprintf(f, "<tr><td>%d</td><td class=\"name\">", rows[i].rank);
        html_text(f, rows[i].name);
        fputs("</td>", f);
        for (int c = 0; c < 2; c++) {
            const int *wdl = !b ? NULL : c == 0 ? b->as_first : b->as_second;
            if (wdl)
                fprintf(f, "<td>%d-%d-%d</td>", wdl[0], wdl[1], wdl[2]);
            else
                fputs("<td>-</td>", f);
        }
        fputs("</tr>\n", f);
    }
    fputs("</table>" SCROLL_CLOSE, f);
}

void report_html_colours(FILE *f, const struct report *r, const struct standings_row *rows,
                         size_t n)
{
    static const char *const fills[3] = {"#2e9d4d", "#bbbbbb", "#d04a3a"};
    static const char *const words[3] = {"wins", "draws", "losses"};
    int x0 = 120, w = 150, gap = 60;
    fputs("<section id=\"colours\"><h2>Results by colour</h2>\n", f);
    size_t all = n;
    n = n < REPORT_PLOT_ROWS ? n : REPORT_PLOT_ROWS;
    html_svg_open(f, NULL, x0 + 2 * w + 2 * gap, 48 + 22 * (int)n,
                  "wins, draws and losses as first and as second mover");
    fprintf(f,
            "<text class=\"label\" x=\"%d\" y=\"14\">as first mover</text><text class=\"label\" "
            "x=\"%d\" y=\"14\">as second mover</text>\n",
            x0, x0 + w + gap);
    for (size_t i = 0; i < n; i++) {
        const struct report_bot *b = report_bot(r, rows[i].name);
        int y = 24 + 22 * (int)i;
        fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">", x0 - 8, y + 12);
        html_label(f, rows[i].name);
        fputs("</text>\n", f);
        for (int c = 0; b && c < 2; c++) {
            const int *wdl = c == 0 ? b->as_first : b->as_second;
            int games = wdl[0] + wdl[1] + wdl[2];
            double x = x0 + c * (w + gap);
            for (int k = 0; k < 3 && games > 0; k++) {
                double bw = (double)w * wdl[k] / games;
                fprintf(f,
                        "<rect class=\"colour-bar\" x=\"%.1f\" y=\"%d\" width=\"%.1f\" "
                        "height=\"16\" fill=\"%s\"><title>",
                        x, y, bw, fills[k]);
                html_text(f, rows[i].name);
                fprintf(f, " as %s mover: %d %s of %d</title></rect>", c == 0 ? "first" : "second",
                        wdl[k], words[k], games);
                x += bw;
            }
            fprintf(f, "<text x=\"%d\" y=\"%d\">%d-%d-%d</text>\n", x0 + c * (w + gap) + w + 4,
                    y + 12, wdl[0], wdl[1], wdl[2]);
        }
    }
    /* The key, under the bars. */
    int ky = 30 + 22 * (int)n;
    for (int k = 0; k < 3; k++)
        fprintf(f,
                "<rect x=\"%d\" y=\"%d\" width=\"12\" height=\"12\" fill=\"%s\"/><text x=\"%d\" "
                "y=\"%d\">%s</text>\n",
                x0 + 90 * k, ky, fills[k], x0 + 90 * k + 16, ky + 11, words[k]);
    fputs("</svg>\n", f);
    if (all > n)
        put_colours_table(f, r, rows, n, all);
    fputs("</section>\n", f);
}

void report_html_fouls(FILE *f, const struct report *r, const struct standings_row *rows, size_t n)
{
    bool any[FOUL_COUNT] = {false};
    for (size_t i = 0; i < n; i++)
        for (int k = 1; k < FOUL_COUNT; k++)
            any[k] |= rows[i].fouls[k] > 0;
    fprintf(f, "<section id=\"fouls\"><h2>Fouls</h2>\n");
    if (r->fouled == 0) {
        fputs("<p>No foul in any game.</p></section>\n", f);
        return;
    }
    fputs(SCROLL_OPEN "<table><tr><th class=\"name\">Bot</th>", f);
    for (int k = 1; k < FOUL_COUNT; k++)
        if (any[k])
            fprintf(f, "<th>%s</th>", foul_name((enum foul)k));
    fputs("<th>All</th></tr>\n", f);
    for (size_t i = 0; i < n; i++) {
        /* A large field's table lists the bots that fouled: the rest are 0. */
        if (n > REPORT_PLOT_ROWS && rows[i].fouls_total == 0)
            continue;
        fputs("<tr><td class=\"name\">", f);
        html_text(f, rows[i].name);
        fputs("</td>", f);
        for (int k = 1; k < FOUL_COUNT; k++)
            if (any[k]) {
                if (rows[i].fouls[k])
                    fprintf(f, "<td><a href=\"#fouled-games\">%d</a></td>", rows[i].fouls[k]);
                else
                    fputs("<td>0</td>", f);
            }
        fprintf(f, "<td>%d</td></tr>\n", rows[i].fouls_total);
    }
    fprintf(f,
            "</table>" SCROLL_CLOSE "<h3 id=\"fouled-games\">Games that ended on a foul (%ld%s)"
            "</h3>\n" SCROLL_OPEN "<table class=\"games\"><tr><th>Game</th><th class=\"name\">"
            "First</th><th class=\"name\">Second</th><th>Result</th><th class=\"name\">Foul</th>"
            "<th class=\"name\">By</th><th class=\"name\">Reason</th></tr>\n",
            r->fouled, r->fouled > (long)r->nfouls ? ", the first listed" : "");
    for (size_t i = 0; i < r->nfouls; i++) {
        const struct report_game *g = &r->fouls[i];
        fprintf(f, "<tr id=\"g%ld\"><td>%ld</td><td class=\"name\">", g->id, g->id);
        html_text(f, g->bots[0]);
        fputs("</td><td class=\"name\">", f);
        html_text(f, g->bots[1]);
        fprintf(f, "</td><td>%s</td><td class=\"name\">", g->result);
        html_text(f, g->foul);
        fputs("</td><td class=\"name\">", f);
        html_text(f, g->foul_by);
        fputs("</td><td class=\"wrap\">", f);
        html_text(f, g->reason);
        fputs("</td></tr>\n", f);
    }
    fputs("</table>" SCROLL_CLOSE "</section>\n", f);
}
