/* test_runlock.c: the lock of a results folder in one process: taken once,
 * refused while held (naming the holder's pid), free again once let go, and
 * made in a folder that did not exist. */
#include "helpers.h"
#include "runlock.h"

#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>

Test(runlock, a_held_lock_is_refused_naming_the_pid_and_free_once_let_go, .timeout = 10)
{
    char dir[64], sub[96];
    test_tmpdir(dir, "runlock");
    snprintf(sub, sizeof(sub), "%s/new/results", dir);
    int fd, again;
    long holder = -1;

    cr_assert_eq(runlock_take(sub, &fd, &holder), 0);
    cr_expect_geq(fd, 0);
    cr_expect(fcntl(fd, F_GETFD) & FD_CLOEXEC, "a bot would inherit the lock");
    /* Another open file description, as another run has: refused. */
    cr_expect_eq(runlock_take(sub, &again, &holder), -EWOULDBLOCK);
    cr_expect_eq(again, -1);
    cr_expect_eq(holder, (long)getpid());
    runlock_release(fd);
    cr_expect_eq(runlock_take(sub, &again, &holder), 0);
    runlock_release(again);
    runlock_release(-1);
}
