/* test_sandbox_user.c: run by root, sandboxed bots run as an unprivileged
 * user of their own (--sandbox-user, default uid 65533): a setuid copy of
 * /usr/bin/id made by a bot gives nobody root, /etc/ssl/private is closed to
 * it, a --dir or a program that user cannot reach is refused naming it; and
 * without --sandbox, root is told once that its bots run as root. Real runs
 * of referee, real bubblewrap; skipped, saying why, unless run by root. */
#include "helpers.h"
#include "bwrap.h"
#include "run.h"
#include "sandbox.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static struct run_result r;

static void need_root_and_bwrap(void)
{
    if (getuid() != 0)
        cr_skip_test("needs root: the user sandboxed bots run as is root's choice");
    test_need_bwrap();
}

/* In a new folder (readable by all, *top), a bot's folder dir (top/d) owned
 * by uid:gid that holds hostile.sh (script: its lines) and a copy of the
 * random bot, which the script execs at its end. */
static void bot_folder(char *top, char *dir, const char *script, int uid, int gid)
{
    char cmd[2048];
    test_tmpdir_open(top, "sandboxuser", 0755);
    snprintf(dir, 96, "%s/d", top);
    snprintf(cmd, sizeof(cmd),
             "mkdir %s && cp " BOTDIR "random %s/random && printf '%%s\\nexec ./random\\n' '%s' "
             ">%s/hostile.sh && chown -R %d:%d %s",
             dir, dir, script, dir, uid, gid, dir);
    char *sh[] = {"/bin/sh", "-c", cmd, NULL};
    cr_assert_eq(run_program(sh, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
}

/* Play a sandboxed match of `/bin/sh hostile.sh` in dir against the random
 * bot, results in top/res, with the extra words (NULL-ended, or NULL). */
static void play(const char *top, const char *dir, const char *const *extra)
{
    char res[96], at[128];
    snprintf(res, sizeof(res), "%s/res", top);
    snprintf(at, sizeof(at), "h=%s", dir);
    char *run[24] = {REFEREE_BIN, "match",    "--bot",     "h=/bin/sh hostile.sh",
                     "--dir",     at,         "--bot",     "r=" BOTDIR "random",
                     "--games",   "1",        "--results", res,
                     "-q",        "--sandbox"};
    int n = 14;
    for (int i = 0; extra && extra[i] && n < 22; i++)
        run[n++] = (char *)extra[i];
    run[n] = NULL;
    cr_assert_eq(run_program(run, NULL, &r), 0);
}

/* dir/name read whole into buf (cap bytes); "" if missing. */
static void slurp(const char *dir, const char *name, char *buf, size_t cap)
{
    char path[160];
    snprintf(path, sizeof(path), "%s/%s", dir, name);
    FILE *f = fopen(path, "r");
    size_t n = f ? fread(buf, 1, cap - 1, f) : 0;
    buf[n] = '\0';
    if (f)
        fclose(f);
}

/* The attack of issue 35: a bot copies /usr/bin/id into its --dir and makes
 * it setuid. Its copy belongs to uid 65533, so run by a plain user (nobody)
 * it gives euid 65533, not 0. The bot itself is uid 65533 inside, cannot
 * list /etc/ssl/private, and its --dir is mounted nosuid,nodev. Before: the
 * copy was root's, setuid, and gave nobody euid 0. */
Test(sandbox_user, a_setuid_copy_made_by_a_bot_gives_nobody_root, .timeout = 60)
{
    need_root_and_bwrap();
    char top[64], dir[96], id[128], text[4096];
    bot_folder(top, dir,
               "cp /usr/bin/id ./id && chmod 4755 ./id; id -u >uid.txt; "
               "ls /etc/ssl/private >private.txt 2>&1; echo $? >>private.txt; "
               "grep \" $PWD \" /proc/self/mountinfo >mount.txt",
               0, 0);
    /* Anyone's to write, so that the bot writes there whoever it runs as
     * (root without capabilities, before; its own user now). */
    cr_assert_eq(chmod(dir, 0777), 0);
    play(top, dir, NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    snprintf(id, sizeof(id), "%s/id", dir);
    struct stat st;
    cr_assert_eq(stat(id, &st), 0, "the bot made its copy");
    cr_expect(st.st_uid != 0 || !(st.st_mode & S_ISUID), "no setuid-root file: uid %d mode %o",
              (int)st.st_uid, (unsigned)st.st_mode);
    cr_expect_eq(st.st_uid, SANDBOX_USER_DEFAULT, "the bot's user owns what it writes");
    char *as_nobody[] = {TEST_NOBODY, id, "-u", NULL};
    if (access(as_nobody[0], X_OK) == 0) {
        cr_assert_eq(run_program(as_nobody, NULL, &r), 0);
        cr_expect_eq(r.status, 0, "%s", r.err);
        cr_expect_neq(atoi(r.out), 0, "a plain user running it is not root: euid %s", r.out);
        cr_expect_eq(atoi(r.out), SANDBOX_USER_DEFAULT, "%s", r.out);
    }
    slurp(dir, "uid.txt", text, sizeof(text));
    cr_expect_eq(atoi(text), SANDBOX_USER_DEFAULT, "its uid inside: %s", text);
    if (access("/etc/ssl/private", F_OK) == 0) {
        slurp(dir, "private.txt", text, sizeof(text));
        cr_expect(strstr(text, "Permission denied"), "/etc/ssl/private is closed: %s", text);
    }
    slurp(dir, "mount.txt", text, sizeof(text));
    cr_expect(strstr(text, "nosuid") && strstr(text, "nodev"), "its --dir: %s", text);
}

/* --sandbox-user picks the user, by number (a name works as well); its
 * folder must be that user's. */
Test(sandbox_user, sandbox_user_chooses_who_bots_run_as, .timeout = 60)
{
    need_root_and_bwrap();
    char top[64], dir[96], text[256];
    bot_folder(top, dir, "id -u >uid.txt; id -G >groups.txt", 65530, 65531);
    play(top, dir, (const char *const[]){"--sandbox-user", "65530:65531", NULL});
    cr_assert_eq(r.status, 0, "%s", r.err);
    slurp(dir, "uid.txt", text, sizeof(text));
    cr_expect_eq(atoi(text), 65530, "%s", text);
    slurp(dir, "groups.txt", text, sizeof(text));
    cr_expect_str_eq(text, "65531\n", "its group alone, none of root's");
}

/* A --dir the bots' user cannot write, and a program under a folder it
 * cannot enter (mkdtemp's 0700, as /root), are refused before any game in
 * one line that names the path and the uid (exit 2). Before: root's bots
 * wrote and read anything. */
Test(sandbox_user, what_the_user_cannot_reach_is_refused_naming_it, .timeout = 60)
{
    need_root_and_bwrap();
    char top[64], dir[96], want[160];
    bot_folder(top, dir, "true", 0, 0);
    play(top, dir, NULL);
    snprintf(want, sizeof(want), "cannot write in '%s' as uid %d", dir, SANDBOX_USER_DEFAULT);
    run_expect_one_line(&r, 2, want, "a --dir it cannot write");

    char hidden[64], prog[96], bot[128], res[96];
    test_tmpdir(hidden, "sandboxuser"); /* 0700, root's */
    snprintf(prog, sizeof(prog), "%s/random", hidden);
    snprintf(bot, sizeof(bot), "p=%s", prog);
    snprintf(res, sizeof(res), "%s/res2", top);
    run_copy(&r, BOTDIR "random", prog);
    char *run[] = {REFEREE_BIN, "match", "--bot",     bot, "--bot", "r=" BOTDIR "random",
                   "--sandbox", "-q",    "--results", res, NULL};
    cr_assert_eq(run_program(run, NULL, &r), 0);
    snprintf(want, sizeof(want), "'%s' as uid %d", prog, SANDBOX_USER_DEFAULT);
    run_expect_one_line(&r, 2, want, "a program under a folder it cannot enter");
}

/* Root's PATH often starts with folders only root may enter
 * (/root/.pyenv/shims): here a folder of root's, 0700, holding python3 (a
 * shim, as pyenv's: a script that execs the system's) and a link to the
 * system's python3, then /usr/bin:/bin. A sandboxed `python3 bot.py` is
 * looked up as its user would: past that folder, to /usr/bin/python3. It
 * plays without a foul, starts with the PATH it was looked up in (the
 * folder left out), and the run says once which entry it left out. The
 * link named by its path is refused naming it, as a file there is. Before:
 * refused, "cannot read 'DIR/python3' as uid 65533"; the link failed in
 * the sandbox ("execvp: No such file or directory"). */
Test(sandbox_user, a_path_entry_the_user_cannot_read_is_left_out_of_its_path, .timeout = 60)
{
    need_root_and_bwrap();
    if (access("/usr/bin/python3", X_OK) != 0)
        cr_skip_test("no /usr/bin/python3 here for the bot");
    char top[64], hidden[64], cmd[1024], want[128], log[4096];
    test_tmpdir_open(top, "sandboxuser", 0755);
    test_tmpdir(hidden, "sandboxuser"); /* 0700, root's, as /root */
    snprintf(cmd, sizeof(cmd),
             "printf '#!/bin/sh\nexec /usr/bin/python3 \"$@\"\n' >%s/python3 && "
             "chmod 755 %s/python3 && ln -s /usr/bin/python3 %s/link && "
             "printf '%%s\n' 'import os, sys' "
             "'print(\"path=\" + os.environ[\"PATH\"], file=sys.stderr, flush=True)' "
             "'for line in sys.stdin:' '    w = line.split()' "
             "'    if w and w[0] == \"turn\": print(w[w.index(\"legal\") + 1], flush=True)' "
             ">%s/bot.py && cd %s && PATH=%s:/usr/bin:/bin exec " REFEREE_BIN
             " match -q --bot 'p=python3 bot.py' --bot r=" BOTDIR "random --games 2 --sandbox "
             "--results res",
             hidden, hidden, hidden, top, top, hidden);
    char *sh[] = {"/bin/sh", "-c", cmd, NULL};
    cr_assert_eq(run_program(sh, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    char res[96];
    snprintf(res, sizeof(res), "%s/res", top);
    cr_expect_eq(test_fouls_in(res), 0);
    snprintf(want, sizeof(want), "left out of the bots' PATH, as uid %d cannot read them: '%s'\n",
             SANDBOX_USER_DEFAULT, hidden);
    const char *at = strstr(r.err, want);
    cr_expect(at, "the note names it: %s", r.err);
    cr_expect(at && !strstr(at + 1, "left out of"), "once: %s", r.err);
    test_slurp(res, "logs/p.log", log, sizeof(log));
    cr_expect(strstr(log, "path=/usr/bin:/bin\n"), "the PATH it was looked up in: %s", log);

    snprintf(cmd, sizeof(cmd),
             "cd %s && exec " REFEREE_BIN " match -q --bot 'p=%s/link bot.py' --bot r=" BOTDIR
             "random --sandbox --results res2",
             top, hidden);
    cr_assert_eq(run_program(sh, NULL, &r), 0);
    cr_expect_eq(r.status, 2, "%s", r.err);
    snprintf(want, sizeof(want), "'%s/link' as uid %d", hidden, SANDBOX_USER_DEFAULT);
    cr_expect(strstr(r.err, want), "named by its path, refused: %s", r.err);
}

/* Root for bots, root to run them as, and a user without --sandbox: each
 * refused in one line. */
Test(sandbox_user, sandbox_user_refusals, .timeout = 30)
{
    static const char *const cases[][2] = {
        {"0", "bots would run as root"},
        {"65530:0", "bots would run as root"},
        {"no-such-user-here", "no such user"},
        {"65530:no-such-group-here", "no such group"},
    };
    char dir[64];
    test_tmpdir(dir, "sandboxuser");
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        char *run[] = {REFEREE_BIN,
                       "match",
                       "--bot",
                       "a=" BOTDIR "random",
                       "--bot",
                       "b=" BOTDIR "random",
                       "--sandbox",
                       "--sandbox-user",
                       (char *)cases[i][0],
                       "--results",
                       dir,
                       NULL};
        cr_assert_eq(run_program(run, NULL, &r), 0);
        cr_expect_eq(r.status, 2, "%s: %s", cases[i][0], r.err);
        cr_expect(strstr(r.err, cases[i][1]), "%s: %s", cases[i][0], r.err);
    }
    char *alone[] = {REFEREE_BIN,
                     "match",
                     "--bot",
                     "a=" BOTDIR "random",
                     "--bot",
                     "b=" BOTDIR "random",
                     "--sandbox-user",
                     "65530",
                     "--results",
                     dir,
                     NULL};
    cr_assert_eq(run_program(alone, NULL, &r), 0);
    cr_expect_eq(r.status, 2, "%s", r.err);
    cr_expect(strstr(r.err, "give --sandbox too"), "%s", r.err);
    if (getuid() != 0) { /* a plain user cannot give its bots away */
        char *plain[] = {REFEREE_BIN, "match",
                         "--bot",     "a=" BOTDIR "random",
                         "--bot",     "b=" BOTDIR "random",
                         "--sandbox", "--sandbox-user",
                         "65530",     "--results",
                         dir,         NULL};
        cr_assert_eq(run_program(plain, NULL, &r), 0);
        cr_expect_eq(r.status, 2, "%s", r.err);
        cr_expect(strstr(r.err, "only root can run bots as another user"), "%s", r.err);
    }
}

/* Run by root without --sandbox, referee says once that its bots run as
 * root; with --sandbox it does not; doctor, which has no sandbox, says it
 * too. */
Test(sandbox_user, root_is_told_once_that_unsandboxed_bots_run_as_root, .timeout = 60)
{
    need_root_and_bwrap();
    for (int sandbox = 0; sandbox < 2; sandbox++) {
        char dir[64];
        test_tmpdir(dir, "sandboxuser");
        char *run[] = {REFEREE_BIN, "match",
                       "--bot",     "a=" BOTDIR "random",
                       "--bot",     "b=" BOTDIR "random",
                       "--games",   "4",
                       "--results", dir,
                       "-q",        sandbox ? "--sandbox" : NULL,
                       NULL};
        cr_assert_eq(run_program(run, NULL, &r), 0);
        cr_assert_eq(r.status, 0, "%s", r.err);
        const char *at = strstr(r.err, "bots run as root");
        if (sandbox) {
            cr_expect_null(at, "%s", r.err);
        } else {
            cr_expect_not_null(at, "%s", r.err);
            cr_expect(at && !strstr(at + 1, "bots run as root"), "once: %s", r.err);
        }
    }
    char *doctor[] = {REFEREE_BIN, "doctor", BOTDIR "random", NULL};
    cr_assert_eq(run_program(doctor, NULL, &r), 0);
    cr_expect_eq(r.status, 0, "%s%s", r.out, r.err);
    cr_expect(strstr(r.err, "bots run as root") && strstr(r.err, "as a plain user"), "%s", r.err);
}
