/* sandbox_files.h: the files a bot's command runs, found as the kernel will
 * find them: its program (through PATH when it has no '/'), each word of its
 * command that names an existing file, and the interpreters their "#!" lines
 * name (through env too), each with its symbolic links resolved. For
 * --sandbox, which shows a bot these and not their neighbours. Reads the
 * filesystem. */
#ifndef REFEREE_SANDBOX_FILES_H
#define REFEREE_SANDBOX_FILES_H

#include <stdbool.h>

#define SANDBOX_FILES_MAX 16

struct sandbox_file {
    char *path;       /* absolute, as named (links in it unresolved) */
    char *real;       /* canonical (canon_path) */
    bool interpreter; /* a program found through PATH or a "#!" line */
};

struct sandbox_files {
    struct sandbox_file f[SANDBOX_FILES_MAX];
    int n;
};

/* The files argv (NULL-terminated) runs or names, from the directory base
 * (absolute), into *out (zeroed first; at most SANDBOX_FILES_MAX, the rest
 * left out). Words that name nothing existing are skipped: a word with a '/'
 * need not be a path. */
void sandbox_files_find(struct sandbox_files *out, char *const *argv, const char *base);

/* Free what *fs holds; safe twice. */
void sandbox_files_release(struct sandbox_files *fs);

/* True if fs holds a file whose canonical path is real. */
bool sandbox_files_has(const struct sandbox_files *fs, const char *real);

#endif
