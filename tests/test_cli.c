/* test_cli.c: the referee program end to end, as a child process: output and
 * exit codes of replay and perft, and the README's copies of --help. */
#include "run.h"
#include "tournament.h"

#include <criterion/criterion.h>
#include <errno.h>
#include <limits.h>
#include <string.h>

static struct run_result r;

#define RUN(input, ...)                                                                            \
    do {                                                                                           \
        char *argv_[] = {REFEREE_BIN, __VA_ARGS__, NULL};                                          \
        cr_assert_eq(run_program(argv_, input, &r), 0, "cannot run " REFEREE_BIN);                 \
    } while (0)

Test(cli, replay_prints_board_history_result_and_reason, .timeout = 10)
{
    RUN(NULL, "replay", "o:a1", "x:b2", "o:b1", "x:a3", "o:c1");
    cr_expect_eq(r.status, 0);
    cr_expect_str_eq(r.out, "game tictactoe\n"
                            "board [o-x,ox-,o--]\n"
                            "history o:a1 x:b2 o:b1 x:a3 o:c1\n"
                            "result 1-0\n"
                            "winner o\n"
                            "reason three in a row\n");
}

Test(cli, replay_lists_the_moves_it_ignored_after_a_foul, .timeout = 10)
{
    RUN(NULL, "replay", "o:a1", "o:b2", "x:b1");
    cr_expect_eq(r.status, 0);
    cr_expect_str_eq(r.out, "game tictactoe\n"
                            "board [o--,---,---]\n"
                            "history o:a1 o:b2\n"
                            "result 0-1\n"
                            "winner x\n"
                            "reason moved out of turn (o:b2)\n"
                            "ignored x:b1\n");
}

Test(cli, replay_reads_moves_from_standard_input, .timeout = 10)
{
    RUN("o:a1 x:b2 o:b1\nx:b1 o:c1\n", "replay", "--file", "-");
    cr_expect_eq(r.status, 0);
    cr_expect(strstr(r.out, "board [o--,ox-,---]\nhistory o:a1 x:b2 o:b1 x:b1\nresult 1-0\n"
                            "winner o\nreason illegal move b1 (occupied)\nignored o:c1\n"),
              "%s", r.out);
}

Test(cli, replay_with_early_draw_stops_before_the_last_move, .timeout = 10)
{
    RUN(NULL, "replay", "--early-draw", "o:a1", "x:b2", "o:b1", "x:c1", "o:a3", "x:a2", "o:c2",
        "x:b3", "o:c3");
    cr_expect_eq(r.status, 0);
    cr_expect(strstr(r.out, "board [oxo,oxx,xo-]\n"), "%s", r.out);
    cr_expect(strstr(r.out, "result 1/2-1/2\nwinner none\nreason no line can be completed\n"
                            "ignored o:c3\n"),
              "%s", r.out);
}

Test(cli, replay_from_a_board_continues_that_position, .timeout = 10)
{
    RUN(NULL, "replay", "--board", "[oo-,xx-,---]", "a3");
    cr_expect_eq(r.status, 0);
    cr_expect(strstr(r.out, "board [ooo,xx-,---]\nhistory o:a3\nresult 1-0\n"), "%s", r.out);
}

Test(cli, replay_of_an_unfinished_game_says_who_is_to_move, .timeout = 10)
{
    RUN(NULL, "replay", "b2");
    cr_expect_eq(r.status, 0);
    cr_expect(strstr(r.out, "result *\nto-move x\n"), "%s", r.out);
}

Test(cli, replay_names_the_move_that_does_not_parse, .timeout = 10)
{
    RUN(NULL, "replay", "o:a1", "x:hello");
    cr_expect_eq(r.status, 3);
    cr_expect_str_eq(r.err, "referee: move 2 'x:hello': expected a square such as c2\n");
    cr_expect_str_eq(r.out, "");
}

Test(cli, replay_refuses_an_impossible_board, .timeout = 10)
{
    RUN(NULL, "replay", "--board", "[xx-,---,---]", "a3");
    cr_expect_eq(r.status, 3);
    cr_expect(strstr(r.err, "board '[xx-,---,---]'"), "%s", r.err);
}

Test(cli, replay_names_a_missing_file, .timeout = 10)
{
    RUN(NULL, "replay", "--file", "/nonexistent/moves.txt");
    cr_expect_eq(r.status, 4);
    cr_expect_str_eq(r.err,
                     "referee: cannot open '/nonexistent/moves.txt': No such file or directory\n");
}

Test(cli, unknown_command_and_game_are_usage_errors, .timeout = 10)
{
    RUN(NULL, "referee-nonsense");
    cr_expect_eq(r.status, 2);
    cr_expect(strstr(r.err, "unknown command 'referee-nonsense'"), "%s", r.err);
    RUN(NULL, "replay", "--game", "chess", "a1");
    cr_expect_eq(r.status, 2);
    cr_expect_str_eq(r.err, "referee: unknown game 'chess'\n");
}

Test(cli, perft_prints_the_known_tictactoe_figures, .timeout = 20)
{
    RUN(NULL, "perft", "tictactoe", "9");
    cr_expect_eq(r.status, 0);
    cr_expect(strstr(r.out, "    9         127872         255168         131184          77904"
                            "          46080\n"),
              "%s", r.out);
}

Test(cli, perft_divide_splits_the_count_by_first_move, .timeout = 20)
{
    RUN(NULL, "perft", "--divide", "tictactoe", "3");
    cr_expect_eq(r.status, 0);
    cr_expect(strstr(r.out, "a1 56\n"), "%s", r.out);
    cr_expect(strstr(r.out, "total 504\n"), "%s", r.out);
}

Test(cli, perft_refuses_a_bad_depth, .timeout = 10)
{
    RUN(NULL, "perft", "tictactoe", "nine");
    cr_expect_eq(r.status, 2);
    cr_expect(strstr(r.err, "depth 'nine'"), "%s", r.err);
}

/* The text of SOURCE_DIR/name into buf (a static buffer of cap bytes). */
static void read_doc(const char *name, char *buf, size_t cap)
{
    char path[512];
    snprintf(path, sizeof(path), "%s/%s", SOURCE_DIR, name);
    FILE *f = fopen(path, "r");
    cr_assert_not_null(f, "%s", path);
    size_t n = fread(buf, 1, cap - 1, f);
    cr_assert(feof(f), "%s is larger than %zu bytes", path, cap - 1);
    buf[n] = '\0';
    fclose(f);
}

/* Whether doc holds cmd's --help, word for word, in its marked block. */
static void expect_help_block(const char *name, const char *doc, char *cmd)
{
    char open[64], close[64];
    snprintf(open, sizeof(open), "<!-- %s --help -->\n```\n", cmd);
    snprintf(close, sizeof(close), "```\n<!-- end of %s --help -->", cmd);
    const char *start = strstr(doc, open);
    const char *end = start ? strstr(start, close) : NULL;
    cr_expect(start && end, "%s has no marked block of %s --help", name, cmd);
    if (!start || !end)
        return;
    start += strlen(open);
    RUN(NULL, cmd, "--help");
    cr_expect_eq(r.status, 0);
    cr_expect((size_t)(end - start) == strlen(r.out) && strncmp(start, r.out, strlen(r.out)) == 0,
              "%s's block:\n%.*s\n%s --help:\n%s\n(scripts/readme-help mends it)", name,
              (int)(end - start), start, cmd, r.out);
}

/* The lists of options are each command's --help, word for word
 * (scripts/readme-help copies them): every command's in referee/cmd/OPTIONS.md,
 * tournament's in the README too. */
Test(cli, the_docs_hold_every_commands_help_as_it_prints, .timeout = 30)
{
    static char *const commands[] = {"tournament", "league",    "match",  "doctor", "play", "check",
                                     "replay",     "standings", "report", "sprt",   "perft"};
    static char doc[1 << 18];
    read_doc("referee/cmd/OPTIONS.md", doc, sizeof(doc));
    for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
        expect_help_block("referee/cmd/OPTIONS.md", doc, commands[i]);
    read_doc("README.md", doc, sizeof(doc));
    expect_help_block("README.md", doc, "tournament");
}

/* cmake --install puts a working referee and every bundled bot under a prefix:
 * the C ones built, the scripts the README's examples use, executable. */
Test(cli, install_to_a_prefix_gives_a_referee_that_plays, .timeout = 120)
{
    char prefix[] = "/tmp/referee-test-install-XXXXXX", bin[128], bot[160], results[160];
    cr_assert_not_null(mkdtemp(prefix));
    char *install[] = {"/usr/bin/env", "cmake", "--install", BUILD_DIR, "--prefix", prefix, NULL};
    cr_assert_eq(run_program(install, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s%s", r.out, r.err);
    snprintf(bin, sizeof(bin), "%s/bin/referee", prefix);
    snprintf(bot, sizeof(bot), "p=%s/lib/referee/bots/perfect", prefix);
    snprintf(results, sizeof(results), "%s/results", prefix);
    char *play[] = {
        bin,       "match", "--bot",     bot,     "--bot",   "h=" BUILD_DIR "/bots/heuristic",
        "--games", "2",     "--results", results, "--quiet", NULL};
    cr_assert_eq(run_program(play, NULL, &r), 0);
    cr_expect_eq(r.status, 0, "%s", r.err);
    snprintf(bin, sizeof(bin), "%s/share/doc/referee/PROTOCOL.md", prefix);
    cr_expect_eq(access(bin, R_OK), 0, "%s", bin);
    static const char *const scripts[] = {"random.py", "random.sh", "random.js"};
    for (size_t i = 0; i < sizeof(scripts) / sizeof(scripts[0]); i++) {
        snprintf(bin, sizeof(bin), "%s/lib/referee/bots/%s", prefix, scripts[i]);
        cr_expect_eq(access(bin, X_OK), 0, "%s is not installed executable", bin);
    }
    /* One of them plays from where it was installed, by its #! line. */
    snprintf(bin, sizeof(bin), "%s/bin/referee", prefix);
    snprintf(bot, sizeof(bot), "s=%s/lib/referee/bots/random.sh 3", prefix);
    snprintf(results, sizeof(results), "%s/results-sh", prefix);
    char *play_sh[] = {
        bin,       "match", "--bot",     bot,     "--bot",   "h=" BUILD_DIR "/bots/heuristic",
        "--games", "2",     "--results", results, "--quiet", NULL};
    cr_assert_eq(run_program(play_sh, NULL, &r), 0);
    cr_expect_eq(r.status, 0, "%s", r.err);
}

/* A path too long for what goes in it is refused, naming it, never cut: a cut
 * path names another file. */
Test(cli, paths_too_long_are_refused_not_cut, .timeout = 30)
{
    static char dir[PATH_MAX + 64];
    memset(dir, 'd', sizeof(dir) - 1);
    dir[0] = '/';
    dir[PATH_MAX - 40] = '\0'; /* fits PATH_MAX, not with logs/NAME.log */

    RUN(NULL, "tournament", "--bot", "a=" BOTDIR "random", "--bot", "b=" BOTDIR "random",
        "--results", dir, "--quiet");
    cr_expect_eq(r.status, 2, "%s", r.err);
    cr_expect(strstr(r.err, "--results: a path of "), "%s", r.err);

    RUN(NULL, "check", dir);
    cr_expect_eq(r.status, 4, "%s", r.err);
    cr_expect(strstr(r.err, "File name too long"), "%s", r.err);

    char out[PATH_MAX];
    cr_expect_eq(tournament_log_path(out, 40, "logs", "a-name-that-does-not-fit-in-forty-bytes"),
                 -ENAMETOOLONG);
    cr_expect_str_eq(out, "");
    cr_expect_eq(tournament_log_path(out, sizeof(out), "logs", "a b/c"), 0);
    cr_expect_str_eq(out, "logs/a_b_c.log");
}

/* The benchmarks say what they do when asked, rather than running. */
Test(cli, scripts_print_their_help, .timeout = 30)
{
    char *bench[] = {SOURCE_DIR "/scripts/bench", "--help", NULL};
    cr_assert_eq(run_program(bench, NULL, &r), 0);
    cr_expect_eq(r.status, 0, "%s", r.err);
    cr_expect(strncmp(r.out, "Measure referee against the physical floor", 42) == 0, "%s", r.out);
    char *wrong[] = {SOURCE_DIR "/scripts/bench", "--bogus", NULL};
    cr_assert_eq(run_program(wrong, NULL, &r), 0);
    cr_expect_eq(r.status, 2, "%s", r.err);
}
