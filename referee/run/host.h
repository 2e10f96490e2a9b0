/* host.h: the machine a run plays on, as the commands that play see it: the
 * cores to use, Ctrl-C and the other signals that stop a run, and the notes
 * a run gives once on what its bots may do there (root, memory). The exit
 * codes and message_error are in message.h. */
#ifndef REFEREE_HOST_H
#define REFEREE_HOST_H

#include <signal.h>
#include <stdbool.h>

#include "config.h"
#include "message.h"

/* The cores this process may use: its CPU affinity where there is one, else
 * the processors online; 1 at least. */
int host_cores(void);

/* Set by SIGINT, SIGTERM and SIGHUP once host_catch_signals ran, which also wakes every
 * wait on a bot (proc_set_interrupt_fd): commands that play games abort the
 * games under way, keep what is finished and exit with EXIT_INTERRUPTED. A
 * second SIGINT or SIGTERM is not caught: it stops referee at once. A second
 * SIGHUP is, as hang-ups come in pairs. */
extern volatile sig_atomic_t host_interrupted;
void host_catch_signals(void);

/* Say once, where --memory is given (to any bot of c) and no memory cgroup
 * can be made, what it then does not bound: memfd, shared memory and tmpfs
 * pages (it is RLIMIT_AS alone). */
void host_say_memory_cover(const struct run_config *c);
/* Say once on stderr, if referee runs as root and its bots are not
 * sandboxed, that they run as root: every right of the machine's; and what
 * would run them as a plain user (--sandbox, if the command has it). */
void host_say_bots_run_as_root(bool sandbox, bool has_sandbox);

#endif
