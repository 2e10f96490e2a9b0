/* test_contain.c: a bot holds no more than its limits and outlives nothing:
 * memory in memfds counts in --memory, no user namespace inside the sandbox,
 * a setsid daemon dies with a referee killed by SIGKILL (with and without
 * --sandbox), and a spawn starved by a fork bomb names the bomb. Real
 * referee runs, real bots (tests/bots/hog.c), real cgroups and sandboxes;
 * skipped, with the reason, where the machine has none. */
#include "helpers.h"
#include "bwrap.h"
#include "proc.h"
#include "run.h"

#include <criterion/criterion.h>
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>

#define HOG     BUILD_DIR "/testbots/hog"
#define FIXTURE BUILD_DIR "/testbots/fixture"

static struct run_result r;

static void sleep_ms(long ms)
{
    nanosleep(&(struct timespec){ms / 1000, (ms % 1000) * 1000000L}, NULL);
}

/* The last number after `key` in text, or -1. */
static long last_number(const char *text, const char *key)
{
    long n = -1;
    for (const char *at = text; (at = strstr(at, key)); at += strlen(key))
        n = atol(at + strlen(key));
    return n;
}

/* Under --memory 256 (run 0 plain, run 1 with --sandbox), a bot that fills
 * memfds with 1 GiB (each 64 MiB file under the file cap, none of it in its
 * address space) holds 256 MiB at most, and its end is its own foul that
 * says why. Before the memory cgroup it held all 1024 MiB and played on. */
Test(contain, memfds_past_memory_are_the_bots_foul, .timeout = 120)
{
    char why[256];
    if (!proc_has_memory_cgroups(why, sizeof(why)))
        cr_skip_test("no memory cgroup for each bot here: %s", why);
    for (int sandboxed = 0; sandboxed < 2; sandboxed++) {
        if (sandboxed)
            test_need_bwrap();
        char dir[64], log[8192];
        test_tmpdir(dir, "contain");
        char *argv[] = {REFEREE_BIN, "match",
                        "--bot",     "h=" HOG " memfd 1024",
                        "--bot",     "l=" FIXTURE " legal",
                        "--games",   "2",
                        "--memory",  "256",
                        "--results", dir,
                        "-q",        sandboxed ? "--sandbox" : NULL,
                        NULL};
        cr_assert_eq(run_program(argv, NULL, &r), 0);
        cr_assert_eq(r.status, 0, "%s", r.err);
        test_slurp(dir, "logs/h.log", log, sizeof(log));
        long held = last_number(log, "memfd held ");
        cr_expect_leq(held, 256, "sandboxed %d: it held %ld MiB:\n%s", sandboxed, held, log);
        struct table t;
        test_load(&t, dir, "games.csv");
        cr_assert_eq(t.nrows, 2);
        for (size_t i = 0; i < t.nrows; i++) {
            cr_expect_str_eq(test_cell(&t, i, "foul_by"), "h");
            cr_expect_str_eq(test_cell(&t, i, "foul"), "crashed");
            cr_expect_str_eq(test_cell(&t, i, "reason"),
                             "killed: out of memory (--memory 256 MiB)");
        }
        table_release(&t);
    }
}

/* Inside the sandbox a bot cannot make a user namespace (and so no mount of
 * its own, such as a tmpfs outside --disk). Before: 'userns ok'. */
Test(contain, a_sandboxed_bot_cannot_make_a_user_namespace, .timeout = 60)
{
    test_need_bwrap();
    char dir[64], log[4096];
    test_tmpdir(dir, "contain");
    char *argv[] = {
        REFEREE_BIN, "match", "--bot",     "u=" HOG " userns", "--bot", "l=" FIXTURE " legal",
        "--games",   "1",     "--sandbox", "--results",        dir,     "-q",
        NULL};
    cr_assert_eq(run_program(argv, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_expect(!strstr(r.err, "cannot forbid user namespaces"), "%s", r.err);
    test_slurp(dir, "logs/u.log", log, sizeof(log));
    cr_expect(strstr(log, "userns refused"), "%s", log);
    cr_expect(!strstr(log, "userns ok"), "%s", log);
}

/* The processes whose command line holds mark (pids into found, up to cap);
 * how many. */
static int processes_marked(const char *mark, pid_t *found, int cap)
{
    int n = 0;
    DIR *d = opendir("/proc");
    for (struct dirent *e; d && (e = readdir(d));) {
        char path[300], text[4096];
        int pid = atoi(e->d_name);
        if (pid <= 0 || pid == getpid())
            continue;
        snprintf(path, sizeof(path), "/proc/%d/cmdline", pid);
        int fd = open(path, O_RDONLY);
        ssize_t k = fd >= 0 ? read(fd, text, sizeof(text) - 1) : -1;
        if (fd >= 0)
            close(fd);
        for (ssize_t i = 0; i < k; i++)
            text[i] = text[i] ? text[i] : ' ';
        text[k > 0 ? k : 0] = '\0';
        if (k > 0 && strstr(text, mark) && n < cap)
            found[n++] = (pid_t)pid;
    }
    if (d)
        closedir(d);
    return n;
}

/* processes_marked(mark, left, 16) once they had a second to go: how many
 * are left. */
static int marked_after_a_second(const char *mark, pid_t *left)
{
    int n = processes_marked(mark, left, 16);
    for (int i = 0; i < 1000 && n > 0; i++) {
        sleep_ms(1);
        n = processes_marked(mark, left, 16);
    }
    return n;
}

static off_t size_of(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 ? st.st_size : -1;
}

/* How a run of the daemon test is played: plain, sandboxed, or plain as user
 * nobody, who can make no cgroup (the watchdog's sweep of /proc alone). */
enum how { PLAIN, SANDBOXED, AS_NOBODY, HOWS };

/* Start a long match of a bot whose daemon appends to <work>/scribe.txt,
 * wait until it writes, SIGKILL referee; its pid. */
static pid_t start_and_kill(const char *dir, const char *work, enum how how)
{
    char bot[256], at[128], path[128];
    snprintf(path, sizeof(path), "%s/scribe.txt", work);
    snprintf(bot, sizeof(bot), "s=" HOG " scribe %s", path);
    snprintf(at, sizeof(at), "s=%s", work);
    char *run[] = {TEST_NOBODY, REFEREE_BIN, "match",
                   "--bot",     bot,         "--dir",
                   at,          "--bot",     "l=" FIXTURE " stay",
                   "--games",   "100000",    "--results",
                   (char *)dir, "-q",        how == SANDBOXED ? "--sandbox" : NULL,
                   NULL};
    pid_t referee = test_start(how == AS_NOBODY ? run : run + TEST_NOBODY_WORDS, "/dev/null");
    for (int i = 0; i < 10000 && size_of(path) < 60; i++) /* 10 lines */
        sleep_ms(1);
    cr_assert_geq(size_of(path), 60, "the daemon never wrote to %s", path);
    kill(referee, SIGKILL);
    waitpid(referee, NULL, 0);
    return referee;
}

/* A bot's daemon (double fork, setsid, handed to referee as subreaper) that
 * writes to a file every 10 ms: SIGKILL referee, and within a second the file
 * stops growing and no process of the run is left (the daemon, the bot and
 * the watchdog all have the file's path in their command line). Run 0
 * plain, run 1 with --sandbox, run 2 plain as user nobody (no cgroup: the
 * watchdog finds the daemon by the run's mark in its environment). Before
 * the watchdog, the daemon of the plain runs wrote on. */
Test(contain, a_setsid_daemon_dies_with_a_referee_killed_by_sigkill, .timeout = 120)
{
    for (enum how how = PLAIN; how < HOWS; how++) {
        if (how == SANDBOXED)
            test_need_bwrap();
        if (how == AS_NOBODY && (getuid() != 0 || access("/usr/bin/setpriv", X_OK) != 0))
            continue; /* a plain user's run is PLAIN already; root needs setpriv */
        char dir[64], work[64], path[128];
        pid_t left[16];
        test_tmpdir(dir, "contain");
        test_tmpdir(work, "containwork");
        cr_assert_eq(chmod(dir, 0777) | chmod(work, 0777), 0);
        snprintf(path, sizeof(path), "%s/scribe.txt", work);
        start_and_kill(dir, work, how);
        int n = marked_after_a_second(path, left);
        cr_expect_eq(n, 0, "run %d: %d processes of the run outlived it, pid %d", how, n,
                     n ? (int)left[0] : 0);
        off_t before = size_of(path);
        sleep_ms(200);
        cr_expect_eq(size_of(path), before, "run %d: %s still grows", how, path);
        for (int i = 0; i < n; i++)
            kill(left[i], SIGKILL);
    }
    /* And a run that ends leaves nothing running either: the watchdog exits
     * with it. */
    char dir[64], work[64], bot[256], at[128], path[128];
    pid_t left[16];
    test_tmpdir(dir, "contain");
    test_tmpdir(work, "containwork");
    snprintf(path, sizeof(path), "%s/scribe.txt", work);
    snprintf(bot, sizeof(bot), "s=" HOG " scribe %s", path);
    snprintf(at, sizeof(at), "s=%s", work);
    char *argv[] = {REFEREE_BIN,           "match",   "--bot", bot,         "--dir", at,   "--bot",
                    "l=" FIXTURE " legal", "--games", "3",     "--results", dir,     "-q", NULL};
    cr_assert_eq(run_program(argv, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    int n = marked_after_a_second(path, left);
    cr_expect_eq(n, 0, "%d processes of an ended run are left, pid %d", n, n ? (int)left[0] : 0);
    for (int i = 0; i < n; i++)
        kill(left[i], SIGKILL);
}

/* As a plain user without cgroups (root plays as nobody), under a process
 * limit of the user's (prlimit --nproc 40) that every process of the run
 * shares: a fork bomb, kept alive between games, takes every process the
 * user has, and the bot it has not met yet cannot be started. Its games are
 * lost for want of processes, and the reason names the bomb, not only the
 * want. Before: 'could not start (resource temporarily unavailable)'. */
Test(contain, a_start_starved_by_a_fork_bomb_names_the_bomb, .timeout = 120)
{
    bool as_nobody = test_as_nobody();
    if (access("/usr/bin/prlimit", X_OK) != 0)
        cr_skip_test("no /usr/bin/prlimit (util-linux) to set the user's process limit");
    char dir[64];
    test_tmpdir_open(dir, "contain", 0777);
    char *argv[] = {TEST_NOBODY,
                    "/usr/bin/prlimit",
                    "--nproc=40",
                    REFEREE_BIN,
                    "tournament",
                    "--bot",
                    "bomb=" HOG " bomb",
                    "--bot",
                    "a=" FIXTURE " legal",
                    "--bot",
                    "b=" FIXTURE " legal",
                    "-j",
                    "1",
                    "--results",
                    dir,
                    "-q",
                    NULL};
    cr_assert_eq(run_program(as_nobody ? argv : argv + TEST_NOBODY_WORDS, NULL, &r), 0);
    struct table t;
    test_load(&t, dir, "games.csv");
    int named = 0;
    for (size_t i = 0; i < t.nrows; i++) {
        const char *reason = test_cell(&t, i, "reason");
        if (strcmp(test_cell(&t, i, "foul"), "could-not-start") != 0)
            continue;
        cr_expect_str_eq(test_cell(&t, i, "foul_by"), "b", "%s", reason);
        cr_expect(strstr(reason, "resource temporarily unavailable: bot 'bomb' holds "), "%s",
                  reason);
        named++;
    }
    table_release(&t);
    cr_expect_gt(named, 0, "no start was starved (status %d): %s", r.status, r.err);
}
