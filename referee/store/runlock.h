/* runlock.h: one run at a time in a results folder. A run that writes a
 * folder holds an flock(2) on its file `run.lock`, which names the run's pid;
 * the kernel lets the lock go when the run ends or dies, so a dead run's
 * lock never blocks. The lock holds by inode: a run checks that the name
 * still names the file it locked, and makes it again if it was removed.
 * Readers (check, report, standings, --plan) take none. */
#ifndef REFEREE_RUNLOCK_H
#define REFEREE_RUNLOCK_H

#include <stdbool.h>
#include <sys/types.h>

#define RUNLOCK_FILE "run.lock"

/* A lock held, or none (fd -1). Start it as RUNLOCK_INIT. */
struct runlock {
    int dir_fd; /* the folder, borrowed: it outlives the lock */
    int fd;     /* run.lock, locked; -1: none */
    dev_t dev;  /* of that file: what the name must still name */
    ino_t ino;
};
#define RUNLOCK_INIT                                                                               \
    {                                                                                              \
        .dir_fd = -1, .fd = -1                                                                     \
    }

/* Lock the folder dir_fd for this process: l->fd gets the descriptor that
 * holds the lock (close-on-exec, so no bot inherits it; runlock_release or
 * the process's end lets it go), once the name run.lock is seen to name the
 * file locked (else it tries again, a few times). Returns 0; -EWOULDBLOCK
 * when another run holds it, *holder then its pid (0 if it has not written it
 * yet, or if what is held is the folder's games.csv: results.h); -ELOOP or
 * -EMLINK when run.lock is a link (folder.h); -EAGAIN when the name kept
 * changing; or another negative errno, the lock not taken. */
int runlock_take(struct runlock *l, int dir_fd, long *holder);

/* Whether run.lock still names the file l holds; if it was removed or
 * replaced by a file no one holds, take that name again (a new file, or the
 * one there, with this pid in it). Cheap (one fstatat) while the name holds.
 * Returns 0 when it holds, 1 when it was taken again; -EWOULDBLOCK when
 * another process holds what the name now names (*holder its pid, or 0),
 * the lock kept on the file l holds; -ELOOP or -EMLINK when a link is there;
 * or another negative errno. */
int runlock_check(struct runlock *l, long *holder);

/* Share the lock of folder dir_fd with others that share it (a league's
 * batch: its shards play side by side, and no run while they do): a shared
 * flock on run.lock, which a run's runlock_take cannot take while any holds
 * it; no pid is written (the file names a run's). Returns 0; -EWOULDBLOCK
 * when a run holds it (*holder its pid, or 0) or holds games.csv; the other
 * negative errnos of runlock_take. */
int runlock_share(struct runlock *l, int dir_fd, long *holder);

/* Whether the lock of folder dir_fd is held shared only (runlock_share), not
 * by a run: what a run refused by runlock_take tells its user. */
bool runlock_is_shared(int dir_fd);

/* Let the lock go; safe twice and on RUNLOCK_INIT. */
void runlock_release(struct runlock *l);

#endif
