/* gomoku.c: a gomoku bot by threats, without search: complete five; block the
 * opponent's five; make an open four (or a double four, a four-three); block an
 * open three; make a double three, a four, an open three; else the best nearby
 * square by a pattern score. Deterministic and fast. Speaks protocol/PROTOCOL.md. */
#define _POSIX_C_SOURCE 200809L /* getline, strtok_r */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 15

enum cell { EMPTY, OWN, BLOCK }; /* in a line seen from one side: BLOCK is theirs or off board */

/* What a stone on a square makes along its four lines. */
struct shapes {
    int five, open_four, four, open_three, three;
    int64_t pattern; /* five-square windows it builds on */
};

/* Tiers of a square's value, far apart so that no sum of lower ones reaches a
 * higher one: the order of the rules in the header. */
#define MAKE_FIVE          1000000000000000ll
#define BLOCK_FIVE         100000000000000ll
#define MAKE_WINNING       10000000000000ll /* open four, double four, four-three */
#define BLOCK_WINNING      1000000000000ll  /* the opponent's open three, four-three... */
#define MAKE_DOUBLE_THREE  500000000000ll
#define MAKE_FOUR          100000000000ll
#define BLOCK_DOUBLE_THREE 50000000000ll
#define MAKE_OPEN_THREE    10000000000ll
#define BLOCK_OPEN_THREE   5000000000ll
#define BLOCK_FOUR         1000000000ll

static const int dir_r[4] = {0, 1, 1, 1}, dir_c[4] = {1, 0, 1, -1};

/* Length of the run of OWN through the middle of a 9-cell line. */
static int run_length(const uint8_t line[9])
{
    int n = 1;
    for (int i = 3; i >= 0 && line[i] == OWN; i--)
        n++;
    for (int i = 5; i < 9 && line[i] == OWN; i++)
        n++;
    return n;
}

/* Empty cells of the line that would make five through the middle. */
static int five_squares(uint8_t line[9])
{
    int n = 0;
    for (int i = 0; i < 9; i++) {
        if (line[i] != EMPTY)
            continue;
        line[i] = OWN;
        n += run_length(line) >= 5;
        line[i] = EMPTY;
    }
    return n;
}

/* Adds to *k what the stone in the middle of line makes along it. */
static void line_shapes(uint8_t line[9], struct shapes *k)
{
    static const int64_t window_value[5] = {1, 6, 30, 120, 500};

    if (run_length(line) >= 5) {
        k->five++;
        return;
    }
    int f = five_squares(line);
    if (f >= 2) {
        k->open_four++;
    } else if (f == 1) {
        k->four++;
    } else {
        int best = 0;
        for (int i = 0; i < 9 && best < 2; i++) {
            if (line[i] != EMPTY)
                continue;
            line[i] = OWN;
            int g = five_squares(line);
            best = g > best ? g : best;
            line[i] = EMPTY;
        }
        if (best >= 2)
            k->open_three++;
        else if (best == 1)
            k->three++;
    }
    /* Windows of five through the middle with no blocked cell, by the stones already in. */
    for (int start = 0; start <= 4; start++) {
        int own = 0;
        bool open = true;
        for (int i = start; i < start + 5; i++) {
            open = open && line[i] != BLOCK;
            own += i != 4 && line[i] == OWN;
        }
        if (open)
            k->pattern += window_value[own];
    }
}

/* What a stone of `side` (1 or 2) at (r, c), an empty square, would make. */
static struct shapes square_shapes(uint8_t board[N][N], int r, int c, int side)
{
    struct shapes k = {0};

    for (int d = 0; d < 4; d++) {
        uint8_t line[9];
        for (int i = -4; i <= 4; i++) {
            int rr = r + i * dir_r[d], cc = c + i * dir_c[d];
            if (i == 0)
                line[4] = OWN;
            else if (rr < 0 || rr >= N || cc < 0 || cc >= N || board[rr][cc] == 3 - side)
                line[i + 4] = BLOCK;
            else
                line[i + 4] = board[rr][cc] == side ? OWN : EMPTY;
        }
        line_shapes(line, &k);
    }
    return k;
}

static int64_t attack_value(const struct shapes *k)
{
    if (k->five)
        return MAKE_FIVE;
    if (k->open_four || k->four >= 2 || (k->four && k->open_three))
        return MAKE_WINNING;
    if (k->open_three >= 2)
        return MAKE_DOUBLE_THREE;
    if (k->four)
        return MAKE_FOUR;
    if (k->open_three)
        return MAKE_OPEN_THREE;
    return 2 * k->pattern;
}

static int64_t defence_value(const struct shapes *k)
{
    if (k->five)
        return BLOCK_FIVE;
    if (k->open_four || k->four >= 2 || (k->four && k->open_three))
        return BLOCK_WINNING;
    if (k->open_three >= 2)
        return BLOCK_DOUBLE_THREE;
    if (k->open_three)
        return BLOCK_OPEN_THREE;
    if (k->four)
        return BLOCK_FOUR;
    return k->pattern;
}

static bool has_stone_near(uint8_t board[N][N], int r, int c)
{
    for (int rr = r - 2; rr <= r + 2; rr++)
        for (int cc = c - 2; cc <= c + 2; cc++)
            if (rr >= 0 && rr < N && cc >= 0 && cc < N && board[rr][cc])
                return true;
    return false;
}

/* The square to play as side 1, as row * N + col; the centre on an empty board,
 * -1 on a full one. Ties go to the square nearest the centre, then the first. */
static int choose(uint8_t board[N][N])
{
    int64_t best = -1;
    int best_sq = -1, best_dist = 0;
    bool empty = true;

    for (int sq = 0; sq < N * N; sq++)
        empty = empty && !board[sq / N][sq % N];
    if (empty)
        return N / 2 * N + N / 2;
    for (int sq = 0; sq < N * N; sq++) {
        int r = sq / N, c = sq % N;
        if (board[r][c] || !has_stone_near(board, r, c))
            continue;
        struct shapes mine = square_shapes(board, r, c, 1), theirs = square_shapes(board, r, c, 2);
        int64_t v = attack_value(&mine) + defence_value(&theirs);
        int dist = abs(r - N / 2) + abs(c - N / 2);
        if (v > best || (v == best && dist < best_dist)) {
            best = v;
            best_sq = sq;
            best_dist = dist;
        }
    }
    return best_sq;
}

/* Reads a board "[---------------,...]" (15 rows of 15, top first): 1 for `me`, 2 for the other. */
static bool board_parse(const char *text, char me, uint8_t board[N][N])
{
    if (!text || strlen(text) != 2 + N * N + N - 1 || text[0] != '[')
        return false;
    for (int r = 0; r < N; r++)
        for (int c = 0; c < N; c++) {
            char ch = text[1 + r * (N + 1) + c];
            if (ch != '-' && ch != 'x' && ch != 'o')
                return false;
            board[r][c] = ch == '-' ? 0 : ch == me ? 1 : 2;
        }
    return true;
}

int main(void)
{
    char *line = NULL, me = 'x';
    size_t cap = 0;

    while (getline(&line, &cap, stdin) != -1) {
        char *save, *kind = strtok_r(line, " \r\n", &save), *key;
        char *board = NULL, *first = NULL;
        uint8_t cells[N][N];
        const char *answer = NULL;
        int sq;

        if (!kind)
            continue;
        if (strcmp(kind, "quit") == 0)
            break;
        if (strcmp(kind, "game") == 0) {
            strtok_r(NULL, " \r\n", &save); /* version */
            strtok_r(NULL, " \r\n", &save); /* game */
            char *mark = strtok_r(NULL, " \r\n", &save);
            me = mark ? mark[0] : 'x';
        }
        if (strcmp(kind, "turn") != 0)
            continue;
        while ((key = strtok_r(NULL, " \r\n", &save)) && strcmp(key, "legal") != 0) {
            char *value = strtok_r(NULL, " \r\n", &save);
            if (strcmp(key, "board") == 0)
                board = value;
        }
        char text[16] = "";
        if (board_parse(board, me, cells) && (sq = choose(cells)) >= 0)
            snprintf(text, sizeof(text), "%c%d", 'a' + sq % N, sq / N + 1);
        /* Answer only a move the referee lists: the chosen one, else the first. */
        while ((key = strtok_r(NULL, " \r\n", &save))) {
            first = first ? first : key;
            if (strcmp(key, text) == 0)
                answer = key;
        }
        puts(answer ? answer : first ? first : "resign");
        fflush(stdout);
    }
    free(line);
    return 0;
}
