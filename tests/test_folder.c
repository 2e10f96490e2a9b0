/* test_folder.c: one run per results folder, with real runs side by side: a
 * second run is refused naming the pid of the first, whose files stay whole;
 * readers work beside a run; a killed run's lock does not block; a hang-up
 * (SIGHUP) ends a run as Ctrl-C does. */
#include "helpers.h"
#include "run.h"

#include <criterion/criterion.h>
#include <signal.h>
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
