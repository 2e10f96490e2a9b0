/* test_tournament.c: `referee tournament` end to end with real processes and
 * files: a seeded round robin against its golden games file, the same files
 * whatever -j, resume after SIGKILL and after Ctrl-C, standings recomputed
 * from the records, and the user's errors. */
#define _GNU_SOURCE /* sched_getaffinity, CPU_COUNT */
#include "helpers.h"
#include "run.h"
#include "table.h"

#include <criterion/criterion.h>
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>

static struct run_result r;

static const char *const timing[] = {"start_utc", "duration_ms",  "first_ms",
                                     "second_ms", "first_max_ms", "second_max_ms",
                                     "ms",        "mean_ms",      "max_ms"};

static bool is_timing(const char *column)
{
    for (size_t i = 0; i < sizeof(timing) / sizeof(timing[0]); i++)
        if (strcmp(column, timing[i]) == 0)
            return true;
    return false;
}

/* Files a and b hold the same rows, timing columns aside (b may lack them). */
static void expect_same_csv(const char *dir_a, const char *dir_b, const char *file)
{
    struct table a, b;
    test_load(&a, dir_a, file);
    test_load(&b, dir_b, file);
    cr_assert_eq(a.nrows, b.nrows, "%s: %zu rows against %zu", file, a.nrows, b.nrows);
    for (size_t c = 0; c < a.ncols; c++) {
        if (is_timing(a.header[c]))
            continue;
        int cb = table_column(&b, a.header[c]);
        cr_assert_geq(cb, 0, "%s: no column %s", file, a.header[c]);
        for (size_t i = 0; i < a.nrows; i++)
            cr_assert_str_eq(a.rows[i][c], b.rows[i][cb], "%s row %zu column %s", file, i + 1,
                             a.header[c]);
    }
    table_release(&a);
    table_release(&b);
}

/* The seeded round robin of deterministic bots every test here plays. */
#define ROUND_ROBIN(dir, jobs, ...)                                                                \
    {                                                                                              \
        REFEREE_BIN, "tournament", "--bot", "r1=" BOTDIR "random --seed 1", "--bot",               \
            "r2=" BOTDIR "random --seed 2", "--bot", "heuristic=" BOTDIR "heuristic", "--bot",     \
            "perfect=" BOTDIR "perfect", "--games", "10", "--seed", "7", "-j", jobs, "--results",  \
            dir, "--quiet", __VA_ARGS__ NULL                                                       \
    }

Test(tournament, seeded_round_robin_matches_its_golden_games_file, .timeout = 60)
{
    char dir[64];
    test_tmpdir(dir, "tournament");
    char *argv[] = ROUND_ROBIN(dir, "2", );
    cr_assert_eq(run_program(argv, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    expect_same_csv(dir, SOURCE_DIR "/tests/golden", "games.csv");
    expect_same_csv(dir, SOURCE_DIR "/tests/golden", "standings.csv");
    expect_same_csv(dir, SOURCE_DIR "/tests/golden", "crosstable.csv");
    /* The golden run checks: every derived column from its moves and its plan. */
    char *check[] = {REFEREE_BIN, "check", "--strict", dir, NULL};
    cr_assert_eq(run_program(check, NULL, &r), 0);
    cr_expect_eq(r.status, 0, "%s%s", r.out, r.err);
}

Test(tournament, files_are_the_same_with_one_job_or_four, .timeout = 60)
{
    char one[64], four[64];
    test_tmpdir(one, "tournament");
    test_tmpdir(four, "tournament");
    char *a[] = ROUND_ROBIN(one, "1", );
    char *b[] = ROUND_ROBIN(four, "4", );
    cr_assert_eq(run_program(a, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_assert_eq(run_program(b, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    expect_same_csv(one, four, "games.csv");
    expect_same_csv(one, four, "moves.csv");
    expect_same_csv(one, four, "standings.csv");
}

static long count_lines(const char *dir, const char *file)
{
    char path[512];
    snprintf(path, sizeof(path), "%s/%s", dir, file);
    FILE *f = fopen(path, "r");
    long n = 0;
    int ch;
    if (!f)
        return 0;
    while ((ch = fgetc(f)) != EOF)
        n += ch == '\n';
    fclose(f);
    return n;
}

/* Start argv, wait until games.csv has `rows` rows (or it ends), then send sig. */
static int run_and_signal(char *const argv[], const char *dir, long rows, int sig)
{
    posix_spawn_file_actions_t fa;
    pid_t pid;
    int st;

    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
    cr_assert_eq(posix_spawn(&pid, argv[0], &fa, NULL, argv, environ), 0);
    posix_spawn_file_actions_destroy(&fa);
    for (int i = 0; i < 20000 && count_lines(dir, "games.csv") < rows + 1; i++) {
        if (waitpid(pid, &st, WNOHANG) == pid)
            return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
        nanosleep(&(struct timespec){0, 200000}, NULL);
    }
    kill(pid, sig);
    cr_assert_eq(waitpid(pid, &st, 0), pid);
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

/* Like ROUND_ROBIN, with a bot that takes 3 ms a move, so that a kill lands
 * while games are under way. */
#define SLOW_ROUND_ROBIN(dir, ...)                                                                 \
    {                                                                                              \
        REFEREE_BIN, "tournament", "--bot", "r1=" BOTDIR "random --seed 1", "--bot",               \
            "slowpoke=" BUILD_DIR "/testbots/fixture slow 3", "--bot",                             \
            "heuristic=" BOTDIR "heuristic", "--bot", "perfect=" BOTDIR "perfect", "--games",      \
            "10", "-j", "2", "--results", dir, "--quiet", __VA_ARGS__ NULL                         \
    }

Test(tournament, killed_run_resumed_gives_the_uninterrupted_games, .timeout = 120)
{
    char whole[64];
    test_tmpdir(whole, "tournament");
    char *a[] = SLOW_ROUND_ROBIN(whole, );
    cr_assert_eq(run_program(a, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);

    /* Kill it at several moments, resuming after each kill. */
    long points[] = {0, 3, 17, 41};
    char dir[64];
    test_tmpdir(dir, "tournament");
    char *b[] = SLOW_ROUND_ROBIN(dir, );
    char *resume[] = SLOW_ROUND_ROBIN(dir, "--resume", );
    for (size_t k = 0; k < sizeof(points) / sizeof(points[0]); k++) {
        int status = run_and_signal(k == 0 ? b : resume, dir, points[k], SIGKILL);
        cr_expect_eq(status, 128 + SIGKILL, "kill %zu: the run ended first", k);
    }
    cr_assert_eq(run_program(resume, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    expect_same_csv(whole, dir, "games.csv");
    expect_same_csv(whole, dir, "moves.csv");
    expect_same_csv(whole, dir, "standings.csv");
}

Test(tournament, interrupt_stops_cleanly_with_130_and_resume_finishes, .timeout = 120)
{
    char whole[64], dir[64];
    test_tmpdir(whole, "tournament");
    test_tmpdir(dir, "tournament");
    char *a[] = SLOW_ROUND_ROBIN(whole, );
    cr_assert_eq(run_program(a, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);

    char *b[] = SLOW_ROUND_ROBIN(dir, );
    int status = run_and_signal(b, dir, 5, SIGINT);
    cr_expect_eq(status, 130);
    long rows = count_lines(dir, "games.csv") - 1;
    cr_expect(rows >= 5 && rows < 60, "%ld games kept", rows);
    struct table t;
    test_load(&t, dir, "standings.csv"); /* written for the games it kept */
    table_release(&t);

    char *resume[] = SLOW_ROUND_ROBIN(dir, "--resume", );
    cr_assert_eq(run_program(resume, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    expect_same_csv(whole, dir, "games.csv");
    expect_same_csv(whole, dir, "moves.csv");
}

Test(tournament, resume_refuses_the_files_of_another_tournament, .timeout = 60)
{
    char dir[64];
    test_tmpdir(dir, "tournament");
    char *a[] = ROUND_ROBIN(dir, "2", );
    cr_assert_eq(run_program(a, NULL, &r), 0);
    char *other[] = {REFEREE_BIN,          "tournament", "--bot", "x=" BOTDIR "random", "--bot",
                     "y=" BOTDIR "random", "--results",  dir,     "--resume",           NULL};
    cr_assert_eq(run_program(other, NULL, &r), 0);
    cr_expect_eq(r.status, 3);
    cr_expect(strstr(r.err, "cannot resume"), "%s", r.err);
    cr_expect(strstr(r.err, "not the same tournament"), "%s", r.err);
    struct table t;
    test_load(&t, dir, "games.csv");
    cr_expect_eq(t.nrows, 60, "the files are left as they were");
    table_release(&t);
}

Test(tournament, rerun_without_resume_refuses_a_directory_with_games, .timeout = 60)
{
    char dir[64];
    test_tmpdir(dir, "tournament");
    char *a[] = ROUND_ROBIN(dir, "2", );
    cr_assert_eq(run_program(a, NULL, &r), 0);
    cr_assert_eq(run_program(a, NULL, &r), 0);
    cr_expect_eq(r.status, 2);
    cr_expect(strstr(r.err, "already holds games; continue it with --resume"), "%s", r.err);
}

Test(tournament, standings_command_recomputes_the_tournaments_standings, .timeout = 60)
{
    char dir[64], out[64], games[128];
    test_tmpdir(dir, "tournament");
    test_tmpdir(out, "tournament");
    char *a[] = ROUND_ROBIN(dir, "2", );
    cr_assert_eq(run_program(a, NULL, &r), 0);
    snprintf(games, sizeof(games), "%s/games.csv", dir);
    char *b[] = {REFEREE_BIN, "standings", "--write", out, games, NULL};
    cr_assert_eq(run_program(b, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_expect(strstr(r.out, "Rank  Name"), "%s", r.out);
    expect_same_csv(dir, out, "standings.csv");
    expect_same_csv(dir, out, "crosstable.csv");
}

Test(tournament, gauntlet_plays_the_first_bot_against_each_other, .timeout = 60)
{
    char dir[64];
    struct table t;
    test_tmpdir(dir, "tournament");
    char *argv[] = {REFEREE_BIN, "tournament",
                    "--format",  "gauntlet",
                    "--bot",     "cand=" BOTDIR "heuristic",
                    "--bot",     "a=" BOTDIR "random --seed 1",
                    "--bot",     "b=" BOTDIR "random --seed 2",
                    "--bot",     "c=" BOTDIR "perfect",
                    "--games",   "4",
                    "--rounds",  "2",
                    "--results", dir,
                    "--quiet",   NULL};
    cr_assert_eq(run_program(argv, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    test_load(&t, dir, "games.csv");
    cr_expect_eq(t.nrows, 3 * 4 * 2);
    int first = table_column(&t, "first"), second = table_column(&t, "second");
    int as_first = 0;
    for (size_t i = 0; i < t.nrows; i++) {
        bool f = strcmp(t.rows[i][first], "cand") == 0;
        cr_expect(f || strcmp(t.rows[i][second], "cand") == 0, "game %zu", i + 1);
        as_first += f;
    }
    cr_expect_eq(as_first, 12, "colours balanced");
    table_release(&t);
}

Test(tournament, bots_file_and_openings_file_are_read, .timeout = 60)
{
    char dir[64], bots[128], openings[128];
    struct table t;
    test_tmpdir(dir, "tournament");
    snprintf(bots, sizeof(bots), "%s/bots.csv", dir);
    snprintf(openings, sizeof(openings), "%s/openings.txt", dir);
    FILE *f = fopen(bots, "w");
    fprintf(f,
            "name,command,dir,args\n\"heur=the, \"\"rule\"\" bot\",%s,/tmp,\n"
            "rnd,%s,,--seed 9\n",
            BOTDIR "heuristic", BOTDIR "random");
    fclose(f);
    f = fopen(openings, "w");
    fprintf(f, "# two openings\no:b2 x:a1\na1 c3\n");
    fclose(f);
    char *argv[] = {REFEREE_BIN, "tournament", "--bots",    bots, "--openings-file", openings,
                    "--games",   "4",          "--results", dir,  "--quiet",         NULL};
    cr_assert_eq(run_program(argv, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    test_load(&t, dir, "games.csv");
    cr_assert_eq(t.nrows, 4);
    int moves = table_column(&t, "moves"), first = table_column(&t, "first");
    cr_expect_str_eq(t.rows[0][first], "heur=the, \"rule\" bot");
    cr_expect(strncmp(t.rows[0][moves], "o:b2 x:a1 ", 10) == 0, "%s", t.rows[0][moves]);
    cr_expect(strncmp(t.rows[1][moves], "o:b2 x:a1 ", 10) == 0, "%s", t.rows[1][moves]);
    cr_expect(strncmp(t.rows[2][moves], "o:a1 x:c3 ", 10) == 0, "%s", t.rows[2][moves]);
    table_release(&t);
}

Test(tournament, users_errors_name_the_thing_and_exit_with_their_code, .timeout = 60)
{
    char *missing[] = {REFEREE_BIN, "tournament", "--bots", "/nonexistent/bots.csv", NULL};
    cr_assert_eq(run_program(missing, NULL, &r), 0);
    cr_expect_eq(r.status, 4);
    cr_expect_str_eq(r.err, "referee: cannot read bots file '/nonexistent/bots.csv': No such file "
                            "or directory\n");

    char *one[] = {REFEREE_BIN, "tournament", "--bot", "a=" BOTDIR "random", NULL};
    cr_assert_eq(run_program(one, NULL, &r), 0);
    cr_expect_eq(r.status, 2);

    char *fmt[] = {REFEREE_BIN, "tournament", "--format", "swiss", NULL};
    cr_assert_eq(run_program(fmt, NULL, &r), 0);
    cr_expect_eq(r.status, 2);
    cr_expect_str_eq(r.err, "referee: --format 'swiss': expected roundrobin or gauntlet\n");

    char dir[64];
    test_tmpdir(dir, "tournament");
    char *ghost[] = {REFEREE_BIN, "tournament",
                     "--bot",     "a=" BOTDIR "random",
                     "--bot",     "ghost=/nonexistent/ghost",
                     "--results", dir,
                     "--quiet",   NULL};
    cr_assert_eq(run_program(ghost, NULL, &r), 0);
    cr_expect_eq(r.status, 6, "its games are forfeits: %s", r.err);
    cr_expect(strstr(r.err, "cannot start bot 'ghost' ('/nonexistent/ghost'): No such file"), "%s",
              r.err);
    test_tmpdir(dir, "tournament");
    ghost[8] = "--stop-on-broken-bot"; /* for --quiet */
    cr_assert_eq(run_program(ghost, NULL, &r), 0);
    cr_expect_eq(r.status, 4, "%s", r.err);
    cr_expect(strstr(r.err, "cannot start bot 'ghost' ('/nonexistent/ghost'): No such file"), "%s",
              r.err);
}

Test(tournament, ctrl_c_stops_a_bot_that_is_thinking_at_once, .timeout = 60)
{
    char dir[64];
    test_tmpdir(dir, "tournament");
    char *argv[] = {REFEREE_BIN,   "match",
                    "--bot",       "thinker=" BUILD_DIR "/testbots/fixture silent",
                    "--bot",       "b=" BOTDIR "random",
                    "--movetime",  "20000",
                    "--firstmove", "20000",
                    "--results",   dir,
                    NULL};
    posix_spawn_file_actions_t fa;
    pid_t pid;
    int st;

    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
    cr_assert_eq(posix_spawn(&pid, argv[0], &fa, NULL, argv, environ), 0);
    posix_spawn_file_actions_destroy(&fa);
    nanosleep(&(struct timespec){0, 500000000}, NULL);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    kill(pid, SIGINT);
    cr_assert_eq(waitpid(pid, &st, 0), pid);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
    cr_expect(WIFEXITED(st) && WEXITSTATUS(st) == 130, "status %d", st);
    cr_expect_lt(secs, 3.0, "took %.1f s to stop", secs);
    struct table t;
    test_load(&t, dir, "games.csv");
    cr_expect_eq(t.nrows, 0, "the game cut short is not recorded");
    table_release(&t);
}

Test(tournament, many_bots_run_within_a_small_descriptor_limit, .timeout = 60)
{
    char dir[64];
    test_tmpdir(dir, "tournament");
    /* 12 bots, 4 workers: a process of every bot in every worker would need
     * 4 x 12 x 4 descriptors; the limit allows far fewer. */
    struct rlimit lim = {.rlim_cur = 128, .rlim_max = 128};
    cr_assert_eq(setrlimit(RLIMIT_NOFILE, &lim), 0);
    char *argv[40] = {REFEREE_BIN, "tournament"};
    char specs[12][512];
    int n = 2;
    for (int i = 0; i < 12; i++) {
        snprintf(specs[i], sizeof(specs[i]), "b%d=%s --seed %d", i, BOTDIR "random", i);
        argv[n++] = "--bot";
        argv[n++] = specs[i];
    }
    char *rest[] = {"-j", "4", "--results", dir, "--quiet", NULL};
    for (int i = 0; rest[i]; i++)
        argv[n++] = rest[i];
    argv[n] = NULL;
    cr_assert_eq(run_program(argv, NULL, &r), 0);
    cr_expect_eq(r.status, 0, "%s", r.err);
    cr_expect_eq(count_lines(dir, "games.csv"), 1 + 66 * 2);
}

Test(tournament, resume_refuses_other_openings_or_rules, .timeout = 60)
{
    char dir[64];
    test_tmpdir(dir, "tournament");
    char *a[] = ROUND_ROBIN(dir, "2", );
    cr_assert_eq(run_program(a, NULL, &r), 0);
    char *openings[] = ROUND_ROBIN(dir, "2", "--resume", "--openings", "3", );
    cr_assert_eq(run_program(openings, NULL, &r), 0);
    cr_expect_eq(r.status, 3);
    cr_expect(strstr(r.err, "other rules or another opening"), "%s", r.err);
    char *rules[] = ROUND_ROBIN(dir, "2", "--resume", "--no-early-draw", );
    cr_assert_eq(run_program(rules, NULL, &r), 0);
    cr_expect_eq(r.status, 3);
}

Test(tournament, fresh_run_drops_the_moves_a_killed_first_game_left, .timeout = 60)
{
    char dir[64], path[128];
    test_tmpdir(dir, "tournament");
    char *a[] = ROUND_ROBIN(dir, "2", );
    cr_assert_eq(run_program(a, NULL, &r), 0);
    /* As if killed between game 1's moves and its games row. */
    snprintf(path, sizeof(path), "%s/games.csv", dir);
    FILE *f = fopen(path, "r+");
    char header[1024];
    cr_assert_not_null(fgets(header, sizeof(header), f));
    cr_assert_eq(ftruncate(fileno(f), (off_t)strlen(header)), 0);
    fclose(f);
    cr_assert_eq(run_program(a, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    char whole[64];
    test_tmpdir(whole, "tournament");
    char *b[] = ROUND_ROBIN(whole, "2", );
    cr_assert_eq(run_program(b, NULL, &r), 0);
    expect_same_csv(whole, dir, "moves.csv");
}

Test(tournament, settings_that_cannot_work_are_refused_before_any_game, .timeout = 60)
{
    char dir[64];
    test_tmpdir(dir, "tournament");
    char *deep[] = ROUND_ROBIN(dir, "2", "--openings", "9", );
    cr_assert_eq(run_program(deep, NULL, &r), 0);
    cr_expect_eq(r.status, 2);
    cr_expect(strstr(r.err, "--openings 9: no line of 9 random moves"), "%s", r.err);
    char *zero[] = ROUND_ROBIN(dir, "2", "--movetime", "0", );
    cr_assert_eq(run_program(zero, NULL, &r), 0);
    cr_expect_eq(r.status, 2);
    cr_expect(strstr(r.err, "--movetime 0 needs a game clock"), "%s", r.err);
}

Test(tournament, bot_log_stays_within_its_cap_across_restarts, .timeout = 60)
{
    char dir[64], path[128];
    struct stat st;
    test_tmpdir(dir, "tournament");
    char *argv[] = {REFEREE_BIN, "match",
                    "--bot",     "chatty=" BUILD_DIR "/testbots/fixture stderr 8",
                    "--bot",     "b=" BOTDIR "random",
                    "--games",   "6",
                    "--restart", "--log-cap",
                    "4096",      "--results",
                    dir,         "--quiet",
                    NULL};
    cr_assert_eq(run_program(argv, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    snprintf(path, sizeof(path), "%s/logs/chatty.log", dir);
    cr_assert_eq(stat(path, &st), 0);
    /* 4096 bytes of its, then a line from each of its processes that says how
     * much of its stderr (8 KiB a turn) was dropped: all it wrote, less 4096 */
    static char text[16384];
    test_slurp(dir, "logs/chatty.log", text, sizeof(text));
    cr_assert_eq(strspn(text, "e\n"), 4096);
    long dropped = 0, notes = 0, turns = 0;
    for (const char *at = text + 4096; *at; at = strchr(at, '\n') + 1, notes++) {
        long n = 0;
        cr_assert_eq(sscanf(at, "referee: log cut at 4096 bytes (its cap); %ld more bytes", &n), 1,
                     "%s", at);
        dropped += n;
    }
    struct table t;
    test_load(&t, dir, "games.csv");
    for (size_t i = 0; i < t.nrows; i++)
        turns += atol(test_cell(&t, i,
                                strcmp(test_cell(&t, i, "first"), "chatty") == 0 ? "first_moves"
                                                                                 : "second_moves"));
    table_release(&t);
    cr_expect_eq(notes, 6, "a line for each game's process");
    cr_expect_eq(dropped, 8192 * turns - 4096, "%ld turns", turns);
}

/* Rows of games.csv files, timing aside, sorted by game_id, as one text. */
static void games_text(char *out, size_t cap, const char *const *dirs, int n)
{
    static char lines[400][2048];
    int count = 0;
    for (int d = 0; d < n; d++) {
        struct table t;
        test_load(&t, dirs[d], "games.csv");
        for (size_t i = 0; i < t.nrows && count < 400; i++) {
            size_t k = 0;
            for (size_t c = 0; c < t.ncols; c++)
                if (!is_timing(t.header[c]))
                    k += (size_t)snprintf(lines[count] + k, sizeof(lines[0]) - k, "%s|",
                                          t.rows[i][c]);
            count++;
        }
        table_release(&t);
    }
    /* Sort by the leading game id. */
    for (int i = 1; i < count; i++)
        for (int j = i; j > 0 && atol(lines[j - 1]) > atol(lines[j]); j--) {
            char tmp[2048];
            memcpy(tmp, lines[j], sizeof(tmp));
            memcpy(lines[j], lines[j - 1], sizeof(tmp));
            memcpy(lines[j - 1], tmp, sizeof(tmp));
        }
    size_t k = 0;
    out[0] = '\0';
    for (int i = 0; i < count && k < cap; i++)
        k += (size_t)snprintf(out + k, cap - k, "%s\n", lines[i]);
}

Test(tournament, shards_run_through_gnu_parallel_merge_to_the_whole_run, .timeout = 120)
{
    char whole[64], sharded[64];
    static char a[400 * 2048], b[400 * 2048];
    test_tmpdir(whole, "tournament");
    test_tmpdir(sharded, "tournament");
    char *all[] = ROUND_ROBIN(whole, "1", );
    cr_assert_eq(run_program(all, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);

    setenv("REFEREE", REFEREE_BIN, 1);
    char *shards[] = {SOURCE_DIR "/scripts/shards",
                      "3",
                      sharded,
                      "--bot",
                      "r1=" BOTDIR "random --seed 1",
                      "--bot",
                      "r2=" BOTDIR "random --seed 2",
                      "--bot",
                      "heuristic=" BOTDIR "heuristic",
                      "--bot",
                      "perfect=" BOTDIR "perfect",
                      "--games",
                      "10",
                      "--seed",
                      "7",
                      "-j",
                      "1",
                      NULL};
    cr_assert_eq(run_program(shards, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    expect_same_csv(whole, sharded, "standings.csv");
    expect_same_csv(whole, sharded, "crosstable.csv");

    char dirs[3][96];
    const char *parts[3];
    for (int i = 0; i < 3; i++) {
        snprintf(dirs[i], sizeof(dirs[i]), "%s/shard-%d", sharded, i + 1);
        parts[i] = dirs[i];
    }
    const char *one[] = {whole};
    games_text(a, sizeof(a), one, 1);
    games_text(b, sizeof(b), parts, 3);
    cr_expect_str_eq(a, b);
}

Test(tournament, kill_and_resume_stress_keeps_every_game_whole, .timeout = 120)
{
    setenv("BUILD", BUILD_DIR, 1);
    char *argv[] = {SOURCE_DIR "/scripts/stress-resume", "5", NULL};
    cr_assert_eq(run_program(argv, NULL, &r), 0);
    cr_expect_eq(r.status, 0, "%s%s", r.out, r.err);
    cr_expect(strstr(r.out, "stress-resume: 5 rounds"), "%s", r.out);
}

Test(tournament, check_command_finds_a_game_without_its_moves, .timeout = 60)
{
    char dir[64], path[128];
    test_tmpdir(dir, "tournament");
    char *a[] = ROUND_ROBIN(dir, "2", );
    cr_assert_eq(run_program(a, NULL, &r), 0);
    char *check[] = {REFEREE_BIN, "check", dir, NULL};
    cr_assert_eq(run_program(check, NULL, &r), 0);
    cr_expect_eq(r.status, 0, "%s", r.err);
    cr_expect(strstr(r.out, ": 60 games, "), "%s", r.out);
    /* Drop the last row of moves.csv: game 60 lacks a move. */
    snprintf(path, sizeof(path), "%s/moves.csv", dir);
    struct stat st;
    cr_assert_eq(stat(path, &st), 0);
    FILE *f = fopen(path, "r+");
    long cut = (long)st.st_size - 1;
    while (cut > 0) {
        fseek(f, cut - 1, SEEK_SET);
        if (fgetc(f) == '\n')
            break;
        cut--;
    }
    cr_assert_eq(ftruncate(fileno(f), cut), 0);
    fclose(f);
    cr_assert_eq(run_program(check, NULL, &r), 0);
    cr_expect_eq(r.status, 3);
    cr_expect(strstr(r.err, "moves.csv lacks ply "), "%s", r.err);
}

Test(tournament, standings_refuses_the_games_files_the_fuzzer_found, .timeout = 60)
{
    static const char *const files[] = {"moves-nan.csv", "moves-out-of-int-range.csv"};
    for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
        char path[256];
        snprintf(path, sizeof(path), "%s/tests/fuzz/crashes/fuzz_csv/%s", SOURCE_DIR, files[i]);
        char *argv[] = {REFEREE_BIN, "standings", path, NULL};
        cr_assert_eq(run_program(argv, NULL, &r), 0);
        cr_expect_eq(r.status, 3, "%s: %s", files[i], r.err);
        cr_expect(strstr(r.err, "referee: cannot read '"), "%s", r.err);
    }
}

Test(tournament, standings_leave_out_a_row_torn_inside_quotes_and_say_so, .timeout = 60)
{
    char *argv[] = {REFEREE_BIN, "standings",
                    SOURCE_DIR "/tests/fuzz/crashes/fuzz_csv/torn-in-quote.csv", NULL};
    cr_assert_eq(run_program(argv, NULL, &r), 0);
    cr_expect_eq(r.status, 0, "%s", r.err);
    cr_expect(strstr(r.err, "its last row is torn"), "%s", r.err);
    cr_expect(strstr(r.out, "1-0-0"), "%s", r.out);
}

Test(tournament, run_killed_before_its_moves_header_resumes_from_scratch, .timeout = 60)
{
    char whole[64], dir[64], path[160], header[1024];
    test_tmpdir(whole, "tournament");
    test_tmpdir(dir, "tournament");
    char *a[] = ROUND_ROBIN(whole, "2", );
    cr_assert_eq(run_program(a, NULL, &r), 0);
    /* As if killed after games.csv got its header and moves.csv was just created. */
    snprintf(path, sizeof(path), "%s/games.csv", whole);
    FILE *f = fopen(path, "r");
    cr_assert_not_null(fgets(header, sizeof(header), f));
    fclose(f);
    snprintf(path, sizeof(path), "%s/games.csv", dir);
    f = fopen(path, "w");
    fputs(header, f);
    fclose(f);
    snprintf(path, sizeof(path), "%s/moves.csv", dir);
    fclose(fopen(path, "w"));

    char *resume[] = ROUND_ROBIN(dir, "2", "--resume", );
    cr_assert_eq(run_program(resume, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    expect_same_csv(whole, dir, "games.csv");
    expect_same_csv(whole, dir, "moves.csv");
}

/* True if every field of every line of path is in double quotes, as
 * results/README.md says (a quote inside a field doubled). */
static bool all_fields_quoted(const char *path, long *lines)
{
    FILE *f = fopen(path, "r");
    int ch, prev = '\n';
    bool inside = false, ok = f != NULL;

    *lines = 0;
    while (ok && (ch = fgetc(f)) != EOF) {
        if (!inside && (prev == '\n' || prev == ',')) {
            ok = ch == '"'; /* a field starts with its quote */
            inside = true;
        } else if (inside && ch == '"') {
            int next = fgetc(f);
            if (next == '"')
                continue; /* a doubled quote, inside the field */
            ok = next == ',' || next == '\n';
            inside = false;
            *lines += next == '\n';
            ch = next;
        } else if (!inside) {
            ok = false;
        }
        prev = ch;
    }
    if (f)
        fclose(f);
    return ok && !inside;
}

Test(tournament, every_csv_field_is_quoted_numbers_too, .timeout = 60)
{
    char dir[64], path[128];
    test_tmpdir(dir, "tournament");
    char *a[] = ROUND_ROBIN(dir, "2", );
    cr_assert_eq(run_program(a, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    const char *files[] = {"games.csv", "moves.csv", "standings.csv", "crosstable.csv"};
    for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
        long lines;
        snprintf(path, sizeof(path), "%s/%s", dir, files[i]);
        cr_expect(all_fields_quoted(path, &lines), "%s has a field without quotes", files[i]);
        cr_expect_gt(lines, 1, "%s: %ld lines", files[i], lines);
    }
}

/* One game stalls (its bot takes 500 ms a move) while the other worker plays fast
 * games: the finished games after it wait in memory for their turn to be written,
 * up to 64 with the game under way, and then the fast worker waits too, rather
 * than hold more. The stalled game is the first of one of the two workers, game
 * 1 or 2; game 1 may be written before game 2 stalls: 65 started at most. */
Test(tournament, a_stalled_game_holds_back_at_most_64_games, .timeout = 60)
{
    char dir[64], out[] = "/tmp/referee-test-stall-XXXXXX", marker[64], text[65536];
    test_tmpdir(dir, "tournament");
    char *argv[] = {REFEREE_BIN, "match",
                    "--bot",     "slow=" BUILD_DIR "/testbots/fixture slowonce 500",
                    "--bot",     "fast=" BUILD_DIR "/testbots/fixture legal",
                    "--games",   "400",
                    "-j",        "2",
                    "--no-spin", "--results",
                    dir,         NULL};
    int fd = mkstemp(out);
    cr_assert_geq(fd, 0);
    posix_spawn_file_actions_t fa;
    pid_t pid;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, fd, 1);
    posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
    cr_assert_eq(posix_spawn(&pid, argv[0], &fa, NULL, argv, environ), 0);
    posix_spawn_file_actions_destroy(&fa);
    close(fd);
    snprintf(marker, sizeof(marker), "/tmp/referee-slowonce-%d", (int)pid);

    /* The slow game lasts 1.5 s or more: count the games started in its first
     * 1.2 s, the most seen. */
    int most = 0;
    for (int k = 0; k < 24; k++) {
        nanosleep(&(struct timespec){0, 50000000}, NULL);
        FILE *f = fopen(out, "r");
        cr_assert_not_null(f);
        size_t n = fread(text, 1, sizeof(text) - 1, f);
        fclose(f);
        text[n] = '\0';
        int started = 0;
        for (const char *p = text; (p = strstr(p, "Started game ")) != NULL; p++)
            started++;
        most = started > most ? started : most;
    }
    int st;
    cr_assert_eq(waitpid(pid, &st, 0), pid);
    unlink(out);
    unlink(marker);
    cr_expect(WIFEXITED(st) && WEXITSTATUS(st) == 0, "status %d", st);
    cr_expect_leq(most, 65, "%d games started while one stalled", most);
    cr_expect_geq(most, 20, "only %d games started: the fast worker did not run", most);
    cr_expect_eq(count_lines(dir, "games.csv"), 401);
}

/* Expect every line of the bot's log to say "cpus <want>". */
static void expect_cpus(const char *dir, const char *bot, int want)
{
    char path[256], line[64];
    int lines = 0;
    snprintf(path, sizeof(path), "%s/logs/%s.log", dir, bot);
    FILE *f = fopen(path, "r");
    cr_assert_not_null(f, "no log %s", path);
    while (fgets(line, sizeof(line), f)) {
        int n = -1;
        cr_expect_eq(sscanf(line, "cpus %d", &n), 1, "%s: '%s'", path, line);
        cr_expect_eq(n, want, "%s: %d cores, wanted %d", path, n, want);
        lines++;
    }
    fclose(f);
    cr_expect_geq(lines, 1, "%s is empty", path);
}

Test(tournament, affinity_puts_each_worker_and_its_bots_on_one_core, .timeout = 60)
{
    char pinned[64], free_dir[64];
    test_tmpdir(pinned, "tournament");
    test_tmpdir(free_dir, "tournament");
#define CPUS_MATCH(dir, ...)                                                                       \
    {                                                                                              \
        REFEREE_BIN, "match", "--bot", "a=" BUILD_DIR "/testbots/fixture cpus", "--bot",           \
            "b=" BUILD_DIR "/testbots/fixture legal", "--games", "8", "-j", "2", "--quiet",        \
            "--results", dir, __VA_ARGS__ NULL                                                     \
    }
    char *a[] = CPUS_MATCH(pinned, "--affinity", );
    cr_assert_eq(run_program(a, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    expect_cpus(pinned, "a", 1);

    char *b[] = CPUS_MATCH(free_dir, );
    cr_assert_eq(run_program(b, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    cpu_set_t mine;
    CPU_ZERO(&mine);
    cr_assert_eq(sched_getaffinity(0, sizeof(mine), &mine), 0);
    if (CPU_COUNT(&mine) > 1) /* without it, the bots may use every core this test may */
        expect_cpus(free_dir, "a", CPU_COUNT(&mine));
    expect_same_csv(pinned, free_dir, "games.csv");
}

/* Checks one bot's log of the lines it read (fixture tell): every game it began
 * ends with its result before its next game begins, and the last before quit;
 * with `ordered` false (processes of its at once write the log) just the counts. */
static void expect_every_result_told(const char *dir, const char *bot, int games, bool ordered)
{
    static char log[1 << 20];
    char file[64];
    snprintf(file, sizeof(file), "logs/%s.log", bot);
    test_slurp(dir, file, log, sizeof(log));
    int began = 0, told = 0;
    bool open = false;
    for (char *line = log; *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : "") {
        if (strncmp(line, "game ", 5) == 0) {
            cr_assert(!open || !ordered, "%s: game %d began before the result of the one before",
                      bot, began + 1);
            open = true;
            began++;
        } else if (strncmp(line, "result ", 7) == 0) {
            cr_assert(open || !ordered, "%s: a result with no game", bot);
            open = false;
            told++;
        } else if (strncmp(line, "quit", 4) == 0) {
            cr_assert(!open || !ordered, "%s: quit before the result of its last game", bot);
        }
    }
    cr_assert_eq(began, games, "%s: %d games begun of %d", bot, began, games);
    cr_assert_eq(told, games, "%s: %d results told of %d", bot, told, games);
}

/* A result goes out with the bot's next lines, so that it costs no wake-up of
 * its own: still every bot learns every result, and in order, whether it plays
 * the next game or sits it out, at -j1 and -j2. */
Test(tournament, every_bot_is_told_every_result_in_order, .timeout = 60)
{
    for (int jobs = 1; jobs <= 2; jobs++) {
        char dir[64];
        test_tmpdir(dir, "tournament");
        char *argv[] = {REFEREE_BIN, "tournament",
                        "--bot",     "a=" BUILD_DIR "/testbots/fixture tell",
                        "--bot",     "b=" BUILD_DIR "/testbots/fixture tell",
                        "--bot",     "c=" BUILD_DIR "/testbots/fixture tell",
                        "--games",   "4",
                        "-j",        jobs == 1 ? "1" : "2",
                        "--results", dir,
                        "--quiet",   "--no-report",
                        NULL};
        cr_assert_eq(run_program(argv, NULL, &r), 0);
        cr_assert_eq(r.status, 0, "%s", r.err);
        /* At -j2 each worker has processes of its own, which share the log. */
        expect_every_result_told(dir, "a", 8, jobs == 1);
        expect_every_result_told(dir, "b", 8, jobs == 1);
        expect_every_result_told(dir, "c", 8, jobs == 1);
    }
}

/* A round robin of 18 bots: more than 2 * SCHEDULE_GROUP, so played in blocks. */
#define BIG_ROUND_ROBIN(dir, jobs, ...)                                                            \
    {                                                                                              \
        REFEREE_BIN, "tournament", "--bot", "b1=" BOTDIR "random --seed 1", "--bot",               \
            "b2=" BOTDIR "random --seed 2", "--bot", "b3=" BOTDIR "random --seed 3", "--bot",      \
            "b4=" BOTDIR "random --seed 4", "--bot", "b5=" BOTDIR "random --seed 5", "--bot",      \
            "b6=" BOTDIR "random --seed 6", "--bot", "b7=" BOTDIR "random --seed 7", "--bot",      \
            "b8=" BOTDIR "random --seed 8", "--bot", "b9=" BOTDIR "random --seed 9", "--bot",      \
            "b10=" BOTDIR "random --seed 10", "--bot", "b11=" BOTDIR "random --seed 11", "--bot",  \
            "b12=" BOTDIR "random --seed 12", "--bot", "b13=" BOTDIR "random --seed 13", "--bot",  \
            "b14=" BOTDIR "random --seed 14", "--bot", "b15=" BOTDIR "random --seed 15", "--bot",  \
            "b16=" BOTDIR "random --seed 16", "--bot", "b17=" BOTDIR "perfect", "--bot",           \
            "b18=" BOTDIR "heuristic", "--games", "2", "--seed", "5", "-j", jobs, "--results",     \
            dir, "--quiet", __VA_ARGS__ NULL                                                       \
    }

/* Played in blocks, the same games whatever the workers and however many bots
 * each keeps alive: a cap of 2 restarts bots all the time, the default keeps
 * all 18. */
Test(tournament, big_round_robin_is_the_same_at_any_jobs_and_live_cap, .timeout = 120)
{
    char one[64], other[64];
    test_tmpdir(one, "tournament");
    char *a[] = BIG_ROUND_ROBIN(one, "1", );
    cr_assert_eq(run_program(a, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    const char *caps[] = {NULL, "2", "5"};
    for (int i = 0; i < 3; i++) {
        test_tmpdir(other, "tournament");
        char *b[] = BIG_ROUND_ROBIN(other, "2", caps[i] ? "--max-live" : NULL, (char *)caps[i], );
        cr_assert_eq(run_program(b, NULL, &r), 0);
        cr_assert_eq(r.status, 0, "--max-live %s: %s", caps[i] ? caps[i] : "default", r.err);
        expect_same_csv(one, other, "games.csv");
        expect_same_csv(one, other, "moves.csv");
        expect_same_csv(one, other, "standings.csv");
    }
}

/* Its shards at -j2: each game of the whole in exactly one of them, the same. */
Test(tournament, big_round_robin_shards_are_disjoint_and_complete, .timeout = 120)
{
    char whole[64], shard[3][64];
    struct table w, s[3];
    test_tmpdir(whole, "tournament");
    char *a[] = BIG_ROUND_ROBIN(whole, "2", );
    cr_assert_eq(run_program(a, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    test_load(&w, whole, "games.csv");
    cr_assert_eq(w.nrows, 18 * 17 / 2 * 2);
    for (int k = 0; k < 3; k++) {
        char slice[8];
        snprintf(slice, sizeof(slice), "%d/3", k + 1);
        test_tmpdir(shard[k], "tournament");
        char *b[] = BIG_ROUND_ROBIN(shard[k], "2", "--shard", slice, );
        cr_assert_eq(run_program(b, NULL, &r), 0);
        cr_assert_eq(r.status, 0, "shard %s: %s", slice, r.err);
        test_load(&s[k], shard[k], "games.csv");
    }
    size_t at[3] = {0};
    for (size_t row = 0; row < w.nrows; row++) {
        int found = -1;
        for (int k = 0; k < 3; k++)
            if (at[k] < s[k].nrows &&
                strcmp(s[k].rows[at[k]][0], w.rows[row][0]) == 0) { /* game_id */
                cr_assert_eq(found, -1, "game %s in two shards", w.rows[row][0]);
                found = k;
            }
        cr_assert_geq(found, 0, "game %s in no shard", w.rows[row][0]);
        for (size_t c = 0; c < w.ncols; c++)
            if (!is_timing(w.header[c]))
                cr_assert_str_eq(s[found].rows[at[found]][c], w.rows[row][c], "game %s, %s",
                                 w.rows[row][0], w.header[c]);
        at[found]++;
    }
    for (int k = 0; k < 3; k++) {
        cr_assert_eq(at[k], s[k].nrows, "shard %d has games the whole has not", k + 1);
        table_release(&s[k]);
    }
    table_release(&w);
}

/* referee's own memory does not grow with the games it plays: 100,000 games
 * of a round robin in blocks, and their report, hold no more than 1,000 do,
 * within 1 MiB (the kernel's peak figure is itself that coarse). A report
 * that kept every move's time took 10 MB more. */
Test(tournament, memory_stays_flat_over_100000_games, .timeout = 300)
{
#ifdef __SANITIZE_ADDRESS__
    /* AddressSanitizer keeps freed memory in quarantine: the peak grows by design. */
    cr_skip_test("peak memory means nothing under AddressSanitizer");
#endif
    long peak[2];
    /* 18 bots: 153 pairings; 918 and 100,062 games (the last --games counts) */
    const char *games[2] = {"6", "654"};
    for (int i = 0; i < 2; i++) {
        char dir[64];
        test_tmpdir(dir, "tournament");
        char *argv[] = BIG_ROUND_ROBIN(dir, "2", "--games", (char *)games[i], );
        cr_assert_eq(run_program(argv, NULL, &r), 0);
        cr_assert_eq(r.status, 0, "%s", r.err);
        peak[i] = r.maxrss_kb;
        char path[128];
        snprintf(path, sizeof(path), "%s/games.csv", dir);
        FILE *f = fopen(path, "r");
        cr_assert_not_null(f);
        long lines = 0;
        for (int c; (c = getc(f)) != EOF;)
            lines += c == '\n';
        fclose(f);
        cr_assert_eq(lines - 1, 153L * atol(games[i]), "%ld games written", lines - 1);
    }
    cr_log_info("peak RSS: %ld KiB after 918 games, %ld KiB after 100,062", peak[0], peak[1]);
    cr_assert_lt(peak[1], peak[0] + 1024, "peak RSS %ld KiB after 918 games, %ld after 100,062",
                 peak[0], peak[1]);
}

/* --plan says what a run would play and touches nothing: not even the torn
 * last row a resume would cut, since a run may be writing the files (what
 * scripts/shards --status asks of a shard under way). */
Test(tournament, plan_counts_the_games_and_rewrites_nothing, .timeout = 60)
{
    char dir[64], before[8192], after[8192], moves_before[16384], moves_after[16384];
    test_tmpdir(dir, "tournament");
    char *run[] = ROUND_ROBIN(dir, "1", "--shard", "2/3", );
    cr_assert_eq(run_program(run, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    /* A torn last row, as a killed run leaves. */
    char path[128];
    snprintf(path, sizeof(path), "%s/games.csv", dir);
    FILE *f = fopen(path, "a");
    cr_assert_not_null(f);
    fputs("\"99\",\"3\",\"7", f);
    fclose(f);
    test_slurp(dir, "games.csv", before, sizeof(before));
    test_slurp(dir, "moves.csv", moves_before, sizeof(moves_before));

    char *plan[] = ROUND_ROBIN(dir, "1", "--shard", "2/3", "--resume", "--plan", );
    cr_assert_eq(run_program(plan, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_assert_str_eq(r.out, "games=20 written=20 missing=0 first_missing=0\n");
    cr_assert_str_eq(test_slurp(dir, "games.csv", after, sizeof(after)), before);
    cr_assert_str_eq(test_slurp(dir, "moves.csv", moves_after, sizeof(moves_after)), moves_before);

    /* Of a folder not there yet: every game of the shard to play, no folder made. */
    char fresh[80];
    snprintf(fresh, sizeof(fresh), "%s/not-yet", dir);
    char *plan2[] = ROUND_ROBIN(fresh, "1", "--shard", "1/3", "--plan", );
    cr_assert_eq(run_program(plan2, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_assert_str_eq(r.out, "games=20 written=0 missing=20 first_missing=1\n");
    cr_assert_eq(access(fresh, F_OK), -1, "--plan made %s", fresh);
}

/* scripts/shards trusts no shard: one that lost games (cut to its first two
 * here, as a killed job leaves it) is named short by --status and by a merge,
 * which then writes no standings; the same command again plays only what is
 * missing, and merges. */
Test(tournament, shards_name_a_short_shard_and_a_rerun_completes_it, .timeout = 120)
{
    char dir[64], path[160], status[] = "--status";
    test_tmpdir(dir, "tournament");
    setenv("REFEREE", REFEREE_BIN, 1);
    char *shards[] = {SOURCE_DIR "/scripts/shards",
                      "2",
                      dir,
                      "--bot",
                      "r1=" BOTDIR "random --seed 1",
                      "--bot",
                      "r2=" BOTDIR "random --seed 2",
                      "--bot",
                      "perfect=" BOTDIR "perfect",
                      "--games",
                      "4",
                      "-j",
                      "1",
                      NULL};
    cr_assert_eq(run_program(shards, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_assert(strstr(r.out, "all: 12 of 12 games"), "%s", r.out);

    /* Shard 2 keeps its header and first two games. */
    snprintf(path, sizeof(path), "%s/shard-2/games.csv", dir);
    FILE *f = fopen(path, "r");
    cr_assert_not_null(f);
    char text[16384];
    size_t n = fread(text, 1, sizeof(text) - 1, f), k = 0;
    fclose(f);
    text[n] = '\0';
    for (int lines = 0; k < n && lines < 3; k++)
        lines += text[k] == '\n';
    cr_assert_eq(truncate(path, (off_t)k), 0);
    snprintf(path, sizeof(path), "%s/standings.csv", dir);
    cr_assert_eq(unlink(path), 0);

    char *ask[] = {SOURCE_DIR "/scripts/shards", status, dir, NULL};
    cr_assert_eq(run_program(ask, NULL, &r), 0);
    cr_assert_eq(r.status, 1, "--status of a short shard: %d\n%s", r.status, r.out);
    cr_assert(strstr(r.out, "shard 2/2: 2 of 6 games; 4 missing"), "%s", r.out);
    cr_assert(strstr(r.out, "short: shard 2"), "%s", r.out);

    /* Other options on the same folder: refused, nothing played. */
    char *other[] = {
        SOURCE_DIR "/scripts/shards", "2", dir, "--bot", "r1=" BOTDIR "random", "--bot",
        "r2=" BOTDIR "random",        NULL};
    cr_assert_eq(run_program(other, NULL, &r), 0);
    cr_assert_eq(r.status, 2, "%s", r.err);
    cr_assert(strstr(r.err, "other shards or options"), "%s", r.err);

    cr_assert_eq(run_program(shards, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_assert(strstr(r.out, "all: 12 of 12 games"), "%s", r.out);
    cr_assert_eq(access(path, F_OK), 0, "the rerun wrote no standings");
    cr_assert_eq(run_program(ask, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.out);
}
