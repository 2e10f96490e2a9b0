/* test_trace.c: --trace writes every line a bot is sent and every line it
 * writes into its log, in order, with times, whatever its protocol (referee's,
 * Gomocup, GTP), with no raw byte of the bot's; checked against what the bot
 * itself says it read (on its stderr) and against moves.csv. */
#include "helpers.h"
#include "run.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define FIXTURE   BUILD_DIR "/testbots/fixture"
#define GOMOBRAIN BUILD_DIR "/testbots/gomobrain"
#define RHINO     "/usr/games/gtp-rhino"
#define LINES_MAX 8192

static struct run_result r;

/* A bot's log, split: the lines of the trace, and the others (what the bot
 * wrote to stderr, referee's notes). */
static struct {
    char buf[1 << 20];
    int n, nother;
    long pid; /* of the process whose lines they are: the first's */
    char mark[LINES_MAX];
    const char *text[LINES_MAX];
    const char *other[LINES_MAX];
} tr;

/* Read dir/logs/<bot>.log into tr; every trace line has a time, and the times
 * never go back. */
static void trace_load(const char *dir, const char *bot)
{
    char file[96];
    double last = 0;

    snprintf(file, sizeof(file), "logs/%s.log", bot);
    test_slurp(dir, file, tr.buf, sizeof(tr.buf));
    tr.n = tr.nother = 0;
    tr.pid = 0;
    for (char *line = tr.buf, *next; *line; line = next) {
        char *nl = strchr(line, '\n');
        cr_assert_not_null(nl, "a line of the log is not ended: %s", line);
        *nl = '\0';
        next = nl + 1;
        if (nl > line && nl[-1] == '\r')
            nl[-1] = '\0';
        char *ms = strstr(line, " ms] "), *mark = ms ? ms + 5 + strspn(ms + 5, "0123456789") : NULL;
        if (line[0] == '[' && ms && mark > ms + 5 && mark[0] == ' ' && mark[1] &&
            strchr("<>-", mark[1]) && mark[2] == ' ') {
            double t = strtod(line + 1, NULL);
            cr_expect_geq(t, last, "the time goes back at: %s", line);
            last = t;
            if (tr.pid == 0)
                tr.pid = atol(ms + 5);
            cr_expect_eq(atol(ms + 5), tr.pid, "one process: %s", line);
            cr_assert_lt(tr.n, LINES_MAX);
            tr.mark[tr.n] = mark[1];
            tr.text[tr.n++] = mark + 3;
        } else {
            cr_assert_lt(tr.nother, LINES_MAX);
            tr.other[tr.nother++] = line;
        }
    }
}

/* The trace lines marked mark, in order, into out; how many. */
static int lines_marked(char mark, const char **out)
{
    int k = 0;
    for (int i = 0; i < tr.n; i++)
        if (tr.mark[i] == mark)
            out[k++] = tr.text[i];
    return k;
}

/* The moves of bot in dir/moves.csv, in game and ply order, outside openings. */
static int moves_of(const char *dir, const char *bot, char moves[][16])
{
    struct table t;
    int k = 0;
    test_load(&t, dir, "moves.csv");
    for (size_t i = 0; i < t.nrows; i++)
        if (strcmp(test_cell(&t, i, "bot"), bot) == 0 &&
            strcmp(test_cell(&t, i, "opening"), "0") == 0)
            snprintf(moves[k++], 16, "%s", test_cell(&t, i, "move"));
    table_release(&t);
    return k;
}

static void run_ok(char *const argv[])
{
    cr_assert_eq(run_program(argv, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
}

static const char *sent[LINES_MAX], *read_back[LINES_MAX];
static char moves[LINES_MAX][16];

/* The lines the trace says were sent (more than at_least), each the one the
 * bot wrote back to its stderr as it read it (`tell`, a brain's log), in
 * order; their count, and the lines it wrote in *nread. */
static int expect_read_as_sent(int at_least, int *nread)
{
    int nsent = lines_marked('>', sent);
    const char *told[LINES_MAX];
    int ntold = 0;
    *nread = lines_marked('<', read_back);
    for (int i = 0; i < tr.nother; i++)
        if (strncmp(tr.other[i], "referee: ", 9) != 0)
            told[ntold++] = tr.other[i];
    cr_assert_gt(nsent, at_least);
    cr_expect_eq(nsent, ntold, "%d lines sent, the bot read %d", nsent, ntold);
    for (int i = 0; i < nsent && i < ntold; i++)
        cr_expect_str_eq(sent[i], told[i], "line %d", i + 1);
    return nsent;
}

Test(trace, records_every_line_of_a_referee_protocol_game_in_order, .timeout = 60)
{
    char dir[64];
    test_tmpdir(dir, "trace");
    /* `tell` writes every line it reads to its stderr: the log holds both. */
    char *run[] = {
        REFEREE_BIN, "match", "--bot",   "a=" FIXTURE " tell", "--bot", "b=" FIXTURE " legal",
        "--games",   "2",     "--trace", "--results",          dir,     "-q",
        NULL};
    run_ok(run);
    trace_load(dir, "a");
    int nread, nsent = expect_read_as_sent(4, &nread);
    cr_expect_str_eq(sent[nsent - 1], "quit");
    /* What it wrote: its moves, each after the turn it answers. */
    int nmoves = moves_of(dir, "a", moves);
    cr_expect_eq(nread, nmoves);
    for (int i = 0; i < nread && i < nmoves; i++)
        cr_expect_str_eq(read_back[i], moves[i], "reply %d", i + 1);
    for (int i = 1; i < tr.n; i++)
        if (tr.mark[i] == '<')
            cr_expect(tr.mark[i - 1] == '>' && strncmp(tr.text[i - 1], "turn ", 5) == 0,
                      "a reply not after its turn: %s", tr.text[i]);
    /* Where each game begins, and which process plays it. */
    const char *notes[LINES_MAX];
    int nnotes = lines_marked('-', notes);
    cr_assert_eq(nnotes, 3);
    cr_expect(strncmp(notes[0], "process ", 8) == 0, "%s", notes[0]);
    cr_expect_str_eq(notes[1], "game 1, as o");
    cr_expect_str_eq(notes[2], "game 2, as x");

    /* The other bot, not traced by a bot of its own, has its lines too. */
    trace_load(dir, "b");
    cr_expect_eq(lines_marked('<', read_back), moves_of(dir, "b", moves));
}

Test(trace, escapes_every_byte_outside_printable_ascii, .timeout = 60)
{
    char dir[64];
    test_tmpdir(dir, "trace");
    char *run[] = {REFEREE_BIN, "match",
                   "--bot",     "a=" FIXTURE " byte 27",
                   "--bot",     "b=" FIXTURE " legal",
                   "--games",   "1",
                   "--trace",   "--results",
                   dir,         "-q",
                   NULL};
    run_ok(run);
    trace_load(dir, "a");
    cr_assert_eq(lines_marked('<', read_back), 1);
    cr_expect_str_eq(read_back[0], "a1\\x1bz");
    for (const char *c = tr.buf; *c; c++)
        cr_expect(*c != 0x1b, "a raw byte of the bot's in its log");
}

Test(trace, needs_a_log_to_write_into, .timeout = 10)
{
    char *run[] = {REFEREE_BIN, "match",
                   "--bot",     "a=" FIXTURE " legal",
                   "--bot",     "b=" FIXTURE " legal",
                   "--trace",   "--log-cap",
                   "0",         NULL};
    cr_assert_eq(run_program(run, NULL, &r), 0);
    cr_expect_eq(r.status, 2);
    cr_expect(strstr(r.err, "--trace writes into the bots' logs, and --log-cap 0 keeps none"), "%s",
              r.err);
}

Test(trace, records_every_line_of_a_gomocup_game_in_order, .timeout = 60)
{
    char dir[64];
    test_tmpdir(dir, "trace");
    /* gomobrain writes every line it reads to its stderr, as it reads it. */
    char *run[] = {REFEREE_BIN,  "match",
                   "--game",     "gomoku",
                   "--bot",      "t=" GOMOBRAIN,
                   "--proto",    "t=gomocup",
                   "--bot",      "p=" BOTDIR "pbrain",
                   "--proto",    "p=gomocup",
                   "--openings", "2",
                   "--games",    "1",
                   "--trace",    "--results",
                   dir,          "-q",
                   NULL};
    run_ok(run);
    trace_load(dir, "t");
    int nread, nsent = expect_read_as_sent(8, &nread);
    cr_expect_str_eq(sent[0], "START 15");
    cr_expect_str_eq(sent[nsent - 1], "END");
    /* Its answers: OK, ABOUT's, then its moves as x,y (0-based). */
    cr_assert_gt(nread, 2);
    cr_expect_str_eq(read_back[0], "OK");
    cr_expect(strncmp(read_back[1], "name=\"gomobrain\"", 16) == 0, "%s", read_back[1]);
    int nmoves = moves_of(dir, "t", moves);
    cr_expect_eq(nread - 2, nmoves);
    for (int i = 2; i < nread && i - 2 < nmoves; i++) {
        int x, y;
        char square[16];
        cr_assert_eq(sscanf(read_back[i], "%d,%d", &x, &y), 2, "%s", read_back[i]);
        snprintf(square, sizeof(square), "%c%d", 'a' + x, y + 1);
        cr_expect_str_eq(square, moves[i - 2], "move %d", i - 1);
    }
}

Test(trace, records_every_line_of_a_gtp_game_in_order, .timeout = 120)
{
    if (access(RHINO, X_OK) != 0)
        cr_skip_test("no " RHINO ": install Debian's grhino (scripts/deps --test does)");
    char dir[64];
    test_tmpdir(dir, "trace");
    char *run[] = {REFEREE_BIN,  "match",
                   "--game",     "reversi",
                   "--bot",      "r=" RHINO " -l 1",
                   "--proto",    "r=gtp",
                   "--bot",      "g=" BOTDIR "greedy",
                   "--games",    "1",
                   "--movetime", "200",
                   "--margin",   "1000",
                   "--trace",    "--results",
                   dir,          "-q",
                   NULL};
    run_ok(run);
    trace_load(dir, "r");
    /* Commands numbered from 1 in the order sent, each answered in that
     * order (=ID, then an empty line), an answer after its command. */
    unsigned next_sent = 1, next_answer = 1;
    int nmoves = moves_of(dir, "r", moves), genmoves = 0;
    char genmove_of[LINES_MAX] = {0};
    bool blank_due = false;
    for (int i = 0; i < tr.n; i++) {
        unsigned id;
        char word[32];
        if (tr.mark[i] == '>') {
            cr_assert_eq(sscanf(tr.text[i], "%u %31s", &id, word), 2, "%s", tr.text[i]);
            cr_expect_eq(id, next_sent, "%s", tr.text[i]);
            if (id < LINES_MAX)
                genmove_of[id] = strcmp(word, "genmove") == 0;
            next_sent = id + 1;
        } else if (tr.mark[i] == '<' && blank_due) {
            cr_expect_str_eq(tr.text[i], "", "an answer is ended by an empty line");
            blank_due = false;
        } else if (tr.mark[i] == '<') {
            cr_assert_eq(sscanf(tr.text[i], "=%u", &id), 1, "%s", tr.text[i]);
            cr_expect_eq(id, next_answer, "%s", tr.text[i]);
            cr_expect_lt(id, next_sent, "answered before it was sent: %s", tr.text[i]);
            next_answer = id + 1;
            blank_due = true;
            if (id < LINES_MAX && genmove_of[id] && genmoves < nmoves) {
                char move[16] = "";
                sscanf(tr.text[i], "=%*u %15s", move);
                for (char *c = move; *c; c++)
                    *c = (char)(*c >= 'A' && *c <= 'Z' ? *c - 'A' + 'a' : *c);
                cr_expect_str_eq(move, moves[genmoves], "its move %d", genmoves + 1);
                genmoves++;
            }
        }
    }
    cr_expect_gt(next_answer, 4, "the handshake and a game were answered");
    cr_expect_eq(genmoves, nmoves, "every move it made came through genmove");
}
