/* test_gomoku_forms.c: the Gomocup forms of gomoku beside referee's default:
 * gomoku-standard (15 x 15, exactly five), gomoku-freestyle (20 x 20, five
 * or more) and gomoku-renju (exactly five for black, which has forbidden
 * points; their known answers are in test_renju.c): lines at every edge,
 * overlines, no wrap between rows, squares off the board, perft, and random
 * playouts judged move by move against a plain array written here. */
#include "game.h"
#include "helpers.h"
#include "notation.h"
#include "perft.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

/* Play moves (space-separated, with marks) into s from the start; returns
 * the state after them. */
static void play_all(const char *game, const char *moves, struct game_state *s)
{
    char buf[4096], *save = NULL;
    game_init(s, test_game(game), false);
    snprintf(buf, sizeof(buf), "%s", moves);
    for (char *m = strtok_r(buf, " ", &save); m; m = strtok_r(NULL, " ", &save))
        test_play(s, m, game);
}

/* x's stones at the given squares, o's far away (a column of its own). */
static void line_game(const char *game, const char *const *xs, int n, const char *o_col,
                      struct game_state *s)
{
    char moves[4096];
    size_t k = 0;
    for (int i = 0; i < n; i++)
        k += (size_t)snprintf(moves + k, sizeof(moves) - k, "%sx:%s o:%s%d", i ? " " : "", xs[i],
                              o_col, (i % 2 ? 12 : 3) + i / 2);
    moves[k - strlen(strrchr(moves, ' '))] = '\0'; /* not o's last */
    play_all(game, moves, s);
}

Test(gomoku_forms, freestyle_lines_at_every_edge_of_20x20, .timeout = 30)
{
    static const char *const lines[][5] = {
        {"t16", "t17", "t18", "t19", "t20"}, /* the last column, down to the corner */
        {"p20", "q20", "r20", "s20", "t20"}, /* the last row */
        {"p16", "q17", "r18", "s19", "t20"}, /* a diagonal into the far corner */
        {"t1", "s2", "r3", "q4", "p5"},      /* the other diagonal, from the top right */
    };
    for (size_t i = 0; i < sizeof(lines) / sizeof(lines[0]); i++) {
        struct game_state s;
        line_game("gomoku-freestyle", lines[i], 5, "h", &s);
        cr_expect_eq(s.end, END_LINE, "line %zu", i);
        cr_expect_eq(s.winner, SIDE_FIRST, "line %zu", i);
    }
}

Test(gomoku_forms, freestyle_lines_do_not_wrap_from_one_row_to_the_next, .timeout = 30)
{
    static const char *const wrap[] = {"q1", "r1", "s1", "t1", "a2"};
    struct game_state s;
    line_game("gomoku-freestyle", wrap, 5, "j", &s);
    cr_expect_eq(s.end, END_NONE, "t1 and a2 are not neighbours");
}

Test(gomoku_forms, squares_off_each_board_are_no_such_square, .timeout = 30)
{
    static const char *const cases[][2] = {{"gomoku-freestyle", "u1"}, {"gomoku-freestyle", "a21"},
                                           {"gomoku-standard", "p1"},  {"gomoku-standard", "a16"},
                                           {"gomoku-renju", "p15"},    {"gomoku-renju", "o16"}};
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        struct game_state s;
        struct action a;
        const char *why;
        game_init(&s, test_game(cases[i][0]), false);
        cr_assert_eq(notation_parse_move(&s, cases[i][1], &a, &why), 0, "%s", cases[i][1]);
        game_step(&s, a);
        cr_expect(s.end == END_FOUL && s.foul == FOUL_NO_SUCH_SQUARE, "%s %s", cases[i][0],
                  cases[i][1]);
    }
}

Test(gomoku_forms, standard_wins_with_exactly_five_only, .timeout = 30)
{
    struct game_state s;
    /* Six: a1-d1 and f1, then e1 fills the gap. */
    const char *six = "x:a1 o:a3 x:b1 o:b3 x:c1 o:c3 x:d1 o:d5 x:f1 o:f3 x:e1";
    play_all("gomoku-standard", six, &s);
    cr_expect_eq(s.end, END_NONE, "an overline does not win");
    play_all("gomoku", six, &s);
    cr_expect_eq(s.end, END_LINE, "in freestyle it does");
    /* Exactly five, beside an o stone: wins. */
    play_all("gomoku-standard", "x:a1 o:f1 x:b1 o:b3 x:c1 o:c3 x:d1 o:d3 x:e1", &s);
    cr_expect_eq(s.end, END_LINE);
    /* Seven on a diagonal through the last stone: no. */
    play_all("gomoku-standard", "x:a1 o:a5 x:b2 o:b5 x:c3 o:c5 x:e5 o:h1 x:f6 o:h2 x:g7 o:h3 x:d4",
             &s);
    cr_expect_eq(s.end, END_NONE, "seven in a row");
}

Test(gomoku_forms, perft_counts_squares_of_each_board, .timeout = 30)
{
    static const struct {
        const char *game;
        uint64_t nodes[2];
    } cases[] = {{"gomoku-standard", {225, 225 * 224}},
                 {"gomoku-freestyle", {400, 400 * 399}},
                 {"gomoku-renju", {225, 225 * 224}}};
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        struct game_state s;
        game_init(&s, test_game(cases[i].game), false);
        for (int depth = 1; depth <= 2; depth++) {
            struct perft_counts c = {0};
            perft_count(&s, depth, &c);
            cr_expect_eq(c.nodes, cases[i].nodes[depth - 1], "%s depth %d: %llu", cases[i].game,
                         depth, (unsigned long long)c.nodes);
        }
    }
}

/* The longest run of mark through (r, c) on a plain n x n array. */
static int plain_run(char cells[20][20], int n, int r, int c)
{
    static const int dirs[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
    int best = 0;
    for (int d = 0; d < 4; d++) {
        int len = 1;
        for (int sign = -1; sign <= 1; sign += 2)
            for (int k = 1;; k++) {
                int rr = r + sign * k * dirs[d][0], cc = c + sign * k * dirs[d][1];
                if (rr < 0 || rr >= n || cc < 0 || cc >= n || cells[rr][cc] != cells[r][c])
                    break;
                len++;
            }
        if (len > best)
            best = len;
    }
    return best;
}

/* Whether some run through (r, c) is exactly five. */
static bool plain_exact_five(char cells[20][20], int n, int r, int c)
{
    static const int dirs[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
    for (int d = 0; d < 4; d++) {
        int len = 1;
        for (int sign = -1; sign <= 1; sign += 2)
            for (int k = 1;; k++) {
                int rr = r + sign * k * dirs[d][0], cc = c + sign * k * dirs[d][1];
                if (rr < 0 || rr >= n || cc < 0 || cc >= n || cells[rr][cc] != cells[r][c])
                    break;
                len++;
            }
        if (len == 5)
            return true;
    }
    return false;
}

/* Whether the move at (r, c), s's legal or not, is judged alike by the legal
 * list and by the reducer. Returns whether it is legal. */
static bool is_listed_and_played_alike(const struct game_state *s, int r, int c)
{
    struct action moves[GAME_MAX_SQUARES + 1];
    int n = game_legal(s, moves);
    bool listed = false;
    for (int i = 0; i < n; i++)
        listed = listed || (moves[i].row == r && moves[i].col == c);
    struct game_state t = *s;
    struct action a = {.kind = ACTION_MOVE, .side = s->to_move, .row = (int8_t)r, .col = (int8_t)c};
    game_step(&t, a);
    cr_assert_eq(t.end == END_FOUL && t.foul == FOUL_ILLEGAL, !listed, "%c%d listed %d", 'a' + c,
                 r + 1, listed);
    return listed;
}

/* Random games, dense in one corner so that lines and overlines happen: the
 * reducer's verdict after each move is the plain array's, and each position
 * read back from its board text settles to the same state. In renju black's
 * moves the legal list leaves out are refused by the reducer too, and those
 * it lists are played. */
Test(gomoku_forms, random_playouts_agree_with_a_plain_array, .timeout = 60)
{
    static const char *const games[] = {"gomoku-standard", "gomoku-freestyle", "gomoku-renju"};
    uint64_t x = 88172645463325252ull;
    for (int g = 0; g < 3; g++) {
        const struct game_def *d = test_game(games[g]);
        bool renju = strcmp(games[g], "gomoku-renju") == 0;
        int n = d->rows, wins = 0, overlines = 0, forbidden = 0;
        for (int game = 0; game < 300; game++) {
            char cells[20][20] = {{0}};
            struct game_state s;
            game_init(&s, d, false);
            while (!game_is_over(&s)) {
                x ^= x << 13, x ^= x >> 7, x ^= x << 17;
                int span = 6 + (int)(x % 3); /* a corner of 6 to 8 squares a side */
                int r = (int)((x >> 8) % (uint64_t)span), c = (int)((x >> 20) % (uint64_t)span);
                if (s.plies >= span * span) { /* the corner is full: anywhere */
                    r = (int)((x >> 32) % (uint64_t)n);
                    c = (int)((x >> 40) % (uint64_t)n);
                }
                if (cells[r][c])
                    continue;
                if (renju && s.to_move == SIDE_FIRST && !is_listed_and_played_alike(&s, r, c)) {
                    forbidden++;
                    continue;
                }
                struct action a = {
                    .kind = ACTION_MOVE, .side = s.to_move, .row = (int8_t)r, .col = (int8_t)c};
                int side = s.to_move;
                cr_assert(game_step(&s, a) && s.end != END_FOUL);
                cells[r][c] = (char)('1' + side);
                int run = plain_run(cells, n, r, c);
                bool exact = d->line_exact || (renju && side == SIDE_FIRST);
                bool won = exact ? plain_exact_five(cells, n, r, c) : run >= 5;
                overlines += run > 5 && !won;
                wins += won;
                cr_assert_eq(s.end == END_LINE, won, "%s game %d: run %d", games[g], game, run);
                char board[GAME_BOARD_TEXT];
                struct game_state back;
                notation_format_board(&s, board, sizeof(board));
                test_parse_board(d, board, false, &back);
                cr_assert_eq(back.end, s.end, "%s: %s", games[g], board);
                cr_assert_eq(back.winner, s.winner, "%s: %s", games[g], board);
            }
        }
        cr_expect_gt(wins, 100, "%s: lines happen", games[g]);
        if (d->line_exact)
            cr_expect_gt(overlines, 0, "overlines happen, and do not win");
        if (renju)
            cr_expect_gt(forbidden, 100, "forbidden points happen: %d", forbidden);
    }
}
