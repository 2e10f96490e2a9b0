/* fork_fails.c: a fault injected from outside, for the tests alone: preloaded
 * into the referee a test starts (LD_PRELOAD), it fails the first
 * FAULT_FORK_FAILS of its vforks with EAGAIN, as a process limit or a fork
 * bomb's doing would; the shipped binary carries no hook. */
#define _GNU_SOURCE /* RTLD_NEXT */
#include <dlfcn.h>
#include <errno.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Failures left; worker threads spawn at once under -j, so it is atomic. */
static atomic_long forks_to_fail;

/* Read the count before main, and take both variables out of the
 * environment, so that the referee alone fails: not its bots, nor a program
 * they start. */
__attribute__((constructor)) static void fork_fails_init(void)
{
    const char *n = getenv("FAULT_FORK_FAILS");
    atomic_store(&forks_to_fail, n ? atol(n) : 0);
    unsetenv("FAULT_FORK_FAILS");
    unsetenv("LD_PRELOAD");
}

/* True if this call is one of those that fail, counted off. */
static bool is_failure_taken(void)
{
    long left = atomic_load(&forks_to_fail);
    while (left > 0)
        if (atomic_compare_exchange_weak(&forks_to_fail, &left, left - 1))
            return true;
    return false;
}

/* The ones that do not fail are a fork: a wrapper cannot return into its
 * caller from a vfork's child (the child would overwrite the frame the parent
 * returns through), and proc_spawn's child asks nothing of vfork that a fork
 * does not give (it writes nothing of its parent's, and reports through a
 * pipe). */
pid_t vfork(void)
{
    if (is_failure_taken()) {
        errno = EAGAIN;
        return -1;
    }
    /* Through memcpy: ISO C has no cast from dlsym's object pointer. */
    void *sym = dlsym(RTLD_NEXT, "fork");
    pid_t (*real_fork)(void) = NULL;
    memcpy(&real_fork, &sym, sizeof(real_fork));
    if (!real_fork) {
        errno = ENOSYS;
        return -1;
    }
    return real_fork();
}
