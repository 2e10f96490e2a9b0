/* test_connect4.c: connect four rules by case tables of boards, perft against a
 * plain-array count written here, and random playouts through the reducer. */
#include "game.h"
#include "helpers.h"
#include "notation.h"
#include "perft.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#define EMPTY "[-------,-------,-------,-------,-------,-------]"

/* A board, a move, what follows: the foul (the board then stays as it was), or
 * the board after it and how the game stands. */
struct rule_case {
    const char *board;
    const char *move;
    enum foul foul;
    const char *after; /* NULL: unchanged */
    enum end end;
    char winner;        /* mark of the winner, 0 for none */
    const char *reason; /* game_reason(), or NULL not to check */
    bool early_draw;
};

static const struct game_def *def(void)
{
    return test_game("connect4");
}

static void parse(const char *text, bool early_draw, struct game_state *s)
{
    test_parse_board(def(), text, early_draw, s);
}

static void check_case(const struct rule_case *c)
{
    struct game_state s;
    char text[GAME_BOARD_TEXT], label[160];

    snprintf(label, sizeof(label), "%s %s", c->board, c->move);
    parse(c->board, c->early_draw, &s);
    struct action a = test_play(&s, c->move, label);
    cr_expect_str_eq(notation_format_board(&s, text, sizeof(text)), c->after ? c->after : c->board,
                     "%s", label);
    test_expect_outcome(&s, a, c->foul, c->end, c->winner, c->reason, label);
}

static const struct rule_case cases[] = {
    /* Gravity. */
    {EMPTY, "4", .after = "[-------,-------,-------,-------,-------,---x---]"},
    {"[-------,-------,-------,-------,---o---,---x---]", "4",
     .after = "[-------,-------,-------,---x---,---o---,---x---]"},
    {"[-------,-------,-------,-------,-------,x------]", "7",
     .after = "[-------,-------,-------,-------,-------,x-----o]"},
    /* Fouls. */
    {"[o------,x------,o------,x------,o------,x------]", "1", .foul = FOUL_ILLEGAL,
     .reason = "illegal move 1 (column full)"},
    {EMPTY, "8", .foul = FOUL_NO_SUCH_SQUARE, .reason = "illegal move 8 (no such square)"},
    {EMPTY, "12", .foul = FOUL_NO_SUCH_SQUARE},
    {EMPTY, "o:4", .foul = FOUL_OUT_OF_TURN},
    /* Lines: vertical, horizontal (at the end and into a gap), both diagonals. */
    {"[-------,-------,-------,xo-----,xo-----,xo-----]", "1",
     .after = "[-------,-------,x------,xo-----,xo-----,xo-----]", .end = END_LINE, .winner = 'x',
     .reason = "four in a row"},
    {"[-------,-------,-------,-------,ooo----,xxx----]", "4",
     .after = "[-------,-------,-------,-------,ooo----,xxxx---]", .end = END_LINE, .winner = 'x'},
    {"[-------,-------,-------,-------,oo-o---,xx-x---]", "3",
     .after = "[-------,-------,-------,-------,oo-o---,xxxx---]", .end = END_LINE, .winner = 'x'},
    {"[-------,-------,-------,-------,xxx-o--,oooxx--] o", "7",
     .after = "[-------,-------,-------,-------,xxx-o--,oooxx-o]"},
    {"[-------,-------,-------,--xx---,-xoo---,xoxoo--]", "4",
     .after = "[-------,-------,---x---,--xx---,-xoo---,xoxoo--]", .end = END_LINE, .winner = 'x'},
    {"[-------,-------,-------,---oo--,---xxo-,x-xxoxo]", "4",
     .after = "[-------,-------,---o---,---oo--,---xxo-,x-xxoxo]", .end = END_LINE, .winner = 'o'},
    /* Five in a row wins too. */
    {"[-------,-------,-------,-------,oo--o--,xxx-xo-]", "x:4",
     .after = "[-------,-------,-------,-------,oo--o--,xxxxxo-]", .end = END_LINE, .winner = 'x'},
    /* The last square: a draw. */
    {"[xoxx-ox,xoooxxx,ooxxoox,oxoxooo,xoxxoxx,oxooxox]", "5",
     .after = "[xoxxoox,xoooxxx,ooxxoox,oxoxooo,xoxxoxx,oxooxox]", .end = END_FULL,
     .reason = "board full"},
    /* Early draw: after o's move every window holds both marks; without the
     * rule the game goes on. */
    {"[x--ox--,oooxo--,xxooxx-,xoxoxox,oxxoxox,ooxxoxo]", "7",
     .after = "[x--ox--,oooxo--,xxooxxo,xoxoxox,oxxoxox,ooxxoxo]", .end = END_DEAD,
     .reason = "no line can be completed", .early_draw = true},
    {"[x--ox--,oooxo--,xxooxx-,xoxoxox,oxxoxox,ooxxoxo]", "7",
     .after = "[x--ox--,oooxo--,xxooxxo,xoxoxox,oxxoxox,ooxxoxo]"},
    {"[x--ox--,oooxo--,xxooxx-,xoxoxox,oxxoxox,ooxxoxo]", "3",
     .after = "[x-oox--,oooxo--,xxooxx-,xoxoxox,oxxoxox,ooxxoxo]", .early_draw = true},
};

Test(connect4, case_table_of_moves, .timeout = 30)
{
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
        check_case(&cases[i]);
}

Test(connect4, boards_that_cannot_arise_do_not_parse, .timeout = 30)
{
    static const char *const bad[] = {
        "[-------,-------,-------,-------,-------,-------] o",       /* x moves first */
        "[-------,-------,-------,-------,-------,oo-----]",         /* counts */
        "[-------,-------,-------,-------,x------,-------]",         /* floating disc */
        "[-------,-------,-------,-------,x------,-o-----]",         /* floating disc */
        "[-------,-------,-------,---o---,-------,---x---]",         /* a hole under a disc */
        "[-------,-------,x------,x------,x------,xooo-o-]",         /* x won, x to move */
        "[-------,-------,o------,ox-----,ox-----,oxx-x--]",         /* o won, o to move */
        "[-------,-------,x-x----,xoxo---,xoxo---,xoxoo--]",         /* two lines at once */
        "[-------,-------,-------,-------,-------,-------,-------]", /* seven rows */
        "[--------,-------,-------,-------,-------,-------]",        /* eight columns */
    };
    struct game_state s;
    const char *why;

    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
        cr_expect_lt(notation_parse_board(def(), bad[i], false, &s, &why), 0, "%s", bad[i]);
}

Test(connect4, won_boards_settle_to_their_winner, .timeout = 30)
{
    struct game_state s;

    parse("[-------,-------,x------,xo-----,xo-----,xo-----]", false, &s);
    cr_expect_eq(s.end, END_LINE);
    cr_expect_eq(s.winner, SIDE_FIRST);
    cr_expect_eq(s.plies, 7);
    parse("[-------,-------,o------,ox-----,ox-----,ox--x--]", false, &s);
    cr_expect_eq(s.end, END_LINE);
    cr_expect_eq(s.winner, SIDE_SECOND);
    parse("[x--ox--,oooxo--,xxooxxo,xoxoxox,oxxoxox,ooxxoxo]", true, &s);
    cr_expect_eq(s.end, END_DEAD);
    parse("[x--ox--,oooxo--,xxooxxo,xoxoxox,oxxoxox,ooxxoxo]", false, &s);
    cr_expect_eq(s.end, END_NONE);
    cr_expect_eq(s.to_move, SIDE_FIRST);
}

/* An independent count: a plain array, bottom row 0, and every window of four
 * checked by hand. Counts as perft_count does: nodes are move sequences exactly
 * `depth` long, games the sequences that ended on the way. */
struct plain {
    char sq[6][7]; /* 'x', 'o' or '-' */
    int turn;      /* 0: x, 1: o */
};

static const int window_dirs[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};

/* Count the x and o in the window of four from (r, c) along d; false if it
 * leaves the board. */
static bool plain_window(const struct plain *p, int r, int c, int d, int *x, int *o)
{
    *x = *o = 0;
    for (int k = 0; k < 4; k++) {
        int rr = r + k * window_dirs[d][0], cc = c + k * window_dirs[d][1];
        if (rr < 0 || rr >= 6 || cc < 0 || cc >= 7)
            return false;
        *x += p->sq[rr][cc] == 'x';
        *o += p->sq[rr][cc] == 'o';
    }
    return true;
}

static bool plain_has_four(const struct plain *p, char mark)
{
    int x, o;
    for (int r = 0; r < 6; r++)
        for (int c = 0; c < 7; c++)
            for (int d = 0; d < 4; d++)
                if (plain_window(p, r, c, d, &x, &o) && (mark == 'x' ? x : o) == 4)
                    return true;
    return false;
}

static bool plain_is_dead(const struct plain *p)
{
    int x, o;
    for (int r = 0; r < 6; r++)
        for (int c = 0; c < 7; c++)
            for (int d = 0; d < 4; d++)
                if (plain_window(p, r, c, d, &x, &o) && (x == 0 || o == 0))
                    return false;
    return true;
}

/* If the game is over in p, count it in *out and return true. */
static bool plain_is_over(const struct plain *p, bool early_draw, struct perft_counts *out)
{
    bool x = plain_has_four(p, 'x'), o = plain_has_four(p, 'o'), full = true;

    for (int c = 0; c < 7; c++)
        full = full && p->sq[5][c] != '-';
    if (x || o)
        out->wins[o]++;
    else if (full || (early_draw && plain_is_dead(p)))
        out->draws++;
    else
        return false;
    out->games++;
    return true;
}

static void plain_walk(struct plain *p, int depth, bool early_draw, struct perft_counts *out)
{
    for (int c = 0; c < 7; c++) {
        int r = 0;
        while (r < 6 && p->sq[r][c] != '-')
            r++;
        if (r == 6)
            continue;
        p->sq[r][c] = p->turn ? 'o' : 'x';
        p->turn ^= 1;
        if (depth == 1)
            out->nodes++;
        if (!plain_is_over(p, early_draw, out) && depth > 1)
            plain_walk(p, depth - 1, early_draw, out);
        p->turn ^= 1;
        p->sq[r][c] = '-';
    }
}

/* Read a board text ourselves: rows top to bottom. */
static void plain_read(const char *text, struct plain *p)
{
    int nx = 0, no = 0, i = 0;
    for (const char *t = text; *t && *t != ' '; t++) {
        if (*t != 'x' && *t != 'o' && *t != '-')
            continue;
        p->sq[5 - i / 7][i % 7] = *t;
        nx += *t == 'x';
        no += *t == 'o';
        i++;
    }
    cr_assert_eq(i, 42);
    p->turn = nx > no;
}

/* Compare perft_count with the plain count, and with known node counts if given. */
static void check_perft(const char *board, int max_depth, bool early_draw, const uint64_t *known)
{
    struct game_state s;
    struct plain p;

    if (board)
        parse(board, early_draw, &s);
    else
        game_init(&s, def(), early_draw);
    plain_read(board ? board : EMPTY, &p);
    for (int d = 1; d <= max_depth; d++) {
        struct perft_counts got, want = {0};
        perft_count(&s, d, &got);
        if (!plain_is_over(&p, early_draw, &want))
            plain_walk(&p, d, early_draw, &want);
        cr_expect_eq(got.nodes, want.nodes, "%s depth %d: nodes %llu, want %llu", board, d,
                     (unsigned long long)got.nodes, (unsigned long long)want.nodes);
        cr_expect_eq(got.games, want.games, "%s depth %d: games", board, d);
        cr_expect_eq(got.wins[0], want.wins[0], "%s depth %d: x wins", board, d);
        cr_expect_eq(got.wins[1], want.wins[1], "%s depth %d: o wins", board, d);
        cr_expect_eq(got.draws, want.draws, "%s depth %d: draws", board, d);
        if (known)
            cr_expect_eq(got.nodes, known[d - 1], "depth %d", d);
    }
}

Test(connect4, perft_from_the_start_matches_a_plain_count, .timeout = 30)
{
    static const uint64_t known[] = {7, 49, 343, 2401, 16807, 117649};
    struct game_state s;
    struct perft_counts c;

    check_perft(NULL, 6, false, known);
    /* Ply 7 is the first where x can have four: 13,032 of the sequences end. */
    game_init(&s, def(), false);
    perft_count(&s, 7, &c);
    cr_expect_eq(c.nodes, 823536);
    cr_expect_eq(c.games, 13032);
    cr_expect_eq(c.wins[0], 13032);
}

Test(connect4, perft_of_middle_games_matches_a_plain_count, .timeout = 30)
{
    static const char *const boards[] = {
        "[-------,-------,-------,--xx---,-xoo---,xoxoo--]",
        "[-------,-------,-------,---o---,--xxo--,-oxox--]",
        "[-------,---o---,---x---,--xo---,-oxx-o-,-xoxox-]",
        "[x--ox--,oooxo--,xxooxx-,xoxoxox,oxxoxox,ooxxoxo]",
        "[-x-o-x-,-o-xox-,oxxoox-,xooxxoo,oxooxxo,xxoxoox]",
        "[xoxx-ox,xoooxxx,ooxxoox,oxoxooo,xoxxoxx,oxooxox]",
    };

    for (size_t i = 0; i < sizeof(boards) / sizeof(boards[0]); i++) {
        check_perft(boards[i], 5, false, NULL);
        check_perft(boards[i], 5, true, NULL);
    }
}

/* xorshift64: the same playouts on every run. */
static uint64_t next_random(uint64_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return *x;
}

static bool is_listed(const struct action *moves, int n, struct action a)
{
    for (int i = 0; i < n; i++)
        if (moves[i].kind == a.kind && moves[i].col == a.col)
            return true;
    return false;
}

Test(connect4, random_playouts_agree_with_legal_and_notation, .timeout = 30)
{
    uint64_t seed = 0x9e3779b97f4a7c15ull;
    struct action moves[GAME_MAX_SQUARES + 1];
    char text[GAME_BOARD_TEXT];

    for (int game = 0; game < 3000; game++) {
        struct game_state s, back;
        bool early_draw = game % 2;
        game_init(&s, def(), early_draw);
        while (!game_is_over(&s)) {
            int n = game_legal(&s, moves);
            cr_assert_gt(n, 0);
            /* Columns 1 to 9: the listed ones are played, the others are fouls. */
            for (int c = 0; c < 9; c++) {
                struct action a = {.kind = ACTION_MOVE, .side = s.to_move, .row = -1, .col = c};
                struct game_state t = s;
                cr_assert(game_step(&t, a));
                if (is_listed(moves, n, a))
                    cr_assert_neq(t.end, END_FOUL, "column %d refused", c + 1);
                else
                    cr_assert(t.end == END_FOUL && t.winner == side_other(s.to_move),
                              "column %d accepted", c + 1);
            }
            cr_assert(game_step(&s, moves[next_random(&seed) % (uint64_t)n]));
            cr_assert_neq(s.end, END_FOUL);

            notation_format_board(&s, text, sizeof(text));
            parse(text, early_draw, &back);
            cr_assert_eq(memcmp(&back.board, &s.board, sizeof(s.board)), 0, "%s", text);
            cr_assert_eq(back.to_move, s.to_move, "%s", text);
            cr_assert_eq(back.end, s.end, "%s", text);
            cr_assert_eq(back.winner, s.winner, "%s", text);
            cr_assert_eq(back.plies, s.plies, "%s", text);
        }
    }
}
