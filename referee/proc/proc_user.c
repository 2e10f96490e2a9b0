/* proc_user.c: a bot run as another user than referee's (root's bots, under
 * --sandbox): the drop of privileges a child makes before its exec, and the
 * question whether that user can reach the files a bot is shown. */
#define _GNU_SOURCE
#include "proc.h"
#include "proc_impl.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

/* The raw calls, not libc's: glibc's setresuid and setgroups make every
 * thread of the process change too (POSIX's rule), which between vfork and
 * exec would be referee's threads. The kernel changes the caller alone. */
#ifdef SYS_setresuid32 /* 32-bit x86 and arm: the plain calls take 16-bit ids */
#define SYS_SETGROUPS SYS_setgroups32
#define SYS_SETRESGID SYS_setresgid32
#define SYS_SETRESUID SYS_setresuid32
#else
#define SYS_SETGROUPS SYS_setgroups
#define SYS_SETRESGID SYS_setresgid
#define SYS_SETRESUID SYS_setresuid
#endif

int proc_user_drop(uid_t uid, gid_t gid)
{
    /* Groups first, then the gid, then the uid: after the uid the right to
     * change the others is gone. */
    if (syscall(SYS_SETGROUPS, 0, NULL) < 0 || syscall(SYS_SETRESGID, gid, gid, gid) < 0 ||
        syscall(SYS_SETRESUID, uid, uid, uid) < 0)
        return -errno;
    return 0;
}

int proc_user_denied(uid_t uid, gid_t gid, const char *const *paths, const int *modes, int n,
                     int *why)
{
    int report[2];

    if (pipe2(report, O_CLOEXEC) < 0)
        return -errno;
    /* A plain fork: the child makes only system calls, on what is ready here. */
    pid_t pid = fork();
    if (pid == 0) {
        int said[2] = {-1, 0}; /* the path refused, and its errno */
        if (proc_user_drop(uid, gid) < 0)
            said[0] = n;
        for (int i = 0; said[0] < 0 && i < n; i++)
            if (access(paths[i], modes[i]) < 0)
                said[0] = i;
        said[1] = errno;
        ssize_t unused = write(report[1], said, sizeof(said));
        (void)unused;
        _exit(0);
    }
    int err = errno, said[2] = {-1, 0};
    close(report[1]);
    if (pid < 0) {
        close(report[0]);
        return -err;
    }
    ssize_t got;
    do
        got = read(report[0], said, sizeof(said));
    while (got < 0 && errno == EINTR);
    close(report[0]);
    while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
        ;
    if (got != (ssize_t)sizeof(said))
        return -EIO;
    if (said[0] == n) /* referee cannot become that user: not root */
        return -said[1];
    *why = said[1];
    return said[0];
}
