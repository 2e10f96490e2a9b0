/* host.c: the machine a run plays on: the cores to use, the handling of Ctrl-C,
 * the notes on what bots may do there (root, memory). */
#define _GNU_SOURCE /* pipe2, sched_getaffinity */
#include "host.h"
#include "proc.h"

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

void host_say_bots_run_as_root(bool sandbox, bool has_sandbox)
{
    static bool said;

    if (sandbox || said || (getuid() != 0 && geteuid() != 0))
        return;
    said = true;
    message_error("bots run as root, as referee does, with every right on this machine; %s",
                  has_sandbox ? "--sandbox runs them as an unprivileged user"
                              : "run referee as a plain user for a bot you do not trust");
}

int host_cores(void)
{
#ifdef __linux__
    /* The cores this process may run on (taskset, a container's cpuset), which
     * may be fewer than the machine's. */
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof(set), &set) == 0 && CPU_COUNT(&set) > 0)
        return CPU_COUNT(&set);
#endif
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (int)n : 1;
}

volatile sig_atomic_t host_interrupted;
static int interrupt_pipe[2] = {-1, -1};

static void on_signal(int sig)
{
    int saved = errno;

    host_interrupted = 1;
    /* Wake every thread waiting on a bot; the byte is never read. */
    if (interrupt_pipe[1] >= 0 && write(interrupt_pipe[1], "!", 1) < 0) {
        /* full or closed: the pipe is readable already */
    }
    /* A second Ctrl-C is not caught: it stops referee at once. A hang-up
     * often comes twice (the terminal's, then the shell's to its jobs): the
     * second would lose the games finished and not yet written. */
    if (sig != SIGHUP)
        signal(sig, SIG_DFL);
    errno = saved;
}

void host_catch_signals(void)
{
    struct sigaction sa;

    if (interrupt_pipe[0] < 0 && pipe2(interrupt_pipe, O_CLOEXEC | O_NONBLOCK) == 0)
        proc_set_interrupt_fd(interrupt_pipe[0]);
    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    /* A closed terminal or ssh connection: the run ends as it does for a
     * Ctrl-C, its finished games on disk, rather than be cut off. */
    sigaction(SIGHUP, &sa, NULL);
}

void host_say_memory_cover(const struct run_config *c)
{
    static bool said;
    char why[256];
    bool asked = false;
    for (int i = 0; i < c->nbots; i++)
        asked = asked || c->bots[i].limits.memory_mb > 0;
    if (!asked || said || proc_has_memory_cgroups(why, sizeof(why)))
        return;
    said = true;
    message_error("--memory: %s; it then bounds each bot process's address space alone "
                  "(RLIMIT_AS), not what it holds in memfd, shared memory or tmpfs pages",
                  why);
}
