/* sandbox.c: bubblewrap's command line for a sandboxed bot. */
#include "sandbox.h"

#include <stdio.h>
#include <stdlib.h>

void sandbox_free(struct sandbox_paths *p)
{
    if (!p)
        return;
    for (int i = 0; i < p->n; i++) {
        free((char *)p->m[i].src);
        free((char *)p->m[i].dest);
    }
    free((char *)p->workdir);
    free(p->path);
    free(p);
}

int sandbox_add(struct sandbox_paths *p, enum sandbox_mount_kind kind, const char *src,
                const char *dest)
{
    if (p->n == SANDBOX_MOUNTS_MAX)
        return -1;
    p->m[p->n++] = (struct sandbox_mount){.kind = kind, .src = src, .dest = dest};
    return 0;
}

void sandbox_set_size(struct sandbox_paths *p, long mib)
{
    snprintf(p->size, sizeof(p->size), "%lld", (long long)mib << 20);
}

void sandbox_set_nproc(struct sandbox_paths *p, long n)
{
    if (n > 0)
        snprintf(p->nproc, sizeof(p->nproc), "--nproc=%ld", n);
    else
        p->nproc[0] = '\0';
}

static void put_mounts(const struct sandbox_paths *p, int from, int to, const char **words,
                       size_t *n)
{
    static const char *const flag[] = {[SANDBOX_READ] = "--ro-bind",
                                       [SANDBOX_WRITE] = "--bind",
                                       [SANDBOX_LINK] = "--symlink",
                                       [SANDBOX_MKDIR] = "--dir"};
    for (int i = from; i < to; i++) {
        words[(*n)++] = flag[p->m[i].kind];
        if (p->m[i].kind != SANDBOX_MKDIR)
            words[(*n)++] = p->m[i].src;
        words[(*n)++] = p->m[i].dest;
    }
}

/* The words every sandbox starts with: namespaces of its own, a session of
 * its own, no capability. */
static const char *const isolation[] = {
    "bwrap",
    "--die-with-parent", /* and PR_SET_PDEATHSIG from proc_spawn for bwrap itself */
    "--new-session",     /* setsid(): no controlling terminal to inject keystrokes into
                          * (TIOCSTI); bwrap itself stays in the bot's process group */
    "--unshare-pid",
    "--unshare-ipc",
    "--unshare-uts",
    "--unshare-net", /* a loopback of its own: no connection leaves it, and the
                      * host's abstract Unix sockets are out of reach */
    "--unshare-cgroup-try",
    "--cap-drop",
    "ALL", /* run by root, bwrap would keep every capability inside:
            * enough to remount / writable */
};

#define ISOLATION_WORDS (sizeof(isolation) / sizeof(isolation[0]))

/* What cuts the bot off from the host: the words above, the seccomp filter,
 * and no user namespace of its own making where bubblewrap can forbid it. */
static void put_isolation(const struct sandbox_paths *p, const char **words, size_t *n)
{
    for (size_t i = 0; i < ISOLATION_WORDS; i++)
        words[(*n)++] = isolation[i];
    if (p->filter_len > 0) {
        words[(*n)++] = "--add-seccomp-fd"; /* locks and file watches: sandbox_filter.h */
        words[(*n)++] = SANDBOX_FILTER_FD_TEXT;
    }
    if (p->nested_userns) {
        words[(*n)++] = "--unshare-user-try";
    } else {
        /* No user namespace made inside, and so no mount of its own: a tmpfs
         * of its own making would be memory outside --disk */
        words[(*n)++] = "--unshare-user";
        words[(*n)++] = "--disable-userns";
    }
}

/* What the bot sees: the system's files, /dev, /proc, a bounded /tmp and
 * /dev/shm, its own files and folder, and the rest read-only. */
static void put_filesystem(const struct sandbox_paths *p, const char **words, size_t *n)
{
    put_mounts(p, 0, p->nsystem, words, n);
    const char *const middle[] = {
        "--dev",   "/dev", "--proc", "/proc", "--size",  p->size,
        "--tmpfs", "/tmp", "--size", p->size, "--tmpfs", "/dev/shm",
    };
    for (size_t i = 0; i < sizeof(middle) / sizeof(middle[0]); i++)
        words[(*n)++] = middle[i];
    put_mounts(p, p->nsystem, p->n, words, n);
    /* The root and /dev are tmpfs that bwrap makes writable, without a size:
     * read-only once every mount point is made, so that only the bounded
     * /tmp and /dev/shm and its own folder take what it writes. */
    words[(*n)++] = "--remount-ro";
    words[(*n)++] = "/dev";
    words[(*n)++] = "--remount-ro";
    words[(*n)++] = "/";
}

/* How the bot starts inside: its variables, its folder, the end of bwrap's
 * words, and prlimit before the bot with an nproc. */
static void put_start(const struct sandbox_paths *p, const char **words, size_t *n)
{
    /* Its own variables: to the bot alone, not to bwrap's own start on the
     * host (an LD_PRELOAD in its folder would run there, outside). */
    for (int i = 0; i < p->nenv; i++) {
        words[(*n)++] = "--setenv";
        words[(*n)++] = p->env[2 * i];
        words[(*n)++] = p->env[2 * i + 1];
    }
    words[(*n)++] = "--chdir";
    words[(*n)++] = p->workdir;
    words[(*n)++] = "--";
    if (p->nproc[0]) {
        /* Set inside: bwrap made the user namespace without the limit, so the
         * kernel holds the bot to it alone, not to the whole user. */
        words[(*n)++] = SANDBOX_PRLIMIT;
        words[(*n)++] = p->nproc;
        words[(*n)++] = "--";
    }
}

int sandbox_words(const struct sandbox_paths *p, const char **words, size_t cap)
{
    size_t n = 0;

    /* isolation, the filter (2), the user namespace (2), 3 a mount, /dev /proc
     * /tmp /dev/shm (12), two remounts (4), 3 a variable, --chdir (2), "--" */
    if (ISOLATION_WORDS + 2 + 2 + 3 * (size_t)p->n + 12 + 4 + 3 * (size_t)p->nenv + 2 + 1 + 3 >=
        cap)
        return -1;
    put_isolation(p, words, &n);
    put_filesystem(p, words, &n);
    put_start(p, words, &n);
    return (int)n;
}
