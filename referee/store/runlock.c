/* runlock.c: the lock of a results folder, an flock on its run.lock. */
#include "runlock.h"
#include "path.h"
#include "results.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/file.h>
#include <time.h>
#include <unistd.h>

/* The pid the holder wrote into the file, or 0. A holder writes it just after
 * it locks: a reader that comes in between waits a little for it. */
static long read_holder(int fd)
{
    for (int tries = 0; tries < 20; tries++) {
        char buf[32];
        ssize_t n = pread(fd, buf, sizeof(buf) - 1, 0);
        if (n > 0) {
            buf[n] = '\0';
            long pid = strtol(buf, NULL, 10);
            if (pid > 0)
                return pid;
        }
        nanosleep(&(struct timespec){0, 10 * 1000000L}, NULL);
    }
    return 0;
}

int runlock_take(const char *dir, int *fd, long *holder)
{
    char path[PATH_MAX];
    int rc;

    *fd = -1;
    *holder = 0;
    if ((rc = results_make_dir(dir)) < 0)
        return rc;
    if (path_join(path, sizeof(path), dir, RUNLOCK_FILE) < 0)
        return -ENAMETOOLONG;
    int lock = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (lock < 0)
        return -errno;
    while ((rc = flock(lock, LOCK_EX | LOCK_NB)) < 0 && errno == EINTR)
        ;
    if (rc < 0) {
        rc = errno == EWOULDBLOCK ? -EWOULDBLOCK : -errno;
        if (rc == -EWOULDBLOCK)
            *holder = read_holder(lock);
        close(lock);
        return rc;
    }
    char text[32];
    int n = snprintf(text, sizeof(text), "%ld\n", (long)getpid());
    /* The pid is for the message of a run that finds the folder taken; the
     * lock works without it. */
    if (ftruncate(lock, 0) < 0 || pwrite(lock, text, (size_t)n, 0) != n) {
    }
    *fd = lock;
    return 0;
}

void runlock_release(int fd)
{
    if (fd >= 0)
        close(fd);
}
