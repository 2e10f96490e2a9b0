/* test_flush.c: one table says how a bot flushes, by its language; the console
 * after a silent timeout and doctor's checklist both name the same line. */
#include "flush.h"
#include "helpers.h"
#include "run.h"

#include <criterion/criterion.h>

static struct run_result r;

Test(flush, the_hint_follows_the_language_of_the_command, .timeout = 10)
{
    static const struct {
        char *argv[3];
        const char *says;
    } cases[] = {
        {{"python3", "bot.py", NULL}, "flush=True"},
        {{"./bot.py", NULL, NULL}, "flush=True"},
        {{"/usr/bin/perl", "mybots/bot.pl", NULL}, "$| = 1"},
        {{"perl", "-e", NULL}, "$| = 1"},
        {{"node", "bot.js", NULL}, "console.log"},
        {{"ruby", "bot.rb", NULL}, "$stdout.sync"},
        {{"gawk", "-f", NULL}, "fflush()"},
        {{"java", "-jar", NULL}, "System.out.flush()"},
        {{"bash", "bot.sh", NULL}, "stdbuf -oL"},
        {{"sh", "run.py", NULL}, "flush=True"}, /* the script says more than its shell */
        {{"./bot", NULL, NULL}, "fflush(stdout)"},
        {{"build/bots/random", "--seed", NULL}, "fflush(stdout)"},
        {{NULL, NULL, NULL}, "fflush(stdout)"},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        const char *hint = flush_hint(cases[i].argv);
        cr_expect(strstr(hint, cases[i].says), "case %zu (%s): %s", i,
                  cases[i].argv[0] ? cases[i].argv[0] : "(none)", hint);
    }
}

/* The case: a Perl bot that never flushes. doctor named C's fflush for
 * it while a match named Perl's $| = 1; both now name Perl's line. */
Test(flush, doctor_and_a_match_name_the_same_line_for_a_perl_bot, .timeout = 120)
{
    if (access("/usr/bin/perl", X_OK) != 0)
        cr_skip_test("no /usr/bin/perl to play the bot that never flushes");
    static char script[] = "while (<STDIN>) { print \"a1\\n\" if /^turn/ }";
    char *doctor[] = {REFEREE_BIN, "doctor",     "--games", "1",  "--firstmove",
                      "1500",      "--movetime", "300",     "--", "/usr/bin/perl",
                      "-e",        script,       NULL};
    cr_assert_eq(run_program(doctor, NULL, &r), 0);
    cr_expect_eq(r.status, 1, "%s%s", r.out, r.err);
    cr_expect(strstr(r.out, "FAIL  flushes its standard output") && strstr(r.out, "$| = 1"), "%s",
              r.out);

    char dir[64], bot[128];
    test_tmpdir(dir, "flush");
    snprintf(bot, sizeof(bot), "p=/usr/bin/perl -e '%s'", script);
    char *match[] = {REFEREE_BIN,          "match",   "--bot", bot,           "--bot",
                     "r=" BOTDIR "random", "--games", "1",     "--firstmove", "1500",
                     "--results",          dir,       NULL};
    cr_assert_eq(run_program(match, NULL, &r), 0);
    cr_expect_eq(r.status, 0, "%s", r.err);
    cr_expect(strstr(r.err, "Perl: $| = 1"), "%s", r.err);
}
