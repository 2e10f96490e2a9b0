/* sandbox_user.h: the user sandboxed bots run as on the host when referee
 * runs as root (--sandbox-user), and whether that user can reach what each
 * bot is shown. Reads the user database and the filesystem. */
#ifndef REFEREE_SANDBOX_USER_H
#define REFEREE_SANDBOX_USER_H

#include "config.h"
#include "sandbox_owners.h"

/* Parse --sandbox-user's text, NAME or UID, then :GROUP or :GID if given,
 * into *u (given set): an account's name gives its uid and its group, a
 * number alone the same number as gid unless an account has that uid (then
 * its group). Returns 0, or EXIT_USAGE having said why in one line (an
 * unknown name, root's uid or gid 0). */
int sandbox_user_parse(const char *text, struct sandbox_user *u);

/* The user c's sandboxed bots run as, into *u: c's --sandbox-user, or for
 * root SANDBOX_USER_DEFAULT:SANDBOX_USER_DEFAULT; u->given false if they run
 * as referee's own user (not root, and none asked). Returns 0, or EXIT_USAGE
 * having said why: --sandbox-user asked of a plain user, or the default uid
 * taken by an account. */
int sandbox_user_choose(const struct run_config *c, struct sandbox_user *u);

/* The PATH sandboxed bots start with and their programs are looked up in
 * (a name without '/', an env of a "#!" line), from host (referee's PATH;
 * NULL: CONFIG_PATH_DEFAULT), into *out (malloc'ed): for bots run as another
 * user (u->given), host's without the absolute entries that user cannot
 * enter and read (root's /root/.pyenv/shims), CONFIG_PATH_DEFAULT if none is
 * left; else host's as it is. *left_out: those entries, each once, quoted
 * for a message (malloc'ed), or NULL if none. Returns 0, or EXIT_SYSTEM
 * having said why (both NULL). */
int sandbox_user_path(const struct sandbox_user *u, const char *host, char **out, char **left_out);

/* Say once a run, on stderr, which entries (left, from sandbox_user_path;
 * NULL: none, nothing said) were left out of the bots' PATH (path) for u. */
void sandbox_user_say_left_out(const struct sandbox_user *u, const char *left, const char *path);

/* Whether user u can reach what bot i of c is shown by its sandbox s (r its
 * files): its --dir writable, every file and folder of its own bound in it
 * readable, its program executable. Returns 0, or EXIT_USAGE having said in
 * one line which path and which uid. */
int sandbox_user_check(const struct sandbox_user *u, const struct run_config *c,
                       const struct sandbox_owners *r, int i, const struct sandbox_paths *s);

#endif
