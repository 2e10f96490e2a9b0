/* sandbox_owners.h: whose each path of a run is, for --sandbox: the results
 * folder is nobody's, each bot's --dir and the files its command runs are
 * its own; the system's folders everybody's. Every path canonical (canon.h),
 * so that no spelling or link passes for another place. Reads the
 * filesystem; sandbox_owners_find says what it refuses. */
#ifndef REFEREE_SANDBOX_OWNERS_H
#define REFEREE_SANDBOX_OWNERS_H

#include "config.h"
#include "sandbox_files.h"

#include <stdbool.h>

#define SANDBOX_SYSTEM_DIRS 7

/* The system's programs and libraries: /usr, /bin, /sbin, /lib* */
extern const char *const sandbox_system_dirs[SANDBOX_SYSTEM_DIRS];

/* What of a run a bot may be shown only if it is its own. Owns its strings. */
struct sandbox_owners {
    char *results, *cwd, *home; /* canonical; home NULL if unknown */
    char **homes;               /* every home folder of the users (passwd), canonical */
    int nhomes;
    char *dirs[CONFIG_MAX_BOTS]; /* each bot's --dir, canonical, or NULL */
    struct sandbox_files files[CONFIG_MAX_BOTS];
    int nbots;
};

/* Fill *o (overwritten) for the bots of c, a program named without '/'
 * looked up in path (the bots' PATH, sandbox_user_path; a bot's own --env
 * PATH instead, which it is given): a file a bot's arguments name is
 * its own only in its own folders, its --dir and its program's (for an
 * interpreter, the script's: sandbox_files_keep_within). Then judge their
 * commands and --dir: a command naming a file of /proc is refused, as is a
 * --dir that lies inside the results folder or holds it, or holds another
 * bot's --dir or file. Returns 0, or an exit code having said why in one
 * line (EXIT_USAGE; EXIT_SYSTEM if a path cannot be resolved). Release *o
 * either way. */
int sandbox_owners_find(struct sandbox_owners *o, const struct run_config *c, const char *path);

/* Free what *o holds; safe on a zeroed struct. */
void sandbox_owners_release(struct sandbox_owners *o);

/* True if real (canonical) lies in one of the system's folders. */
bool sandbox_is_system(const char *real);

/* True if path (canonical) is, or lies in, something of the run that is
 * not bot i's: the results folder, another bot's folder or file. */
bool sandbox_is_others(const struct sandbox_owners *o, int i, const char *path);

/* The installation the interpreter at path (as named, or where its links
 * lead) belongs to, if bot i may be shown it whole: the folder above its
 * bin/, sbin/ or shims/, outside the system's folders, that holds lib/,
 * lib64/, libexec/ or pyvenv.cfg (a venv, a version of Python or Node,
 * pyenv's own folder, /opt/X), is no hidden folder of a home unless it
 * holds libexec/ or pyvenv.cfg (~/.cargo, ~/.local are a tool's state,
 * credentials included), and holds nothing of the others'
 * (sandbox_holds_others). Returns it as spelled in path (malloc'ed), or
 * NULL. */
char *sandbox_installation(const struct sandbox_owners *o, int i, const char *path);

#endif
