/* test_fouls.c: every foul lands on the game where it happened, and says why in
 * words a bot's author can act on. Real referee runs of the fixture bot's modes. */
#include "helpers.h"
#include "run.h"

#include <criterion/criterion.h>
#include <sys/stat.h>

#define FIXTURE BUILD_DIR "/testbots/fixture"

static struct run_result r;

/* A match of `games` games between bot (a NAME=COMMAND) and a legal bot. */
static void match(char *dir, const char *bot, const char *games, const char *extra)
{
    test_tmpdir(dir, "fouls");
    char *argv[] = {REFEREE_BIN, "match",       "--bot",
                    (char *)bot, "--bot",       "good=" FIXTURE " legal",
                    "--games",   (char *)games, "--results",
                    dir,         (char *)extra, NULL};
    if (!extra)
        argv[10] = NULL;
    cr_assert_eq(run_program(argv, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
}

/* Fouls by `bot` in dir/games.csv, and the game of the first. */
static int fouls_of(const char *dir, const char *bot, long *first)
{
    struct table t;
    int n = 0;
    *first = 0;
    test_load(&t, dir, "games.csv");
    for (size_t i = 0; i < t.nrows; i++)
        if (strcmp(test_cell(&t, i, "foul_by"), bot) == 0) {
            if (n++ == 0)
                *first = atol(test_cell(&t, i, "game_id"));
        }
    table_release(&t);
    return n;
}

Test(fouls, malformed_then_correct_reply_loses_exactly_one_game, .timeout = 60)
{
    char dir[64];
    long first;
    /* Its first turn writes 'hello', then its real move: the move must not be
     * read in the next game as output when not asked. */
    match(dir, "bad=" FIXTURE " badonce", "6", NULL);
    cr_expect_eq(fouls_of(dir, "bad", &first), 1, "%s", r.out);
    cr_expect_eq(first, 1);
    struct table t;
    test_load(&t, dir, "games.csv");
    cr_expect_str_eq(test_cell(&t, 0, "reason"), "malformed reply \"hello\"");
    table_release(&t);
}

Test(fouls, bot_that_exits_after_each_result_loses_no_game_and_its_restarts_are_counted,
     .timeout = 60)
{
    char dir[64], text[4096] = "";
    long first;
    match(dir, "quitter=" FIXTURE " onegame", "5", NULL);
    cr_expect_eq(fouls_of(dir, "quitter", &first), 0, "first foul in game %ld: %s", first, r.out);
    struct table t;
    test_load(&t, dir, "standings.csv");
    for (size_t i = 0; i < t.nrows; i++)
        if (strcmp(test_cell(&t, i, "bot"), "quitter") == 0)
            cr_expect_str_eq(test_cell(&t, i, "restarts"), "4", "one a game after its first");
    table_release(&t);
    /* The death is in its log, in referee's words. */
    test_slurp(dir, "logs/quitter.log", text, sizeof(text));
    cr_expect(strstr(text, "referee: its process ended between games (status 0)"), "%s", text);
}

/* Every game of dir/games.csv lost by `bot` for output when not asked, the
 * line too many quoted, at its first or second turn. */
static void expect_unasked_in_every_game(const char *dir, const char *bot, size_t games)
{
    struct table t;
    test_load(&t, dir, "games.csv");
    cr_assert_eq(t.nrows, games);
    for (size_t i = 0; i < t.nrows; i++) {
        const char *plies = test_cell(&t, i, "plies");
        cr_expect_str_eq(test_cell(&t, i, "foul_by"), bot, "game %zu", i + 1);
        cr_expect_str_eq(test_cell(&t, i, "foul"), "unasked-output", "game %zu: %s", i + 1,
                         test_cell(&t, i, "reason"));
        cr_expect(strncmp(test_cell(&t, i, "reason"), "wrote when not asked \"", 22) == 0,
                  "game %zu: %s", i + 1, test_cell(&t, i, "reason"));
        cr_expect(atoi(plies) <= 3, "game %zu: %s plies", i + 1, plies);
    }
    table_release(&t);
}

Test(fouls, two_lines_for_one_turn_foul_in_the_same_game_every_time, .timeout = 120)
{
    char dir[64];
    /* 100 games: in each, its second line is output when not asked, in that
     * game, whenever it comes; and the game after starts clean. */
    match(dir, "chatty=" FIXTURE " twolines", "100", "--quiet");
    expect_unasked_in_every_game(dir, "chatty", 100);
}

Test(fouls, a_line_written_right_after_each_move_is_unasked_in_every_game, .timeout = 120)
{
    char dir[64];
    /* Its move, then the same line again in a write of its own: read with the
     * move, seen before the next turn is written, or read as the reply to it
     * (before the bot read the turn, or followed by its real answer): output
     * when not asked in each of 100 games, never an illegal move. */
    match(dir, "chatty=" FIXTURE " again", "100", "--quiet");
    expect_unasked_in_every_game(dir, "chatty", 100);
}

Test(fouls, a_late_line_read_as_the_next_reply_is_unasked_in_every_game, .timeout = 120)
{
    char dir[64];
    /* It thinks 50 ms a move, and writes its move again 5 ms after each: the
     * next turn is written by then, and the bot reads it right after that
     * line, often before referee reads the line as its reply: occupied, unless
     * the answer to the turn, 50 ms later, is waited for. */
    match(dir, "late=" FIXTURE " late 50", "20", "--quiet");
    expect_unasked_in_every_game(dir, "late", 20);
}

Test(fouls, a_flood_after_a_move_is_unasked_in_every_game, .timeout = 120)
{
    char dir[64];
    /* 1 MiB of its move's line after each move. */
    match(dir, "flood=" FIXTURE " floodafter", "20", "--quiet");
    expect_unasked_in_every_game(dir, "flood", 20);
}

Test(fouls, silent_bot_hears_once_that_its_output_may_not_be_flushed, .timeout = 60)
{
    char dir[64], bin[64], bot[512];
    /* A bot whose command is a python interpreter (by name): the hint names
     * Python's flush. */
    test_tmpdir(bin, "fouls");
    snprintf(bot, sizeof(bot), "%s/python3", bin);
    cr_assert_eq(symlink(FIXTURE, bot), 0);
    snprintf(bot, sizeof(bot), "mute=%s/python3 silent", bin);
    match(dir, bot, "2", "--firstmove=200");
    const char *hint = strstr(r.err, "bot 'mute' timed out without writing a byte");
    cr_expect_not_null(hint, "%s", r.err);
    cr_expect(hint && strstr(hint, "print(move, flush=True)"), "%s", r.err);
    cr_expect(hint && !strstr(hint + 40, "timed out without writing a byte"), "once: %s", r.err);
    cr_expect(strstr(r.err, "Log of mute: "), "%s", r.err);
    struct table t;
    test_load(&t, dir, "games.csv");
    cr_expect_str_eq(test_cell(&t, 0, "reason"),
                     "timeout (no output at all: is standard output flushed after each line?)");
    table_release(&t);
}

Test(fouls, console_says_where_results_and_logs_are, .timeout = 30)
{
    char dir[64], want[256];
    match(dir, "a=" BOTDIR "random", "2", NULL);
    snprintf(want, sizeof(want), "Results in %s (bots' logs in %s/logs)\n", dir, dir);
    const char *first = strstr(r.err, want);
    cr_expect_not_null(first, "%s", r.err);
    cr_expect(first && strstr(first + 1, want), "at the start and at the end: %s", r.err);
}

Test(fouls, a_reply_ended_by_cr_alone_is_a_timeout_that_names_the_cr, .timeout = 60)
{
    char dir[64];
    /* "c2\r" and no LF: referee's protocol ends a line with LF only, so the
     * line never ends; the timeout says why, in the game's reason. */
    match(dir, "mac=" FIXTURE " cr", "2", "--firstmove=200");
    struct table t;
    test_load(&t, dir, "games.csv");
    cr_assert_eq(t.nrows, 2);
    for (size_t i = 0; i < t.nrows; i++) {
        const char *why = test_cell(&t, i, "reason");
        cr_expect_str_eq(test_cell(&t, i, "foul"), "timeout");
        cr_expect_str_eq(test_cell(&t, i, "foul_by"), "mac");
        cr_expect(strncmp(why, "timeout (", 9) == 0, "%s", why);
        const char *tail = ": ended its line with CR: end lines with \\n";
        size_t n = strlen(why), k = strlen(tail);
        cr_expect(n > k && strcmp(why + n - k, tail) == 0, "%s", why);
    }
    table_release(&t);
}
