/* run.h: run a program as a real child process for the end-to-end tests, with
 * its standard input from a string and its output captured in files. */
#ifndef TESTS_RUN_H
#define TESTS_RUN_H

#include <criterion/criterion.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

/* The bundled bots, as built beside the tests. */
#define BOTDIR BUILD_DIR "/bots/"

struct run_result {
    int status;     /* exit code, or 128 + signal */
    long maxrss_kb; /* its peak resident memory (its waited-for children's too) */
    char out[65536];
    char err[8192];
};

static inline void run_slurp(const char *path, char *buf, size_t cap)
{
    FILE *f = fopen(path, "r");
    size_t n = f ? fread(buf, 1, cap - 1, f) : 0;
    buf[n] = '\0';
    if (f)
        fclose(f);
    unlink(path);
}

/* Run argv (argv[0] a path) with `input` on stdin; fills *r. Returns 0 or -1. */
static inline int run_program(char *const argv[], const char *input, struct run_result *r)
{
    char in[] = "/tmp/referee-test-in-XXXXXX", out[] = "/tmp/referee-test-out-XXXXXX",
         err[] = "/tmp/referee-test-err-XXXXXX";
    int fds[3] = {mkstemp(in), mkstemp(out), mkstemp(err)};
    posix_spawn_file_actions_t fa;
    pid_t pid;
    int st;

    if (fds[0] < 0 || fds[1] < 0 || fds[2] < 0)
        return -1;
    if (input && write(fds[0], input, strlen(input)) < 0)
        return -1;
    lseek(fds[0], 0, SEEK_SET);
    posix_spawn_file_actions_init(&fa);
    for (int i = 0; i < 3; i++)
        posix_spawn_file_actions_adddup2(&fa, fds[i], i);
    int rc = posix_spawn(&pid, argv[0], &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    for (int i = 0; i < 3; i++)
        close(fds[i]);
    unlink(in);
    if (rc != 0)
        return -1;
    struct rusage ru;
    if (wait4(pid, &st, 0, &ru) != pid)
        return -1;
    r->maxrss_kb = ru.ru_maxrss;
    r->status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
    run_slurp(out, r->out, sizeof(r->out));
    run_slurp(err, r->err, sizeof(r->err));
    return 0;
}

/* Run argv into *r; it must exit with status (the failure names what, with
 * the status and all it printed). */
static inline void run_expect_exit(struct run_result *r, const char *what, char *const argv[],
                                   int status)
{
    cr_assert_eq(run_program(argv, NULL, r), 0);
    cr_assert_eq(r->status, status, "%s: exit %d\n%s%s", what, r->status, r->out, r->err);
}

/* The file from copied to the path to (a program keeps its mode), by cp run
 * into *r; it must work. */
static inline void run_copy(struct run_result *r, const char *from, const char *to)
{
    char *cp[] = {"/bin/cp", (char *)from, (char *)to, NULL};
    run_expect_exit(r, "cp", cp, 0);
}

/* The run in *r was refused: exit status, one line on stderr that holds says
 * (what: the case, in the failures). */
static inline void run_expect_one_line(const struct run_result *r, int status, const char *says,
                                       const char *what)
{
    cr_expect_eq(r->status, status, "%s: %s", what, r->err);
    cr_expect(strstr(r->err, says), "%s: %s", what, r->err);
    cr_expect_eq(strchr(r->err, '\n'), strrchr(r->err, '\n'), "one line: %s", r->err);
}

#endif
