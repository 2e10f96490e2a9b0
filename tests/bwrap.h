/* bwrap.h: what the suites that put bots in the sandbox or play as another
 * user share: bubblewrap tried, a run as user nobody. Header-only, as each
 * suite is a program of its own; include after helpers.h and run.h. */
#ifndef TESTS_BWRAP_H
#define TESTS_BWRAP_H

#include "helpers.h"
#include "run.h"

#include <stdbool.h>
#include <unistd.h>

/* The words that run a program as user nobody (65534), without groups, as
 * the first TEST_NOBODY_WORDS of an argv. */
#define TEST_NOBODY       "/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"
#define TEST_NOBODY_WORDS 4

/* Whether bubblewrap makes a sandbox here; *r says why not. */
static inline bool test_can_bwrap(struct run_result *r)
{
    char *trial[] = {"/bin/sh", "-c",
                     "exec bwrap --ro-bind / / --unshare-all --die-with-parent true", NULL};
    return run_program(trial, NULL, r) == 0 && r->status == 0;
}

/* Skips the test, saying why, where bubblewrap cannot make a sandbox. */
static inline void test_need_bwrap(void)
{
    static struct run_result r;
    if (!test_can_bwrap(&r))
        cr_skip_test("bubblewrap cannot make a sandbox here (install Debian's bubblewrap; "
                     "user namespaces must be allowed): status %d %s",
                     r.status, r.err);
}

/* Whether the test plays as user nobody (TEST_NOBODY): yes when run by root,
 * whom no process limit binds; skips the test if root has no setpriv. */
static inline bool test_as_nobody(void)
{
    if (getuid() != 0)
        return false;
    if (access("/usr/bin/setpriv", X_OK) != 0)
        cr_skip_test("run by root, and no setpriv to play as nobody");
    return true;
}

#endif
