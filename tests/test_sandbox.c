/* test_sandbox.c: --sandbox, with real bubblewrap sandboxes: a bot that tries
 * to read the run's games.csv, to reach a server on 127.0.0.1 and to see
 * other processes is refused all three, and still plays; without the sandbox
 * the same probe succeeds (so the test can fail). Skipped, saying why, only
 * where bubblewrap cannot make a sandbox. */
#include "helpers.h"
#include "run.h"

#include <arpa/inet.h>
#include <criterion/criterion.h>
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#define FIXTURE BUILD_DIR "/testbots/fixture"

static struct run_result r;

static void need_bwrap(void)
{
    char *trial[] = {"/bin/sh", "-c",
                     "exec bwrap --ro-bind / / --unshare-all --die-with-parent true", NULL};
    if (run_program(trial, NULL, &r) != 0 || r.status != 0)
        cr_skip_test("bubblewrap cannot make a sandbox here (install Debian's bubblewrap; "
                     "user namespaces must be allowed): status %d %s",
                     r.status, r.err);
}

/* A listening socket on 127.0.0.1; returns its port. */
static int listen_local(int *fd)
{
    struct sockaddr_in at = {.sin_family = AF_INET};
    socklen_t len = sizeof(at);
    at.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    *fd = socket(AF_INET, SOCK_STREAM, 0);
    cr_assert_geq(*fd, 0);
    cr_assert_eq(bind(*fd, (struct sockaddr *)&at, sizeof(at)), 0);
    cr_assert_eq(listen(*fd, 4), 0);
    cr_assert_eq(getsockname(*fd, (struct sockaddr *)&at, &len), 0);
    return ntohs(at.sin_port);
}

/* Play a match of the probe against a random bot, with or without --sandbox;
 * log gets the probe's log. */
static void probe_match(bool sandbox, int port, char *log, size_t cap)
{
    char dir[64], work[64], bot[256], at[96];
    test_tmpdir(dir, "sandbox");
    test_tmpdir(work, "sandboxwork"); /* its own directory, where it may write */
    snprintf(bot, sizeof(bot), "probe=" FIXTURE " probe %s/games.csv %d", dir, port);
    snprintf(at, sizeof(at), "probe=%s", work);
    char *run[] = {REFEREE_BIN, "match",
                   "--bot",     bot,
                   "--dir",     at,
                   "--bot",     "r=" BOTDIR "random",
                   "--games",   "2",
                   "--results", dir,
                   "-q",        sandbox ? "--sandbox" : NULL,
                   NULL};
    cr_assert_eq(run_program(run, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    struct table t;
    test_load(&t, dir, "games.csv");
    cr_expect_eq(t.nrows, 2);
    for (size_t i = 0; i < t.nrows; i++)
        cr_expect_str_eq(test_cell(&t, i, "foul"), "", "it still plays: %s",
                         test_cell(&t, i, "reason"));
    table_release(&t);
    test_slurp(dir, "logs/probe.log", log, cap);
}

Test(sandbox, a_sandboxed_bot_sees_no_results_no_network_no_processes, .timeout = 60)
{
    need_bwrap();
    char log[8192];
    int server, port = listen_local(&server);

    probe_match(false, port, log, sizeof(log));
    cr_expect(strstr(log, "probe open ok\n"), "the probe can fail: %s", log);
    cr_expect(strstr(log, "probe connect ok\n"), "%s", log);

    probe_match(true, port, log, sizeof(log));
    cr_expect(strstr(log, "probe open refused\n"), "games.csv is out of sight: %s", log);
    cr_expect(strstr(log, "probe connect refused\n"), "no network: %s", log);
    const char *pids = strstr(log, "probe pids ");
    cr_assert_not_null(pids, "%s", log);
    cr_expect_leq(atoi(pids + 11), 3, "only bubblewrap's init and itself: %s", log);
    cr_expect(strstr(log, "probe write-cwd ok\n"), "its own directory is writable: %s", log);
    /* Run by root, a sandbox that kept its capabilities could unmount its masks. */
    cr_expect(strstr(log, "probe caps 0000000000000000\n"), "no capability: %s", log);
    close(server);
}

/* Without bubblewrap, --sandbox is refused in one line, before any game. */
Test(sandbox, without_bubblewrap_sandbox_is_refused, .timeout = 30)
{
    char dir[64];
    test_tmpdir(dir, "sandbox");
    char *path = getenv("PATH");
    char saved[4096];
    snprintf(saved, sizeof(saved), "%s", path ? path : "");
    setenv("PATH", "/nonexistent", 1);
    char *run[] = {REFEREE_BIN, "match",
                   "--bot",     "a=" BOTDIR "random",
                   "--bot",     "b=" BOTDIR "random",
                   "--sandbox", "--results",
                   dir,         "-q",
                   NULL};
    int rc = run_program(run, NULL, &r);
    setenv("PATH", saved, 1);
    cr_assert_eq(rc, 0);
    cr_expect_eq(r.status, 4, "%s", r.err);
    cr_expect(strstr(r.err, "--sandbox: bubblewrap (bwrap) not found"), "%s", r.err);
    cr_expect(access(dir, F_OK) != 0 || access(strcat(dir, "/games.csv"), F_OK) != 0,
              "no game was played");
}

/* A bot working inside the results folder would see it: refused, in one line,
 * before any game. */
Test(sandbox, a_bot_working_in_the_results_folder_is_refused, .timeout = 30)
{
    char dir[64], inside[96];
    test_tmpdir(dir, "sandbox");
    snprintf(inside, sizeof(inside), "a=%s/a", dir);
    char *run[] = {REFEREE_BIN, "match",     "--bot", "a=" BOTDIR "random",
                   "--dir",     inside,      "--bot", "b=" BOTDIR "random",
                   "--sandbox", "--results", dir,     "-q",
                   NULL};
    cr_assert_eq(run_program(run, NULL, &r), 0);
    cr_expect_eq(r.status, 2, "%s", r.err);
    cr_expect(strstr(r.err, "inside the results folder it must not see"), "%s", r.err);
}

/* The private /tmp hides what is in the real one, but not a bot's own
 * program: one copied under /tmp still runs, and plays. */
Test(sandbox, a_bot_whose_program_is_under_tmp_still_runs, .timeout = 60)
{
    need_bwrap();
    char dir[64], copy[64], cmd[256], bot[128];
    test_tmpdir(dir, "sandbox");
    test_tmpdir(copy, "sandboxprog");
    snprintf(cmd, sizeof(cmd), "cp " FIXTURE " %s/fixture", copy);
    char *cp[] = {"/bin/sh", "-c", cmd, NULL};
    cr_assert_eq(run_program(cp, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    snprintf(bot, sizeof(bot), "a=%s/fixture legal", copy);
    char *run[] = {REFEREE_BIN, "match",     "--bot", bot,  "--bot", "b=" BOTDIR "random",
                   "--sandbox", "--results", dir,     "-q", NULL};
    cr_assert_eq(run_program(run, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    struct table t;
    test_load(&t, dir, "games.csv");
    for (size_t i = 0; i < t.nrows; i++)
        cr_expect_str_eq(test_cell(&t, i, "foul"), "", "%s", test_cell(&t, i, "reason"));
    table_release(&t);
}
