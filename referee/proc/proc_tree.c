/* proc_tree.c: the machine's processes read from /proc with plain system calls
 * (no allocation, no stdio: safe in the watchdog), and which of them are the
 * bots' doing: by group, session, parent chain or the run's mark in their
 * environment; a file's list of pids (cgroup.procs, a task's children). */
#define _GNU_SOURCE /* getdents64 */
#include "proc.h"
#include "proc_impl.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdbool.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The number at *s (advancing it), or -1. */
static long number(const char **s)
{
    long v = -1;
    while (**s == ' ')
        (*s)++;
    for (; **s >= '0' && **s <= '9'; (*s)++)
        v = (v < 0 ? 0 : v * 10) + (**s - '0');
    return v;
}

/* pid's row from /proc/<pid>/stat: "pid (comm) state ppid pgrp session ...";
 * false if it is gone. */
static bool read_row(int procfd, const char *name, struct proc_row *row)
{
    char path[64], text[512];
    size_t n = strlen(name);
    if (n > 40)
        return false;
    memcpy(path, name, n);
    memcpy(path + n, "/stat", 6);
    int fd = openat(procfd, path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return false;
    ssize_t got = read(fd, text, sizeof(text) - 1);
    struct stat st;
    bool have_owner = fstat(fd, &st) == 0;
    close(fd);
    if (got <= 0 || !have_owner)
        return false;
    text[got] = '\0';
    const char *p = strrchr(text, ')'); /* comm may hold anything */
    if (!p || p[1] != ' ' || !p[2])
        return false;
    row->state = p[2];
    p += 3;
    long ppid = number(&p), pgid = number(&p), sid = number(&p);
    if (sid < 0)
        return false;
    row->ppid = (pid_t)ppid;
    row->pgid = (pid_t)pgid;
    row->sid = (pid_t)sid;
    row->uid = st.st_uid;
    row->owner = -1;
    return true;
}

size_t proc_tree_read(struct proc_row *rows, size_t cap)
{
    char buf[8192];
    size_t n = 0;
    int procfd = open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (procfd < 0)
        return 0;
    ssize_t got;
    while (n < cap && (got = getdents64(procfd, buf, sizeof(buf))) > 0)
        for (ssize_t at = 0; at < got && n < cap;) {
            struct dirent64 *e = (struct dirent64 *)(buf + at);
            at += e->d_reclen;
            const char *s = e->d_name;
            long pid = number(&s);
            if (pid > 0 && *s == '\0' && read_row(procfd, e->d_name, &rows[n])) {
                rows[n].pid = (pid_t)pid;
                n++;
            }
        }
    close(procfd);
    return n;
}

/* The index of pid's row, or -1: rows come from /proc in rising pid order,
 * searched by halves (and one by one if they do not). */
static long find(const struct proc_row *rows, size_t n, pid_t pid)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (rows[mid].pid == pid)
            return (long)mid;
        if (rows[mid].pid < pid)
            lo = mid + 1;
        else
            hi = mid;
    }
    for (size_t i = 0; i < n; i++)
        if (rows[i].pid == pid)
            return (long)i;
    return -1;
}

static long bot_of(pid_t id, const pid_t *bots, size_t nbots)
{
    for (size_t b = 0; b < nbots; b++)
        if (bots[b] > 1 && bots[b] == id)
            return (long)b;
    return -1;
}

void proc_tree_own(struct proc_row *rows, size_t n, const pid_t *bots, size_t nbots)
{
    for (size_t i = 0; i < n; i++) {
        long b = bot_of(rows[i].pid, bots, nbots);
        if (b < 0)
            b = bot_of(rows[i].pgid, bots, nbots);
        if (b < 0)
            b = bot_of(rows[i].sid, bots, nbots);
        rows[i].owner = b;
    }
    /* A process whose parent is a bot's is that bot's: a chain of n at most. */
    for (bool more = true; more;) {
        more = false;
        for (size_t i = 0; i < n; i++) {
            long up = rows[i].owner < 0 ? find(rows, n, rows[i].ppid) : -1;
            if (up >= 0 && rows[up].owner >= 0) {
                rows[i].owner = rows[up].owner;
                more = true;
            }
        }
    }
}

bool proc_tree_has_mark(pid_t pid, const char *mark)
{
    char path[64] = "/proc/", digits[16], buf[4096 + 128];
    size_t m = strlen(mark), kept = 1, at = 6;
    int k = 0;
    if (m == 0 || m > 120)
        return false;
    for (long v = pid; v > 0 && k < 15; v /= 10)
        digits[k++] = (char)('0' + v % 10);
    while (k > 0)
        path[at++] = digits[--k];
    memcpy(path + at, "/environ", 9);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return false;
    /* Entries end with NUL: a match is NUL, mark, NUL. The buffer starts with
     * a NUL of ours, and keeps the last m + 1 bytes of a read for the next. */
    buf[0] = '\0';
    bool found = false;
    ssize_t got;
    while (!found && (got = read(fd, buf + kept, sizeof(buf) - kept)) > 0) {
        size_t len = kept + (size_t)got;
        for (size_t i = 0; !found && i + 1 + m < len; i++)
            found = buf[i] == '\0' && memcmp(buf + i + 1, mark, m) == 0 && buf[i + 1 + m] == '\0';
        kept = len > m + 1 ? m + 1 : len;
        memmove(buf, buf + len - kept, kept);
    }
    close(fd);
    return found;
}

int proc_tree_each_pid(const char *path, void (*each)(long pid, void *arg), void *arg)
{
    char text[4096];
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    long pid = -1;
    ssize_t n;
    while ((n = read(fd, text, sizeof(text))) > 0)
        for (ssize_t i = 0; i < n; i++) /* a number may straddle two reads */
            if (text[i] >= '0' && text[i] <= '9') {
                pid = (pid < 0 ? 0 : pid * 10) + (text[i] - '0');
            } else if (pid >= 0) {
                each(pid, arg);
                pid = -1;
            }
    if (pid >= 0)
        each(pid, arg);
    close(fd);
    return 0;
}
