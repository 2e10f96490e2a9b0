/* gomoku.c: a gomoku bot by threats, without search: complete five; block the
 * opponent's five; make an open four (or a double four, a four-three); block an
 * open three; make a double three, a four, an open three; else the best nearby
 * square by a pattern score. Plays every form at its size and rule (gomoku,
 * gomoku-standard, gomoku-freestyle, gomoku-renju), and only squares the turn
 * lists as legal, so renju's black never plays a forbidden point.
 * Deterministic and fast. Speaks protocol/PROTOCOL.md. */
#define _POSIX_C_SOURCE 200809L /* getline, strtok_r */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N     20 /* the largest board, gomoku-freestyle's */
#define R     5  /* cells read each way along a line: enough to see an overline */
#define WIDTH (2 * R + 1)

/* The game being played: its board size, and for each of side 1 (us) and 2
 * (them) whether only exactly five wins. */
static int n = 15;
static bool exact[3];

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

/* Length of the run of OWN through the middle of a line. */
static int run_length(const uint8_t line[WIDTH])
{
    int len = 1;
    for (int i = R - 1; i >= 0 && line[i] == OWN; i--)
        len++;
    for (int i = R + 1; i < WIDTH && line[i] == OWN; i++)
        len++;
    return len;
}

/* Whether a run of len wins: exactly five, or five or more. */
static bool is_five(int len, bool exactly)
{
    return exactly ? len == 5 : len >= 5;
}

/* Empty cells of the line that would make five through the middle. */
static int five_squares(uint8_t line[WIDTH], bool exactly)
{
    int count = 0;
    for (int i = 0; i < WIDTH; i++) {
        if (line[i] != EMPTY)
            continue;
        line[i] = OWN;
        count += is_five(run_length(line), exactly);
        line[i] = EMPTY;
    }
    return count;
}

/* Adds to *k what the stone in the middle of line makes along it. */
static void line_shapes(uint8_t line[WIDTH], bool exactly, struct shapes *k)
{
    static const int64_t window_value[5] = {1, 6, 30, 120, 500};

    if (is_five(run_length(line), exactly)) {
        k->five++;
        return;
    }
    int f = five_squares(line, exactly);
    if (f >= 2) {
        k->open_four++;
    } else if (f == 1) {
        k->four++;
    } else {
        int best = 0;
        for (int i = 0; i < WIDTH && best < 2; i++) {
            if (line[i] != EMPTY)
                continue;
            line[i] = OWN;
            int g = five_squares(line, exactly);
            best = g > best ? g : best;
            line[i] = EMPTY;
        }
        if (best >= 2)
            k->open_three++;
        else if (best == 1)
            k->three++;
    }
    /* Windows of five through the middle with no blocked cell, by the stones already in. */
    for (int start = R - 4; start <= R; start++) {
        int own = 0;
        bool open = true;
        for (int i = start; i < start + 5; i++) {
            open = open && line[i] != BLOCK;
            own += i != R && line[i] == OWN;
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
        uint8_t line[WIDTH];
        for (int i = -R; i <= R; i++) {
            int rr = r + i * dir_r[d], cc = c + i * dir_c[d];
            if (i == 0)
                line[R] = OWN;
            else if (rr < 0 || rr >= n || cc < 0 || cc >= n || board[rr][cc] == 3 - side)
                line[i + R] = BLOCK;
            else
                line[i + R] = board[rr][cc] == side ? OWN : EMPTY;
        }
        line_shapes(line, exact[side], &k);
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
            if (rr >= 0 && rr < n && cc >= 0 && cc < n && board[rr][cc])
                return true;
    return false;
}

/* The square to play as side 1, as row * N + col, among the squares legal
 * marks: the centre on an empty board, -1 if none is legal. Ties go to the
 * square nearest the centre, then the first. */
static int choose(uint8_t board[N][N], bool legal[N][N])
{
    int64_t best = -1;
    int best_sq = -1, best_dist = 0, mid = n / 2;
    bool empty = true;

    for (int sq = 0; sq < n * n; sq++)
        empty = empty && !board[sq / n][sq % n];
    if (empty && legal[mid][mid])
        return mid * N + mid;
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            /* Far from every stone only if nothing near is legal (renju's black
             * hemmed in by forbidden points). */
            if (!legal[r][c] || (!has_stone_near(board, r, c) && best_sq >= 0))
                continue;
            struct shapes mine = square_shapes(board, r, c, 1),
                          theirs = square_shapes(board, r, c, 2);
            int64_t v = attack_value(&mine) + defence_value(&theirs);
            int dist = abs(r - mid) + abs(c - mid);
            if (v > best || (v == best && dist < best_dist)) {
                best = v;
                best_sq = r * N + c;
                best_dist = dist;
            }
        }
    return best_sq;
}

/* Reads a board "[---,...]" (n rows of n, top first): 1 for `me`, 2 for the other. */
static bool board_parse(const char *text, char me, uint8_t board[N][N])
{
    if (!text || strlen(text) != (size_t)(2 + n * n + n - 1) || text[0] != '[')
        return false;
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            char ch = text[1 + r * (n + 1) + c];
            if (ch != '-' && ch != 'x' && ch != 'o')
                return false;
            board[r][c] = ch == '-' ? 0 : ch == me ? 1 : 2;
        }
    return true;
}

/* A square "h8" of the board as row and column; false if it is not one. */
static bool square_parse(const char *text, int *r, int *c)
{
    char *end;
    if (text[0] < 'a' || text[0] >= 'a' + n || text[1] < '1' || text[1] > '9')
        return false;
    long row = strtol(text + 1, &end, 10);
    if (*end || row > n)
        return false;
    *r = (int)row - 1;
    *c = text[0] - 'a';
    return true;
}

/* Sets the form from the rest of a `game` line (after its kind): the board
 * size, and which sides win with exactly five. Returns our mark. */
static char game_parse(char **save)
{
    strtok_r(NULL, " \r\n", save); /* version */
    const char *game = strtok_r(NULL, " \r\n", save);
    const char *mark = strtok_r(NULL, " \r\n", save), *key;
    char me = mark ? mark[0] : 'x', first = 'x';

    while ((key = strtok_r(NULL, " \r\n", save))) {
        const char *value = strtok_r(NULL, " \r\n", save);
        if (strcmp(key, "first") == 0 && value)
            first = value[0];
    }
    game = game ? game : "gomoku";
    n = strcmp(game, "gomoku-freestyle") == 0 ? 20 : 15;
    bool standard = strcmp(game, "gomoku-standard") == 0, renju = strcmp(game, "gomoku-renju") == 0;
    /* In renju only black, the side that moves first, needs exactly five. */
    exact[1] = standard || (renju && me == first);
    exact[2] = standard || (renju && me != first);
    return me;
}

int main(void)
{
    char *line = NULL, me = 'x';
    size_t cap = 0;

    while (getline(&line, &cap, stdin) != -1) {
        char *save, *kind = strtok_r(line, " \r\n", &save), *key;
        char *board = NULL, *first = NULL, *words[N * N];
        uint8_t cells[N][N];
        bool legal[N][N] = {{false}};
        const char *answer = NULL;
        int sq, nwords = 0;

        if (!kind)
            continue;
        if (strcmp(kind, "quit") == 0)
            break;
        if (strcmp(kind, "game") == 0)
            me = game_parse(&save);
        if (strcmp(kind, "turn") != 0)
            continue;
        while ((key = strtok_r(NULL, " \r\n", &save)) && strcmp(key, "legal") != 0) {
            char *value = strtok_r(NULL, " \r\n", &save);
            if (strcmp(key, "board") == 0)
                board = value;
        }
        while ((key = strtok_r(NULL, " \r\n", &save)) && nwords < N * N) {
            int r, c;
            first = first ? first : key;
            words[nwords++] = key;
            if (square_parse(key, &r, &c))
                legal[r][c] = true;
        }
        char text[16] = "";
        if (board_parse(board, me, cells) && (sq = choose(cells, legal)) >= 0)
            snprintf(text, sizeof(text), "%c%d", 'a' + sq % N, sq / N + 1);
        /* Answer only a move the referee lists: the chosen one, else the first. */
        for (int i = 0; i < nwords && !answer; i++)
            if (strcmp(words[i], text) == 0)
                answer = words[i];
        puts(answer ? answer : first ? first : "resign");
        fflush(stdout);
    }
    free(line);
    return 0;
}
