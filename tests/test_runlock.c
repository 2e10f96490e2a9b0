/* test_runlock.c: the lock of a results folder in one process: taken once,
 * refused while held (naming the holder's pid), free again once let go, made
 * in a folder that did not exist; held by inode (a removed run.lock is made
 * again, a name taken meanwhile is another's); never through a link; and the
 * files of a folder opened through it (folder.h), links refused; shared by
 * a league's shards, which a run's lock excludes both ways. */
#include "helpers.h"
#include "folder.h"
#include "runlock.h"

#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>

/* A folder made for the test, opened; its path in dir. */
static int open_folder(char *dir, size_t len, const char *sub)
{
    char base[64];
    int fd;
    test_tmpdir(base, "runlock");
    snprintf(dir, len, "%s/%s", base, sub);
    cr_assert_eq(folder_open(dir, true, &fd), 0);
    return fd;
}

/* Whether the name run.lock in dir_fd names the file fd. */
static bool names(int dir_fd, int fd)
{
    struct stat a, b;
    return fstat(fd, &a) == 0 && fstatat(dir_fd, RUNLOCK_FILE, &b, AT_SYMLINK_NOFOLLOW) == 0 &&
           a.st_ino == b.st_ino && a.st_dev == b.st_dev;
}

Test(runlock, a_held_lock_is_refused_naming_the_pid_and_free_once_let_go, .timeout = 10)
{
    char dir[128];
    int dfd = open_folder(dir, sizeof(dir), "new/results");
    struct runlock l, again;
    long holder = -1;

    cr_assert_eq(runlock_take(&l, dfd, &holder), 0);
    cr_expect_geq(l.fd, 0);
    cr_expect(fcntl(l.fd, F_GETFD) & FD_CLOEXEC, "a bot would inherit the lock");
    /* Another open file description, as another run has: refused. */
    cr_expect_eq(runlock_take(&again, dfd, &holder), -EWOULDBLOCK);
    cr_expect_eq(again.fd, -1);
    cr_expect_eq(holder, (long)getpid());
    runlock_release(&l);
    cr_expect_eq(runlock_take(&again, dfd, &holder), 0);
    runlock_release(&again);
    runlock_release(&again);
    close(dfd);
}

/* A league's batch: its shards share the lock, any number at once, and no
 * run takes it while one does; a run's lock refuses a share; each refused
 * run is told which holds it (runlock_is_shared). */
Test(runlock, shards_share_the_lock_and_a_run_is_refused_while_any_does, .timeout = 10)
{
    char dir[128];
    int dfd = open_folder(dir, sizeof(dir), "batch");
    struct runlock s1, s2, s3, run;
    long holder = -1;

    cr_assert_eq(runlock_take(&run, dfd, &holder), 0);
    runlock_release(&run); /* a run before: its pid stays in the file */
    cr_assert_eq(runlock_share(&s1, dfd, &holder), 0);
    cr_assert_eq(runlock_share(&s2, dfd, &holder), 0);
    cr_assert_eq(runlock_share(&s3, dfd, &holder), 0);
    cr_expect(fcntl(s1.fd, F_GETFD) & FD_CLOEXEC, "a bot would inherit the lock");
    cr_expect_eq(runlock_take(&run, dfd, &holder), -EWOULDBLOCK);
    cr_expect(runlock_is_shared(dfd), "held by shards, not by a run");
    runlock_release(&s1);
    runlock_release(&s2);
    cr_expect_eq(runlock_take(&run, dfd, &holder), -EWOULDBLOCK, "one shard still plays");
    runlock_release(&s3);
    cr_assert_eq(runlock_take(&run, dfd, &holder), 0);
    cr_expect_eq(runlock_share(&s1, dfd, &holder), -EWOULDBLOCK);
    cr_expect_eq(holder, (long)getpid());
    cr_expect_not(runlock_is_shared(dfd), "held by a run");
    runlock_release(&run);
    cr_expect_eq(runlock_share(&s1, dfd, &holder), 0);
    runlock_release(&s1);
    close(dfd);
}

Test(runlock, a_removed_lock_is_made_again_and_one_taken_meanwhile_is_anothers, .timeout = 10)
{
    char dir[128];
    int dfd = open_folder(dir, sizeof(dir), "removed");
    struct runlock l, other;
    long holder;

    cr_assert_eq(runlock_take(&l, dfd, &holder), 0);
    cr_expect_eq(runlock_check(&l, &holder), 0, "the name holds: nothing to do");
    /* Removed: made again, naming the file held, with this pid in it. */
    cr_assert_eq(unlinkat(dfd, RUNLOCK_FILE, 0), 0);
    cr_assert_eq(runlock_check(&l, &holder), 1);
    cr_expect(names(dfd, l.fd));
    cr_expect_eq(runlock_take(&other, dfd, &holder), -EWOULDBLOCK);
    cr_expect_eq(holder, (long)getpid());
    /* Removed, and taken by another before the check: the other's; the
     * check says so and keeps what it holds. */
    cr_assert_eq(unlinkat(dfd, RUNLOCK_FILE, 0), 0);
    cr_assert_eq(runlock_take(&other, dfd, &holder), 0);
    cr_expect_eq(runlock_check(&l, &holder), -EWOULDBLOCK);
    cr_expect_geq(l.fd, 0);
    /* Once the other lets it go, its file is taken over. */
    runlock_release(&other);
    cr_expect_eq(runlock_check(&l, &holder), 1);
    cr_expect(names(dfd, l.fd));
    runlock_release(&l);
    close(dfd);
}

Test(runlock, a_folder_whose_games_csv_is_held_is_in_use, .timeout = 10)
{
    char dir[128];
    int dfd = open_folder(dir, sizeof(dir), "held"), games;
    struct runlock l;
    long holder;

    /* What a run whose run.lock was removed still holds (results.h). */
    cr_assert_eq(folder_open_file(dfd, "games.csv", O_RDWR | O_CREAT, &games), 0);
    cr_assert_eq(flock(games, LOCK_EX | LOCK_NB), 0);
    cr_expect_eq(runlock_take(&l, dfd, &holder), -EWOULDBLOCK);
    cr_expect_eq(l.fd, -1);
    close(games);
    cr_expect_eq(runlock_take(&l, dfd, &holder), 0);
    runlock_release(&l);
    close(dfd);
}

/* A file outside the folder with known text, for a link to point at. */
static void make_target(char *path, size_t len, const char *dir, const char *name)
{
    snprintf(path, len, "%s.%s", dir, name);
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f);
    fputs("secret\n", f);
    fclose(f);
}

static void expect_target_unchanged(const char *path)
{
    char text[64] = "";
    FILE *f = fopen(path, "r");
    cr_assert_not_null(f);
    cr_expect_eq(fread(text, 1, sizeof(text) - 1, f), 7);
    fclose(f);
    cr_expect_str_eq(text, "secret\n", "%s was written through a link", path);
    unlink(path);
}

Test(runlock, a_link_as_run_lock_is_refused_and_its_target_unchanged, .timeout = 10)
{
    char dir[128], target[160], in[200];
    int dfd = open_folder(dir, sizeof(dir), "links");
    struct runlock l;
    long holder;

    make_target(target, sizeof(target), dir, "lock");
    cr_assert_eq(symlinkat(target, dfd, RUNLOCK_FILE), 0);
    cr_expect_eq(runlock_take(&l, dfd, &holder), -ELOOP);
    cr_assert_eq(unlinkat(dfd, RUNLOCK_FILE, 0), 0);
    /* A hard link: another name of the same file, anywhere on its disk. */
    cr_assert_eq(linkat(AT_FDCWD, target, dfd, RUNLOCK_FILE, 0), 0);
    cr_expect_eq(runlock_take(&l, dfd, &holder), -EMLINK);
    cr_expect_eq(l.fd, -1);
    cr_assert_eq(unlinkat(dfd, RUNLOCK_FILE, 0), 0);
    expect_target_unchanged(target);
    /* The folder itself a link: refused, even where it points to a folder. */
    char slash[210];
    snprintf(in, sizeof(in), "%s.alias", dir);
    snprintf(slash, sizeof(slash), "%s/", in);
    cr_assert_eq(symlink(dir, in), 0);
    int fd;
    cr_expect_eq(folder_open(in, true, &fd), -ELOOP);
    cr_expect_eq(folder_open(slash, true, &fd), -ELOOP, "a trailing slash follows the link");
    unlink(in);
    close(dfd);
}

Test(runlock, files_through_a_folder_refuse_links_and_truncate_only_what_they_checked,
     .timeout = 10)
{
    char dir[128], target[160];
    int dfd = open_folder(dir, sizeof(dir), "files"), fd;

    make_target(target, sizeof(target), dir, "file");
    cr_assert_eq(linkat(AT_FDCWD, target, dfd, "games.csv", 0), 0);
    cr_expect_eq(folder_open_file(dfd, "games.csv", O_WRONLY | O_TRUNC, &fd), -EMLINK);
    cr_expect_eq(fd, -1);
    /* Reading a file with another name is no harm. */
    cr_expect_eq(folder_open_file(dfd, "games.csv", O_RDONLY, &fd), 0);
    close(fd);
    cr_expect_eq(folder_check_target(dfd, "games.csv"), -EMLINK);
    cr_assert_eq(symlinkat(target, dfd, "moves.csv"), 0);
    cr_expect_eq(folder_open_file(dfd, "moves.csv", O_WRONLY | O_CREAT | O_APPEND, &fd), -ELOOP);
    cr_expect_eq(folder_check_target(dfd, "moves.csv"), -ELOOP);
    cr_assert_eq(mkfifoat(dfd, "fifo.csv", 0644), 0);
    cr_expect_eq(folder_open_file(dfd, "fifo.csv", O_WRONLY, &fd), -ENXIO, "not waited on");
    cr_expect_eq(folder_open_file(dfd, "fifo.csv", O_RDWR, &fd), -EINVAL);
    cr_assert_eq(mkdirat(dfd, "logs", 0755), 0);
    cr_assert_eq(symlinkat("logs", dfd, "logs2"), 0);
    cr_expect_eq(folder_open_dir(dfd, "logs2", true, &fd), -ELOOP);
    cr_expect_eq(folder_open_dir(dfd, "logs", true, &fd), 0);
    close(fd);
    cr_expect_eq(folder_check_target(dfd, "new.csv"), 0);
    expect_target_unchanged(target);
    close(dfd);
}
