/* folder.c: a folder opened once and the files in it opened through its
 * descriptor (openat, O_NOFOLLOW), links refused where referee writes. */
#include "folder.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Make path's folders, each in turn, as `mkdir -p` does. */
static int make_folders(char *path)
{
    for (char *p = path + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        int rc = mkdir(path, 0755);
        *p = '/';
        if (rc < 0 && errno != EEXIST)
            return -errno;
    }
    if (mkdir(path, 0755) < 0 && errno != EEXIST)
        return -errno;
    return 0;
}

/* open's error for a folder at dir_fd/name: a link opened with O_DIRECTORY
 * and O_NOFOLLOW gives ENOTDIR, which would not say why. */
static int dir_error(int dir_fd, const char *name)
{
    int err = errno;
    struct stat st;
    if (err == ENOTDIR && fstatat(dir_fd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
        S_ISLNK(st.st_mode))
        return -ELOOP;
    return -err;
}

int folder_open(const char *path, bool make, int *fd)
{
    char p[PATH_MAX];
    size_t n = strlen(path);

    *fd = -1;
    if (n == 0)
        return -ENOENT;
    if (n >= sizeof(p))
        return -ENAMETOOLONG;
    memcpy(p, path, n + 1);
    /* "D/" would follow a link D: the slashes go, "/" stays itself. */
    while (n > 1 && p[n - 1] == '/')
        p[--n] = '\0';
    int rc = make ? make_folders(p) : 0;
    if (rc < 0)
        return rc;
    *fd = open(p, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    return *fd < 0 ? dir_error(AT_FDCWD, p) : 0;
}

int folder_open_dir(int dir_fd, const char *name, bool make, int *fd)
{
    *fd = -1;
    if (make && mkdirat(dir_fd, name, 0755) < 0 && errno != EEXIST)
        return -errno;
    *fd = openat(dir_fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    return *fd < 0 ? dir_error(dir_fd, name) : 0;
}

/* Whether st is a file referee may write (or only read, !writes). */
static int kind_of(const struct stat *st, bool writes)
{
    if (S_ISLNK(st->st_mode))
        return -ELOOP;
    if (S_ISDIR(st->st_mode))
        return -EISDIR;
    if (!S_ISREG(st->st_mode))
        return -EINVAL;
    /* Another name for the same file may be anywhere on its file system: a
     * link to /etc/shadow, made before the run by whoever owns the folder. */
    if (writes && st->st_nlink > 1)
        return -EMLINK;
    return 0;
}

int folder_open_file(int dir_fd, const char *name, int flags, int *fd)
{
    bool writes = (flags & O_ACCMODE) != O_RDONLY;
    struct stat st;
    int rc = 0;

    /* Not O_TRUNC yet: a link would be emptied before it is seen. Not
     * blocking: a FIFO in the file's place is refused, not waited on. */
    *fd = openat(dir_fd, name, (flags & ~O_TRUNC) | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY | O_NONBLOCK,
                 0644);
    if (*fd < 0)
        return -errno;
    if (fstat(*fd, &st) < 0)
        rc = -errno;
    else
        rc = kind_of(&st, writes);
    if (rc == 0 && fcntl(*fd, F_SETFL, fcntl(*fd, F_GETFL) & ~O_NONBLOCK) < 0)
        rc = -errno;
    if (rc == 0 && (flags & O_TRUNC) && writes && ftruncate(*fd, 0) < 0)
        rc = -errno;
    if (rc < 0) {
        close(*fd);
        *fd = -1;
    }
    return rc;
}

int folder_check_target(int dir_fd, const char *name)
{
    struct stat st;

    if (fstatat(dir_fd, name, &st, AT_SYMLINK_NOFOLLOW) < 0)
        return errno == ENOENT ? 0 : -errno;
    return kind_of(&st, true);
}

int folder_open_parent(const char *path, int *fd, const char **name)
{
    char dir[PATH_MAX];
    const char *slash = strrchr(path, '/');

    *fd = -1;
    *name = slash ? slash + 1 : path;
    if (**name == '\0')
        return -EISDIR;
    if (!slash)
        snprintf(dir, sizeof(dir), ".");
    else if (slash == path)
        snprintf(dir, sizeof(dir), "/");
    else if ((size_t)(slash - path) >= sizeof(dir))
        return -ENAMETOOLONG;
    else
        snprintf(dir, sizeof(dir), "%.*s", (int)(slash - path), path);
    *fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    return *fd < 0 ? -errno : 0;
}

int folder_open_path(const char *path, int flags, int *fd)
{
    const char *name;
    int dir_fd, rc = folder_open_parent(path, &dir_fd, &name);

    *fd = -1;
    if (rc < 0)
        return rc;
    rc = folder_open_file(dir_fd, name, flags, fd);
    close(dir_fd);
    return rc;
}

bool folder_is_link(int err)
{
    return err == -ELOOP || err == -EMLINK;
}

const char *folder_why(int err)
{
    switch (err) {
    case -ELOOP: return "it is a symbolic link";
    case -EMLINK: return "it has another hard link";
    case -EINVAL: return "it is not a regular file";
    default: return strerror(-err);
    }
}
