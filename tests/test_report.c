/* test_report.c: `referee report` and the report.html every run writes, read
 * back against the run's own CSV files and `referee standings`. */
#include "helpers.h"
#include "run.h"
#include "schema.h"

#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define FIXTURE BUILD_DIR "/testbots/fixture"

static struct run_result r;
static char html[1 << 20];

static int count_of(const char *text, const char *what)
{
    int n = 0;
    for (const char *p = text; (p = strstr(p, what)); p += strlen(what))
        n++;
    return n;
}

/* The Elo the page gives bot name ("inf", "-1.5", ...). */
static void page_elo(const char *name, char *out, size_t cap)
{
    char key[128];
    snprintf(key, sizeof(key), "<td class=\"name\">%s</td><td class=\"elo\">", name);
    const char *p = strstr(html, key);
    cr_assert_not_null(p, "%s in the page", name);
    p += strlen(key);
    size_t n = strcspn(p, "<");
    cr_assert_lt(n, cap);
    memcpy(out, p, n);
    out[n] = '\0';
}

/* The Elo `referee standings` prints for bot name. */
static void printed_elo(const char *table, const char *name, char *out, size_t cap)
{
    for (const char *line = table; line && *line;
         line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
        char rank[16], bot[64], elo[32];
        if (sscanf(line, "%15s %63s %31s", rank, bot, elo) == 3 && strcmp(bot, name) == 0) {
            snprintf(out, cap, "%s", elo);
            return;
        }
    }
    cr_assert_fail("%s not in %s", name, table);
}

Test(report, a_run_writes_a_page_whose_figures_are_its_standings, .timeout = 60)
{
    char dir[64], games[128];
    static char table[sizeof(r.out)];
    test_tmpdir(dir, "report");
    char *run[] = {REFEREE_BIN, "tournament",
                   "--bot",     "p=" BOTDIR "perfect",
                   "--bot",     "h=" BOTDIR "heuristic",
                   "--bot",     "r=" BOTDIR "random",
                   "--bot",     "f=" FIXTURE " garbage",
                   "--games",   "6",
                   "--results", dir,
                   NULL};
    cr_assert_eq(run_program(run, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    char *last = strrchr(r.err, '\n');
    while (last > r.err && last[-1] != '\n')
        last--;
    cr_expect(strncmp(last, "Report in ", 10) == 0 && strstr(last, "/report.html"),
              "the last line names the report: %s", r.err);

    test_slurp(dir, "report.html", html, sizeof(html));
    cr_expect(strncmp(html, "<!doctype html>", 15) == 0);
    cr_expect(strstr(html, "</html>\n"), "whole");
    /* Nothing fetched: no src, no link, no address but SVG's namespace (a name). */
    cr_expect(!strstr(html, " src=") && !strstr(html, "<link") && !strstr(html, "https://"),
              "nothing fetched");
    cr_expect_eq(count_of(html, "http://"), count_of(html, "http://www.w3.org/2000/svg"));
    /* The plots are there without script; the games list needs it, and says so. */
    cr_expect(strstr(html, "<noscript><p>The first 36 games of 36;"), "listed without script");
    cr_expect_gt(strstr(html, "<script"), strstr(html, "id=\"games-js\""),
                 "no script before the games");

    snprintf(games, sizeof(games), "%s/games.csv", dir);
    char *standings[] = {REFEREE_BIN, "standings", games, NULL};
    cr_assert_eq(run_program(standings, NULL, &r), 0);
    snprintf(table, sizeof(table), "%s", r.out);
    static const char *const bots[] = {"p", "h", "r", "f"};
    for (int i = 0; i < 4; i++) {
        char a[32], b[32];
        page_elo(bots[i], a, sizeof(a));
        printed_elo(table, bots[i], b, sizeof(b));
        cr_expect_str_eq(a, b, "bot %s: the page's Elo is the standings'", bots[i]);
    }
    /* One dot a bot, a cell a pair that played (both ways), a box a bot. */
    cr_expect_eq(count_of(html, "class=\"elo-dot\""), 4);
    cr_expect_eq(count_of(html, "<rect class=\"cell\""), 12);
    /* f's only reply of a game is its first: its moves have no box, its first moves one. */
    cr_expect_eq(count_of(html, "<g class=\"box\">"), 3);
    cr_expect_eq(count_of(html, "<g class=\"box-first\">"), 4);
    int lines = count_of(html, "<polyline class=\"series\"");
    cr_expect(lines >= 1 && lines == count_of(html, "<g class=\"key\">"),
              "a line and a key for each bot with a finite Elo: %d lines", lines);
    cr_expect(!strstr(html, "<h3>SPRT</h3>"), "no SPRT in this run");
    cr_expect_eq(count_of(html, "<line class=\"limit\""), 2, "both limits drawn");
    cr_expect(strstr(html, ">limit 1000 ms</text>") && strstr(html, ">first-move limit 5000 ms<"),
              "and labelled");
    /* The garbage bot's fouls, each game listed with its reason. */
    struct table t;
    test_load(&t, dir, "games.csv");
    int fouled = 0;
    for (size_t i = 0; i < t.nrows; i++)
        if (test_cell(&t, i, "foul")[0]) {
            char anchor[32];
            snprintf(anchor, sizeof(anchor), "<tr id=\"g%s\">", test_cell(&t, i, "game_id"));
            cr_expect(strstr(html, anchor), "game %s listed", test_cell(&t, i, "game_id"));
            fouled++;
        }
    table_release(&t);
    cr_expect_eq(fouled, 18, "f fouls every game it plays");
    cr_expect(strstr(html, "malformed reply &quot;hello&quot;"), "its reason, escaped");
}

Test(report, no_report_writes_none_and_report_merges_shards, .timeout = 60)
{
    char dir[64], shard[2][96], out[512];
    test_tmpdir(dir, "report");
    for (int i = 0; i < 2; i++) {
        char which[8];
        snprintf(shard[i], sizeof(shard[i]), "%s/shard%d", dir, i + 1);
        snprintf(which, sizeof(which), "%d/2", i + 1);
        char *run[] = {REFEREE_BIN,   "match",
                       "--bot",       "a=" BOTDIR "random",
                       "--bot",       "b=" BOTDIR "perfect",
                       "--games",     "10",
                       "--shard",     which,
                       "--results",   shard[i],
                       "--no-report", "-q",
                       NULL};
        cr_assert_eq(run_program(run, NULL, &r), 0);
        cr_assert_eq(r.status, 0, "%s", r.err);
        snprintf(out, sizeof(out), "%s/report.html", shard[i]);
        cr_expect(access(out, F_OK) != 0, "--no-report: no report");
    }
    snprintf(out, sizeof(out), "%s/merged.html", dir);
    char *report[] = {REFEREE_BIN, "report", shard[0], shard[1], "--out", out, NULL};
    cr_assert_eq(run_program(report, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    test_slurp(dir, "merged.html", html, sizeof(html));
    cr_expect(strstr(html, "<p>10 games, 2 bots,"), "both shards: %.300s", strstr(html, "<p>"));

    char *missing[] = {REFEREE_BIN, "report", "/nonexistent/run", NULL};
    cr_assert_eq(run_program(missing, NULL, &r), 0);
    cr_expect_eq(r.status, 4, "%s", r.err);
    cr_expect(strstr(r.err, "/nonexistent/run/games.csv"), "%s", r.err);
}

/* A run stopped by its SPRT shows the LLR over the run between its bounds. */
Test(report, an_sprt_run_shows_its_llr_and_bounds, .timeout = 60)
{
    char dir[64];
    test_tmpdir(dir, "report");
    char *run[] = {REFEREE_BIN, "match",
                   "--bot",     "a=" BOTDIR "perfect",
                   "--bot",     "b=" BOTDIR "heuristic",
                   "--sprt",    "elo0=0 elo1=20",
                   "--games",   "2000",
                   "--results", dir,
                   "-q",        NULL};
    cr_assert_eq(run_program(run, NULL, &r), 0);
    cr_assert_eq(r.status, 10, "H0: %s", r.err);
    test_slurp(dir, "report.html", html, sizeof(html));
    cr_expect(strstr(html, "<h3>SPRT</h3>"));
    cr_expect_eq(count_of(html, "class=\"bound\""), 2);
    cr_expect(strstr(html, ">accept H1 (") && strstr(html, ">accept H0 ("), "bounds labelled");
    cr_expect(strstr(html, "<dt>SPRT</dt><dd>elo0=0 elo1=20 alpha=0.05 beta=0.05 pentanomial, for "
                           "a</dd>"),
              "the SPRT among the conditions");

    /* Later, from the files: run.csv tells the SPRT, and the LLR is drawn. */
    static char later[1 << 20];
    char out[128];
    snprintf(out, sizeof(out), "%s/later.html", dir);
    char *report[] = {REFEREE_BIN, "report", dir, "--out", out, NULL};
    cr_assert_eq(run_program(report, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    test_slurp(dir, "later.html", later, sizeof(later));
    cr_expect_str_eq(later, html, "the run's own page");
    cr_expect_eq(count_of(html, "<polyline class=\"series\""), 3, "two bots, and the LLR");
}

/* The page a run writes is counted as it plays, from the rows it writes; the
 * page of a resumed run is read back from its files. They must be the same
 * page, byte for byte: here a run's own page against the one its --resume
 * (with nothing left to play) reads back, with fouls whose reasons need
 * quoting and escaping, and with an SPRT. */
static void same_page_read_back(char **run, int status)
{
    static char again[1 << 20];
    char dir[64];
    int n = 0;
    while (run[n])
        n++;
    snprintf(dir, sizeof(dir), "%s", run[n - 1]);
    cr_assert_eq(run_program(run, NULL, &r), 0);
    cr_assert_eq(r.status, status, "%s", r.err);
    test_slurp(dir, "report.html", html, sizeof(html));
    size_t len = strlen(html);
    char path[128];
    snprintf(path, sizeof(path), "%s/report.html", dir);
    cr_assert_eq(unlink(path), 0);

    char *resume[40];
    for (int i = 0; i < n; i++)
        resume[i] = run[i];
    resume[n] = "--resume";
    resume[n + 1] = NULL;
    cr_assert_eq(run_program(resume, NULL, &r), 0);
    cr_assert_eq(r.status, status, "%s", r.err);
    test_slurp(dir, "report.html", again, sizeof(again));
    size_t len2 = strlen(again);
    cr_assert_gt(len, 1000);
    cr_expect_eq(len, len2, "the same length");
    size_t at = 0;
    while (at < len && at < len2 && html[at] == again[at])
        at++;
    cr_expect(at == len && len == len2, "the pages differ at byte %zu: %.80s | %.80s", at,
              html + at, again + at);
}

Test(report, a_runs_page_is_the_one_its_files_give, .timeout = 90)
{
    char dir[64];
    test_tmpdir(dir, "report");
    char *run[] = {REFEREE_BIN, "tournament",
                   "--bot",     "p=" BOTDIR "perfect",
                   "--bot",     "r=" BOTDIR "random",
                   "--bot",     "f=" FIXTURE " garbage",
                   "--bot",     "s=" FIXTURE " say \"a,b\"",
                   "--games",   "4",
                   "-j",        "2",
                   "-q",        "--results",
                   dir,         NULL};
    same_page_read_back(run, 0);
    cr_expect(strstr(html, "malformed reply"), "fouls on the page");

    test_tmpdir(dir, "report");
    char *sprt[] = {REFEREE_BIN, "match",
                    "--bot",     "a=" BOTDIR "perfect",
                    "--bot",     "b=" BOTDIR "heuristic",
                    "--sprt",    "elo0=0 elo1=20",
                    "--games",   "2000",
                    "-q",        "--results",
                    dir,         NULL};
    same_page_read_back(sprt, 10);
    cr_expect(strstr(html, "<h3>SPRT</h3>"));
}

/* ---- Ratings in every shape, from games.csv files written here ------------ */

/* A game between first and second, won by winner ("" a draw). */
struct played {
    const char *first, *second, *winner;
};

/* Write dir/games.csv (every column of the schema) with n games of game. */
static void write_games(const char *dir, const char *game, const struct played *g, size_t n)
{
    char path[512];
    snprintf(path, sizeof(path), "%s/games.csv", dir);
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f, "%s", path);
    for (int c = 0; c < GC_COUNT; c++)
        fprintf(f, "%s\"%s\"", c ? "," : "", schema_games_columns[c]);
    fputc('\n', f);
    for (size_t i = 0; i < n; i++) {
        bool draw = !g[i].winner[0], first = strcmp(g[i].winner, g[i].first) == 0;
        fprintf(f,
                "%zu,%zu,1,7,7,%s,%s,%s,x,o,%s,%s,%s,%s,,,%s,7,0,2026-11-25T18:00:00Z,9,1.5,"
                "1.5,4,3,0.5,0.5,0,0,0,\n",
                i + 1, i + 1, game, g[i].first, g[i].second,
                draw    ? "1/2-1/2"
                : first ? "1-0"
                        : "0-1",
                g[i].winner,
                draw    ? ""
                : first ? "x"
                        : "o",
                draw ? "dead" : "line", draw ? "no line can be completed" : "a line");
    }
    fclose(f);
}

/* a against b: w wins of a, then d draws, then l wins of b, colours alternating. */
static size_t add_results(struct played *g, size_t n, const char *a, const char *b, int w, int d,
                          int l)
{
    for (int k = 0; k < w + d + l; k++, n++) {
        g[n].first = k % 2 ? b : a;
        g[n].second = k % 2 ? a : b;
        g[n].winner = k < w ? a : k < w + d ? "" : b;
    }
    return n;
}

/* The rows of `referee standings`' table, names in order, and their Elo. */
static size_t table_rows(const char *out, char names[][16], double *elo, size_t cap)
{
    size_t n = 0;
    for (const char *line = strchr(out, '\n'); line && line[1] && n < cap;
         line = strchr(line + 1, '\n')) {
        int rank;
        char name[16], e[32];
        if (sscanf(line + 1, "%d %15s %31s", &rank, name, e) != 3)
            break;
        snprintf(names[n], 16, "%s", name);
        elo[n++] =
            strcmp(e, "inf") == 0 || strcmp(e, "-inf") == 0 || strcmp(e, "-") == 0 ? NAN : atof(e);
    }
    return n;
}

/* The points of the polyline titled name in the "Over the run" plot. */
static int line_points(const char *name)
{
    const char *section = strstr(html, "<section id=\"progress\">");
    cr_assert_not_null(section, "an Over the run section");
    char title[64];
    snprintf(title, sizeof(title), "\"><title>%s</title></polyline>", name);
    const char *end = strstr(section, title);
    cr_assert_not_null(end, "a line for %s", name);
    const char *start = end;
    while (start > section && strncmp(start, "points=\"", 8) != 0)
        start--;
    int n = 0;
    for (const char *p = start; p < end; p++)
        n += *p == ',';
    return n;
}

/* The connect-four round robin: top beats everyone, second the rest,
 * and c, d, e beat each other (c 3-1 and 4-0: seven wins). */
Test(report, nested_sweep_is_rated_finite_in_order_and_drawn_over_the_run, .timeout = 60)
{
    static const char *const bots[] = {"top", "second", "c", "d", "e"};
    static struct played g[64];
    static char table[sizeof(r.out)];
    char dir[64], path[128], names[8][16];
    double elo[8];
    size_t n = 0;

    for (int i = 1; i < 5; i++)
        n = add_results(g, n, "top", bots[i], 4, 0, 0);
    for (int i = 2; i < 5; i++)
        n = add_results(g, n, "second", bots[i], 4, 0, 0);
    n = add_results(g, n, "c", "d", 3, 0, 1);
    n = add_results(g, n, "c", "e", 4, 0, 0);
    n = add_results(g, n, "d", "e", 3, 0, 1);
    test_tmpdir(dir, "report");
    write_games(dir, "connect4", g, n);

    snprintf(path, sizeof(path), "%s/games.csv", dir);
    char *standings[] = {REFEREE_BIN, "standings", path, NULL};
    cr_assert_eq(run_program(standings, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    memcpy(table, r.out, sizeof(table));
    cr_assert_eq(table_rows(table, names, elo, 8), 5, "%s", table);
    for (size_t k = 0; k < 5; k++) {
        cr_expect_str_eq(names[k], bots[k], "%s", table);
        cr_expect(isfinite(elo[k]), "%s: a finite rating\n%s", bots[k], table);
        cr_expect(k == 0 || elo[k] < elo[k - 1], "%s below %s\n%s", bots[k], bots[k - 1], table);
    }
    cr_expect(strstr(table, "'top' won every game it played\n"), "%s", table);
    cr_expect(!strstr(table, "lost every game"), "everyone else won a game\n%s", table);
    cr_expect(strstr(table, "No finite rating from the games alone for any row"), "%s", table);

    char *report[] = {REFEREE_BIN, "report", dir, NULL};
    cr_assert_eq(run_program(report, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    test_slurp(dir, "report.html", html, sizeof(html));
    for (size_t k = 0; k < 5; k++) {
        char page[32], printed[32];
        page_elo(bots[k], page, sizeof(page));
        printed_elo(table, bots[k], printed, sizeof(printed));
        cr_expect_str_eq(page, printed, "%s: the page's Elo is the table's", bots[k]);
        /* A point every game or so: the three at the bottom have one at each
         * after their first game, none infinite and left out. */
        cr_expect_geq(line_points(bots[k]), 10, "%s has a line", bots[k]);
    }
}

/* The hub plays every game and has the most points; best beat it 9-1-0. */
Test(report, gauntlet_ranks_the_best_bot_first_not_the_one_with_most_points, .timeout = 60)
{
    static struct played g[64];
    char dir[64], path[128], names[8][16];
    double elo[8];
    size_t n = 0;

    n = add_results(g, n, "best", "hub", 9, 1, 0);
    n = add_results(g, n, "hub", "w1", 10, 0, 0);
    n = add_results(g, n, "hub", "w2", 9, 0, 1);
    n = add_results(g, n, "hub", "w3", 8, 1, 1);
    test_tmpdir(dir, "report");
    write_games(dir, "tictactoe", g, n);
    snprintf(path, sizeof(path), "%s/games.csv", dir);
    char *argv[] = {REFEREE_BIN, "standings", "--write", dir, path, NULL};
    cr_assert_eq(run_program(argv, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_assert_eq(table_rows(r.out, names, elo, 8), 5, "%s", r.out);
    cr_expect_str_eq(names[0], "best", "%s", r.out);
    cr_expect_str_eq(names[1], "hub", "%s", r.out);
    for (size_t k = 0; k < 5; k++)
        cr_expect(isfinite(elo[k]), "%s\n%s", names[k], r.out);
    struct table t;
    test_load(&t, dir, "standings.csv");
    cr_expect_str_eq(test_cell(&t, 0, "bot"), "best");
    cr_expect_str_eq(test_cell(&t, 0, "rank"), "1");
    cr_expect_str_eq(test_cell(&t, 0, "sweep"), "");
    cr_expect_str_eq(test_cell(&t, 4, "bot"), "w1");
    cr_expect_str_eq(test_cell(&t, 4, "sweep"), "lost_all");
    cr_expect_str_eq(test_cell(&t, 4, "prior"), "1");
    table_release(&t);
}

Test(report, bots_that_never_met_are_refused, .timeout = 60)
{
    static struct played g[16];
    char dir[64], path[128];
    size_t n = 0;

    n = add_results(g, n, "a", "b", 2, 1, 1);
    n = add_results(g, n, "c", "d", 1, 1, 2);
    test_tmpdir(dir, "report");
    write_games(dir, "tictactoe", g, n);
    snprintf(path, sizeof(path), "%s/games.csv", dir);
    char *standings[] = {REFEREE_BIN, "standings", path, NULL};
    cr_assert_eq(run_program(standings, NULL, &r), 0);
    cr_expect_eq(r.status, 3, "%s", r.out);
    cr_expect(strstr(r.err, "cannot rate 'a' and 'c' together: no games link them") ||
                  strstr(r.err, "cannot rate 'b' and 'c' together: no games link them") ||
                  strstr(r.err, "cannot rate 'a' and 'd' together: no games link them") ||
                  strstr(r.err, "cannot rate 'b' and 'd' together: no games link them"),
              "%s", r.err);
    cr_expect(strstr(r.err, "(2 groups)"), "%s", r.err);
    cr_expect_eq(r.out[0], '\0', "no table: %s", r.out);
    char *report[] = {REFEREE_BIN, "report", dir, NULL};
    cr_assert_eq(run_program(report, NULL, &r), 0);
    cr_expect_eq(r.status, 3);
    cr_expect(strstr(r.err, "no games link them"), "%s", r.err);
    cr_expect_neq(access(path, F_OK), -1);
    snprintf(path, sizeof(path), "%s/report.html", dir);
    cr_expect_eq(access(path, F_OK), -1, "no page");
}

Test(report, games_of_different_games_are_refused, .timeout = 60)
{
    static struct played g[16];
    char one[64], two[64], a[128], b[128];
    size_t n = add_results(g, 0, "a", "b", 2, 1, 1);

    test_tmpdir(one, "report");
    test_tmpdir(two, "report");
    write_games(one, "tictactoe", g, n);
    write_games(two, "connect4", g, n);
    snprintf(a, sizeof(a), "%s/games.csv", one);
    snprintf(b, sizeof(b), "%s/games.csv", two);
    char *standings[] = {REFEREE_BIN, "standings", a, b, NULL};
    cr_assert_eq(run_program(standings, NULL, &r), 0);
    cr_expect_eq(r.status, 3);
    cr_expect(strstr(r.err, "game 1 is of connect4") && strstr(r.err, "of tictactoe") &&
                  strstr(r.err, "games of different games cannot be rated together"),
              "%s", r.err);
    cr_expect_eq(r.out[0], '\0', "no table: %s", r.out);
    char *report[] = {REFEREE_BIN, "report", one, two, NULL};
    cr_assert_eq(run_program(report, NULL, &r), 0);
    cr_expect_eq(r.status, 3);
    cr_expect(strstr(r.err, "games of different games cannot be rated together"), "%s", r.err);
    /* Each alone is fine. */
    char *alone[] = {REFEREE_BIN, "standings", b, NULL};
    cr_assert_eq(run_program(alone, NULL, &r), 0);
    cr_expect_eq(r.status, 0, "%s", r.err);
}

/* The last two lines of text, in last[0] and last[1]. */
static void last_lines(const char *text, char last[2][512])
{
    const char *end = text + strlen(text), *p = end;
    for (int i = 1; i >= 0; i--) {
        const char *stop = p;
        if (p > text && p[-1] == '\n')
            p--;
        while (p > text && p[-1] != '\n')
            p--;
        snprintf(last[i], 512, "%.*s", (int)(stop - p), p);
    }
}

Test(report, a_quiet_run_ends_saying_where_its_results_and_report_are, .timeout = 60)
{
    char dir[64], last[2][512], want[256];
    test_tmpdir(dir, "report");
    char *run[] = {REFEREE_BIN, "match",
                   "--bot",     "a=" BOTDIR "random",
                   "--bot",     "b=" BOTDIR "perfect",
                   "--games",   "4",
                   "--results", dir,
                   "-q",        NULL};
    cr_assert_eq(run_program(run, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    last_lines(r.err, last);
    snprintf(want, sizeof(want), "Results in %s (bots' logs in %s/logs)\n", dir, dir);
    cr_expect_str_eq(last[0], want);
    snprintf(want, sizeof(want), "Report in %s/report.html\n", dir);
    cr_expect_str_eq(last[1], want);
}

/* The conditions a run was played under head its page, from its run.csv: the
 * page `referee report` makes of the folder later is the run's own. */
Test(report, the_header_states_the_runs_conditions, .timeout = 60)
{
    static char later[1 << 20];
    char dir[64], out[128], version[128];
    struct table t;
    test_tmpdir(dir, "report");
    char *run[] = {REFEREE_BIN,   "match",
                   "--game",      "connect4",
                   "--bot",       "a=" BOTDIR "random",
                   "--bot",       "b=" BOTDIR "random",
                   "--games",     "4",
                   "--movetime",  "300",
                   "--firstmove", "3000",
                   "--openings",  "2",
                   "--seed",      "7",
                   "--results",   dir,
                   "-q",          NULL};
    cr_assert_eq(run_program(run, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    char *ask[] = {REFEREE_BIN, "--version", NULL};
    cr_assert_eq(run_program(ask, NULL, &r), 0);
    cr_assert(strncmp(r.out, "referee ", 8) == 0, "%s", r.out);
    snprintf(version, sizeof(version), "<dd>%.*s</dd>", (int)strcspn(r.out + 8, "\n"), r.out + 8);

    test_load(&t, dir, "run.csv");
    cr_assert_eq(t.nrows, 1);
    cr_expect_str_eq(test_cell(&t, 0, "game"), "connect4");
    cr_expect_str_eq(test_cell(&t, 0, "movetime_ms"), "300");
    cr_expect_str_eq(test_cell(&t, 0, "seed"), "7");
    char started[64];
    const char *utc = test_cell(&t, 0, "started_utc");
    cr_expect_eq(strlen(utc), 20, "%s", utc);
    snprintf(started, sizeof(started), "<dd>%.10s %.8s UTC</dd>", utc, utc + 11);
    table_release(&t);

    test_slurp(dir, "report.html", html, sizeof(html));
    cr_expect(strstr(html, "<dt>Game</dt><dd>connect4</dd>"), "the game");
    cr_expect(strstr(html, "300 ms a move"), "the limit per move");
    cr_expect(strstr(html, "3000 ms for a bot's first move of a game"), "the first move's");
    cr_expect(strstr(html, "margin 50 ms"), "the margin");
    cr_expect(strstr(html, "random, 2 plies, each played with both colours; seed 7"),
              "the openings and the seed");
    cr_expect(strstr(html, "match of 2 bots, 4 games"), "the schedule");
    cr_expect(strstr(html, version), "referee's version: %s", version);
    cr_expect(strstr(html, started), "when it started: %s", started);
    cr_expect(strstr(html, "--movetime 300 --firstmove 3000 --openings 2 --seed 7"),
              "the command line");
    cr_expect(strstr(html, ">limit 300 ms</text>"), "the limit on the plot of times");

    /* Later, from the files alone: the same page. */
    snprintf(out, sizeof(out), "%s/later.html", dir);
    char *report[] = {REFEREE_BIN, "report", dir, "--out", out, NULL};
    cr_assert_eq(run_program(report, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    test_slurp(dir, "later.html", later, sizeof(later));
    size_t at = 0;
    while (html[at] && html[at] == later[at])
        at++;
    cr_expect(html[at] == later[at], "the pages differ at byte %zu: %.80s | %.80s", at, html + at,
              later + at);

    /* A folder of an older referee: no run.csv, and the page says so. */
    snprintf(out, sizeof(out), "%s/run.csv", dir);
    cr_assert_eq(unlink(out), 0);
    char *old[] = {REFEREE_BIN, "report", dir, NULL};
    cr_assert_eq(run_program(old, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    test_slurp(dir, "report.html", html, sizeof(html));
    cr_expect(strstr(html, "conditions were not recorded"));
    cr_expect(!strstr(html, "<dt>Game</dt>"));
}

/* The shards of a run, reported together without --out: the page goes in the
 * folder that holds them, and no shard's own page is touched. */
Test(report, several_folders_without_out_write_beside_them, .timeout = 60)
{
    static char before[2][1 << 20];
    char dir[64], shard[2][96], page[128], line[192];
    test_tmpdir(dir, "report");
    for (int i = 0; i < 2; i++) {
        char which[8];
        snprintf(shard[i], sizeof(shard[i]), "%s/shard-%d", dir, i + 1);
        snprintf(which, sizeof(which), "%d/2", i + 1);
        char *run[] = {REFEREE_BIN, "match",
                       "--bot",     "a=" BOTDIR "random",
                       "--bot",     "b=" BOTDIR "perfect",
                       "--games",   "6",
                       "--shard",   which,
                       "--results", shard[i],
                       "-q",        NULL};
        cr_assert_eq(run_program(run, NULL, &r), 0);
        cr_assert_eq(r.status, 0, "%s", r.err);
        test_slurp(shard[i], "report.html", before[i], sizeof(before[i]));
    }
    char *report[] = {REFEREE_BIN, "report", shard[0], shard[1], NULL};
    cr_assert_eq(run_program(report, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    snprintf(line, sizeof(line), "Report in %s/report.html\n", dir);
    cr_expect_str_eq(r.out, line);
    for (int i = 0; i < 2; i++) {
        test_slurp(shard[i], "report.html", html, sizeof(html));
        cr_expect_str_eq(html, before[i], "shard %d's own page untouched", i + 1);
    }
    test_slurp(dir, "report.html", html, sizeof(html));
    cr_expect(strstr(html, "<p>6 games, 2 bots,"), "both shards: %.200s", strstr(html, "<p>"));
    cr_expect(strstr(html, ", shard 1/2</dd>") && strstr(html, ", shard 2/2</dd>"),
              "each folder and its shard named");

    snprintf(page, sizeof(page), "%s/report.html", dir);
    cr_assert_eq(unlink(page), 0);

    /* A common folder that holds a run of its own: its page is not replaced. */
    char copy[160];
    snprintf(copy, sizeof(copy), "%s/games.csv", dir);
    FILE *f = fopen(copy, "w");
    cr_assert_not_null(f);
    fclose(f);
    cr_assert_eq(run_program(report, NULL, &r), 0);
    cr_expect_eq(r.status, 2, "%s", r.err);
    cr_expect(strstr(r.err, "holds a run of its own") && strstr(r.err, "--out"), "%s", r.err);
    cr_expect(access(page, F_OK) != 0, "no page written there");
}

/* A league of n entries of bots/random, each its own seed, made in dir with
 * `league add` (each new entry's first `min` games against the field, the
 * league's settings as given), then `league run` for `games` games. */
static void play_league(const char *dir, int n, const char *min, int games, char *const *settings)
{
    for (int i = 0; i < n; i++) {
        char entry[96];
        char *add[20] = {REFEREE_BIN, "league",      "add",      (char *)dir,
                         entry,       "--min-games", (char *)min};
        snprintf(entry, sizeof(entry), "e%03d=" BOTDIR "random --seed %d", i + 1, i + 1);
        for (int k = 0; settings && settings[k] && k < 12; k++)
            add[7 + k] = settings[k];
        cr_assert_eq(run_program(add, NULL, &r), 0);
        cr_assert_eq(r.status, 0, "%s", r.err);
    }
    char count[16];
    snprintf(count, sizeof(count), "%d", games);
    char *run[] = {REFEREE_BIN, "league", "run", (char *)dir, "--games",
                   count,       "-j",     "2",   "-q",        NULL};
    cr_assert_eq(run_program(run, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
}

/* A league's folder has no run.csv: its page says what league.csv says (the
 * game, how pairs are picked, the openings and seed), not that an older
 * referee made it. */
Test(report, a_league_s_page_states_the_conditions_of_its_league_csv, .timeout = 60)
{
    char dir[64];
    test_tmpdir(dir, "report");
    char *settings[] = {"--game",     "connect4", "--seed",          "5", "--lag", "3",
                        "--openings", "2",        "--no-early-draw", NULL};
    play_league(dir, 3, "4", 12, settings);
    test_slurp(dir, "report.html", html, sizeof(html));
    cr_expect(strstr(html, "<dt>Game</dt><dd>connect4</dd>"), "the game");
    cr_expect(strstr(html, "<dt>League</dt><dd>seed 5; 3 entries"), "a league, its seed");
    cr_expect(strstr(html, "plays the field for its first 4 games"), "--min-games");
    cr_expect(strstr(html, "the results of the pairs up to 3 before it; no early draws</dd>"),
              "--lag, --no-early-draw");
    cr_expect(strstr(html, "<dt>Openings</dt><dd>random, 2 plies, each played with both "
                           "colours</dd>"),
              "the openings");
    cr_expect(strstr(html, "<dt>Limits</dt><dd>those of each <code>league run</code>"));
    cr_expect(!strstr(html, "older than"), "no word of an older referee");
    cr_expect(!strstr(html, "conditions were not recorded"));
}

/* Where `marker` first is in the page, or its end. */
static const char *page_at(const char *marker)
{
    const char *p = strstr(html, marker);
    return p ? p : html + strlen(html);
}

/* A field past REPORT_SQUARE_MAX (32) and REPORT_PLOT_ROWS (40): no square of
 * n x n cells (at 120 entries, 14,400 of them, over a megabyte), but a row an
 * entry that lists each opponent it met once; plots of the first 40, lines of
 * the first 10 and a band. The page up to its games' data then grows with the
 * entries and the pairs that met: 1.7 KB an entry here, bound at 4 KB. */
Test(report, a_large_field_s_page_grows_with_its_pairs_not_their_square, .timeout = 120)
{
    enum { N = 120 };
    char dir[64];
    struct table t;
    test_tmpdir(dir, "report");
    play_league(dir, N, "2", 2 * N, NULL);
    test_slurp(dir, "report.html", html, sizeof(html));
    cr_assert(strstr(html, "</html>\n"), "whole, in the buffer");

    /* The pairs that met, from games.csv: each is listed in both rows. */
    test_load(&t, dir, "games.csv");
    static char met[N][N];
    int pairs = 0;
    for (size_t i = 0; i < t.nrows; i++) {
        int a = atoi(test_cell(&t, i, "first") + 1) - 1,
            b = atoi(test_cell(&t, i, "second") + 1) - 1;
        cr_assert(a >= 0 && a < N && b >= 0 && b < N);
        pairs += !met[a][b];
        met[a][b] = met[b][a] = 1;
    }
    table_release(&t);

    const char *cross = page_at("<section id=\"crosstable\">"),
               *after = page_at("<section id=\"colours\">");
    cr_assert_lt(cross, after);
    int li = 0, details = 0;
    for (const char *p = cross; (p = strstr(p, "<li>")) && p < after; p++)
        li++;
    for (const char *p = cross; (p = strstr(p, "<details>")) && p < after; p++)
        details++;
    cr_expect_eq(count_of(html, "<rect class=\"cell\""), 0, "no square");
    cr_expect_eq(details, N, "a row an entry, its opponents opened on demand");
    cr_expect_eq(li, 2 * pairs, "each pair that met in both its rows, once");
    cr_expect_eq(count_of(html, "class=\"elo-dot\""), 40, "the Elo plot's first 40");
    cr_expect_eq(count_of(html, "<g class=\"box\""), 40, "the times plot's first 40");
    cr_expect_eq(count_of(html, "<polyline class=\"series\""), 10, "ten lines");
    cr_expect_eq(count_of(html, "<polygon class=\"band\""), 1, "the others as a band");
    cr_expect(strstr(html, "the other 110</text>"), "named in the key");
    /* Every entry still in the standings' table. */
    cr_expect_eq(count_of(html, "</td><td class=\"elo\">"), N);
    size_t before_games = (size_t)(page_at("id=\"games-data\"") - html);
    cr_expect_lt(before_games, (size_t)N * 4096, "%zu bytes before the games' data", before_games);
}
