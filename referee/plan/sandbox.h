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
#include <sys/types.h>

#define SANDBOX_MOUNTS_MAX 160 /* mounts of one bot, at most */
#define SANDBOX_FILTER_MAX 128 /* instructions of its seccomp program, at most */
#define SANDBOX_ENV_MAX    32  /* variables of its own (--env) a bot may have, at most */
/* words of the command, "--" in */
#define SANDBOX_WORDS_MAX (60 + 3 * SANDBOX_MOUNTS_MAX + 3 * SANDBOX_ENV_MAX + 1)

/* The user sandboxed bots run as on the host when referee runs as root
 * (--sandbox-user): a uid no account and no distribution takes (systemd's
 * and Debian's lists leave 65520 to 65533 unallocated), not nobody, which
 * NFS and some daemons share. */
#define SANDBOX_USER_DEFAULT 65533

#define SANDBOX_PRLIMIT "/usr/bin/prlimit" /* util-linux's, on every Debian */

/* The descriptor bwrap reads the seccomp program from: the spawn puts it
 * there (proc.h's PROC_PASS_FD). */
#define SANDBOX_FILTER_FD      3
#define SANDBOX_FILTER_FD_TEXT "3"

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

/* Who sandboxed bots run as on the host (--sandbox-user); given false: the
 * default, SANDBOX_USER_DEFAULT for root, referee's own user for anyone else. */
struct sandbox_user {
    bool given;
    uid_t uid;
    gid_t gid;
};

/* What one bot sees. The mounts before nsystem come before /dev, /proc and the
 * private /tmp (the system's folders), the rest after them (its own files,
 * which may lie in /tmp). */
struct sandbox_paths {
    struct sandbox_mount m[SANDBOX_MOUNTS_MAX];
    int n, nsystem;
    const char *workdir; /* where it starts, absolute */
    char *path;          /* the PATH it starts with (its programs were looked up in it),
                          * malloc'ed; NULL: referee's */
    char size[24];       /* bytes each of /tmp and /dev/shm may hold, in decimal */
    char nproc[32];      /* "--nproc=N" for prlimit inside the sandbox, or "": none */
    bool nested_userns;  /* bwrap cannot forbid user namespaces inside (--disable-userns,
                          * bwrap 0.8.0): --unshare-user-try alone */
    /* The seccomp program (sandbox_filter_build), which bwrap reads from
     * SANDBOX_FILTER_FD; filter_len 0: none. */
    unsigned char filter[SANDBOX_FILTER_MAX * 8];
    size_t filter_len;
    bool as_user; /* bwrap runs as uid:gid on the host, not as referee (root) */
    uid_t uid;
    gid_t gid;
    char *const *env; /* the bot's own variables (--env): name, value, name... (2 * nenv,
                       * borrowed), set inside on top of the clean environment */
    int nenv;
};

/* Free p, its workdir, its path and the strings of its mounts, for a p whose
 * strings were all malloc'ed (sandbox_setup's); NULL is fine. */
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
 * its "--" with an nproc), a `--setenv NAME VALUE` for each of p's env; with
 * a filter, bwrap reads it from descriptor SANDBOX_FILTER_FD, which the spawn
 * must provide. Returns how many, or -1 if they do not fit. The strings are
 * p's or static. */
int sandbox_words(const struct sandbox_paths *p, const char **words, size_t cap);

#endif
