/* folder.h: a folder referee writes (a results folder, a league) opened once,
 * and every file in it reached through that descriptor, never through a link:
 * a symbolic link, or a file with another hard link, where referee would write
 * is refused, so that a folder someone else made cannot turn a write of
 * referee's (as root, say) into a write to a file of theirs choosing. */
#ifndef REFEREE_FOLDER_H
#define REFEREE_FOLDER_H

#include <stdbool.h>
#include <sys/types.h>

/* Open the folder path (made, with its parents, if missing and make), as
 * O_DIRECTORY, close-on-exec, not following a link as its last part (its
 * parents may be links: the user named them). *fd gets it (the caller closes
 * it). Returns 0; -ELOOP if path is a symbolic link; -ENOTDIR if it is not a
 * folder; or another negative errno (*fd -1). */
int folder_open(const char *path, bool make, int *fd);

/* The same for the folder name inside the folder dir_fd (logs/). */
int folder_open_dir(int dir_fd, const char *name, bool make, int *fd);

/* Open the file name in the folder dir_fd with flags (O_RDONLY, O_WRONLY or
 * O_RDWR, with O_APPEND, O_CREAT, O_EXCL, O_TRUNC as wanted; mode 0644 when
 * made), close-on-exec, never following a link. The file must be a regular
 * file; one opened to write must have no other hard link, and O_TRUNC empties
 * it only once that is checked. *fd gets it (the caller closes it). Returns 0;
 * -ELOOP for a symbolic link, -EMLINK for a file with another hard link,
 * -EISDIR for a folder, -EINVAL for another kind of file (a FIFO, a device);
 * or another negative errno (*fd -1). */
int folder_open_file(int dir_fd, const char *name, int flags, int *fd);

/* Whether the name in dir_fd may be replaced by a file referee writes (by a
 * rename): missing, or a regular file with no other hard link. Returns 0, or
 * -ELOOP, -EMLINK, -EISDIR, -EINVAL as folder_open_file, or another negative
 * errno. */
int folder_check_target(int dir_fd, const char *name);

/* The folder a file's path lies in, opened (its links followed: the user
 * named it), for writing that file by name: *fd gets it, *name points to the
 * path's last part, inside path. Returns 0 or a negative errno (*fd -1). */
int folder_open_parent(const char *path, int *fd, const char **name);

/* folder_open_file for a path: the file's folder opened by folder_open_parent
 * (and closed again), the file by its name in it. */
int folder_open_path(const char *path, int flags, int *fd);

/* True for the errors above that say a link is where referee would write:
 * -ELOOP, -EMLINK. */
bool folder_is_link(int err);

/* The words for err, in a message: "it is a symbolic link", "it has another
 * hard link", "it is not a regular file", or strerror's. A static string. */
const char *folder_why(int err);

#endif
