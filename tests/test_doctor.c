/* test_doctor.c: `referee doctor` against the fixture's misbehaving modes and
 * doctorbot's (the first mistakes of a new bot's author), each giving the FAIL
 * of the check it breaks and no other, and exit 1; against engines in their
 * own protocols (--proto); and against every bundled bot for every game it
 * plays, giving exit 0. */
#include "game.h"
#include "run.h"

#include <criterion/criterion.h>
#include "helpers.h"
#include <criterion/parameterized.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define FIXTURE BUILD_DIR "/testbots/fixture"

#define DOCTORBOT BUILD_DIR "/testbots/doctorbot"
#define GOMOBRAIN BUILD_DIR "/testbots/gomobrain"
#define RHINO     "/usr/games/gtp-rhino"

static struct run_result r;

/* The checks that FAIL in out, each line's text after "FAIL  " up to its
 * first 25 bytes, '|' after each, into fails. Returns how many. */
static int fails_of(const char *out, char *fails, size_t cap)
{
    int n = 0;
    size_t at = 0;
    fails[0] = '\0';
    for (const char *l = out; (l = strstr(l, "\nFAIL  ")) != NULL && at < cap; l++, n++)
        at += (size_t)snprintf(fails + at, cap - at, "%.*s|",
                               (int)(strcspn(l + 7, "\n") < 25 ? strcspn(l + 7, "\n") : 25), l + 7);
    return n;
}

/* The detail under the check whose line starts with head ("SKIP  plays ..."). */
static const char *detail_of(const char *out, const char *head)
{
    const char *line = strstr(out, head);
    return line ? strchr(line, '\n') + 1 : NULL;
}

/* Run doctor with options, then "--" and a test bot's command. */
static void run_doctor(const char *const *options, const char *bot, const char *mode,
                       const char *arg)
{
    char *argv[24];
    int n = 0;
    argv[n++] = REFEREE_BIN;
    argv[n++] = "doctor";
    while (*options)
        argv[n++] = (char *)*options++;
    argv[n++] = "--";
    argv[n++] = (char *)bot;
    argv[n++] = (char *)mode;
    if (arg)
        argv[n++] = (char *)arg;
    argv[n] = NULL;
    cr_assert_eq(run_program(argv, NULL, &r), 0);
}

/* That doctor exited 1 with one FAIL, that of check (its line's start). */
static void expect_only_fail(const char *check, const char *what)
{
    char fails[512], want[64];
    snprintf(want, sizeof(want), "%.25s|", check);
    cr_expect_eq(r.status, 1, "%s: %s", what, r.out);
    cr_expect_eq(fails_of(r.out, fails, sizeof(fails)), 1, "%s: %s", what, r.out);
    cr_expect_str_eq(fails, want, "%s: %s", what, r.out);
}

struct mistake {
    char mode[16];  /* and its argument after a space, if any */
    char fails[32]; /* the one check that FAILs: the start of its line */
    char says[48];  /* in its detail */
};

/* Each first mistake of a new bot's author FAILs its own check, and no other. */
ParameterizedTestParameters(doctor, each_first_mistake_fails_its_own_check_alone)
{
    static struct mistake cases[] = {
        {"buffered", "flushes its standard outp", "\"a1\" as it exited once its input was"},
        {"silent", "starts and answers its fi", "exited without a word"},
        {"twolines", "writes one line a turn an", "wrote when not asked"},
        {"garbage", "replies in the game's not", "got \"hello\""},
        {"onegame", "plays several games in on", "ended after game 1"},
        {"ignoreterm", "exits on quit within the ", "still running"},
        {"strict", "ignores unknown kinds of ", "futurekey 7"},
        {"hello", "writes one line a turn an", "\"hello\""},
        {"outofturn", "plays both sides", "the mark of the other side"},
        {"crash", "starts and answers its fi", "crashed (signal 11)"},
        /* A command that exits at once (`python3 missing.py`): doctor's seat
         * is strict, it is not started again as a tournament would. */
        {"exit 2", "starts and answers its fi", "exited (status 2), in game 1, before its"},
        /* The same line a moment after a legal move: caught after that reply
         * by the watch over a game's first turns, not as the next turn's. */
        {"late 0", "writes one line a turn an", "after its reply \"a1\": wrote when not"},
        /* Its move ended by a CR alone: no line comes, and the reason says why,
         * not that it should think less. */
        {"cr", "writes one line a turn an", "ended its line with CR: end lines with"},
    };
    return cr_make_param_array(struct mistake, cases, sizeof(cases) / sizeof(cases[0]));
}

ParameterizedTest(struct mistake *m, doctor, each_first_mistake_fails_its_own_check_alone,
                  .timeout = 60)
{
    static const char *const options[] = {"--movetime", "300", "--firstmove", "1000", NULL};
    char head[64], mode[16];
    snprintf(mode, sizeof(mode), "%s", m->mode);
    char *arg = strchr(mode, ' '); /* "exit 2": the mode and its argument */
    if (arg)
        *arg++ = '\0';
    run_doctor(options, FIXTURE, mode, arg);
    expect_only_fail(m->fails, m->mode);
    snprintf(head, sizeof(head), "FAIL  %s", m->fails);
    const char *detail = detail_of(r.out, head);
    cr_assert_not_null(detail, "%s: %s", m->mode, r.out);
    const char *says = strstr(detail, m->says);
    cr_expect(says && says < strchr(detail, '\n'), "%s: %s", m->mode, detail);
}

/* A mode of the fixture bot, and what its foul's reason says wherever its
 * game is: the reason whole when it does not name the position. */
struct judged_mode {
    char mode[16];
    char arg[8];
    char stem[40]; /* in the match's reason and in doctor's FAIL */
    bool whole;    /* the match's reason is in doctor's FAIL, whole */
};

ParameterizedTestParameters(doctor, each_fixture_mode_fails_with_the_reason_a_match_records)
{
    static struct judged_mode modes[] = {
        {"outofturn", "", "wrote the opponent's mark (", false},
        {"garbage", "", "malformed reply \"hello\"", true},
        {"say", "d9", "illegal move d9 (no such square)", true},
        {"occupied", "", " (occupied)", false},
        {"huge", "", "reply longer than 256 bytes", true},
        {"crash", "", "crashed (signal 11)", true},
        {"exitafter", "", "exited (status 0)", true},
        {"closeout", "", "closed its output", true},
        {"unasked", "", "wrote when not asked \"", false},
    };
    return cr_make_param_array(struct judged_mode, modes, sizeof(modes) / sizeof(modes[0]));
}

/* doctor plays its games in the match's loop: each mode's FAIL quotes the
 * reason a match records in games.csv for the same reply (the position, and
 * so a square in it, may differ: then the words that do not depend on it). */
ParameterizedTest(struct judged_mode *m, doctor,
                  each_fixture_mode_fails_with_the_reason_a_match_records, .timeout = 60)
{
    static const char *const options[] = {"--movetime", "300", "--firstmove", "1000", NULL};
    char dir[64], bot[128], good[128], reason[160];
    struct table t;

    test_tmpdir(dir, "doctor");
    snprintf(bot, sizeof(bot), "cpu=%s %s %s", FIXTURE, m->mode, m->arg);
    snprintf(good, sizeof(good), "good=%s legal", FIXTURE);
    char *match[] = {REFEREE_BIN, "match",      "--bot", good,        "--bot", bot,       "--games",
                     "1",         "--movetime", "300",   "--results", dir,     "--quiet", NULL};
    cr_assert_eq(run_program(match, NULL, &r), 0);
    test_load(&t, dir, "games.csv");
    cr_assert_eq(t.nrows, 1);
    snprintf(reason, sizeof(reason), "%s", test_cell(&t, 0, "reason"));
    table_release(&t);
    cr_expect(strstr(reason, m->stem), "%s: the match's reason: %s", m->mode, reason);
    run_doctor(options, FIXTURE, m->mode, m->arg[0] ? m->arg : NULL);
    const char *fail = strstr(r.out, "\nFAIL  ");
    cr_assert_not_null(fail, "%s: %s", m->mode, r.out);
    const char *detail = strchr(fail + 1, '\n') + 1, *end = strchr(detail, '\n');
    const char *said = strstr(detail, m->whole ? reason : m->stem);
    cr_expect(said && said < end, "%s: the match says '%s', doctor: %.*s", m->mode, reason,
              (int)(end - detail), detail);
}

/* A bot that starts in 1.5 s and prints one debug line: every process of it,
 * restarted after the foul, gets the first-move allowance again, so its one
 * true FAIL is the debug line, and what it never reached is SKIP. */
Test(doctor, a_restarted_bot_gets_the_first_move_allowance_again, .timeout = 60)
{
    static const char *const options[] = {"--movetime", "300", "--firstmove", "3000", NULL};
    run_doctor(options, DOCTORBOT, "slowdebug", "1500");
    expect_only_fail("writes one line a turn an", "");
    const char *lines = detail_of(r.out, "FAIL  writes one line a turn");
    cr_assert_not_null(lines);
    /* Whether it had read its turn by the time its line was read is a race. */
    cr_expect(strstr(lines, "got \"debug: ready\" before it read the turn") ||
                  strstr(lines, "got \"debug: ready\", then: wrote when not asked \"a1\""),
              "%s", lines);
    cr_expect(strstr(r.out, "PASS  starts and answers its first turn"), "%s", r.out);
    const char *legal = detail_of(r.out, "SKIP  replies in the game's notation");
    cr_assert_not_null(legal, "%s", r.out);
    cr_expect(strncmp(legal, "      not reached: ", 19) == 0, "%s", legal);
}

/* Nothing back for a turn it never read is a slow start, not a buffer: its
 * output is not blamed, and it is told what to change. */
Test(doctor, a_bot_slower_to_start_than_the_limit_is_not_told_to_flush, .timeout = 60)
{
    static const char *const options[] = {"--movetime", "300", "--firstmove", "500", NULL};
    run_doctor(options, DOCTORBOT, "slowstart", "1500");
    expect_only_fail("starts and answers its fi", "");
    const char *start = detail_of(r.out, "FAIL  starts and answers");
    cr_assert_not_null(start, "%s", r.out);
    cr_expect(strstr(start, "it had not read a byte of it 500 ms later: it is slower than that "
                            "to start (raise --firstmove"),
              "%s", start);
}

/* A bot that dies in every game it starts never showed that it can play on
 * after a result: SKIP, with why; its death is under its own check. */
Test(doctor, a_bot_that_dies_in_its_first_game_is_skip_on_several_games, .timeout = 60)
{
    /* In connect four the bot has 3 turns at least in each game: it exits at its 3rd. */
    static const char *const options[] = {"--game", "connect4", "--games", "2", NULL};
    run_doctor(options, FIXTURE, "exitafter", NULL);
    expect_only_fail("keeps running through a g", "");
    cr_expect(strstr(r.out, "exited (status 0), in game 1"), "%s", r.out);
    const char *games = detail_of(r.out, "SKIP  plays several games in one process");
    cr_assert_not_null(games, "%s", r.out);
    cr_expect(strncmp(games, "      not reached: no process of it finished a game", 51) == 0, "%s",
              games);
}

/* Its last move again before its move, from its second turn on: the first
 * line is read as the reply (an occupied square), the second is its real
 * move. Two lines a turn, not an illegal move, and not the probes' fault. */
Test(doctor, a_bot_writing_two_lines_a_turn_fails_one_line_a_turn, .timeout = 60)
{
    static const char *const options[] = {NULL};
    run_doctor(options, DOCTORBOT, "repeat", NULL);
    expect_only_fail("writes one line a turn an", "");
    cr_expect(strstr(r.out, "\", then: wrote when not asked \""), "%s", r.out);
    cr_expect(strstr(r.out, "PASS  replies in the game's notation"), "%s", r.out);
}

/* The commonest parser reads the turn line by position; a key added before
 * legal breaks it, and the FAIL says what to change. */
Test(doctor, a_bot_that_reads_the_turn_line_by_position_fails_with_the_fix, .timeout = 60)
{
    static const char *const options[] = {NULL};
    run_doctor(options, DOCTORBOT, "positional", NULL);
    expect_only_fail("ignores unknown kinds of ", "");
    const char *detail = detail_of(r.out, "FAIL  ignores unknown");
    cr_assert_not_null(detail);
    cr_expect(strstr(detail, "a turn line with \"futurekey 7.5\" before legal broke it (got "
                             "\"7.5\")"),
              "%s", detail);
    cr_expect(strstr(detail, "read keys by name, not by position"), "%s", detail);
    cr_expect(strstr(detail, "skip unknown ones"), "%s", detail);

    /* Read by name, it goes on past every probe: on game, turn and result
     * lines, and a line of an unknown kind. */
    run_doctor(options, DOCTORBOT, "byname", NULL);
    cr_expect_eq(r.status, 0, "%s", r.out);
    const char *forward = detail_of(r.out, "PASS  ignores unknown");
    cr_assert_not_null(forward, "%s", r.out);
    cr_expect(strstr(forward, "game, turn and result lines, and a line of an unknown kind"), "%s",
              forward);
}

/* A bot that chokes on what a later version may add FAILs forward
 * compatibility alone, the probe it choked on named. */
ParameterizedTestParameters(doctor, each_line_it_cannot_skip_is_named)
{
    static struct mistake cases[] = {
        {"unknown", "ignores unknown kinds of ", "then a line \"future-kind 1 2 3\", broke it"},
        {"strictresult", "ignores unknown kinds of ", "a result line with \"futurekey 7.5\""},
    };
    return cr_make_param_array(struct mistake, cases, sizeof(cases) / sizeof(cases[0]));
}

ParameterizedTest(struct mistake *m, doctor, each_line_it_cannot_skip_is_named, .timeout = 60)
{
    static const char *const options[] = {NULL};
    run_doctor(options, DOCTORBOT, m->mode, NULL);
    expect_only_fail(m->fails, m->mode);
    const char *detail = detail_of(r.out, "FAIL  ignores unknown");
    cr_assert_not_null(detail, "%s: %s", m->mode, r.out);
    cr_expect(strstr(detail, m->says), "%s: %s", m->mode, detail);
}

/* doctor --proto: a Gomocup brain and a GTP engine are talked to through
 * their adapters, as a tournament does, and pass; what is not of their
 * protocol is SKIP, with why. */
Test(doctor, engines_pass_in_their_own_protocol, .timeout = 120)
{
    char *brain[] = {REFEREE_BIN, "doctor", "--proto", "gomocup", "--", BOTDIR "pbrain", NULL};
    cr_assert_eq(run_program(brain, NULL, &r), 0);
    cr_expect_eq(r.status, 0, "%s", r.out);
    cr_expect(strstr(r.out, "referee doctor: bot, gomoku: 4 games"), "%s", r.out);
    /* A brain is kept from game to game with RESTART, as Piskvork keeps it. */
    cr_expect(strstr(r.out, "PASS  plays several games in one process"), "%s", r.out);
    cr_expect(strstr(r.out, "SKIP  ignores unknown kinds of lines"), "%s", r.out);
    cr_expect(strstr(r.out, "PASS  exits on quit"), "%s", r.out);

    /* A brain that answers UNKNOWN to a move: its own check, in its words. */
    char *unknown[] = {REFEREE_BIN, "doctor",  "--proto", "gomocup",
                       "--",        GOMOBRAIN, "unknown", NULL};
    cr_assert_eq(run_program(unknown, NULL, &r), 0);
    cr_expect_eq(r.status, 1, "%s", r.out);
    const char *legal = detail_of(r.out, "FAIL  replies in the game's notation");
    cr_assert_not_null(legal, "%s", r.out);
    cr_expect(strstr(legal, "BEGIN\\r\\n\": answered \"UNKNOWN\""), "%s", legal);

    /* Its handshake has --startup, as in a tournament. */
    char *slow[] = {REFEREE_BIN, "doctor",  "--proto",   "gomocup", "--startup", "300",
                    "--",        GOMOBRAIN, "slowstart", "1500",    NULL};
    cr_assert_eq(run_program(slow, NULL, &r), 0);
    cr_expect_eq(r.status, 1, "%s", r.out);
    const char *start = detail_of(r.out, "FAIL  starts and answers its first turn");
    cr_assert_not_null(start, "%s", r.out);
    cr_expect(strstr(start, "no gomocup handshake within 300 ms (--startup)"), "%s", start);

    char *bad[] = {REFEREE_BIN, "doctor", "--proto", "uci", "--", BOTDIR "pbrain", NULL};
    cr_assert_eq(run_program(bad, NULL, &r), 0);
    cr_expect_eq(r.status, 2);
    cr_expect(strstr(r.err, "--proto 'uci': the protocol is referee, gtp, gomocup or nboard"), "%s",
              r.err);

    if (access(RHINO, X_OK) != 0)
        cr_skip_test("no " RHINO ": install Debian's grhino (scripts/deps --test does)");
    char *rhino[] = {REFEREE_BIN, "doctor", "--proto", "gtp", "--", RHINO, "-l", "1", NULL};
    cr_assert_eq(run_program(rhino, NULL, &r), 0);
    cr_expect_eq(r.status, 0, "%s", r.out);
    cr_expect(strstr(r.out, "referee doctor: bot, reversi: 4 games"), "%s", r.out);
    cr_expect(strstr(r.out, "PASS  plays the special positions of its game\n      a forced pass"),
              "%s", r.out);
    cr_expect(strstr(r.out, "PASS  plays several games in one process"), "%s", r.out);
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

/* A slip in a game whose turn lines carry the unknown key, at a turn after
 * one it went past with the same key, that the replay does not make again:
 * the slip's own check, not forward compatibility (the key did not break it). */
Test(doctor, a_slip_after_a_probe_it_went_past_is_not_the_probes, .timeout = 60)
{
    static const char *const options[] = {NULL};
    char dir[64], mark[96];
    test_tmpdir(dir, "doctor");
    snprintf(mark, sizeof(mark), "%s/slipped", dir);
    run_doctor(options, DOCTORBOT, "sliponce", mark);
    expect_only_fail("replies in the game's not", "");
    const char *legal = detail_of(r.out, "FAIL  replies in the game's");
    cr_assert_not_null(legal, "%s", r.out);
    cr_expect(strstr(legal, "got \"z9\": illegal move z9"), "%s", legal);
}
