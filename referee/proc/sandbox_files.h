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
    int word;         /* the word of the command it comes from (0: the program) */
};

struct sandbox_files {
    struct sandbox_file f[SANDBOX_FILES_MAX];
    int n;
    int word; /* the word being looked at, while sandbox_files_find runs */
};

/* The files argv (NULL-terminated) runs or names, from the directory base
 * (absolute), into *out (zeroed first; at most SANDBOX_FILES_MAX, the rest
 * left out). Words that name nothing existing are skipped: a word with a '/'
 * need not be a path. */
void sandbox_files_find(struct sandbox_files *out, char *const *argv, const char *base);

/* Free what *fs holds; safe twice. */
void sandbox_files_release(struct sandbox_files *fs);

/* How strongly the command of fs claims the file whose canonical path is
 * real: the first word it comes from (0: it is the program), or INT_MAX if
 * it names it nowhere. A file is the bot's of the strongest claim: the same
 * file in the same word of two commands (a bot playing itself) is both's, a
 * file another command names only later (an argument naming its opponent's
 * program) is not that one's. */
int sandbox_files_claim(const struct sandbox_files *fs, const char *real);

#endif
