/* perfect.c: a tic-tac-toe bot that searches the whole game (negamax): it never
 * loses, wins whenever the opponent allows it, and wins as fast (loses as slowly)
 * as it can; among equal moves it sets the traps a random player falls into most.
 * Deterministic. Speaks protocol/PROTOCOL.md. */
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

/* What the search knows of a position. */
struct entry {
    bool known;
    signed char value; /* for the mover, with best play on both sides: see solve() */
    signed char best;  /* the square the mover plays */
    /* Expected points (a win 2, a draw 1) against an opponent who picks each of
     * its moves uniformly at random, times e! for a position of e empty squares,
     * which makes them integers and so compared exactly: */
    int perfect; /* of the mover, if it plays `best` and so on */
    int random;  /* of the other side, playing as we do, if the mover is the random one */
};

/* By position: a base-3 number of 9 digits, 1 for the mover's squares and 2 for
 * the other's; ternary[mask] is the number with a 1 for each square of mask. A
 * small table, so that start-up touches little memory. */
static struct entry table[19683];
static int ternary[1 << 9];

static const int factorial[10] = {1, 1, 2, 6, 24, 120, 720, 5040, 40320, 362880};

/* Solves the position, the side to move holding `me`, the other `them`, in a
 * game not over, and every position after it (memoized):
 * - value: a win is worth the number of empty squares before the winning move
 *   (the sooner, the more), a loss the opposite, a draw 0;
 * - best: a move of the highest value, and among those the one with the most
 *   expected points against a random opponent, as many a game against a weaker
 *   bot ends in a draw that a trap would have won; then the first in a1..c3 order. */
static const struct entry *solve(unsigned me, unsigned them)
{
    struct entry *e = &table[ternary[me] + 2 * ternary[them]];
    int empty = 0, chance = -1;

    if (e->known)
        return e;
    for (int sq = 0; sq < 9; sq++)
        empty += !((me | them) & 1u << sq);
    e->value = -100;
    e->random = 0;
    for (int sq = 0; sq < 9; sq++) {
        unsigned bit = 1u << sq;
        int v, if_perfect, if_random; /* the move's value and expected points after it */
        if ((me | them) & bit)
            continue;
        if (has_line(me | bit)) {
            v = empty;
            if_perfect = 2 * factorial[empty - 1];
            if_random = 0;
        } else if (empty == 1) {
            v = 0;
            if_perfect = if_random = 1;
        } else {
            const struct entry *next = solve(them, me | bit);
            v = -next->value;
            if_perfect = next->random;
            if_random = next->perfect;
        }
        e->random += if_random;
        if (v > e->value || (v == e->value && if_perfect > chance)) {
            e->value = (signed char)v;
            e->best = (signed char)sq;
            chance = if_perfect;
        }
    }
    e->perfect = empty * chance;
    e->known = true;
    return e;
}

int main(void)
{
    char *line = NULL, me = 'o';
    size_t cap = 0;

    /* Solve every position of the game once, at start-up (about a millisecond),
     * so that each turn is a look-up. */
    for (unsigned mask = 1; mask < 1u << 9; mask++)
        ternary[mask] = (mask & 1) + 3 * ternary[mask >> 1];
    solve(0, 0);
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
            sq = solve(mine, theirs)->best;
        if (sq >= 0)
            printf("%c%d\n", 'a' + sq / 3, sq % 3 + 1);
        else
            puts(legal ? legal : "resign");
        fflush(stdout);
    }
    free(line);
    return 0;
}
