/* runstat.c: run a command and report what it alone cost: its peak RSS, the CPU time
 * of its own threads (the children it reaped are not counted, unlike /usr/bin/time's)
 * and the wall time. Built and run by scripts/bench; not part of referee.
 *
 *   runstat OUTFILE COMMAND [ARGS...]
 *
 * Writes "hwm_kb wall_us user_us sys_us rss_kb anon_kb" to OUTFILE and exits with the
 * command's status.
 *
 * hwm_kb is the kernel's VmHWM. Its counters are kept per CPU and summed lazily, so
 * it may be off by up to 32 pages per CPU (256 KiB on 2 cores): too coarse to tell
 * whether memory grows by a few hundred KiB. rss_kb and anon_kb are exact: the largest
 * Rss and Anonymous of /proc/PID/smaps_rollup (which walks the page tables), sampled
 * every 50 ms and once more as the command exits: runstat traces it only to be
 * stopped at its exit (PTRACE_O_TRACEEXIT), when its memory is still there to read. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
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

/* The exact resident and anonymous memory now, in KiB; false if unknown. */
static bool read_rss_kb(pid_t pid, long *rss, long *anon)
{
    char path[64], line[256];
    long kb;
    int found = 0;
    snprintf(path, sizeof(path), "/proc/%d/smaps_rollup", (int)pid);
    FILE *f = fopen(path, "r");
    if (!f)
        return false;
    while (fgets(line, sizeof(line), f)) {
        if (sscanf(line, "Rss: %ld", &kb) == 1)
            *rss = kb, found++;
        else if (sscanf(line, "Anonymous: %ld", &kb) == 1)
            *anon = kb, found++;
    }
    fclose(f);
    return found == 2;
}

struct peaks {
    long hwm, rss, anon;
};

static void sample(pid_t pid, struct peaks *p)
{
    long kb = read_hwm_kb(pid), rss = 0, anon = 0;
    if (kb > p->hwm)
        p->hwm = kb;
    if (read_rss_kb(pid, &rss, &anon)) {
        if (rss > p->rss)
            p->rss = rss;
        if (anon > p->anon)
            p->anon = anon;
    }
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
    /* SIGCHLD blocked, so that sigtimedwait wakes the moment the command stops or exits. */
    sigset_t chld, old;
    sigemptyset(&chld);
    sigaddset(&chld, SIGCHLD);
    sigprocmask(SIG_BLOCK, &chld, &old);
    /* The child says whether it could be traced: where ptrace is not allowed, the
     * command runs anyway, and its memory is only sampled. */
    int told[2];
    if (pipe2(told, O_CLOEXEC) < 0) {
        perror("runstat: pipe");
        return 1;
    }
    long long t0 = now_us();
    pid_t pid = fork();
    if (pid < 0) {
        perror("runstat: fork");
        return 1;
    }
    if (pid == 0) {
        sigprocmask(SIG_SETMASK, &old, NULL);
        char traced = ptrace(PTRACE_TRACEME, 0, NULL, NULL) == 0;
        if (write(told[1], &traced, 1) != 1)
            _exit(126);
        execvp(argv[2], argv + 2);
        fprintf(stderr, "runstat: cannot run '%s': %s\n", argv[2], strerror(errno));
        _exit(127);
    }
    int status;
    char traced = 0;
    close(told[1]);
    if (read(told[0], &traced, 1) == 1 && traced) {
        /* The first stop is the exec's SIGTRAP; from there on, stop only at the exit. */
        while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
            ;
        if (!WIFSTOPPED(status)) /* exec failed, and the child said why */
            return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
        ptrace(PTRACE_SETOPTIONS, pid, NULL,
               (void *)(long)(PTRACE_O_TRACEEXIT | PTRACE_O_EXITKILL));
        ptrace(PTRACE_CONT, pid, NULL, NULL);
    } else {
        fprintf(stderr, "runstat: cannot trace, so memory at exit is not read\n");
    }
    close(told[0]);

    struct peaks peak = {0, 0, 0};
    long long wall = -1, user = -1, sys = -1;
    for (;;) {
        pid_t r = waitpid(pid, &status, WNOHANG);
        if (r < 0 && errno != EINTR) {
            perror("runstat: waitpid");
            return 1;
        }
        if (r == pid && (WIFEXITED(status) || WIFSIGNALED(status)))
            break;
        if (r == pid && WIFSTOPPED(status)) {
            int sig = WSTOPSIG(status);
            if (status >> 8 == (SIGTRAP | (PTRACE_EVENT_EXIT << 8))) {
                /* Exiting, its threads joined: memory and times as they end. */
                wall = now_us() - t0;
                sample(pid, &peak);
                read_cpu_us(pid, &user, &sys);
                sig = 0;
            }
            ptrace(PTRACE_CONT, pid, NULL, (void *)(long)sig); /* signals pass through */
            continue;
        }
        sample(pid, &peak);
        struct timespec nap = {0, 50 * 1000 * 1000};
        sigtimedwait(&chld, NULL, &nap);
    }
    if (wall < 0)
        wall = now_us() - t0;
    FILE *out = fopen(argv[1], "w");
    if (!out) {
        perror("runstat: cannot write the report");
        return 1;
    }
    fprintf(out, "%ld %lld %lld %lld %ld %ld\n", peak.hwm, wall, user, sys, peak.rss, peak.anon);
    fclose(out);
    if (WIFSIGNALED(status))
        return 128 + WTERMSIG(status);
    return WEXITSTATUS(status);
}
