/* proc_cgroup.c: each bot process in cgroups of its own where referee may make
 * them: pids (its --max-procs budget, and how every process it made is found
 * and killed at once) and memory (--memory over all it holds); see proc.h. */
#define _GNU_SOURCE
#include "proc.h"
#include "proc_impl.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *const controller[PROC_CGROUP_KINDS] = {"pids", "memory"};
/* the file that shows the controller is there, v1 and v2 */
static const char *const probe[PROC_CGROUP_KINDS][2] = {{"pids.max", "pids.max"},
                                                        {"memory.limit_in_bytes", "memory.max"}};

#define CG_PATH (2 * PATH_MAX + 64) /* room for a path in base and a file in it */

static pthread_once_t once = PTHREAD_ONCE_INIT;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
/* <the cgroup referee is in>/referee-<pid> of each controller; "" if none */
static char base[PROC_CGROUP_KINDS][PATH_MAX];
static bool v2[PROC_CGROUP_KINDS];
static char why_not[PROC_CGROUP_KINDS][256];
static long next_id;
static long *made; /* ids of the cgroups made for bots that ran, to remove once empty */
static size_t nmade, capmade;

static int write_text(const char *path, const char *text)
{
    int fd = open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0)
        return -errno;
    ssize_t n = write(fd, text, strlen(text));
    int err = n < 0 ? -errno : 0;
    close(fd);
    return err;
}

/* Where referee is in the hierarchy of controller k, v1's (path) or v2's, from
 * /proc/self/cgroup. */
static void own_paths(int k, char *v1, char *v2path, size_t cap)
{
    char line[1024];
    FILE *f = fopen("/proc/self/cgroup", "re");
    while (f && fgets(line, sizeof(line), f)) {
        line[strcspn(line, "\n")] = '\0';
        char *ctl = strchr(line, ':'), *path = ctl ? strchr(ctl + 1, ':') : NULL;
        if (!path)
            continue;
        *path++ = '\0';
        ctl++;
        if (strcmp(line, "0") == 0 && ctl[0] == '\0')
            snprintf(v2path, cap, "%s", path);
        for (char *save = NULL, *c = strtok_r(ctl, ",", &save); c; c = strtok_r(NULL, ",", &save))
            if (strcmp(c, controller[k]) == 0)
                snprintf(v1, cap, "%s", path);
    }
    if (f)
        fclose(f);
}

/* Where the hierarchies are mounted: v1's of controller k, and v2's, from
 * mountinfo (id parent dev root mountpoint opts... - fstype source superopts). */
static void mount_points(int k, char *m1, char *m2, size_t cap)
{
    char line[1024], opt[32];
    snprintf(opt, sizeof(opt), ",%s", controller[k]);
    FILE *f = fopen("/proc/self/mountinfo", "re");
    while (f && fgets(line, sizeof(line), f)) {
        char root[PATH_MAX], point[PATH_MAX], type[64], super[512];
        char *dash = strstr(line, " - ");
        if (!dash || sscanf(line, "%*s %*s %*s %4095s %4095s", root, point) != 2 ||
            sscanf(dash + 3, "%63s %*s %511s", type, super) != 2 || strcmp(root, "/") != 0)
            continue;
        if (strcmp(type, "cgroup2") == 0 && !m2[0])
            snprintf(m2, cap, "%s", point);
        size_t n = strlen(controller[k]);
        char *at = strstr(super, opt);
        if (strcmp(type, "cgroup") == 0 && !m1[0] &&
            ((at && (at[n + 1] == ',' || at[n + 1] == '\0')) ||
             (strncmp(super, controller[k], n) == 0 && (super[n] == ',' || super[n] == '\0'))))
            snprintf(m1, cap, "%s", point);
    }
    if (f)
        fclose(f);
}

/* The folder of controller k's cgroup referee is in: v1 first (a hybrid
 * machine has the controllers there), then v2 if k is in its subtree. */
static bool find_own(int k, char *dir, size_t cap)
{
    char p1[PATH_MAX] = "", p2[PATH_MAX] = "", m1[PATH_MAX] = "", m2[PATH_MAX] = "";
    own_paths(k, p1, p2, sizeof(p1));
    mount_points(k, m1, m2, sizeof(m1));
    if (p1[0] && m1[0]) {
        snprintf(dir, cap, "%s%s", m1, strcmp(p1, "/") == 0 ? "" : p1);
        return true;
    }
    if (p2[0] && m2[0]) {
        char path[CG_PATH], plus[16];
        snprintf(dir, cap, "%s%s", m2, strcmp(p2, "/") == 0 ? "" : p2);
        snprintf(path, sizeof(path), "%s/cgroup.subtree_control", dir);
        snprintf(plus, sizeof(plus), "+%s", controller[k]);
        v2[k] = true;
        /* Refused (EBUSY) where the cgroup holds processes but is not the root. */
        if (write_text(path, plus) == 0)
            return true;
        snprintf(why_not[k], sizeof(why_not[k]),
                 "cannot enable the %s controller in cgroup '%.120s' (it holds processes, or is "
                 "not delegated)",
                 controller[k], dir);
        return false;
    }
    snprintf(why_not[k], sizeof(why_not[k]), "no %s cgroup controller is mounted", controller[k]);
    return false;
}

static void remove_all(void)
{
    pthread_mutex_lock(&lock);
    char path[CG_PATH];
    for (int k = 0; k < PROC_CGROUP_KINDS; k++) {
        for (size_t i = 0; base[k][0] && i < nmade; i++) {
            snprintf(path, sizeof(path), "%s/b%ld", base[k], made[i]);
            rmdir(path);
        }
        if (base[k][0])
            rmdir(base[k]);
    }
    nmade = 0;
    pthread_mutex_unlock(&lock);
}

static void set_up_one(int k)
{
    char own[PATH_MAX - 32], path[CG_PATH], plus[16];
    if (!find_own(k, own, sizeof(own)))
        return;
    snprintf(base[k], sizeof(base[k]), "%s/referee-%d", own, (int)getpid());
    if (mkdir(base[k], 0755) != 0 && errno != EEXIST) {
        snprintf(why_not[k], sizeof(why_not[k]), "cannot make cgroup '%.150s': %s", base[k],
                 strerror(errno));
        base[k][0] = '\0';
        return;
    }
    /* v2: the bots' cgroups below get the controller only if it is in base's
     * subtree (v1 has no such file: every cgroup of the hierarchy has it) */
    snprintf(path, sizeof(path), "%s/cgroup.subtree_control", base[k]);
    snprintf(plus, sizeof(plus), "+%s", controller[k]);
    write_text(path, plus);
    snprintf(path, sizeof(path), "%s/%s", base[k], probe[k][v2[k]]);
    if (access(path, F_OK) != 0) {
        snprintf(why_not[k], sizeof(why_not[k]), "cgroup '%.150s' has no %s", base[k],
                 probe[k][v2[k]]);
        rmdir(base[k]);
        base[k][0] = '\0';
    }
}

static void set_up(void)
{
    for (int k = 0; k < PROC_CGROUP_KINDS; k++)
        set_up_one(k);
    atexit(remove_all);
}

bool proc_has_bot_cgroups(char *why, size_t cap)
{
    pthread_once(&once, set_up);
    if (!base[PROC_CGROUP_PIDS][0] && why && cap)
        snprintf(why, cap, "%s", why_not[PROC_CGROUP_PIDS]);
    return base[PROC_CGROUP_PIDS][0] != '\0';
}

bool proc_has_memory_cgroups(char *why, size_t cap)
{
    pthread_once(&once, set_up);
    if (!base[PROC_CGROUP_MEMORY][0] && why && cap)
        snprintf(why, cap, "%s", why_not[PROC_CGROUP_MEMORY]);
    return base[PROC_CGROUP_MEMORY][0] != '\0';
}

const char *proc_cgroup_base(int kind)
{
    pthread_once(&once, set_up);
    return base[kind][0] ? base[kind] : NULL;
}

/* True if kind k of a bot shares its folder with the pids one (v2). */
static bool is_shared(int k)
{
    return k != PROC_CGROUP_PIDS && strcmp(base[k], base[PROC_CGROUP_PIDS]) == 0;
}

/* The limits of kind k written into bot id's cgroup. 0, or -errno. */
static int set_limits(int k, long id, const struct proc_limits *l)
{
    char path[CG_PATH], text[32];
    int rc;
    if (k == PROC_CGROUP_PIDS) {
        snprintf(path, sizeof(path), "%s/b%ld/pids.max", base[k], id);
        snprintf(text, sizeof(text), l->processes > 0 ? "%ld" : "max", l->processes);
        return write_text(path, text);
    }
    snprintf(text, sizeof(text), "%lld", (long long)l->memory_mb << 20);
    snprintf(path, sizeof(path), "%s/b%ld/%s", base[k], id, v2[k] ? "memory.max" : probe[k][0]);
    if ((rc = write_text(path, text)) < 0)
        return rc;
    /* No swap to hold more in: v2's swap.max 0; v1's memory and swap
     * together, where the kernel counts swap (memsw) */
    snprintf(path, sizeof(path), "%s/b%ld/%s", base[k], id,
             v2[k] ? "memory.swap.max" : "memory.memsw.limit_in_bytes");
    rc = write_text(path, v2[k] ? "0" : text);
    return rc == -ENOENT ? 0 : rc;
}

/* Bot id's cgroup of kind k made, with its limits: a descriptor of its
 * cgroup.procs, or -errno. */
static int make_one(int k, long id, const struct proc_limits *l)
{
    char path[CG_PATH];
    int rc;
    snprintf(path, sizeof(path), "%s/b%ld", base[k], id);
    if (!is_shared(k) && mkdir(path, 0755) != 0)
        return -errno;
    if ((rc = set_limits(k, id, l)) < 0)
        return rc;
    if (is_shared(k))
        return -EEXIST; /* its pids cgroup's descriptor serves */
    snprintf(path, sizeof(path), "%s/b%ld/cgroup.procs", base[k], id);
    int fd = open(path, O_WRONLY | O_CLOEXEC);
    return fd < 0 ? -errno : fd;
}

/* The cgroups of bots gone are empty: removed now (the others refuse). */
static void remove_empty(void)
{
    char path[CG_PATH];
    size_t kept = 0;
    for (size_t i = 0; i < nmade; i++) {
        bool left = false;
        for (int k = PROC_CGROUP_KINDS - 1; k >= 0; k--) {
            snprintf(path, sizeof(path), "%s/b%ld", base[k], made[i]);
            if (base[k][0] && rmdir(path) != 0 && errno != ENOENT)
                left = true;
        }
        if (left)
            made[kept++] = made[i];
    }
    nmade = kept;
}

int proc_cgroup_make(const struct proc_limits *l, long *id, int fds[PROC_CGROUP_KINDS])
{
    fds[0] = fds[1] = -1;
    bool memory = l->memory_mb > 0 && proc_has_memory_cgroups(NULL, 0);
    if (!proc_has_bot_cgroups(NULL, 0) && !memory)
        return -ENOTSUP;
    pthread_mutex_lock(&lock);
    remove_empty();
    *id = ++next_id;
    pthread_mutex_unlock(&lock);
    for (int k = 0; k < PROC_CGROUP_KINDS; k++) {
        if (!base[k][0] || (k == PROC_CGROUP_MEMORY && l->memory_mb <= 0))
            continue;
        int fd = make_one(k, *id, l);
        if (fd < 0 && fd != -EEXIST) {
            proc_close_fd(&fds[0]);
            proc_close_fd(&fds[1]);
            proc_cgroup_release(*id);
            return fd;
        }
        fds[k] = fd;
    }
    return 0;
}

void proc_cgroup_release(long id)
{
    pthread_mutex_lock(&lock);
    if (nmade == capmade) {
        size_t cap = capmade ? 2 * capmade : 64;
        long *grown = realloc(made, cap * sizeof(*made));
        if (!grown) {
            pthread_mutex_unlock(&lock);
            return; /* left behind, empty, removed with the machine's next boot */
        }
        made = grown;
        capmade = cap;
    }
    made[nmade++] = id;
    remove_empty();
    pthread_mutex_unlock(&lock);
}
