/* proc_watchdog.c: a small process that outlives referee to kill whatever its
 * bots left behind: told each bot's pid over a pipe, it wakes when the pipe
 * ends (referee exited, or died, even by SIGKILL); see proc.h. */
#define _GNU_SOURCE /* getdents64, close_range */
#include "proc.h"
#include "proc_impl.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif
#include <time.h>
#include <unistd.h>

#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
#define HAVE_CLOSE_RANGE 1
#endif

#define WATCH_MAX  65536 /* bots alive at once that it follows by pid */
#define ROWS_MAX   32768 /* processes of the machine it reads in one pass */
#define PASSES     50    /* sweeps at most, until one finds nothing to kill */
#define TELL_WAIT  1000  /* ms a pid waits for room in a full pipe before it is dropped */
#define RMDIR_WAIT 200   /* 5 ms steps for the killed to leave their cgroups */

struct record {
    int32_t op; /* 1: a bot spawned, -1: reaped */
    int32_t pid;
};

static int tell_fd = -1;
static char mark[64]; /* "REFEREE_RUN=<referee's pid>.<ns>": in each bot's environment */
static pid_t watched[WATCH_MAX];
static size_t nwatched;
static struct proc_row rows[ROWS_MAX];

void proc_watchdog_tell(char op, pid_t pid)
{
    struct record r = {op == '+' ? 1 : -1, (int32_t)pid};
    for (int waited = 0; tell_fd >= 0 && waited <= TELL_WAIT;) {
        ssize_t n = write(tell_fd, &r, sizeof(r)); /* one write of 8 bytes: whole or none */
        if (n == (ssize_t)sizeof(r) || (n < 0 && errno != EINTR && errno != EAGAIN))
            return;
        if (n < 0 && errno == EAGAIN) {
            struct pollfd p = {.fd = tell_fd, .events = POLLOUT};
            poll(&p, 1, 10);
            waited += 10;
        }
    }
}

static void follow(const struct record *r)
{
    if (r->op > 0 && nwatched < WATCH_MAX) {
        watched[nwatched++] = r->pid;
        return;
    }
    for (size_t i = 0; i < nwatched; i++)
        if (watched[i] == r->pid) {
            watched[i] = watched[--nwatched];
            return;
        }
}

/* Calls fn on each bot cgroup folder (b<id>) under base; how many kills. */
static int each_cgroup(const char *base, int (*fn)(const char *dir))
{
    char buf[4096], dir[PATH_MAX];
    int fd = open(base, O_RDONLY | O_DIRECTORY | O_CLOEXEC), done = 0;
    size_t k = strlen(base);
    ssize_t got;
    if (fd < 0 || k + 40 > sizeof(dir)) {
        if (fd >= 0)
            close(fd);
        return 0;
    }
    memcpy(dir, base, k);
    dir[k] = '/';
    while ((got = getdents64(fd, buf, sizeof(buf))) > 0)
        for (ssize_t at = 0; at < got;) {
            struct dirent64 *e = (struct dirent64 *)(buf + at);
            at += e->d_reclen;
            if (e->d_name[0] == 'b' && e->d_name[1] >= '0' && e->d_name[1] <= '9' &&
                strlen(e->d_name) < 32) {
                memcpy(dir + k + 1, e->d_name, strlen(e->d_name) + 1);
                done += fn(dir);
            }
        }
    close(fd);
    return done;
}

static int remove_dir(const char *dir)
{
    return rmdir(dir) == 0 || errno == ENOENT ? 0 : 1;
}

/* One sweep: the bots' groups, their cgroups, then every process that is a
 * bot's by group, session, parents or mark. How many it killed. */
static int sweep(pid_t referee, bool first)
{
    int killed = 0;
    uid_t uid = getuid();
    for (size_t i = 0; first && i < nwatched; i++) {
        killed += kill(-watched[i], SIGKILL) == 0;
        killed += kill(watched[i], SIGKILL) == 0;
    }
    for (int k = 0; k < PROC_CGROUP_KINDS; k++)
        if (proc_cgroup_base(k))
            killed += each_cgroup(proc_cgroup_base(k), proc_cgroup_kill_dir);
    size_t n = proc_tree_read(rows, ROWS_MAX);
    proc_tree_own(rows, n, watched, nwatched);
    for (size_t i = 0; i < n; i++) {
        const struct proc_row *r = &rows[i];
        if (r->pid == getpid() || r->pid == referee || r->state == 'Z' || r->state == 'X')
            continue;
        if ((r->owner >= 0 || ((uid == 0 || r->uid == uid) && proc_tree_has_mark(r->pid, mark))) &&
            kill(r->pid, SIGKILL) == 0)
            killed++;
    }
    return killed;
}

/* After the sweeps: the bots' cgroups and their folders removed, once the
 * killed have left them. */
static void remove_cgroups(void)
{
    for (int k = 0; k < PROC_CGROUP_KINDS; k++) {
        const char *base = proc_cgroup_base(k);
        for (int i = 0; base && i < RMDIR_WAIT && each_cgroup(base, remove_dir) > 0; i++)
            nanosleep(&(struct timespec){0, 5000000}, NULL);
        if (base)
            rmdir(base);
    }
}

static _Noreturn void watch(int fd, pid_t referee)
{
    /* Out of referee's group and session: a Ctrl-C, a hang-up or a kill of
     * the job does not reach it, and it holds no descriptor of referee's
     * (a terminal, a pipe read to its end, the results). */
    setsid();
    int ignored[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGTSTP, SIGTTIN, SIGTTOU};
    for (size_t i = 0; i < sizeof(ignored) / sizeof(ignored[0]); i++)
        signal(ignored[i], SIG_IGN);
    if (fd != 0) {
        dup2(fd, 0);
        close(fd);
    }
#ifdef HAVE_CLOSE_RANGE
    close_range(1, ~0U, 0);
#else
    for (int other = 1; other < 4096; other++)
        close(other);
#endif
#ifdef __linux__
    prctl(PR_SET_NAME, "referee-watch");
#endif
    if (chdir("/") != 0) { /* it holds no folder busy: best effort */
    }
    struct record r[512];
    ssize_t n;
    /* Records are written whole (8 bytes, atomic in a pipe), so reads are too. */
    while ((n = read(0, r, sizeof(r))) != 0 && (n > 0 || errno == EINTR))
        for (ssize_t i = 0; n > 0 && i < n / (ssize_t)sizeof(r[0]); i++)
            follow(&r[i]);
    for (int pass = 0; pass < PASSES && sweep(referee, pass == 0) > 0; pass++)
        nanosleep(&(struct timespec){0, 2000000}, NULL);
    remove_cgroups();
    _exit(0);
}

int proc_watchdog_start(void)
{
    int fds[2];
    if (tell_fd >= 0)
        return 0;
    proc_has_bot_cgroups(NULL, 0); /* the folders, known to both before the fork */
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    snprintf(mark, sizeof(mark), "%s=%d.%lld%09ld", PROC_RUN_MARK, (int)getpid(),
             (long long)ts.tv_sec, ts.tv_nsec);
    if (setenv(PROC_RUN_MARK, strchr(mark, '=') + 1, 1) != 0 || pipe2(fds, O_CLOEXEC) != 0)
        return -errno;
    pid_t referee = getpid(), pid = fork();
    if (pid == 0)
        watch(fds[0], referee);
    int err = errno;
    close(fds[0]);
    if (pid < 0) {
        close(fds[1]);
        return -err;
    }
    tell_fd = fds[1];
    if (tell_fd <= 2) { /* never a standard descriptor, which a bot's child replaces */
        tell_fd = fcntl(fds[1], F_DUPFD_CLOEXEC, 3);
        close(fds[1]);
    }
    if (tell_fd >= 0)
        fcntl(tell_fd, F_SETFL, O_NONBLOCK);
    return 0;
}
