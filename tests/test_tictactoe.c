/* test_tictactoe.c: the tic-tac-toe reducer by case tables and known answers. */
#include "game.h"
#include "notation.h"
#include "perft.h"

#include <criterion/criterion.h>
#include <string.h>

static const struct game_def *ttt(void)
{
    return game_find("tictactoe");
}

/* Fold a space-separated move list from the start; returns the final state. */
static struct game_state fold(const char *moves, bool early_draw)
{
    struct game_state s;
    char buf[256], *save = NULL;

    game_init(&s, ttt(), early_draw);
    strncpy(buf, moves, sizeof(buf) - 1);
    buf[sizeof(buf) - 1] = '\0';
    for (char *t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
        struct action a;
        const char *why;
        cr_assert_eq(notation_parse_move(&s, t, &a, &why), 0, "move %s", t);
        game_step(&s, a);
    }
    return s;
}

static void check(const struct game_state *s, const char *board, const char *result,
                  const char *reason, int nhistory)
{
    char b[GAME_BOARD_TEXT], r[128];

    cr_expect_str_eq(notation_format_board(s, b, sizeof(b)), board);
    cr_expect_str_eq(game_result_text(s), result);
    cr_expect_str_eq(game_reason(s, r, sizeof(r)), reason);
    cr_expect_eq(s->nhistory, nhistory);
}

Test(tictactoe, seed_record_three_in_a_row_wins, .timeout = 5)
{
    struct game_state s = fold("o:a1 x:b2 o:b1 x:a3 o:c1", false);
    check(&s, "[o-x,ox-,o--]", "1-0", "three in a row", 5);
    cr_expect_eq(s.winner, SIDE_FIRST);
}

Test(tictactoe, seed_record_out_of_turn_loses_and_later_moves_are_ignored, .timeout = 5)
{
    struct game_state s = fold("o:a1 o:b2 x:b1", false);
    check(&s, "[o--,---,---]", "0-1", "moved out of turn (o:b2)", 2);
    cr_expect_eq(s.foul, FOUL_OUT_OF_TURN);
}

Test(tictactoe, seed_record_occupied_square_loses, .timeout = 5)
{
    struct game_state s = fold("o:a1 x:b2 o:b1 x:b1 o:c1", false);
    check(&s, "[o--,ox-,---]", "1-0", "illegal move b1 (occupied)", 4);
    cr_expect_eq(s.foul, FOUL_OCCUPIED);
}

Test(tictactoe, seed_record_full_board_is_a_draw, .timeout = 5)
{
    struct game_state s = fold("o:a1 x:b2 o:b1 x:c1 o:a3 x:a2 o:c2 x:b3 o:c3", false);
    check(&s, "[oxo,oxx,xoo]", "1/2-1/2", "board full", 9);
}

Test(tictactoe, early_draw_ends_the_seed_draw_before_its_last_move, .timeout = 5)
{
    struct game_state s = fold("o:a1 x:b2 o:b1 x:c1 o:a3 x:a2 o:c2 x:b3 o:c3", true);
    check(&s, "[oxo,oxx,xo-]", "1/2-1/2", "no line can be completed", 8);
    cr_expect_eq(s.end, END_DEAD);
}

/* board before, move, expected board after, expected end, foul and winner. */
struct step_case {
    const char *before, *move, *after;
    enum end end;
    enum foul foul;
    int winner; /* enum side */
};

static const struct step_case step_cases[] = {
    {"[---,---,---]", "b2", "[---,-o-,---]", END_NONE, FOUL_NONE, SIDE_NONE},
    {"[---,-o-,---]", "a1", "[x--,-o-,---]", END_NONE, FOUL_NONE, SIDE_NONE},
    {"[---,-o-,---]", "b2", "[---,-o-,---]", END_FOUL, FOUL_OCCUPIED, SIDE_FIRST},
    {"[---,-o-,---]", "o:a1", "[---,-o-,---]", END_FOUL, FOUL_OUT_OF_TURN, SIDE_SECOND},
    {"[---,---,---]", "x:a1", "[---,---,---]", END_FOUL, FOUL_OUT_OF_TURN, SIDE_FIRST},
    {"[---,---,---]", "d1", "[---,---,---]", END_FOUL, FOUL_NO_SUCH_SQUARE, SIDE_SECOND},
    {"[---,---,---]", "a4", "[---,---,---]", END_FOUL, FOUL_NO_SUCH_SQUARE, SIDE_SECOND},
    {"[oo-,xx-,---]", "a3", "[ooo,xx-,---]", END_LINE, FOUL_NONE, SIDE_FIRST},
    {"[oo-,xx-,o--]", "b3", "[oo-,xxx,o--]", END_LINE, FOUL_NONE, SIDE_SECOND},
    {"[o-x,-o-,x--]", "c3", "[o-x,-o-,x-o]", END_LINE, FOUL_NONE, SIDE_FIRST},
    {"[o-x,-x-,o--]", "o:b1", "[o-x,ox-,o--]", END_LINE, FOUL_NONE, SIDE_FIRST},
    {"[oxo,oxx,xo-]", "c3", "[oxo,oxx,xoo]", END_FULL, FOUL_NONE, SIDE_NONE},
    {"[oxo,oxx,xo-]", "o:resign", "[oxo,oxx,xo-]", END_RESIGNED, FOUL_NONE, SIDE_SECOND},
    {"[oxo,oxx,xo-]", "x:resign", "[oxo,oxx,xo-]", END_RESIGNED, FOUL_NONE, SIDE_FIRST},
    {"[oxo,oxx,xo-]", "abort", "[oxo,oxx,xo-]", END_ABORTED, FOUL_NONE, SIDE_NONE},
};

Test(tictactoe, case_table_of_steps, .timeout = 5)
{
    for (size_t i = 0; i < sizeof(step_cases) / sizeof(step_cases[0]); i++) {
        const struct step_case *c = &step_cases[i];
        struct game_state s;
        struct action a;
        const char *why = NULL;
        char b[GAME_BOARD_TEXT];

        cr_assert_eq(notation_parse_board(ttt(), c->before, false, &s, &why), 0, "%s: %s",
                     c->before, why);
        cr_assert_eq(notation_parse_move(&s, c->move, &a, &why), 0, "%s", c->move);
        cr_expect(game_step(&s, a), "case %zu counts", i);
        cr_expect_str_eq(notation_format_board(&s, b, sizeof(b)), c->after, "case %zu", i);
        cr_expect_eq(s.end, c->end, "case %zu end", i);
        cr_expect_eq(s.foul, c->foul, "case %zu foul", i);
        cr_expect_eq(s.winner, c->winner, "case %zu winner", i);
    }
}

Test(tictactoe, finished_game_ignores_every_action, .timeout = 5)
{
    struct game_state s = fold("o:a1 x:b2 o:b1 x:a3 o:c1", false);
    struct game_state before = s;
    struct action actions[] = {
        {.kind = ACTION_MOVE, .side = SIDE_SECOND, .row = 2, .col = 2},
        {.kind = ACTION_RESIGN, .side = SIDE_FIRST},
        {.kind = ACTION_ABORT},
        {.kind = ACTION_FORFEIT, .side = SIDE_FIRST, .foul = FOUL_TIMEOUT},
    };
    for (size_t i = 0; i < sizeof(actions) / sizeof(actions[0]); i++) {
        cr_expect_not(game_step(&s, actions[i]));
        cr_expect_eq(memcmp(&s, &before, sizeof(s)), 0);
    }
}

Test(tictactoe, forfeit_loses_for_the_offender_whoever_is_to_move, .timeout = 5)
{
    struct game_state s = fold("o:a1", false);
    cr_assert(game_step(
        &s, (struct action){.kind = ACTION_FORFEIT, .side = SIDE_FIRST, .foul = FOUL_CRASHED}));
    cr_expect_eq(s.winner, SIDE_SECOND);
    cr_expect_eq(s.foul, FOUL_CRASHED);
    cr_expect_str_eq(game_result_text(&s), "0-1");
    cr_expect_eq(s.history[s.nhistory - 1].kind, ACTION_FORFEIT);
}

Test(tictactoe, perft_counts_every_complete_game, .timeout = 20)
{
    struct game_state s;
    struct perft_counts c;

    game_init(&s, ttt(), false);
    perft_count(&s, 9, &c);
    cr_expect_eq(c.games, 255168);
    cr_expect_eq(c.wins[0], 131184);
    cr_expect_eq(c.wins[1], 77904);
    cr_expect_eq(c.draws, 46080);
    perft_count(&s, 1, &c);
    cr_expect_eq(c.nodes, 9);
    perft_count(&s, 4, &c);
    cr_expect_eq(c.nodes, 9 * 8 * 7 * 6);
}

Test(tictactoe, perft_with_early_draw_declares_some_draws_a_move_early, .timeout = 20)
{
    struct game_state s;
    struct perft_counts c8, c9;

    game_init(&s, ttt(), true);
    perft_count(&s, 8, &c8);
    perft_count(&s, 9, &c9);
    cr_expect_eq(c9.games, 255168);
    cr_expect_eq(c9.wins[0], 131184);
    cr_expect_eq(c9.draws, 46080);
    cr_expect_eq(c8.draws, 23040);
}

/* Visit every reachable position once (by board text) and count them. */
static int seen_count;
static char (*seen)[16];

static bool mark_seen(const char *board)
{
    for (int i = 0; i < seen_count; i++)
        if (strcmp(seen[i], board) == 0)
            return false;
    strcpy(seen[seen_count++], board);
    return true;
}

static void visit(const struct game_state *s)
{
    char b[GAME_BOARD_TEXT];
    const char *why = NULL;
    struct game_state back;

    if (!mark_seen(notation_format_board(s, b, sizeof(b))))
        return;
    cr_assert_eq(notation_parse_board(ttt(), b, false, &back, &why), 0, "%s: %s", b, why);
    cr_assert_eq(back.to_move, s->to_move, "%s", b);
    cr_assert_eq(back.end, s->end, "%s", b);
    cr_assert_eq(back.winner, s->winner, "%s", b);
    cr_assert_eq(memcmp(&back.board, &s->board, sizeof(s->board)), 0, "%s", b);

    struct action moves[GAME_MAX_SQUARES + 1];
    int n = game_legal(s, moves);
    for (int i = 0; i < n; i++) {
        char text[GAME_MOVE_TEXT];
        struct action a;
        notation_format_move(ttt(), moves[i], true, text, sizeof(text));
        cr_assert_eq(notation_parse_move(s, text, &a, &why), 0, "%s", text);
        cr_assert_eq(memcmp(&a, &moves[i], sizeof(a)), 0, "%s", text);
        struct game_state next = *s;
        cr_assert(game_step(&next, a));
        visit(&next);
    }
}

Test(tictactoe, notation_round_trips_over_all_5478_reachable_positions, .timeout = 30)
{
    struct game_state s;

    seen = calloc(6000, sizeof(*seen));
    seen_count = 0;
    game_init(&s, ttt(), false);
    visit(&s);
    cr_expect_eq(seen_count, 5478);
    free(seen);
}

static const char *const bad_moves[] = {"",       "b",           "22",   "B2",   "b00",   "b02",
                                        "b2 ",    " b2",         "z:b2", "o:",   "o:xyz", "pass",
                                        "o:pass", "resignation", "b2b",  "o;b2", "bb2"};

Test(tictactoe, strict_move_parser_refuses_anything_else, .timeout = 5)
{
    struct game_state s;
    struct action a;

    game_init(&s, ttt(), false);
    for (size_t i = 0; i < sizeof(bad_moves) / sizeof(bad_moves[0]); i++) {
        const char *why = NULL;
        cr_expect_eq(notation_parse_move(&s, bad_moves[i], &a, &why), -1, "'%s'", bad_moves[i]);
        cr_expect_not_null(why, "'%s' says why", bad_moves[i]);
    }
}

static const char *const bad_boards[] = {
    "",
    "[---,---,---",
    "---,---,---]",
    "[---,---]",
    "[----,---,---]",
    "[--,---,---]",
    "[-a-,---,---]",
    "[xx-,---,---]",
    "[ooo,xxx,---]",
    "[oo-,---,---]",
    "[---,---,---] z",
    "[---,---,---]x",
    "[ooo,xx-,x--]",
};

Test(tictactoe, board_parser_refuses_malformed_and_impossible_boards, .timeout = 5)
{
    struct game_state s;

    for (size_t i = 0; i < sizeof(bad_boards) / sizeof(bad_boards[0]); i++) {
        const char *why = NULL;
        cr_expect_eq(notation_parse_board(ttt(), bad_boards[i], false, &s, &why), -1, "'%s'",
                     bad_boards[i]);
        cr_expect_not_null(why);
    }
}

Test(tictactoe, board_with_side_to_move_must_agree_with_the_counts, .timeout = 5)
{
    struct game_state s;
    const char *why;

    cr_expect_eq(notation_parse_board(ttt(), "[o--,---,---] x", false, &s, &why), 0);
    cr_expect_eq(s.to_move, SIDE_SECOND);
    cr_expect_eq(notation_parse_board(ttt(), "[o--,---,---] o", false, &s, &why), -1);
}
