/* sandbox_filter.h: the seccomp program bubblewrap loads into a sandboxed
 * bot (--add-seccomp-fd), so that two bots cannot signal each other through
 * a file both see: a lock is granted and never held, and watching a file is
 * refused. Pure: classic BPF built by hand, for the machine's own system
 * calls (and i386's on x86-64). */
#ifndef REFEREE_SANDBOX_FILTER_H
#define REFEREE_SANDBOX_FILTER_H

#include "sandbox.h" /* SANDBOX_FILTER_MAX: the room struct sandbox_paths holds */

#include <stddef.h>

/* The program into out (cap bytes, a multiple of 8 suits), as the kernel's
 * struct sock_filter array, with what it does to each call:
 *   flock(), fcntl() F_SETLK, F_SETLKW, F_OFD_SETLK, F_OFD_SETLKW (and the
 *   64-bit forms of i386): return 0 and do nothing, so no lock is ever held
 *   and every one is granted (F_GETLK then sees none of a bot's);
 *   inotify_add_watch(), fanotify_init(), fanotify_mark(), fcntl F_NOTIFY:
 *   fail with EPERM (another bot's opening or reading a shared file would be
 *   seen);
 *   a call of an architecture the program does not know: the process killed;
 *   any other: allowed.
 * Returns the bytes written, or 0 if they do not fit or the machine's
 * architecture is not one it knows (x86-64, AArch64). */
size_t sandbox_filter_build(unsigned char *out, size_t cap);

#endif
