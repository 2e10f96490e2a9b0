/* proc_spawn.c: vfork and exec of a bot process, its descriptors and limits (see
 * proc.h for the life of a child), and the pinning of the threads that start them.
 * Between vfork and exec the child makes only system calls on its own stack. */
#define _GNU_SOURCE /* pipe2, sched_setaffinity */
#include "proc.h"
#include "proc_impl.h"
#include "path.h"

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

#define DEFAULT_PATH "/bin:/usr/bin"

#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
#define HAVE_CLOSE_RANGE 1
#endif

/* Moves fd above the standard descriptors (only needed when the referee runs with one of
 * them closed), keeping close-on-exec. Returns the new fd, or -1 with errno set. */
static int fd_above_stdio(int fd)
{
    if (fd > 2)
        return fd;
    int moved = fcntl(fd, F_DUPFD_CLOEXEC, 3);
    int saved = errno;
    close(fd);
    errno = saved;
    return moved;
}

static int pipe_above_stdio(int fds[2])
{
    if (pipe2(fds, O_CLOEXEC) < 0)
        return -errno;
    fds[0] = fd_above_stdio(fds[0]);
    fds[1] = fd_above_stdio(fds[1]);
    if (fds[0] < 0 || fds[1] < 0) {
        int err = -errno;
        proc_close_fd(&fds[0]);
        proc_close_fd(&fds[1]);
        return err;
    }
    return 0;
}

static int set_nonblock(int fd)
{
    int flags = fcntl(fd, F_GETFL);
    if (flags < 0 || fcntl(fd, F_SETFL, flags | O_NONBLOCK) < 0)
        return -errno;
    return 0;
}

/* What the child needs after fork, prepared before it so that the child only makes
 * async-signal-safe calls. */
struct child_plan {
    char *const *argv;
    const char *cwd;
    const char *path;                  /* PATH, for an argv[0] without '/' */
    char *const *envp;                 /* its environment */
    int in_fd, out_fd, err_fd;         /* the child's ends, all above 2 */
    int report_fd;                     /* write end of the exec-error pipe */
    int pass_fd;                       /* read end of the pipe it reads at PROC_PASS_FD, or -1 */
    int cgroup_fds[PROC_CGROUP_KINDS]; /* cgroup.procs of its own cgroups, or -1 */
    struct proc_limits limits;
    pid_t parent; /* referee, for the death signal's race */
    bool as_user; /* become uid:gid before exec */
    int dumpable; /* referee's PR_GET_DUMPABLE before, which that change resets */
    uid_t uid;
    gid_t gid;
    uint64_t reset; /* signals (bit n-1: signal n) whose disposition is not the default */
};

static _Noreturn void child_fail(int report_fd, int err)
{
    ssize_t unused = write(report_fd, &err, sizeof(err));
    (void)unused;
    _exit(127);
}

/* execvp without its allocation and its /bin/sh fallback: each PATH entry in turn
 * (path_search), and EACCES reported if any entry had it, as execvp does. */
static void child_exec_path(const struct child_plan *c)
{
    bool denied = false;
    char full[PATH_MAX];
    struct path_search search;
    path_search_init(&search, c->path, c->argv[0]);
    while (path_search_next(&search, full, sizeof(full))) {
        execve(full, c->argv, c->envp);
        if (errno == EACCES)
            denied = true;
        else if (errno != ENOENT && errno != ENOTDIR && errno != ESTALE && errno != ELOOP &&
                 errno != ENAMETOOLONG && errno != ENODEV && errno != ETIMEDOUT)
            return;
    }
    errno = denied ? EACCES : ENOENT;
}

/* In the child: a plain system call each, safe between fork and exec. */
static void set_limit(int resource, rlim_t value, int report_fd)
{
    struct rlimit r = {.rlim_cur = value, .rlim_max = value};
    if (setrlimit(resource, &r) < 0)
        child_fail(report_fd, errno);
}

static void set_limits(const struct proc_limits *l, int report_fd)
{
    set_limit(RLIMIT_CORE, 0, report_fd);
    if (l->memory_mb > 0)
        set_limit(RLIMIT_AS, (rlim_t)l->memory_mb << 20, report_fd);
    if (l->cpu_seconds > 0) {
        /* SIGXCPU at the soft limit, SIGKILL a second later at the hard one. */
        struct rlimit r = {.rlim_cur = (rlim_t)l->cpu_seconds,
                           .rlim_max = (rlim_t)l->cpu_seconds + 1};
        if (setrlimit(RLIMIT_CPU, &r) < 0)
            child_fail(report_fd, errno);
    }
    if (l->open_files > 0)
        set_limit(RLIMIT_NOFILE, (rlim_t)l->open_files, report_fd);
    if (l->processes > 0)
        set_limit(RLIMIT_NPROC, (rlim_t)l->processes, report_fd);
    if (l->file_mb > 0) {
        set_limit(RLIMIT_FSIZE, (rlim_t)l->file_mb << 20, report_fd);
        /* A write past it then fails with EFBIG, the bot's to handle, rather
         * than killing it; an ignored signal stays ignored across exec. */
        signal(SIGXFSZ, SIG_IGN);
    }
}

/* The mask after key ("\nSigIgn:") in a status file's text, into *out; false
 * unless it is there whole: hex digits up to the end of its line. */
static bool status_mask(const char *text, const char *key, uint64_t *out)
{
    const char *at = strstr(text, key);
    char *end;

    if (!at)
        return false;
    errno = 0;
    *out = strtoull(at + strlen(key), &end, 16);
    return end != at + strlen(key) && *end == '\n' && errno == 0;
}

uint64_t proc_signals_not_default(void)
{
    char buf[16384];
    size_t len = 0;
    ssize_t n = 0;
    uint64_t ignored, caught;
    int fd = open("/proc/self/status", O_RDONLY | O_CLOEXEC);

    if (fd < 0)
        return ~0ULL;
    while (len < sizeof(buf) - 1 &&
           ((n = read(fd, buf + len, sizeof(buf) - 1 - len)) > 0 || (n < 0 && errno == EINTR)))
        len += n > 0 ? (size_t)n : 0;
    close(fd);
    buf[len] = '\0';
    if (!status_mask(buf, "\nSigIgn:", &ignored) || !status_mask(buf, "\nSigCgt:", &caught))
        return ~0ULL;
    return ignored | caught;
}

/* In the child: the pass pipe's read end put at PROC_PASS_FD, open across
 * exec, the report pipe moved off that number first. Returns where the
 * report pipe is. */
static int place_pass(const struct child_plan *c)
{
    int report = c->report_fd;
    if (c->pass_fd < 0)
        return report;
    if (report == PROC_PASS_FD && (report = fcntl(report, F_DUPFD_CLOEXEC, PROC_PASS_FD + 1)) < 0)
        child_fail(c->report_fd, errno);
    if (c->pass_fd == PROC_PASS_FD ? fcntl(PROC_PASS_FD, F_SETFD, 0) < 0
                                   : dup2(c->pass_fd, PROC_PASS_FD) < 0)
        child_fail(report, errno);
    return report;
}

static _Noreturn void child_run(const struct child_plan *c)
{
    /* Ignored signals survive exec, and a handler of ours must not run here
     * once the mask (all blocked by the parent around fork) is lifted. */
    struct sigaction dfl;
    memset(&dfl, 0, sizeof(dfl));
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    for (int sig = 1; sig < NSIG; sig++)
        if (sig != SIGKILL && sig != SIGSTOP && (sig > 64 || c->reset >> (sig - 1) & 1))
            sigaction(sig, &dfl, NULL); /* fails harmlessly on signals libc reserves */
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);

    setpgid(0, 0);
    /* Into its cgroups before anything it runs can fork or allocate. */
    for (int k = 0; k < PROC_CGROUP_KINDS; k++)
        if (c->cgroup_fds[k] >= 0 && write(c->cgroup_fds[k], "0", 1) != 1)
            child_fail(c->report_fd, errno);
    /* All sources are above 2, so no dup2 clobbers another; the copies on 0-2 lose
     * close-on-exec, the originals keep it. */
    if (dup2(c->in_fd, 0) < 0 || dup2(c->out_fd, 1) < 0 || dup2(c->err_fd, 2) < 0)
        child_fail(c->report_fd, errno);
    int report = place_pass(c); /* before the limits: --max-files may leave no room */
    set_limits(&c->limits, report);
    /* Root's rights end here, before anything of the bot's is looked at; its
     * cgroups and limits were set with them. */
    int err;
    if (c->as_user && (err = proc_user_drop(c->uid, c->gid)) < 0)
        child_fail(report, -err);
#ifdef __linux__
    /* Die with referee, even if it is SIGKILLed (the signal comes when the
     * thread that forked dies, and workers outlive their bots). After the
     * change of user, which clears it. */
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != c->parent)
        _exit(127); /* referee died before the line above */
#endif
#ifdef HAVE_CLOSE_RANGE
    /* Ours are close-on-exec, but code we do not own (a test runner, a library) may have
     * left descriptors open that a bot should not hold. The report pipe closes at exec. */
    int first = c->pass_fd >= 0 ? PROC_PASS_FD + 1 : 3;
    if (report > first)
        close_range((unsigned)first, (unsigned)report - 1, 0);
    close_range((unsigned)report + 1, ~0U, 0);
#endif
    if (c->cwd != NULL && chdir(c->cwd) < 0)
        child_fail(report, errno);
    if (strchr(c->argv[0], '/') != NULL)
        execve(c->argv[0], c->argv, c->envp);
    else
        child_exec_path(c);
    child_fail(report, errno);
}

static void proc_clear(struct proc *p, size_t log_cap, bool cr_ends_line)
{
    p->pid = 0;
    p->in_fd = -1;
    p->out_fd = -1;
    p->err_fd = -1;
    p->log_fd = -1;
    p->log_written = 0;
    p->log_dropped = 0;
    p->log_cap = log_cap;
    p->status = -1;
    p->len = 0;
    p->stirred = false;
    p->got = 0;
    p->trace = false;
    p->cr_ends_line = cr_ends_line;
    p->after_cr = false;
    p->cgroup = 0;
    p->out_of_memory = false;
}

/* Open the log file a child's stderr goes to, counting what it already holds
 * against the cap, across restarts of the bot. Returns 0 or -errno. */
static int open_log(struct proc *p, const char *path, int fd)
{
    p->log_fd = fd > 2 ? fcntl(fd, F_DUPFD_CLOEXEC, 3)
                       : open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (p->log_fd < 0 || (p->log_fd = fd_above_stdio(p->log_fd)) < 0)
        return -errno;
    struct stat st;
    if (fstat(p->log_fd, &st) == 0)
        p->log_written = (size_t)st.st_size;
    return 0;
}

/* Fork a child that runs plan; returns its pid, or -errno. */
static pid_t fork_child(const struct child_plan *plan)
{
    /* No handler of ours may run in the child before it resets them all. */
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    /* vfork: the child borrows our memory until its exec, so a start costs no
     * copy of referee's page tables and no copy-on-write faults after it (a
     * fork cost as much as the bot's own start). The child only makes system
     * calls, writes nothing of ours but its own stack and errno, and ends in
     * execve or _exit; this thread waits meanwhile, the others run on. */
    pid_t pid = vfork();
    if (pid == 0)
        child_run(plan);
    int fork_errno = errno;
#ifdef __linux__
    /* The child's change of user made our shared memory undumpable (the
     * kernel's rule for a process that was root): referee is as it was. */
    if (plan->as_user)
        prctl(PR_SET_DUMPABLE, plan->dumpable);
#endif
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (pid < 0)
        return -fork_errno;
    /* Also here, so that a kill to the group right after spawn cannot miss it; fails
     * harmlessly once the child has exec'd. */
    setpgid(pid, pid);
    return pid;
}

/* The errno the child reported through fd if its exec failed (it then exits,
 * and is reaped here), or 0 once the exec closed fd. */
static int child_error(pid_t pid, int fd)
{
    int child_errno = 0;
    ssize_t n;
    do
        n = read(fd, &child_errno, sizeof(child_errno));
    while (n < 0 && errno == EINTR);
    if (n != (ssize_t)sizeof(child_errno))
        return 0;
    while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
        ;
    return child_errno;
}

/* Cgroups of its own for the child of plan (*cgroup their id, plan's
 * cgroup_fds their cgroup.procs): its process budget counts in place of the
 * user's RLIMIT_NPROC, its memory everything it holds; none where cgroups
 * cannot be had (the rlimits count then). 0, or -errno. */
static int plan_cgroup(struct child_plan *plan, long *cgroup)
{
    int *fds = plan->cgroup_fds;
    int rc = proc_cgroup_make(&plan->limits, cgroup, fds);
    if (rc == -ENOTSUP)
        return 0;
    for (int k = 0; rc == 0 && k < PROC_CGROUP_KINDS; k++)
        if (fds[k] >= 0 && (fds[k] = fd_above_stdio(fds[k])) < 0)
            rc = -errno;
    if (rc < 0) {
        for (int k = 0; k < PROC_CGROUP_KINDS; k++)
            proc_close_fd(&fds[k]);
        if (*cgroup)
            proc_cgroup_release(*cgroup);
        *cgroup = 0;
        return rc;
    }
    if (fds[PROC_CGROUP_PIDS] >= 0)
        plan->limits.processes = 0;
    return 0;
}

/* Fork the child of plan and list it among the live, with its cgroups' id
 * and name; its pid, or -errno (then its cgroups, if any, released). */
static pid_t start_child(struct child_plan *plan, long cgroup, const char *name)
{
    proc_registry_lock();
    pid_t pid = fork_child(plan);
    if (pid > 0)
        proc_registry_add(pid, cgroup, name);
    proc_registry_unlock();
    for (int k = 0; k < PROC_CGROUP_KINDS; k++)
        proc_close_fd(&plan->cgroup_fds[k]); /* the child has its copy */
    proc_close_fd(&plan->pass_fd);           /* likewise */
    if (pid < 0 && cgroup)
        proc_cgroup_release(cgroup);
    return pid;
}

/* p becomes the running child pid, talked to over in_fd (its stdin), out_fd
 * and err_fd, all non-blocking. 0, or -errno (the child stopped). */
static int adopt(struct proc *p, pid_t pid, int in_fd, int out_fd, int err_fd)
{
    int ret;

    p->pid = pid;
    p->in_fd = in_fd;
    p->out_fd = out_fd;
    p->err_fd = err_fd;
    if ((ret = set_nonblock(p->in_fd)) < 0 || (ret = set_nonblock(p->out_fd)) < 0 ||
        (ret = set_nonblock(p->err_fd)) < 0) {
        proc_stop(p, 0);
        return ret;
    }
    return 0;
}

/* A pipe that holds opt's pass bytes and ends: its read end into *fd (left
 * -1 without them, or on an error). 0, or -errno. */
static int fill_pass(const struct proc_options *opt, int *fd)
{
    int fds[2];
    if (!opt->pass)
        return 0;
    assert(opt->pass_len <= PROC_PASS_MAX);
    int ret = pipe_above_stdio(fds);
    if (ret < 0)
        return ret;
    ssize_t n = write(fds[1], opt->pass, opt->pass_len); /* fits: the pipe is empty */
    if (n != (ssize_t)opt->pass_len)
        ret = n < 0 ? -errno : -EIO;
    proc_close_fd(&fds[1]);
    if (ret < 0)
        proc_close_fd(&fds[0]);
    *fd = fds[0];
    return ret;
}

int proc_spawn(struct proc *p, const struct proc_options *opt)
{
    assert(opt->argv != NULL && opt->argv[0] != NULL);
    proc_clear(p, opt->log_cap, opt->cr_ends_line);
    int in[2] = {-1, -1}, out[2] = {-1, -1}, err[2] = {-1, -1}, report[2] = {-1, -1};
    int ret =
        opt->log_path != NULL || opt->log_fd > 2 ? open_log(p, opt->log_path, opt->log_fd) : 0;

    if (ret < 0 || (ret = pipe_above_stdio(in)) < 0 || (ret = pipe_above_stdio(out)) < 0 ||
        (ret = pipe_above_stdio(err)) < 0 || (ret = pipe_above_stdio(report)) < 0)
        goto out_close;
    const char *path = getenv("PATH");
    struct child_plan plan = {
        .argv = opt->argv,
        .cwd = opt->cwd,
        .path = path != NULL ? path : DEFAULT_PATH,
        .in_fd = in[0],
        .out_fd = out[1],
        .err_fd = err[1],
        .report_fd = report[1],
        .limits = opt->limits,
        .parent = getpid(),
        .reset = proc_signals_not_default(),
        .cgroup_fds = {-1, -1},
        .pass_fd = -1,
        .envp = opt->envp != NULL ? opt->envp : environ,
        .as_user = opt->as_user,
        .uid = opt->uid,
        .gid = opt->gid,
    };
#ifdef __linux__
    if (plan.as_user)
        plan.dumpable = prctl(PR_GET_DUMPABLE);
#endif
    long cgroup = 0;
    if ((ret = fill_pass(opt, &plan.pass_fd)) < 0 || (ret = plan_cgroup(&plan, &cgroup)) < 0) {
        proc_close_fd(&plan.pass_fd);
        goto out_close;
    }
    pid_t pid = start_child(&plan, cgroup, opt->name);
    if (pid < 0) {
        ret = (int)pid;
        goto out_close;
    }
    proc_close_fd(&in[0]);
    proc_close_fd(&out[1]);
    proc_close_fd(&err[1]);
    proc_close_fd(&report[1]);
    ret = -child_error(pid, report[0]);
    if (ret < 0) {
        proc_registry_remove(pid); /* child_error reaped it */
        if (cgroup)
            proc_cgroup_release(cgroup);
        goto out_close;
    }
    proc_close_fd(&report[0]);
    p->cgroup = cgroup; /* released once the child is reaped (proc_wait) */

    return adopt(p, pid, in[1], out[0], err[0]);

out_close:
    for (int i = 0; i < 2; i++) {
        proc_close_fd(&in[i]);
        proc_close_fd(&out[i]);
        proc_close_fd(&err[i]);
        proc_close_fd(&report[i]);
    }
    proc_close_all(p);
    return ret;
}

int proc_pin_thread(int nth)
{
#ifdef __linux__
    cpu_set_t allowed, one;
    if (sched_getaffinity(0, sizeof(allowed), &allowed) < 0)
        return -errno;
    int count = CPU_COUNT(&allowed), k = nth % (count > 0 ? count : 1);
    for (int cpu = 0; cpu < CPU_SETSIZE; cpu++) {
        if (!CPU_ISSET(cpu, &allowed) || k-- > 0)
            continue;
        CPU_ZERO(&one);
        CPU_SET(cpu, &one);
        /* 0: the calling thread alone; the children it forks inherit its mask. */
        return sched_setaffinity(0, sizeof(one), &one) < 0 ? -errno : cpu;
    }
    return -EINVAL;
#else
    (void)nth;
    return -ENOSYS;
#endif
}

/* Decodes a waitid() report into an exit code, or 128 + signal number. */
