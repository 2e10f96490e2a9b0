/* greedy.c: a reversi bot that plays the legal move flipping the most discs
 * (ties: the first in the `legal` list), and passes when it must. A baseline
 * that beats random play. Speaks protocol/PROTOCOL.md. */
#define _POSIX_C_SOURCE 200809L /* getline, strtok_r */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Reads a board "[--------,...]" (8 rows of 8, top first) into cells[row][col]. */
static bool board_parse(const char *text, char cells[8][8])
{
    if (!text || strlen(text) != 2 + 8 * 8 + 7 || text[0] != '[')
        return false;
    for (int r = 0; r < 8; r++)
        for (int c = 0; c < 8; c++)
            cells[r][c] = text[1 + r * 9 + c];
    return true;
}

/* Discs that `me` flips by playing move ("d3"); 0 if it is not a square. */
static int flips(char cells[8][8], char me, const char *move)
{
    int col = move[0] - 'a', row = atoi(move + 1) - 1, n = 0;

    if (col < 0 || col > 7 || row < 0 || row > 7 || cells[row][col] != '-')
        return 0;
    for (int dr = -1; dr <= 1; dr++)
        for (int dc = -1; dc <= 1; dc++) {
            int r = row + dr, c = col + dc, run = 0;
            if (dr == 0 && dc == 0)
                continue;
            while (r >= 0 && r < 8 && c >= 0 && c < 8 && cells[r][c] != me && cells[r][c] != '-') {
                r += dr;
                c += dc;
                run++;
            }
            if (r >= 0 && r < 8 && c >= 0 && c < 8 && cells[r][c] == me)
                n += run;
        }
    return n;
}

int main(void)
{
    char *line = NULL, me = 'x';
    size_t cap = 0;

    while (getline(&line, &cap, stdin) != -1) {
        char *save, *kind = strtok_r(line, " \r\n", &save), *key;
        char *board = NULL, cells[8][8];
        const char *answer = "resign";
        int most = -1;

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
        bool parsed = board_parse(board, cells);
        /* The legal list holds just `pass` when passing is the only move. */
        while ((key = strtok_r(NULL, " \r\n", &save))) {
            int n = parsed ? flips(cells, me, key) : 0;
            if (n > most) {
                most = n;
                answer = key;
            }
        }
        puts(answer);
        fflush(stdout);
    }
    free(line);
    return 0;
}
