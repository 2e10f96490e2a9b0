/* proc_impl.h: what proc.c and proc_spawn.c share inside the process layer;
 * nothing outside them includes it (proc.h is the layer's contract). */
#ifndef REFEREE_PROC_IMPL_H
#define REFEREE_PROC_IMPL_H

#include "proc.h"

/* Close *fd if it is above the standard descriptors, and set it to -1. */
void proc_close_fd(int *fd);

/* Close every descriptor p holds (pipes and log). */
void proc_close_all(struct proc *p);

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
