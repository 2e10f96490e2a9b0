/* test_sandbox.c: --sandbox, with real bubblewrap sandboxes: a bot that tries
 * to read the run's games.csv, to reach a server on 127.0.0.1 and to see
 * other processes is refused all three, and still plays; without the sandbox
 * the same probe succeeds (so the test can fail). Skipped, saying why, only
 * where bubblewrap cannot make a sandbox. */
#include "helpers.h"
#include "bwrap.h"
#include "proc.h"
#include "run.h"
#include "sandbox.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <stddef.h>
#include <criterion/criterion.h>
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#define FIXTURE BUILD_DIR "/testbots/fixture"

static struct run_result r;

/* A new folder (test_tmpdir) a sandboxed bot may write in, as its --dir: run
 * by root, its bots run as SANDBOX_USER_DEFAULT, whose folder it must be. */
static void bot_tmpdir(char *dir, const char *suite)
{
    test_tmpdir(dir, suite);
    if (getuid() == 0)
        cr_assert_eq(chown(dir, SANDBOX_USER_DEFAULT, SANDBOX_USER_DEFAULT), 0, "%s", dir);
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
    bot_tmpdir(work, "sandboxwork"); /* its own directory, where it may write */
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
    test_need_bwrap();
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
    test_need_bwrap();
    char dir[64], copy[64], prog[96], bot[128];
    test_tmpdir(dir, "sandbox");
    test_tmpdir_open(copy, "sandboxprog", 0755);
    snprintf(prog, sizeof(prog), "%s/fixture", copy);
    run_copy(&r, FIXTURE, prog);
    snprintf(bot, sizeof(bot), "a=%s legal", prog);
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

/* Play a match of bot a against bot b (each "NAME=COMMAND"), with the extra
 * words (NULL-ended, at most 12) after them; the status is r.status. */
static void match(const char *dir, const char *a, const char *b, const char *const *extra)
{
    char *run[32] = {REFEREE_BIN, "match",     "--bot",     (char *)a, "--bot",
                     (char *)b,   "--results", (char *)dir, "-q"};
    int n = 9;
    for (int i = 0; extra && extra[i] && n < 30; i++)
        run[n++] = (char *)extra[i];
    run[n] = NULL;
    cr_assert_eq(run_program(run, NULL, &r), 0);
}

/* True if files a and b hold the same bytes. */
static bool same_file(const char *a, const char *b)
{
    FILE *fa = fopen(a, "rb"), *fb = fopen(b, "rb");
    bool same = fa && fb;
    for (int ca = 0, cb = 0; same && ca != EOF; same = ca == cb) {
        ca = fgetc(fa);
        cb = fgetc(fb);
    }
    if (fa)
        fclose(fa);
    if (fb)
        fclose(fb);
    return same;
}

/* The attack of issue 27: a bot renames a script that always resigns over
 * its opponent's program, appends to it and to the results, and plants a
 * 'results' link for the next run. Sandboxed, without --dir, every attempt
 * fails, the opponent's program is unchanged and the games are honest;
 * unsandboxed (its own --dir, so that it litters nothing) the same attempt
 * succeeds, so the test can fail. */
Test(sandbox, a_hostile_bot_cannot_replace_its_opponent_or_touch_the_results, .timeout = 60)
{
    test_need_bwrap();
    char dir[64], progs[64], work[64], honest[96], kept[96], bot[128], x[640], at[96], log[8192];
    test_tmpdir(dir, "sandbox");
    test_tmpdir_open(progs, "sandboxprog", 0755);
    bot_tmpdir(work, "sandboxwork");
    snprintf(honest, sizeof(honest), "%s/honest", progs);
    snprintf(kept, sizeof(kept), "%s/kept", progs);
    run_copy(&r, FIXTURE, honest);
    run_copy(&r, FIXTURE, kept);
    snprintf(bot, sizeof(bot), "h=%s legal", honest);
    /* The program also a word of its own: a command naming a file shows it,
     * unless it is another bot's. */
    snprintf(x, sizeof(x), "x=" FIXTURE " usurp %s,%s/games.csv,%s/logs/h.log %s", honest, dir, dir,
             honest);

    match(dir, bot, x, (const char *const[]){"--games", "4", "--sandbox", NULL});
    cr_assert_eq(r.status, 0, "%s", r.err);
    test_expect_no_foul(dir);
    test_slurp(dir, "logs/x.log", log, sizeof(log));
    char unseen[160];
    snprintf(unseen, sizeof(unseen), "usurp %s unseen\n", honest);
    cr_expect(strstr(log, unseen), "its command names the program, yet it is out of sight: %s",
              log);
    const char *targets[] = {honest, "games.csv", "logs/h.log"};
    for (int i = 0; i < 3; i++) {
        char want[160];
        snprintf(want, sizeof(want), "%s%s refused\n", i ? "/" : "usurp ", targets[i]);
        cr_expect(strstr(log, want), "'%s' in %s", want, log);
    }
    cr_expect(same_file(honest, kept), "the opponent's program is unchanged");
    struct stat st;
    cr_expect(lstat("resigner", &st) != 0, "nothing written where referee runs");
    cr_expect(lstat("results", &st) != 0 || !S_ISLNK(st.st_mode), "no link planted");
    struct table t;
    test_load(&t, dir, "games.csv");
    for (size_t i = 0; i < t.nrows; i++)
        cr_expect(strstr(test_cell(&t, i, "reason"), "resign") == NULL, "%s",
                  test_cell(&t, i, "reason"));
    table_release(&t);

    /* The control: without the sandbox the same bot replaces its opponent. */
    char dir2[64];
    test_tmpdir(dir2, "sandbox");
    snprintf(x, sizeof(x), "x=" FIXTURE " usurp %s", kept);
    snprintf(at, sizeof(at), "x=%s", work);
    match(dir2, "r=" BOTDIR "random", x, (const char *const[]){"--dir", at, NULL});
    cr_assert_eq(r.status, 0, "%s", r.err);
    test_slurp(dir2, "logs/x.log", log, sizeof(log));
    cr_expect(strstr(log, "/kept ok\n"), "the attack can succeed: %s", log);
    cr_expect(!same_file(honest, kept), "it did replace the program");
}

/* A Unix socket listening at path ("@NAME": abstract), non-blocking; -1 if
 * it cannot be made there (a folder this user may not write). */
static int listen_unix(const char *path)
{
    struct sockaddr_un at = {.sun_family = AF_UNIX};
    size_t n = strlen(path);
    cr_assert_lt(n, sizeof(at.sun_path));
    memcpy(at.sun_path, path, n);
    if (path[0] == '@')
        at.sun_path[0] = '\0';
    else
        unlink(path);
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK, 0);
    socklen_t len = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + n + (path[0] != '@'));
    if (fd < 0 || bind(fd, (struct sockaddr *)&at, len) != 0 || listen(fd, 4) != 0) {
        if (fd >= 0)
            close(fd);
        return -1;
    }
    return fd;
}

/* How many connections wait on a non-blocking listening socket (each taken). */
static int connections(int fd)
{
    int n = 0;
    for (int c; (c = accept(fd, NULL, NULL)) >= 0; n++)
        close(c);
    return n;
}

/* No socket of the host answers a sandboxed bot: Unix sockets listening in
 * /tmp, /var/tmp, /run and the home folder, an abstract one, and 127.0.0.1.
 * The same bot unsandboxed reaches them all (so the test can fail). */
Test(sandbox, no_socket_of_the_host_is_reachable, .timeout = 60)
{
    test_need_bwrap();
    const char *home = getenv("HOME");
    char paths[6][108], list[1024] = "", uid[32];
    int fds[6], n = 0;
    snprintf(uid, sizeof(uid), "/run/user/%d", (int)getuid());
    const char *folders[] = {"/tmp", "/var/tmp", access("/run", W_OK) == 0 ? "/run" : uid,
                             home ? home : "/nonexistent"};
    for (int i = 0; i < 4; i++) {
        snprintf(paths[n], sizeof(paths[n]), "%s/.referee-test-%d-%d", folders[i], (int)getpid(),
                 i);
        if ((fds[n] = listen_unix(paths[n])) < 0) {
            cr_log_warn("no socket can be made in %s: not tried", folders[i]);
            continue;
        }
        n++;
    }
    snprintf(paths[n], sizeof(paths[n]), "@referee-test-%d", (int)getpid());
    cr_assert_geq(fds[n] = listen_unix(paths[n]), 0);
    n++;
    int port = listen_local(&fds[n]);
    snprintf(paths[n], sizeof(paths[n]), "tcp:%d", port);
    fcntl(fds[n], F_SETFL, O_NONBLOCK);
    n++;
    for (int i = 0; i < n; i++)
        snprintf(list + strlen(list), sizeof(list) - strlen(list), "%s%s", i ? "," : "", paths[i]);

    for (int sandboxed = 0; sandboxed < 2; sandboxed++) {
        char dir[64], work[64], bot[1200], at[96], log[8192];
        test_tmpdir(dir, "sandbox");
        bot_tmpdir(work, "sandboxwork");
        snprintf(bot, sizeof(bot), "x=" FIXTURE " reach %s", list);
        snprintf(at, sizeof(at), "x=%s", work);
        match(dir, bot, "r=" BOTDIR "random",
              (const char *const[]){"--dir", at, sandboxed ? "--sandbox" : NULL, NULL});
        cr_assert_eq(r.status, 0, "%s", r.err);
        test_expect_no_foul(dir);
        test_slurp(dir, "logs/x.log", log, sizeof(log));
        for (int i = 0; i < n; i++) {
            char want[160];
            snprintf(want, sizeof(want), "reach %.107s %s\n", paths[i],
                     sandboxed ? "refused" : "ok");
            cr_expect(strstr(log, want), "'%s' in %s", want, log);
            int got = connections(fds[i]);
            if (sandboxed)
                cr_expect_eq(got, 0, "%s: nothing connected", paths[i]);
            else
                cr_expect_geq(got, 1, "%s: the control connected", paths[i]);
        }
    }
    for (int i = 0; i < n; i++) {
        close(fds[i]);
        if (paths[i][0] == '/')
            unlink(paths[i]);
    }
}

/* The MiB a fill bot's log says it wrote. */
static long filled(const char *dir, const char *log_name)
{
    char log[8192];
    test_slurp(dir, log_name, log, sizeof(log));
    const char *at = strstr(log, "fill wrote ");
    cr_assert_not_null(at, "%s", log);
    return atol(at + 11);
}

/* What a sandboxed bot writes is bounded: under --memory 256, a 2 GiB write
 * into its /tmp stops at 128 MiB (half of --memory: the default --disk), as
 * does one into a file of its --dir; its /dev/shm holds --disk MB. Past it
 * the writes fail for that bot alone: the games go on without a foul. The
 * tmpfs are bounded, so the machine never lends it 2 GiB of memory. */
Test(sandbox, a_2_gib_write_into_tmp_fails_for_that_bot_alone, .timeout = 120)
{
    test_need_bwrap();
    char dir[64], work[64], at[96];
    test_tmpdir(dir, "sandbox");
    bot_tmpdir(work, "sandboxwork");
    snprintf(at, sizeof(at), "b=%s", work);
    match(dir, "a=" FIXTURE " fill /tmp/big 2048", "b=" FIXTURE " fill big 2048",
          (const char *const[]){"--dir", at, "--memory", "256", "--sandbox", NULL});
    cr_assert_eq(r.status, 0, "%s", r.err);
    test_expect_no_foul(dir);
    long a = filled(dir, "logs/a.log"), b = filled(dir, "logs/b.log");
    cr_expect(a >= 100 && a <= 128, "its /tmp holds 128 MiB: it wrote %ld", a);
    cr_expect(b >= 100 && b <= 128, "a file in its --dir holds 128 MiB: it wrote %ld", b);

    char dir2[64];
    test_tmpdir(dir2, "sandbox");
    match(dir2, "a=" FIXTURE " fill /dev/shm/big 2048", "b=" FIXTURE " fill /big 16",
          (const char *const[]){"--disk", "64", "--sandbox", NULL});
    cr_assert_eq(r.status, 0, "%s", r.err);
    test_expect_no_foul(dir2);
    a = filled(dir2, "logs/a.log");
    cr_expect(a >= 50 && a <= 64, "its /dev/shm holds --disk 64: it wrote %ld", a);
    cr_expect_eq(filled(dir2, "logs/b.log"), 0, "the root is read-only");
}

/* --disk bounds a sandbox: alone it is a usage error. */
Test(sandbox, disk_without_sandbox_is_refused, .timeout = 30)
{
    char dir[64];
    test_tmpdir(dir, "sandbox");
    match(dir, "a=" BOTDIR "random", "b=" BOTDIR "random",
          (const char *const[]){"--disk", "64", NULL});
    cr_expect_eq(r.status, 2, "%s", r.err);
    cr_expect(strstr(r.err, "--disk bounds what a sandboxed bot writes"), "%s", r.err);
}

/* Run referee from the folder dir with the words of line after "match"
 * (through /bin/sh, for relative paths). */
static void match_in(const char *dir, const char *line)
{
    char cmd[1024];
    snprintf(cmd, sizeof(cmd),
             "cd %s && exec " REFEREE_BIN " match --bot a=" BOTDIR "random --bot b=" BOTDIR
             "random --sandbox -q %s",
             dir, line);
    char *sh[] = {"/bin/sh", "-c", cmd, NULL};
    cr_assert_eq(run_program(sh, NULL, &r), 0);
}

/* Where the folder a --dir names lies is judged after every link, "..",
 * "." and "//" is resolved, even for a results folder not made yet: a --dir
 * inside the results folder, or holding it, is refused in every spelling. */
Test(sandbox, a_dir_inside_the_results_in_any_spelling_is_refused, .timeout = 60)
{
    char dir[64], cmd[256];
    test_tmpdir(dir, "sandbox");
    snprintf(cmd, sizeof(cmd), "cd %s && mkdir -p res/a other && ln -s res link", dir);
    char *sh[] = {"/bin/sh", "-c", cmd, NULL};
    cr_assert_eq(run_program(sh, NULL, &r), 0);
    static const char *const lines[] = {
        "--results res --dir a=other/../res/a",
        "--results res/ --dir a=res",
        "--results res --dir a=.//res//a/",
        "--results res --dir a=link/a",
        "--results link --dir a=res/./a",
        "--results new/res --dir a=new/res/../res/x",
        "--results res --dir a=.",
        "--results res/a --dir a=other/..",
    };
    for (size_t i = 0; i < sizeof(lines) / sizeof(lines[0]); i++) {
        match_in(dir, lines[i]);
        run_expect_one_line(&r, 2, "the results folder", lines[i]);
    }
}

/* A --dir that is a link to a folder is that folder: the bot works and
 * writes there. */
Test(sandbox, a_dir_that_is_a_link_works, .timeout = 60)
{
    test_need_bwrap();
    char dir[64], cmd[256], at[96], wrote[128];
    test_tmpdir_open(dir, "sandbox", 0755);
    snprintf(cmd, sizeof(cmd), "cd %s && mkdir real && ln -s real link && chown %d:%d real", dir,
             getuid() == 0 ? SANDBOX_USER_DEFAULT : (int)getuid(),
             getuid() == 0 ? SANDBOX_USER_DEFAULT : (int)getgid());
    char *sh[] = {"/bin/sh", "-c", cmd, NULL};
    cr_assert_eq(run_program(sh, NULL, &r), 0);
    char res[96];
    snprintf(res, sizeof(res), "%s/res", dir);
    snprintf(at, sizeof(at), "p=%s/link", dir);
    match(res, "p=" FIXTURE " probe /nonexistent 1", "r=" BOTDIR "random",
          (const char *const[]){"--dir", at, "--sandbox", NULL});
    cr_assert_eq(r.status, 0, "%s", r.err);
    test_expect_no_foul(res);
    snprintf(wrote, sizeof(wrote), "%s/real/probe-wrote", dir);
    cr_expect_eq(access(wrote, F_OK), 0, "it wrote in the folder the link leads to");
}

/* A fork bomb against an honest bot that forks on every move, under
 * --max-procs 16 (sandboxed or not: run 0 plain, run 1 with --sandbox): the
 * bomb stops at its own budget, the honest bot forks and plays without a
 * foul. Skipped, with referee's reason, where no cgroup can be made. */
Test(sandbox, a_fork_bomb_leaves_its_opponent_able_to_fork, .timeout = 120)
{
    char why[256];
    if (!proc_has_bot_cgroups(why, sizeof(why)))
        cr_skip_test("no cgroup for each bot here: %s", why);
    for (int sandboxed = 0; sandboxed < 2; sandboxed++) {
        if (sandboxed)
            test_need_bwrap();
        char dir[64], log[8192];
        test_tmpdir(dir, "sandbox");
        match(dir, "bomb=" FIXTURE " bomb 300", "honest=" FIXTURE " forkeach",
              (const char *const[]){"--max-procs", "16", "--games", "4", "--restart",
                                    sandboxed ? "--sandbox" : NULL, NULL});
        cr_assert_eq(r.status, 0, "%s", r.err);
        test_expect_no_foul(dir);
        test_slurp(dir, "logs/bomb.log", log, sizeof(log));
        for (const char *at = log; (at = strstr(at, "bomb forked ")); at++)
            cr_expect(atol(at + 12) <= 15, "16 processes in all: %.40s", at);
        cr_expect(strstr(log, "bomb forked "), "%s", log);
        test_slurp(dir, "logs/honest.log", log, sizeof(log));
        cr_expect(!strstr(log, "forkeach failed"), "%s", log);
    }
}

/* Where no cgroup can be made (a plain user's), --max-procs under --sandbox
 * is set inside the bot's user namespace, which the kernel counts apart:
 * the bomb stops at its budget, the other bot still forks. Run by root, the
 * test plays as user nobody (root is bound by no RLIMIT_NPROC). */
Test(sandbox, a_fork_bomb_is_held_by_its_user_namespace, .timeout = 120)
{
    test_need_bwrap();
    char dir[64], log[8192];
    test_tmpdir_open(dir, "sandbox", 0777);
    bool as_nobody = test_as_nobody();
    char *run[] = {TEST_NOBODY,
                   REFEREE_BIN,
                   "match",
                   "--bot",
                   "bomb=" FIXTURE " bomb 300",
                   "--bot",
                   "honest=" FIXTURE " forkeach",
                   "--max-procs",
                   "16",
                   "--games",
                   "4",
                   "--sandbox",
                   "--results",
                   dir,
                   "-q",
                   NULL};
    cr_assert_eq(run_program(as_nobody ? run : run + TEST_NOBODY_WORDS, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_expect(!strstr(r.err, "whole user"), "no fallback to the user's budget: %s", r.err);
    test_expect_no_foul(dir);
    test_slurp(dir, "logs/bomb.log", log, sizeof(log));
    const char *at = strstr(log, "bomb forked ");
    cr_assert_not_null(at, "%s", log);
    cr_expect_leq(atol(at + 12), 15, "16 processes in all, itself one: %s", log);
    test_slurp(dir, "logs/honest.log", log, sizeof(log));
    cr_expect(!strstr(log, "forkeach failed"), "%s", log);
}

/* The index of word w in words (n of them), or -1. */
static int word_at(const char **words, int n, const char *w, int from)
{
    for (int i = from; i < n; i++)
        if (strcmp(words[i], w) == 0)
            return i;
    return -1;
}

/* bwrap's words in the order that makes them hold: the system's folders,
 * then the sized /tmp and /dev/shm, then the bot's own files (which may lie
 * in /tmp), then the root and /dev read-only, then its directory and "--",
 * prlimit after it with --max-procs set inside. */
Test(sandbox, words_mount_the_system_then_tmp_then_its_own, .timeout = 10)
{
    struct sandbox_paths p = {.workdir = "/w"};
    const char *words[SANDBOX_WORDS_MAX + 1];
    cr_assert_eq(sandbox_add(&p, SANDBOX_READ, "/usr", "/usr"), 0);
    cr_assert_eq(sandbox_add(&p, SANDBOX_LINK, "usr/bin", "/bin"), 0);
    p.nsystem = p.n;
    cr_assert_eq(sandbox_add(&p, SANDBOX_READ, "/tmp/x/prog", "/tmp/x/prog"), 0);
    cr_assert_eq(sandbox_add(&p, SANDBOX_WRITE, "/w", "/w"), 0);
    sandbox_set_size(&p, 128);
    sandbox_set_nproc(&p, 17);
    int n = sandbox_words(&p, words, SANDBOX_WORDS_MAX);
    cr_assert_gt(n, 0);
    int usr = word_at(words, n, "/usr", 0), tmp = word_at(words, n, "/tmp", 0);
    int shm = word_at(words, n, "/dev/shm", 0), prog = word_at(words, n, "/tmp/x/prog", 0);
    int rw = word_at(words, n, "--bind", 0), ro = word_at(words, n, "--remount-ro", 0);
    int dash = word_at(words, n, "--", 0);
    cr_expect(usr > 0 && usr < tmp && tmp < shm && shm < prog && prog < rw && rw < ro);
    cr_expect_str_eq(words[tmp - 2], "134217728", "the size comes before its tmpfs");
    cr_expect_str_eq(words[word_at(words, n, "--symlink", 0) + 2], "/bin");
    cr_expect_str_eq(words[word_at(words, n, "--chdir", ro) + 1], "/w");
    cr_expect_eq(word_at(words, n, "/", ro), ro + 3, "the root read-only, last of the mounts");
    cr_expect_str_eq(words[dash + 1], SANDBOX_PRLIMIT);
    cr_expect_str_eq(words[dash + 2], "--nproc=17");
    cr_expect_str_eq(words[n - 1], "--");
    cr_expect_eq(sandbox_words(&p, words, 10), -1, "too few words fit: refused");
}

/* Without --dir, a bot named by a path relative to referee's directory
 * (bots/random.py, bots/random.sh: scripts, through env) still runs: the
 * directory leads to its private folder, where its own files are. */
Test(sandbox, scripts_named_from_the_working_directory_run, .timeout = 60)
{
    test_need_bwrap();
    char dir[64], cmd[512];
    test_tmpdir(dir, "sandbox");
    /* Referee's own PATH: run by root, env finds the python3 the bots' user
     * can read, past one under /root (pyenv), which is left out of theirs. */
    snprintf(cmd, sizeof(cmd),
             "cd " SOURCE_DIR " && exec " REFEREE_BIN " match --bot py=bots/random.py --bot "
             "sh=bots/random.sh --sandbox -q --results %s",
             dir);
    char *sh[] = {"/bin/sh", "-c", cmd, NULL};
    cr_assert_eq(run_program(sh, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    test_expect_no_foul(dir);
}

/* A bubblewrap that cannot make the sandbox (an old one without --size,
 * here a stand-in) is quoted in referee's one line, exit 4, before any game;
 * not blamed on user namespaces. */
Test(sandbox, a_bwrap_that_fails_is_quoted, .timeout = 30)
{
    char dir[64], fake[64], cmd[256], path[4200];
    test_tmpdir(dir, "sandbox");
    test_tmpdir_open(fake, "sandboxbin", 0755);
    snprintf(cmd, sizeof(cmd),
             "printf '#!/bin/sh\\necho \"bwrap: Unknown option --size\" >&2\\nexit 1\\n' "
             ">%s/bwrap && chmod +x %s/bwrap",
             fake, fake);
    char *sh[] = {"/bin/sh", "-c", cmd, NULL};
    cr_assert_eq(run_program(sh, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    const char *saved = getenv("PATH");
    char old[4096];
    snprintf(old, sizeof(old), "%s", saved ? saved : "/usr/bin:/bin");
    snprintf(path, sizeof(path), "%s:%s", fake, old);
    setenv("PATH", path, 1);
    match(dir, "a=" BOTDIR "random", "b=" BOTDIR "random",
          (const char *const[]){"--sandbox", NULL});
    setenv("PATH", old, 1);
    cr_expect_eq(r.status, 4, "%s", r.err);
    cr_expect(strstr(r.err, "'bwrap: Unknown option --size'"), "%s", r.err);
    cr_expect(!strstr(r.err, "namespaces"), "%s", r.err);
}

/* A file of a bot's command in its own --dir is seen through the --dir, not
 * bound again: replaced by a link to its opponent's program during a game,
 * it leads, at its next start, nowhere (bwrap would have followed the link
 * on the host). */
Test(sandbox, a_link_made_in_its_dir_leads_nowhere_at_its_next_start, .timeout = 60)
{
    test_need_bwrap();
    char dir[64], work[64], progs[64], honest[96], decoy[96], bot[128], x[256], at[96];
    char log[8192];
    test_tmpdir(dir, "sandbox");
    bot_tmpdir(work, "sandboxwork");
    test_tmpdir_open(progs, "sandboxprog", 0755);
    snprintf(honest, sizeof(honest), "%s/honest", progs);
    snprintf(decoy, sizeof(decoy), "%s/decoy", work);
    run_copy(&r, FIXTURE, honest);
    run_copy(&r, FIXTURE, decoy);
    snprintf(bot, sizeof(bot), "h=%s legal", honest);
    snprintf(x, sizeof(x), "x=" FIXTURE " relink ./decoy %s", honest);
    snprintf(at, sizeof(at), "x=%s", work);
    match(dir, bot, x,
          (const char *const[]){"--dir", at, "--restart", "--games", "2", "--sandbox", NULL});
    cr_assert_eq(r.status, 0, "%s", r.err);
    test_expect_no_foul(dir);
    test_slurp(dir, "logs/x.log", log, sizeof(log));
    const char *first = strstr(log, "relink open ");
    cr_assert_not_null(first, "%s", log);
    cr_expect(strncmp(first, "relink open ok\n", 15) == 0, "its own file, at first: %s", log);
    cr_expect(strstr(log, "relink made ok\n"), "%s", log);
    const char *second = strstr(first + 1, "relink open ");
    cr_assert_not_null(second, "a second process: %s", log);
    cr_expect(strncmp(second, "relink open refused\n", 20) == 0, "the link leads nowhere: %s", log);
}
