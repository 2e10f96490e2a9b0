/* locker.c: a test bot that tries, at its first turn, to signal through the
 * files it names: locks of every kind (flock, POSIX and OFD record locks,
 * i386's flock through int 0x80 on x86-64) kept for its whole life, the locks
 * another process holds (F_GETLK), and a watch on each file (inotify). It
 * says what it got on stderr, then plays the first legal move of each turn.
 * Usage: locker FILE... */
#define _GNU_SOURCE /* F_OFD_SETLK */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/inotify.h>
#include <unistd.h>

/* i386's flock(fd, op), made from a 64-bit process; -errno. */
static long flock32(int fd, int op)
{
#if defined(__x86_64__)
    long ret;
    __asm__ volatile("int $0x80" : "=a"(ret) : "a"(143L), "b"((long)fd), "c"((long)op) : "memory");
    return ret;
#else
    (void)fd;
    (void)op;
    return -ENOSYS;
#endif
}

static const char *said(int rc)
{
    return rc == 0                                                      ? "got"
           : errno == EWOULDBLOCK || errno == EAGAIN || errno == EACCES ? "busy"
                                                                        : "error";
}

/* Every lock on path, its descriptors left open so that they hold. */
static void try_locks(const char *path)
{
    int fds[4];
    for (int i = 0; i < 4; i++)
        if ((fds[i] = open(path, O_RDONLY)) < 0) {
            fprintf(stderr, "lock %s cannot open: %s\n", path, strerror(errno));
            return;
        }
    /* Whether someone else holds a lock, asked before taking any of its own. */
    struct flock probe = {.l_type = F_WRLCK, .l_whence = SEEK_SET};
    if (fcntl(fds[0], F_GETLK, &probe) == 0)
        fprintf(stderr, "lock %s getlk %s\n", path, probe.l_type == F_UNLCK ? "free" : "held");
    else
        fprintf(stderr, "lock %s getlk error %s\n", path, strerror(errno));
    long r32 = flock32(fds[1], LOCK_EX | LOCK_NB);
    errno = r32 < 0 ? (int)-r32 : 0;
    fprintf(stderr, "lock %s flock32 %s\n", path, r32 == -ENOSYS ? "none" : said(r32 ? -1 : 0));
    int rc = flock(fds[0], LOCK_EX | LOCK_NB);
    fprintf(stderr, "lock %s flock %s\n", path, said(rc));
    struct flock rd = {.l_type = F_RDLCK, .l_whence = SEEK_SET};
    rc = fcntl(fds[2], F_SETLK, &rd);
    fprintf(stderr, "lock %s setlk %s\n", path, said(rc));
    rc = fcntl(fds[3], F_OFD_SETLK, &rd);
    fprintf(stderr, "lock %s ofd %s\n", path, said(rc));
    int in = inotify_init1(IN_CLOEXEC);
    rc = in < 0 ? -1 : inotify_add_watch(in, path, IN_OPEN | IN_ACCESS);
    fprintf(stderr, "lock %s watch %s\n", path, rc >= 0 ? "ok" : "refused");
}

int main(int argc, char **argv)
{
    char *line = NULL;
    size_t cap = 0;
    int turns = 0;

    while (getline(&line, &cap, stdin) != -1) {
        char *save, *word = strtok_r(line, " \r\n", &save);
        if (word && strcmp(word, "quit") == 0)
            break;
        if (!word || strcmp(word, "turn") != 0)
            continue;
        if (turns++ == 0) {
            for (int i = 1; i < argc; i++)
                try_locks(argv[i]);
            fflush(stderr);
        }
        while ((word = strtok_r(NULL, " \r\n", &save)) && strcmp(word, "legal") != 0)
            ;
        word = strtok_r(NULL, " \r\n", &save);
        printf("%s\n", word ? word : "resign");
        fflush(stdout);
    }
    free(line);
    return 0;
}
