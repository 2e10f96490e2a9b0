/* test_folder.c: one run per results folder, with real runs side by side: a
 * second run is refused naming the pid of the first, whose files stay whole;
 * readers work beside a run; a killed run's lock does not block; a hang-up
 * (SIGHUP) ends a run as Ctrl-C does. */
#include "helpers.h"
#include "run.h"

#include <criterion/criterion.h>
#include <signal.h>
#include <sys/stat.h>
#include <time.h>

static struct run_result r;

/* A match slow enough (5 ms a move) to be under way while the tests look. */
#define SLOW_MATCH(dir, ...)                                                                       \
    {                                                                                              \
        REFEREE_BIN, "match", "--bot", "slow=" BUILD_DIR "/testbots/fixture slow 5", "--bot",      \
            "r=" BOTDIR "random --seed 3", "--games", "60", "--results", dir, __VA_ARGS__ NULL     \
    }

static void expect_check_passes(const char *dir)
{
    char *check[] = {REFEREE_BIN, "check", "--strict", (char *)dir, NULL};
    cr_assert_eq(run_program(check, NULL, &r), 0);
    cr_expect_eq(r.status, 0, "check: %s%s", r.out, r.err);
}

Test(folder, a_second_run_exits_2_naming_the_pid_and_readers_work_beside_the_first, .timeout = 180)
{
    char dir[64], log[96], pidtext[32];
    test_tmpdir(dir, "folder");
    snprintf(log, sizeof(log), "%s.out", dir);
    char *first[] = SLOW_MATCH(dir, "--quiet", );
    pid_t pid = test_start(first, log);
    test_wait_rows(pid, dir, 2);
    snprintf(pidtext, sizeof(pidtext), "(pid %ld)", (long)pid);

    /* A second run, a resume, a repair: each refused, naming the first. */
    char *second[] = SLOW_MATCH(dir, "--quiet", );
    char *resume[] = SLOW_MATCH(dir, "--quiet", "--resume", );
    char *repair[] = SLOW_MATCH(dir, "--quiet", "--resume", "--repair", );
    char **others[] = {second, resume, repair};
    for (int i = 0; i < 3; i++) {
        cr_assert_eq(run_program(others[i], NULL, &r), 0);
        cr_expect_eq(r.status, 2, "run %d: %s", i, r.err);
        cr_expect(strstr(r.err, "is in use by another run") && strstr(r.err, pidtext), "run %d: %s",
                  i, r.err);
    }

    /* Readers: check, standings, report and --plan, while it plays. */
    char report[96];
    snprintf(report, sizeof(report), "%s.html", dir);
    char games[96];
    snprintf(games, sizeof(games), "%s/games.csv", dir);
    char *check[] = {REFEREE_BIN, "check", dir, NULL};
    char *standings[] = {REFEREE_BIN, "standings", games, NULL};
    char *page[] = {REFEREE_BIN, "report", dir, "--out", report, NULL};
    char *plan[] = SLOW_MATCH(dir, "--resume", "--plan", );
    char **readers[] = {check, standings, page, plan};
    for (int i = 0; i < 4; i++) {
        cr_assert_eq(run_program(readers[i], NULL, &r), 0);
        cr_expect_eq(r.status, 0, "reader %d: %s", i, r.err);
    }
    cr_expect(strstr(r.out, "games=60 "), "%s", r.out); /* the plan, the last reader */
    cr_expect_eq(access(report, R_OK), 0);

    cr_expect_eq(test_wait_status(pid), 0);
    cr_expect_eq(test_count_rows(dir, "games.csv"), 60);
    expect_check_passes(dir);
    unlink(log);
    unlink(report);
}

Test(folder, a_killed_runs_lock_does_not_block_its_resume, .timeout = 180)
{
    char dir[64], log[96];
    test_tmpdir(dir, "folder");
    snprintf(log, sizeof(log), "%s.out", dir);
    char *first[] = SLOW_MATCH(dir, "--quiet", );
    pid_t pid = test_start(first, log);
    test_wait_rows(pid, dir, 3);
    kill(pid, SIGKILL);
    cr_assert_eq(test_wait_status(pid), 128 + SIGKILL);

    char *resume[] = SLOW_MATCH(dir, "--quiet", "--resume", );
    cr_assert_eq(run_program(resume, NULL, &r), 0);
    cr_expect_eq(r.status, 0, "%s", r.err);
    cr_expect_eq(test_count_rows(dir, "games.csv"), 60);
    expect_check_passes(dir);
    unlink(log);
}

/* Each "Finished game N" the console printed names a row of games.csv. */
static void expect_announced_on_disk(const char *out, const char *dir)
{
    struct table t;
    test_load(&t, dir, "games.csv");
    int announced = 0;
    for (const char *p = out; (p = strstr(p, "Finished game ")) != NULL; p++) {
        long id = strtol(p + strlen("Finished game "), NULL, 10);
        bool found = false;
        for (size_t i = 0; i < t.nrows && !found; i++)
            found = strtol(test_cell(&t, i, "game_id"), NULL, 10) == id;
        cr_expect(found, "game %ld announced as finished, not in games.csv", id);
        announced++;
    }
    cr_expect_geq(announced, 4);
    cr_expect_eq((size_t)announced, t.nrows, "%d announced, %zu on disk", announced, t.nrows);
    table_release(&t);
}

Test(folder, a_hang_up_ends_the_run_as_ctrl_c_does_with_every_announced_game_on_disk,
     .timeout = 180)
{
    char dir[64], log[96], out[65536];
    test_tmpdir(dir, "folder");
    snprintf(log, sizeof(log), "%s.out", dir);
    char *run[] = SLOW_MATCH(dir, );
    pid_t pid = test_start(run, log);
    test_wait_rows(pid, dir, 4);
    kill(pid, SIGHUP);
    nanosleep(&(struct timespec){0, 2000000}, NULL);
    kill(pid, SIGHUP); /* the shell's, after the terminal's: the run still ends whole */
    cr_expect_eq(test_wait_status(pid), 130);

    FILE *f = fopen(log, "r");
    cr_assert_not_null(f);
    size_t n = fread(out, 1, sizeof(out) - 1, f);
    out[n] = '\0';
    fclose(f);
    cr_expect(strstr(out, "continue with: --results"), "%s", out);
    expect_announced_on_disk(out, dir);
    struct table t;
    test_load(&t, dir, "standings.csv");
    table_release(&t);
    char html[96];
    snprintf(html, sizeof(html), "%s/report.html", dir);
    cr_expect_eq(access(html, R_OK), 0, "no report");
    expect_check_passes(dir);

    char *resume[] = SLOW_MATCH(dir, "--quiet", "--resume", );
    cr_assert_eq(run_program(resume, NULL, &r), 0);
    cr_expect_eq(r.status, 0, "%s", r.err);
    cr_expect_eq(test_count_rows(dir, "games.csv"), 60);
    expect_check_passes(dir);
    unlink(log);
}

/* scripts/shards: --status reads beside the shards under way, and a second
 * scripts/shards on the same folder finds each shard taken. The slow bot's 90
 * ms a move keeps the first run going for seconds: at 30 ms, on a loaded
 * machine, it could end before the second launch, which then found it done. */
Test(folder, shards_status_works_beside_running_shards_and_a_second_launch_is_refused,
     .timeout = 240)
{
    char dir[64], log[96], shard1[96];
    test_tmpdir(dir, "folder");
    snprintf(log, sizeof(log), "%s.out", dir);
    snprintf(shard1, sizeof(shard1), "%s/shard-1", dir);
    setenv("REFEREE", REFEREE_BIN, 1);
#define SHARDS(dir)                                                                                \
    {                                                                                              \
        SOURCE_DIR "/scripts/shards", "2", dir, "--bot",                                           \
            "slow=" BUILD_DIR "/testbots/fixture slow 90", "--bot", "r=" BOTDIR "random --seed 3", \
            "--games", "60", NULL                                                                  \
    }
    char *first[] = SHARDS(dir);
    pid_t pid = test_start(first, log);
    test_wait_rows(pid, shard1, 2);

    char *status[] = {SOURCE_DIR "/scripts/shards", "--status", dir, NULL};
    cr_assert_eq(run_program(status, NULL, &r), 0);
    cr_expect_eq(r.status, 1, "short while it plays: %s%s", r.out, r.err);
    cr_expect(strstr(r.out, "shard 1/2: ") && strstr(r.out, "all: "), "%s%s", r.out, r.err);

    char *second[] = SHARDS(dir);
    cr_assert_eq(run_program(second, NULL, &r), 0);
    cr_expect_neq(r.status, 0, "%s", r.err);
    cr_expect(strstr(r.err, "is in use by another run (pid "), "%s", r.err);

    cr_expect_eq(test_wait_status(pid), 0);
    for (int i = 1; i <= 2; i++) {
        char shard[96];
        snprintf(shard, sizeof(shard), "%s/shard-%d", dir, i);
        expect_check_passes(shard);
    }
    cr_expect_eq(test_count_rows(shard1, "games.csv") + test_count_rows(dir, "shard-2/games.csv"),
                 60);
    cr_assert_eq(run_program(status, NULL, &r), 0);
    cr_expect_eq(r.status, 0, "complete: %s%s", r.out, r.err);
    unlink(log);
}

/* The pid in dir/run.lock, or 0. */
static long lock_pid(const char *dir)
{
    char path[96], text[32] = "";
    snprintf(path, sizeof(path), "%s/run.lock", dir);
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    size_t n = fread(text, 1, sizeof(text) - 1, f);
    text[n] = '\0';
    fclose(f);
    return atol(text);
}

/* Delete run.lock once a run has taken it, start a second run on the folder:
 * one of the two is refused before it writes a row, the other plays every
 * game, and the folder checks. Several times, for the timing to vary. */
Test(folder, a_run_whose_lock_was_removed_is_not_joined_by_a_second_run, .timeout = 300)
{
    for (int round = 0; round < 4; round++) {
        char dir[64], log1[96], log2[96], text[4096];
        test_tmpdir(dir, "folder");
        snprintf(log1, sizeof(log1), "%s.out1", dir);
        snprintf(log2, sizeof(log2), "%s.out2", dir);
        char *run[] = SLOW_MATCH(dir, "--quiet", );
        pid_t first = test_start(run, log1);
        for (int i = 0; i < 20000 && lock_pid(dir) != (long)first; i++)
            nanosleep(&(struct timespec){0, 100000}, NULL);
        cr_assert_eq(lock_pid(dir), (long)first, "the first run never took the lock");
        char lock[96];
        snprintf(lock, sizeof(lock), "%s/run.lock", dir);
        cr_assert_eq(unlink(lock), 0);
        pid_t second = test_start(run, log2);
        int s1 = test_wait_status(first), s2 = test_wait_status(second);
        cr_expect((s1 == 0 && s2 == 2) || (s1 == 2 && s2 == 0), "round %d: exit %d and %d", round,
                  s1, s2);
        snprintf(text, sizeof(text), "%s", s1 == 2 ? log1 : log2);
        char err[4096] = "";
        FILE *f = fopen(text, "r");
        if (f) {
            err[fread(err, 1, sizeof(err) - 1, f)] = '\0';
            fclose(f);
        }
        cr_expect(strstr(err, "is in use by another run"), "round %d: %s", round, err);
        cr_expect_eq(test_count_rows(dir, "games.csv"), 60, "round %d", round);
        expect_check_passes(dir);
        unlink(log1);
        unlink(log2);
    }
}

/* A file outside the folder, with known text, for a link to point at. */
static void make_target(const char *path)
{
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f);
    fputs("secret\n", f);
    fclose(f);
}

static void expect_unchanged(const char *path, const char *name)
{
    char text[64] = "";
    FILE *f = fopen(path, "r");
    cr_assert_not_null(f, "%s", path);
    text[fread(text, 1, sizeof(text) - 1, f)] = '\0';
    fclose(f);
    cr_expect_str_eq(text, "secret\n", "written through %s", name);
    unlink(path);
}

/* A folder made before the run (by a plain user, for a run as root) with a
 * link where referee writes: refused up front, naming it, exit 2; the file the
 * link points at (the test's own: root's, as root) unchanged. As root the
 * folder and the links are nobody's (uid 65534), as an attacker's would be;
 * as another user, the same refusals hold for the user's own folder. */
Test(folder, links_where_a_run_writes_are_refused_naming_each_target_unchanged, .timeout = 180)
{
    static const struct {
        const char *name;
        bool hard;
        const char *said;
    } cases[] = {
        {"run.lock", false, "symbolic link"},      {"logs/a.log", false, "symbolic link"},
        {"logs/a.log", true, "another hard link"}, {"games.csv", false, "symbolic link"},
        {"moves.csv", true, "another hard link"},  {"run.csv", false, "symbolic link"},
        {"standings.csv", false, "symbolic link"}, {"report.html.tmp", false, "symbolic link"},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        char dir[64], at[128], target[96];
        test_tmpdir(dir, "folder");
        snprintf(at, sizeof(at), "%s/logs", dir);
        cr_assert_eq(mkdir(at, 0755), 0);
        snprintf(at, sizeof(at), "%s/%s", dir, cases[i].name);
        snprintf(target, sizeof(target), "%s.target", dir);
        make_target(target);
        cr_assert_eq(cases[i].hard ? link(target, at) : symlink(target, at), 0);
        /* As root, the folder and its links a plain user's (nobody's), as
         * the attack has them; the target stays root's. */
        if (geteuid() == 0) {
            char logs[96];
            snprintf(logs, sizeof(logs), "%s/logs", dir);
            cr_assert_eq(chown(dir, 65534, 65534), 0);
            cr_assert_eq(chown(logs, 65534, 65534), 0);
            if (!cases[i].hard)
                cr_assert_eq(lchown(at, 65534, 65534), 0);
        }
        char *argv[] = {REFEREE_BIN, "match",
                        "--bot",     "a=" BUILD_DIR "/testbots/fixture stderr 1",
                        "--bot",     "b=" BOTDIR "random",
                        "--games",   "2",
                        "--quiet",   "--results",
                        dir,         NULL};
        cr_assert_eq(run_program(argv, NULL, &r), 0);
        cr_expect_eq(r.status, 2, "%s: %s", cases[i].name, r.err);
        char said[200];
        snprintf(said, sizeof(said), "cannot write '%s': it ", at);
        cr_expect(strstr(r.err, said) && strstr(r.err, cases[i].said), "%s: %s", cases[i].name,
                  r.err);
        expect_unchanged(target, cases[i].name);
    }
    /* logs/ itself a link to a folder elsewhere: nothing goes in there. */
    char dir[64], at[128], elsewhere[96];
    test_tmpdir(dir, "folder");
    snprintf(elsewhere, sizeof(elsewhere), "%s.elsewhere", dir);
    cr_assert_eq(mkdir(elsewhere, 0755), 0);
    snprintf(at, sizeof(at), "%s/logs", dir);
    cr_assert_eq(symlink(elsewhere, at), 0);
    char *argv[] = {REFEREE_BIN, "match",
                    "--bot",     "a=" BUILD_DIR "/testbots/fixture stderr 1",
                    "--bot",     "b=" BOTDIR "random",
                    "--quiet",   "--results",
                    dir,         NULL};
    cr_assert_eq(run_program(argv, NULL, &r), 0);
    cr_expect_eq(r.status, 2, "%s", r.err);
    cr_expect(strstr(r.err, "logs': it is a symbolic link"), "%s", r.err);
    snprintf(at, sizeof(at), "%s/a.log", elsewhere);
    cr_expect_neq(access(at, F_OK), 0, "a log went through the link");
    rmdir(elsewhere);
}

/* The text of path (its first cap - 1 bytes). */
static char *slurp(const char *path, char *buf, size_t cap)
{
    FILE *f = fopen(path, "r");
    size_t n = f ? fread(buf, 1, cap - 1, f) : 0;
    buf[n] = '\0';
    if (f)
        fclose(f);
    return buf;
}

/* A slow match started in a new folder dir (64 bytes), its output into log
 * (dir.out, 96 bytes); once it has written 2 games, its file is removed.
 * Its pid. */
static pid_t start_then_remove(char *dir, char *log, const char *file)
{
    char path[96];
    test_tmpdir(dir, "folder");
    snprintf(log, 96, "%s.out", dir);
    snprintf(path, sizeof(path), "%s/%s", dir, file);
    char *run[] = SLOW_MATCH(dir, "--quiet", );
    pid_t pid = test_start(run, log);
    test_wait_rows(pid, dir, 2);
    cr_assert_eq(unlink(path), 0);
    return pid;
}

/* run.lock removed under a run: made again at its next write of rows, naming
 * the run's pid, said once; the run plays on and ends whole. */
Test(folder, a_removed_run_lock_is_made_again_with_the_runs_pid, .timeout = 180)
{
    char dir[64], log[96], text[8192];
    pid_t pid = start_then_remove(dir, log, "run.lock");
    for (int i = 0; i < 5000 && lock_pid(dir) != (long)pid; i++)
        nanosleep(&(struct timespec){0, 1000000}, NULL);
    cr_expect_eq(lock_pid(dir), (long)pid, "run.lock not made again");
    char *second[] = SLOW_MATCH(dir, "--quiet", "--resume", );
    cr_assert_eq(run_program(second, NULL, &r), 0);
    cr_expect_eq(r.status, 2, "%s", r.err);
    cr_expect(strstr(r.err, "is in use by another run"), "%s", r.err);
    cr_expect_eq(test_wait_status(pid), 0);
    slurp(log, text, sizeof(text));
    cr_expect(strstr(text, "run.lock' was removed or replaced during the run; made again"), "%s",
              text);
    cr_expect_eq(test_count_rows(dir, "games.csv"), 60);
    expect_check_passes(dir);
    unlink(log);
}

/* games.csv removed under a run: its rows would reach no name, so the run
 * stops (exit 4) saying why, instead of writing them into the void. */
Test(folder, a_run_whose_games_csv_was_removed_stops_saying_why, .timeout = 180)
{
    char dir[64], log[96], text[8192];
    pid_t pid = start_then_remove(dir, log, "games.csv");
    cr_expect_eq(test_wait_status(pid), 4);
    slurp(log, text, sizeof(text));
    cr_expect(strstr(text, "its games.csv or moves.csv was removed or replaced during the run"),
              "%s", text);
    unlink(log);
}
