/* canon.h: paths judged as the kernel will follow them: absolute, every
 * symbolic link resolved, no ".", ".." or "//" left, even for a path whose
 * end does not exist yet (a results folder still to be made). Reads the
 * filesystem. */
#ifndef REFEREE_CANON_H
#define REFEREE_CANON_H

#include <stdbool.h>

/* path (relative to base, or to the current directory if base is NULL)
 * made canonical: realpath() of its deepest existing ancestor, and the rest
 * of its components after it, "." and ".." applied. Returns a malloc'ed
 * string the caller frees, or NULL if base or the current directory cannot
 * be resolved (errno set). */
char *canon_path(const char *path, const char *base);

/* The absolute path abs with ".", ".." and "//" applied to its text alone,
 * links left as they are: how it is spelled, tidied. Returns a malloc'ed
 * string. */
char *canon_tidy(const char *abs);

/* True if path is dir or lies inside it (both canonical). */
bool canon_is_within(const char *path, const char *dir);

#endif
