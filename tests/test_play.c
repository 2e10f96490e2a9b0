/* test_play.c: `referee play` from a pipe, as a person's moves: a whole game
 * of each game against a bundled bot (the person tries squares in order, and
 * each one taken or illegal is asked again), the screen and the record. */
#include "helpers.h"
#include "run.h"

#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define FIXTURE BUILD_DIR "/testbots/fixture"

static struct run_result r;
static char input[1 << 16];

/* Every square of def, row by row, in its notation, repeated: a person who
 * plays the first one that is allowed. */
static const char *all_squares(const struct game_def *def, int repeats)
{
    size_t n = 0;
    for (int k = 0; k < repeats; k++) {
        if (def->squares == SQUARES_COLUMN)
            for (int c = 0; c < def->cols; c++)
                n += (size_t)snprintf(input + n, sizeof(input) - n, "%d\n", c + 1);
        else
            for (int row = 0; row < def->rows; row++)
                for (int c = 0; c < def->cols; c++)
                    n += (size_t)snprintf(input + n, sizeof(input) - n, "%c%d\n",
                                          def->squares == SQUARES_ROW_LETTER ? 'a' + row : 'a' + c,
                                          def->squares == SQUARES_ROW_LETTER ? c + 1 : row + 1);
        if (def->has_pass)
            n += (size_t)snprintf(input + n, sizeof(input) - n, "pass\n");
    }
    return input;
}

Test(play, a_person_plays_a_whole_game_of_each_game_from_a_pipe, .timeout = 120)
{
    static const char *const cases[][3] = {{"tictactoe", "perfect", "2"},
                                           {"connect4", "connect4", "40"},
                                           {"reversi", "greedy", "40"},
                                           {"gomoku", "gomoku", "2"}};
    for (int i = 0; i < 4; i++) {
        char dir[64], bot[256];
        test_tmpdir(dir, "play");
        snprintf(bot, sizeof(bot), "cpu=" BOTDIR "%s", cases[i][1]);
        char *argv[] = {REFEREE_BIN,  "play", "--game",    (char *)cases[i][0],
                        "--bot",      bot,    "--results", dir,
                        "--movetime", "500",  NULL};
        const char *moves = all_squares(test_game(cases[i][0]), atoi(cases[i][2]));
        cr_assert_eq(run_program(argv, moves, &r), 0);
        cr_expect_eq(r.status, 0, "%s: %s", cases[i][0], r.err);
        cr_expect(strstr(r.out, "you (human) play "), "%s", r.out);
        cr_expect(strstr(r.out, "Legal: "), "%s", r.out);
        cr_expect(strstr(r.out, "Your move ("), "%s", r.out);
        cr_expect(strstr(r.out, "\nResult "), "%s: %s", cases[i][0], r.out + strlen(r.out) / 2);
        struct table t;
        test_load(&t, dir, "games.csv");
        cr_assert_eq(t.nrows, 1);
        cr_expect_str_eq(test_cell(&t, 0, "first"), "human");
        cr_expect_str_eq(test_cell(&t, 0, "second"), "cpu");
        cr_expect_str_eq(test_cell(&t, 0, "foul"), "", "%s", test_cell(&t, 0, "reason"));
        cr_expect_neq(strcmp(test_cell(&t, 0, "result"), "*"), 0, "played to its end");
        table_release(&t);
        char *check[] = {REFEREE_BIN, "check", "--strict", dir, NULL};
        cr_assert_eq(run_program(check, NULL, &r), 0);
        cr_expect_eq(r.status, 0, "%s: %s%s", cases[i][0], r.out, r.err);
    }
}

Test(play, typos_are_asked_again_and_resign_ends_the_game, .timeout = 60)
{
    char dir[64];
    test_tmpdir(dir, "play");
    char *argv[] = {REFEREE_BIN, "play", "--bot",  "cpu=" BOTDIR "perfect",
                    "--as",      "x",    "--name", "ann",
                    "--results", dir,    NULL};
    cr_assert_eq(run_program(argv, "hello\nundo\nd9\nresign\n", &r), 0);
    cr_expect_eq(r.status, 0, "%s", r.err);
    cr_expect(strstr(r.out, "you (ann) play x against cpu (o); cpu moves first."), "%s", r.out);
    cr_expect(strstr(r.out, "'hello' is not a move"), "%s", r.out);
    cr_expect(strstr(r.out, "No undo"), "%s", r.out);
    cr_expect(strstr(r.out, "d9"), "%s", r.out);
    cr_expect(strstr(r.out, "Result 1-0: resigned"), "%s", r.out);
    struct table t;
    test_load(&t, dir, "games.csv");
    cr_expect_str_eq(test_cell(&t, 0, "second"), "ann");
    cr_expect_str_eq(test_cell(&t, 0, "end"), "resigned");
    table_release(&t);
}

/* Run the shell script that plays a game under tmux and prints its screen
 * into r: the game ended and was recorded. */
static void run_at_terminal(const char *script)
{
    char *sh[] = {"/bin/sh", "-c", (char *)script, NULL};
    cr_assert_eq(run_program(sh, NULL, &r), 0);
    cr_expect_eq(r.status, 0, "%s", r.err);
    cr_expect(strstr(r.out, "Result "), "%s", r.out);
    cr_expect(strstr(r.out, "Recorded in "), "%s", r.out);
}

/* A real terminal: tmux runs referee play, the keys are typed into it one move
 * at a time, and what the screen shows is read back (capture-pane). */
Test(play, a_game_played_at_a_real_terminal_under_tmux, .timeout = 60)
{
    char *which[] = {"/bin/sh", "-c", "command -v tmux", NULL};
    if (run_program(which, NULL, &r) != 0 || r.status != 0)
        cr_skip_test("no tmux on PATH: install Debian's tmux (scripts/deps --test does)");
    char dir[64], session[64], script[2048];
    test_tmpdir(dir, "play");
    snprintf(session, sizeof(session), "referee-play-%d", (int)getpid());
    /* The person tries the squares in order; one taken is asked again. */
    snprintf(script, sizeof(script),
             "tmux kill-session -t %s 2>/dev/null; "
             "tmux new-session -d -s %s -x 100 -y 60 '%s play --bot cpu=%sperfect --results %s; "
             "sleep 30' && sleep 0.5 && "
             "for m in a1 a2 a3 b1 b2 b3 c1 c2 c3; do tmux send-keys -t %s \"$m\" Enter; "
             "sleep 0.3; done; tmux capture-pane -p -t %s -S -200; tmux kill-session -t %s",
             session, session, REFEREE_BIN, BOTDIR, dir, session, session, session);
    run_at_terminal(script);
    cr_expect(strstr(r.out, "Your move (o), or resign or quit:"), "%s", r.out);
    cr_expect(strstr(r.out, "    1 2 3"), "the board with its coordinates: %s", r.out);
    struct table t;
    test_load(&t, dir, "games.csv");
    cr_expect_eq(t.nrows, 1);
    cr_expect_str_eq(test_cell(&t, 0, "first"), "human");
    table_release(&t);
}

/* A mode of the fixture bot, and the foul it is (games.csv's kind). */
struct fixture_mode {
    char mode[16];
    char arg[16]; /* "" for none */
    char foul[16];
    /* Its second line is a write of its own, which may come before or after
     * the next turn is written: the reason quotes the line found unasked,
     * which depends on when; the words before the quote do not. */
    bool raced;
};

ParameterizedTestParameters(play, each_fixture_mode_is_the_same_foul_and_reason_as_in_a_match)
{
    static struct fixture_mode modes[] = {
        {"legal", "", "", false},
        {"outofturn", "", "out-of-turn", false},
        {"garbage", "", "malformed", false},
        {"say", "d9", "no-such-square", false},
        {"occupied", "", "occupied", false},
        {"byte", "0", "malformed", false},
        {"huge", "", "too-long", false},
        {"crash", "", "crashed", false},
        {"exitafter", "", "exited", false},
        {"closeout", "", "closed-pipe", false},
        {"twolines", "", "unasked-output", true},
        {"unasked", "", "unasked-output", false},
        {"silent", "", "timeout", false},
    };
    return cr_make_param_array(struct fixture_mode, modes, sizeof(modes) / sizeof(modes[0]));
}

/* The foul, its side and its reason of the one game recorded in dir. */
static void recorded_foul(const char *dir, char *foul, char *by, char *reason)
{
    struct table t;
    test_load(&t, dir, "games.csv");
    cr_assert_eq(t.nrows, 1, "%s", dir);
    snprintf(foul, 32, "%s", test_cell(&t, 0, "foul"));
    snprintf(by, 32, "%s", test_cell(&t, 0, "foul_by"));
    snprintf(reason, 160, "%s", test_cell(&t, 0, "reason"));
    table_release(&t);
}

/* The same bot on the second side: played by a person (`play`, the squares in
 * order from a pipe), then by a bot that plays the first legal square
 * (`match`): each mode ends as the same foul, with the same reason. */
ParameterizedTest(struct fixture_mode *m, play,
                  each_fixture_mode_is_the_same_foul_and_reason_as_in_a_match, .timeout = 90)
{
    char play_dir[64], match_dir[64], bot[128], good[128];
    char foul[2][32], by[2][32], reason[2][160];

    test_tmpdir(play_dir, "play");
    test_tmpdir(match_dir, "play");
    snprintf(bot, sizeof(bot), "cpu=%s %s %s", FIXTURE, m->mode, m->arg);
    snprintf(good, sizeof(good), "human=%s legal", FIXTURE);
    char *play_argv[] = {REFEREE_BIN, "play",      "--bot",  bot, "--movetime",
                         "300",       "--results", play_dir, NULL};
    cr_assert_eq(run_program(play_argv, all_squares(test_game("tictactoe"), 2), &r), 0);
    cr_expect_eq(r.status, 0, "%s: %s", m->mode, r.err);
    char *match_argv[] = {REFEREE_BIN, "match",   "--bot",      good,  "--bot",       bot,
                          "--games",   "1",       "--movetime", "300", "--firstmove", "5300",
                          "--results", match_dir, "--quiet",    NULL};
    cr_assert_eq(run_program(match_argv, NULL, &r), 0);
    cr_expect_eq(r.status, 0, "%s: %s", m->mode, r.err);
    recorded_foul(play_dir, foul[0], by[0], reason[0]);
    recorded_foul(match_dir, foul[1], by[1], reason[1]);
    cr_expect_str_eq(foul[0], m->foul, "%s in play: %s", m->mode, reason[0]);
    cr_expect_str_eq(foul[1], m->foul, "%s in a match: %s", m->mode, reason[1]);
    if (m->raced) {
        reason[0][strcspn(reason[0], "\"")] = '\0';
        reason[1][strcspn(reason[1], "\"")] = '\0';
    }
    cr_expect_str_eq(reason[0], reason[1], "%s: play (%s) and match (%s) differ", m->mode,
                     reason[0], reason[1]);
    cr_expect_str_eq(by[0], m->foul[0] ? "cpu" : "", "%s", m->mode);
    cr_expect_str_eq(by[1], by[0], "%s", m->mode);
}

/* An engine in another protocol at a real terminal: gtp-rhino (GTP) at reversi
 * under tmux, the person typing every square in order, and `pass`, in rounds
 * until the game is recorded. */
Test(play, a_gtp_engine_plays_a_whole_game_at_a_terminal_under_tmux, .timeout = 180)
{
    char *which[] = {"/bin/sh", "-c", "command -v tmux && test -x /usr/games/gtp-rhino", NULL};
    if (run_program(which, NULL, &r) != 0 || r.status != 0)
        cr_skip_test("no tmux or /usr/games/gtp-rhino: install Debian's tmux and grhino "
                     "(scripts/deps --test does)");
    char dir[64], keys[512], script[4096];
    size_t n = 0;
    test_tmpdir(dir, "play");
    /* Typed as text (-l: f7 is not the key F7), each square ended by a return. */
    for (int row = 1; row <= 8; row++)
        for (char c = 'a'; c <= 'h'; c++)
            n += (size_t)snprintf(keys + n, sizeof(keys) - n, "%c%d\\r", c, row);
    snprintf(keys + n, sizeof(keys) - n, "pass\\r");
    /* A server of its own (-L), gone at the end whatever happened; the last 300
     * lines of its screen read back (the whole game's typing would not fit in r). */
    snprintf(script, sizeof(script),
             "t='tmux -L referee-play-%d'; k=$(printf '%s'); "
             "$t new-session -d -x 120 -y 50 '%s play --game reversi --proto gtp --movetime 2000 "
             "--results %s -- /usr/games/gtp-rhino -l 1; sleep 150' || exit 1; sleep 0.5; "
             "for i in $(seq 400); do $t send-keys -l \"$k\"; sleep 0.3; "
             "test -s %s/games.csv && break; done; sleep 0.3; "
             "$t capture-pane -p -S -300; $t kill-server",
             (int)getpid(), keys, REFEREE_BIN, dir, dir);
    run_at_terminal(script);
    cr_expect(strstr(r.out, "gtp-rhino plays "), "%s", r.out);
    struct table t;
    test_load(&t, dir, "games.csv");
    cr_assert_eq(t.nrows, 1);
    cr_expect_str_eq(test_cell(&t, 0, "second"), "gtp-rhino");
    cr_expect_str_eq(test_cell(&t, 0, "end"), "count", "played to the end: %s",
                     test_cell(&t, 0, "reason"));
    cr_expect_str_eq(test_cell(&t, 0, "foul"), "");
    table_release(&t);
    char *check[] = {REFEREE_BIN, "check", "--strict", dir, NULL};
    cr_assert_eq(run_program(check, NULL, &r), 0);
    cr_expect_eq(r.status, 0, "%s%s", r.out, r.err);
}
