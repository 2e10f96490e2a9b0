/* test_piskvork.c: Gomocup brains managed as Piskvork manages them, checked
 * against the protocol's text (protocol/ENGINES.md has it row by row) with the
 * tests' brain (tests/bots/gomobrain.c) in its modes against the bundled
 * pbrain: what referee accepts (CR, LF or CR LF; empty lines; UNKNOWN to
 * ABOUT; SUGGEST), what it sends (the INFO block in every combination of
 * limits, max_memory, RESTART) and how a brain's process lives (kept across
 * games, started afresh when RESTART fails, its start-up out of its first
 * move's time but within --startup). The brain writes every line it is sent
 * to its log, which is where the tests read what referee said. */
#include "helpers.h"
#include "run.h"

#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <stdio.h>
#include <string.h>

#define GOMOBRAIN BUILD_DIR "/testbots/gomobrain"

static struct run_result r;

/* Occurrences of what in text. */
static int count(const char *text, const char *what)
{
    int n = 0;
    for (const char *p = strstr(text, what); p; p = strstr(p + 1, what))
        n++;
    return n;
}

/* A match of `games` games of gomoku between the tests' brain in `modes`
 * ("t") and pbrain ("p"), with more options (NULL-ended, at most 8) into dir;
 * returns referee's exit status. */
static int play(const char *dir, const char *modes, int games, const char *const *more)
{
    char bot[256], ngames[16];
    snprintf(bot, sizeof(bot), "t=%s %s", GOMOBRAIN, modes);
    snprintf(ngames, sizeof(ngames), "%d", games);
    char *argv[32] = {REFEREE_BIN, "match",     "--game",    "gomoku", "--bot",
                      bot,         "--proto",   "t=gomocup", "--bot",  "p=" BOTDIR "pbrain",
                      "--proto",   "p=gomocup", "--games",   ngames,   "--results",
                      (char *)dir, "-q"};
    int n = 16;
    for (int i = 0; more && more[i] && n < 30; i++)
        argv[n++] = (char *)more[i];
    argv[n] = NULL;
    cr_assert_eq(run_program(argv, NULL, &r), 0);
    return r.status;
}

/* Games of dir's games.csv with a foul, the reasons in why. */
static int fouls(const char *dir, char *why, size_t cap)
{
    struct table t;
    int n = 0;
    why[0] = '\0';
    test_load(&t, dir, "games.csv");
    for (size_t i = 0; i < t.nrows; i++)
        if (test_cell(&t, i, "foul")[0]) {
            n++;
            size_t k = strlen(why);
            snprintf(why + k, cap - k, "[%s %s] ", test_cell(&t, i, "foul"),
                     test_cell(&t, i, "reason"));
        }
    table_release(&t);
    return n;
}

/* Restarts counted for the brain in games.csv. */
static int restarts_of_t(const char *dir)
{
    struct table t;
    int n = 0;
    test_load(&t, dir, "games.csv");
    for (size_t i = 0; i < t.nrows; i++)
        for (int side = 0; side < 2; side++)
            if (strcmp(test_cell(&t, i, side ? "second" : "first"), "t") == 0)
                n += atoi(test_cell(&t, i, side ? "second_restarts" : "first_restarts"));
    table_release(&t);
    return n;
}

/* play() that must end with exit 0 and no foul, the brain's log into log. */
static void play_clean(char *dir, const char *modes, int games, const char *const *more, char *log,
                       size_t cap)
{
    char why[1024];
    test_tmpdir(dir, "piskvork");
    cr_assert_eq(play(dir, modes, games, more), 0, "%s: %s", modes, r.err);
    cr_expect_eq(fouls(dir, why, sizeof(why)), 0, "%s: %s", modes, why);
    test_slurp(dir, "logs/t.log", log, cap);
}

struct endings {
    char modes[16];
};

ParameterizedTestParameters(piskvork, lines_ended_by_cr_lf_or_crlf_and_empty_lines_are_read)
{
    static struct endings cases[] = {{"cr"}, {"lf"}, {"blank"}, {"cr,blank"}, {"lf,blank,chat"}};
    return cr_make_param_array(struct endings, cases, sizeof(cases) / sizeof(cases[0]));
}

/* "The brain can send lines that are ended with CR LF, or just LF, or CR. The
 * manager ignores lines that are empty": whole games, the handshake too. */
ParameterizedTest(struct endings *e, piskvork,
                  lines_ended_by_cr_lf_or_crlf_and_empty_lines_are_read, .timeout = 60)
{
    char dir[64], log[65536];
    play_clean(dir, e->modes, 2, NULL, log, sizeof(log));
    cr_expect(strstr(log, "gomocup engine: gomobrain 0.1"), "%s: %s", e->modes, log);
    cr_expect_not(strstr(log, "said \"\""), "%s: an empty line is not noted: %s", e->modes, log);
}

/* ABOUT is not one of the commands a brain must know: UNKNOWN means no name. */
Test(piskvork, unknown_to_about_is_a_brain_without_a_name, .timeout = 60)
{
    char dir[64], log[65536];
    play_clean(dir, "noabout", 2, NULL, log, sizeof(log));
    cr_expect(strstr(log, "gomocup engine: no name: ABOUT answered \"UNKNOWN\""), "%s", log);
    struct table t;
    test_load(&t, dir, "standings.csv");
    for (size_t i = 0; i < t.nrows; i++)
        if (strcmp(test_cell(&t, i, "bot"), "t") == 0)
            cr_expect_str_eq(test_cell(&t, i, "engine"), "");
    table_release(&t);
}

/* SUGGEST x,y instead of a move: referee answers PLAY x,y (as Piskvork does in
 * a tournament) and the brain's answer to it is the move. */
Test(piskvork, suggest_is_answered_with_play_and_its_answer_is_the_move, .timeout = 60)
{
    char dir[64], log[65536];
    play_clean(dir, "suggest", 1, NULL, log, sizeof(log));
    struct table t;
    test_load(&t, dir, "games.csv");
    int t_moves = (int)atoi(test_cell(&t, 0, "plies")) / 2;
    cr_expect_geq(count(log, "PLAY "), t_moves, "a PLAY for each move: %s", log);
    /* The brain plays first (BEGIN): its first suggestion is the first empty
     * square, 0,0, referee's a1. */
    cr_expect(strstr(log, "BEGIN\r\nPLAY 0,0\r\n"), "%s", log);
    cr_expect(strncmp(test_cell(&t, 0, "moves"), "x:a1", 4) == 0, "%s", test_cell(&t, 0, "moves"));
    table_release(&t);
}

/* A limit in a case: 0 means not given. */
struct limits {
    int movetime, clock, increment, firstmove;
};

ParameterizedTestParameters(piskvork, info_tells_the_limits_as_the_protocol_defines_them)
{
    static struct limits cases[16];
    int n = 0;
    for (int mt = 0; mt < 2; mt++)
        for (int clock = 0; clock < 2; clock++)
            for (int inc = 0; inc < 2; inc++)
                for (int first = 0; first < 2; first++)
                    cases[n++] = (struct limits){mt ? 300 : 0, clock ? 20000 : 0, inc ? 500 : 0,
                                                 first ? 2000 : 0};
    return cr_make_param_array(struct limits, cases, 16);
}

/* Every combination of --movetime, --clock, --increment and --firstmove: the
 * exact INFO lines the brain is sent. timeout_turn is the limit per move, and
 * never 0 for "none" (0 is "play as fast as possible"): without one, on a
 * clock, 2147483647; timeout_match the clock, 0 without; time_left before
 * every move, the clock left, or 2147483647 without a clock. The brain plays
 * first: its second move sees its clock after its first, charged nothing
 * (the first move's allowance) and the increment added. */
ParameterizedTest(struct limits *l, piskvork, info_tells_the_limits_as_the_protocol_defines_them,
                  .timeout = 60)
{
    char dir[64], log[65536], value[4][16], expected[512];
    const char *more[10];
    int k = 0;
    static const char *const names[4] = {"--movetime", "--clock", "--increment", "--firstmove"};
    const int given[4] = {l->movetime, l->clock, l->increment, l->firstmove};
    for (int i = 0; i < 4; i++)
        if (given[i]) {
            snprintf(value[i], sizeof(value[i]), "%d", given[i]);
            more[k++] = names[i];
            more[k++] = value[i];
        }
    more[k] = NULL;
    play_clean(dir, "", 1, more, log, sizeof(log));

    int turn = l->movetime ? l->movetime : l->clock ? 2147483647 : 1000;
    long left1 = l->clock ? l->clock : 2147483647L;
    long left2 = l->clock ? l->clock + l->increment : 2147483647L;
    snprintf(expected, sizeof(expected),
             "INFO timeout_turn %d\r\nINFO timeout_match %d\r\nINFO max_memory 0\r\n"
             "INFO game_type 1\r\nINFO rule 0\r\nINFO time_left %ld\r\nBEGIN\r\n",
             turn, l->clock, left1);
    cr_expect(strstr(log, expected), "mt %d clock %d inc %d first %d: %s in %s", l->movetime,
              l->clock, l->increment, l->firstmove, expected, log);
    snprintf(expected, sizeof(expected), "INFO time_left %ld\r\nTURN ", left2);
    cr_expect(strstr(log, expected), "mt %d clock %d inc %d first %d: %s in %s", l->movetime,
              l->clock, l->increment, l->firstmove, expected, log);
    cr_expect_eq(count(log, "INFO time_left"), count(log, "TURN ") + 1, "before every move");
}

/* max_memory is --memory in bytes; 0 only without a limit. */
Test(piskvork, max_memory_is_the_memory_limit_in_bytes, .timeout = 60)
{
    char dir[64], log[65536];
    const char *more[] = {"--memory", "512", NULL};
    play_clean(dir, "", 1, more, log, sizeof(log));
    cr_expect(strstr(log, "INFO max_memory 536870912\r\n"), "%s", log);
}

/* DEBUG and MESSAGE lines may come at any time (a brain's second thread
 * writes them while its opponent thinks, or after the game): they go to its
 * log, the brain neither fouls nor is started again for them. */
Test(piskvork, lines_for_the_log_while_the_opponent_thinks_are_no_fault, .timeout = 60)
{
    char dir[64], why[1024], log[65536];
    test_tmpdir(dir, "piskvork");
    char *argv[] = {REFEREE_BIN, "match",
                    "--game",    "gomoku",
                    "--bot",     "t=" GOMOBRAIN " after",
                    "--proto",   "t=gomocup",
                    "--bot",     "p=" GOMOBRAIN " think 60",
                    "--proto",   "p=gomocup",
                    "--games",   "2",
                    "--results", dir,
                    "-q",        NULL};
    cr_assert_eq(run_program(argv, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_expect_eq(fouls(dir, why, sizeof(why)), 0, "%s", why);
    cr_expect_eq(restarts_of_t(dir), 0);
    test_slurp(dir, "logs/t.log", log, sizeof(log));
    cr_expect_eq(count(log, "START 15\r\n"), 1, "one process: %s", log);
    cr_expect_gt(count(log, "said \"DEBUG after\""), 2, "%s", log);
}

/* One process for every game, RESTART between two: as Piskvork keeps a brain. */
Test(piskvork, a_brain_is_kept_across_games_with_restart, .timeout = 60)
{
    char dir[64], log[65536];
    play_clean(dir, "", 4, NULL, log, sizeof(log));
    cr_expect_eq(count(log, "START 15\r\n"), 1, "one process: %s", log);
    cr_expect_eq(count(log, "\nRESTART\r\n"), 3, "before each game but the first: %s", log);
    cr_expect_eq(count(log, "INFO timeout_turn"), 4, "the INFO block each game: %s", log);
    cr_expect_eq(count(log, "\nEND\r\n"), 1, "%s", log);
    cr_expect_eq(restarts_of_t(dir), 0);
}

struct refusal {
    char modes[16];
    char note[80];
    int ends; /* END lines the brain's processes get */
};

ParameterizedTestParameters(piskvork, a_brain_that_does_not_answer_restart_ok_is_started_afresh)
{
    static struct refusal cases[] = {
        {"norestart", "it answered RESTART with \"UNKNOWN\": a new process for each game", 3},
        {"mute", "no answer to its gomocup renewal within 300 ms", 2},
    };
    return cr_make_param_array(struct refusal, cases, sizeof(cases) / sizeof(cases[0]));
}

/* "If the brain answers UNKNOWN, the manager sends END and executes the brain
 * again": a new process for that game and each after it, RESTART asked once,
 * no game lost and no restart counted; silence the same, after --startup. */
ParameterizedTest(struct refusal *c, piskvork,
                  a_brain_that_does_not_answer_restart_ok_is_started_afresh, .timeout = 60)
{
    char dir[64], log[65536];
    const char *more[] = {"--startup", "300", NULL};
    play_clean(dir, c->modes, 3, more, log, sizeof(log));
    cr_expect_eq(count(log, "START 15\r\n"), 3, "%s: a process a game: %s", c->modes, log);
    cr_expect_eq(count(log, "\nRESTART\r\n"), 1, "%s: asked once: %s", c->modes, log);
    cr_expect(strstr(log, c->note), "%s: %s", c->modes, log);
    cr_expect_eq(count(log, "\nEND\r\n"), c->ends, "%s: END but after silence: %s", c->modes, log);
    cr_expect_eq(restarts_of_t(dir), 0, "%s", c->modes);
}

/* A brain 1.5 s to start, and clearing its memory before it answers START
 * alike, keeps its first move's time: start-up is START's and ABOUT's, within
 * --startup, not the move's; with the default --firstmove and with one far
 * shorter than the start-up. */
Test(piskvork, start_up_is_kept_out_of_the_first_moves_time, .timeout = 60)
{
    char dir[64], why[1024];
    const char *fast[] = {"--movetime", "200", "--firstmove", "400", NULL};
    const char *const *options[] = {NULL, fast};
    const char *modes[] = {"slowboot 1500", "slowstart 1500"};
    for (int i = 0; i < 2; i++)
        for (int o = 0; o < 2; o++) {
            test_tmpdir(dir, "piskvork");
            cr_assert_eq(play(dir, modes[i], 2, options[o]), 0, "%s", r.err);
            cr_expect_eq(fouls(dir, why, sizeof(why)), 0, "%s, options %d: %s", modes[i], o, why);
        }
}

/* A start-up over --startup is the operator's to fix at the first start (exit
 * 4: test_engines.c); in a later one, a foul of the game it was for, with its
 * reason, and the run goes on: here the brain answers RESTART with UNKNOWN,
 * and its second process takes 1 s to start. */
Test(piskvork, start_up_over_startup_is_a_foul_with_its_reason, .timeout = 60)
{
    char dir[64], modes[160];
    const char *more[] = {"--startup", "300", NULL};
    test_tmpdir(dir, "piskvork");
    snprintf(modes, sizeof(modes), "norestart,slowagain 1000 %s/started", dir);
    cr_assert_eq(play(dir, modes, 2, more), 0, "%s", r.err);
    struct table t;
    test_load(&t, dir, "games.csv");
    cr_assert_eq(t.nrows, 2);
    cr_expect_str_eq(test_cell(&t, 0, "foul"), "", "%s", test_cell(&t, 0, "reason"));
    cr_expect_str_eq(test_cell(&t, 1, "foul"), "could-not-start");
    cr_expect_str_eq(test_cell(&t, 1, "foul_by"), "t");
    cr_expect_str_eq(test_cell(&t, 1, "reason"),
                     "could not start (no gomocup handshake within 300 ms (--startup))");
    table_release(&t);
}
