/* runstat.c: run a command and report what it alone cost: its peak RSS (VmHWM,
 * sampled from /proc every 50 ms while it runs; its children are not counted, unlike
 * /usr/bin/time's %M), the CPU time of its own threads (from /proc/PID/stat while it is
 * a zombie, so the children it reaped are not counted either) and the wall time.
 * Built and run by scripts/bench; not part of referee.
 *
 *   runstat OUTFILE COMMAND [ARGS...]
 *
 * Writes "hwm_kb wall_us user_us sys_us" to OUTFILE and exits with the command's status. */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static long long now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

static long read_hwm_kb(pid_t pid)
{
    char path[64], line[256];
    long kb = -1;
    snprintf(path, sizeof(path), "/proc/%d/status", (int)pid);
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    while (fgets(line, sizeof(line), f))
        if (sscanf(line, "VmHWM: %ld", &kb) == 1)
            break;
    fclose(f);
    return kb;
}

/* User and system CPU time of the process's threads, in microseconds; false if unknown. */
static bool read_cpu_us(pid_t pid, long long *user_us, long long *sys_us)
{
    char path[64], buf[1024];
    snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
    FILE *f = fopen(path, "r");
    if (!f)
        return false;
    size_t n = fread(buf, 1, sizeof(buf) - 1, f);
    fclose(f);
    buf[n] = '\0';
    char *p = strrchr(buf, ')'); /* the command name may hold spaces */
    if (!p)
        return false;
    unsigned long long utime, stime;
    /* After ")": state(3) ppid pgrp session tty tpgid flags minflt cminflt majflt
     * cmajflt utime(14) stime(15). */
    if (sscanf(p + 1, " %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu", &utime, &stime) !=
        2)
        return false;
    long tick = sysconf(_SC_CLK_TCK);
    *user_us = (long long)utime * 1000000 / tick;
    *sys_us = (long long)stime * 1000000 / tick;
    return true;
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: runstat OUTFILE COMMAND [ARGS...]\n");
        return 2;
    }
    /* SIGCHLD blocked, so that sigtimedwait wakes the moment the command exits. */
    sigset_t chld, old;
    sigemptyset(&chld);
    sigaddset(&chld, SIGCHLD);
    sigprocmask(SIG_BLOCK, &chld, &old);
    long long t0 = now_us();
    pid_t pid = fork();
    if (pid < 0) {
        perror("runstat: fork");
        return 1;
    }
    if (pid == 0) {
        sigprocmask(SIG_SETMASK, &old, NULL);
        execvp(argv[2], argv + 2);
        fprintf(stderr, "runstat: cannot run '%s': %s\n", argv[2], strerror(errno));
        _exit(127);
    }
    long hwm = 0;
    for (;;) {
        siginfo_t si;
        memset(&si, 0, sizeof(si));
        if (waitid(P_PID, (id_t)pid, &si, WEXITED | WNOHANG | WNOWAIT) < 0 && errno != EINTR) {
            perror("runstat: waitid");
            return 1;
        }
        if (si.si_pid == pid)
            break;
        long kb = read_hwm_kb(pid);
        if (kb > hwm)
            hwm = kb;
        struct timespec nap = {0, 50 * 1000 * 1000};
        sigtimedwait(&chld, NULL, &nap);
    }
    long long wall = now_us() - t0;
    long long user = -1, sys = -1; /* still a zombie: its own times, not its children's */
    read_cpu_us(pid, &user, &sys);
    int status;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;
    FILE *out = fopen(argv[1], "w");
    if (!out) {
        perror("runstat: cannot write the report");
        return 1;
    }
    fprintf(out, "%ld %lld %lld %lld\n", hwm, wall, user, sys);
    fclose(out);
    if (WIFSIGNALED(status))
        return 128 + WTERMSIG(status);
    return WEXITSTATUS(status);
}
