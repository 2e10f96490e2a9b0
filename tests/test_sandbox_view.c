/* test_sandbox_view.c: what a sandboxed bot's filesystem shows it, with real
 * bubblewrap sandboxes and real Python bots: no "#!" line of a script an
 * interpreter reads, no file its arguments name outside its own folder, no
 * tool's state folder; a bare file name works; a command naming /proc is
 * the bot's mistake; no lock on a shared file is seen by the other bot.
 * Skipped, saying why, where bubblewrap cannot make a sandbox or there is no
 * python3. */
#include "helpers.h"
#include "bwrap.h"
#include "proc.h"
#include "run.h"
#include "sandbox.h"
#include "sandbox_filter.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define LOCKER BUILD_DIR "/testbots/locker"

static struct run_result r;

static void need_python(void)
{
    test_need_bwrap();
    char *trial[] = {"/bin/sh", "-c", "exec python3 -c pass", NULL};
    if (run_program(trial, NULL, &r) != 0 || r.status != 0)
        cr_skip_test("no python3 here: %s", r.err);
}

/* dir/name made (its folders too) with text, mode 0755. */
static void put_file(const char *dir, const char *name, const char *text)
{
    char path[512], cmd[600];
    snprintf(path, sizeof(path), "%s/%s", dir, name);
    snprintf(cmd, sizeof(cmd), "mkdir -p \"$(dirname '%s')\"", path);
    char *sh[] = {"/bin/sh", "-c", cmd, NULL};
    cr_assert_eq(run_program(sh, NULL, &r), 0);
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f, "%s", path);
    fputs(text, f);
    cr_assert_eq(fclose(f), 0);
    cr_assert_eq(chmod(path, 0755), 0);
}

/* A Python bot at dir/name whose first line is line: it says on stderr
 * whether it can read each of the paths (a Python list's text), then plays
 * the first legal move of each turn. */
static void put_probe(const char *dir, const char *name, const char *line, const char *paths)
{
    char text[2048];
    snprintf(text, sizeof(text),
             "%s\n"
             "import sys\n"
             "for p in %s:\n"
             "    try:\n"
             "        open(p).read(1)\n"
             "        print('probe %%s seen' %% p, file=sys.stderr)\n"
             "    except OSError:\n"
             "        print('probe %%s unseen' %% p, file=sys.stderr)\n"
             "sys.stderr.flush()\n"
             "for line in sys.stdin:\n"
             "    w = line.split()\n"
             "    if w and w[0] == 'turn':\n"
             "        print(w[w.index('legal') + 1], flush=True)\n",
             line, paths);
    put_file(dir, name, text);
}

/* referee run from dir with the words of line after "tournament", through
 * /bin/sh (relative paths, quoted commands); env: "NAME=VALUE ..." or "". */
static void run_in(const char *dir, const char *env, const char *line)
{
    char cmd[2048];
    snprintf(cmd, sizeof(cmd), "cd %s && %s exec " REFEREE_BIN " tournament -q %s", dir, env, line);
    char *sh[] = {"/bin/sh", "-c", cmd, NULL};
    cr_assert_eq(run_program(sh, NULL, &r), 0);
}

/* Every game of run_in's run in dir (its results in dir/res) ended without
 * a foul. */
static void expect_no_foul_in_res(const char *dir)
{
    char res[96];
    snprintf(res, sizeof(res), "%s/res", dir);
    test_expect_no_foul(res);
}

/* True if the log of bot in dir/res says "probe PATH seen". */
static bool has_seen(const char *dir, const char *bot, const char *path, char *log, size_t cap)
{
    char name[128], want[512];
    snprintf(name, sizeof(name), "res/logs/%s.log", bot);
    test_slurp(dir, name, log, cap);
    snprintf(want, sizeof(want), "probe %s seen\n", path);
    return strstr(log, want) != NULL;
}

/* The contest layout of issue 35: alice and bob, each `python3
 * subs/NAME/bot.py`. Alice's first line names bob's program, bob's names
 * /etc/shadow: python3 reads them, the kernel never runs them, so neither
 * is shown. (Run as a plain user /etc/shadow is unreadable anyway.) */
Test(sandbox_view, a_script_line_of_a_file_an_interpreter_reads_shows_nothing, .timeout = 60)
{
    need_python();
    char dir[64], bob[128], paths[512], log[8192];
    test_tmpdir_open(dir, "sandboxview", 0755);
    snprintf(bob, sizeof(bob), "%s/subs/bob/bot.py", dir);
    snprintf(paths, sizeof(paths), "['%s', '/etc/shadow']", bob);
    char alice_line[160];
    snprintf(alice_line, sizeof(alice_line), "#!%s", bob);
    put_probe(dir, "subs/alice/bot.py", alice_line, paths);
    put_probe(dir, "subs/bob/bot.py", "#!/etc/shadow", paths);
    run_in(dir, "",
           "--bot 'alice=python3 subs/alice/bot.py' --bot 'bob=python3 subs/bob/bot.py' "
           "--games 2 --sandbox --results res");
    cr_assert_eq(r.status, 0, "%s", r.err);
    expect_no_foul_in_res(dir);
    cr_expect(!has_seen(dir, "alice", bob, log, sizeof(log)), "bob's source hidden: %s", log);
    cr_expect(!has_seen(dir, "alice", "/etc/shadow", log, sizeof(log)), "%s", log);
    cr_expect(has_seen(dir, "bob", bob, log, sizeof(log)), "bob reads its own: %s", log);
    cr_expect(!has_seen(dir, "bob", "/etc/shadow", log, sizeof(log)), "its #! line: %s", log);
}

/* Alice's program itself (no interpreter before it) has a first line naming
 * bob's program: the kernel would run bob's code for her. Bob's program is
 * his by his command's first word, hers only through a "#!" line: not
 * shown to her, so she does not start (her foul), and nothing of bob's runs
 * in her sandbox. */
Test(sandbox_view, a_programs_script_line_naming_another_bots_program_runs_none_of_it,
     .timeout = 60)
{
    need_python();
    char dir[64], bob[128], paths[512], line[160], log[8192];
    test_tmpdir_open(dir, "sandboxview", 0755);
    snprintf(bob, sizeof(bob), "%s/subs/bob/bot.py", dir);
    snprintf(paths, sizeof(paths), "['%s']", bob);
    snprintf(line, sizeof(line), "#!%s", bob);
    put_probe(dir, "subs/alice/bot.py", line, paths);
    put_probe(dir, "subs/bob/bot.py", "#!/usr/bin/env python3", paths);
    run_in(dir, "",
           "--bot alice=subs/alice/bot.py --bot bob=subs/bob/bot.py --sandbox --results res");
    cr_expect(!has_seen(dir, "alice", bob, log, sizeof(log)), "bob's code ran as alice: %s", log);
    cr_expect(has_seen(dir, "bob", bob, log, sizeof(log)), "bob's own: %s", log);
}

/* A file an interpreter's arguments name is shown only in the bot's own
 * folder (the script's, here): its book, not a note beside the results. */
Test(sandbox_view, files_its_arguments_name_show_only_in_its_own_folder, .timeout = 60)
{
    need_python();
    char dir[64], book[128], note[128], paths[512], log[8192];
    test_tmpdir_open(dir, "sandboxview", 0755);
    snprintf(book, sizeof(book), "%s/subs/alice/book.txt", dir);
    snprintf(note, sizeof(note), "%s/notes/secret.txt", dir);
    snprintf(paths, sizeof(paths), "['%s', '%s']", book, note);
    put_probe(dir, "subs/alice/bot.py", "", paths);
    put_file(dir, "subs/alice/book.txt", "e4\n");
    put_file(dir, "notes/secret.txt", "the organiser's\n");
    run_in(dir, "",
           "--bot 'alice=python3 subs/alice/bot.py subs/alice/book.txt notes/secret.txt' "
           "--bot 'bob=python3 subs/alice/bot.py' --sandbox --results res");
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_expect(has_seen(dir, "alice", book, log, sizeof(log)), "its own book: %s", log);
    cr_expect(!has_seen(dir, "alice", note, log, sizeof(log)), "not a note elsewhere: %s", log);
}

/* An interpreter at dir/at whose installation holds secret: it says on
 * stderr whether it can read it, then runs python3 on its script. */
static void put_interpreter(const char *dir, const char *at, const char *secret)
{
    char text[1024];
    snprintf(text, sizeof(text),
             "#!/bin/sh\n"
             "if cat %s/%s >/dev/null 2>&1; then echo 'probe %s seen' >&2; fi\n"
             "exec python3 \"$1\"\n",
             dir, secret, secret);
    put_file(dir, at, text);
    put_file(dir, secret, "token = \"cio-secret\"\n");
}

/* An interpreter outside /usr is shown with its installation, never with a
 * tool's state folder: for `#!/usr/bin/env cargo`, cargo in ~/.cargo/bin,
 * not ~/.cargo and its credentials (it holds no lib/); for a tool in
 * ~/.local/bin, not ~/.local (a hidden folder of the home, which holds lib/
 * and share/keyrings); /opt/lang whole, an installation, lib/ and all. */
Test(sandbox_view, an_installation_is_shown_a_tools_state_folder_is_not, .timeout = 90)
{
    need_python();
    char dir[64], env[512], line[160], log[8192];
    test_tmpdir_open(dir, "sandboxview", 0755);
    put_interpreter(dir, "home/.cargo/bin/cargo", "home/.cargo/credentials.toml");
    put_interpreter(dir, "home/.local/bin/pytool", "home/.local/share/keyrings/login.keyring");
    put_file(dir, "home/.local/lib/python3/site.py", "");
    put_interpreter(dir, "opt/lang/bin/lang", "opt/lang/lib/stdlib.txt");
    put_probe(dir, "subs/c/bot", "#!/usr/bin/env cargo", "[]");
    put_probe(dir, "subs/k/bot", "#!/usr/bin/env pytool", "[]");
    snprintf(line, sizeof(line), "#!%s/opt/lang/bin/lang", dir);
    put_probe(dir, "subs/l/bot", line, "[]");
    snprintf(env, sizeof(env), "HOME=%s/home PATH=%s/home/.cargo/bin:%s/home/.local/bin:$PATH", dir,
             dir, dir);
    run_in(dir, env,
           "--bot c=subs/c/bot --bot k=subs/k/bot --bot l=subs/l/bot --sandbox --results res");
    cr_assert_eq(r.status, 0, "%s", r.err);
    expect_no_foul_in_res(dir);
    cr_expect(!has_seen(dir, "c", "home/.cargo/credentials.toml", log, sizeof(log)),
              "~/.cargo hidden: %s", log);
    cr_expect(!has_seen(dir, "k", "home/.local/share/keyrings/login.keyring", log, sizeof(log)),
              "~/.local hidden: %s", log);
    cr_expect(has_seen(dir, "l", "opt/lang/lib/stdlib.txt", log, sizeof(log)),
              "an installation, whole: %s", log);
}

/* `python3 probe.py`, as PROTOCOL.md writes it: a bare word naming a file
 * of the working directory is the bot's file, under --sandbox as without. */
Test(sandbox_view, a_bare_file_name_works_as_without_the_sandbox, .timeout = 60)
{
    need_python();
    char dir[64];
    test_tmpdir_open(dir, "sandboxview", 0755);
    put_probe(dir, "probe.py", "", "[]");
    run_in(dir, "",
           "--bot 'p=python3 probe.py' --bot r=" BUILD_DIR "/bots/random --games 2 --sandbox "
           "--results res");
    cr_assert_eq(r.status, 0, "%s", r.err);
    expect_no_foul_in_res(dir);
}

/* A venv's bin/python is a link to the system's python3: the link is the
 * bot's program, shown where it is named, with its venv (pyvenv.cfg), so
 * Python runs as the venv's. Before: only the system's file was, and bwrap
 * found nothing at venv/bin/python ("No such file or directory"). */
Test(sandbox_view, a_venvs_python_a_link_to_the_systems_plays, .timeout = 60)
{
    need_python();
    char dir[64], cmd[256], res[96], log[8192];
    test_tmpdir_open(dir, "sandboxview", 0755);
    snprintf(cmd, sizeof(cmd), "exec /usr/bin/python3 -m venv --without-pip %s/venv", dir);
    char *sh[] = {"/bin/sh", "-c", cmd, NULL};
    if (run_program(sh, NULL, &r) != 0 || r.status != 0)
        cr_skip_test("no venv of /usr/bin/python3 here: %s", r.err);
    put_probe(dir, "probe.py", "import sys; print('probe prefix ' + sys.prefix, file=sys.stderr)",
              "[]");
    run_in(dir, "",
           "--bot 'p=venv/bin/python probe.py' --bot r=" BUILD_DIR "/bots/random --games 2 "
           "--sandbox --results res");
    cr_assert_eq(r.status, 0, "%s", r.err);
    snprintf(res, sizeof(res), "%s/res", dir);
    test_expect_no_foul(res);
    snprintf(cmd, sizeof(cmd), "probe prefix %s/venv\n", dir);
    cr_expect(strstr(test_slurp(res, "logs/p.log", log, sizeof(log)), cmd), "its venv: %s", log);
}

/* A command naming a file of /proc (the sandbox has a /proc of its own) is
 * the bot's mistake: one line that names it, exit 2, before any game. */
Test(sandbox_view, a_command_naming_proc_is_refused_as_the_bots, .timeout = 60)
{
    static const char *const bots[] = {"'p=/proc/self/exe'", "'p=python3 /proc/self/cwd/x.py'",
                                       "'p=/proc/1/root/usr/bin/true'"};
    char dir[64];
    test_tmpdir(dir, "sandboxview");
    for (size_t i = 0; i < sizeof(bots) / sizeof(bots[0]); i++) {
        char line[256];
        snprintf(line, sizeof(line),
                 "--bot %s --bot r=" BUILD_DIR "/bots/random --sandbox --results res", bots[i]);
        run_in(dir, "", line);
        run_expect_one_line(&r, 2, "bot 'p' names '/proc/", bots[i]);
        cr_expect(!strstr(r.err, "bubblewrap"), "not the machine's fault: %s", r.err);
    }
    struct stat st;
    char games[128];
    snprintf(games, sizeof(games), "%s/res/games.csv", dir);
    cr_expect_neq(stat(games, &st), 0, "no game was played");
}

/* The words hand bwrap the seccomp program on descriptor 3 (proc.h's
 * PROC_PASS_FD); without one, no such words. */
Test(sandbox_view, words_hand_bwrap_the_filter_on_its_descriptor, .timeout = 10)
{
    struct sandbox_paths p = {.workdir = "/w"};
    const char *words[SANDBOX_WORDS_MAX + 1];
    sandbox_set_size(&p, 16);
    int n = sandbox_words(&p, words, SANDBOX_WORDS_MAX);
    for (int i = 0; i < n; i++)
        cr_expect_str_neq(words[i], "--add-seccomp-fd");
    p.filter_len = sandbox_filter_build(p.filter, sizeof(p.filter));
#if defined(__x86_64__) || defined(__aarch64__)
    cr_assert_gt(p.filter_len, 0);
#endif
    cr_expect_eq(p.filter_len % 8, 0, "whole instructions");
    cr_expect_eq(sandbox_filter_build(p.filter, 16), 0, "too little room: none");
    p.filter_len = sandbox_filter_build(p.filter, sizeof(p.filter));
    n = sandbox_words(&p, words, SANDBOX_WORDS_MAX);
    int at = -1;
    for (int i = 0; i < n; i++)
        if (strcmp(words[i], "--add-seccomp-fd") == 0)
            at = i;
    if (p.filter_len == 0)
        return;
    cr_assert_gt(at, 0);
    cr_expect_eq(atoi(words[at + 1]), PROC_PASS_FD);
    cr_expect_str_eq(words[n - 1], "--", "bwrap's own word, before the command");
}

/* A spawn hands its pass bytes on descriptor 3 and nothing else: the
 * child reads them to their end, and holds 0-3 only (ls opens 4 to list
 * them). */
Test(sandbox_view, a_spawn_hands_its_pass_bytes_on_descriptor_3, .timeout = 10)
{
    char *argv[] = {"/bin/sh", "-c", "cat <&3; echo; exec ls -m /proc/self/fd", NULL};
    struct proc p;
    char line[256];
    size_t len;
    proc_ignore_sigpipe();
    proc_init(&p);
    struct proc_options opt = {.argv = argv, .pass = "filter", .pass_len = 6};
    cr_assert_eq(proc_spawn(&p, &opt), 0);
    int64_t deadline = proc_now_ns() + 5000000000LL;
    cr_assert_eq(proc_read_line(&p, line, sizeof(line), &len, deadline), PROC_OK);
    cr_expect_str_eq(line, "filter", "the bytes, then their end");
    cr_assert_eq(proc_read_line(&p, line, sizeof(line), &len, deadline), PROC_OK);
    cr_expect_str_eq(line, "0, 1, 2, 3, 4", "0-3, and ls's own look at them: %s", line);
    cr_expect_eq(proc_stop(&p, 1000), 0);
}

/* Two bots try every lock on /etc/passwd and on a file of /usr at their
 * first turn and keep what they get. Sandboxed, each is granted every lock
 * and sees none of the other's, and a watch on the files is refused: no
 * signal passes. Unsandboxed the second sees the first's (so the test can
 * fail). */
Test(sandbox_view, two_bots_see_no_lock_of_the_other_on_shared_files, .timeout = 60)
{
    test_need_bwrap();
    static const char *const kinds[] = {"getlk free", "flock got", "setlk got", "ofd got"};
    for (int sandboxed = 0; sandboxed < 2; sandboxed++) {
        char dir[64], log[8192];
        test_tmpdir(dir, "sandboxview");
        run_in(dir, "",
               sandboxed ? "--bot 'a=" LOCKER " /etc/passwd /usr/bin/env' --bot 'b=" LOCKER
                           " /etc/passwd /usr/bin/env' --games 2 --sandbox --results res"
                         : "--bot 'a=" LOCKER " /etc/passwd /usr/bin/env' --bot 'b=" LOCKER
                           " /etc/passwd /usr/bin/env' --games 2 --results res");
        cr_assert_eq(r.status, 0, "%s", r.err);
        bool busy = false;
        for (const char *bot = "a"; bot; bot = bot[0] == 'a' ? "b" : NULL) {
            char name[64];
            snprintf(name, sizeof(name), "res/logs/%s.log", bot);
            test_slurp(dir, name, log, sizeof(log));
            busy |= strstr(log, " busy\n") || strstr(log, " held\n");
            if (!sandboxed)
                continue;
            for (int f = 0; f < 2; f++)
                for (size_t k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++) {
                    char want[96];
                    snprintf(want, sizeof(want), "lock %s %s\n", f ? "/usr/bin/env" : "/etc/passwd",
                             kinds[k]);
                    cr_expect(strstr(log, want), "%s: '%s' in %s", bot, want, log);
                }
            cr_expect(!strstr(log, " watch ok\n"), "%s: no watch: %s", bot, log);
            cr_expect(!strstr(log, " error"), "%s: %s", bot, log);
        }
        if (sandboxed)
            cr_expect(!busy, "neither sees the other's locks");
        else
            cr_expect(busy, "the control: one sees the other's locks");
    }
}

/* A folder that holds a user's home is no installation, even one that looks
 * like it (bin/ and lib/): the home of eve, a user of passwd (not the one
 * running referee), lies inside /srv-like DIR/srv, where an interpreter is.
 * Run as root, in a mount namespace of its own where DIR/passwd stands for
 * /etc/passwd. */
Test(sandbox_view, a_folder_holding_a_users_home_is_not_shown, .timeout = 60)
{
    need_python();
    if (getuid() != 0 || access("/usr/bin/unshare", X_OK) != 0)
        cr_skip_test("needs root and unshare, to give referee a passwd of the test's");
    char dir[64], text[1024], cmd[2048], log[8192];
    test_tmpdir_open(dir, "sandboxview", 0755);
    snprintf(text, sizeof(text),
             "root:x:0:0:root:/root:/bin/sh\neve:x:1000:1000::%s/srv/home/eve:/bin/sh\n", dir);
    put_file(dir, "passwd", text);
    put_interpreter(dir, "srv/bin/lang", "srv/home/eve/.ssh/id_ed25519");
    put_file(dir, "srv/lib/stdlib.txt", "");
    snprintf(text, sizeof(text), "#!%s/srv/bin/lang", dir);
    put_probe(dir, "subs/e/bot", text, "[]");
    snprintf(cmd, sizeof(cmd),
             "mount --bind %s/passwd /etc/passwd && cd %s && exec " REFEREE_BIN
             " tournament -q --bot e=subs/e/bot --bot r=" BUILD_DIR
             "/bots/random --sandbox --results res",
             dir, dir);
    char *sh[] = {"/usr/bin/unshare", "-m", "/bin/sh", "-c", cmd, NULL};
    cr_assert_eq(run_program(sh, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    expect_no_foul_in_res(dir);
    cr_expect(!has_seen(dir, "e", "srv/home/eve/.ssh/id_ed25519", log, sizeof(log)),
              "eve's home hidden: %s", log);
}
