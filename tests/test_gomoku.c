/* test_gomoku.c: gomoku rules by case tables of boards, perft against a
 * plain-array count written here, and random playouts through the reducer. */
#include "game.h"
#include "helpers.h"
#include "notation.h"
#include "perft.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

/* A board, a move, what follows: the foul (the board then stays as it was), or
 * how the game stands after it. Gomoku never changes a stone once placed, so
 * the board after a move is the board before with the mover's mark added. */
struct rule_case {
    const char *board;
    const char *move;
    enum foul foul;
    enum end end;
    char winner;        /* mark of the winner, 0 for none */
    const char *reason; /* game_reason(), or NULL not to check */
    bool early_draw;
};

static const struct game_def *def(void)
{
    return test_game("gomoku");
}

static void parse(const char *text, bool early_draw, struct game_state *s)
{
    test_parse_board(def(), text, early_draw, s);
}

static void check_case(const struct rule_case *c)
{
    struct game_state s;
    char text[GAME_BOARD_TEXT], want[GAME_BOARD_TEXT];

    parse(c->board, c->early_draw, &s);
    struct action a = test_play(&s, c->move, c->move);
    /* Rows of 15 and a separator, after the '['. */
    snprintf(want, sizeof(want), "%s", c->board);
    if (c->foul == FOUL_NONE)
        want[1 + 16 * a.row + a.col] = def()->marks[a.side];
    cr_expect_str_eq(notation_format_board(&s, text, sizeof(text)), want, "%s", c->move);
    test_expect_outcome(&s, a, c->foul, c->end, c->winner, c->reason, c->move);
}

static const struct rule_case cases[] = {
    /* Five in a row, all four directions: along a row from its end or into a gap, */
    {.board = "[---------------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "-------xxxx----,"
              "-------oooo----,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------]",
     .move = "l8",
     .end = END_LINE,
     .winner = 'x',
     .reason = "five in a row"},
    {.board = "[o--------------,"
              "o--------------,"
              "o--------------,"
              "o--------------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "------xx-xx----,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------]",
     .move = "i8",
     .end = END_LINE,
     .winner = 'x'},
    /* along a column, */
    {.board = "[---------------,"
              "---------------,"
              "--xo-----------,"
              "--xo-----------,"
              "--xoo----------,"
              "--x------------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------]",
     .move = "c7",
     .end = END_LINE,
     .winner = 'x'},
    /* down to the right, */
    {.board = "[---------------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "----x----------,"
              "----ox---------,"
              "-----ox--------,"
              "------ox-------,"
              "-------o-------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------]",
     .move = "d4",
     .end = END_LINE,
     .winner = 'x'},
    /* down to the left, */
    {.board = "[---------------,"
              "----------x----,"
              "---------xo----,"
              "--------xo-----,"
              "-------xo------,"
              "-------o-------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------]",
     .move = "g6",
     .end = END_LINE,
     .winner = 'x'},
    /* and into the corner a15. */
    {.board = "[---------------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "----x----------,"
              "---x-----------,"
              "--x------------,"
              "-x-------------,"
              "-oooo----------]",
     .move = "a15",
     .end = END_LINE,
     .winner = 'x'},
    /* Six in a row win too (freestyle). */
    {.board = "[xxx-xx---------,"
              "---------------,"
              "o-o-o-o-o------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------]",
     .move = "d1",
     .end = END_LINE,
     .winner = 'x'},
    /* o wins in the corner o15. */
    {.board = "[x-x-x-x-x------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "--------------o,"
              "--------------o,"
              "--------------o,"
              "--------------o,"
              "---------------]",
     .move = "o15",
     .end = END_LINE,
     .winner = 'o'},
    /* Four is not enough, and l8-o8 do not run on into a9. */
    {.board = "[---------------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "-------xxx-----,"
              "-------oo------,"
              "---------o-----,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------]",
     .move = "k8"},
    {.board = "[o-o-o-o--------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "-----------xxxx,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------]",
     .move = "a9"},
    /* Fouls. */
    {.board = "[---------------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "-------xxx-----,"
              "-------oo------,"
              "---------o-----,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------]",
     .move = "h8",
     .foul = FOUL_OCCUPIED,
     .reason = "illegal move h8 (occupied)"},
    {.board = "[---------------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "-------xxx-----,"
              "-------oo------,"
              "---------o-----,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------]",
     .move = "p1",
     .foul = FOUL_NO_SUCH_SQUARE},
    {.board = "[---------------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "-------xxx-----,"
              "-------oo------,"
              "---------o-----,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------,"
              "---------------]",
     .move = "a16",
     .foul = FOUL_NO_SUCH_SQUARE},
    /* Early draw: with o back on c8, every window of five holds both marks. */
    {.board = "[x--o-x--o-x--o-,"
              "o-x--o-x--o-x--,"
              "--o-x--o-x--o-x,"
              "-x--o-x--o-x--o,"
              "-o-x--o-x--o-x-,"
              "x--o-x--o-x--o-,"
              "o-x--o-x--o-x--,"
              "----x--o-x--o-x,"
              "-x--o-x--o-x--o,"
              "-o-x--o-x--o-x-,"
              "x--o-x--o-x--o-,"
              "o-x--o-x--o-x--,"
              "--o-x--o-x--o-x,"
              "-x--o-x--o-x--o,"
              "-o-x--o-x--o-x-]",
     .move = "c8",
     .end = END_DEAD,
     .reason = "no line can be completed",
     .early_draw = true},
    {.board = "[x--o-x--o-x--o-,"
              "o-x--o-x--o-x--,"
              "--o-x--o-x--o-x,"
              "-x--o-x--o-x--o,"
              "-o-x--o-x--o-x-,"
              "x--o-x--o-x--o-,"
              "o-x--o-x--o-x--,"
              "----x--o-x--o-x,"
              "-x--o-x--o-x--o,"
              "-o-x--o-x--o-x-,"
              "x--o-x--o-x--o-,"
              "o-x--o-x--o-x--,"
              "--o-x--o-x--o-x,"
              "-x--o-x--o-x--o,"
              "-o-x--o-x--o-x-]",
     .move = "c8"},
    /* The last square: a draw. */
    {.board = "[xoxxoxooxoxoxxo,"
              "xoxooxoxoxxoxoo,"
              "oxxoxooxoxoxxox,"
              "oxooxoxoxxoxoox,"
              "xxoxooxoxoxxoxo,"
              "xooxoxoxxoxooxo,"
              "xoxoxxoxooxoxox,"
              "ooxoxoxxoxooxox,"
              "oxoxxoxooxoxoxx,"
              "oxoxoxxoxooxoxo,"
              "xoxxoxooxoxoxxo,"
              "xoxooxoxoxxoxoo,"
              "oxxoxooxoxoxxox,"
              "oxooxoxoxxoxoox,"
              "xxoxooxoxo-xoxo]",
     .move = "k15",
     .end = END_FULL,
     .reason = "board full"},
};

Test(gomoku, case_table_of_moves, .timeout = 30)
{
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
        check_case(&cases[i]);
}

/* Boards from lists of squares ("h8 i8"), for the tests below that need many
 * boards; the case table above spells its boards out. */
static void put(char grid[15][15], const char *squares, char mark)
{
    for (const char *t = squares; *t;) {
        int col = t[0] - 'a', row, used;
        cr_assert_eq(sscanf(t + 1, "%d%n", &row, &used), 1, "%s", t);
        grid[row - 1][col] = mark;
        t += 1 + used;
        t += *t == ' ';
    }
}

static const char *grid_text(char grid[15][15], const char *side, char *buf, size_t len)
{
    size_t n = 0;

    buf[n++] = '[';
    for (int r = 0; r < 15; r++) {
        memcpy(buf + n, grid[r], 15);
        n += 15;
        buf[n++] = r == 14 ? ']' : ',';
    }
    snprintf(buf + n, len - n, "%s", side);
    return buf;
}

static const char *stones(const char *x, const char *o, const char *side, char *buf, size_t len)
{
    char grid[15][15];

    memset(grid, '-', sizeof(grid));
    put(grid, x, 'x');
    put(grid, o, 'o');
    return grid_text(grid, side, buf, len);
}

/* Stones on (row + 2 col) mod 5 = 0 (x) and 1 (o): every window of five holds
 * one of each, so the board is dead; `holes` are left empty. */
static const char *nearly_dead(const char *holes, char *buf, size_t len)
{
    char grid[15][15];

    for (int r = 0; r < 15; r++)
        for (int c = 0; c < 15; c++)
            grid[r][c] = (r + 2 * c) % 5 == 0 ? 'x' : (r + 2 * c) % 5 == 1 ? 'o' : '-';
    put(grid, holes, '-');
    return grid_text(grid, "", buf, len);
}

Test(gomoku, boards_that_cannot_arise_do_not_parse, .timeout = 30)
{
    static const char *const bad[][3] = {
        {"", "", " o"},                                                      /* x moves first */
        {"a1 b1 c1", "", ""},                                                /* counts */
        {"a1 b1 c1 d1 e1", "a3 c3 e3 g3 i3", ""},                            /* x won, x to move */
        {"a3 c3 e3 g3 i3 k3", "a1 b1 c1 d1 e1", ""},                         /* o won, o to move */
        {"a1 b1 c1 d1 e1 k5", "a2 b2 c2 d2 e2", ""},                         /* both won */
        {"a1 b1 c1 d1 e1 a3 b3 c3 d3 e3", "a5 c5 e5 g5 i5 k5 m5 a7 c7", ""}, /* two lines */
        {"a1 b1 c1 d1 e1 f1 g1 h1 i1 j1", "a5 c5 e5 g5 i5 k5 m5 a7 c7", ""}, /* ten: no last move */
    };
    struct game_state s;
    char text[GAME_BOARD_TEXT];
    const char *why;

    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        stones(bad[i][0], bad[i][1], bad[i][2], text, sizeof(text));
        cr_expect_lt(notation_parse_board(def(), text, false, &s, &why), 0, "x %s, o %s", bad[i][0],
                     bad[i][1]);
    }
}

Test(gomoku, won_boards_settle_to_their_winner, .timeout = 30)
{
    struct game_state s;
    char text[GAME_BOARD_TEXT];

    /* Six, and nine: the last stone joined two shorter runs. */
    parse(stones("a1 b1 c1 d1 e1 f1", "a3 c3 e3 g3 i3", "", text, sizeof(text)), false, &s);
    cr_expect_eq(s.end, END_LINE);
    cr_expect_eq(s.winner, SIDE_FIRST);
    cr_expect_eq(s.to_move, SIDE_SECOND);
    cr_expect_eq(s.plies, 11);
    parse(stones("a1 b1 c1 d1 e1 f1 g1 h1 i1", "a5 c5 e5 g5 i5 k5 m5 a7", "", text, sizeof(text)),
          false, &s);
    cr_expect_eq(s.end, END_LINE);
    parse(stones("a3 c3 e3 g3 i3", "o11 o12 o13 o14 o15", "", text, sizeof(text)), false, &s);
    cr_expect_eq(s.end, END_LINE);
    cr_expect_eq(s.winner, SIDE_SECOND);
    game_init(&s, def(), true);
    cr_expect(!def()->is_dead(&s));
}

/* An independent count: a plain array and lines counted square by square.
 * Counts as perft_count does: nodes are move sequences exactly `depth` long,
 * games the sequences that ended on the way. */
struct plain {
    char sq[15][15]; /* 'x', 'o' or '-' */
    int turn;        /* 0: x, 1: o */
    int stones;
};

static const int line_dirs[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};

static bool on_board(int r, int c)
{
    return r >= 0 && r < 15 && c >= 0 && c < 15;
}

/* Five or more through the stone on (r, c). */
static bool plain_five_through(const struct plain *p, int r, int c)
{
    for (int d = 0; d < 4; d++) {
        int n = 1;
        for (int sign = -1; sign <= 1; sign += 2)
            for (int k = 1;
                 on_board(r + sign * k * line_dirs[d][0], c + sign * k * line_dirs[d][1]) &&
                 p->sq[r + sign * k * line_dirs[d][0]][c + sign * k * line_dirs[d][1]] ==
                     p->sq[r][c];
                 k++)
                n++;
        if (n >= 5)
            return true;
    }
    return false;
}

/* Every window of five that fits on the board holds both marks. */
static bool plain_is_dead(const struct plain *p)
{
    for (int r = 0; r < 15; r++)
        for (int c = 0; c < 15; c++)
            for (int d = 0; d < 4; d++) {
                int x = 0, o = 0, k;
                for (k = 0; k < 5; k++) {
                    int rr = r + k * line_dirs[d][0], cc = c + k * line_dirs[d][1];
                    if (!on_board(rr, cc))
                        break;
                    x += p->sq[rr][cc] == 'x';
                    o += p->sq[rr][cc] == 'o';
                }
                if (k == 5 && (x == 0 || o == 0))
                    return false;
            }
    return true;
}

/* If the game is over in p, count it in *out and return true. */
static bool plain_is_over(const struct plain *p, bool early_draw, int last_r, int last_c,
                          struct perft_counts *out)
{
    bool won = false;

    if (last_r >= 0) {
        won = plain_five_through(p, last_r, last_c);
    } else { /* the root: any stone */
        for (int r = 0; r < 15 && !won; r++)
            for (int c = 0; c < 15 && !won; c++)
                won = p->sq[r][c] != '-' && plain_five_through(p, r, c);
    }
    if (won)
        out->wins[p->turn ^ 1]++;
    else if (p->stones == 225 || (early_draw && plain_is_dead(p)))
        out->draws++;
    else
        return false;
    out->games++;
    return true;
}

static void plain_walk(struct plain *p, int depth, bool early_draw, struct perft_counts *out)
{
    for (int r = 0; r < 15; r++)
        for (int c = 0; c < 15; c++) {
            if (p->sq[r][c] != '-')
                continue;
            p->sq[r][c] = p->turn ? 'o' : 'x';
            p->turn ^= 1;
            p->stones++;
            if (depth == 1)
                out->nodes++;
            if (!plain_is_over(p, early_draw, r, c, out) && depth > 1)
                plain_walk(p, depth - 1, early_draw, out);
            p->stones--;
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
        p->sq[i / 15][i % 15] = *t;
        nx += *t == 'x';
        no += *t == 'o';
        i++;
    }
    cr_assert_eq(i, 225);
    p->turn = nx > no;
    p->stones = nx + no;
}

/* Compare perft_count with the plain count, and with known node counts if given. */
static void check_perft(const char *board, int max_depth, bool early_draw, const uint64_t *known)
{
    struct game_state s;
    struct plain p;
    char text[GAME_BOARD_TEXT];

    if (board)
        parse(board, early_draw, &s);
    else
        game_init(&s, def(), early_draw);
    plain_read(notation_format_board(&s, text, sizeof(text)), &p);
    for (int d = 1; d <= max_depth; d++) {
        struct perft_counts got, want = {0};
        perft_count(&s, d, &got);
        if (!plain_is_over(&p, early_draw, -1, -1, &want))
            plain_walk(&p, d, early_draw, &want);
        cr_expect_eq(got.nodes, want.nodes, "%s depth %d: nodes %llu, want %llu", text, d,
                     (unsigned long long)got.nodes, (unsigned long long)want.nodes);
        if (known)
            cr_expect_eq(got.nodes, known[d - 1], "depth %d", d);
        cr_expect_eq(got.games, want.games, "%s depth %d: games", text, d);
        cr_expect_eq(got.wins[0], want.wins[0], "%s depth %d: x wins", text, d);
        cr_expect_eq(got.wins[1], want.wins[1], "%s depth %d: o wins", text, d);
        cr_expect_eq(got.draws, want.draws, "%s depth %d: draws", text, d);
    }
}

Test(gomoku, perft_from_the_start_matches_a_plain_count, .timeout = 30)
{
    static const uint64_t known[] = {225, 225 * 224};
    struct game_state s;
    struct perft_counts c;

    check_perft(NULL, 2, false, known);
    /* No line can be made in three plies: every ordered triple of squares. */
    game_init(&s, def(), false);
    perft_count(&s, 3, &c);
    cr_expect_eq(c.nodes, 225 * 224 * 223);
    cr_expect_eq(c.games, 0);
}

/* xorshift64: the same playouts on every run. */
static uint64_t next_random(uint64_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return *x;
}

Test(gomoku, perft_of_threats_and_middle_games_matches_a_plain_count, .timeout = 30)
{
    static const char *const threats[][2] = {
        {"h8 i8 j8 k8", "h9 i9 j9 k9"}, /* both can win, x first */
        {"l8 m8 n8 o8", "b9 c9 d9 e9"}, /* at the edge: k8 wins, a9 does not */
        {"a5 b4 c3 d2", "o11 n12 m13 l14"},
        {"a1 b2 c3 d4 f6 o1 n2 m3", "a15 b14 c13 e11 o15 n14 m13"},
    };
    struct game_state s;
    char text[GAME_BOARD_TEXT];
    struct action moves[GAME_MAX_SQUARES + 1];
    uint64_t seed = 0x853c49e6748fea9bull;

    for (size_t i = 0; i < sizeof(threats) / sizeof(threats[0]); i++)
        check_perft(stones(threats[i][0], threats[i][1], "", text, sizeof(text)), 2, false, NULL);
    /* Random middle games, with and without early draws. */
    for (int game = 0; game < 6; game++) {
        game_init(&s, def(), false);
        for (int ply = 0; ply < 40 + 20 * game && !game_is_over(&s); ply++)
            game_step(&s, moves[next_random(&seed) % (uint64_t)game_legal(&s, moves)]);
        if (game_is_over(&s))
            continue;
        notation_format_board(&s, text, sizeof(text));
        check_perft(text, 2, game % 2, NULL);
    }
}

Test(gomoku, perft_near_an_early_draw_matches_a_plain_count, .timeout = 30)
{
    static const char *const holes[] = {"c8", "c8 a1", "c8 d1 a1 f1"}; /* o, o x, o o x x */
    char text[GAME_BOARD_TEXT];

    for (size_t i = 0; i < sizeof(holes) / sizeof(holes[0]); i++)
        check_perft(nearly_dead(holes[i], text, sizeof(text)), 2, true, NULL);
}

Test(gomoku, random_playouts_agree_with_legal_and_notation, .timeout = 30)
{
    uint64_t seed = 0xda942042e4dd58b5ull;
    struct action moves[GAME_MAX_SQUARES + 1];
    char text[GAME_BOARD_TEXT];
    int ends[8] = {0};

    for (int game = 0; game < 400; game++) {
        struct game_state s, back;
        bool early_draw = game % 2;
        /* A quarter start nearly dead, to reach early draws. */
        if (game % 4 == 3)
            parse(nearly_dead("c8 d1 m3 a1 f1 h2", text, sizeof(text)), true, &s);
        else
            game_init(&s, def(), early_draw);
        while (!game_is_over(&s)) {
            int n = game_legal(&s, moves), empty = 0;
            notation_format_board(&s, text, sizeof(text));
            for (const char *t = text; *t; t++)
                empty += *t == '-';
            cr_assert_eq(n, empty);
            for (int i = 0; i < n; i++) {
                struct game_state t = s;
                cr_assert(game_step(&t, moves[i]));
                cr_assert_neq(t.end, END_FOUL);
                cr_assert_eq(text[1 + 16 * moves[i].row + moves[i].col], '-');
            }
            /* Some squares at random: the taken ones are refused. */
            for (int i = 0; i < 8; i++) {
                int sq = (int)(next_random(&seed) % 225);
                struct action a = {
                    .kind = ACTION_MOVE, .side = s.to_move, .row = sq / 15, .col = sq % 15};
                struct game_state t = s;
                cr_assert(game_step(&t, a));
                if (text[1 + 16 * a.row + a.col] != '-')
                    cr_assert(t.end == END_FOUL && t.foul == FOUL_OCCUPIED &&
                              t.winner == side_other(s.to_move));
                else
                    cr_assert_neq(t.end, END_FOUL);
            }
            for (int i = 0; i < 2; i++) {
                struct game_state t = s;
                struct action off = {
                    .kind = ACTION_MOVE, .side = s.to_move, .row = i ? 15 : 0, .col = i ? 0 : 15};
                cr_assert(game_step(&t, off));
                cr_assert(t.end == END_FOUL && t.foul == FOUL_NO_SUCH_SQUARE);
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
        ends[s.end]++;
    }
    /* The playouts ended by lines, and by early draws where the rule was on. */
    cr_expect_gt(ends[END_LINE], 0);
    cr_expect_gt(ends[END_DEAD], 0);
}
