/* test_report_browser.c: real reports of a small tournament of each game, in
 * Debian's chromium: tests/browser/report.mjs (playwright-core, from the npm
 * registry; scripts/test installs both) loads each page as a 390 px phone and
 * on a 1400 px screen, fails on a console error, on a page wider than the
 * screen or a plot cut by its edge, counts the marks of each plot, filters
 * the game list, opens the viewer (which must come into view), clicks a move
 * of its list, and steps a game to its end, whose board must be the one
 * `referee replay` gives for the record; and a league of 40 entries, whose
 * crosstable (a row an entry) shows an entry's opponents on a click
 * (tests/browser/load.mjs). Screenshots go to
 * build/test/report-shots/ (README's are copies). Skipped, saying why, only
 * where chromium, node or playwright-core is missing. */
#include "helpers.h"
#include "run.h"

#include <criterion/criterion.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define BROWSER_DIR SOURCE_DIR "/tests/browser"

static struct run_result r;

struct game_case {
    const char *game;
    const char *bots[3];
};

static const struct game_case games[] = {
    {"tictactoe", {"perfect", "heuristic", "random"}},
    {"connect4", {"connect4", "random", NULL}},
    {"reversi", {"greedy", "random", NULL}},
    {"gomoku", {"gomoku", "random", NULL}},
};

/* Play a small tournament of c into dir; returns its number of bots. */
static int play(const struct game_case *c, const char *dir)
{
    char bot[3][128];
    char *argv[24] = {REFEREE_BIN, "tournament", "--game", (char *)c->game};
    int n = 4, nbots = 0;
    for (; nbots < 3 && c->bots[nbots]; nbots++) {
        snprintf(bot[nbots], sizeof(bot[nbots]), "%s=" BOTDIR "%s", c->bots[nbots], c->bots[nbots]);
        argv[n++] = "--bot";
        argv[n++] = bot[nbots];
    }
    char *rest[] = {"--games", "4", "--movetime", "2000", "--results", (char *)dir, "-q", NULL};
    memcpy(argv + n, rest, sizeof(rest));
    cr_assert_eq(run_program(argv, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s: %s", c->game, r.err);
    return nbots;
}

/* The final board of game 1 of the run in dir, as `referee replay` says. */
static void final_board(const char *dir, char *out, size_t cap)
{
    char *replay[] = {REFEREE_BIN, "replay", "--results", (char *)dir, "--id", "1", NULL};
    cr_assert_eq(run_program(replay, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    const char *b = strstr(r.out, "board ");
    cr_assert_not_null(b, "%s", r.out);
    b += 6;
    size_t n = strcspn(b, " \n");
    cr_assert_lt(n, cap);
    memcpy(out, b, n);
    out[n] = '\0';
}

/* Skip the test, saying what to install, where chromium, playwright-core or
 * node is missing. */
static void skip_without_a_browser(void)
{
    if (access("/usr/bin/chromium", X_OK) != 0)
        cr_skip_test("no /usr/bin/chromium: install Debian's chromium (scripts/deps --test does)");
    if (access(BROWSER_DIR "/node_modules/playwright-core", F_OK) != 0)
        cr_skip_test("no playwright-core in tests/browser: npm ci there (scripts/test does)");
    char *node_check[] = {"/bin/sh", "-c", "command -v node", NULL};
    if (run_program(node_check, NULL, &r) != 0 || r.status != 0)
        cr_skip_test("no node on PATH: install Debian's nodejs (scripts/deps does)");
}

Test(report_browser, every_game_s_report_fits_a_phone_and_a_screen_and_replays, .timeout = 300)
{
    skip_without_a_browser();

    char cases[64], shots[512];
    snprintf(cases, sizeof(cases), "/tmp/referee-test-browser-XXXXXX");
    int fd = mkstemp(cases);
    cr_assert_geq(fd, 0);
    FILE *f = fdopen(fd, "w");
    fputs("[", f);
    for (size_t i = 0; i < sizeof(games) / sizeof(games[0]); i++) {
        char dir[64], board[GAME_BOARD_TEXT];
        test_tmpdir(dir, "browser");
        int bots = play(&games[i], dir);
        final_board(dir, board, sizeof(board));
        fprintf(f,
                "%s{\"game\":\"%s\",\"report\":\"%s/report.html\",\"bots\":%d,\"cells\":%d,"
                "\"games\":%d,\"filterBot\":\"%s\",\"view\":{\"id\":1,\"board\":\"%s\"}}\n",
                i ? "," : "", games[i].game, dir, bots, bots * (bots - 1),
                4 * bots * (bots - 1) / 2, games[i].bots[0], board);
    }
    fputs("]\n", f);
    fclose(f);

    snprintf(shots, sizeof(shots), "%s/report-shots", BUILD_DIR);
    mkdir(shots, 0755);
    char *node[] = {
        "/bin/sh", "-c", "exec node \"$0\" \"$1\" \"$2\"", BROWSER_DIR "/report.mjs", cases,
        shots,     NULL};
    cr_assert_eq(run_program(node, NULL, &r), 0);
    cr_expect_eq(r.status, 0, "%s%s", r.out, r.err);
    cr_expect(strstr(r.out, "ok: 4 reports"), "%s%s", r.out, r.err);
    unlink(cases);
}

/* A league of 40 entries (past the square's 32): its page loads without a
 * console error (tests/browser/load.mjs), its crosstable is a row an entry,
 * whose opponents are hidden until a click on the row's summary shows them
 * all, as many as games.csv says the first entry of the standings met; and
 * the page, that row opened and its roster shown, fits a 390 px phone. */
Test(report_browser, a_large_league_s_crosstable_shows_an_entry_s_opponents_on_a_click,
     .timeout = 300)
{
    enum { N = 40 };
    skip_without_a_browser();

    char dir[64], page[96];
    test_tmpdir(dir, "browser");
    for (int i = 0; i < N; i++) {
        char entry[96];
        snprintf(entry, sizeof(entry), "e%02d=" BOTDIR "random --seed %d", i + 1, i + 1);
        char *add[] = {REFEREE_BIN, "league", "add", dir, entry, "--min-games", "4", NULL};
        cr_assert_eq(run_program(add, NULL, &r), 0);
        cr_assert_eq(r.status, 0, "%s", r.err);
    }
    char *run[] = {REFEREE_BIN, "league", "run", dir, "--games", "160", "-j", "2", "-q", NULL};
    cr_assert_eq(run_program(run, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);

    /* The first entry of the standings, and how many it met. */
    snprintf(page, sizeof(page), "%s/games.csv", dir);
    char *standings[] = {REFEREE_BIN, "standings", page, NULL};
    cr_assert_eq(run_program(standings, NULL, &r), 0);
    char top[16];
    const char *line = strchr(r.out, '\n');
    cr_assert(line && sscanf(line + 1, "%*d %15s", top) == 1, "%s", r.out);
    struct table t;
    test_load(&t, dir, "games.csv");
    bool met[N + 1] = {false};
    int opponents = 0;
    for (size_t i = 0; i < t.nrows; i++) {
        const char *a = test_cell(&t, i, "first"), *b = test_cell(&t, i, "second");
        const char *other = strcmp(a, top) == 0 ? b : strcmp(b, top) == 0 ? a : NULL;
        int k = other ? atoi(other + 1) : 0;
        cr_assert(k >= 0 && k <= N);
        opponents += other && !met[k];
        met[k] = true;
    }
    table_release(&t);

    snprintf(page, sizeof(page), "%s/report.html", dir);
    char *node[] = {"/bin/sh", "-c", "exec node \"$0\" \"$1\"", BROWSER_DIR "/load.mjs",
                    page,      NULL};
    cr_assert_eq(run_program(node, NULL, &r), 0);
    cr_expect_eq(r.status, 0, "%s%s", r.out, r.err);
    char want[96];
    snprintf(want, sizeof(want),
             "\"cells\":0,\"rows\":%d,\"opened\":%d,\"shown\":%d,\"fitsPhone\":true}", N, opponents,
             opponents);
    cr_expect(strstr(r.out, want), "want %s in %s%s", want, r.out, r.err);
}
