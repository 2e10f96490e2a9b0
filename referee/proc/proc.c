/* proc.c: talk to, stop and reap bot processes (see proc.h for the life of a child;
 * proc_spawn.c starts them). Every wait is a poll() against an absolute CLOCK_MONOTONIC
 * deadline. */
#define _GNU_SOURCE /* pipe2, in POSIX only since 2024 */
#include "proc.h"
#include "proc_impl.h"
#include "protocol.h"

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif
#include <dirent.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define WAIT_STEP_MS      1            /* between two looks at a child that has not exited */
#define KILL_WAIT_NS      1000000000LL /* how long a SIGKILLed child may take to die */
#define TERM_WAIT_NS      50000000LL   /* how long a SIGTERMed child gets before SIGKILL */
#define STDERR_CHUNK_SIZE 8192
#define STDERR_CHUNKS     16 /* per drain at most, so a flood cannot hold us past a deadline */

void proc_ignore_sigpipe(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = SIG_IGN;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGPIPE, &sa, NULL);
}

/* The spawn lock: held around a fork and its registry entry (proc_spawn.c),
 * and around every look at the registry. Nothing sleeps holding it. */
static pthread_mutex_t registry = PTHREAD_MUTEX_INITIALIZER;
static pid_t *live;
static size_t nlive, cap_live;

void proc_registry_lock(void)
{
    pthread_mutex_lock(&registry);
}

void proc_registry_unlock(void)
{
    pthread_mutex_unlock(&registry);
}

void proc_registry_add(pid_t pid)
{
    if (nlive == cap_live) {
        size_t cap = cap_live ? 2 * cap_live : 64;
        pid_t *more = realloc(live, cap * sizeof(*more));
        if (!more)
            return; /* unlisted, it is reaped as a stray at worst: no leak */
        live = more;
        cap_live = cap;
    }
    live[nlive++] = pid;
}

void proc_registry_remove(pid_t pid)
{
    pthread_mutex_lock(&registry);
    for (size_t i = 0; i < nlive; i++)
        if (live[i] == pid) {
            live[i] = live[--nlive];
            break;
        }
    pthread_mutex_unlock(&registry);
}

static bool is_listed(pid_t pid)
{
    for (size_t i = 0; i < nlive; i++)
        if (live[i] == pid)
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

/* Adds the pids of /proc/self/task/<tid>/children, "pid pid ... ", to kids. */
static void kids_of_task(const char *tid)
{
    char path[64], text[512];
    snprintf(path, sizeof(path), "/proc/self/task/%s/children", tid);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return;
    long pid = 0;
    ssize_t n;
    while ((n = read(fd, text, sizeof(text))) > 0)
        for (ssize_t i = 0; i < n; i++) /* a number may straddle two reads */
            if (text[i] >= '0' && text[i] <= '9') {
                pid = pid * 10 + (text[i] - '0');
            } else {
                kids_add(pid);
                pid = 0;
            }
    kids_add(pid);
    close(fd);
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

void proc_settle(struct proc *p)
{
    p->stirred = false;
}

bool proc_has_unread(const struct proc *p)
{
    return p->len > 0 || p->stirred;
}

bool proc_has_written(const struct proc *p)
{
    return p->got > 0;
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

int64_t proc_wall_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
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
void proc_close_fd(int *fd)
{
    if (*fd > 2)
        close(*fd);
    *fd = -1;
}

/* Write up to n bytes of text to the log, within its cap. */
static void log_write(struct proc *p, const char *text, size_t n)
{
    size_t keep = p->log_fd > 2 ? n : 0;
    if (p->log_cap > 0) {
        size_t room = p->log_written < p->log_cap ? p->log_cap - p->log_written : 0;
        keep = keep < room ? keep : room;
    }
    size_t done = 0;
    while (done < keep) {
        ssize_t w = write(p->log_fd, text + done, keep - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            break;
        done += (size_t)w;
    }
    p->log_written += done;
}

/* The trace's clock starts at the first line traced in this referee. */
static pthread_once_t trace_once = PTHREAD_ONCE_INIT;
static int64_t trace_epoch;

static void trace_begin(void)
{
    trace_epoch = proc_now_ns();
}

/* One line of trace: its time, the child's pid, mark ('>', '<', '-'), and the n bytes of data
 * escaped, up to TRACE_SHOWN of them; `cut`: more were dropped. */
#define TRACE_SHOWN 1024
static void trace_line(struct proc *p, char mark, const char *data, size_t n, bool cut)
{
    char line[80 + 4 * TRACE_SHOWN];

    pthread_once(&trace_once, trace_begin);
    int64_t t = proc_now_ns() - trace_epoch;
    int k = snprintf(line, 64, "[%9lld.%03lld ms] %ld %c ", (long long)(t / 1000000),
                     (long long)(t / 1000 % 1000), (long)p->pid, mark);
    size_t at = k > 0 ? (size_t)k : 0;
    if (n > TRACE_SHOWN) {
        n = TRACE_SHOWN;
        cut = true;
    }
    for (size_t i = 0; i < n; i++)
        at += protocol_escape_byte(line + at, (unsigned char)data[i], false);
    if (cut) {
        memcpy(line + at, "...", 3);
        at += 3;
    }
    line[at++] = '\n';
    log_write(p, line, at);
}

/* Trace what proc_write writes, a line at a time, its line endings left out. */
static void trace_written(struct proc *p, const char *data, size_t len)
{
    while (len > 0) {
        const char *nl = memchr(data, '\n', len);
        size_t n = nl ? (size_t)(nl - data) : len;
        size_t shown = n > 0 && data[n - 1] == '\r' && nl ? n - 1 : n;
        trace_line(p, '>', data, shown, false);
        n += nl != NULL;
        data += n;
        len -= n;
    }
}

void proc_trace_start(struct proc *p)
{
    char text[48];
    p->trace = true;
    snprintf(text, sizeof(text), "process %ld started", (long)p->pid);
    trace_line(p, '-', text, strlen(text), false);
}

void proc_trace_note(struct proc *p, const char *text)
{
    if (p->trace)
        trace_line(p, '-', text, strlen(text), false);
}

void proc_log_note(struct proc *p, const char *text)
{
    char line[512];
    int n = snprintf(line, sizeof(line), "referee: %s\n", text);
    if (n > 0)
        log_write(p, line, (size_t)n < sizeof(line) ? (size_t)n : sizeof(line) - 1);
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
            proc_close_fd(&p->err_fd);
            return;
        }
        log_write(p, chunk, (size_t)n);
    }
}

void proc_close_input(struct proc *p)
{
    proc_close_fd(&p->in_fd);
}

void proc_close_all(struct proc *p)
{
    proc_close_fd(&p->in_fd);
    proc_close_fd(&p->out_fd);
    proc_close_fd(&p->err_fd);
    proc_close_fd(&p->log_fd);
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
    if (p->trace)
        trace_written(p, data, len);
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

/* Where the first line in p->buf[from..end) ends: its LF, or with
 * cr_ends_line its CR too; NULL if none does there. */
static char *line_end(const struct proc *p, size_t from, size_t end)
{
    if (from >= end)
        return NULL;
    char *nl = memchr(p->buf + from, '\n', end - from);
    if (!p->cr_ends_line)
        return nl;
    char *cr = memchr(p->buf + from, '\r', (nl ? (size_t)(nl - p->buf) : end) - from);
    return cr ? cr : nl;
}

/* Take a whole line out of p->buf into rq->line, if there is one within the
 * first limit bytes. Returns PROC_OK, PROC_TOO_LONG (limit bytes without a
 * newline: dropped), or -1 when more bytes are needed. */
static int take_line(struct proc *p, struct proc_read *rq, size_t limit, size_t *scanned)
{
    size_t end = p->len < limit ? p->len : limit;
    char *nl = line_end(p, *scanned, end);

    if (nl != NULL) {
        size_t raw = (size_t)(nl - p->buf);
        size_t n = raw > 0 && p->buf[raw - 1] == '\r' ? raw - 1 : raw;
        size_t used = raw + 1;
        if (*nl == '\r') { /* cr_ends_line: a CR LF is one end, also when the LF is late */
            n = raw;
            p->after_cr = used == p->len;
            if (used < p->len && p->buf[used] == '\n')
                used++;
        }
        if (p->trace)
            trace_line(p, '<', p->buf, n, false);
        memcpy(rq->line, p->buf, n);
        rq->line[n] = '\0';
        rq->len = n;
        p->len -= used;
        memmove(p->buf, p->buf + used, p->len);
        return PROC_OK;
    }
    if (p->len >= limit) {
        if (p->trace)
            trace_line(p, '<', p->buf, limit, true);
        p->len -= limit;
        memmove(p->buf, p->buf + limit, p->len);
        return PROC_TOO_LONG;
    }
    *scanned = p->len;
    return -1;
}

int proc_take_buffered(struct proc *p, char *line, size_t cap, size_t *len, bool partial)
{
    struct proc_read rq = {.line = line, .cap = cap};
    size_t limit = cap < sizeof(p->buf) ? cap : sizeof(p->buf), scanned = 0;

    assert(cap > 0);
    *len = 0;
    if (p->len == 0)
        return PROC_TIMEOUT;
    if (line_end(p, 0, p->len < limit ? p->len : limit) != NULL) {
        take_line(p, &rq, limit, &scanned); /* a line ends within the limit: PROC_OK */
        *len = rq.len;
        return PROC_OK;
    }
    if (!partial)
        return PROC_TIMEOUT;
    /* No line ends within cap: the bytes there are taken as they are. */
    if (p->trace)
        trace_line(p, '<', p->buf, p->len, false);
    *len = p->len < cap - 1 ? p->len : cap - 1;
    memcpy(line, p->buf, *len);
    line[*len] = '\0';
    p->len = 0;
    return PROC_OK;
}

long proc_input_unread(const struct proc *p)
{
#ifdef FIONREAD
    int n = 0;
    if (p->in_fd >= 0 && ioctl(p->in_fd, FIONREAD, &n) == 0)
        return n;
#else
    (void)p;
#endif
    return -1;
}

/* Read what stdout has into p->buf, without waiting. Returns 1 if bytes came,
 * PROC_CLOSED at EOF (the descriptor stays open: EOF is reported again), 0 if
 * none are there yet, or -errno. */
static int read_some(struct proc *p)
{
    ssize_t n = read(p->out_fd, p->buf + p->len, sizeof(p->buf) - p->len);
    if (n > 0) {
        p->got += (size_t)n;
        /* The LF of a CR LF whose CR ended the last line taken. */
        if (p->after_cr && p->len == 0 && p->buf[0] == '\n')
            memmove(p->buf, p->buf + 1, (size_t)--n);
        p->after_cr = false;
        p->len += (size_t)n;
        return n > 0 ? 1 : 0;
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

/* proc_read_line; with just_asked, for a reply just asked for: first spin if
 * asked. Every wait starts with a read, also right after a line was written:
 * a child on the same core usually runs as soon as the write wakes it, and its
 * reply is then in the pipe before the write returns, which spares the poll. */
static int read_line(struct proc *p, struct proc_read *rq, bool just_asked)
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
        if (just_asked && rq->spin_ns > 0) {
            just_asked = false; /* a spin, not a yield as well */
            rc = spin_read(p, rq);
            if (rc < 0 || rc == PROC_CLOSED)
                return rc;
            if (rc == 1)
                continue;
        }
        /* Read before polling: the line may already be in the pipe. */
        rc = read_some(p);
        if (rc == 0 && just_asked && rq->yield) {
            sched_yield();
            rc = read_some(p);
        }
        just_asked = false;
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
            proc_registry_remove(p->pid);
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
    proc_close_fd(&p->in_fd);
    if (p->pid > 0 && !proc_wait(p, proc_now_ns() + grace_ns)) {
        /* The group, and the pid itself: a bot may have left its group
         * (setsid, setpgid), even for referee's own. */
        kill(-p->pid, SIGTERM);
        kill(p->pid, SIGTERM);
        /* The grace was for quitting: TERM gets a short one, so that a stop
         * takes at most grace + about 100 ms. */
        if (!proc_wait(p, proc_now_ns() + TERM_WAIT_NS)) {
            kill(-p->pid, SIGKILL);
            kill(p->pid, SIGKILL);
            proc_wait(p, proc_now_ns() + KILL_WAIT_NS);
        }
    }
    /* What it started and left behind (double-forked, setsid), handed to
     * referee as subreaper when its parent died. */
    if (p->pid <= 0)
        proc_reap_strays();
    drain_stderr(p); /* its last words, e.g. why it crashed */
    proc_close_all(p);
    p->len = 0;
    /* Not even SIGKILL ended it (stuck in the kernel): pid stays set, a later call retries. */
    return p->pid > 0 ? -1 : p->status;
}

long proc_rss_kb(const struct proc *p)
{
    char path[64], text[128];
    long size = 0, resident = 0;

    if (p->pid <= 0)
        return 0;
    snprintf(path, sizeof(path), "/proc/%ld/statm", (long)p->pid);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return 0;
    ssize_t n = read(fd, text, sizeof(text) - 1);
    close(fd);
    if (n <= 0)
        return 0;
    text[n] = '\0';
    if (sscanf(text, "%ld %ld", &size, &resident) != 2 || resident < 0)
        return 0;
    return resident * (sysconf(_SC_PAGESIZE) / 1024);
}

long proc_memory_available_kb(void)
{
    FILE *f = fopen("/proc/meminfo", "re");
    char line[128];
    long kb = 0;

    if (!f)
        return 0;
    while (fgets(line, sizeof(line), f))
        if (sscanf(line, "MemAvailable: %ld kB", &kb) == 1)
            break;
    fclose(f);
    return kb > 0 ? kb : 0;
}

long proc_descriptors_max(void)
{
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) < 0 || rl.rlim_cur == RLIM_INFINITY ||
        rl.rlim_cur > (rlim_t)LONG_MAX)
        return LONG_MAX;
    return (long)rl.rlim_cur;
}
