/* test_binding.c: binding.c on real files: which files an entry's command
 * binds (its program through PATH, the files it names, not the system's),
 * their digests as sha256sum gives them, and what a change is said to be. */
#include "binding.h"
#include "helpers.h"
#include "xalloc.h"

#include <criterion/criterion.h>
#include <sys/stat.h>

#define ABC "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f, "%s", path);
    fputs(text, f);
    cr_assert_eq(fclose(f), 0);
}

static void take(struct binding *b, const char *command, const char *cwd)
{
    struct bot_spec bot = {0};
    const char *why;
    cr_assert_eq(config_bot_make(&bot, "x", command, &why), 0);
    bot.cwd = cwd ? xstrdup(cwd) : NULL;
    binding_take(b, &bot, NULL, 0);
    config_bot_release(&bot);
}

Test(binding, binds_the_files_a_command_names_but_not_the_systems, .timeout = 10)
{
    char dir[64], path[96], want[256];
    test_tmpdir(dir, "binding");
    snprintf(path, sizeof(path), "%s/bot.py", dir);
    write_file(path, "abc");
    struct binding b;
    /* sh through PATH is the system's; bot.py, from the entry's --dir, is bound. */
    take(&b, "sh bot.py 7 'two words'", dir);
    char *real = realpath(path, NULL);
    snprintf(want, sizeof(want), ABC "  %s\n", real);
    cr_expect_str_eq(b.files, want);
    cr_expect_eq(b.nfiles, 1);
    snprintf(want, sizeof(want), "sh bot.py 7 'two words' --dir %s", dir);
    cr_expect_str_eq(b.command, want);
    cr_expect_not(binding_is_stale(&b));
    char why[512];
    cr_expect_not(binding_differs(want, b.files, &b, why, sizeof(why)));

    /* Another program in the same file: stale by its stat (its size: the
     * same size in the same clock tick is the racy case), and named so. */
    write_file(path, "abcd");
    cr_expect(binding_is_stale(&b));
    struct binding now;
    take(&now, "sh bot.py 7 'two words'", dir);
    cr_expect(binding_differs(b.command, b.files, &now, why, sizeof(why)));
    cr_expect(strstr(why, "bot.py' changed (sha256 ba7816bf8f01... is now "), "%s", why);
    binding_release(&now);
    take(&now, "sh bot.py 8 'two words'", dir);
    cr_expect(binding_differs(b.command, b.files, &now, why, sizeof(why)));
    cr_expect(strstr(why, "its command changed: 'sh bot.py 7"), "%s", why);
    binding_release(&now);
    unlink(path);
    take(&now, "sh bot.py 7 'two words'", dir);
    cr_expect(binding_differs(b.command, b.files, &now, why, sizeof(why)));
    cr_expect(strstr(why, "bot.py' is gone"), "%s", why);
    binding_release(&now);
    binding_release(&b);
    binding_release(&b); /* safe twice */
    free(real);
}

/* The digest of the file at path that a binding takes with cache (n). */
static void digest_with(const char *path, const struct binding *cache, int n, char out[65])
{
    struct binding b;
    binding_take(&b, &(struct bot_spec){.argv = {(char *)path}}, cache, n);
    cr_assert_eq(b.nfiles, 1);
    memcpy(out, b.file[0].digest, 65);
    binding_release(&b);
}

/* In a new folder dir (64 bytes), a program `engine` holding "abc"; its
 * path into path (96 bytes). */
static void new_engine(char *dir, char *path)
{
    test_tmpdir(dir, "binding");
    snprintf(path, 96, "%s/engine", dir);
    write_file(path, "abc");
    cr_assert_eq(chmod(path, 0755), 0);
}

static void sleep_past_racy(void)
{
    struct timespec t = {BINDING_RACY_NS / 1000000000 + 1, 0};
    nanosleep(&t, NULL);
}

Test(binding, a_file_hashed_for_one_entry_is_not_read_again_unchanged, .timeout = 30)
{
    char dir[64], path[96], got[65];
    new_engine(dir, path);
    sleep_past_racy();
    struct binding a;
    take(&a, path, NULL);
    cr_assert_eq(a.nfiles, 1);
    cr_expect_not(a.file[0].racy);
    /* A cache that claims another digest for the same unchanged file is taken
     * at its word: the file was not read again. */
    memset(a.file[0].digest, 'f', 64);
    digest_with(path, &a, 1, got);
    cr_expect_eq(strncmp(got, "ffff", 4), 0, "%s", got);
    /* Changed, it is read. */
    write_file(path, "abc!");
    cr_expect(binding_is_stale(&a));
    digest_with(path, &a, 1, got);
    cr_expect_neq(strncmp(got, "ffff", 4), 0, "%s", got);
    binding_release(&a);
}

/* A file changed as it was read may keep the same stat (coarse timestamps):
 * hashed that soon after a change, its stat is not trusted. */
Test(binding, a_file_read_just_after_a_change_is_read_again, .timeout = 30)
{
    char dir[64], path[96], got[65];
    new_engine(dir, path);
    struct binding a;
    take(&a, path, NULL);
    cr_assert_eq(a.nfiles, 1);
    cr_expect(a.file[0].racy);
    memset(a.file[0].digest, 'f', 64);
    digest_with(path, &a, 1, got);
    cr_expect_str_eq(got, ABC, "a racy digest was trusted");
    /* Its stat the same, it is stale once the racy time has passed: the next
     * pair reads it again. */
    sleep_past_racy();
    cr_expect(binding_is_stale(&a));
    binding_release(&a);
}
