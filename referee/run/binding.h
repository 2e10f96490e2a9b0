/* binding.h: a league entry bound to its program: its command line as parsed
 * (words, --dir, --proto, engine options) and the SHA-256 of each file it
 * names that is not the system's, so that a changed program under an old name
 * is seen (league_history.c refuses it). Reads the files it names. */
#ifndef REFEREE_BINDING_H
#define REFEREE_BINDING_H

#include "config.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>

/* Bytes of a file hashed at most: a larger one is bound by the SHA-256 of
 * its first BINDING_HASH_MAX bytes and its size (8 bytes, big-endian), so
 * that a huge file costs a second or so, not a stalled run. */
#define BINDING_HASH_MAX (256L << 20)

/* A file an entry's command names, as hashed. */
struct bound_file {
    char *path;        /* canonical (links resolved), malloc'ed */
    char digest[65];   /* SHA-256 in hex */
    struct stat seen;  /* as it was when hashed: a file whose stat is the same is not read again */
    int64_t hashed_ns; /* CLOCK_REALTIME when it was read */
    /* Changed within BINDING_RACY_NS of being read: a change as it was read
     * may leave the same stat (timestamps are coarse), so its stat is not
     * trusted until it is read again (git's "racily clean" entries). */
    bool racy;
};

#define BINDING_RACY_NS 1000000000LL

/* An entry's program as it is now. The strings are malloc'ed and owned. */
struct binding {
    char *command; /* the words, then " --dir D", " --proto P", " --option K=V" where set */
    char *files;   /* "DIGEST  PATH\n" for each file, as sha256sum prints them; "" for none */
    struct bound_file *file;
    int nfiles;
};

/* The binding of bot as it is now into *b (zeroed or released first): the
 * files are the program it executes (argv[0], through PATH as execvp finds
 * it, from its cwd) and each argument that names a regular file, links
 * resolved, less those of the system (under /usr, /bin, /sbin, /lib, /lib32,
 * /lib64, /libx32, /etc, /opt, /nix, /snap, /gnu): an interpreter's upgrade is no entry's change. A
 * file that one of the ncache bindings of cache (may be NULL if ncache is 0) hashed with the same
 * device, inode, size, mtime and ctime is not read again, so an interpreter many entries name is
 * read once; one that cannot be read has the digest "-" x 64. */
void binding_take(struct binding *b, const struct bot_spec *bot, const struct binding *cache,
                  int ncache);

/* Whether a file of b has changed since it was hashed, by its stat alone
 * (device, inode, size, mtime, ctime; or gone), or was racy when read and
 * BINDING_RACY_NS have passed since: cheap enough for each pair. */
bool binding_is_stale(const struct binding *b);

/* What differs between a bound command and files and b, as a phrase in why
 * (len bytes): "its command changed: 'X' is now 'Y'" or "its file 'P'
 * changed (sha256 AB.. is now CD..)". Returns true if anything differs. */
bool binding_differs(const char *command, const char *files, const struct binding *b, char *why,
                     size_t len);

/* Free what b holds and zero it; safe twice and on a zeroed struct. */
void binding_release(struct binding *b);

#endif
