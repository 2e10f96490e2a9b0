/* test_refbots.c: the reference bots (bots/connect4.c, greedy.c, reversi.c,
 * gomoku.c): known answers to single turns, then whole matches through the real
 * referee, read back from games.csv: no fouls, and each bot beats the weaker. */
#include "helpers.h"
#include "run.h"
#include "table.h"

#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <criterion/logging.h>
#include <stdbool.h>

/* Every test gets the same timeout: Criterion leaks under ASan otherwise. */
#define TIMEOUT 60

#define BOT(name) BUILD_DIR "/bots/" name

static struct run_result r;

/* What a match said about its first bot. */
struct outcome {
    double score;   /* points per game: a win 1, a draw 1/2 */
    double mean_ms; /* its mean time per move */
    size_t games;
};

/* `referee match` of `games` games of `game` between bots a and b (NAME=COMMAND,
 * colours alternating, each pair of games from one opening of `openings`
 * plies); checks that every game ended by the rules, never by a foul. */
static struct outcome play_match(const char *game, const char *a, const char *b, int games,
                                 int movetime, int openings)
{
    char dir[] = "/tmp/referee-test-refbots-XXXXXX", path[128], why[128], ngames[16], ms[16],
         plies[16], name[64], other[64];
    struct outcome o = {0};
    double moves = 0, total_ms = 0;
    struct table t;

    cr_assert_not_null(mkdtemp(dir));
    snprintf(ngames, sizeof(ngames), "%d", games);
    snprintf(ms, sizeof(ms), "%d", movetime);
    snprintf(plies, sizeof(plies), "%d", openings);
    snprintf(name, sizeof(name), "%.*s", (int)(strchr(a, '=') - a), a);
    snprintf(other, sizeof(other), "%.*s", (int)(strchr(b, '=') - b), b);
    /* The bots think for half of each limit, on the first move of a game too
     * (the rest of its limit is start-up). A loaded machine can still stop a
     * bot for a hundred milliseconds and more, so the margin is wide: fouls
     * here mean broken bots, and the time they take is checked on its mean. */
    char *argv[] = {REFEREE_BIN, "match",   "--game",     (char *)game, "--bot",       (char *)a,
                    "--bot",     (char *)b, "--games",    ngames,       "--movetime",  ms,
                    "--margin",  "500",     "--openings", plies,        "--firstmove", "2000",
                    "--results", dir,       "--quiet",    NULL};
    cr_assert_eq(run_program(argv, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);

    snprintf(path, sizeof(path), "%s/games.csv", dir);
    cr_assert_eq(table_load(&t, path, why, sizeof(why)), 0, "%s: %s", path, why);
    cr_assert_eq(t.nrows, (size_t)games);
    for (size_t i = 0; i < t.nrows; i++) {
        bool first = strcmp(test_cell(&t, i, "first"), name) == 0;
        cr_expect_str_empty(test_cell(&t, i, "foul"), "game %zu: %s by %s", i + 1,
                            test_cell(&t, i, "reason"), test_cell(&t, i, "foul_by"));
        if (strcmp(test_cell(&t, i, "winner"), name) == 0)
            o.score += 1;
        else if (strcmp(test_cell(&t, i, "result"), "1/2-1/2") == 0)
            o.score += 0.5;
        total_ms += atof(test_cell(&t, i, first ? "first_ms" : "second_ms"));
        moves += atof(test_cell(&t, i, first ? "first_moves" : "second_moves"));
    }
    o.games = t.nrows;
    o.score /= (double)t.nrows;
    o.mean_ms = moves > 0 ? total_ms / moves : 0;
    table_release(&t);
    cr_log_info("%s: %s scores %.3f over %zu games against %s, %.1f ms a move", game, name, o.score,
                o.games, other, o.mean_ms);

    char *rm[] = {"/bin/rm", "-rf", dir, NULL};
    run_program(rm, NULL, &r);
    return o;
}

/* The first line a bot writes when given `input`, without the newline. */
static const char *answer(const char *bot, const char *input)
{
    char *argv[] = {(char *)bot, NULL};
    cr_assert_eq(run_program(argv, input, &r), 0);
    cr_assert_eq(r.status, 0, "%s exited %d: %s", bot, r.status, r.err);
    r.out[strcspn(r.out, "\n")] = '\0';
    return r.out;
}

Test(refbots, connect4_takes_a_win_blocks_one_and_makes_a_double_threat, .timeout = TIMEOUT)
{
    cr_expect_str_eq(answer(BOT("connect4"),
                            "game 1 connect4 o first x\n"
                            "turn board [-------,-------,-------,-------,x----x-,xooo-x-] last x:1 "
                            "time 1000 legal 1 2 3 4 5 6 7\n"),
                     "5");
    cr_expect_str_eq(answer(BOT("connect4"),
                            "game 1 connect4 x first x\n"
                            "turn board [-------,-------,-------,-----o-,-----o-,x-x--ox] last o:6 "
                            "time 1000 legal 1 2 3 4 5 6 7\n"),
                     "6");
    /* x on 4 threatens 1 and 5 at once. */
    cr_expect_str_eq(answer(BOT("connect4"),
                            "game 1 connect4 x first x\n"
                            "turn board [-------,-------,-------,-------,-oo----,-xx----] last o:3 "
                            "time 1000 legal 1 2 3 4 5 6 7\n"),
                     "4");
}

/* What connect4 run with args answers to a game line with `seed` and the same
 * turn played eight times: its eight answers, one a line. */
static const char *connect4_answers(const char *args[4], const char *seed)
{
    static char input[2048];
    char *argv[] = {BOT("connect4"), (char *)args[0], (char *)args[1],
                    (char *)args[2], (char *)args[3], NULL};
    int n = snprintf(input, sizeof(input), "game 1 connect4 x first x seed %s\n", seed);
    for (int i = 0; i < 8; i++)
        n += snprintf(input + n, sizeof(input) - (size_t)n,
                      "turn board [-------,-------,-------,-------,-------,---o---] last o:4 "
                      "time 1000 legal 1 2 3 4 5 6 7\n");
    cr_assert_eq(run_program(argv, input, &r), 0);
    cr_assert_eq(r.status, 0, "connect4 exited %d: %s", r.status, r.err);
    return r.out;
}

Test(refbots, connect4_strength_plays_the_rest_at_random_the_same_for_a_seed, .timeout = TIMEOUT)
{
    const char *full[4] = {"--depth", "4", "--strength", "100"};
    const char *none[4] = {"--depth", "4", "--strength", "0"};
    char searched[256], first[256];
    snprintf(searched, sizeof(searched), "%s", connect4_answers(full, "5"));
    /* The depth-4 search's move on o:4, the same every time. */
    cr_expect_str_eq(searched, "3\n3\n3\n3\n3\n3\n3\n3\n", "a search at depth 4 varies");
    snprintf(first, sizeof(first), "%s", connect4_answers(none, "5"));
    cr_expect_str_eq(connect4_answers(none, "5"), first, "the same seed, other moves");
    cr_expect_str_neq(connect4_answers(none, "6"), first, "another seed, the same moves");
    cr_expect_str_neq(first, searched, "strength 0 still searches");
    const char *bad[4] = {"--strength", "101", NULL, NULL};
    char *argv[] = {BOT("connect4"), (char *)bad[0], (char *)bad[1], NULL};
    cr_assert_eq(run_program(argv, "", &r), 0);
    cr_expect_eq(r.status, 2, "an out-of-range strength was taken: exit %d", r.status);
}

Test(refbots, connect4_at_each_strength_beats_the_weaker, .timeout = TIMEOUT)
{
    /* Measured over 760 games each in a round robin of 20 levels (bots/README.md):
     * strength 100 about 270 Elo above 70, 70 about 300 above 40. */
    struct outcome o = play_match("connect4", "s100=" BOT("connect4") " --depth 4 --strength 100",
                                  "s70=" BOT("connect4") " --depth 4 --strength 70", 200, 500, 2);
    cr_expect_geq(o.score, 0.7, "100 against 70: %.3f", o.score);
    o = play_match("connect4", "s70=" BOT("connect4") " --depth 4 --strength 70",
                   "s40=" BOT("connect4") " --depth 4 --strength 40 --seed 2", 200, 500, 2);
    cr_expect_geq(o.score, 0.7, "70 against 40: %.3f", o.score);
}

/* Eight empties, x to move: c8 wins by 24 discs, the only best move; h1 flips the most. */
#define REVERSI_ENDGAME                                                                            \
    "game 1 reversi x first x\n"                                                                   \
    "turn board [xxooooo-,-xxxxoox,xxxooxo-,xxoooooo,xoxxoooo,ooxxxooo,-ooxoxo-,o--ooxx-] "        \
    "last o:a1 time 5000 legal h1 h3 a7 h7 b8 c8 h8\n"

Test(refbots, reversi_solves_an_endgame_that_greedy_gets_wrong, .timeout = TIMEOUT)
{
    cr_expect_str_eq(answer(BOT("reversi"), REVERSI_ENDGAME), "c8");
    cr_expect_str_eq(answer(BOT("greedy"), REVERSI_ENDGAME), "h1");
}

Test(refbots, greedy_flips_the_most_takes_the_first_of_equals_and_passes, .timeout = TIMEOUT)
{
    const char *start = "[--------,--------,--------,---ox---,---xo---,--------,--------,--------]";
    char input[512];

    snprintf(input, sizeof(input),
             "game 1 reversi x first x\nturn board %s last none time 100 legal d3 c4 f5 e6\n",
             start);
    cr_expect_str_eq(answer(BOT("greedy"), input), "d3");
    cr_expect_str_eq(answer(BOT("greedy"),
                            "game 1 reversi x first x\n"
                            "turn board [xooo----,--------,--------,---ox---,---xo---,--------,"
                            "--------,--------] last o:b1 time 100 legal d3 c4 e1 f5 e6\n"),
                     "e1");
    snprintf(input, sizeof(input),
             "game 1 reversi o first x\nturn board %s last x:d3 time 100 "
             "legal pass\n",
             start);
    cr_expect_str_eq(answer(BOT("greedy"), input), "pass");
    cr_expect_str_eq(answer(BOT("reversi"), input), "pass");
}

/* The gomoku bot's answer as `mark` in `game` (x first) to the board of these
 * n rows (top first), every empty square legal but those in `except`. */
static const char *form_answer(const char *game, char mark, int n, const char *const *rows,
                               const char *except)
{
    static char input[4096];
    int k = snprintf(input, sizeof(input), "game 1 %s %c first x\nturn board [", game, mark);
    for (int i = 0; i < n; i++)
        k += snprintf(input + k, sizeof(input) - (size_t)k, "%s%s", rows[i], i < n - 1 ? "," : "");
    k += snprintf(input + k, sizeof(input) - (size_t)k, "] last none time 100 legal");
    for (int row = 0; row < n; row++)
        for (int col = 0; col < n; col++) {
            char sq[16];
            snprintf(sq, sizeof(sq), "%c%d", 'a' + col, row + 1);
            if (rows[row][col] == '-' && strcmp(sq, except) != 0)
                k += snprintf(input + k, sizeof(input) - (size_t)k, " %s", sq);
        }
    snprintf(input + k, sizeof(input) - (size_t)k, "\n");
    return answer(BOT("gomoku"), input);
}

static const char *gomoku_answer(const char *rows[15])
{
    return form_answer("gomoku", 'x', 15, rows, "");
}

#define GOMOKU_EMPTY "---------------"

Test(refbots, gomoku_completes_five_blocks_four_makes_open_four_blocks_three, .timeout = TIMEOUT)
{
    const char *five[15], *block[15], *open_four[15], *three[15];
    for (int i = 0; i < 15; i++)
        five[i] = block[i] = open_four[i] = three[i] = GOMOKU_EMPTY;

    five[7] = "---xxxx--------";
    five[8] = "---oooo--------";
    block[7] = "--xoooo--------";
    block[8] = "---x-----------";
    block[9] = "----x----------";
    block[0] = "x--------------";
    open_four[7] = "---xxx---------";
    open_four[9] = "---ooo---------";
    three[7] = "---ooo---------";
    three[0] = "x--------------";
    three[14] = "x-------------x";

    const char *a = gomoku_answer(five);
    cr_expect(strcmp(a, "c8") == 0 || strcmp(a, "h8") == 0, "%s", a);
    cr_expect_str_eq(gomoku_answer(block), "h8");
    a = gomoku_answer(open_four);
    cr_expect(strcmp(a, "c8") == 0 || strcmp(a, "g8") == 0, "%s", a);
    a = gomoku_answer(three);
    cr_expect(strcmp(a, "c8") == 0 || strcmp(a, "g8") == 0, "%s", a);
}

/* Each form at its size and by its rule: a five on the 20 x 20 board's last
 * column; exactly five where an overline does not win (the overline square is
 * nearer the centre, which breaks ties); renju's black never answers a square
 * the turn does not list (its forbidden overline), white's overline wins. */
Test(refbots, gomoku_plays_each_form_at_its_size_and_rule, .timeout = TIMEOUT)
{
    static const char *const wide[20] = {
        "-------------------x", "-------------------x", "-------------------x",
        "-------------------x", "--------------------", "--------------------",
        "--------------------", "--------------------", "--------------------",
        "--------------------", "oooo----------------", "--------------------",
        "--------------------", "--------------------", "--------------------",
        "--------------------", "--------------------", "--------------------",
        "--------------------", "--------------------"};
    cr_expect_str_eq(form_answer("gomoku-freestyle", 'x', 20, wide, ""), "t5");

    /* x: c8 d8 e8 f8 and h8; b8 makes five, g8 six. o: four stones far off. */
    const char *rows[15];
    for (int i = 0; i < 15; i++)
        rows[i] = i == 7 ? "--xxxx-x-------" : i == 13 ? "o-o-o-o--------" : GOMOKU_EMPTY;
    cr_expect_str_eq(form_answer("gomoku", 'x', 15, rows, ""), "g8", "five or more");
    cr_expect_str_eq(form_answer("gomoku-standard", 'x', 15, rows, ""), "b8", "exactly five");
    cr_expect_str_eq(form_answer("gomoku-renju", 'x', 15, rows, "g8"), "b8", "black: exactly five");
    /* The same as white's stones, o to move: an overline wins for white. */
    for (int i = 0; i < 15; i++)
        rows[i] = i == 7 ? "--oooo-o-------" : i == 13 ? "x-x-x-x-x------" : GOMOKU_EMPTY;
    cr_expect_str_eq(form_answer("gomoku-renju", 'o', 15, rows, ""), "g8", "white: five or more");
}

Test(refbots, bots_ignore_unknown_lines_and_keys_and_exit_at_eof, .timeout = TIMEOUT)
{
    const char *bots[] = {BOT("connect4"), BOT("reversi"), BOT("greedy"), BOT("gomoku")};
    const char *games[] = {"connect4", "reversi", "reversi", "gomoku"};
    const char *boards[] = {
        "[-------,-------,-------,-------,-------,-------]",
        "[--------,--------,--------,---ox---,---xo---,--------,--------,--------]",
        "[--------,--------,--------,---ox---,---xo---,--------,--------,--------]",
        "[" GOMOKU_EMPTY "," GOMOKU_EMPTY "," GOMOKU_EMPTY "," GOMOKU_EMPTY "," GOMOKU_EMPTY
        "," GOMOKU_EMPTY "," GOMOKU_EMPTY "," GOMOKU_EMPTY "," GOMOKU_EMPTY "," GOMOKU_EMPTY
        "," GOMOKU_EMPTY "," GOMOKU_EMPTY "," GOMOKU_EMPTY "," GOMOKU_EMPTY "," GOMOKU_EMPTY "]",
    };
    const char *legal[] = {"4", "d3", "d3", "h8"};

    for (int i = 0; i < 4; i++) {
        char input[1024];
        snprintf(input, sizeof(input),
                 "hello there\n\ngame 1 %s x first x movetime 100 colour black\n"
                 "turn weather fine board %s last none time 100 legal %s\n"
                 "result 1-0 winner x reason resigned\n",
                 games[i], boards[i], legal[i]);
        /* No `quit`: the end of the input must end the bot, with status 0. */
        char *argv[] = {(char *)bots[i], NULL};
        cr_assert_eq(run_program(argv, input, &r), 0);
        cr_expect_eq(r.status, 0, "%s: %s", bots[i], r.err);
        char expect[16];
        snprintf(expect, sizeof(expect), "%s\n", legal[i]);
        cr_expect_str_eq(r.out, expect, "%s", bots[i]);
    }
}

/* Each search bot against random: nearly every game, fast, without fouls.
 * Parameters hold no pointers (Criterion copies them into the test's process). */
struct beat {
    char game[24];
    char bot[160];
    int games, movetime;
    double min_score, max_ms;
};

ParameterizedTestParameters(refbots, search_bot_beats_random_without_fouls)
{
    static struct beat beats[] = {
        {"connect4", "connect4=" BOT("connect4"), 20, 100, 0.9, 75},
        {"reversi", "reversi=" BOT("reversi"), 20, 50, 0.9, 37.5},
        {"gomoku", "gomoku=" BOT("gomoku"), 20, 100, 0.9, 20},
        {"gomoku-standard", "gomoku=" BOT("gomoku"), 10, 100, 0.9, 20},
        {"gomoku-freestyle", "gomoku=" BOT("gomoku"), 10, 100, 0.9, 20},
        {"gomoku-renju", "gomoku=" BOT("gomoku"), 10, 100, 0.9, 20},
    };
    return cr_make_param_array(struct beat, beats, sizeof(beats) / sizeof(beats[0]));
}

ParameterizedTest(struct beat *b, refbots, search_bot_beats_random_without_fouls,
                  .timeout = TIMEOUT)
{
    struct outcome o =
        play_match(b->game, b->bot, "random=" BOT("random"), b->games, b->movetime, 2);
    cr_expect_geq(o.score, b->min_score, "%s: score %.3f", b->game, o.score);
    cr_expect_leq(o.mean_ms, b->max_ms, "%s: %.1f ms a move", b->game, o.mean_ms);
}

Test(refbots, reversi_beats_greedy_with_colours_balanced, .timeout = TIMEOUT)
{
    /* Pairs of games from one opening, each side playing each colour once. */
    struct outcome o =
        play_match("reversi", "reversi=" BOT("reversi"), "greedy=" BOT("greedy"), 12, 50, 4);
    cr_expect_geq(o.score, 0.6, "score %.3f", o.score);
}

Test(refbots, greedy_beats_random_without_fouls, .timeout = TIMEOUT)
{
    /* Greedy is only a little better than random (about 63% over thousands of
     * games), so many games and a bar below that. */
    struct outcome o =
        play_match("reversi", "greedy=" BOT("greedy"), "random=" BOT("random"), 400, 100, 2);
    cr_expect_geq(o.score, 0.57, "score %.3f", o.score);
}

Test(refbots, search_bots_play_themselves_without_fouls, .timeout = TIMEOUT)
{
    play_match("connect4", "a=" BOT("connect4"), "b=" BOT("connect4"), 2, 50, 2);
    play_match("reversi", "a=" BOT("reversi"), "b=" BOT("reversi"), 2, 50, 4);
    play_match("gomoku", "a=" BOT("gomoku"), "b=" BOT("gomoku"), 4, 50, 2);
    play_match("gomoku-renju", "a=" BOT("gomoku"), "b=" BOT("gomoku"), 4, 50, 2);
}
