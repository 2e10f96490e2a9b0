/* runlock.h: one run at a time in a results folder. A run that writes a
 * folder holds an flock(2) on its file `run.lock`, which names the run's pid;
 * the kernel lets the lock go when the run ends or dies, so a dead run's
 * lock never blocks. Readers (check, report, standings, --plan) take none. */
#ifndef REFEREE_RUNLOCK_H
#define REFEREE_RUNLOCK_H

#define RUNLOCK_FILE "run.lock"

/* Lock dir (made if missing) for this process: *fd gets the descriptor that
 * holds the lock (close-on-exec, so no bot inherits it; runlock_release or
 * the process's end lets it go). Returns 0; -EWOULDBLOCK when another run
 * holds it, *holder then its pid (0 if it has not written it yet); or another
 * negative errno, the lock not taken (*fd -1). */
int runlock_take(const char *dir, int *fd, long *holder);

/* Let the lock of runlock_take go; fd -1 is fine. */
void runlock_release(int fd);

#endif
