/* sandbox_files.h: the files a bot's command runs, found as the kernel will
 * find them: its program (through PATH when it has no '/') and the
 * interpreters its "#!" line names (through env too), and each word of its
 * command that names an existing file (a bare name too, as relative to its
 * working directory), each with its symbolic links resolved. A "#!" line is
 * followed for the program alone: the kernel reads no other, and a file an
 * interpreter is given is data. For --sandbox, which shows a bot these and
 * not their neighbours. Reads the filesystem. */
#ifndef REFEREE_SANDBOX_FILES_H
#define REFEREE_SANDBOX_FILES_H

#include <stdbool.h>

#define SANDBOX_FILES_MAX 16

/* The claim of an interpreter (found through PATH or a "#!" line), over the
 * word it comes from: weaker than any word naming a file, so that a
 * program's "#!" line naming another bot's program does not make that
 * program its own, while two bots may share an interpreter however found. */
#define SANDBOX_CLAIM_LINE 1000

struct sandbox_file {
    char *path;       /* absolute, as named (links in it unresolved) */
    char *real;       /* canonical (canon_path) */
    bool interpreter; /* a program found through PATH or a "#!" line */
    int word;         /* the word of the command it comes from (0: the program), plus
                       * SANDBOX_CLAIM_LINE for an interpreter */
};

struct sandbox_files {
    struct sandbox_file f[SANDBOX_FILES_MAX];
    int n;
    int word;         /* the word being looked at, while sandbox_files_find runs */
    const char *path; /* the PATH names are looked up in, while it runs (borrowed) */
    char *proc;       /* the first word that names a file of /proc, or NULL */
};

/* The files argv (NULL-terminated) runs or names, from the directory base
 * (absolute), a name without '/' looked up in path (the PATH the bot will
 * have: sandbox_user_path), into *out (zeroed first; at most
 * SANDBOX_FILES_MAX, the rest left out). Words that name nothing existing are skipped: a word with
 * a '/' need not be a path, nor a bare word a file. A word naming a file of /proc (or leading
 * there) is not taken: it is kept in out->proc. */
void sandbox_files_find(struct sandbox_files *out, char *const *argv, const char *base,
                        const char *path);

/* Leave out of fs the files its arguments name outside the folders given
 * (canonical; NULL entries skipped), where and as they really are; the
 * program and its interpreters stay. */
void sandbox_files_keep_within(struct sandbox_files *fs, const char *const *dirs, int ndirs);

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
