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

#endif
