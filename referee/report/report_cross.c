/* report_cross.c: the report's crosstable. A small field's is a square of
 * cells, each pair's score as a colour; a large field's (past
 * REPORT_SQUARE_MAX bots, where the square is mostly empty cells and grows as
 * n^2) is a row a bot in the standings' order: its score against its
 * neighbours there, and every opponent it met, in a <details> a click opens
 * (no script), so that the page grows with the pairs that played. */
#include "htmlout.h"
#include "report_sections.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>

/* The colour of a score: red at 0, white at 1/2, green at 1. */
static void score_colour(double score, char *out, size_t len)
{
    double t = isnan(score) ? 0.5 : score;
    int r = t < 0.5 ? 220 : (int)(220 - (t - 0.5) * 2 * 150);
    int g = t < 0.5 ? (int)(70 + t * 2 * 150) : 220;
    int b = (int)(70 + (1 - fabs(t - 0.5) * 2) * 150);
    snprintf(out, len, "#%02x%02x%02x", r, g, b);
}

/* The square: a cell a pair, coloured by the row's score against the column. */
static void put_square(FILE *f, struct standings *st, const struct standings_row *rows, size_t n)
{
    int cell = 64, x0 = 120, y0 = 100;
    html_svg_open(f, NULL, x0 + (cell * (int)n > 300 ? cell * (int)n : 300) + 70,
                  y0 + cell * (int)n + 60, "score of each row against each column");
    for (size_t j = 0; j < n; j++) {
        fprintf(f, "<text transform=\"translate(%d,%d) rotate(-45)\">", x0 + cell * (int)j + 20,
                y0 - 6);
        html_label(f, rows[j].name);
        fputs("</text>\n", f);
    }
    for (size_t i = 0; i < n; i++) {
        int y = y0 + cell * (int)i;
        fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">", x0 - 6, y + cell / 2 + 4);
        html_label(f, rows[i].name);
        fputs("</text>\n", f);
        for (size_t j = 0; j < n; j++) {
            int games = standings_games_between(st, i, j), x = x0 + cell * (int)j, wdl[3];
            if (i == j || games == 0) {
                fprintf(f,
                        "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#f4f4f4\"/>\n",
                        x, y, cell - 2, cell - 2);
                continue;
            }
            char colour[16], points[STANDINGS_POINTS_TEXT];
            double p = standings_points_between(st, i, j);
            standings_results_between(st, i, j, wdl);
            score_colour(p / games, colour, sizeof(colour));
            fprintf(f,
                    "<rect class=\"cell\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
                    "fill=\"%s\"><title>",
                    x, y, cell - 2, cell - 2, colour);
            html_text(f, rows[i].name);
            fprintf(f, " against ");
            html_text(f, rows[j].name);
            fprintf(f, ": %s of %d (%d-%d-%d)</title></rect>\n",
                    standings_format_points(p, points, sizeof(points)), games, wdl[0], wdl[1],
                    wdl[2]);
            fprintf(f,
                    "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%.0f%%</text>"
                    "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%d-%d-%d</text>\n",
                    x + cell / 2 - 1, y + cell / 2 - 4, 100.0 * p / games, x + cell / 2 - 1,
                    y + cell / 2 + 12, wdl[0], wdl[1], wdl[2]);
        }
    }
    /* The key: 0% to 100% of the points. */
    int ly = y0 + cell * (int)n + 16;
    for (int k = 0; k <= 10; k++) {
        char colour[16];
        score_colour(k / 10.0, colour, sizeof(colour));
        fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"20\" height=\"12\" fill=\"%s\"/>", x0 + 20 * k,
                ly, colour);
    }
    fprintf(f,
            "\n<text x=\"%d\" y=\"%d\">0%%</text><text x=\"%d\" y=\"%d\" "
            "text-anchor=\"middle\">50%%</text><text x=\"%d\" y=\"%d\" "
            "text-anchor=\"end\">100%%</text><text x=\"%d\" y=\"%d\">of the points, row against "
            "column</text>\n</svg>\n",
            x0, ly + 26, x0 + 110, ly + 26, x0 + 220, ly + 26, x0, ly + 42);
}

/* Row i's score against row j, "1.5/2", shaded as the square's cells are
 * (report.css's s0..s4: fifths of the points, the colours of 10%, 30%... 90%
 * on the square's key), with its W-D-L in a tooltip; "-" where they never met. */
static void put_score(FILE *f, struct standings *st, size_t i, size_t j)
{
    int games = standings_games_between(st, i, j), wdl[3];
    if (games == 0) {
        fputs("-", f);
        return;
    }
    char points[STANDINGS_POINTS_TEXT];
    double p = standings_points_between(st, i, j);
    standings_results_between(st, i, j, wdl);
    /* A class, not a colour a score: the page of 1,000 entries holds 20,000. */
    int shade = (int)(p / games * 5);
    fprintf(f, "<b class=\"s%d\" title=\"%d-%d-%d\">%s/%d</b>", shade < 5 ? shade : 4, wdl[0],
            wdl[1], wdl[2], standings_format_points(p, points, sizeof(points)), games);
}

/* Row i's neighbours in the standings, REPORT_NEIGHBOURS above and below. */
static void put_neighbours(FILE *f, struct standings *st, const struct standings_row *rows,
                           size_t n, size_t i)
{
    size_t from = i > REPORT_NEIGHBOURS ? i - REPORT_NEIGHBOURS : 0,
           to = i + REPORT_NEIGHBOURS < n ? i + REPORT_NEIGHBOURS : n - 1;
    const char *sep = "";
    for (size_t j = from; j <= to; j++) {
        if (j == i)
            continue;
        fputs(sep, f);
        html_text(f, rows[j].name);
        fputs(" ", f);
        put_score(f, st, i, j);
        sep = ", ";
    }
}

/* Every opponent row i met, in the standings' order, in a <details>. */
static void put_met(FILE *f, struct standings *st, const struct standings_row *rows, size_t n,
                    size_t i)
{
    int met = 0;
    for (size_t j = 0; j < n; j++)
        met += j != i && standings_games_between(st, i, j) > 0;
    if (met == 0) {
        fputs("none", f);
        return;
    }
    fprintf(f, "<details><summary>%d opponent%s</summary><ul>", met, met == 1 ? "" : "s");
    for (size_t j = 0; j < n; j++) {
        if (j == i || standings_games_between(st, i, j) == 0)
            continue;
        fprintf(f, "<li>%d ", rows[j].rank);
        html_text(f, rows[j].name);
        fputs(" ", f);
        put_score(f, st, i, j);
        fputs("</li>", f);
    }
    fputs("</ul></details>", f);
}

/* A row a bot: its rank, name, Elo and games, its neighbours, whom it met. */
static void put_rows(FILE *f, struct standings *st, const struct standings_row *rows, size_t n)
{
    fprintf(f,
            "<p>%zu bots: too many for a square of every pair. A row a bot, in the standings' "
            "order: its score against the %d ranked just above and below it (- where they "
            "never met), and every opponent it met, with a click. A score is the row's points "
            "of the games between them; its wins, draws and losses in a tooltip.</p>\n"
            "<div class=\"scroll\"><table class=\"cross\"><tr><th>Rank</th><th class=\"name\">"
            "Bot</th><th>Elo</th><th>Games</th><th class=\"name\">Neighbours</th>"
            "<th class=\"name\">Opponents met</th></tr>\n",
            n, REPORT_NEIGHBOURS);
    for (size_t i = 0; i < n; i++) {
        fprintf(f, "<tr><td>%d</td><td class=\"name\">", rows[i].rank);
        html_text(f, rows[i].name);
        fputs("</td><td>", f);
        html_figure(f, "%.1f", rows[i].elo);
        fprintf(f, "</td><td>%d</td><td class=\"name\">", rows[i].games);
        put_neighbours(f, st, rows, n, i);
        fputs("</td><td class=\"name met\">", f);
        put_met(f, st, rows, n, i);
        fputs("</td></tr>\n", f);
    }
    fputs("</table></div>\n", f);
}

void report_html_crosstable(FILE *f, struct standings *st, const struct standings_row *rows,
                            size_t n)
{
    fputs("<section id=\"crosstable\"><h2>Crosstable</h2>\n", f);
    if (n <= REPORT_SQUARE_MAX)
        put_square(f, st, rows, n);
    else
        put_rows(f, st, rows, n);
    fputs("</section>\n", f);
}
