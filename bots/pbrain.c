/* pbrain.c: a gomoku brain that speaks the Gomocup (Piskvork) protocol, as
 * an example of one that works with `referee --proto NAME=gomocup`, and a
 * fair opponent: it scores every empty square by the lines it would make for
 * itself and block for the opponent, and plays the best.
 *
 * The protocol, from the manager's side: START size (answer OK or ERROR),
 * ABOUT (answer name="...", version="..."), INFO key value (no answer),
 * BEGIN (play first), TURN x,y (the opponent's move; answer ours), BOARD then
 * x,y,who lines and DONE (a position; answer our move), RESTART (answer OK),
 * END (exit). Moves are "x,y", 0-based, x the column. Lines end in CRLF. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX 26

static int size, board[MAX][MAX]; /* 0 empty, 1 ours, 2 theirs */

static void say(const char *text)
{
    printf("%s\r\n", text);
    fflush(stdout);
}

/* Stones of who in a row through (x, y) along (dx, dy) if who played there,
 * and how many ends of that run are open. */
static int run(int x, int y, int dx, int dy, int who, int *open)
{
    int n = 1;
    *open = 0;
    for (int s = -1; s <= 1; s += 2) {
        int cx = x + s * dx, cy = y + s * dy;
        while (cx >= 0 && cy >= 0 && cx < size && cy < size && board[cx][cy] == who) {
            n++;
            cx += s * dx;
            cy += s * dy;
        }
        if (cx >= 0 && cy >= 0 && cx < size && cy < size && board[cx][cy] == 0)
            (*open)++;
    }
    return n;
}

static long value(int x, int y, int who)
{
    static const int dirs[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
    long v = 0;
    for (int d = 0; d < 4; d++) {
        int open, n = run(x, y, dirs[d][0], dirs[d][1], who, &open);
        if (n >= 5)
            v += 100000000;
        else if (open > 0)
            v += (n == 4   ? (open == 2 ? 1000000 : 100000)
                  : n == 3 ? (open == 2 ? 10000 : 1000)
                           : n * n * open);
    }
    return v;
}

static void move(void)
{
    long best = -1;
    int bx = size / 2, by = size / 2;
    for (int x = 0; x < size; x++)
        for (int y = 0; y < size; y++) {
            if (board[x][y])
                continue;
            /* Winning beats blocking; blocking a four beats making a three. */
            long v = 2 * value(x, y, 1) + value(x, y, 2);
            int cx = size / 2 - x, cy = size / 2 - y;
            v = v * 64 - (cx * cx + cy * cy); /* ties: nearer the centre */
            if (v > best) {
                best = v;
                bx = x;
                by = y;
            }
        }
    board[bx][by] = 1;
    printf("%d,%d\r\n", bx, by);
    fflush(stdout);
}

static int on_board(int x, int y)
{
    return x >= 0 && y >= 0 && x < size && y < size;
}

int main(void)
{
    char line[256];
    int x, y, who;

    while (fgets(line, sizeof(line), stdin)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (sscanf(line, "START %d", &size) == 1) {
            if (size < 5 || size > MAX) {
                printf("ERROR unsupported size %d\r\n", size);
                fflush(stdout);
                size = 0;
                continue;
            }
            memset(board, 0, sizeof(board));
            say("OK");
        } else if (strcmp(line, "RESTART") == 0) {
            memset(board, 0, sizeof(board));
            say("OK");
        } else if (strcmp(line, "ABOUT") == 0) {
            say("name=\"pbrain\", version=\"1.0\", author=\"referee\", country=\"-\"");
        } else if (strncmp(line, "INFO", 4) == 0) {
            continue; /* limits and rules: it answers at once, whatever they are */
        } else if (strcmp(line, "BEGIN") == 0) {
            move();
        } else if (sscanf(line, "TURN %d,%d", &x, &y) == 2 && on_board(x, y)) {
            board[x][y] = 2;
            move();
        } else if (strcmp(line, "BOARD") == 0) {
            memset(board, 0, sizeof(board));
            while (fgets(line, sizeof(line), stdin) && strncmp(line, "DONE", 4) != 0)
                if (sscanf(line, "%d,%d,%d", &x, &y, &who) == 3 && on_board(x, y))
                    board[x][y] = who == 1 ? 1 : 2;
            move();
        } else if (strcmp(line, "END") == 0) {
            return 0;
        } else {
            say("UNKNOWN command");
        }
    }
    return 0;
}
