/* test_reversi.c: reversi rules by case tables of boards, perft known answers,
 * and random playouts checked against a plain-array move generator written here. */
#include "game.h"
#include "helpers.h"
#include "notation.h"
#include "perft.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

/* Rows 1 to 8 top to bottom, columns a to h left to right. */
#define START                                                                                      \
    "[--------,"                                                                                   \
    "--------,"                                                                                    \
    "--------,"                                                                                    \
    "---ox---,"                                                                                    \
    "---xo---,"                                                                                    \
    "--------,"                                                                                    \
    "--------,"                                                                                    \
    "--------] x"

/* x cannot move here: no run of o ends on an x. */
#define MUST_PASS                                                                                  \
    "[--------,"                                                                                   \
    "--------,"                                                                                    \
    "--------,"                                                                                    \
    "--xxx--o,"                                                                                    \
    "---xxxoo,"                                                                                    \
    "-----x-o,"                                                                                    \
    "-----x--,"                                                                                    \
    "--------]"

/* A board, a move, what follows: the foul (the board then stays as it was), or
 * the board after it and how the game stands. */
struct rule_case {
    const char *board; /* with the side to move */
    const char *move;
    enum foul foul;
    const char *after; /* NULL: unchanged */
    char next;         /* mark to move after, 0 not to check */
    enum end end;
    char winner;        /* mark of the winner, 0 for none */
    const char *reason; /* game_reason(), or NULL not to check */
};

static const struct game_def *def(void)
{
    return test_game("reversi");
}

static void parse(const char *text, struct game_state *s)
{
    test_parse_board(def(), text, false, s);
}

/* The board text without its side to move. */
static const char *board_only(const char *text, char *buf, size_t len)
{
    snprintf(buf, len, "%.*s", (int)strcspn(text, " "), text);
    return buf;
}

static void check_case(const struct rule_case *c)
{
    struct game_state s;
    char text[GAME_BOARD_TEXT], before[GAME_BOARD_TEXT], label[160];

    snprintf(label, sizeof(label), "%s %s", c->board, c->move);
    parse(c->board, &s);
    struct action a = test_play(&s, c->move, label);
    cr_expect_str_eq(notation_format_board(&s, text, sizeof(text)),
                     c->after ? c->after : board_only(c->board, before, sizeof(before)), "%s",
                     label);
    if (c->next)
        cr_expect_eq(def()->marks[s.to_move], c->next, "%s: to move", label);
    test_expect_outcome(&s, a, c->foul, c->end, c->winner, c->reason, label);
}

static const struct rule_case cases[] = {
    /* The four first moves: each flips one disc, north, west, east, south. */
    {START, "d3", .next = 'o',
     .after = "[--------,--------,---x----,---xx---,---xo---,--------,--------,--------]"},
    {START, "c4",
     .after = "[--------,--------,--------,--xxx---,---xo---,--------,--------,--------]"},
    {START, "f5",
     .after = "[--------,--------,--------,---ox---,---xxx--,--------,--------,--------]"},
    {START, "e6",
     .after = "[--------,--------,--------,---ox---,---xx---,----x---,--------,--------]"},
    /* One move flipping in all eight directions, two discs north and west. */
    {.board = "[--------,"
              "--------,"
              "-----x--,"
              "---xoo-x,"
              "---oooo-,"
              "--xoo-ox,"
              "----ooo-,"
              "---x-x-x] x",
     .move = "f6",
     .next = 'o',
     .after = "[--------,"
              "--------,"
              "-----x--,"
              "---xox-x,"
              "---oxxx-,"
              "--xxxxxx,"
              "----xxx-,"
              "---x-x-x]"},
    /* Runs that end on an empty square or at the edge flip nothing, and a run
     * does not wrap from one row to the next (h4 to a5, a5 to h4). */
    {START, "a1", .foul = FOUL_ILLEGAL, .reason = "illegal move a1 (flips nothing)"},
    {START, "c3", .foul = FOUL_ILLEGAL},
    {.board = "[--------,--------,--------,-ooooooo,x--xo---,--------,--------,--------] x",
     .move = "a4",
     .foul = FOUL_ILLEGAL},
    {.board = "[--------,--------,--------,---ox--o,x--xo---,--------,--------,--------] x",
     .move = "g4",
     .foul = FOUL_ILLEGAL},
    {.board = "[--------,--------,--------,---ox--x,o--xo---,--------,--------,--------] x",
     .move = "b5",
     .foul = FOUL_ILLEGAL},
    /* Other fouls. */
    {START, "d4", .foul = FOUL_OCCUPIED, .reason = "illegal move d4 (occupied)"},
    {START, "i4", .foul = FOUL_NO_SUCH_SQUARE, .reason = "illegal move i4 (no such square)"},
    {START, "d9", .foul = FOUL_NO_SUCH_SQUARE},
    {START, "o:c5", .foul = FOUL_OUT_OF_TURN},
    /* A pass only when forced. */
    {START, "pass", .foul = FOUL_ILLEGAL, .reason = "illegal move pass (has a move)"},
    {MUST_PASS " x", "pass", .next = 'o', .after = MUST_PASS},
    {MUST_PASS " x", "g4", .foul = FOUL_ILLEGAL},
    {MUST_PASS " x", "h4", .foul = FOUL_OCCUPIED},
    /* Neither side can move: the disc count decides. A wipe-out, */
    {.board = "[--------,--------,--x--x--,---xxx--,-oooox--,-x--xx--,-----x--,--------] x",
     .move = "a5",
     .after = "[--------,--------,--x--x--,---xxx--,xxxxxx--,-x--xx--,-----x--,--------]",
     .end = END_COUNT,
     .winner = 'x',
     .reason = "disc count 15-0"},
    /* a full board, */
    {.board = "[xxxooooo,xoxxxxoo,xoxoxxoo,xxxooooo,xxxxxxoo,oooooxox,ooooooo-,ooooooox] o",
     .move = "h7",
     .after = "[xxxooooo,xoxxxxoo,xoxoxxoo,xxxooooo,xxxxxxoo,oooooxoo,oooooooo,ooooooox]",
     .end = END_COUNT,
     .winner = 'o',
     .reason = "disc count 23-41"},
    /* an even count, */
    {.board = "[ooooxx-o,ooxxxxoo,oxoxxxoo,ooxoxxxo,xxxxxxxx,xxxxxoox,xxxoxoox,xxxooooo] o",
     .move = "g1",
     .after = "[oooooooo,ooxxxooo,oxoxoxoo,ooxoxxxo,xxxxxxxx,xxxxxoox,xxxoxoox,xxxooooo]",
     .end = END_COUNT,
     .reason = "disc count 32-32"},
    /* and an empty square nobody can take (h8). */
    {.board = "[-xxxxxxx,xooooxxx,xooxooox,xoxoxoox,xoxxoxox,xoxoxoxx,xxxxoxxx,xxxxxxx-] x",
     .move = "a1",
     .after = "[xxxxxxxx,xxoooxxx,xoxxooox,xoxxxoox,xoxxxxox,xoxoxxxx,xxxxoxxx,xxxxxxx-]",
     .end = END_COUNT,
     .winner = 'x',
     .reason = "disc count 48-15"},
};

Test(reversi, case_table_of_moves, .timeout = 30)
{
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
        check_case(&cases[i]);
}

Test(reversi, start_is_standard_othello, .timeout = 30)
{
    struct game_state s;
    char text[GAME_BOARD_TEXT];

    game_init(&s, def(), false);
    cr_expect_str_eq(notation_format_board(&s, text, sizeof(text)),
                     "[--------,--------,--------,---ox---,---xo---,--------,--------,--------]");
    cr_expect_eq(s.to_move, SIDE_FIRST);
    cr_expect_eq(def()->marks[SIDE_FIRST], 'x');
}

Test(reversi, a_side_without_a_move_has_only_pass, .timeout = 30)
{
    struct game_state s;
    struct action moves[GAME_MAX_SQUARES + 1];

    parse(MUST_PASS " x", &s);
    cr_assert_eq(s.end, END_NONE);
    cr_assert_eq(game_legal(&s, moves), 1);
    cr_expect_eq(moves[0].kind, ACTION_PASS);
    cr_expect_eq(moves[0].side, SIDE_FIRST);
    parse(MUST_PASS " o", &s);
    cr_expect_gt(game_legal(&s, moves), 1);
    cr_expect_eq(moves[0].kind, ACTION_MOVE);
}

Test(reversi, boards_need_the_side_to_move_and_the_centre, .timeout = 30)
{
    static const char *const bad[] = {
        "[--------,--------,--------,---ox---,---xo---,--------,--------,--------]",
        "[--------,--------,--------,---o----,---xo---,--------,--------,--------] x",
        "[--------,--------,--------,---ox---,---xo---,--------,--------,--------] -",
    };
    struct game_state s;
    const char *why;

    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
        cr_expect_lt(notation_parse_board(def(), bad[i], false, &s, &why), 0, "%s", bad[i]);
    /* A board where neither side can move is a finished game. */
    parse("[--------,--------,--------,---xx---,---xx---,--------,--------,--------] o", &s);
    cr_expect_eq(s.end, END_COUNT);
    cr_expect_eq(s.winner, SIDE_FIRST);
}

Test(reversi, perft_from_the_start_gives_the_known_counts, .timeout = 30)
{
    static const uint64_t known[] = {4, 12, 56, 244, 1396, 8200, 55092, 390216};
    struct game_state s;
    struct perft_counts c;

    game_init(&s, def(), false);
    for (int d = 1; d <= 8; d++) {
        perft_count(&s, d, &c);
        cr_expect_eq(c.nodes, known[d - 1], "depth %d: %llu", d, (unsigned long long)c.nodes);
        cr_expect_eq(c.games, 0);
    }
}

/* An independent move generator: a plain array, each direction walked square
 * by square. */
struct plain {
    char sq[8][8]; /* [row][col]: 'x', 'o' or '-' */
};

static void plain_read(const char *text, struct plain *p)
{
    int i = 0;
    for (const char *t = text; *t && *t != ' '; t++)
        if (*t == 'x' || *t == 'o' || *t == '-') {
            p->sq[i / 8][i % 8] = *t;
            i++;
        }
    cr_assert_eq(i, 64);
}

/* Play `me` at (r, c) into *after; returns the number of discs flipped (then
 * *after is not a legal result). */
static int plain_play(const struct plain *p, int r, int c, char me, struct plain *after)
{
    char them = me == 'x' ? 'o' : 'x';
    int flipped = 0;

    *after = *p;
    if (p->sq[r][c] != '-')
        return 0;
    for (int dr = -1; dr <= 1; dr++)
        for (int dc = -1; dc <= 1; dc++) {
            if (!dr && !dc)
                continue;
            int k = 1;
            while (r + k * dr >= 0 && r + k * dr < 8 && c + k * dc >= 0 && c + k * dc < 8 &&
                   p->sq[r + k * dr][c + k * dc] == them)
                k++;
            if (k == 1 || r + k * dr < 0 || r + k * dr >= 8 || c + k * dc < 0 || c + k * dc >= 8 ||
                p->sq[r + k * dr][c + k * dc] != me)
                continue;
            for (int j = 1; j < k; j++)
                after->sq[r + j * dr][c + j * dc] = me;
            flipped += k - 1;
        }
    if (flipped)
        after->sq[r][c] = me;
    return flipped;
}

static bool plain_can_move(const struct plain *p, char me)
{
    struct plain after;
    for (int r = 0; r < 8; r++)
        for (int c = 0; c < 8; c++)
            if (plain_play(p, r, c, me, &after))
                return true;
    return false;
}

/* The move played in t from s, with the plain array. */
static void check_move_result(const struct game_state *s, const struct game_state *t,
                              struct action a)
{
    char text[GAME_BOARD_TEXT], want[GAME_BOARD_TEXT];
    struct plain p, after;
    char me = def()->marks[s->to_move], them = def()->marks[side_other(s->to_move)];

    plain_read(notation_format_board(s, text, sizeof(text)), &p);
    if (a.kind == ACTION_PASS)
        after = p;
    else
        cr_assert_gt(plain_play(&p, a.row, a.col, me, &after), 0, "%s %c%d", text, 'a' + a.col,
                     a.row + 1);
    /* Formats the plain board the way the referee does. */
    size_t n = 0;
    want[n++] = '[';
    for (int r = 0; r < 8; r++) {
        memcpy(want + n, after.sq[r], 8);
        n += 8;
        want[n++] = r == 7 ? ']' : ',';
    }
    want[n] = '\0';
    cr_assert_str_eq(notation_format_board(t, text, sizeof(text)), want);

    bool over = !plain_can_move(&after, me) && !plain_can_move(&after, them);
    cr_assert_eq(t->end, over ? END_COUNT : END_NONE, "%s", want);
    if (over) {
        int nx = 0, no = 0;
        for (const char *w = want; *w; w++) {
            nx += *w == 'x';
            no += *w == 'o';
        }
        cr_assert_eq(t->winner, nx > no ? SIDE_FIRST : no > nx ? SIDE_SECOND : SIDE_NONE);
    } else {
        cr_assert_eq(t->to_move, side_other(s->to_move));
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

Test(reversi, random_playouts_agree_with_a_plain_generator, .timeout = 30)
{
    uint64_t seed = 0x2545f4914f6cdd1dull;
    struct action moves[GAME_MAX_SQUARES + 1];
    char text[GAME_BOARD_TEXT];
    int passes = 0, ends = 0;

    for (int game = 0; game < 2000; game++) {
        struct game_state s, back;
        game_init(&s, def(), false);
        while (!game_is_over(&s)) {
            int n = game_legal(&s, moves);
            struct plain p, after;
            char me = def()->marks[s.to_move];

            plain_read(notation_format_board(&s, text, sizeof(text)), &p);
            /* Every square, pass, and two squares off the board: listed moves
             * are those the plain generator finds, and only they are played. */
            bool listed[8][8] = {{false}};
            bool pass_listed = n == 1 && moves[0].kind == ACTION_PASS;
            for (int i = 0; i < n && !pass_listed; i++)
                listed[moves[i].row][moves[i].col] = true;
            for (int r = 0; r < 8; r++)
                for (int c = 0; c < 8; c++) {
                    cr_assert_eq(listed[r][c], plain_play(&p, r, c, me, &after) > 0);
                    struct game_state t = s;
                    struct action a = {.kind = ACTION_MOVE, .side = s.to_move, .row = r, .col = c};
                    cr_assert(game_step(&t, a));
                    if (listed[r][c])
                        check_move_result(&s, &t, a);
                    else
                        cr_assert(t.end == END_FOUL && t.winner == side_other(s.to_move) &&
                                  t.foul == (p.sq[r][c] == '-' ? FOUL_ILLEGAL : FOUL_OCCUPIED));
                }
            cr_assert_eq(pass_listed, !plain_can_move(&p, me));
            struct game_state t = s;
            struct action pass = {.kind = ACTION_PASS, .side = s.to_move};
            cr_assert(game_step(&t, pass));
            if (pass_listed)
                check_move_result(&s, &t, pass);
            else
                cr_assert(t.end == END_FOUL && t.foul == FOUL_ILLEGAL);
            for (int i = 0; i < 2; i++) {
                t = s;
                struct action off = {
                    .kind = ACTION_MOVE, .side = s.to_move, .row = i ? 8 : 0, .col = i ? 0 : 8};
                cr_assert(game_step(&t, off));
                cr_assert(t.end == END_FOUL && t.foul == FOUL_NO_SUCH_SQUARE);
            }

            passes += pass_listed;
            cr_assert(game_step(&s, moves[next_random(&seed) % (uint64_t)n]));
            cr_assert_neq(s.end, END_FOUL);

            /* Round trip through the board text. */
            size_t len = strlen(notation_format_board(&s, text, sizeof(text)));
            snprintf(text + len, sizeof(text) - len, " %c", def()->marks[s.to_move]);
            parse(text, &back);
            cr_assert_eq(memcmp(&back.board, &s.board, sizeof(s.board)), 0, "%s", text);
            cr_assert_eq(back.to_move, s.to_move, "%s", text);
            cr_assert_eq(back.end, s.end, "%s", text);
            cr_assert_eq(back.winner, s.winner, "%s", text);
        }
        ends += s.end == END_COUNT;
    }
    /* The playouts did reach forced passes and ends. */
    cr_expect_gt(passes, 0);
    cr_expect_eq(ends, 2000);
}
