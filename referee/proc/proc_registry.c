/* proc_registry.c: the bots alive, listed between their fork (proc_spawn.c)
 * and their reaping (proc_wait), and the strays: descendants of theirs handed
 * to referee as subreaper, told from bots by that list, killed and reaped
 * (see proc.h). */
#include "proc.h"
#include "proc_impl.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* The spawn lock: held around a fork and its registry entry (proc_spawn.c),
 * and around every look at the registry. Nothing sleeps holding it. */
static pthread_mutex_t registry = PTHREAD_MUTEX_INITIALIZER;
struct live_bot {
    pid_t pid;
    long cgroup;   /* its cgroups' id, or 0 */
    char name[65]; /* who it is, for messages ("" if unnamed) */
};
static struct live_bot *live;
static size_t nlive, cap_live;

void proc_registry_lock(void)
{
    pthread_mutex_lock(&registry);
}

void proc_registry_unlock(void)
{
    pthread_mutex_unlock(&registry);
}

void proc_registry_add(pid_t pid, long cgroup, const char *name)
{
    proc_watchdog_tell('+', pid);
    if (nlive == cap_live) {
        size_t cap = cap_live ? 2 * cap_live : 64;
        struct live_bot *more = realloc(live, cap * sizeof(*more));
        if (!more)
            return; /* unlisted, it is reaped as a stray at worst: no leak */
        live = more;
        cap_live = cap;
    }
    live[nlive] = (struct live_bot){.pid = pid, .cgroup = cgroup};
    snprintf(live[nlive].name, sizeof(live[nlive].name), "%s", name ? name : "");
    nlive++;
}

void proc_registry_remove(pid_t pid)
{
    pthread_mutex_lock(&registry);
    for (size_t i = 0; i < nlive; i++)
        if (live[i].pid == pid) {
            live[i] = live[--nlive];
            break;
        }
    proc_watchdog_tell('-', pid);
    pthread_mutex_unlock(&registry);
}

static bool is_listed(pid_t pid)
{
    for (size_t i = 0; i < nlive; i++)
        if (live[i].pid == pid)
            return true;
    return false;
}

size_t proc_live_count(void)
{
    pthread_mutex_lock(&registry);
    size_t n = nlive;
    pthread_mutex_unlock(&registry);
    return n;
}

int proc_become_subreaper(void)
{
#ifdef __linux__
    return prctl(PR_SET_CHILD_SUBREAPER, 1) == 0 ? 0 : -errno;
#else
    return -ENOSYS;
#endif
}

#ifdef __linux__
/* One stray reaper at a time: a stray is reaped only under it, so a pid it
 * found unlisted and unreaped stays that process until it reaps it. */
static pthread_mutex_t reaping = PTHREAD_MUTEX_INITIALIZER;
static pid_t *kids; /* referee's children, as last listed; under reaping */
static size_t nkids, cap_kids;

static void kids_add(long pid)
{
    if (pid <= 1)
        return;
    if (nkids == cap_kids) {
        size_t cap = cap_kids ? 2 * cap_kids : 64;
        pid_t *more = realloc(kids, cap * sizeof(*more));
        if (!more)
            return; /* left out this time; still a child, listed by the next look */
        kids = more;
        cap_kids = cap;
    }
    kids[nkids++] = (pid_t)pid;
}

static void kids_add_each(long pid, void *unused)
{
    (void)unused;
    kids_add(pid);
}

/* Adds the pids of /proc/self/task/<tid>/children, "pid pid ... ", to kids. */
static void kids_of_task(const char *tid)
{
    char path[300]; /* tid is a d_name: 255 bytes at most */
    snprintf(path, sizeof(path), "/proc/self/task/%s/children", tid);
    proc_tree_each_pid(path, kids_add_each, NULL);
}

/* The parent of process pid, from /proc/<pid>/stat; -1 if gone. */
static pid_t parent_of(pid_t pid)
{
    char path[64], text[512];
    snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    ssize_t n = read(fd, text, sizeof(text) - 1);
    close(fd);
    if (n <= 0)
        return -1;
    text[n] = '\0';
    /* "pid (comm) state ppid ...": comm may hold anything, so after the last ')'. */
    const char *p = strrchr(text, ')');
    int ppid;
    return p && sscanf(p + 1, " %*c %d", &ppid) == 1 ? (pid_t)ppid : -1;
}

/* Lists referee's children into kids: each of its threads' children file
 * (a cost per thread and per child); on a kernel without them
 * (CONFIG_PROC_CHILDREN), every process of /proc whose parent is referee. */
static void kids_list(void)
{
    static int have_files = -1;
    if (have_files < 0)
        have_files = access("/proc/thread-self/children", R_OK) == 0;
    nkids = 0;
    DIR *d = opendir(have_files ? "/proc/self/task" : "/proc");
    if (!d)
        return;
    pid_t self = getpid();
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        char *end;
        long pid = strtol(e->d_name, &end, 10);
        if (*end != '\0' || pid <= 0)
            continue;
        if (have_files)
            kids_of_task(e->d_name); /* fails only for a thread that just ended */
        else if (pid > 1 && parent_of((pid_t)pid) == self)
            kids_add(pid);
    }
    closedir(d);
}

/* True if pid is a child of referee's, not reaped yet: a zombie, or alive. */
static bool is_own_child(pid_t pid)
{
    siginfo_t si;
    memset(&si, 0, sizeof(si));
    int r;
    while ((r = waitid(P_PID, (id_t)pid, &si, WEXITED | WNOHANG | WNOWAIT)) < 0 && errno == EINTR)
        ;
    return r == 0;
}
#endif

int proc_reap_strays(void)
{
    int killed = 0;
#ifdef __linux__
    pthread_mutex_lock(&reaping);
    kids_list();
    /* Read before the lock, judged under it: a bot in the list was forked
     * before the read, so it is in the registry by the time we hold the lock,
     * until it is reaped (ECHILD). A child left is no bot, and only we reap it. */
    size_t n = 0;
    proc_registry_lock();
    for (size_t i = 0; i < nkids; i++)
        if (!is_listed(kids[i]) && is_own_child(kids[i]))
            kids[n++] = kids[i];
    proc_registry_unlock();
    /* A bot's descendant handed to us: kill it, and what it started. */
    for (size_t i = 0; i < n; i++) {
        kill(-kids[i], SIGKILL);
        kill(kids[i], SIGKILL);
    }
    for (size_t i = 0; i < n; i++) {
        /* A SIGKILLed process dies at once, unless stuck in the kernel: then
         * it stays our child, and a later call reaps it. */
        for (int k = 0; k < 1000 && waitpid(kids[i], NULL, WNOHANG) == 0; k++)
            nanosleep(&(struct timespec){0, 100000}, NULL);
        killed++;
    }
    pthread_mutex_unlock(&reaping);
#endif
    return killed;
}

/* How many processes each live bot holds (its pids.current where it has a
 * cgroup, else those of its group, session and descendants in /proc) into
 * counts; counts and bots have n entries, taken under the lock. */
static void count_processes(const struct live_bot *bots, size_t n, long *counts)
{
    size_t cap = 32768;
    struct proc_row *rows = malloc(cap * sizeof(*rows));
    pid_t *pids = malloc((n ? n : 1) * sizeof(*pids));
    for (size_t b = 0; b < n && pids; b++)
        pids[b] = bots[b].pid;
    size_t nrows = rows && pids ? proc_tree_read(rows, cap) : 0;
    if (nrows)
        proc_tree_own(rows, nrows, pids, n);
    for (size_t i = 0; i < nrows; i++)
        if (rows[i].owner >= 0 && rows[i].state != 'Z')
            counts[rows[i].owner]++;
    free(pids);
    free(rows);
    const char *base = proc_cgroup_base(PROC_CGROUP_PIDS);
    for (size_t b = 0; b < n && base; b++) {
        char path[PATH_MAX], text[32];
        snprintf(path, sizeof(path), "%s/b%ld/pids.current", base, bots[b].cgroup);
        int fd = bots[b].cgroup ? open(path, O_RDONLY | O_CLOEXEC) : -1;
        ssize_t k = fd >= 0 ? read(fd, text, sizeof(text) - 1) : -1;
        if (fd >= 0)
            close(fd);
        if (k > 0) {
            text[k] = '\0';
            counts[b] = atol(text);
        }
    }
}

long proc_most_processes(char *name, size_t cap)
{
    pthread_mutex_lock(&registry);
    size_t n = nlive;
    struct live_bot *bots = malloc((n ? n : 1) * sizeof(*bots));
    if (bots && n)
        memcpy(bots, live, n * sizeof(*bots));
    pthread_mutex_unlock(&registry);
    long *counts = calloc(n ? n : 1, sizeof(*counts)), most = 0;
    if (bots && counts) {
        count_processes(bots, n, counts);
        for (size_t b = 0; b < n; b++)
            if (counts[b] > most) {
                most = counts[b];
                snprintf(name, cap, "%s", bots[b].name);
            }
    }
    free(counts);
    free(bots);
    return most;
}
