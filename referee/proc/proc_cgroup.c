/* proc_cgroup.c: a process budget per bot (--max-procs) as a cgroup of its
 * own with pids.max, where referee may make one; see proc.h. */
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

static pthread_once_t once = PTHREAD_ONCE_INIT;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static char base[PATH_MAX]; /* <the pids cgroup referee is in>/referee-<pid>; "" if none */
static char why_not[256];
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

/* The folder of the pids controller's cgroup referee is in: from
 * /proc/self/cgroup and the mount of that hierarchy. v1 first (a hybrid
 * machine has pids there), then v2 if pids is in its subtree. */
static bool find_own(char *dir, size_t cap)
{
    char line[1024], v1[PATH_MAX] = "", v2[PATH_MAX] = "", mount_v1[PATH_MAX] = "",
                     mount_v2[PATH_MAX] = "";
    FILE *f = fopen("/proc/self/cgroup", "re");
    while (f && fgets(line, sizeof(line), f)) {
        line[strcspn(line, "\n")] = '\0';
        char *ctl = strchr(line, ':'), *path = ctl ? strchr(ctl + 1, ':') : NULL;
        if (!path)
            continue;
        *path++ = '\0';
        ctl++;
        if (strcmp(line, "0") == 0 && ctl[0] == '\0')
            snprintf(v2, sizeof(v2), "%s", path);
        for (char *save = NULL, *c = strtok_r(ctl, ",", &save); c; c = strtok_r(NULL, ",", &save))
            if (strcmp(c, "pids") == 0)
                snprintf(v1, sizeof(v1), "%s", path);
    }
    if (f)
        fclose(f);
    /* mountinfo: id parent dev root mountpoint opts... - fstype source superopts */
    f = fopen("/proc/self/mountinfo", "re");
    while (f && fgets(line, sizeof(line), f)) {
        char root[PATH_MAX], point[PATH_MAX], type[64], super[512];
        char *dash = strstr(line, " - ");
        if (!dash || sscanf(line, "%*s %*s %*s %4095s %4095s", root, point) != 2 ||
            sscanf(dash + 3, "%63s %*s %511s", type, super) != 2 || strcmp(root, "/") != 0)
            continue;
        if (strcmp(type, "cgroup2") == 0 && !mount_v2[0])
            snprintf(mount_v2, sizeof(mount_v2), "%s", point);
        if (strcmp(type, "cgroup") == 0 && !mount_v1[0] &&
            (strstr(super, ",pids") || strncmp(super, "pids", 4) == 0))
            snprintf(mount_v1, sizeof(mount_v1), "%s", point);
    }
    if (f)
        fclose(f);
    if (v1[0] && mount_v1[0]) {
        snprintf(dir, cap, "%s%s", mount_v1, strcmp(v1, "/") == 0 ? "" : v1);
        return true;
    }
    if (v2[0] && mount_v2[0]) {
        snprintf(dir, cap, "%s%s", mount_v2, strcmp(v2, "/") == 0 ? "" : v2);
        char path[PATH_MAX + 32];
        snprintf(path, sizeof(path), "%s/cgroup.subtree_control", dir);
        /* Refused (EBUSY) where the cgroup holds processes but is not the root. */
        if (write_text(path, "+pids") == 0)
            return true;
        snprintf(why_not, sizeof(why_not),
                 "cannot enable the pids controller in cgroup '%.120s' (it holds processes, or is "
                 "not delegated)",
                 dir);
        return false;
    }
    snprintf(why_not, sizeof(why_not), "no pids cgroup controller is mounted");
    return false;
}

static void remove_all(void)
{
    pthread_mutex_lock(&lock);
    char path[PATH_MAX + 32];
    for (size_t i = 0; i < nmade; i++) {
        snprintf(path, sizeof(path), "%s/b%ld", base, made[i]);
        rmdir(path);
    }
    nmade = 0;
    rmdir(base);
    pthread_mutex_unlock(&lock);
}

static void set_up(void)
{
    char own[PATH_MAX - 32], path[PATH_MAX + 32];
    if (!find_own(own, sizeof(own)))
        return;
    snprintf(base, sizeof(base), "%s/referee-%d", own, (int)getpid());
    if (mkdir(base, 0755) != 0 && errno != EEXIST) {
        snprintf(why_not, sizeof(why_not), "cannot make cgroup '%.150s': %s", base,
                 strerror(errno));
        base[0] = '\0';
        return;
    }
    /* v2: the bots' cgroups below get pids.max only if it is in base's subtree
     * (v1 has no such file: every cgroup of the hierarchy has pids.max) */
    snprintf(path, sizeof(path), "%s/cgroup.subtree_control", base);
    write_text(path, "+pids");
    snprintf(path, sizeof(path), "%s/pids.max", base);
    if (access(path, F_OK) != 0) {
        snprintf(why_not, sizeof(why_not), "cgroup '%.150s' has no pids.max", base);
        rmdir(base);
        base[0] = '\0';
        return;
    }
    atexit(remove_all);
}

bool proc_has_bot_cgroups(char *why, size_t cap)
{
    pthread_once(&once, set_up);
    if (!base[0] && why && cap)
        snprintf(why, cap, "%s", why_not);
    return base[0] != '\0';
}

int proc_cgroup_make(long max, long *id)
{
    char path[PATH_MAX + 32], text[32];

    if (!proc_has_bot_cgroups(NULL, 0))
        return -ENOTSUP;
    pthread_mutex_lock(&lock);
    /* The cgroups of bots gone are empty: removed now (the others refuse). */
    size_t kept = 0;
    for (size_t i = 0; i < nmade; i++) {
        snprintf(path, sizeof(path), "%s/b%ld", base, made[i]);
        if (rmdir(path) != 0 && errno != ENOENT)
            made[kept++] = made[i];
    }
    nmade = kept;
    *id = ++next_id;
    pthread_mutex_unlock(&lock);
    snprintf(path, sizeof(path), "%s/b%ld", base, *id);
    if (mkdir(path, 0755) != 0)
        return -errno;
    snprintf(path, sizeof(path), "%s/b%ld/pids.max", base, *id);
    snprintf(text, sizeof(text), "%ld", max);
    int rc = write_text(path, text);
    if (rc < 0) {
        proc_cgroup_release(*id);
        return rc;
    }
    snprintf(path, sizeof(path), "%s/b%ld/cgroup.procs", base, *id);
    int fd = open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0) {
        rc = -errno;
        proc_cgroup_release(*id);
        return rc;
    }
    return fd;
}

void proc_cgroup_release(long id)
{
    pthread_mutex_lock(&lock);
    char path[PATH_MAX + 32];
    snprintf(path, sizeof(path), "%s/b%ld", base, id);
    if (rmdir(path) != 0 && errno != ENOENT) {
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
    }
    pthread_mutex_unlock(&lock);
}
