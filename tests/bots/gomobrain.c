/* gomobrain.c: a small Gomocup (Piskvork protocol) brain for the tests,
 * written from the protocol's text: START, ABOUT, INFO, BEGIN, BOARD, TURN,
 * RESTART, END. It plays the first empty square (row by row) and writes every
 * line it is sent to stderr (the bot's log), so that tests can check what a
 * brain is told.
 *
 *   gomobrain [MODE [N]]
 *
 * Modes, to misbehave at its Nth move (default 1):
 *   error        answer "ERROR cannot think" instead of a move
 *   unknown      answer "UNKNOWN" instead of a move
 *   offboard     answer "15,3", a square off a 15x15 board
 *   flood        write MESSAGE lines without end instead of a move
 *   chat         write a MESSAGE and a DEBUG line before every move (legal)
 *   slowstart    sleep N ms before answering START
 *   nostart      answer START with "ERROR no such size"
 *   crash        exit at its Nth move */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int size, board[32][32], moves;
static const char *mode = "";
static int nth = 1;

static void out(const char *text)
{
    printf("%s\r\n", text);
    fflush(stdout);
}

static void move(void)
{
    moves++;
    if (strcmp(mode, "chat") == 0) {
        out("MESSAGE thinking hard");
        out("DEBUG depth 1");
    }
    if (moves == nth) {
        if (strcmp(mode, "error") == 0) {
            out("ERROR cannot think");
            return;
        }
        if (strcmp(mode, "unknown") == 0) {
            out("UNKNOWN");
            return;
        }
        if (strcmp(mode, "offboard") == 0) {
            out("15,3");
            return;
        }
        if (strcmp(mode, "crash") == 0)
            exit(3);
        if (strcmp(mode, "flood") == 0)
            for (;;)
                out("MESSAGE flood");
    }
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++)
            if (!board[x][y]) {
                board[x][y] = 1;
                printf("%d,%d\r\n", x, y);
                fflush(stdout);
                return;
            }
    out("ERROR board full");
}

int main(int argc, char **argv)
{
    char line[256];
    int x, y, who;

    if (argc > 1)
        mode = argv[1];
    if (argc > 2)
        nth = atoi(argv[2]);
    while (fgets(line, sizeof(line), stdin)) {
        fprintf(stderr, "%s", line);
        line[strcspn(line, "\r\n")] = '\0';
        if (sscanf(line, "START %d", &size) == 1) {
            if (strcmp(mode, "slowstart") == 0)
                nanosleep(&(struct timespec){nth / 1000, (nth % 1000) * 1000000L}, NULL);
            if (strcmp(mode, "nostart") == 0 || size < 5 || size > 32)
                out("ERROR no such size");
            else
                out("OK");
        } else if (strcmp(line, "RESTART") == 0) {
            memset(board, 0, sizeof(board));
            out("OK");
        } else if (strcmp(line, "ABOUT") == 0) {
            out("name=\"gomobrain\", version=\"0.1\", author=\"tests\"");
        } else if (strncmp(line, "INFO", 4) == 0) {
            continue;
        } else if (strcmp(line, "BEGIN") == 0) {
            move();
        } else if (sscanf(line, "TURN %d,%d", &x, &y) == 2 && x >= 0 && y >= 0 && x < 32 &&
                   y < 32) {
            board[x][y] = 2;
            move();
        } else if (strcmp(line, "BOARD") == 0) {
            while (fgets(line, sizeof(line), stdin) && strncmp(line, "DONE", 4) != 0) {
                fprintf(stderr, "%s", line);
                if (sscanf(line, "%d,%d,%d", &x, &y, &who) == 3 && x >= 0 && y >= 0 && x < 32 &&
                    y < 32)
                    board[x][y] = who;
            }
            fprintf(stderr, "DONE\r\n");
            move();
        } else if (strcmp(line, "END") == 0) {
            return 0;
        } else {
            out("UNKNOWN");
        }
    }
    return 0;
}
