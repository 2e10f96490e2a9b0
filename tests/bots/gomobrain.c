/* gomobrain.c: a small Gomocup (Piskvork protocol) brain for the tests,
 * written from the protocol's text: START, ABOUT, INFO, BEGIN, BOARD, TURN,
 * RESTART, PLAY, END. It plays the first empty square (row by row) and writes
 * every line it is sent to stderr (the bot's log), so that tests can check
 * what a brain is told (each process one START: tests count them so).
 *
 *   gomobrain [MODE[,MODE]... [N [FILE]]]
 *
 * Modes, to misbehave at its Nth move (default 1):
 *   error        answer "ERROR cannot think" instead of a move
 *   unknown      answer "UNKNOWN" instead of a move
 *   offboard     answer "15,3", a square off a 15x15 board
 *   flood        write MESSAGE lines without end instead of a move
 *   crash        exit at its Nth move
 * Modes that follow the protocol in the ways a manager must accept:
 *   chat         write a MESSAGE and a DEBUG line before every move
 *   cr, lf       end its lines with CR alone, or LF alone (default CR LF)
 *   blank        write an empty line before every answer
 *   noabout      answer ABOUT with "UNKNOWN"
 *   suggest      answer each turn with "SUGGEST x,y", then the PLAY with its square
 *   after        write "DEBUG after" 20 ms after each move, as a brain's second
 *                thread may, while its opponent thinks
 *   think        sleep N ms before each move
 *   slowboot     sleep N ms as the process starts, before it reads a line
 *   slowagain    the same in every process but the first: it makes the file
 *                named by its third argument, and sleeps if it is there
 * Modes about its start and RESTART:
 *   slowstart    sleep N ms before answering START
 *   nostart      answer START with "ERROR no such size"
 *   norestart    answer RESTART with "UNKNOWN" (an optional command)
 *   mute         never answer RESTART */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int size, board[32][32], moves;
static const char *modes = "";
static int nth = 1;

/* Whether word is one of the comma-separated modes. */
static bool is(const char *word)
{
    size_t k = strlen(word);
    for (const char *m = modes; *m;) {
        size_t n = strcspn(m, ",");
        if (n == k && strncmp(m, word, k) == 0)
            return true;
        m += n + (m[n] == ',');
    }
    return false;
}

static void out(const char *text)
{
    if (is("blank"))
        printf(is("cr") ? "\r" : is("lf") ? "\n" : "\r\n");
    printf("%s%s", text, is("cr") ? "\r" : is("lf") ? "\n" : "\r\n");
    fflush(stdout);
}

static void sleep_ms(int ms)
{
    nanosleep(&(struct timespec){ms / 1000, (ms % 1000) * 1000000L}, NULL);
}

/* Its move, found and played (or only suggested). */
static void move(void)
{
    char text[32];

    moves++;
    if (is("think"))
        sleep_ms(nth);
    if (is("chat")) {
        out("MESSAGE thinking hard");
        out("DEBUG depth 1");
    }
    if (moves == nth) {
        if (is("error")) {
            out("ERROR cannot think");
            return;
        }
        if (is("unknown")) {
            out("UNKNOWN");
            return;
        }
        if (is("offboard")) {
            out("15,3");
            return;
        }
        if (is("crash"))
            exit(3);
        if (is("flood"))
            for (;;)
                out("MESSAGE flood");
    }
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++)
            if (!board[x][y]) {
                /* A suggestion leaves the board as it is: PLAY says where to go. */
                if (!is("suggest"))
                    board[x][y] = 1;
                snprintf(text, sizeof(text), "%s%d,%d", is("suggest") ? "SUGGEST " : "", x, y);
                out(text);
                if (is("after")) {
                    sleep_ms(20);
                    out("DEBUG after");
                }
                return;
            }
    out("ERROR board full");
}

/* The lines of BOARD up to DONE, then its move. */
static void read_board(void)
{
    char line[256];
    int x, y, who;

    while (fgets(line, sizeof(line), stdin) && strncmp(line, "DONE", 4) != 0) {
        fprintf(stderr, "%s", line);
        if (sscanf(line, "%d,%d,%d", &x, &y, &who) == 3 && x >= 0 && y >= 0 && x < 32 && y < 32)
            board[x][y] = who;
    }
    fprintf(stderr, "DONE\r\n");
    move();
}

static void start(void)
{
    if (is("slowstart"))
        sleep_ms(nth);
    if (is("nostart") || size < 5 || size > 32)
        out("ERROR no such size");
    else
        out("OK");
}

static void restart(void)
{
    memset(board, 0, sizeof(board));
    if (is("mute"))
        return;
    out(is("norestart") ? "UNKNOWN" : "OK");
}

int main(int argc, char **argv)
{
    char line[256], text[32];
    int x, y;

    if (argc > 1)
        modes = argv[1];
    if (argc > 2)
        nth = atoi(argv[2]);
    if (is("slowboot"))
        sleep_ms(nth);
    if (is("slowagain") && argc > 3) {
        FILE *mark = fopen(argv[3], "r");
        if (mark) {
            fclose(mark);
            sleep_ms(nth);
        } else if ((mark = fopen(argv[3], "w")) != NULL) {
            fclose(mark);
        }
    }
    while (fgets(line, sizeof(line), stdin)) {
        fprintf(stderr, "%s", line);
        line[strcspn(line, "\r\n")] = '\0';
        if (sscanf(line, "START %d", &size) == 1) {
            start();
        } else if (strcmp(line, "RESTART") == 0) {
            restart();
        } else if (strcmp(line, "ABOUT") == 0) {
            out(is("noabout") ? "UNKNOWN"
                              : "name=\"gomobrain\", version=\"0.1\", author=\"tests\"");
        } else if (strncmp(line, "INFO", 4) == 0) {
            continue;
        } else if (strcmp(line, "BEGIN") == 0) {
            move();
        } else if (sscanf(line, "TURN %d,%d", &x, &y) == 2 && x >= 0 && y >= 0 && x < 32 &&
                   y < 32) {
            board[x][y] = 2;
            move();
        } else if (sscanf(line, "PLAY %d,%d", &x, &y) == 2 && x >= 0 && y >= 0 && x < 32 &&
                   y < 32) {
            board[x][y] = 1;
            snprintf(text, sizeof(text), "%d,%d", x, y);
            out(text);
        } else if (strcmp(line, "BOARD") == 0) {
            read_board();
        } else if (strcmp(line, "END") == 0) {
            return 0;
        } else {
            out("UNKNOWN");
        }
    }
    return 0;
}
