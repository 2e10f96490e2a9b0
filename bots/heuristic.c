/* heuristic.c: a tic-tac-toe bot playing Newell and Simon's eight rules. It is
 * deterministic and a careful first player can beat it: the baseline a bot
 * should beat. Speaks protocol/PROTOCOL.md. */
#define _POSIX_C_SOURCE 200809L /* getline, strtok_r */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Squares 0..8 are a1 a2 a3 b1 b2 b3 c1 c2 c3; the board is a char each: o, x or -. */
static const int lines[8][3] = {
    {0, 1, 2}, {3, 4, 5}, {6, 7, 8}, /* rows */
    {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, /* columns */
    {0, 4, 8}, {2, 4, 6},            /* diagonals */
};

/* Reads "[abc,def,ghi]" into b[9]; false if it is not a tic-tac-toe board. */
static bool board_parse(const char *text, char *b)
{
    if (!text || strlen(text) != 13 || text[0] != '[' || text[12] != ']')
        return false;
    for (int i = 0; i < 9; i++) {
        char c = text[1 + i / 3 * 4 + i % 3];
        if (c != 'o' && c != 'x' && c != '-')
            return false;
        b[i] = c;
    }
    return text[4] == ',' && text[8] == ',';
}

/* The lines holding n marks of `mark` and nothing else. */
static int count_lines(const char *b, char mark, int n)
{
    int count = 0;

    for (int i = 0; i < 8; i++) {
        int own = 0, empty = 0;
        for (int j = 0; j < 3; j++) {
            own += b[lines[i][j]] == mark;
            empty += b[lines[i][j]] == '-';
        }
        count += own == n && own + empty == 3;
    }
    return count;
}

/* The first empty square where `mark` would make at least `atleast` lines of n
 * of its own marks (n = 3: a win; n = 2: threats), or -1. */
static int first_making(char *b, char mark, int n, int atleast)
{
    for (int sq = 0; sq < 9; sq++) {
        if (b[sq] != '-')
            continue;
        b[sq] = mark;
        int made = count_lines(b, mark, n);
        b[sq] = '-';
        if (made >= atleast)
            return sq;
    }
    return -1;
}

/* Newell and Simon's rules, in order; the first square in a1..c3 order within a rule. */
static int choose(char *b, char me)
{
    static const int corners[4] = {0, 2, 6, 8};
    char them = me == 'o' ? 'x' : 'o';
    int sq;

    if ((sq = first_making(b, me, 3, 1)) >= 0) /* 1. win */
        return sq;
    if ((sq = first_making(b, them, 3, 1)) >= 0) /* 2. block a win */
        return sq;
    if ((sq = first_making(b, me, 2, 2)) >= 0) /* 3. fork: two threats at once */
        return sq;
    if ((sq = first_making(b, them, 2, 2)) >= 0) /* 4. block a fork */
        return sq;
    if (b[4] == '-') /* 5. centre */
        return 4;
    for (int i = 0; i < 4; i++) /* 6. the corner opposite the opponent's */
        if (b[corners[i]] == '-' && b[8 - corners[i]] == them)
            return corners[i];
    for (int i = 0; i < 4; i++) /* 7. a corner */
        if (b[corners[i]] == '-')
            return corners[i];
    for (sq = 0; sq < 9; sq++) /* 8. any square */
        if (b[sq] == '-')
            return sq;
    return -1;
}

int main(void)
{
    char *line = NULL, me = 'o';
    size_t cap = 0;

    while (getline(&line, &cap, stdin) != -1) {
        char *save, *kind = strtok_r(line, " \r\n", &save);
        char *key, *board = NULL, *legal = NULL, b[9];

        if (kind && strcmp(kind, "quit") == 0)
            break;
        if (kind && strcmp(kind, "game") == 0) {
            strtok_r(NULL, " \r\n", &save); /* version */
            strtok_r(NULL, " \r\n", &save); /* game */
            char *mark = strtok_r(NULL, " \r\n", &save);
            me = mark && strcmp(mark, "x") == 0 ? 'x' : 'o';
        }
        if (!kind || strcmp(kind, "turn") != 0)
            continue;
        while ((key = strtok_r(NULL, " \r\n", &save))) {
            char *value = strtok_r(NULL, " \r\n", &save);
            if (strcmp(key, "board") == 0)
                board = value;
            if (strcmp(key, "legal") == 0) {
                legal = value; /* the first legal move; the others follow */
                break;
            }
        }
        /* Not a tic-tac-toe board: still answer, with the first legal move. */
        int sq = board_parse(board, b) ? choose(b, me) : -1;
        if (sq >= 0)
            printf("%c%d\n", 'a' + sq / 3, sq % 3 + 1);
        else
            puts(legal ? legal : "resign");
        fflush(stdout);
    }
    free(line);
    return 0;
}
