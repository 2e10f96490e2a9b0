/* test_reworded.c: a foul's words are for people. build/referee-reworded is
 * referee with other words for the fouls code once told apart by reading
 * them (tests/reworded/player_words.c); doctor's verdicts and a run's flush
 * hint are the same from it as from referee, since both decide on the foul's
 * kind (enum foul_detail), never on its words. */
#include "run.h"

#include <criterion/criterion.h>
#include "helpers.h"
#include <stdio.h>
#include <string.h>

#define FIXTURE   BUILD_DIR "/testbots/fixture"
#define DOCTORBOT BUILD_DIR "/testbots/doctorbot"
#define GOMOBRAIN BUILD_DIR "/testbots/gomobrain"

static const char *const binaries[2] = {REFEREE_BIN, REWORDED_BIN};

static struct run_result r;

/* A bot silent from its first turn loses on time in the words of the binary
 * that judged it, and the run names how its language flushes either way. */
Test(reworded, a_silent_bot_gets_the_flush_hint_in_other_words_too, .timeout = 60)
{
    static const char *const says[2] = {
        "timeout (no output at all: is standard output flushed after each line?)",
        "late and mute: not one byte came"};

    for (int i = 0; i < 2; i++) {
        char dir[64];
        test_tmpdir(dir, "reworded");
        char *run[] = {(char *)binaries[i],
                       "match",
                       "--bot",
                       "a=" FIXTURE " silent",
                       "--bot",
                       "b=" FIXTURE " legal",
                       "--games",
                       "1",
                       "--movetime",
                       "100",
                       "--firstmove",
                       "200",
                       "--results",
                       dir,
                       "-q",
                       NULL};
        cr_assert_eq(run_program(run, NULL, &r), 0);
        cr_expect_eq(r.status, 0, "%s: %s", binaries[i], r.err);
        struct table t;
        test_load(&t, dir, "games.csv");
        cr_expect_str_eq(test_cell(&t, 0, "reason"), says[i], "%s", binaries[i]);
        table_release(&t);
        cr_expect(strstr(r.err, "bot 'a' timed out without writing a byte") &&
                      strstr(r.err, "fflush(stdout)"),
                  "%s: %s", binaries[i], r.err);
    }
}

/* The checks that FAIL in out, each line after "FAIL  " up to its end, '|'
 * after each, into fails (cap bytes). */
static void fails_of(const char *out, char *fails, size_t cap)
{
    size_t at = 0;
    fails[0] = '\0';
    for (const char *l = out; (l = strstr(l, "\nFAIL  ")) != NULL && at < cap; l++)
        at += (size_t)snprintf(fails + at, cap - at, "%.*s|", (int)strcspn(l + 7, "\n"), l + 7);
}

/* Doctor run by binary on bot (its words, then NULL after the options). */
static void run_doctor(const char *binary, const char *const *words)
{
    char *argv[24];
    int n = 0;
    argv[n++] = (char *)binary;
    argv[n++] = "doctor";
    while (*words)
        argv[n++] = (char *)*words++;
    argv[n] = NULL;
    cr_assert_eq(run_program(argv, NULL, &r), 0);
}

/* Each mistake whose foul has words of player_words.c: the same checks FAIL,
 * with the same exit status, whichever words the foul has. */
Test(reworded, doctor_gives_the_same_verdicts_in_other_words, .timeout = 120)
{
    static const char *const cases[][12] = {
        /* timed out without a byte: the buffer found as it exits */
        {"--movetime", "300", "--firstmove", "1000", "--", FIXTURE, "buffered", NULL},
        /* timed out without a byte, and no byte at exit either */
        {"--movetime", "300", "--firstmove", "1000", "--", FIXTURE, "silent", NULL},
        /* its line ended by a CR alone */
        {"--movetime", "300", "--firstmove", "1000", "--", FIXTURE, "cr", NULL},
        /* more lines for its log than allowed: a flood, not a long reply */
        {"--game", "gomoku", "--proto", "gomocup", "--movetime", "300", "--firstmove", "1000", "--",
         GOMOBRAIN, "flood", NULL},
    };

    for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
        char fails[2][1024];
        int status[2];
        for (int i = 0; i < 2; i++) {
            run_doctor(binaries[i], cases[c]);
            status[i] = r.status;
            fails_of(r.out, fails[i], sizeof(fails[i]));
        }
        cr_expect_str_eq(fails[1], fails[0], "case %zu: %s", c, r.out);
        cr_expect_eq(status[1], status[0], "case %zu", c);
        cr_expect(fails[0][0], "case %zu: no FAIL", c);
    }
    /* The flood's words are the reworded binary's: the case was reworded. */
    cr_expect(strstr(r.out, "too many log lines (1001 lines)"), "%s", r.out);
}

/* A debug line written before the bot read its turn is told as such, in
 * either words: the foul's own quote of the line is not the doctor's clue. */
Test(reworded, doctor_tells_a_line_written_before_the_turn_in_other_words, .timeout = 60)
{
    static const char *const words[] = {"--movetime", "300",       "--firstmove", "3000", "--",
                                        DOCTORBOT,    "slowdebug", "1500",        NULL};

    run_doctor(REWORDED_BIN, words);
    cr_expect_eq(r.status, 1, "%s", r.out);
    const char *fail = strstr(r.out, "FAIL  writes one line a turn");
    cr_assert_not_null(fail, "%s", r.out);
    /* Whether it had read its turn by the time its line was read is a race:
     * the line before it read the turn, or its move after the line. */
    cr_expect(strstr(fail, "got \"debug: ready\" before it read the turn") ||
                  strstr(fail, "got \"debug: ready\", then: wrote when not asked \"a1\""),
              "%s", fail);
}
