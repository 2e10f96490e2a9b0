/* hog.c: a bot that tries to hold more than its limits give it, or to outlive
 * referee, for tests/test_contain.c. Speaks protocol/PROTOCOL.md (it answers
 * each turn's first legal move); `hog <mode> [ARG]`, the modes in usage below. */
#define _GNU_SOURCE /* memfd_create, unshare */
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "shared.h"

static const char *usage =
    "usage: hog <mode> [ARG]\n"
    "  memfd MB     on its first turn fills memfds of 64 MiB each, MB MiB in all,\n"
    "               1 MiB a write, and keeps them open; writes 'memfd held N MiB'\n"
    "               to stderr after each 64 MiB and when a write fails (N what it\n"
    "               holds), then plays legally\n"
    "  userns       on its first turn tries to make a user namespace (unshare);\n"
    "               writes 'userns ok' or 'userns refused <errno>' to stderr, plays\n"
    "               legally\n"
    "  bomb         on its first turn forks a child that forks children that sleep\n"
    "               60 s, again each millisecond a fork fails, until killed; once\n"
    "               a fork of its own fails, writes 'bomb full' to stderr, plays\n"
    "               legally\n"
    "  scribe PATH  on its first turn double-forks a process in a session of its\n"
    "               own that appends a line to PATH every 10 ms until killed\n"
    "               (PATH is in its command line, a mark to find it by), writes\n"
    "               'scribe <pid>' to stderr, plays legally\n";

static void hold_memfds(long mib)
{
    static char chunk[1 << 20];
    long held = 0;
    memset(chunk, 'm', sizeof(chunk));
    while (held < mib) {
        int fd = memfd_create("hog", 0); /* left open: held until the bot ends */
        if (fd < 0)
            break;
        long in_file = 0;
        while (in_file < 64 && held < mib && write(fd, chunk, sizeof(chunk)) == sizeof(chunk)) {
            in_file++;
            held++;
        }
        fprintf(stderr, "memfd held %ld MiB\n", held);
        if (in_file < 64 && held < mib)
            break; /* a write failed */
    }
}

static void try_userns(void)
{
    if (unshare(CLONE_NEWUSER) == 0)
        fputs("userns ok\n", stderr);
    else
        fprintf(stderr, "userns refused %s\n", strerror(errno));
}

/* A fork bomb that keeps at it: whatever process the user frees, it takes.
 * Returns once a fork of its own fails: nothing is left. */
static void bomb(void)
{
    if (fork() != 0) {
        for (pid_t pid; (pid = fork()) >= 0; sleep_ms(1))
            if (pid == 0)
                _exit(0);
            else
                waitpid(pid, NULL, 0);
        fputs("bomb full\n", stderr);
        return;
    }
    for (;;) {
        pid_t pid = fork();
        if (pid == 0) {
            sleep(60);
            _exit(0);
        }
        if (pid < 0)
            sleep_ms(1);
    }
}

/* Fork, setsid, fork again: the grandchild, in a session of its own and
 * handed to whoever reaps orphans, appends to path until it is killed. */
static void scribe(const char *path)
{
    if (!daemon_fork("scribe", true))
        return;
    for (;;) {
        int fd = open(path, O_WRONLY | O_CREAT | O_APPEND, 0644);
        if (fd >= 0 && write(fd, "alive\n", 6) < 0)
            _exit(1);
        if (fd >= 0)
            close(fd);
        sleep_ms(10);
    }
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fputs(usage, stderr);
        return 2;
    }
    const char *mode = argv[1], *arg = argc > 2 ? argv[2] : "";
    setvbuf(stdout, NULL, _IOLBF, 0);
    setvbuf(stderr, NULL, _IONBF, 0);
    char *line = NULL;
    size_t cap = 0;
    int turns = 0;
    while (getline(&line, &cap, stdin) > 0) {
        if (strncmp(line, "quit", 4) == 0)
            break;
        if (strncmp(line, "turn ", 5) != 0)
            continue;
        if (++turns == 1 && strcmp(mode, "memfd") == 0)
            hold_memfds(atol(arg));
        if (turns == 1 && strcmp(mode, "userns") == 0)
            try_userns();
        if (turns == 1 && strcmp(mode, "bomb") == 0)
            bomb();
        if (turns == 1 && strcmp(mode, "scribe") == 0)
            scribe(arg);
        const char *legal = strstr(line, " legal ");
        if (!legal)
            return 3;
        legal += 7;
        printf("%.*s\n", (int)strcspn(legal, " \n"), legal);
    }
    free(line);
    return 0;
}
