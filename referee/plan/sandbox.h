/* sandbox.h: the bubblewrap (bwrap) command line that runs a bot in a
 * sandbox, for --sandbox: its own user, pid, ipc, uts and network namespaces
 * (no network at all), a read-only view of the whole filesystem but its own
 * working directory, a private /tmp, empty directories over the results
 * folder and the other bots' directories, and death with referee. Pure: the
 * paths come in absolute, the words go out; proc_spawn runs them. */
#ifndef REFEREE_SANDBOX_H
#define REFEREE_SANDBOX_H

#include <stddef.h>

#define SANDBOX_HIDE_MAX  16 /* directories masked, at most */
#define SANDBOX_WORDS_MAX 80 /* words of the bwrap command, "--" included */

#define SANDBOX_KEEP_MAX 8 /* directories of its own files, at most */

struct sandbox_paths {
    const char *workdir; /* the bot's working directory, absolute: the one it may write */
    /* absolute: directories of the files its command names (its program, its
     * script), seen read-only even where the private /tmp would hide them */
    const char *keep[SANDBOX_KEEP_MAX];
    int nkeep;
    const char *hide[SANDBOX_HIDE_MAX]; /* absolute: each seen as an empty directory */
    int nhide;
};

/* The bwrap words before the bot's own command line into words (cap entries,
 * room for a NULL after them), "bwrap" first and "--" last; returns how many,
 * or -1 if they do not fit. The strings are p's or static. */
int sandbox_words(const struct sandbox_paths *p, const char **words, size_t cap);

#endif
