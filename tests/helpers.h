/* helpers.h: what the test suites share: temporary folders, a run's CSV files
 * read back, and the outcome of a rule case. Header-only, as each suite is a
 * program of its own; include after <criterion/criterion.h>. */
#ifndef TESTS_HELPERS_H
#define TESTS_HELPERS_H

#include "game.h"
#include "notation.h"
#include "table.h"

#include <criterion/criterion.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* A new folder under /tmp (dir: 64 bytes), named after the suite. */
static inline void test_tmpdir(char *dir, const char *suite)
{
    snprintf(dir, 64, "/tmp/referee-test-%s-XXXXXX", suite);
    cr_assert_not_null(mkdtemp(dir));
}

/* A new folder (test_tmpdir) with mode: mkdtemp makes it 0700, and run by
 * root, sandboxed bots and runs as nobody are not root (0755: programs they
 * run; 0777: a folder they write in). */
static inline void test_tmpdir_open(char *dir, const char *suite, mode_t mode)
{
    test_tmpdir(dir, suite);
    cr_assert_eq(chmod(dir, mode), 0, "%s", dir);
}

/* dir/file read whole with libcsv. */
static inline void test_load(struct table *t, const char *dir, const char *file)
{
    char path[512], why[128];
    snprintf(path, sizeof(path), "%s/%s", dir, file);
    cr_assert_eq(table_load(t, path, why, sizeof(why)), 0, "%s: %s", path, why);
}

/* Keep the header and the first rows rows of dir/file: a run killed there. */
static inline void test_cut_rows(const char *dir, const char *file, int rows)
{
    char path[512];
    snprintf(path, sizeof(path), "%s/%s", dir, file);
    FILE *f = fopen(path, "r+");
    cr_assert_not_null(f, "%s", path);
    int ch, lines = 0;
    long at = 0;
    while (lines <= rows && (ch = fgetc(f)) != EOF) {
        at++;
        lines += ch == '\n';
    }
    fclose(f);
    cr_assert_eq(truncate(path, at), 0);
}

/* The rows of dir/file after its header, counted by line ends, as they are
 * now on disk (a run may be writing it); 0 if it does not exist. */
static inline long test_count_rows(const char *dir, const char *file)
{
    char path[512];
    snprintf(path, sizeof(path), "%s/%s", dir, file);
    FILE *f = fopen(path, "r");
    long n = 0;
    int ch;
    while (f && (ch = fgetc(f)) != EOF)
        n += ch == '\n';
    if (f)
        fclose(f);
    return n > 0 ? n - 1 : 0;
}

/* Start argv with its stdout and stderr into out (a file path), stdin from
 * /dev/null: a run under way while a test looks; its pid. */
static inline pid_t test_start(char *const argv[], const char *out)
{
    extern char **environ;
    posix_spawn_file_actions_t fa;
    pid_t pid;

    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 1, out, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_adddup2(&fa, 1, 2);
    cr_assert_eq(posix_spawn(&pid, argv[0], &fa, NULL, argv, environ), 0);
    posix_spawn_file_actions_destroy(&fa);
    return pid;
}

/* The exit status of pid (128 + a signal), once it ends. */
static inline int test_wait_status(pid_t pid)
{
    int st;
    cr_assert_eq(waitpid(pid, &st, 0), pid);
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

/* Wait until dir's games.csv has `rows` rows; the run pid must still be going. */
static inline void test_wait_rows(pid_t pid, const char *dir, long rows)
{
    int st;
    for (int i = 0; i < 60000 && test_count_rows(dir, "games.csv") < rows; i++) {
        cr_assert_eq(waitpid(pid, &st, WNOHANG), 0, "the run ended before %ld games", rows);
        nanosleep(&(struct timespec){0, 1000000}, NULL);
    }
    cr_assert_geq(test_count_rows(dir, "games.csv"), rows);
}

/* The text of dir/file (at most cap - 1 bytes). */
static inline char *test_slurp(const char *dir, const char *file, char *buf, size_t cap)
{
    char path[512];
    snprintf(path, sizeof(path), "%s/%s", dir, file);
    FILE *f = fopen(path, "r");
    cr_assert_not_null(f, "%s", path);
    size_t n = fread(buf, 1, cap - 1, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

static inline int test_column(const struct table *t, const char *name)
{
    int c = table_column(t, name);
    cr_assert_geq(c, 0, "no column %s", name);
    return c;
}

static inline const char *test_cell(const struct table *t, size_t row, const char *column)
{
    cr_assert_lt(row, t->nrows, "no row %zu", row + 1);
    return t->rows[row][test_column(t, column)];
}

/* The games of dir/games.csv that ended in a foul. */
static inline int test_fouls_in(const char *dir)
{
    struct table t;
    int n = 0;
    test_load(&t, dir, "games.csv");
    for (size_t i = 0; i < t.nrows; i++)
        n += test_cell(&t, i, "foul")[0] != '\0';
    table_release(&t);
    return n;
}

/* Every game of the run in dir ended without a foul (and there was one). */
static inline void test_expect_no_foul(const char *dir)
{
    struct table t;
    test_load(&t, dir, "games.csv");
    cr_expect_gt(t.nrows, 0);
    for (size_t i = 0; i < t.nrows; i++)
        cr_expect_str_eq(test_cell(&t, i, "foul"), "", "game %zu: %s %s", i + 1,
                         test_cell(&t, i, "foul_by"), test_cell(&t, i, "reason"));
    table_release(&t);
}

static inline const struct game_def *test_game(const char *name)
{
    const struct game_def *d = game_find(name);
    cr_assert_not_null(d, "no game %s", name);
    return d;
}

static inline void test_parse_board(const struct game_def *d, const char *text, bool early_draw,
                                    struct game_state *s)
{
    const char *why = "";
    cr_assert_eq(notation_parse_board(d, text, early_draw, s, &why), 0, "board %s: %s", text, why);
}

/* Play move (text) in s; it must parse and be counted. Returns the action. */
static inline struct action test_play(struct game_state *s, const char *move, const char *label)
{
    struct action a;
    const char *why = "";
    cr_assert_eq(notation_parse_move(s, move, &a, &why), 0, "%s: move %s: %s", label, move, why);
    cr_assert(game_step(s, a), "%s: %s not counted", label, move);
    return a;
}

/* How a rule case ended: the foul (which loses for the mover of a), or else
 * the end and the winner's mark (0: none); and the reason, if one is given. */
static inline void test_expect_outcome(const struct game_state *s, struct action a, enum foul foul,
                                       enum end end, char winner, const char *reason,
                                       const char *label)
{
    const struct game_def *d = game_def_of(s);
    char got = s->winner == SIDE_NONE ? 0 : d->marks[s->winner], text[128];

    cr_expect_eq(s->foul, foul, "%s: foul '%s', expected '%s'", label, foul_name(s->foul),
                 foul_name(foul));
    if (foul != FOUL_NONE) {
        cr_expect_eq(s->end, END_FOUL, "%s", label);
        cr_expect_eq(got, d->marks[side_other(a.side)], "%s", label);
    } else {
        cr_expect_eq(s->end, end, "%s: end '%s'", label, end_name(s->end));
        cr_expect_eq(got, winner, "%s: winner '%c'", label, got);
    }
    if (reason)
        cr_expect_str_eq(game_reason(s, text, sizeof(text)), reason, "%s", label);
}

#endif
