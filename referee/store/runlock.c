/* runlock.c: the lock of a results folder, an flock on its run.lock, held by
 * inode. */
#include "runlock.h"
#include "folder.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define TAKE_TRIES 5 /* a name that changes between open and lock this often: refused */

/* The pid the holder wrote into the file, or 0. A holder writes it just after
 * it locks: a reader that comes in between waits a little for it, `tries`
 * times 10 ms. */
static long read_holder(int fd, int tries)
{
    for (int i = 0; i < tries; i++) {
        char buf[32];
        ssize_t n = pread(fd, buf, sizeof(buf) - 1, 0);
        if (n > 0) {
            buf[n] = '\0';
            long pid = strtol(buf, NULL, 10);
            if (pid > 0)
                return pid;
        }
        if (i + 1 < tries)
            nanosleep(&(struct timespec){0, 10 * 1000000L}, NULL);
    }
    return 0;
}

static int lock_now(int fd, int how)
{
    int rc;
    while ((rc = flock(fd, how | LOCK_NB)) < 0 && errno == EINTR)
        ;
    return rc < 0 ? -errno : 0;
}

/* Whether the name run.lock in dir_fd names the file fd (fstat in *st). */
static bool names_it(int dir_fd, int fd, struct stat *st)
{
    struct stat at;
    return fstat(fd, st) == 0 && fstatat(dir_fd, RUNLOCK_FILE, &at, AT_SYMLINK_NOFOLLOW) == 0 &&
           at.st_dev == st->st_dev && at.st_ino == st->st_ino;
}

/* Open run.lock (made if missing) and lock it (how: LOCK_EX, or LOCK_SH,
 * which writes no pid); *fd gets it once the name is seen to name it.
 * Returns 0, 1 when the name changed meanwhile (try again), or a negative
 * errno as runlock_take's (*holder read `tries` times). */
static int take_name(struct runlock *l, int *fd, long *holder, int tries, int how)
{
    struct stat st;
    int rc = folder_open_file(l->dir_fd, RUNLOCK_FILE, O_RDWR | O_CREAT, fd);

    if (rc < 0)
        return rc;
    if ((rc = lock_now(*fd, how)) < 0) {
        if (rc == -EWOULDBLOCK)
            *holder = read_holder(*fd, tries);
        close(*fd);
        *fd = -1;
        return rc;
    }
    /* Removed, or replaced, between the open and the lock: this lock holds
     * nothing that another run would see. */
    if (!names_it(l->dir_fd, *fd, &st)) {
        close(*fd);
        *fd = -1;
        return 1;
    }
    l->dev = st.st_dev;
    l->ino = st.st_ino;
    if (how == LOCK_SH) /* many hold it: none may rewrite what a run wrote */
        return 0;
    char text[32];
    int n = snprintf(text, sizeof(text), "%ld\n", (long)getpid());
    /* The pid is for the message of a run that finds the folder taken; the
     * lock works without it. */
    if (ftruncate(*fd, 0) < 0 || pwrite(*fd, text, (size_t)n, 0) != n) {
    }
    return 0;
}

/* Whether a run holds the folder's games.csv (results_open locks it while it
 * writes rows): a run whose run.lock was removed still holds that. */
static bool games_held(int dir_fd)
{
    int fd, rc = folder_open_file(dir_fd, "games.csv", O_RDONLY, &fd);
    if (rc < 0)
        return false;
    while ((rc = flock(fd, LOCK_SH | LOCK_NB)) < 0 && errno == EINTR)
        ;
    bool held = rc < 0 && errno == EWOULDBLOCK;
    close(fd);
    return held;
}

/* runlock_take's, with the lock taken how (LOCK_EX or LOCK_SH). */
static int take(struct runlock *l, int dir_fd, long *holder, int how)
{
    int rc = 1;

    *l = (struct runlock)RUNLOCK_INIT;
    l->dir_fd = dir_fd;
    *holder = 0;
    for (int i = 0; i < TAKE_TRIES && rc == 1; i++)
        rc = take_name(l, &l->fd, holder, 20, how);
    if (rc == 1)
        return -EAGAIN;
    if (rc == 0 && games_held(dir_fd)) {
        runlock_release(l);
        return -EWOULDBLOCK;
    }
    return rc;
}

int runlock_take(struct runlock *l, int dir_fd, long *holder)
{
    return take(l, dir_fd, holder, LOCK_EX);
}

int runlock_share(struct runlock *l, int dir_fd, long *holder)
{
    return take(l, dir_fd, holder, LOCK_SH);
}

bool runlock_is_shared(int dir_fd)
{
    int fd, rc = folder_open_file(dir_fd, RUNLOCK_FILE, O_RDONLY, &fd);
    if (rc < 0)
        return false;
    /* Shared holders let another share; a run's exclusive lock does not. */
    rc = lock_now(fd, LOCK_SH);
    close(fd);
    return rc == 0;
}

int runlock_check(struct runlock *l, long *holder)
{
    struct stat at;
    int fd, rc;

    *holder = 0;
    if (l->fd < 0)
        return -EBADF;
    if (fstatat(l->dir_fd, RUNLOCK_FILE, &at, AT_SYMLINK_NOFOLLOW) == 0 && at.st_dev == l->dev &&
        at.st_ino == l->ino)
        return 0;
    /* Gone or replaced: the name is taken again, the old file held meanwhile.
     * A tick does not wait for a holder's pid. */
    if ((rc = take_name(l, &fd, holder, 1, LOCK_EX)) != 0)
        return rc == 1 ? -EAGAIN : rc;
    close(l->fd);
    l->fd = fd;
    return 1;
}

void runlock_release(struct runlock *l)
{
    if (l->fd >= 0)
        close(l->fd);
    l->fd = -1;
}
