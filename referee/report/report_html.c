/* report_html.c: a run's report as one HTML page: its head and conditions,
 * its sections in order (report_sections.h), then the games as JSON for the
 * game list and viewer (report_viewer.js). No network, no file beside it; it
 * prints as it shows, and its style sheet (report.css) fits it to any screen. */
#include "report_html.h"
#include "decimal.h"
#include "game.h"
#include "htmlout.h"
#include "json.h"
#include "report_sections.h"

#include <stdio.h>
#include <string.h>

/* The first games as a table, for a reader without JavaScript. */
static void put_games_noscript(FILE *f, const struct report *r)
{
    fputs("<section id=\"games\"><h2>Games</h2>\n<noscript>", f);
    fprintf(f,
            "<p>The first %zu games of %ld; the game list to filter and the viewer need "
            "JavaScript, and every game is in games.csv.</p>\n<div class=\"scroll\"><table><tr>"
            "<th>Game</th><th class=\"name\">First</th><th class=\"name\">Second</th>"
            "<th>Result</th><th class=\"name\">Reason</th></tr>\n",
            r->nfirst, r->games);
    for (size_t i = 0; i < r->nfirst; i++) {
        const struct report_game *g = &r->first[i];
        fprintf(f, "<tr><td>%ld</td><td class=\"name\">", g->id);
        html_text(f, g->bots[0]);
        fputs("</td><td class=\"name\">", f);
        html_text(f, g->bots[1]);
        fprintf(f, "</td><td>%s</td><td class=\"wrap\">", g->result);
        html_text(f, g->reason);
        fputs("</td></tr>\n", f);
    }
    fputs("</table></div>\n</noscript>\n", f);
}

/* The game list with its filters and the viewer, which the script fills;
 * then the opening of the games' data. */
static void put_games_shell(FILE *f)
{
    fputs("<div id=\"games-js\" hidden>\n<p class=\"filters\">"
          "<label>Bot <select id=\"game-filter-bot\"><option value=\"\">any</option></select>"
          "</label> <label>Result <select id=\"game-filter-result\"><option value=\"\">any"
          "</option><option>1-0</option><option>0-1</option><option>1/2-1/2</option><option>*"
          "</option></select></label> <label>Reason <input id=\"game-filter-reason\" "
          "type=\"search\"></label></p>\n<div class=\"games-layout\"><div class=\"list\">"
          "<div class=\"scroll\"><table id=\"game-list\"><thead><tr><th></th><th>Game</th>"
          "<th class=\"name\">First</th><th class=\"name\">Second</th><th>Result</th>"
          "<th>End</th><th class=\"name\">Reason</th></tr></thead><tbody></tbody>"
          "</table></div>\n<p><button id=\"game-prev\" type=\"button\">previous</button> "
          "<span id=\"game-page\"></span> <button id=\"game-next\" type=\"button\">next"
          "</button></p></div>\n<div id=\"viewer\" hidden><div id=\"viewer-key\"></div>"
          "<div id=\"viewer-board\"></div><p class=\"controls\"><button id=\"viewer-start\" "
          "type=\"button\" title=\"start\">|&lt;</button><button id=\"viewer-back\" "
          "type=\"button\" title=\"back\">&lt;</button><button id=\"viewer-forward\" "
          "type=\"button\" title=\"forward\">&gt;</button><button id=\"viewer-end\" "
          "type=\"button\" title=\"end\">&gt;|</button><input id=\"viewer-ply\" type=\"range\" "
          "min=\"0\" value=\"0\" aria-label=\"ply\"></p><p id=\"viewer-status\"></p>"
          "<ol id=\"viewer-moves\" aria-label=\"moves\"></ol></div>\n</div>\n</div>\n"
          "<script type=\"application/json\" id=\"games-data\">",
          f);
}

/* The data of the games before their list: the game, its marks, the bots. */
static void put_games_head(FILE *f, const struct report *r)
{
    fputs("{\"game\":", f);
    json_write_string(f, r->game, true);
    const struct game_def *def = r->mixed ? NULL : game_find(r->game);
    char marks[2][2] = {{def ? def->marks[0] : 'x', '\0'}, {def ? def->marks[1] : 'o', '\0'}};
    fputs(",\"marks\":[", f);
    json_write_string(f, marks[0], true);
    fputs(",", f);
    json_write_string(f, marks[1], true);
    fputs("],\"bots\":[", f);
    for (size_t i = 0; i < r->nbots; i++) {
        fputs(i ? "," : "", f);
        json_write_string(f, r->bots[i].name, true);
    }
    fputs("],\"games\":[", f);
}

void report_html_begin(FILE *f, struct report *r, const char *const *dirs,
                       const struct runinfo *infos, int ndirs)
{
    size_t n;
    const struct standings_row *rows = standings_rows(r->st, &n);
    const char *game = r->mixed ? "several games" : r->game[0] ? r->game : "no games";

    fputs("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
          "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
          "<title>referee report: ",
          f);
    html_text(f, game);
    fprintf(f, "</title><style>\n%s</style></head><body>\n<h1>referee report: ", report_css);
    html_text(f, game);
    fputs("</h1>\n", f);
    report_html_conditions(f, r, n, dirs, infos, ndirs);
    report_html_standings(f, rows, n);
    /* The rows stay valid: the sections read st's pairs, never refit it (a
     * fit of 1,000 bots is the page's dearest step). */
    report_html_progress(f, r);
    report_html_crosstable(f, r->st, rows, n);
    report_html_colours(f, r, rows, n);
    report_html_fouls(f, r, rows, n);
    report_html_times(f, r, rows, n);
    /* The games, for the list and the viewer: a JSON array the script reads. */
    put_games_noscript(f, r);
    put_games_shell(f);
    put_games_head(f, r);
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
        json_write_string(f, row->text[columns[i]], true);
    }
    fputs("]", f);
}

void report_html_end(FILE *f)
{
    fprintf(f, "]}</script>\n<script>%s</script>\n</section>\n</body></html>\n", report_viewer_js);
}
