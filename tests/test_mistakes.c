/* test_mistakes.c: an operator's mistake stops a run instead of becoming its
 * results: a bot program deleted during a run, and a command that exits
 * before its first reply every time (a typo in a script's path). Both exit 4
 * saying why, and --resume continues once the mistake is fixed. */
#include "helpers.h"
#include "run.h"

#include <criterion/criterion.h>
#include <signal.h>
#include <sys/stat.h>
#include <time.h>

static struct run_result r;

/* Copy the file from to to, executable. */
static void copy_program(const char *from, const char *to)
{
    FILE *in = fopen(from, "rb"), *out = fopen(to, "wb");
    char buf[65536];
    size_t n;
    cr_assert(in && out, "%s -> %s", from, to);
    while ((n = fread(buf, 1, sizeof(buf), in)) > 0)
        cr_assert_eq(fwrite(buf, 1, n, out), n);
    fclose(in);
    cr_assert_eq(fclose(out), 0);
    cr_assert_eq(chmod(to, 0755), 0);
}

static void expect_check_passes(const char *dir)
{
    char *check[] = {REFEREE_BIN, "check", "--strict", (char *)dir, NULL};
    cr_assert_eq(run_program(check, NULL, &r), 0);
    cr_expect_eq(r.status, 0, "check: %s%s", r.out, r.err);
}

#define DELETED_MATCH(dir, bot, ...)                                                               \
    {                                                                                              \
        REFEREE_BIN, "match", "--bot", bot, "--bot", "r=" BOTDIR "random --seed 5", "--games",     \
            "40", "--restart", "--results", dir, "--quiet", __VA_ARGS__ NULL                       \
    }

/* What happens to the bot's program during the run. */
enum mishap { DELETED, NOT_EXECUTABLE };

static void program_gone_mid_run(enum mishap mishap)
{
    char dir[64], program[96], bot[128];
    test_tmpdir(dir, "mistakes");
    snprintf(program, sizeof(program), "%s.bot", dir);
    snprintf(bot, sizeof(bot), "mine=%s slow 3", program);
    copy_program(BUILD_DIR "/testbots/fixture", program);

    char *run[] = DELETED_MATCH(dir, bot, );
    posix_spawn_file_actions_t fa;
    char err[96];
    snprintf(err, sizeof(err), "%s.err", dir);
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 2, err, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    pid_t pid;
    int st;
    cr_assert_eq(posix_spawn(&pid, run[0], &fa, NULL, run, environ), 0);
    posix_spawn_file_actions_destroy(&fa);
    for (int i = 0; i < 30000 && test_count_rows(dir, "games.csv") < 3; i++) {
        cr_assert_eq(waitpid(pid, &st, WNOHANG), 0, "the run ended first");
        nanosleep(&(struct timespec){0, 1000000}, NULL);
    }
    if (mishap == DELETED)
        cr_assert_eq(unlink(program), 0);
    else
        cr_assert_eq(chmod(program, 0644), 0);
    cr_assert_eq(waitpid(pid, &st, 0), pid);
    cr_expect(WIFEXITED(st) && WEXITSTATUS(st) == 4, "status %d", st);
    char text[8192];
    FILE *f = fopen(err, "r");
    cr_assert_not_null(f);
    text[fread(text, 1, sizeof(text) - 1, f)] = '\0';
    fclose(f);
    unlink(err);
    cr_expect(
        strstr(text, "cannot start bot 'mine'") &&
            strstr(text, mishap == DELETED ? "No such file or directory" : "Permission denied"),
        "%s", text);
    cr_expect(strstr(text, "continue with: --results"), "%s", text);
    char games[1 << 16];
    cr_expect_null(strstr(test_slurp(dir, "games.csv", games, sizeof(games)), "could not start"),
                   "a forfeit for the operator's mistake: %s", games);
    long kept = test_count_rows(dir, "games.csv");
    cr_expect(kept >= 3 && kept < 40, "%ld games", kept);
    expect_check_passes(dir);

    if (mishap == DELETED)
        copy_program(BUILD_DIR "/testbots/fixture", program);
    else
        cr_assert_eq(chmod(program, 0755), 0);
    char *resume[] = DELETED_MATCH(dir, bot, "--resume", );
    cr_assert_eq(run_program(resume, NULL, &r), 0);
    cr_expect_eq(r.status, 0, "%s", r.err);
    cr_expect_eq(test_count_rows(dir, "games.csv"), 40);
    expect_check_passes(dir);

    /* The same games as a run that never stopped. */
    char whole[64];
    test_tmpdir(whole, "mistakes");
    char *again[] = DELETED_MATCH(whole, bot, );
    cr_assert_eq(run_program(again, NULL, &r), 0);
    cr_expect_eq(r.status, 0, "%s", r.err);
    struct table a, b;
    test_load(&a, dir, "games.csv");
    test_load(&b, whole, "games.csv");
    cr_assert_eq(a.nrows, b.nrows);
    for (size_t i = 0; i < a.nrows; i++) {
        cr_expect_str_eq(test_cell(&a, i, "game_id"), test_cell(&b, i, "game_id"));
        cr_expect_str_eq(test_cell(&a, i, "moves"), test_cell(&b, i, "moves"), "game %zu", i + 1);
        cr_expect_str_eq(test_cell(&a, i, "result"), test_cell(&b, i, "result"));
    }
    table_release(&a);
    table_release(&b);
    unlink(program);
}

Test(mistakes, a_bot_program_deleted_during_a_run_stops_it_with_4_and_resume_completes_it,
     .timeout = 180)
{
    program_gone_mid_run(DELETED);
}

Test(mistakes, a_bot_program_no_longer_executable_stops_the_run_with_4, .timeout = 180)
{
    program_gone_mid_run(NOT_EXECUTABLE);
}

/* `sh mybots/nonexist.sh`: the shell runs and exits at once, every time. */
Test(mistakes, a_script_path_typo_stops_the_run_with_4_and_its_logs_last_lines, .timeout = 60)
{
    char dir[64];
    test_tmpdir(dir, "mistakes");
    char *run[] = {REFEREE_BIN, "match",
                   "--bot",     "mine=sh mybots/nonexist.sh",
                   "--bot",     "r=" BOTDIR "random",
                   "--games",   "6",
                   "--results", dir,
                   NULL};
    cr_assert_eq(run_program(run, NULL, &r), 0);
    cr_expect_eq(r.status, 4, "%s", r.err);
    cr_expect(strstr(r.err, "bot 'mine' ('sh') cannot play: it ended before its first reply in "
                            "2 starts in a row and never answered a turn (exited (status "),
              "%s", r.err);
    cr_expect(strstr(r.err, "The last lines of its log ("), "%s", r.err);
    cr_expect(strstr(r.err, "nonexist.sh"), "the shell's own words: %s", r.err);
    cr_expect_eq(test_count_rows(dir, "games.csv"), 0, "a result for the operator's mistake");

    /* The same bot as the second player of each game. */
    char other[64];
    test_tmpdir(other, "mistakes");
    char *second[] = {REFEREE_BIN, "match",
                      "--bot",     "r=" BOTDIR "random",
                      "--bot",     "mine=sh mybots/nonexist.sh",
                      "--games",   "6",
                      "--results", other,
                      "--quiet",   NULL};
    cr_assert_eq(run_program(second, NULL, &r), 0);
    cr_expect_eq(r.status, 4, "%s", r.err);
    cr_expect(strstr(r.err, "never answered a turn"), "%s", r.err);
    cr_expect_eq(test_count_rows(other, "games.csv"), 0);
}
