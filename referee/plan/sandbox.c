/* sandbox.c: bubblewrap's command line for a sandboxed bot. */
#include "sandbox.h"

int sandbox_words(const struct sandbox_paths *p, const char **words, size_t cap)
{
    static const char *const fixed[] = {
        "bwrap",
        "--die-with-parent", /* and PR_SET_PDEATHSIG from proc_spawn for bwrap itself */
        "--new-session",     /* setsid(): no controlling terminal to inject keystrokes into
                              * (TIOCSTI); bwrap itself stays in the bot's process group */
        "--unshare-user-try",
        "--unshare-pid",
        "--unshare-ipc",
        "--unshare-uts",
        "--unshare-net", /* a loopback of its own: no connection leaves it */
        "--unshare-cgroup-try",
        "--cap-drop",
        "ALL", /* run by root, bwrap would keep every capability inside:
                * enough to unmount the masks or remount / writable */
        "--ro-bind",
        "/",
        "/",
        "--dev",
        "/dev",
        "--proc",
        "/proc",
        "--tmpfs",
        "/tmp",
    };
    size_t n = 0;

    for (size_t i = 0; i < sizeof(fixed) / sizeof(fixed[0]); i++) {
        if (n + 1 >= cap)
            return -1;
        words[n++] = fixed[i];
    }
    if (n + 7 + 3 * (size_t)p->nhide + 3 * (size_t)p->nkeep >= cap)
        return -1;
    /* Its program and script, wherever they are (/tmp included), read-only. */
    for (int i = 0; i < p->nkeep; i++) {
        words[n++] = "--ro-bind";
        words[n++] = p->keep[i];
        words[n++] = p->keep[i];
    }
    /* Its own directory writable, then the masks over it and elsewhere: later
     * mounts win, so a results folder inside it is hidden still. */
    words[n++] = "--bind";
    words[n++] = p->workdir;
    words[n++] = p->workdir;
    for (int i = 0; i < p->nhide; i++) {
        words[n++] = "--tmpfs";
        words[n++] = p->hide[i];
    }
    words[n++] = "--chdir";
    words[n++] = p->workdir;
    words[n++] = "--";
    return (int)n;
}
