/* sandbox_setup.h: --sandbox made ready before a run: what each bot may see,
 * and whether bubblewrap can make a sandbox on this machine at all. */
#ifndef REFEREE_SANDBOX_SETUP_H
#define REFEREE_SANDBOX_SETUP_H

#include "config.h"

/* Give each bot of c its sandbox (see the README's table): the system's
 * folders read-only, the files its command runs, its --dir writable or
 * else a private working folder; never the results folder nor another bot's
 * folder or files. Every path is judged canonical (symbolic links, "..",
 * "//" resolved). Then start one sandbox with `true` in it. Returns 0, or an
 * exit code having said why in one line: EXIT_USAGE for a --dir inside the
 * results folder, or that holds it, or another bot's folder or program;
 * EXIT_SYSTEM if bubblewrap is missing or cannot make namespaces here. */
int sandbox_setup(struct run_config *c);

#endif
