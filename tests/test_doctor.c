/* test_doctor.c: `referee doctor` against the fixture's misbehaving modes (the
 * first mistakes of a new bot's author), each giving its FAIL line and exit
 * 1, and against every bundled bot for every game it plays, giving exit 0. */
#include "game.h"
#include "run.h"

#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define FIXTURE BUILD_DIR "/testbots/fixture"

static struct run_result r;

struct mistake {
    char mode[16];
    char fail[64]; /* the start of the check's line */
    char says[48]; /* in its detail */
};

ParameterizedTestParameters(doctor, each_first_mistake_has_its_fail_line)
{
    static struct mistake cases[] = {
        {"buffered", "FAIL  flushes its standard output", "fflush(stdout)"},
        {"twolines", "FAIL  writes one line a turn", "wrote when not asked"},
        {"garbage", "FAIL  replies in the game's notation", "got \"hello\""},
        {"onegame", "FAIL  plays several games in one process", "ended after game 1"},
        {"ignoreterm", "FAIL  exits on quit within the grace period", "still running"},
        {"strict", "FAIL  ignores unknown kinds of lines", "futurekey 7"},
    };
    return cr_make_param_array(struct mistake, cases, sizeof(cases) / sizeof(cases[0]));
}

ParameterizedTest(struct mistake *m, doctor, each_first_mistake_has_its_fail_line, .timeout = 60)
{
    char *argv[] = {REFEREE_BIN, "doctor", "--movetime", "300",   "--firstmove",
                    "1000",      "--",     FIXTURE,      m->mode, NULL};
    cr_assert_eq(run_program(argv, NULL, &r), 0);
    cr_expect_eq(r.status, 1, "%s: %s", m->mode, r.out);
    const char *line = strstr(r.out, m->fail);
    cr_assert_not_null(line, "%s: %s", m->mode, r.out);
    cr_expect(strstr(line, m->says), "%s: %s", m->mode, line);
}

Test(doctor, a_bot_that_plays_by_the_protocol_passes_every_check, .timeout = 60)
{
    char *argv[] = {REFEREE_BIN, "doctor", "--bot", "legal=" FIXTURE " legal", NULL};
    cr_assert_eq(run_program(argv, NULL, &r), 0);
    cr_expect_eq(r.status, 0, "%s", r.out);
    cr_expect_eq(strstr(r.out, "FAIL"), NULL, "%s", r.out);
    cr_expect(strstr(r.out, "Every check passed"), "%s", r.out);

    char *json[] = {REFEREE_BIN, "doctor", "--json", "--", FIXTURE, "garbage", NULL};
    cr_assert_eq(run_program(json, NULL, &r), 0);
    cr_expect_eq(r.status, 1);
    cr_expect(strncmp(r.out, "{\"bot\":\"bot\",\"game\":\"tictactoe\",", 32) == 0, "%s", r.out);
    cr_expect(strstr(r.out, "\"status\":\"FAIL\",\"detail\":\"sent \\\"turn board"), "%s", r.out);
}

/* A FAIL shows the end of the talk it came from, as --trace writes it: what
 * was sent (>) and what came back (<), in order, with times. */
Test(doctor, a_failed_check_shows_the_trace_of_its_talk, .timeout = 60)
{
    char *argv[] = {REFEREE_BIN, "doctor", "--movetime", "300",      "--firstmove",
                    "1000",      "--",     FIXTURE,      "twolines", NULL};
    cr_assert_eq(run_program(argv, NULL, &r), 0);
    cr_expect_eq(r.status, 1, "%s", r.out);
    const char *fail = strstr(r.out, "FAIL  writes one line a turn");
    cr_assert_not_null(fail, "%s", r.out);
    const char *head = strstr(fail, "\n      the talk it failed in, its end (> sent, < read):\n");
    cr_assert_not_null(head, "%s", fail);
    const char *next = strstr(head + 1, "\n") + 1;
    /* Then its lines, up to the next check's: the game line, the turn, and
     * the two lines written for it. */
    const char *want[] = {"> game 1 tictactoe", "> turn board [---,---,---]", "< a1", "< a1"};
    const char *at = next, *end = strstr(next, "\nPASS") ? strstr(next, "\nPASS") : next;
    for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
        const char *line = strstr(at, want[i]);
        cr_assert(line && line < end, "no '%s' in order in:\n%.*s", want[i], (int)(end - next),
                  next);
        /* Its start: "        [    12.345 ms] 4321 " */
        const char *start = line;
        while (start > next && start[-1] != '\n')
            start--;
        double ms;
        long pid;
        cr_expect_eq(sscanf(start, "        [%lf ms] %ld ", &ms, &pid), 2, "%.60s", start);
        at = line + 1;
    }

    char *json[] = {REFEREE_BIN, "doctor", "--json", "--", FIXTURE, "garbage", NULL};
    cr_assert_eq(run_program(json, NULL, &r), 0);
    cr_expect(strstr(r.out, "\"status\":\"FAIL\",\"detail\":\"sent \\\"turn board"), "%s", r.out);
    const char *trace = strstr(r.out, "\"trace\":[\"[");
    cr_assert_not_null(trace, "%s", r.out);
    cr_expect(strstr(trace, " < hello\"]"), "%s", trace);
}

/* A log too big for a tournament's cap is a warning, not a failure. */
Test(doctor, a_log_past_the_cap_is_a_warning, .timeout = 60)
{
    char *argv[] = {REFEREE_BIN, "doctor", "--movetime", "300", "--",
                    FIXTURE,     "stderr", "600",        NULL};
    cr_assert_eq(run_program(argv, NULL, &r), 0);
    cr_expect_eq(r.status, 0, "%s", r.out);
    const char *line = strstr(r.out, "WARN  keeps its log on standard error");
    cr_assert_not_null(line, "%s", r.out);
    cr_expect(strstr(line, "at least 2097152 bytes to standard error"), "%s", line);

    char *quiet[] = {REFEREE_BIN, "doctor", "--", FIXTURE, "legal", NULL};
    cr_assert_eq(run_program(quiet, NULL, &r), 0);
    cr_expect(strstr(r.out, "PASS  keeps its log on standard error"), "%s", r.out);
}

/* Every bundled bot, for every game it plays. */
Test(doctor, every_bundled_bot_passes_for_every_game_it_plays, .timeout = 240)
{
    static const char *const cases[][2] = {
        {"tictactoe", BOTDIR "perfect"},   {"tictactoe", BOTDIR "heuristic"},
        {"connect4", BOTDIR "connect4"},   {"reversi", BOTDIR "greedy"},
        {"reversi", BOTDIR "reversi"},     {"gomoku", BOTDIR "gomoku"},
        {"gomoku-renju", BOTDIR "gomoku"},
    };
    static const char *const randoms[] = {BOTDIR "random", "python3 " SOURCE_DIR "/bots/random.py",
                                          SOURCE_DIR "/bots/random.sh",
                                          "node " SOURCE_DIR "/bots/random.js"};
    static const char *const games[] = {"tictactoe", "connect4", "reversi", "gomoku"};
    char bot[512];
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]) + 16; i++) {
        const char *game, *command;
        if (i < sizeof(cases) / sizeof(cases[0])) {
            game = cases[i][0];
            command = cases[i][1];
        } else {
            size_t k = i - sizeof(cases) / sizeof(cases[0]);
            game = games[k % 4];
            command = randoms[k / 4];
        }
        snprintf(bot, sizeof(bot), "b=%s", command);
        char *argv[] = {REFEREE_BIN, "doctor", "--game", (char *)game, "--movetime",
                        "300",       "--bot",  bot,      NULL};
        cr_assert_eq(run_program(argv, NULL, &r), 0);
        cr_expect_eq(r.status, 0, "%s %s: %s", game, command, r.out);
    }
}

/* doctor takes each game's special position from its table, so a new game
 * cannot silently get another game's: every game names one and has a test for
 * it that some play reaches (seeded playouts, as doctor's). */
Test(doctor, every_game_names_its_special_position_and_play_reaches_it, .timeout = 60)
{
    size_t n;
    const struct game_def *const *games = game_registry(&n);
    uint64_t rng = 12345;
    for (size_t i = 0; i < n; i++) {
        const struct game_def *def = games[i];
        cr_assert(def->special && def->special[0] && def->is_special,
                  "%s names no special position", def->name);
        bool found = false;
        for (int tries = 0; tries < 20000 && !found; tries++) {
            struct game_state s;
            game_init(&s, def, false);
            while (!game_is_over(&s) && !found) {
                found = s.nhistory > 0 && def->is_special(&s);
                struct action moves[GAME_MAX_SQUARES + 1];
                int k = game_legal(&s, moves);
                rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
                game_step(&s, moves[(rng >> 33) % (uint64_t)k]);
            }
        }
        cr_expect(found, "no play of %s reaches %s", def->name, def->special);
    }
}
