/* path.h: file paths built from a directory the user named and a file name,
 * refused rather than cut when they do not fit: a cut path names another
 * file; and the files a PATH list names for a program. Pure: no I/O. */
#ifndef REFEREE_PATH_H
#define REFEREE_PATH_H

#include <stdbool.h>
#include <stddef.h>

/* room a results directory's path must leave for what goes in it:
 * "/logs/" NAME(64) ".log" ".tmp", with a margin */
#define PATH_ROOM 96

/* dir "/" name into buf (len bytes). Returns 0, or -ENAMETOOLONG with buf
 * empty when it does not fit. */
int path_join(char *buf, size_t len, const char *dir, const char *name);

/* The files a PATH list (dirs, "a:b:c") names for a program name (no '/'),
 * one entry at a time, in execvp's order: "DIR/NAME", and "./NAME" for an
 * empty entry (the current directory). The one PATH search of referee: the
 * child between fork and exec runs it (it allocates nothing, calls nothing
 * but memcpy and strlen, async-signal-safe), the sandbox looks commands up
 * with it. dirs and name are borrowed for the search's life. */
struct path_search {
    const char *next; /* the entries left; NULL when done */
    const char *name;
    size_t name_len;
};

/* Start a search of dirs for name. */
void path_search_init(struct path_search *s, const char *dirs, const char *name);

/* The next entry's file into buf (len bytes, NUL-terminated): true, or false
 * when the list is done. An entry whose file does not fit in len is skipped,
 * never cut. */
bool path_search_next(struct path_search *s, char *buf, size_t len);

#endif
