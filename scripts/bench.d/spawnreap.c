/* spawnreap.c: what the system charges to start a program and reap it, with no
 * referee: N times, posix_spawn it with stdin, stdout and stderr on pipes, close
 * its stdin, read its stdout and stderr to EOF, wait for it. Built and run by
 * scripts/restart-bench; not part of referee.
 *
 *   spawnreap N PROGRAM [ARGS...]
 *
 * Prints the wall time of the N cycles in microseconds, then exits 0; 1 if a
 * spawn fails or the program exits other than with status 0. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

static long long now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

/* One cycle; returns the program's wait status, or -1 with a message. */
static int cycle(char **argv)
{
    int in[2], out[2], err[2];
    if (pipe2(in, O_CLOEXEC) < 0 || pipe2(out, O_CLOEXEC) < 0 || pipe2(err, O_CLOEXEC) < 0) {
        perror("spawnreap: pipe");
        return -1;
    }
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, in[0], 0);
    posix_spawn_file_actions_adddup2(&fa, out[1], 1);
    posix_spawn_file_actions_adddup2(&fa, err[1], 2);
    pid_t pid;
    int rc = posix_spawn(&pid, argv[0], &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    close(in[0]);
    close(out[1]);
    close(err[1]);
    close(in[1]); /* EOF on its stdin: a bot quits */
    if (rc != 0) {
        fprintf(stderr, "spawnreap: cannot start '%s': %s\n", argv[0], strerror(rc));
        close(out[0]);
        close(err[0]);
        return -1;
    }
    struct pollfd fds[2] = {{.fd = out[0], .events = POLLIN}, {.fd = err[0], .events = POLLIN}};
    char buf[4096];
    while (fds[0].fd >= 0 || fds[1].fd >= 0) {
        if (poll(fds, 2, -1) < 0 && errno != EINTR)
            break;
        for (int i = 0; i < 2; i++)
            if (fds[i].fd >= 0 && fds[i].revents && read(fds[i].fd, buf, sizeof(buf)) <= 0) {
                close(fds[i].fd);
                fds[i].fd = -1;
            }
    }
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) {
            perror("spawnreap: waitpid");
            return -1;
        }
    return status;
}

int main(int argc, char **argv)
{
    if (argc < 3 || atol(argv[1]) <= 0) {
        fprintf(stderr, "usage: spawnreap N PROGRAM [ARGS...]\n");
        return 2;
    }
    long n = atol(argv[1]);
    long long t0 = now_us();
    for (long i = 0; i < n; i++) {
        int status = cycle(argv + 2);
        if (status < 0)
            return 1;
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
            fprintf(stderr, "spawnreap: '%s' ended with wait status %d\n", argv[2], status);
            return 1;
        }
    }
    printf("%lld\n", now_us() - t0);
    return 0;
}
