/* proc_cgroup_kill.c: a bot's cgroup ended as a whole (every process in it
 * killed, whatever group or session it made) and asked whether the kernel
 * killed in it for memory; plain system calls only, for the watchdog too. */
#define _GNU_SOURCE
#include "proc.h"
#include "proc_impl.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define KILL_PASSES 200 /* reads of cgroup.procs before giving up on a cgroup */

/* dir + "/" + name into out (cap bytes), without stdio; false if too long. */
static bool join(char *out, size_t cap, const char *dir, const char *name)
{
    size_t a = strlen(dir), b = strlen(name);
    if (a + 1 + b + 1 > cap)
        return false;
    memcpy(out, dir, a);
    out[a] = '/';
    memcpy(out + a + 1, name, b + 1);
    return true;
}

/* What kill_listed has done: kills sent, and the sum of the pids listed. */
struct kill_tally {
    int killed;
    long long sum;
};

static void kill_one(long pid, void *arg)
{
    struct kill_tally *t = arg;
    if (pid > 1 && kill((pid_t)pid, SIGKILL) == 0)
        t->killed++;
    t->sum += pid;
}

/* SIGKILL to each pid listed in the file at path ("pid\n..."); how many,
 * and in *sum the sum of the pids (the same list twice: none left alive). */
static int kill_listed(const char *path, long long *sum)
{
    struct kill_tally t = {0, 0};
    proc_tree_each_pid(path, kill_one, &t);
    *sum = t.sum;
    return t.killed;
}

int proc_cgroup_kill_dir(const char *dir)
{
    char path[PATH_MAX];
    int killed = 0;
    /* v2 (Linux 5.14): the kernel kills them all, forks under way included */
    int fd = join(path, sizeof(path), dir, "cgroup.kill") ? open(path, O_WRONLY | O_CLOEXEC) : -1;
    if (fd >= 0) {
        ssize_t n = write(fd, "1", 1);
        (void)n; /* if refused, the loop below does it */
        close(fd);
    }
    if (!join(path, sizeof(path), dir, "cgroup.procs"))
        return 0;
    /* v1: kill what is listed until none is left; a process killed cannot
     * fork any more, so what forks between two reads is caught by the next.
     * A process dying may stay listed a moment: the same list twice ends it. */
    long long sum = 0, last = -1;
    for (int pass = 0; pass < KILL_PASSES; pass++) {
        int k = kill_listed(path, &sum);
        if (k == 0 || sum == last)
            break;
        killed += k;
        last = sum;
        nanosleep(&(struct timespec){0, 200000}, NULL);
    }
    return killed;
}

void proc_cgroup_kill(long id)
{
    char name[32], dir[PATH_MAX];
    for (int k = 0; k < PROC_CGROUP_KINDS; k++) {
        const char *b = proc_cgroup_base(k);
        snprintf(name, sizeof(name), "b%ld", id);
        if (b && join(dir, sizeof(dir), b, name) && access(dir, F_OK) == 0) {
            proc_cgroup_kill_dir(dir);
            return; /* one cgroup of a bot holds all its processes */
        }
    }
}

bool proc_cgroup_is_out_of_memory(long id)
{
    char path[PATH_MAX], text[1024];
    const char *b = proc_cgroup_base(PROC_CGROUP_MEMORY);
    if (!b)
        return false;
    /* v1's memory.oom_control and v2's memory.events both have "oom_kill N" */
    const char *files[] = {"memory.events", "memory.oom_control"};
    for (int i = 0; i < 2; i++) {
        snprintf(path, sizeof(path), "%s/b%ld/%s", b, id, files[i]);
        int fd = open(path, O_RDONLY | O_CLOEXEC);
        if (fd < 0)
            continue;
        ssize_t n = read(fd, text, sizeof(text) - 1);
        close(fd);
        text[n > 0 ? n : 0] = '\0';
        const char *at = strstr(text, "oom_kill ");
        return at && at[9] >= '1' && at[9] <= '9';
    }
    return false;
}
