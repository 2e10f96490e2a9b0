/* test_engine_options.c: what a user says of one bot alone, end to end through
 * the referee binary: engine options (--option) as the bot receives them, time
 * odds (--movetime NAME=MS...), a protocol that cannot play the game refused
 * before any game, and bad values refused naming the option. */
#include "helpers.h"
#include "run.h"

#include <criterion/criterion.h>

#define FIXTURE   BUILD_DIR "/testbots/fixture"
#define GOMOBRAIN BUILD_DIR "/testbots/gomobrain"

static struct run_result r;

Test(engine_options, options_reach_a_referee_bot_before_each_game_line, .timeout = 60)
{
    char dir[64], log[8192];
    test_tmpdir(dir, "engine-options");
    char *argv[] = {REFEREE_BIN, "match",
                    "--bot",     "teller=" FIXTURE " strict",
                    "--bot",     "other=" FIXTURE " tell",
                    "--option",  "other=Hash=64",
                    "--option",  "other=Style=very sharp",
                    "--option",  "other=Hash=128",
                    "--games",   "2",
                    "--results", dir,
                    "--quiet",   NULL};
    cr_assert_eq(run_program(argv, NULL, &r), 0);
    cr_expect_eq(r.status, 0, "%s", r.err);
    test_slurp(dir, "logs/other.log", log, sizeof(log));
    /* Each game: the options in the order given, a repeated key's last value. */
    const char *first = strstr(log, "option Hash 128\noption Style very sharp\ngame 1 ");
    cr_expect_not_null(first, "%s", log);
    cr_expect_not_null(first &&
                           strstr(first + 1, "option Hash 128\noption Style very sharp\ngame "),
                       "again before the second game: %s", log);
    cr_expect_null(strstr(log, "Hash 64"), "replaced");
    cr_expect_eq(test_count_rows(dir, "games.csv"), 2, "a strict bot without options plays on");
}

Test(engine_options, a_gomocup_brain_gets_info_lines_after_the_standard_ones, .timeout = 60)
{
    char dir[64], log[65536];
    test_tmpdir(dir, "engine-options");
    char *argv[] = {REFEREE_BIN, "match",
                    "--game",    "gomoku",
                    "--bot",     "brain=" GOMOBRAIN,
                    "--proto",   "brain=gomocup",
                    "--option",  "brain=THREAD_NUM=2",
                    "--bot",     "b=" BOTDIR "gomoku",
                    "--games",   "1",
                    "--trace",   "--results",
                    dir,         "--quiet",
                    NULL};
    cr_assert_eq(run_program(argv, NULL, &r), 0);
    cr_expect_eq(r.status, 0, "%s", r.err);
    test_slurp(dir, "logs/brain.log", log, sizeof(log));
    const char *rule = strstr(log, "> INFO rule 0\n"),
               *option = strstr(log, "> INFO THREAD_NUM 2\n");
    cr_expect(rule && option && option > rule, "%s", log);
}

/* Run argv, a match of two games into dir: both are lost on time by loser. */
static void expect_two_games_lost_on_time_by(char *const argv[], const char *dir, const char *loser)
{
    cr_assert_eq(run_program(argv, NULL, &r), 0);
    cr_expect_eq(r.status, 0, "%s", r.err);
    struct table t;
    test_load(&t, dir, "games.csv");
    cr_assert_eq(t.nrows, 2);
    for (size_t i = 0; i < t.nrows; i++) {
        cr_expect_str_eq(test_cell(&t, i, "foul"), "timeout", "game %zu", i + 1);
        cr_expect_str_eq(test_cell(&t, i, "foul_by"), loser, "game %zu", i + 1);
    }
    table_release(&t);
}

Test(engine_options, time_odds_lose_on_time_only_on_the_short_side, .timeout = 60)
{
    char dir[64];
    test_tmpdir(dir, "engine-options");
    /* Both think 300 ms a move: 100 ms is too short, ten times that enough;
     * every bot's limits, then one bot's own. */
    char *argv[] = {REFEREE_BIN,   "match",
                    "--bot",       "short=" FIXTURE " slow 300",
                    "--bot",       "long=" FIXTURE " slow 300",
                    "--movetime",  "1000",
                    "--firstmove", "1000",
                    "--movetime",  "short=100",
                    "--firstmove", "short=100",
                    "--games",     "2",
                    "--results",   dir,
                    "--quiet",     NULL};
    expect_two_games_lost_on_time_by(argv, dir, "short");
}

Test(engine_options, a_clock_of_one_bots_own_limits_its_game_not_its_moves, .timeout = 60)
{
    char dir[64];
    test_tmpdir(dir, "engine-options");
    /* 400 ms a move: the first is the first move's (5000 ms), the next two
     * run the 700 ms clock out; the other bot's 1000 ms a move never does. */
    char *argv[] = {REFEREE_BIN, "match",
                    "--bot",     "clocked=" FIXTURE " slow 400",
                    "--bot",     "free=" FIXTURE " slow 400",
                    "--clock",   "clocked=700",
                    "--games",   "2",
                    "--results", dir,
                    "--quiet",   NULL};
    expect_two_games_lost_on_time_by(argv, dir, "clocked");
}

struct refusal {
    const char *label;
    const char *words[8];
    const char *message; /* after "referee: " */
};

static const struct refusal refusals[] = {
    {"gtp at connect four",
     {"--game", "connect4", "--proto", "a=gtp"},
     "bot 'a' speaks gtp, which cannot play connect4 (README \"Playing existing engines\")\n"},
    {"gomocup at reversi",
     {"--game", "reversi", "--proto", "b=gomocup"},
     "bot 'b' speaks gomocup, which cannot play reversi (README \"Playing existing engines\")\n"},
    {"gtp at tic-tac-toe",
     {"--proto", "a=gtp"},
     "bot 'a' speaks gtp, which cannot play tictactoe (README \"Playing existing engines\")\n"},
    {"a newline in a value",
     {"--option", "a=Book=x\ny"},
     "--option 'a=Book=x\\ny': a value is at most 256 bytes of printable ASCII\n"},
    {"a blank in a key",
     {"--option", "a=Book file=x"},
     "--option 'a=Book file=x': a key is 1 to 64 bytes of printable ASCII without blanks\n"},
    {"no value", {"--option", "a=Hash"}, "--option 'a=Hash': expected KEY=VALUE\n"},
    {"no such bot",
     {"--option", "c=Hash=1"},
     "--option 'c=Hash=1': expected NAME=KEY=VALUE naming a bot given before it\n"},
    {"a time that is no number",
     {"--movetime", "a=fast"},
     "--movetime 'a=fast' is not a number of milliseconds\n"},
    {"no limit at all",
     {"--movetime", "b=0"},
     "bot 'b': a movetime of 0 needs a game clock (--clock [NAME=]MS)\n"},
};

Test(engine_options, what_cannot_work_is_refused_before_any_game_naming_it, .timeout = 60)
{
    for (size_t i = 0; i < sizeof(refusals) / sizeof(refusals[0]); i++) {
        const struct refusal *f = &refusals[i];
        char dir[64], expected[512];
        test_tmpdir(dir, "engine-options");
        char *argv[24] = {REFEREE_BIN,           "match", "--bot",
                          "a=" FIXTURE " legal", "--bot", "b=" FIXTURE " legal",
                          "--results",           dir};
        int n = 8;
        for (int k = 0; f->words[k]; k++)
            argv[n++] = (char *)f->words[k];
        argv[n] = NULL;
        cr_assert_eq(run_program(argv, NULL, &r), 0);
        cr_expect_eq(r.status, 2, "%s: %s", f->label, r.err);
        snprintf(expected, sizeof(expected), "referee: %s", f->message);
        cr_expect_str_eq(r.err, expected, "%s", f->label);
        cr_expect_eq(test_count_rows(dir, "games.csv"), 0, "%s: no game", f->label);
    }
}

Test(engine_options, more_options_than_fit_are_refused, .timeout = 30)
{
    char *argv[64] = {REFEREE_BIN,           "match", "--bot",
                      "a=" FIXTURE " legal", "--bot", "b=" FIXTURE " legal"};
    static char words[17][32];
    int n = 6;
    for (int i = 0; i < 17; i++) {
        snprintf(words[i], sizeof(words[i]), "a=Key%d=1", i);
        argv[n++] = "--option";
        argv[n++] = words[i];
    }
    argv[n] = NULL;
    cr_assert_eq(run_program(argv, NULL, &r), 0);
    cr_expect_eq(r.status, 2);
    cr_expect_str_eq(r.err, "referee: --option 'a=Key16=1': more than 16 options for one bot\n");
}

Test(engine_options, the_report_a_run_writes_shows_each_engine, .timeout = 60)
{
    char dir[64];
    static char page[1 << 20];
    test_tmpdir(dir, "engine-options");
    char *argv[] = {REFEREE_BIN, "match",
                    "--game",    "gomoku",
                    "--bot",     "brain=" GOMOBRAIN,
                    "--proto",   "brain=gomocup",
                    "--bot",     "b=" BOTDIR "gomoku",
                    "--games",   "2",
                    "--results", dir,
                    "--quiet",   NULL};
    cr_assert_eq(run_program(argv, NULL, &r), 0);
    cr_expect_eq(r.status, 0, "%s", r.err);
    test_slurp(dir, "report.html", page, sizeof(page));
    cr_expect_not_null(strstr(page, "<th class=\"name\">Engine</th>"), "the column");
    cr_expect_not_null(strstr(page, "gomobrain 0.1"), "its name and version");
}

Test(engine_options, gtp_rhino_takes_a_standard_command_and_fails_its_start_on_an_unknown_one,
     .timeout = 120)
{
    const char *rhino = "/usr/games/gtp-rhino";
    if (access(rhino, X_OK) != 0)
        cr_skip_test("no %s: install Debian's grhino (scripts/deps --test does)", rhino);
    char dir[64], bot[64];
    snprintf(bot, sizeof(bot), "rhino=%s -l 1", rhino);
    test_tmpdir(dir, "engine-options");
    char *known[] = {REFEREE_BIN, "match",
                     "--game",    "reversi",
                     "--bot",     bot,
                     "--proto",   "rhino=gtp",
                     "--option",  "rhino=komi=0",
                     "--bot",     "b=" BOTDIR "greedy",
                     "--games",   "2",
                     "--results", dir,
                     "--quiet",   NULL};
    cr_assert_eq(run_program(known, NULL, &r), 0);
    cr_expect_eq(r.status, 0, "%s", r.err);
    cr_expect_eq(test_count_rows(dir, "games.csv"), 2);

    test_tmpdir(dir, "engine-options");
    char *unknown[] = {REFEREE_BIN, "match",
                       "--game",    "reversi",
                       "--bot",     bot,
                       "--proto",   "rhino=gtp",
                       "--option",  "rhino=Hash=64",
                       "--bot",     "b=" BOTDIR "greedy",
                       "--games",   "2",
                       "--results", dir,
                       "--quiet",   NULL};
    cr_assert_eq(run_program(unknown, NULL, &r), 0);
    cr_expect_eq(r.status, 6, "%s", r.err);
    cr_expect_not_null(strstr(r.err, "cannot start bot 'rhino'"), "%s", r.err);
    cr_expect_not_null(strstr(r.err, "answered `Hash 64` with \"?4 unknown command\""), "%s",
                       r.err);
    /* Its games are forfeits that say why. */
    struct table t;
    test_load(&t, dir, "games.csv");
    cr_expect_eq(t.nrows, 2);
    for (size_t i = 0; i < t.nrows; i++)
        cr_expect(strstr(test_cell(&t, i, "reason"), "could not start (its gtp handshake: "
                                                     "answered `Hash 64` with"),
                  "%s", test_cell(&t, i, "reason"));
    table_release(&t);
}
