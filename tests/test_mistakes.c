/* test_mistakes.c: a bot that cannot play (a program deleted or made
 * unexecutable during a run, a command that exits before its first reply
 * every time: a typo in a script's path). By default it loses its games by
 * forfeit and the others are played (exit 6); with --stop-on-broken-bot, the
 * operator's mistake stops the run instead of becoming its results (exit 4),
 * saying why, and --resume continues once the mistake is fixed. */
#include "helpers.h"
#include "run.h"

#include <criterion/criterion.h>
#include <dirent.h>
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
            "40", "--restart", "--results", dir, "--quiet", "--stop-on-broken-bot",                \
            __VA_ARGS__ NULL                                                                       \
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

Test(mistakes,
     a_bot_program_deleted_during_a_run_stops_it_with_4_on_request_and_resume_completes_it,
     .timeout = 180)
{
    program_gone_mid_run(DELETED);
}

Test(mistakes, a_bot_program_no_longer_executable_stops_the_run_with_4_on_request, .timeout = 180)
{
    program_gone_mid_run(NOT_EXECUTABLE);
}

/* `sh mybots/nonexist.sh`: the shell runs and exits at once, every time. */
Test(mistakes, a_script_path_typo_stops_the_run_with_4_on_request_and_its_logs_last_lines,
     .timeout = 60)
{
    char dir[64];
    test_tmpdir(dir, "mistakes");
    char *run[] = {REFEREE_BIN,
                   "match",
                   "--bot",
                   "mine=sh mybots/nonexist.sh",
                   "--bot",
                   "r=" BOTDIR "random",
                   "--games",
                   "6",
                   "--results",
                   dir,
                   "--stop-on-broken-bot",
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
                      "--quiet",   "--stop-on-broken-bot",
                      NULL};
    cr_assert_eq(run_program(second, NULL, &r), 0);
    cr_expect_eq(r.status, 4, "%s", r.err);
    cr_expect(strstr(r.err, "never answered a turn"), "%s", r.err);
    cr_expect_eq(test_count_rows(other, "games.csv"), 0);
}

/* A round robin of a (random), b (greedy) and c=COMMAND on 2 workers, games
 * per pairing, into a new dir; r holds how it went. */
static void round_robin(char *dir, const char *c, const char *games)
{
    test_tmpdir(dir, "mistakes");
    char *run[] = {REFEREE_BIN, "tournament",
                   "--bot",     "a=" BOTDIR "random",
                   "--bot",     "b=" BOTDIR "greedy",
                   "--bot",     (char *)c,
                   "--games",   (char *)games,
                   "-j",        "2",
                   "--results", dir,
                   "--quiet",   NULL};
    cr_assert_eq(run_program(run, NULL, &r), 0);
}

/* dir's games against those of the same round robin with a c that plays
 * (whole): every game without c is the same game, move for move, and no
 * foul; every game of c from its first forfeit on is one too (but one that
 * the other worker had begun), lost by c with a reason that begins `want`.
 * Returns c's forfeits. */
static int expect_forfeits_and_the_rest_played(const char *dir, const char *whole, const char *want)
{
    struct table t, w;
    int forfeits = 0, late = 0;
    test_load(&t, dir, "games.csv");
    test_load(&w, whole, "games.csv");
    cr_assert_eq(t.nrows, w.nrows, "every game of the schedule is recorded");
    for (size_t i = 0; i < t.nrows; i++) {
        const char *first = test_cell(&t, i, "first"), *second = test_cell(&t, i, "second");
        bool of_c = strcmp(first, "c") == 0 || strcmp(second, "c") == 0;
        if (!of_c) {
            cr_expect_str_eq(test_cell(&t, i, "moves"), test_cell(&w, i, "moves"), "game %zu", i);
            cr_expect_str_eq(test_cell(&t, i, "result"), test_cell(&w, i, "result"));
            cr_expect_str_eq(test_cell(&t, i, "foul"), "", "game %zu", i + 1);
            continue;
        }
        bool forfeit = strcmp(test_cell(&t, i, "foul"), "could-not-start") == 0;
        late += !forfeit && forfeits > 0;
        if (!forfeit)
            continue;
        forfeits++;
        cr_expect_str_eq(test_cell(&t, i, "foul_by"), "c");
        cr_expect_str_neq(test_cell(&t, i, "winner"), "c");
        cr_expect(strncmp(test_cell(&t, i, "reason"), want, strlen(want)) == 0, "game %zu: %s",
                  i + 1, test_cell(&t, i, "reason"));
    }
    cr_expect_leq(late, 1, "games of c played after its first forfeit");
    table_release(&t);
    table_release(&w);
    return forfeits;
}

/* A contest's entry that exits at its first turn, every time: it loses each
 * of its games by forfeit, saying why; every other game is played as if it
 * were not there; the run ends with 6 and names it. */
Test(mistakes, an_entry_that_exits_at_its_first_turn_forfeits_its_games_and_the_rest_are_played,
     .timeout = 120)
{
    char dir[64], whole[64];
    round_robin(whole, "c=" BUILD_DIR "/testbots/fixture legal", "4");
    cr_assert_eq(r.status, 0, "%s", r.err);
    round_robin(dir, "c=" BUILD_DIR "/testbots/fixture exit 3", "4");
    cr_expect_eq(r.status, 6, "%s", r.err);
    cr_expect(strstr(r.err, "bot 'c' ('" BUILD_DIR "/testbots/fixture') cannot play: it ended "
                            "before its first reply in 2 starts in a row"),
              "%s", r.err);
    cr_expect(strstr(r.err, "its games are forfeits"), "%s", r.err);
    cr_expect(strstr(r.err, "1 bot could not play and lost its games by forfeit from then on: "
                            "'c'"),
              "%s", r.err);
    int forfeits = expect_forfeits_and_the_rest_played(
        dir, whole,
        "could not start (it ended before its first reply in 2 starts in a row and never "
        "answered a turn (exited (status 3)))");
    cr_expect_eq(forfeits, 8, "each of c's 8 games");
    expect_check_passes(dir);
}

/* An entry that plays 3 turns, then takes the execute bits off its own
 * program and crashes: it cannot be started again. It loses every later game
 * by forfeit, is never said to have "never answered", and the other games of
 * the 24 are played. */
Test(mistakes, an_entry_that_makes_itself_unexecutable_forfeits_the_rest_never_said_unanswered,
     .timeout = 180)
{
    char dir[64], whole[64], program[96], bot[160];
    round_robin(whole, "c=" BUILD_DIR "/testbots/fixture legal", "8");
    cr_assert_eq(r.status, 0, "%s", r.err);
    test_tmpdir(dir, "mistakes");
    snprintf(program, sizeof(program), "%s.bot", dir);
    copy_program(BUILD_DIR "/testbots/fixture", program);
    snprintf(bot, sizeof(bot), "c=%s unexec 3", program);
    round_robin(dir, bot, "8");
    struct stat st;
    cr_assert_eq(stat(program, &st), 0);
    cr_expect_eq(st.st_mode & 0111, 0, "the bot took its execute bits off");
    cr_expect_eq(r.status, 6, "%s", r.err);
    cr_expect_null(strstr(r.err, "never answered"), "%s", r.err);
    cr_expect(strstr(r.err, "cannot start bot 'c'") && strstr(r.err, "Permission denied"), "%s",
              r.err);
    int forfeits =
        expect_forfeits_and_the_rest_played(dir, whole, "could not start (permission denied)");
    cr_expect(forfeits >= 8 && forfeits < 16, "%d forfeits of c's 16 games", forfeits);
    char games[1 << 16];
    cr_expect(strstr(test_slurp(dir, "games.csv", games, sizeof(games)), "crashed (signal 11)"),
              "%s", games);
    cr_expect_null(strstr(games, "never answered"), "%s", games);
    expect_check_passes(dir);
    unlink(program);
}

/* Remove the fixture's onlyfirst markers (/tmp/referee-onlyfirst-*). */
static void remove_onlyfirst_markers(void)
{
    DIR *d = opendir("/tmp");
    struct dirent *e;
    char path[300];
    while (d && (e = readdir(d)) != NULL)
        if (strncmp(e->d_name, "referee-onlyfirst-", 18) == 0) {
            snprintf(path, sizeof(path), "/tmp/%s", e->d_name);
            unlink(path);
        }
    if (d)
        closedir(d);
}

/* Two processes of one bot at once, on two workers: the first answers its
 * first turn, then thinks on in a game still under way; the other exits at
 * its first turn, once that answer is in. The bot has answered a turn: the
 * exit is its foul in that game, it is never said to have "never answered",
 * and the run plays on. */
Test(mistakes, a_bot_that_answered_on_another_worker_is_never_said_never_to_have_answered,
     .timeout = 120)
{
    char dir[64];
    round_robin(dir, "c=" BUILD_DIR "/testbots/fixture onlyfirst 200", "2");
    remove_onlyfirst_markers();
    cr_expect_eq(r.status, 0, "%s", r.err);
    cr_expect_null(strstr(r.err, "never answered"), "%s", r.err);
    struct table t;
    int exits = 0;
    test_load(&t, dir, "games.csv");
    cr_expect_eq(t.nrows, 6);
    for (size_t i = 0; i < t.nrows; i++) {
        cr_expect_str_neq(test_cell(&t, i, "foul"), "could-not-start", "game %zu", i + 1);
        exits += strcmp(test_cell(&t, i, "reason"), "exited (status 3)") == 0;
    }
    table_release(&t);
    cr_expect_geq(exits, 1, "the other process's exit is a foul of its game");
    expect_check_passes(dir);
}
