/* proc_impl.h: what the files of the process layer share among themselves;
 * nothing outside proc/ includes it but tests/test_proc.c (proc.h is the
 * layer's contract). */
#ifndef REFEREE_PROC_IMPL_H
#define REFEREE_PROC_IMPL_H

#include "proc.h"

#include <stdint.h>

/* Close *fd if it is above the standard descriptors, and set it to -1. */
void proc_close_fd(int *fd);

/* Close every descriptor p holds (pipes and log). */
void proc_close_all(struct proc *p);

/* Milliseconds for poll() until the deadline, rounded up so that a wait never
 * wakes early and spins; 0 once it has passed (proc.c). */
int proc_ms_until(int64_t deadline_ns);

/* Copy what the child wrote to stderr into its log, up to the cap; the rest is
 * read and dropped so that the child never blocks on a full pipe. Reads a
 * bounded amount: callers poll again, and check their deadline, before the
 * next drain. Closes err_fd at EOF so that later polls do not wake on its
 * hang-up (proc_log.c). */
void proc_drain_stderr(struct proc *p);

/* The signals whose disposition is not the default, ignored or caught, as a
 * bit mask (bit n-1: signal n), which a bot's child resets before its exec:
 * the kernel's own masks in /proc/self/status, one read where asking each
 * signal costs a system call each (62 of them, a tenth of a bot's start on a
 * virtual machine); every signal where they cannot be read whole.
 * Dispositions are the process's, read as a bot is spawned: see proc.h on
 * when they may change (proc_spawn.c). */
uint64_t proc_signals_not_default(void);

/* Become uid:gid with no supplementary group, in this thread alone (the raw
 * system calls: safe between vfork and exec). 0, or -errno (proc_user.c). */
int proc_user_drop(uid_t uid, gid_t gid);

#define TRACE_SHOWN 1024 /* bytes of data shown in a line of trace, at most */

/* One line of trace in p's log: the time, the child's pid, mark ('>' written,
 * '<' read, '-' referee's), then the n bytes of data escaped, up to TRACE_SHOWN
 * of them; `cut`: more were dropped (proc_log.c). */
void proc_trace_line(struct proc *p, char mark, const char *data, size_t n, bool cut);

/* The trace of what proc_write writes (len bytes), a line at a time, its line
 * endings left out (proc_log.c). */
void proc_trace_written(struct proc *p, const char *data, size_t len);

/* The pids of the bots alive (spawned and not yet reaped), so that a stray
 * process handed to referee as subreaper can be told from a bot. Lock around
 * a fork and its add, so that no scan sees a bot's pid before it is listed. */
void proc_registry_lock(void);
void proc_registry_unlock(void);
void proc_registry_add(pid_t pid); /* called with the lock */
void proc_registry_remove(pid_t pid);

/* A cgroup of its own for a bot about to be spawned, whose processes and
 * threads may number max at most (pids.max): returns a descriptor of its
 * cgroup.procs (close-on-exec) for the child to write "0" into before exec,
 * and its id in *id; or a negative errno (-ENOTSUP: no cgroup can be made
 * here, see proc_has_bot_cgroups). Thread-safe. */
int proc_cgroup_make(long max, long *id);

/* Once the spawn is over: the cgroup is removed when empty (now, after a
 * failed spawn; else at a later proc_cgroup_make, or at exit). */
void proc_cgroup_release(long id);

#endif
