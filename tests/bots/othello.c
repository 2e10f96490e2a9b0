/* othello.c: a small Othello engine for the tests, with two front ends as
 * Edax has: GTP, answering as Edax 4.6 does (`= ID text`, a space after the
 * sign, `= ID ` for an empty answer), and NBoard. It plays the first legal
 * move (row by row from a1) and writes every line it reads to stderr (the
 * bot's log), so that tests can check what an engine is told.
 *
 *   othello gtp [longname|hugename|NAME]
 *   othello nboard [MODE]
 *
 * GTP modes: longname, its `name` is 5,000 bytes ("Othello fixture NNN...N");
 * hugename, 100,000 bytes; any other word, the name it gives ("Othello
 * fixture" if none).
 *
 * NBoard modes:
 *   chat     `status`, `nodestats` and `search` lines around each answer
 *   slash    answers `=== F5/0.50/1.2`, the eval and time after slashes
 *   stale    writes `=== A1` (an earlier go's answer) before each `pong`
 *   garbage  answers `go` with `hello`
 *   illegal  answers `go` with an occupied square */
#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int board[8][8]; /* 0 empty, 1 black (moves first), 2 white */
static int to_move = 1;

static int flips_dir(int r, int c, int dr, int dc, int who, bool play)
{
    int n = 0, rr = r + dr, cc = c + dc;
    while (rr >= 0 && rr < 8 && cc >= 0 && cc < 8 && board[rr][cc] == 3 - who) {
        rr += dr, cc += dc, n++;
    }
    if (n == 0 || rr < 0 || rr >= 8 || cc < 0 || cc >= 8 || board[rr][cc] != who)
        return 0;
    for (int k = 1; play && k <= n; k++)
        board[r + k * dr][c + k * dc] = who;
    return n;
}

static int flips(int r, int c, int who, bool play)
{
    int n = 0;
    if (board[r][c] != 0)
        return 0;
    for (int dr = -1; dr <= 1; dr++)
        for (int dc = -1; dc <= 1; dc++)
            if (dr || dc)
                n += flips_dir(r, c, dr, dc, who, play);
    if (play && n)
        board[r][c] = who;
    return n;
}

/* The first legal move of who as "f5" (lower case), or "pass". */
static const char *first_move(int who, char *out)
{
    for (int r = 0; r < 8; r++)
        for (int c = 0; c < 8; c++)
            if (flips(r, c, who, false)) {
                sprintf(out, "%c%d", 'a' + c, r + 1);
                return out;
            }
    return "pass";
}

static void reset(void)
{
    memset(board, 0, sizeof(board));
    board[3][3] = board[4][4] = 2;
    board[3][4] = board[4][3] = 1;
    to_move = 1;
}

/* Play "f5", "F5", "pa", "pass" for the side to move; false if not legal. */
static bool play(const char *m)
{
    char mv[3] = {(char)tolower((unsigned char)m[0]), m[0] ? (char)tolower((unsigned char)m[1]) : 0,
                  0};
    char any[4];
    if (strncmp(mv, "pa", 2) == 0 || strncmp(mv, "ps", 2) == 0) {
        if (strcmp(first_move(to_move, any), "pass") != 0)
            return false;
    } else {
        int c = mv[0] - 'a', r = mv[1] - '1';
        if (c < 0 || c > 7 || r < 0 || r > 7 || !flips(r, c, to_move, true))
            return false;
    }
    to_move = 3 - to_move;
    return true;
}

static void say(const char *fmt, const char *a, const char *b)
{
    printf(fmt, a, b);
    fflush(stdout);
}

static void gtp_answer(const char *id, const char *text)
{
    say("= %s %s\n\n", id, text);
}

static int gtp(const char *mode)
{
    static char name[100001] = "Othello fixture";
    size_t len = strcmp(mode, "longname") == 0 ? 5000 : strcmp(mode, "hugename") == 0 ? 100000 : 0;
    if (len > 0) {
        size_t k = strlen(name);
        memset(name + k, 'N', len - k);
        name[k] = ' ';
        name[len] = '\0';
    } else if (mode[0]) {
        snprintf(name, sizeof(name), "%s", mode);
    }

    char line[4096], id[16], cmd[64], arg1[64], arg2[64];

    reset();
    while (fgets(line, sizeof(line), stdin)) {
        fprintf(stderr, "< %s", line);
        id[0] = cmd[0] = arg1[0] = arg2[0] = '\0';
        if (sscanf(line, "%15s %63s %63s %63s", id, cmd, arg1, arg2) < 2)
            continue;
        char mv[8];
        int who = tolower((unsigned char)arg1[0]) == 'b' ? 1 : 2;
        if (strcmp(cmd, "protocol_version") == 0)
            gtp_answer(id, "2");
        else if (strcmp(cmd, "name") == 0)
            gtp_answer(id, name);
        else if (strcmp(cmd, "version") == 0)
            gtp_answer(id, "1.0");
        else if (strcmp(cmd, "clear_board") == 0 || strcmp(cmd, "boardsize") == 0) {
            reset();
            gtp_answer(id, "");
        } else if (strcmp(cmd, "play") == 0 || strcmp(cmd, "genmove") == 0) {
            if (who != to_move) /* passes are implicit, as in Edax */
                play("pass");
            if (strcmp(cmd, "genmove") == 0) {
                const char *m = first_move(to_move, mv);
                play(m);
                gtp_answer(id, m);
            } else if (play(arg2))
                gtp_answer(id, "");
            else
                say("? %s %s\n\n", id, "illegal move");
        } else if (strcmp(cmd, "quit") == 0) {
            gtp_answer(id, "");
            return 0;
        } else
            gtp_answer(id, ""); /* time_settings, time_left, komi */
    }
    return 0;
}

/* `set game (;GM[Othello]...BO[8 <64> <side>]B[F5]W[PA]...;)`: the position. */
static void set_game(const char *ggf)
{
    const char *bo = strstr(ggf, "BO[8 ");
    reset();
    if (bo) {
        for (int i = 0; i < 64; i++)
            board[i / 8][i % 8] = bo[5 + i] == '*' ? 1 : bo[5 + i] == 'O' ? 2 : 0;
        to_move = bo[5 + 65] == '*' ? 1 : 2;
    }
    for (const char *p = bo ? bo + 5 : ggf; (p = strchr(p, ']')) != NULL; p++)
        if ((p[1] == 'B' || p[1] == 'W') && p[2] == '[')
            play(p + 3);
}

static void nboard_go(const char *mode)
{
    char mv[8], up[8];
    const char *m = first_move(to_move, mv);
    if (strcmp(mode, "chat") == 0) {
        say("status %s%s\n", "thinking", "");
        say("nodestats 12 0.00%s%s\n", "", "");
        say("search %s -1.00 0 1 %s\n", m, "fixture");
    }
    snprintf(up, sizeof(up), "%s", strcmp(m, "pass") == 0 ? "PA" : m);
    up[0] = (char)toupper((unsigned char)up[0]);
    if (strcmp(mode, "garbage") == 0)
        say("hello%s%s\n", "", "");
    else if (strcmp(mode, "illegal") == 0)
        say("=== %s%s\n", "D4", "");
    else if (strcmp(mode, "slash") == 0)
        say("=== %s%s\n", up, "/0.50/1.2");
    else
        say("=== %s%s\n", up, " -1.00 0.0");
    if (strcmp(mode, "chat") == 0)
        say("status %s%s\n", "waiting", "");
}

static int nboard(const char *mode)
{
    char line[8192];

    reset();
    while (fgets(line, sizeof(line), stdin)) {
        fprintf(stderr, "< %s", line);
        line[strcspn(line, "\r\n")] = '\0';
        if (strncmp(line, "set depth ", 10) == 0)
            say("set myname Othello fixture %s%s\n", line + 10, "");
        else if (strncmp(line, "set game ", 9) == 0)
            set_game(line + 9);
        else if (strncmp(line, "move ", 5) == 0) {
            if (!play(line + 5))
                fprintf(stderr, "cannot play %s\n", line + 5);
        } else if (strncmp(line, "ping ", 5) == 0) {
            if (strcmp(mode, "stale") == 0)
                say("=== %s%s\n", "A1", "");
            say("pong %s%s\n", line + 5, "");
        } else if (strcmp(line, "go") == 0)
            nboard_go(mode);
        else if (strcmp(line, "quit") == 0)
            return 0;
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc >= 2 && strcmp(argv[1], "gtp") == 0)
        return gtp(argc >= 3 ? argv[2] : "");
    if (argc >= 2 && strcmp(argv[1], "nboard") == 0)
        return nboard(argc >= 3 ? argv[2] : "");
    fprintf(stderr, "usage: othello gtp [longname|hugename|NAME] | othello nboard "
                    "[chat|slash|stale|garbage|illegal]\n");
    return 2;
}
