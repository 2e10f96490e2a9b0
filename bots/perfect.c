/* perfect.c: a tic-tac-toe bot that searches the whole game (negamax): it never
 * loses, wins whenever the opponent allows it, and wins as fast (loses as slowly)
 * as it can. Deterministic. Speaks protocol/PROTOCOL.md. */
#define _POSIX_C_SOURCE 200809L /* getline, strtok_r */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A position is a 9-bit mask of squares per side: bit 3 * row + col, so bit 0 is
 * a1 and bit 8 is c3. */
static const unsigned lines[8] = {
    0007, 0070, 0700, /* rows */
    0111, 0222, 0444, /* columns */
    0421, 0124,       /* diagonals: a1-b2-c3, a3-b2-c1 */
};

/* Values of the positions already searched, by (mover's mask, other's mask),
 * stored as value + 64 so that 0 means not searched yet. */
static unsigned char memo[1 << 18];

/* Reads "[abc,def,ghi]" into masks of `me`'s and the opponent's squares; false
 * if it is not a tic-tac-toe board. */
static bool board_parse(const char *text, char me, unsigned *mine, unsigned *theirs)
{
    *mine = *theirs = 0;
    if (!text || strlen(text) != 13 || text[0] != '[' || text[4] != ',' || text[8] != ',' ||
        text[12] != ']')
        return false;
    for (int sq = 0; sq < 9; sq++) {
        char c = text[1 + sq / 3 * 4 + sq % 3];
        if (c == me)
            *mine |= 1u << sq;
        else if (c == 'o' || c == 'x')
            *theirs |= 1u << sq;
        else if (c != '-')
            return false;
    }
    return true;
}

static bool has_line(unsigned mask)
{
    for (int i = 0; i < 8; i++)
        if ((mask & lines[i]) == lines[i])
            return true;
    return false;
}

/* The value for the side to move, holding `me`, against `them`, in a game not
 * over, with best play on both sides: a win is worth the number of empty
 * squares before the winning move (the sooner, the more), a loss the opposite,
 * a draw 0. The best move, the first in a1..c3 order among equals, goes to
 * *best if best is not NULL. */
static int negamax(unsigned me, unsigned them, int *best)
{
    unsigned key = me | them << 9;
    int empty = 0, value = -100;

    if (!best && memo[key])
        return memo[key] - 64;
    for (int sq = 0; sq < 9; sq++)
        empty += !((me | them) & 1u << sq);
    for (int sq = 0; sq < 9; sq++) {
        unsigned bit = 1u << sq;
        if ((me | them) & bit)
            continue;
        int v = has_line(me | bit) ? empty : empty == 1 ? 0 : -negamax(them, me | bit, NULL);
        if (v > value) {
            value = v;
            if (best)
                *best = sq;
        }
    }
    memo[key] = (unsigned char)(value + 64);
    return value;
}

int main(void)
{
    char *line = NULL, me = 'o';
    size_t cap = 0;

    /* Search every position of the game once, at start-up (about a millisecond),
     * so that each turn is a look-up. */
    negamax(0, 0, NULL);
    while (getline(&line, &cap, stdin) != -1) {
        char *save, *kind = strtok_r(line, " \r\n", &save);
        char *key, *board = NULL, *legal = NULL;
        unsigned mine, theirs;
        int sq = -1;

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
        /* Not a tic-tac-toe board in play: still answer, with the first legal move. */
        if (board_parse(board, me, &mine, &theirs) && (mine | theirs) != 0777 && !has_line(mine) &&
            !has_line(theirs))
            negamax(mine, theirs, &sq);
        if (sq >= 0)
            printf("%c%d\n", 'a' + sq / 3, sq % 3 + 1);
        else
            puts(legal ? legal : "resign");
        fflush(stdout);
    }
    free(line);
    return 0;
}
