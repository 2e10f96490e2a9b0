/* shared.h: what the fixture bots fixture.c and hog.c share: a sleep that
 * signals do not cut short, and a daemon left behind (fork, setsid, fork
 * again). Header-only: each bot is a program of its own. */
#ifndef TESTS_BOTS_SHARED_H
#define TESTS_BOTS_SHARED_H

#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <sys/types.h>
#include <time.h>
#include <sys/wait.h>
#include <unistd.h>

/* Sleep ms milliseconds, whatever signal comes. */
static inline void sleep_ms(long ms)
{
    struct timespec ts = {.tv_sec = ms / 1000, .tv_nsec = (ms % 1000) * 1000000L};
    while (nanosleep(&ts, &ts) != 0)
        ;
}

/* Fork, setsid, fork again. Returns true in the grandchild: in a session of
 * its own, handed to whoever reaps orphans, its standard descriptors on
 * /dev/null (deaf: SIGTERM and SIGHUP ignored first). Returns false in the
 * caller, once "<label> <pid>\n" of the grandchild is on stderr (nothing if
 * a fork failed) and the middle child is reaped. */
static inline bool daemon_fork(const char *label, bool deaf)
{
    int fds[2];
    if (pipe(fds) < 0)
        return false;
    pid_t pid = fork();
    if (pid != 0) {
        /* The grandchild's pid comes through the pipe: said before the reply. */
        int daemon = 0;
        close(fds[1]);
        if (read(fds[0], &daemon, sizeof(daemon)) == (ssize_t)sizeof(daemon))
            fprintf(stderr, "%s %d\n", label, daemon);
        fflush(stderr);
        close(fds[0]);
        if (pid > 0)
            waitpid(pid, NULL, 0);
        return false;
    }
    setsid();
    if (fork() != 0)
        _exit(0);
    int self = (int)getpid();
    if (deaf) {
        signal(SIGTERM, SIG_IGN);
        signal(SIGHUP, SIG_IGN);
    }
    if (write(fds[1], &self, sizeof(self)) < 0)
        _exit(1);
    close(fds[0]);
    close(fds[1]);
    int null = open("/dev/null", O_RDWR);
    dup2(null, 0);
    dup2(null, 1);
    dup2(null, 2);
    return true;
}

#endif
