/* proc.c: fork, exec, talk to, stop and reap bot processes (see proc.h for the life of a
 * child). Every wait is a poll() against an absolute CLOCK_MONOTONIC deadline. */
#define _GNU_SOURCE /* pipe2, in POSIX only since 2024 */
#include "proc.h"

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

#define WAIT_STEP_MS      1            /* between two looks at a child that has not exited */
#define KILL_WAIT_NS      1000000000LL /* how long a SIGKILLed child may take to die */
#define DEFAULT_PATH      "/bin:/usr/bin"
#define STDERR_CHUNK_SIZE 8192
#define STDERR_CHUNKS     16 /* per drain at most, so a flood cannot hold us past a deadline */

#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
#define HAVE_CLOSE_RANGE 1
#endif

void proc_ignore_sigpipe(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = SIG_IGN;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGPIPE, &sa, NULL);
}

/* Read end of a pipe that becomes readable when the user interrupts; -1: none. */
static int interrupt_fd = -1;

void proc_set_interrupt_fd(int fd)
{
    interrupt_fd = fd;
}

void proc_init(struct proc *p)
{
    memset(p, 0, sizeof(*p));
    p->in_fd = p->out_fd = p->err_fd = p->log_fd = -1;
    p->status = -1;
}

bool proc_has_stirred(const struct proc *p)
{
    return p->stirred;
}

bool proc_has_unread(const struct proc *p)
{
    return p->len > 0 || p->stirred;
}

int proc_status(const struct proc *p)
{
    return p->status;
}

int64_t proc_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* Milliseconds for poll() until the deadline, rounded up so that we never wake early and
 * spin; 0 once it has passed. */
static int ms_until(int64_t deadline_ns)
{
    int64_t left = deadline_ns - proc_now_ns();
    if (left <= 0)
        return 0;
    int64_t ms = (left + 999999) / 1000000;
    return ms > INT_MAX ? INT_MAX : (int)ms;
}

/* Descriptors 0-2 are never kept in a struct proc, so a zeroed struct holds none. */
static void close_fd(int *fd)
{
    if (*fd > 2)
        close(*fd);
    *fd = -1;
}

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
        close_fd(&fds[0]);
        close_fd(&fds[1]);
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

/* Copies what the child wrote to stderr into the log, up to the cap; the rest is read and
 * dropped so that the child never blocks on a full pipe. Reads a bounded amount: callers
 * poll again, and check their deadline, before the next drain. Closes err_fd at EOF so
 * that later polls do not wake on its hang-up. The log is best effort: a failed write to
 * it is no reason to stop a game. */
static void drain_stderr(struct proc *p)
{
    char chunk[STDERR_CHUNK_SIZE];
    for (int i = 0; i < STDERR_CHUNKS && p->err_fd > 2; i++) {
        ssize_t n = read(p->err_fd, chunk, sizeof(chunk));
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
            return;
        if (n <= 0) {
            close_fd(&p->err_fd);
            return;
        }
        size_t keep = p->log_fd > 2 ? (size_t)n : 0;
        if (p->log_cap > 0) {
            size_t room = p->log_written < p->log_cap ? p->log_cap - p->log_written : 0;
            keep = keep < room ? keep : room;
        }
        size_t done = 0;
        while (done < keep) {
            ssize_t w = write(p->log_fd, chunk + done, keep - done);
            if (w < 0 && errno == EINTR)
                continue;
            if (w <= 0)
                break;
            done += (size_t)w;
        }
        p->log_written += done;
    }
}

/* What the child needs after fork, prepared before it so that the child only makes
 * async-signal-safe calls. */
struct child_plan {
    char *const *argv;
    const char *cwd;
    const char *path;          /* PATH, for an argv[0] without '/' */
    int in_fd, out_fd, err_fd; /* the child's ends, all above 2 */
    int report_fd;             /* write end of the exec-error pipe */
    struct proc_limits limits;
};

static _Noreturn void child_fail(int report_fd, int err)
{
    ssize_t unused = write(report_fd, &err, sizeof(err));
    (void)unused;
    _exit(127);
}

/* execvp without its allocation and its /bin/sh fallback: each PATH entry in turn, and
 * EACCES reported if any entry had it, as execvp does. */
static void child_exec_path(const struct child_plan *c)
{
    const char *name = c->argv[0];
    size_t name_len = strlen(name);
    bool denied = false;
    char full[PATH_MAX];
    const char *dir = c->path;
    for (;;) {
        const char *end = dir;
        while (*end != '\0' && *end != ':')
            end++;
        size_t dir_len = (size_t)(end - dir);
        if (dir_len + 1 + name_len < sizeof(full)) {
            size_t at = 0;
            if (dir_len == 0) {
                full[at++] = '.'; /* an empty entry means the current directory */
            } else {
                memcpy(full, dir, dir_len);
                at = dir_len;
            }
            full[at++] = '/';
            memcpy(full + at, name, name_len + 1);
            execve(full, c->argv, environ);
            if (errno == EACCES)
                denied = true;
            else if (errno != ENOENT && errno != ENOTDIR && errno != ESTALE && errno != ELOOP &&
                     errno != ENAMETOOLONG && errno != ENODEV && errno != ETIMEDOUT)
                return;
        }
        if (*end == '\0')
            break;
        dir = end + 1;
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
}

static _Noreturn void child_run(const struct child_plan *c)
{
    /* Ignored signals survive exec, and the parent blocked all of them around fork. */
    struct sigaction dfl;
    memset(&dfl, 0, sizeof(dfl));
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    for (int sig = 1; sig < NSIG; sig++)
        if (sig != SIGKILL && sig != SIGSTOP)
            sigaction(sig, &dfl, NULL); /* fails harmlessly on signals libc reserves */
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);

    setpgid(0, 0);
    set_limits(&c->limits, c->report_fd);
    /* All sources are above 2, so no dup2 clobbers another; the copies on 0-2 lose
     * close-on-exec, the originals keep it. */
    if (dup2(c->in_fd, 0) < 0 || dup2(c->out_fd, 1) < 0 || dup2(c->err_fd, 2) < 0)
        child_fail(c->report_fd, errno);
#ifdef HAVE_CLOSE_RANGE
    /* Ours are close-on-exec, but code we do not own (a test runner, a library) may have
     * left descriptors open that a bot should not hold. The report pipe closes at exec. */
    if (c->report_fd > 3)
        close_range(3, (unsigned)c->report_fd - 1, 0);
    close_range((unsigned)c->report_fd + 1, ~0U, 0);
#endif
    if (c->cwd != NULL && chdir(c->cwd) < 0)
        child_fail(c->report_fd, errno);
    if (strchr(c->argv[0], '/') != NULL)
        execve(c->argv[0], c->argv, environ);
    else
        child_exec_path(c);
    child_fail(c->report_fd, errno);
}

static void proc_clear(struct proc *p, size_t log_cap)
{
    p->pid = 0;
    p->in_fd = -1;
    p->out_fd = -1;
    p->err_fd = -1;
    p->log_fd = -1;
    p->log_written = 0;
    p->log_cap = log_cap;
    p->status = -1;
    p->len = 0;
    p->stirred = false;
}

static void proc_close_all(struct proc *p)
{
    close_fd(&p->in_fd);
    close_fd(&p->out_fd);
    close_fd(&p->err_fd);
    close_fd(&p->log_fd);
}

/* Open the log file a child's stderr goes to, counting what it already holds
 * against the cap, across restarts of the bot. Returns 0 or -errno. */
static int open_log(struct proc *p, const char *path)
{
    p->log_fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
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
    pid_t pid = fork();
    if (pid == 0)
        child_run(plan);
    int fork_errno = errno;
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

int proc_spawn(struct proc *p, const struct proc_options *opt)
{
    assert(opt->argv != NULL && opt->argv[0] != NULL);
    proc_clear(p, opt->log_cap);
    int in[2] = {-1, -1}, out[2] = {-1, -1}, err[2] = {-1, -1}, report[2] = {-1, -1};
    int ret = opt->log_path != NULL ? open_log(p, opt->log_path) : 0;

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
    };
    pid_t pid = fork_child(&plan);
    if (pid < 0) {
        ret = (int)pid;
        goto out_close;
    }
    close_fd(&in[0]);
    close_fd(&out[1]);
    close_fd(&err[1]);
    close_fd(&report[1]);
    if ((ret = -child_error(pid, report[0])) < 0)
        goto out_close;
    close_fd(&report[0]);

    p->pid = pid;
    p->in_fd = in[1];
    p->out_fd = out[0];
    p->err_fd = err[0];
    in[1] = out[0] = err[0] = -1;
    if ((ret = set_nonblock(p->in_fd)) < 0 || (ret = set_nonblock(p->out_fd)) < 0 ||
        (ret = set_nonblock(p->err_fd)) < 0) {
        proc_stop(p, 0);
        return ret;
    }
    return 0;

out_close:
    for (int i = 0; i < 2; i++) {
        close_fd(&in[i]);
        close_fd(&out[i]);
        close_fd(&err[i]);
        close_fd(&report[i]);
    }
    proc_close_all(p);
    return ret;
}

/* Wait until fd is ready for `events`, the deadline passes or the user
 * interrupts, draining the child's stderr meanwhile in case that is what it is
 * blocked on. The stdout of `watch` (NULL: none), another child that should be
 * quiet, is watched on the way: if it stirs, watch->stirred is set. Returns
 * PROC_OK, PROC_TIMEOUT, PROC_INTERRUPTED or -errno. */
static int wait_ready(struct proc *p, int fd, short events, int64_t deadline_ns, struct proc *watch)
{
    for (;;) {
        int ms = ms_until(deadline_ns);
        if (ms == 0)
            return PROC_TIMEOUT;
        /* poll() skips negative descriptors: no stderr, no interrupt pipe, nothing
         * (more) to watch. */
        int quiet = watch && !watch->stirred ? watch->out_fd : -1;
        struct pollfd fds[4] = {{.fd = fd, .events = events},
                                {.fd = p->err_fd, .events = POLLIN},
                                {.fd = interrupt_fd, .events = POLLIN},
                                {.fd = quiet, .events = POLLIN}};
        int r = poll(fds, 4, ms);
        if (r < 0 && errno != EINTR)
            return -errno;
        if (r > 0 && fds[2].revents != 0)
            return PROC_INTERRUPTED;
        if (r > 0 && fds[1].revents != 0)
            drain_stderr(p);
        if (r > 0 && fds[3].revents != 0)
            watch->stirred = true;
        if (r > 0 && fds[0].revents != 0)
            return PROC_OK;
    }
}

int proc_write(struct proc *p, const char *data, size_t len, int64_t deadline_ns)
{
    if (p->in_fd < 0)
        return PROC_CLOSED;
    size_t done = 0;
    while (done < len) {
        ssize_t n = write(p->in_fd, data + done, len - done);
        if (n > 0) {
            done += (size_t)n;
            continue;
        }
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && errno == EPIPE)
            return PROC_CLOSED;
        if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
            return -errno;
        /* The pipe is full: wait for room. */
        int rc = wait_ready(p, p->in_fd, POLLOUT, deadline_ns, NULL);
        if (rc != PROC_OK)
            return rc;
    }
    return PROC_OK;
}

/* Take a whole line out of p->buf into rq->line, if there is one within the
 * first limit bytes. Returns PROC_OK, PROC_TOO_LONG (limit bytes without a
 * newline: dropped), or -1 when more bytes are needed. */
static int take_line(struct proc *p, struct proc_read *rq, size_t limit, size_t *scanned)
{
    size_t end = p->len < limit ? p->len : limit;
    char *nl = *scanned < end ? memchr(p->buf + *scanned, '\n', end - *scanned) : NULL;

    if (nl != NULL) {
        size_t raw = (size_t)(nl - p->buf);
        size_t n = raw > 0 && p->buf[raw - 1] == '\r' ? raw - 1 : raw;
        memcpy(rq->line, p->buf, n);
        rq->line[n] = '\0';
        rq->len = n;
        p->len -= raw + 1;
        memmove(p->buf, nl + 1, p->len);
        return PROC_OK;
    }
    if (p->len >= limit) {
        p->len -= limit;
        memmove(p->buf, p->buf + limit, p->len);
        return PROC_TOO_LONG;
    }
    *scanned = p->len;
    return -1;
}

/* Read what stdout has into p->buf, without waiting. Returns 1 if bytes came,
 * PROC_CLOSED at EOF (the descriptor stays open: EOF is reported again), 0 if
 * none are there yet, or -errno. */
static int read_some(struct proc *p)
{
    ssize_t n = read(p->out_fd, p->buf + p->len, sizeof(p->buf) - p->len);
    if (n > 0) {
        p->len += (size_t)n;
        return 1;
    }
    if (n == 0)
        return PROC_CLOSED;
    return errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK ? 0 : -errno;
}

/* A reply that comes within rq->spin_ns is read without sleeping, and so
 * without the wake-up that costs as much as the round trip itself. Returns as
 * read_some, 0 when the spin ran out. */
static int spin_read(struct proc *p, const struct proc_read *rq)
{
    int64_t until = proc_now_ns() + rq->spin_ns;
    int rc;
    while ((rc = read_some(p)) == 0 && proc_now_ns() < until)
        ;
    return rc;
}

/* proc_read_line; with wait_first, for a reply just asked for, which cannot be
 * there yet: first spin if asked, then wait for the pipe before reading, which
 * saves a read that would only say EAGAIN. */
static int read_line(struct proc *p, struct proc_read *rq, bool wait_first)
{
    assert(rq->cap > 0);
    /* The longest raw line accepted is limit - 1 bytes, a '\r' included. */
    size_t limit = rq->cap < sizeof(p->buf) ? rq->cap : sizeof(p->buf);
    size_t scanned = 0;
    int rc;

    for (;;) {
        if ((rc = take_line(p, rq, limit, &scanned)) >= 0)
            return rc;
        if (p->out_fd < 0)
            return PROC_CLOSED;
        if (wait_first && rq->spin_ns > 0) {
            rc = spin_read(p, rq);
            if (rc != 0) {
                wait_first = false;
                if (rc < 0 || rc == PROC_CLOSED)
                    return rc;
                continue;
            }
        }
        /* Read before polling, unless a reply was just asked for: the line may
         * already be in the pipe. */
        rc = wait_first ? 0 : read_some(p);
        wait_first = false;
        if (rc == 1)
            continue;
        if (rc != 0)
            return rc;
        rc = wait_ready(p, p->out_fd, POLLIN, rq->deadline_ns, rq->watch);
        if (rc != PROC_OK)
            return rc;
    }
}

int proc_read_line(struct proc *p, char *line, size_t cap, size_t *len, int64_t deadline_ns)
{
    struct proc_read rq = {.line = line, .cap = cap, .deadline_ns = deadline_ns};
    int rc = read_line(p, &rq, false);
    *len = rq.len;
    return rc;
}

int proc_read_reply(struct proc *p, struct proc_read *rq)
{
    return read_line(p, rq, true);
}

void proc_look(struct proc *const procs[], int n)
{
    struct pollfd fds[8];
    int k = 0;

    assert(n <= 8);
    for (int i = 0; i < n; i++)
        fds[k++] = (struct pollfd){.fd = procs[i] && !procs[i]->stirred ? procs[i]->out_fd : -1,
                                   .events = POLLIN};
    if (poll(fds, (nfds_t)k, 0) <= 0)
        return;
    for (int i = 0; i < n; i++)
        if (fds[i].fd >= 0 && fds[i].revents != 0)
            procs[i]->stirred = true;
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
static int status_of(const siginfo_t *si)
{
    if (si->si_code == CLD_EXITED)
        return si->si_status;
    return 128 + si->si_status;
}

bool proc_wait(struct proc *p, int64_t deadline_ns)
{
    if (p->pid <= 0)
        return true;
    for (;;) {
        siginfo_t si;
        memset(&si, 0, sizeof(si));
        /* WNOWAIT leaves a zombie, which keeps the group id ours while we kill the group. */
        int r = waitid(P_PID, (id_t)p->pid, &si, WEXITED | WNOHANG | WNOWAIT);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0 || si.si_pid == p->pid) {
            /* r < 0: ECHILD, someone else reaped it (SIGCHLD ignored); status unknown. */
            p->status = r < 0 ? -1 : status_of(&si);
            kill(-p->pid, SIGKILL);
            while (waitpid(p->pid, NULL, 0) < 0 && errno == EINTR)
                ;
            p->pid = 0;
            return true;
        }
        int ms = ms_until(deadline_ns);
        if (ms == 0)
            return false;
        /* Sleep a step, draining stderr meanwhile so the child can finish writing it. */
        struct pollfd fd = {.fd = p->err_fd, .events = POLLIN};
        if (poll(&fd, p->err_fd >= 0 ? 1 : 0, ms < WAIT_STEP_MS ? ms : WAIT_STEP_MS) > 0)
            drain_stderr(p);
    }
}

int proc_stop(struct proc *p, int grace_ms)
{
    int64_t grace_ns = (int64_t)(grace_ms > 0 ? grace_ms : 0) * 1000000;
    close_fd(&p->in_fd);
    if (p->pid > 0 && !proc_wait(p, proc_now_ns() + grace_ns)) {
        kill(-p->pid, SIGTERM);
        if (!proc_wait(p, proc_now_ns() + grace_ns)) {
            kill(-p->pid, SIGKILL);
            proc_wait(p, proc_now_ns() + KILL_WAIT_NS);
        }
    }
    drain_stderr(p); /* its last words, e.g. why it crashed */
    proc_close_all(p);
    p->len = 0;
    /* Not even SIGKILL ended it (stuck in the kernel): pid stays set, a later call retries. */
    return p->pid > 0 ? -1 : p->status;
}
