/* sandbox.h: the bubblewrap (bwrap) command line that runs a bot in a
 * sandbox, for --sandbox: its own user, pid, ipc, uts and network namespaces
 * (no network at all), and no user namespace of its own inside (so no mount
 * of its own either), no capability, death with referee, and a filesystem
 * built from an allowlist: a read-only root on which only the mounts listed
 * here exist, /dev and /proc as bwrap makes them, and a private /tmp and
 * /dev/shm of a bounded size. Pure: the paths come in absolute, the words go
 * out; sandbox_setup decides the mounts, proc_spawn runs the words. */
#ifndef REFEREE_SANDBOX_H
#define REFEREE_SANDBOX_H

#include <stdbool.h>
#include <stddef.h>

#define SANDBOX_MOUNTS_MAX 160                               /* mounts of one bot, at most */
#define SANDBOX_WORDS_MAX  (40 + 3 * SANDBOX_MOUNTS_MAX + 1) /* words of the command, "--" in */

#define SANDBOX_PRLIMIT "/usr/bin/prlimit" /* util-linux's, on every Debian */

enum sandbox_mount_kind {
    SANDBOX_READ,  /* --ro-bind: the host's src, read-only, at dest */
    SANDBOX_WRITE, /* --bind: the host's src, writable, at dest */
    SANDBOX_LINK,  /* --symlink: a symbolic link at dest whose text is src */
    SANDBOX_MKDIR, /* --dir: an empty folder at dest, in the private /tmp (src unused) */
};

struct sandbox_mount {
    enum sandbox_mount_kind kind;
    const char *src, *dest; /* absolute, but a link's text */
};

/* What one bot sees. The mounts before nsystem come before /dev, /proc and the
 * private /tmp (the system's folders), the rest after them (its own files,
 * which may lie in /tmp). */
struct sandbox_paths {
    struct sandbox_mount m[SANDBOX_MOUNTS_MAX];
    int n, nsystem;
    const char *workdir; /* where it starts, absolute */
    char size[24];       /* bytes each of /tmp and /dev/shm may hold, in decimal */
    char nproc[32];      /* "--nproc=N" for prlimit inside the sandbox, or "": none */
    bool nested_userns;  /* bwrap cannot forbid user namespaces inside (--disable-userns,
                          * bwrap 0.8.0): --unshare-user-try alone */
};

/* Free p, its workdir and the strings of its mounts, for a p whose strings
 * were all malloc'ed (sandbox_setup's); NULL is fine. */
void sandbox_free(struct sandbox_paths *p);

/* Append a mount to p. Returns 0, or -1 if p is full. The strings are
 * borrowed: they must outlive p's use. */
int sandbox_add(struct sandbox_paths *p, enum sandbox_mount_kind kind, const char *src,
                const char *dest);

/* Set the size of the private /tmp and /dev/shm, in MiB (> 0). */
void sandbox_set_size(struct sandbox_paths *p, long mib);

/* Limit the processes of the bot to n inside its sandbox's user namespace
 * (prlimit's RLIMIT_NPROC, which the kernel counts per user namespace: the
 * budget of this bot alone, where a cgroup cannot be made and referee does
 * not run as root); 0: none. */
void sandbox_set_nproc(struct sandbox_paths *p, long n);

/* The bwrap words before the bot's own command line into words (cap entries,
 * room for a NULL after them), "bwrap" first and "--" last (then prlimit and
 * its "--" with an nproc); returns how many, or -1 if they do not fit. The
 * strings are p's or static. */
int sandbox_words(const struct sandbox_paths *p, const char **words, size_t cap);

#endif
