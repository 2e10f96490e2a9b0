/* proc_io.c: lines to and from a child: written whole, read one at a time
 * (a reply just asked for, read the fastest way), taken from what was read
 * already. Every wait is a poll() against an absolute CLOCK_MONOTONIC deadline
 * that the user's interrupt cuts short (see proc.h). */
#include "proc.h"
#include "proc_impl.h"

#include <assert.h>
#include <errno.h>
#include <poll.h>
#include <sched.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

/* Read end of a pipe that becomes readable when the user interrupts; -1: none. */
static int interrupt_fd = -1;

void proc_set_interrupt_fd(int fd)
{
    interrupt_fd = fd;
}

/* Wait until fd is ready for `events`, the deadline passes or the user
 * interrupts, draining the child's stderr meanwhile in case that is what it is
 * blocked on. The stdout of `watch` (NULL: none), another child that should be
 * quiet, is watched on the way: if it stirs, watch->stirred is set. Returns
 * PROC_OK, PROC_TIMEOUT, PROC_INTERRUPTED or -errno. */
static int wait_ready(struct proc *p, int fd, short events, int64_t deadline_ns, struct proc *watch)
{
    for (;;) {
        int ms = proc_ms_until(deadline_ns);
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
            proc_drain_stderr(p);
        if (r > 0 && fds[3].revents != 0)
            watch->stirred = true;
        if (r > 0 && fds[0].revents != 0)
            return PROC_OK;
    }
}

int proc_write(struct proc *p, const char *data, size_t len, int64_t deadline_ns)
{
    if (p->trace)
        proc_trace_written(p, data, len);
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
 * newline: dropped, the first limit - 1 of them in rq->line as its head), or
 * -1 when more bytes are needed. */
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
            proc_trace_line(p, '<', p->buf, n, false);
        memcpy(rq->line, p->buf, n);
        rq->line[n] = '\0';
        rq->len = n;
        p->len -= used;
        memmove(p->buf, p->buf + used, p->len);
        return PROC_OK;
    }
    if (p->len >= limit) {
        if (p->trace)
            proc_trace_line(p, '<', p->buf, limit, true);
        memcpy(rq->line, p->buf, limit - 1);
        rq->line[limit - 1] = '\0';
        rq->len = limit - 1;
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
        proc_trace_line(p, '<', p->buf, p->len, false);
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
