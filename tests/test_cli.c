/* test_cli.c: the referee program end to end, as a child process: output and
 * exit codes of replay and perft. */
#include "run.h"

#include <criterion/criterion.h>

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
