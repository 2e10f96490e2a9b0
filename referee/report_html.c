/* report_html.c: a run's report as one HTML page with its plots drawn as SVG:
 * no script, no network, no file beside it; it prints as it shows. Every mark
 * of a plot has its figure in a <title> (shown on hover) and in a table. */
#include "report_html.h"
#include "decimal.h"

#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

/* text with &, <, > and " escaped. */
static void put_text(FILE *f, const char *text)
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

/* text as a JSON string: quotes and backslashes escaped, and <, > and & too,
 * so that no text can end the <script> it is in. */
static bool json_plain(unsigned char c)
{
    return c >= 0x20 && c < 0x7f && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&';
}

static void put_json(FILE *f, const char *text)
{
    static const char hex[] = "0123456789abcdef";
    const unsigned char *p = (const unsigned char *)text;

    putc('"', f);
    while (*p) {
        size_t n = 0; /* a run of bytes that go as they are, in one write */
        while (p[n] && json_plain(p[n]))
            n++;
        fwrite(p, 1, n, f);
        p += n;
        if (!*p)
            break;
        if (*p == '"' || *p == '\\') {
            char esc[2] = {'\\', (char)*p};
            fwrite(esc, 1, 2, f);
        } else {
            char esc[6] = {'\\', 'u', '0', '0', hex[*p >> 4], hex[*p & 15]};
            fwrite(esc, 1, 6, f);
        }
        p++;
    }
    putc('"', f);
}

/* A figure, or "-" / "inf" where it has none. */
static void put_figure(FILE *f, const char *fmt, double v)
{
    if (isnan(v))
        fputs("-", f);
    else if (isinf(v))
        fputs(v > 0 ? "inf" : "-inf", f);
    else
        fprintf(f, fmt, fabs(v) < 5e-7 ? 0.0 : v);
}

static const char style[] =
    "body{font:14px/1.4 system-ui,sans-serif;margin:2em auto;max-width:72em;color:#222}"
    "h1{font-size:1.6em}h2{font-size:1.2em;margin-top:2em;border-bottom:1px solid #ccc}"
    "table{border-collapse:collapse;margin:.5em 0}td,th{padding:.2em .6em;text-align:right;"
    "border-bottom:1px solid #eee}th{background:#f4f4f4}td.name,th.name{text-align:left}"
    "svg{display:block;margin:.5em 0;max-width:100%}svg text{font:12px system-ui,sans-serif}"
    ".note{color:#666}a{color:#1a5fb4}"
    "@media print{section{break-inside:avoid}body{margin:0;max-width:none}}";

/* Elo's x position on a plot of width w, for the range lo..hi. */
static double x_of(double v, double lo, double hi, double x0, double w)
{
    if (v < lo)
        v = lo;
    if (v > hi)
        v = hi;
    return x0 + (v - lo) / (hi - lo) * w;
}

/* Standings: the table, and each bot's Elo with its 95% interval. */
static void put_standings(FILE *f, const struct standings_row *rows, size_t n)
{
    fputs("<section id=\"standings\"><h2>Standings</h2>\n<table><tr><th>Rank</th>"
          "<th class=\"name\">Bot</th><th>Elo</th><th>95%</th><th>Games</th><th>W-D-L</th>"
          "<th>Points</th><th>Score</th><th>Draws</th><th>Fouls</th><th>Restarts</th>"
          "<th>Mean ms</th><th class=\"name\">Engine</th></tr>\n",
          f);
    double lo = 0, hi = 0;
    for (size_t i = 0; i < n; i++) {
        const struct standings_row *s = &rows[i];
        char points[STANDINGS_POINTS_TEXT];
        fprintf(f, "<tr><td>%d</td><td class=\"name\">", s->rank);
        put_text(f, s->name);
        fputs("</td><td class=\"elo\">", f);
        put_figure(f, "%.1f", s->elo);
        fputs("</td><td>", f);
        put_figure(f, "%.1f", s->elo_lo);
        fputs(" to ", f);
        put_figure(f, "%.1f", s->elo_hi);
        fprintf(f, "</td><td>%d</td><td>%d-%d-%d</td><td>%s</td><td>", s->games, s->wins, s->draws,
                s->losses, standings_format_points(s->points, points, sizeof(points)));
        put_figure(f, "%.1f%%", 100 * s->score);
        fputs("</td><td>", f);
        put_figure(f, "%.1f%%", s->games ? 100.0 * s->draws / s->games : NAN);
        fprintf(f, "</td><td>%d</td><td>%d</td><td>", s->fouls_total, s->restarts);
        put_figure(f, "%.3f", s->mean_ms);
        fputs("</td><td class=\"name\">", f);
        put_text(f, s->engine ? s->engine : "");
        fputs("</td></tr>\n", f);
        double a = isfinite(s->elo_lo) ? s->elo_lo : s->elo,
               b = isfinite(s->elo_hi) ? s->elo_hi : s->elo;
        if (isfinite(a) && a < lo)
            lo = a;
        if (isfinite(b) && b > hi)
            hi = b;
    }
    fputs("</table>\n", f);
    lo = floor(lo / 100) * 100 - 100;
    hi = ceil(hi / 100) * 100 + 100;
    int h = 30 + 22 * (int)n, x0 = 160, w = 520;
    fprintf(f,
            "<svg class=\"plot\" id=\"elo-plot\" width=\"%d\" height=\"%d\" role=\"img\" "
            "aria-label=\"Elo with its 95%% interval, by bot\">\n",
            x0 + w + 20, h);
    for (double v = lo; v <= hi + 1e-9; v += (hi - lo) / 4) {
        double x = x_of(v, lo, hi, x0, w);
        fprintf(f,
                "<line x1=\"%.1f\" y1=\"10\" x2=\"%.1f\" y2=\"%d\" stroke=\"#ddd\"/>"
                "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%.0f</text>\n",
                x, x, h - 18, x, h - 4, v);
    }
    for (size_t i = 0; i < n; i++) {
        const struct standings_row *s = &rows[i];
        int y = 22 + 22 * (int)i;
        fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">", x0 - 8, y + 4);
        put_text(f, s->name);
        fputs("</text>", f);
        if (isnan(s->elo)) {
            fputs("\n", f);
            continue;
        }
        double lo_x = x_of(isfinite(s->elo_lo) ? s->elo_lo
                           : s->elo_lo < 0     ? lo
                                               : s->elo,
                           lo, hi, x0, w);
        double hi_x = x_of(isfinite(s->elo_hi) ? s->elo_hi
                           : s->elo_hi > 0     ? hi
                                               : s->elo,
                           lo, hi, x0, w);
        double x = x_of(s->elo, lo, hi, x0, w);
        fprintf(f,
                "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#1a5fb4\" "
                "stroke-width=\"2\"/>",
                lo_x, y, hi_x, y);
        fprintf(f,
                "<circle class=\"elo-dot\" cx=\"%.1f\" cy=\"%d\" r=\"5\" fill=\"#1a5fb4\"><title>",
                x, y);
        put_text(f, s->name);
        fputs(": Elo ", f);
        put_figure(f, "%.1f", s->elo);
        fputs(" (95%: ", f);
        put_figure(f, "%.1f", s->elo_lo);
        fputs(" to ", f);
        put_figure(f, "%.1f", s->elo_hi);
        fputs(")</title></circle>\n", f);
    }
    fputs("</svg>\n<p class=\"note\">Ratings as referee prints them: with two bots, half the "
          "Elo difference each; with more, a Bradley-Terry fit with mean 0. An infinite "
          "rating (a bot that won or lost every game it played) is drawn at the edge.</p>"
          "</section>\n",
          f);
}

/* The colour of a score: red at 0, white at 1/2, green at 1. */
static void score_colour(double score, char *out, size_t len)
{
    double t = isnan(score) ? 0.5 : score;
    int r = t < 0.5 ? 220 : (int)(220 - (t - 0.5) * 2 * 150);
    int g = t < 0.5 ? (int)(70 + t * 2 * 150) : 220;
    int b = (int)(70 + (1 - fabs(t - 0.5) * 2) * 150);
    snprintf(out, len, "#%02x%02x%02x", r, g, b);
}

/* The crosstable as a heatmap: row's score against column, W-D-L in each cell. */
static void put_crosstable(FILE *f, struct standings *st, const struct standings_row *rows,
                           size_t n)
{
    int cell = 64, x0 = 150, y0 = 100;
    fprintf(f,
            "<section id=\"crosstable\"><h2>Crosstable</h2>\n<svg class=\"plot\" "
            "width=\"%d\" height=\"%d\" role=\"img\" aria-label=\"score of each row against "
            "each column\">\n",
            x0 + (cell * (int)n > 420 ? cell * (int)n : 420) + 20, y0 + cell * (int)n + 60);
    for (size_t j = 0; j < n; j++) {
        fprintf(f, "<text transform=\"translate(%d,%d) rotate(-45)\">", x0 + cell * (int)j + 20,
                y0 - 6);
        put_text(f, rows[j].name);
        fputs("</text>\n", f);
    }
    for (size_t i = 0; i < n; i++) {
        int y = y0 + cell * (int)i;
        fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">", x0 - 6, y + cell / 2 + 4);
        put_text(f, rows[i].name);
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
            put_text(f, rows[i].name);
            fprintf(f, " against ");
            put_text(f, rows[j].name);
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
    /* The legend: 0% to 100% of the points. */
    int ly = y0 + cell * (int)n + 20;
    for (int k = 0; k <= 10; k++) {
        char colour[16];
        score_colour(k / 10.0, colour, sizeof(colour));
        fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"20\" height=\"12\" fill=\"%s\"/>", x0 + 20 * k,
                ly, colour);
    }
    fprintf(f,
            "\n<text x=\"%d\" y=\"%d\">0%%</text><text x=\"%d\" y=\"%d\">50%%</text>"
            "<text x=\"%d\" y=\"%d\">100%% of the points, row against column</text>\n</svg>"
            "</section>\n",
            x0, ly + 26, x0 + 100, ly + 26, x0 + 200, ly + 26);
}

/* Results by colour, as a table and a bar per colour (wins, draws, losses). */
static void put_colours(FILE *f, const struct report *r, const struct standings_row *rows, size_t n)
{
    static const char *const fills[3] = {"#2e9d4d", "#bbbbbb", "#d04a3a"};
    int x0 = 160, w = 300, gap = 80;
    fprintf(f,
            "<section id=\"colours\"><h2>Results by colour</h2>\n<svg class=\"plot\" "
            "width=\"%d\" height=\"%d\" role=\"img\" aria-label=\"wins, draws and losses as "
            "first and as second mover\">\n",
            x0 + 2 * w + 2 * gap, 30 + 22 * (int)n);
    fprintf(f,
            "<text x=\"%d\" y=\"14\">as first mover (W D L)</text><text x=\"%d\" "
            "y=\"14\">as second mover</text>\n",
            x0, x0 + w + gap);
    for (size_t i = 0; i < n; i++) {
        const struct report_bot *b = report_bot(r, rows[i].name);
        int y = 24 + 22 * (int)i;
        fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">", x0 - 8, y + 12);
        put_text(f, rows[i].name);
        fputs("</text>\n", f);
        for (int c = 0; b && c < 2; c++) {
            const int *wdl = c == 0 ? b->as_first : b->as_second;
            int games = wdl[0] + wdl[1] + wdl[2], x = x0 + c * (w + gap);
            for (int k = 0; k < 3 && games > 0; k++) {
                double bw = (double)w * wdl[k] / games;
                fprintf(f,
                        "<rect class=\"colour-bar\" x=\"%d\" y=\"%d\" width=\"%.1f\" "
                        "height=\"16\" fill=\"%s\"><title>",
                        x, y, bw, fills[k]);
                put_text(f, rows[i].name);
                fprintf(f, " as %s mover: %d %s of %d</title></rect>", c == 0 ? "first" : "second",
                        wdl[k],
                        k == 0   ? "wins"
                        : k == 1 ? "draws"
                                 : "losses",
                        games);
                x += (int)(bw + 0.5);
            }
            fprintf(f, "<text x=\"%d\" y=\"%d\">%d-%d-%d</text>\n", x0 + c * (w + gap) + w + 4,
                    y + 12, wdl[0], wdl[1], wdl[2]);
        }
    }
    fputs("</svg></section>\n", f);
}

/* Fouls by bot and kind, linking to the list of fouled games. */
static void put_fouls(FILE *f, const struct report *r, const struct standings_row *rows, size_t n)
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
    fputs("<table><tr><th class=\"name\">Bot</th>", f);
    for (int k = 1; k < FOUL_COUNT; k++)
        if (any[k])
            fprintf(f, "<th>%s</th>", foul_name((enum foul)k));
    fputs("<th>All</th></tr>\n", f);
    for (size_t i = 0; i < n; i++) {
        fputs("<tr><td class=\"name\">", f);
        put_text(f, rows[i].name);
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
            "</table>\n<h3 id=\"fouled-games\">Games that ended on a foul (%ld%s)</h3>\n"
            "<table class=\"games\"><tr><th>Game</th><th class=\"name\">First</th>"
            "<th class=\"name\">Second</th><th>Result</th><th class=\"name\">Foul</th>"
            "<th class=\"name\">By</th><th class=\"name\">Reason</th></tr>\n",
            r->fouled, r->fouled > (long)r->nfouls ? ", the first listed" : "");
    for (size_t i = 0; i < r->nfouls; i++) {
        const struct report_game *g = &r->fouls[i];
        fprintf(f, "<tr id=\"g%ld\"><td>%ld</td><td class=\"name\">", g->id, g->id);
        put_text(f, g->bots[0]);
        fputs("</td><td class=\"name\">", f);
        put_text(f, g->bots[1]);
        fprintf(f, "</td><td>%s</td><td class=\"name\">", g->result);
        put_text(f, g->foul);
        fputs("</td><td class=\"name\">", f);
        put_text(f, g->foul_by);
        fputs("</td><td class=\"name\">", f);
        put_text(f, g->reason);
        fputs("</td></tr>\n", f);
    }
    fputs("</table></section>\n", f);
}

/* Move times: a box per bot (quartiles, whiskers at 5% and 95%, the longest
 * move a dot), with a table of the same figures and the slowest moves. */
static void put_times(FILE *f, const struct report *r, const struct standings_row *rows, size_t n)
{
    double top = 0;
    for (size_t i = 0; i < n; i++) {
        const struct report_bot *b = report_bot(r, rows[i].name);
        if (b && b->nms && b->max_ms > top)
            top = b->max_ms;
    }
    fputs("<section id=\"times\"><h2>Move times</h2>\n", f);
    if (top <= 0) {
        fputs("<p>No move times recorded (no moves.csv).</p></section>\n", f);
        return;
    }
    /* The limit per move, where the run told it: drawn when the moves come
     * near enough to it to share a scale, else said in words. */
    int limit = r->run ? r->run->move_ms : 0;
    bool draw_limit = limit > 0 && limit <= 4 * top;
    if (draw_limit)
        top = top > limit ? top : limit * 1.05;
    else if (limit > 0)
        fprintf(f,
                "<p>Every move far within the limit of %d ms: the longest took %.1f%% of it.</p>\n",
                limit, 100 * top / limit);
    int x0 = 160, w = 520, h = 40 + 26 * (int)n;
    fprintf(f,
            "<svg class=\"plot\" id=\"times-plot\" width=\"%d\" height=\"%d\" role=\"img\" "
            "aria-label=\"distribution of move times by bot\">\n",
            x0 + w + 60, h);
    if (draw_limit)
        fprintf(f,
                "<line class=\"limit\" x1=\"%.1f\" y1=\"6\" x2=\"%.1f\" y2=\"%d\" "
                "stroke=\"#d04a3a\" stroke-dasharray=\"5 3\"><title>the limit: %d ms a move"
                "</title></line>\n",
                x0 + w * limit / top, x0 + w * limit / top, h - 18, limit);
    for (int k = 0; k <= 4; k++) {
        double x = x0 + w * k / 4.0;
        double v = top * k / 4;
        fprintf(f,
                "<line x1=\"%.1f\" y1=\"10\" x2=\"%.1f\" y2=\"%d\" stroke=\"#ddd\"/><text "
                "x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%.*f ms</text>\n",
                x, x, h - 18, x, h - 4,
                v >= 100 || v == 0 ? 0
                : v >= 1           ? 1
                                   : 3,
                v);
    }
    for (size_t i = 0; i < n; i++) {
        const struct report_bot *b = report_bot(r, rows[i].name);
        int y = 20 + 26 * (int)i;
        fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">", x0 - 8, y + 4);
        put_text(f, rows[i].name);
        fputs("</text>", f);
        if (!b || b->nms == 0) {
            fputs("\n", f);
            continue;
        }
        double q[5] = {report_quantile(b, 0.05), report_quantile(b, 0.25), report_quantile(b, 0.5),
                       report_quantile(b, 0.75), report_quantile(b, 0.95)};
        double x[5], xmax = x0 + w * b->max_ms / top;
        for (int k = 0; k < 5; k++)
            x[k] = x0 + w * q[k] / top;
        fprintf(f, "<g class=\"box\"><title>");
        put_text(f, rows[i].name);
        fprintf(f,
                ": %zu moves; 5%% %.3f, 25%% %.3f, median %.3f, 75%% %.3f, 95%% %.3f, "
                "longest %.3f ms</title>",
                b->nms, q[0], q[1], q[2], q[3], q[4], b->max_ms);
        fprintf(f, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#555\"/>", x[0], y,
                x[4], y);
        fprintf(f,
                "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"16\" fill=\"#cfe0f7\" "
                "stroke=\"#1a5fb4\"/>",
                x[1], y - 8, x[3] - x[1] > 1 ? x[3] - x[1] : 1);
        fprintf(f,
                "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#1a5fb4\" "
                "stroke-width=\"2\"/>",
                x[2], y - 8, x[2], y + 8);
        fprintf(f, "<circle cx=\"%.1f\" cy=\"%d\" r=\"3\" fill=\"#d04a3a\"/></g>\n", xmax, y);
    }
    fputs("</svg>\n<table><tr><th class=\"name\">Bot</th><th>Moves</th><th>Median ms</th>"
          "<th>95% ms</th><th>Longest ms</th></tr>\n",
          f);
    for (size_t i = 0; i < n; i++) {
        const struct report_bot *b = report_bot(r, rows[i].name);
        fputs("<tr><td class=\"name\">", f);
        put_text(f, rows[i].name);
        if (b && b->nms)
            fprintf(f, "</td><td>%zu</td><td>%.3f</td><td>%.3f</td><td>%.3f</td></tr>\n", b->nms,
                    report_quantile(b, 0.5), report_quantile(b, 0.95), b->max_ms);
        else
            fputs("</td><td>0</td><td>-</td><td>-</td><td>-</td></tr>\n", f);
    }
    fputs("</table>\n<h3>The slowest moves</h3><table><tr><th>ms</th><th class=\"name\">Bot"
          "</th><th>Game</th><th>Ply</th><th class=\"name\">Move</th></tr>\n",
          f);
    for (size_t i = 0; i < r->nslowest; i++) {
        const struct report_move *m = &r->slowest[i];
        fprintf(f, "<tr><td>%.3f</td><td class=\"name\">", m->ms);
        put_text(f, m->bot);
        fprintf(f, "</td><td>%ld</td><td>%ld</td><td class=\"name\">", m->game, m->ply);
        put_text(f, m->move);
        fputs("</td></tr>\n", f);
    }
    fputs("</table></section>\n", f);
}

static const char *const palette[] = {"#1a5fb4", "#d04a3a", "#2e9d4d", "#e5a50a", "#813d9c",
                                      "#63452c", "#1c71d8", "#c64600", "#26a269", "#5e5c64"};
#define NPALETTE (sizeof(palette) / sizeof(palette[0]))

/* Games counted at each point of the plots over the run, and each bot's Elo
 * (NAN without one) and the SPRT's LLR there. */
struct progress {
    int points;
    long *games;
    double *elo; /* [point * nbots + bot] */
    double *llr;
    double lower, upper;
};

/* The run's points (report.points) as rows of a plot. */
static void take_points(const struct report *r, struct progress *p)
{
    for (int k = 0; k < p->points; k++) {
        const struct report_point *pt = &r->points[k];
        p->games[k] = pt->games;
        p->llr[k] = pt->llr;
        for (size_t b = 0; b < r->nbots; b++)
            p->elo[(size_t)k * r->nbots + b] = b < pt->nelo ? pt->elo[b] : NAN;
    }
    p->lower = r->lower;
    p->upper = r->upper;
}

/* A line per series over the run: values[point * stride + series]. */
static void put_lines(FILE *f, const struct progress *p, const double *values, size_t stride,
                      size_t nseries, const char *const *names, const double *bounds, int nbounds)
{
    double lo = INFINITY, hi = -INFINITY;
    for (int k = 0; k < p->points; k++)
        for (size_t s = 0; s < nseries; s++) {
            double v = values[(size_t)k * stride + s];
            if (isfinite(v)) {
                lo = v < lo ? v : lo;
                hi = v > hi ? v : hi;
            }
        }
    for (int b = 0; b < nbounds; b++) {
        lo = bounds[b] < lo ? bounds[b] : lo;
        hi = bounds[b] > hi ? bounds[b] : hi;
    }
    if (!(hi > lo)) {
        lo = isfinite(lo) ? lo - 1 : -1;
        hi = lo + 2;
    }
    int x0 = 70, w = 600, y0 = 10, h = 220;
    long last = p->games[p->points - 1];
    fprintf(f, "<svg class=\"plot\" width=\"%d\" height=\"%d\" role=\"img\">\n", x0 + w + 160,
            y0 + h + 40);
    for (int t = 0; t <= 4; t++) {
        double v = lo + (hi - lo) * t / 4, y = y0 + h - h * t / 4.0;
        fprintf(f,
                "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/>"
                "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%.1f</text>\n",
                x0, y, x0 + w, y, x0 - 6, y + 4, fabs(v) < 5e-7 ? 0.0 : v);
    }
    fprintf(f,
            "<text x=\"%d\" y=\"%d\">0</text><text x=\"%d\" y=\"%d\" "
            "text-anchor=\"end\">%ld games</text>\n",
            x0, y0 + h + 16, x0 + w, y0 + h + 16, last);
    for (int b = 0; b < nbounds; b++) {
        double y = y0 + h - h * (bounds[b] - lo) / (hi - lo);
        fprintf(f,
                "<line class=\"bound\" x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" "
                "stroke=\"#888\" stroke-dasharray=\"4 3\"><title>bound %.3f</title></line>\n",
                x0, y, x0 + w, y, bounds[b]);
    }
    for (size_t s = 0; s < nseries; s++) {
        const char *colour = palette[s % NPALETTE];
        fprintf(f,
                "<polyline class=\"series\" fill=\"none\" stroke=\"%s\" stroke-width=\"2\" "
                "points=\"",
                colour);
        for (int k = 0; k < p->points; k++) {
            double v = values[(size_t)k * stride + s];
            if (isfinite(v))
                fprintf(f, "%.1f,%.1f ", x0 + (double)w * (double)p->games[k] / (double)last,
                        y0 + h - h * (v - lo) / (hi - lo));
        }
        fputs("\"><title>", f);
        put_text(f, names[s]);
        fputs("</title></polyline>\n", f);
        fprintf(f, "<text x=\"%d\" y=\"%d\" fill=\"%s\">", x0 + w + 10, y0 + 14 + 16 * (int)s,
                colour);
        put_text(f, names[s]);
        fputs("</text>\n", f);
    }
    fputs("</svg>\n", f);
}

/* Each bot's Elo as the games accumulate, and the SPRT's LLR with its bounds. */
static void put_progress(FILE *f, const struct report *r)
{
    if (r->played < 2 || r->npoints < 2 || r->nbots == 0)
        return;
    struct progress p = {.points = (int)r->npoints};
    p.games = calloc((size_t)p.points, sizeof(*p.games));
    p.elo = malloc((size_t)p.points * r->nbots * sizeof(*p.elo));
    p.llr = calloc((size_t)p.points, sizeof(*p.llr));
    const char **names = calloc(r->nbots, sizeof(*names));
    if (p.games && p.elo && p.llr && names) {
        for (size_t i = 0; i < (size_t)p.points * r->nbots; i++)
            p.elo[i] = NAN;
        for (size_t b = 0; b < r->nbots; b++)
            names[b] = r->bots[b].name;
        take_points(r, &p);
        fprintf(f,
                "<section id=\"progress\"><h2>Over the run</h2>\n<p>Each bot's Elo every "
                "%ld games and at the end, in the order they were written (an infinite rating "
                "is left out).</p>\n",
                r->step);
        put_lines(f, &p, p.elo, r->nbots, r->nbots, names, NULL, 0);
        if (r->run && r->run->sprt) {
            double bounds[2] = {p.lower, p.upper};
            const char *llr_name[1] = {"LLR"};
            fputs("<h3>SPRT</h3>\n<p>The log-likelihood ratio of H1 against H0, from ", f);
            put_text(f, r->run->candidate);
            fputs("'s side, with its two bounds: crossing the upper accepts H1, the lower H0."
                  "</p>\n",
                  f);
            put_lines(f, &p, p.llr, 1, 1, llr_name, bounds, 2);
        }
        fputs("</section>\n", f);
    }
    free(p.games);
    free(p.elo);
    free(p.llr);
    free(names);
}

/* Without script: the first games, and where the others are. */
static void put_first_games(FILE *f, const struct report *r)
{
    fprintf(f,
            "<p>The first %zu games of %ld; the game list to filter and the viewer need "
            "JavaScript, and every game is in games.csv.</p>\n<table><tr><th>Game</th>"
            "<th class=\"name\">First</th><th class=\"name\">Second</th><th>Result</th>"
            "<th class=\"name\">Reason</th></tr>\n",
            r->nfirst, r->games);
    for (size_t i = 0; i < r->nfirst; i++) {
        const struct report_game *g = &r->first[i];
        fprintf(f, "<tr><td>%ld</td><td class=\"name\">", g->id);
        put_text(f, g->bots[0]);
        fputs("</td><td class=\"name\">", f);
        put_text(f, g->bots[1]);
        fprintf(f, "</td><td>%s</td><td class=\"name\">", g->result);
        put_text(f, g->reason);
        fputs("</td></tr>\n", f);
    }
    fputs("</table>\n", f);
}

void report_html_begin(FILE *f, struct report *r, const char *const *dirs, int ndirs)
{
    size_t n;
    const struct standings_row *rows = standings_rows(r->st, &n);

    fputs("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
          "<meta name=\"viewport\" content=\"width=device-width\"><title>referee report: ",
          f);
    put_text(f, r->game[0] ? r->game : "no games");
    fprintf(f, "</title><style>%s</style></head><body>\n<h1>referee report: ", style);
    put_text(f, r->mixed ? "several games" : r->game[0] ? r->game : "no games");
    fprintf(f, "</h1>\n<p>%ld games", r->games);
    if (r->aborted)
        fprintf(f, " (%ld aborted, counted nowhere)", r->aborted);
    fprintf(f, ", %zu bots, %ld ended on a foul. From ", n, r->fouled);
    for (int i = 0; i < ndirs; i++) {
        fputs(i ? ", " : "", f);
        fputs("<code>", f);
        put_text(f, dirs[i]);
        fputs("</code>", f);
    }
    fputs(".</p>\n", f);
    put_standings(f, rows, n);
    put_progress(f, r);
    rows = standings_rows(r->st, &n); /* the same rows, valid again */
    put_crosstable(f, r->st, rows, n);
    put_colours(f, r, rows, n);
    put_fouls(f, r, rows, n);
    put_times(f, r, rows, n);
    /* The games, for the list and the viewer: a JSON array the script reads. */
    fputs("<section id=\"games\"><h2>Games</h2>\n<noscript>", f);
    put_first_games(f, r);
    fputs("</noscript>\n<div id=\"games-js\" "
          "hidden>\n<p>Bot <select id=\"game-filter-bot\"><option value=\"\">any</option>"
          "</select> Result <select id=\"game-filter-result\"><option value=\"\">any</option>"
          "<option>1-0</option><option>0-1</option><option>1/2-1/2</option><option>*</option>"
          "</select> Reason <input id=\"game-filter-reason\" type=\"search\"></p>\n"
          "<table id=\"game-list\"><thead><tr><th>Game</th><th class=\"name\">First</th>"
          "<th class=\"name\">Second</th><th>Result</th><th>End</th><th class=\"name\">Reason"
          "</th><th></th></tr></thead><tbody></tbody></table>\n<p><button id=\"game-prev\" "
          "type=\"button\">previous</button> <span id=\"game-page\"></span> <button "
          "id=\"game-next\" type=\"button\">next</button></p>\n<div id=\"viewer\" hidden><div "
          "id=\"viewer-board\"></div><p><button id=\"viewer-start\" type=\"button\">start"
          "</button> <button id=\"viewer-back\" type=\"button\">back</button> <button "
          "id=\"viewer-forward\" type=\"button\">forward</button> <button id=\"viewer-end\" "
          "type=\"button\">end</button> <input id=\"viewer-ply\" type=\"range\" min=\"0\" "
          "value=\"0\"></p><p id=\"viewer-status\"></p></div>\n</div>\n"
          "<script type=\"application/json\" id=\"games-data\">{\"game\":",
          f);
    put_json(f, r->game);
    fputs(",\"bots\":[", f);
    for (size_t i = 0; i < r->nbots; i++) {
        fputs(i ? "," : "", f);
        put_json(f, r->bots[i].name);
    }
    fputs("],\"games\":[", f);
}

void report_html_game(FILE *f, const struct report *r, const struct game_row *row, bool first)
{
    const struct report_bot *a = report_bot(r, row->bots[0]), *b = report_bot(r, row->bots[1]);

    if (!a || !b)
        return;
    /* A row a game: by hand, not printf. */
    char head[80];
    size_t n = 0;
    const char *lead = first ? "\n[" : ",\n[";
    memcpy(head, lead, strlen(lead));
    n += strlen(lead);
    long numbers[3] = {row->id, (long)(a - r->bots), (long)(b - r->bots)};
    for (int i = 0; i < 3; i++) {
        n += decimal_int(head + n, numbers[i]);
        head[n++] = ',';
    }
    fwrite(head, 1, n, f);
    static const int columns[] = {GC_RESULT, GC_END, GC_FOUL, GC_REASON, GC_MOVES};
    for (size_t i = 0; i < sizeof(columns) / sizeof(columns[0]); i++) {
        fputs(i ? "," : "", f);
        put_json(f, row->text[columns[i]]);
    }
    fputs("]", f);
}

void report_html_end(FILE *f)
{
    fprintf(f, "]}</script>\n<script>%s</script>\n</section>\n</body></html>\n", report_viewer_js);
}
