/* proc.c: a child's life once spawned: its state, the clocks its deadlines are
 * read on, its wait, its stop and its reaping (see proc.h for the life of a
 * child; proc_spawn.c starts it, proc_io.c talks to it, proc_log.c keeps its
 * log, proc_registry.c lists the bots alive and reaps strays). */
#include "proc.h"
#include "proc_impl.h"

#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define WAIT_STEP_MS 1            /* between two looks at a child that has not exited */
#define KILL_WAIT_NS 1000000000LL /* how long a SIGKILLed child may take to die */
#define TERM_WAIT_NS 50000000LL   /* how long a SIGTERMed child gets before SIGKILL */

void proc_ignore_sigpipe(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = SIG_IGN;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGPIPE, &sa, NULL);
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

bool proc_has_bare_cr(const struct proc *p)
{
    return !p->cr_ends_line && p->len > 0 && memchr(p->buf, '\r', p->len) != NULL;
}

int proc_status(const struct proc *p)
{
    return p->status;
}

bool proc_was_out_of_memory(const struct proc *p)
{
    return p->out_of_memory;
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

int proc_ms_until(int64_t deadline_ns)
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

void proc_close_input(struct proc *p)
{
    proc_close_fd(&p->in_fd);
}

void proc_close_all(struct proc *p)
{
    proc_close_fd(&p->in_fd);
    proc_close_fd(&p->out_fd);
    proc_close_fd(&p->err_fd);
    proc_log_close(p);
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
            if (p->cgroup) { /* and all it started, whatever group or session */
                proc_cgroup_kill(p->cgroup);
                p->out_of_memory = proc_cgroup_is_out_of_memory(p->cgroup);
            }
            while (waitpid(p->pid, NULL, 0) < 0 && errno == EINTR)
                ;
            proc_registry_remove(p->pid);
            if (p->cgroup)
                proc_cgroup_release(p->cgroup);
            p->cgroup = 0;
            p->pid = 0;
            return true;
        }
        int ms = proc_ms_until(deadline_ns);
        if (ms == 0)
            return false;
        /* Sleep a step, draining stderr meanwhile so the child can finish writing it. */
        struct pollfd fd = {.fd = p->err_fd, .events = POLLIN};
        if (poll(&fd, p->err_fd >= 0 ? 1 : 0, ms < WAIT_STEP_MS ? ms : WAIT_STEP_MS) > 0)
            proc_drain_stderr(p);
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
    proc_drain_stderr(p); /* its last words, e.g. why it crashed */
    proc_close_all(p);
    p->len = 0;
    /* Not even SIGKILL ended it (stuck in the kernel): pid stays set, a later call retries. */
    return p->pid > 0 ? -1 : p->status;
}
