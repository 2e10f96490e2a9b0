/* path.h: file paths built from a directory the user named and a file name,
 * refused rather than cut when they do not fit: a cut path names another
 * file. Pure: no I/O. */
#ifndef REFEREE_PATH_H
#define REFEREE_PATH_H

#include <stddef.h>

/* room a results directory's path must leave for what goes in it:
 * "/logs/" NAME(64) ".log" ".tmp", with a margin */
#define PATH_ROOM 96

/* dir "/" name into buf (len bytes). Returns 0, or -ENAMETOOLONG with buf
 * empty when it does not fit. */
int path_join(char *buf, size_t len, const char *dir, const char *name);

#endif
