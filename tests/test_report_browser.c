/* test_report_browser.c: real reports of a small tournament of each game, in
 * Debian's chromium: tests/browser/report.mjs (playwright-core, from the npm
 * registry; scripts/test installs both) loads each page as a 390 px phone and
 * on a 1400 px screen, fails on a console error, on a page wider than the
 * screen or a plot cut by its edge, counts the marks of each plot, filters
 * the game list, opens the viewer (which must come into view), clicks a move
 * of its list, and steps a game to its end, whose board must be the one
 * `referee replay` gives for the record. Screenshots go to
 * build/test/report-shots/ (README's are copies). Skipped, saying why, only
 * where chromium, node or playwright-core is missing. */
#include "helpers.h"
#include "run.h"

#include <criterion/criterion.h>
#include <stdio.h>
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

Test(report_browser, every_game_s_report_fits_a_phone_and_a_screen_and_replays, .timeout = 300)
{
    if (access("/usr/bin/chromium", X_OK) != 0)
        cr_skip_test("no /usr/bin/chromium: install Debian's chromium (scripts/deps --test does)");
    if (access(BROWSER_DIR "/node_modules/playwright-core", F_OK) != 0)
        cr_skip_test("no playwright-core in tests/browser: npm ci there (scripts/test does)");
    char *node_check[] = {"/bin/sh", "-c", "command -v node", NULL};
    if (run_program(node_check, NULL, &r) != 0 || r.status != 0)
        cr_skip_test("no node on PATH: install Debian's nodejs (scripts/deps does)");

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
