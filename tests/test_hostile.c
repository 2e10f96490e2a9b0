/* test_hostile.c: nothing a bot writes is trusted. Every byte 0x00-0xff inside
 * a reply: the reply is malformed unless printable ASCII, and the record, the
 * console and the other bot see the bot's bytes only escaped. */
#include "helpers.h"
#include "run.h"

#include <criterion/criterion.h>

#define FIXTURE BUILD_DIR "/testbots/fixture"

static struct run_result r;

/* Whether text holds only printable ASCII and newlines. */
static bool is_clean(const char *text, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)text[i];
        if (c != '\n' && (c < 0x20 || c > 0x7e))
            return false;
    }
    return true;
}

Test(hostile, every_byte_in_a_reply_is_judged_and_echoed_escaped, .timeout = 120)
{
    for (int b = 0; b < 256; b++) {
        char dir[64], bot[512], log[8192];
        test_tmpdir(dir, "hostile");
        snprintf(bot, sizeof(bot), "bad=" FIXTURE " byte %d", b);
        char *argv[] = {REFEREE_BIN, "match", "--bot",     bot, "--bot", "seer=" FIXTURE " tell",
                        "--games",   "1",     "--results", dir, NULL};
        cr_assert_eq(run_program(argv, NULL, &r), 0);
        cr_assert_eq(r.status, 0, "byte %d: %s", b, r.err);
        cr_expect(is_clean(r.out, strlen(r.out)), "byte %d: the console got it raw", b);
        struct table t;
        test_load(&t, dir, "games.csv");
        const char *reason = test_cell(&t, 0, "reason");
        cr_expect(is_clean(reason, strlen(reason)), "byte %d: reason %s", b, reason);
        cr_expect_str_eq(test_cell(&t, 0, "foul_by"), "bad", "byte %d: %s", b, reason);
        if (b != '\n') /* a newline splits it in two lines: "a1", then "z" */
            cr_expect_str_eq(test_cell(&t, 0, "foul"), "malformed", "byte %d: %s", b, reason);
        if (b == 0)
            cr_expect_str_eq(reason, "malformed reply \"a1\\0z\"", "not a1");
        if (b == 0x1b)
            cr_expect_str_eq(reason, "malformed reply \"a1\\x1bz\"");
        if (b == '\r')
            cr_expect_str_eq(reason, "malformed reply \"a1\\rz\"");
        table_release(&t);
        /* What the other bot was told, the result line's reason included. */
        test_slurp(dir, "logs/seer.log", log, sizeof(log));
        cr_expect(is_clean(log, strlen(log)), "byte %d: the opponent got it raw:\n%s", b, log);
        cr_expect(strstr(log, "result "), "byte %d: %s", b, log);
    }
}

Test(hostile, names_too_long_or_sharing_a_log_file_are_refused, .timeout = 30)
{
    char dir[64], longname[128];
    test_tmpdir(dir, "hostile");
    memset(longname, 'n', 65);
    strcpy(longname + 65, "=" FIXTURE " legal");
    char *argv[] = {REFEREE_BIN,           "match",     "--bot", longname, "--bot",
                    "b=" FIXTURE " legal", "--results", dir,     NULL};
    cr_assert_eq(run_program(argv, NULL, &r), 0);
    cr_expect_eq(r.status, 2, "%s", r.err);
    cr_expect(strstr(r.err, "is not 1 to 64 bytes of printable ASCII"), "%s", r.err);

    char *newline[] = {REFEREE_BIN, "match",
                       "--bot",     "two\nlines=" FIXTURE " legal",
                       "--bot",     "b=" FIXTURE " legal",
                       "--results", dir,
                       NULL};
    cr_assert_eq(run_program(newline, NULL, &r), 0);
    cr_expect_eq(r.status, 2, "%s", r.err);
    cr_expect(strstr(r.err, "bot name 'two\\nlines' is not"), "%s", r.err);

    char *clash[] = {
        REFEREE_BIN, "match", "--bot", "a b=" FIXTURE " legal", "--bot", "a_b=" FIXTURE " legal",
        "--results", dir,     NULL};
    cr_assert_eq(run_program(clash, NULL, &r), 0);
    cr_expect_eq(r.status, 2, "%s", r.err);
    cr_expect(strstr(r.err, "bots 'a b' and 'a_b' would share the log file"), "%s", r.err);
}

Test(hostile, log_cap_0_keeps_no_log, .timeout = 30)
{
    char dir[64], path[128];
    test_tmpdir(dir, "hostile");
    char *argv[] = {REFEREE_BIN, "match",
                    "--bot",     "a=" FIXTURE " stderr 4",
                    "--bot",     "b=" FIXTURE " legal",
                    "--log-cap", "0",
                    "--results", dir,
                    NULL};
    cr_assert_eq(run_program(argv, NULL, &r), 0);
    cr_expect_eq(r.status, 0, "%s", r.err);
    snprintf(path, sizeof(path), "%s/logs/a.log", dir);
    cr_expect_neq(access(path, F_OK), 0, "%s exists", path);
}
