/* sandbox_setup.h: --sandbox made ready before a run: what each bot may see,
 * and whether bubblewrap can make a sandbox on this machine at all. */
#ifndef REFEREE_SANDBOX_SETUP_H
#define REFEREE_SANDBOX_SETUP_H

#include "config.h"

/* Give each bot of c its sandbox (its working directory writable; the results
 * folder and the other bots' directories hidden), then start one sandbox
 * with `true` in it. Returns 0, or an exit code having said why in one line
 * (bubblewrap missing, or unable to make namespaces here). */
int sandbox_setup(struct run_config *c);

#endif
