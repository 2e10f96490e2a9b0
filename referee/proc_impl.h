/* proc_impl.h: what proc.c and proc_spawn.c share inside the process layer;
 * nothing outside them includes it (proc.h is the layer's contract). */
#ifndef REFEREE_PROC_IMPL_H
#define REFEREE_PROC_IMPL_H

#include "proc.h"

/* Close *fd if it is above the standard descriptors, and set it to -1. */
void proc_close_fd(int *fd);

/* Close every descriptor p holds (pipes and log). */
void proc_close_all(struct proc *p);

#endif
