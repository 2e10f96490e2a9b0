/* test_league_shards.c: a league's batch on several machines at once: the
 * shards of a batch started at the same instant (a barrier, then exec) on a
 * fresh league and on one with games, each playing its part, never taking
 * another for a `league run`, and the merge taking the whole batch; and a
 * run and a shard refusing each other, each naming which plays. */
#include "helpers.h"
#include "run.h"

#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>

static struct run_result r;

#define SHARDS 3
#define LAG    "3" /* pairs a batch: 6 games, 2 a shard */
#define BATCH  6

static void referee(const char *what, char *const argv[], int status)
{
    run_expect_exit(&r, what, argv, status);
}

/* Start argv in a child that waits on the pipe rfd until the parent closes
 * its end (the barrier), its output into out; its pid. */
static pid_t start_at_barrier(char *const argv[], const char *out, int pipe_fds[2])
{
    pid_t pid = fork();
    cr_assert_geq(pid, 0);
    if (pid == 0) {
        char c;
        close(pipe_fds[1]);
        int fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd < 0 || dup2(fd, 1) < 0 || dup2(fd, 2) < 0)
            _exit(127);
        while (read(pipe_fds[0], &c, 1) < 0 && errno == EINTR)
            ;
        close(pipe_fds[0]);
        execv(argv[0], argv);
        _exit(127);
    }
    return pid;
}

/* The SHARDS shards of the next batch of league dir started at one instant;
 * each must exit 0, then the merge must take BATCH games: games.csv grows
 * from `before` to before + BATCH. */
static void play_batch_at_once(const char *dir, long before, int attempt)
{
    char outs[SHARDS][96], specs[SHARDS][8], text[4096];
    pid_t pids[SHARDS];
    int barrier[2];

    cr_assert_eq(pipe(barrier), 0);
    for (int s = 0; s < SHARDS; s++) {
        snprintf(outs[s], sizeof(outs[s]), "%s.shard%d", dir, s + 1);
        snprintf(specs[s], sizeof(specs[s]), "%d/%d", s + 1, SHARDS);
        char *argv[] = {REFEREE_BIN, "league", "run", (char *)dir, "--shard",
                        specs[s],    "-j",     "1",   "-q",        NULL};
        pids[s] = start_at_barrier(argv, outs[s], barrier);
    }
    close(barrier[0]);
    close(barrier[1]); /* the barrier lifts: every shard execs now */
    for (int s = 0; s < SHARDS; s++) {
        int status = test_wait_status(pids[s]);
        run_slurp(outs[s], text, sizeof(text));
        cr_expect_eq(status, 0, "attempt %d, games from %ld: shard %d/%d exited %d: %s", attempt,
                     before + 1, s + 1, SHARDS, status, text);
        unlink(outs[s]);
    }
    char *merge[] = {REFEREE_BIN, "league", "run", (char *)dir, "--merge", NULL};
    referee("the merge", merge, 0);
    char says[96];
    snprintf(says, sizeof(says), "Merged games %ld to %ld ", before + 1, before + BATCH);
    cr_expect(strstr(r.out, says), "attempt %d: no '%s' in: %s%s", attempt, says, r.out, r.err);
    cr_expect_eq(test_count_rows(dir, "games.csv"), before + BATCH,
                 "attempt %d: the batch planned %d games from %ld", attempt, BATCH, before + 1);
}

/* 20 fresh leagues, each with two batches whose three shards start at one
 * instant: the first batch with no step before it (no `--merge` to take the
 * roster in), the second after a merge. */
Test(league_shards, three_shards_started_at_one_instant_all_play_and_the_merge_takes_the_batch,
     .timeout = 120)
{
    for (int attempt = 1; attempt <= 20; attempt++) {
        char dir[64];
        test_tmpdir(dir, "league-shards");
        const char *entries[] = {"a=" BOTDIR "random", "b=" BOTDIR "greedy", "c=" BOTDIR "random"};
        for (int i = 0; i < 3; i++) {
            char *add[] = {REFEREE_BIN,        "league", "add", dir,
                           (char *)entries[i], "--lag",  LAG,   NULL};
            referee(entries[i], add, 0);
        }
        play_batch_at_once(dir, 0, attempt);
        play_batch_at_once(dir, BATCH, attempt);
        char *check[] = {REFEREE_BIN, "check", "--strict", dir, NULL};
        referee("check", check, 0);
    }
}

#define FIXTURE BUILD_DIR "/testbots/fixture"

/* While a shard plays, `league run` and its --merge are refused, saying
 * shards play; while `league run` plays, a shard is refused, saying so. */
Test(league_shards, a_run_and_a_shard_refuse_each_other_naming_which_plays, .timeout = 60)
{
    char dir[64], log[96], shard[96];
    test_tmpdir(dir, "league-shards");
    snprintf(log, sizeof(log), "%s.out", dir);
    snprintf(shard, sizeof(shard), "%s/shard-1", dir);
    const char *entries[] = {"a=" FIXTURE " slow 200", "b=" FIXTURE " slow 200",
                             "c=" BOTDIR "random"};
    for (int i = 0; i < 3; i++) {
        char *add[] = {REFEREE_BIN, "league", "add", dir, (char *)entries[i], "--lag", "4", NULL};
        referee(entries[i], add, 0);
    }
    char *s1[] = {REFEREE_BIN, "league", "run", dir, "--shard", "1/2", "-j", "1", "-q", NULL};
    pid_t pid = test_start(s1, log);
    /* Its folder is made once it shares the league's lock. */
    for (int i = 0; i < 20000 && access(shard, F_OK) < 0; i++)
        nanosleep(&(struct timespec){0, 1000000}, NULL);
    cr_assert_eq(access(shard, F_OK), 0, "the shard made no folder");
    char *merge[] = {REFEREE_BIN, "league", "run", dir, "--merge", "-q", NULL};
    referee("a merge while a shard plays", merge, 2);
    cr_expect(strstr(r.err, "has a batch's shards playing"), "%s", r.err);
    char *run[] = {REFEREE_BIN, "league", "run", dir, "--games", "2", "-q", NULL};
    referee("a run while a shard plays", run, 2);
    cr_expect(strstr(r.err, "has a batch's shards playing"), "%s", r.err);
    kill(pid, SIGKILL);
    test_wait_status(pid);

    char *whole[] = {REFEREE_BIN, "league", "run", dir, "--games", "200", "-q", NULL};
    pid = test_start(whole, log);
    test_wait_rows(pid, dir, 1);
    char *s2[] = {REFEREE_BIN, "league", "run", dir, "--shard", "2/2", "-q", NULL};
    referee("a shard while the league runs", s2, 2);
    cr_expect(strstr(r.err, "is being run by 'league run"), "%s", r.err);
    kill(pid, SIGKILL);
    test_wait_status(pid);
    unlink(log);
}
