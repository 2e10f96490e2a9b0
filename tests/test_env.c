/* test_env.c: a bot's environment. Sandboxed, it starts from a clean one
 * (PATH, HOME its own folder, LANG and LC_*, TMPDIR) plus its --env, and no
 * process of its sandbox holds referee's (a token referee has is nowhere);
 * unsandboxed, it gets referee's with its --env put in. --env, the engines
 * file's env column and `league add --env` all reach the bot. Real runs of
 * referee with the fixture bot's env mode, which writes its environment and
 * process 1's to its log. */
#include "config.h"
#include "helpers.h"
#include "bwrap.h"
#include "run.h"
#include "sandbox.h"

#include <criterion/criterion.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define FIXTURE BUILD_DIR "/testbots/fixture"

static struct run_result r;

/* Referee's environment as a caller with a secret has it. */
static void set_host_env(void)
{
    setenv("H4_API_TOKEN", "secret-4711", 1);
    setenv("TERM", "xterm-256color", 1);
    setenv("LANG", "C.UTF-8", 1);
    setenv("LC_TIME", "C", 1);
}

/* A match of e=FIXTURE env against the random bot in results dir, with the
 * extra words (NULL-ended); the log of e into log. */
static void play_env(const char *dir, const char *const *extra, char *log, size_t cap)
{
    char *run[32] = {
        REFEREE_BIN, "match", "--bot",     "e=" FIXTURE " env", "--bot", "r=" BOTDIR "random",
        "--games",   "1",     "--results", (char *)dir,         "-q"};
    int n = 11;
    for (int i = 0; extra[i] && n < 30; i++)
        run[n++] = (char *)extra[i];
    run[n] = NULL;
    cr_assert_eq(run_program(run, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    test_slurp(dir, "logs/e.log", log, cap);
}

/* Whether log has the line "env VAR=VALUE" for var ("VAR=VALUE"). */
static bool has_var(const char *log, const char *var)
{
    char line[PATH_MAX + 64];
    snprintf(line, sizeof(line), "env %s\n", var);
    return strstr(log, line) != NULL;
}

/* Every "env NAME=" line of log names a variable a sandboxed bot may have
 * (PWD: bubblewrap's, where it starts). */
static void expect_only_clean_vars(const char *log)
{
    static const char *const allowed[] = {"PATH=",   "HOME=", "LANG=", "LC_",
                                          "TMPDIR=", "PWD=",  "FOO="};
    for (const char *at = log; (at = strstr(at, "env ")) != NULL; at++) {
        if (at != log && at[-1] != '\n')
            continue;
        bool ok = false;
        for (size_t i = 0; i < sizeof(allowed) / sizeof(allowed[0]) && !ok; i++)
            ok = strncmp(at + 4, allowed[i], strlen(allowed[i])) == 0;
        cr_expect(ok, "a variable of referee's reached it: %.60s", at);
    }
}

/* With --sandbox, with a --dir and without: only PATH, HOME (the --dir, or
 * the private working folder), LANG, LC_*, TMPDIR and its --env; no token,
 * no TERM, and none in bubblewrap's init either. Before: referee's whole
 * environment, the token included. */
Test(env, a_sandboxed_bot_starts_from_a_clean_environment, .timeout = 60)
{
    test_need_bwrap();
    set_host_env();
    char dir[64], work[64], at[96], log[16384], home[PATH_MAX], cwd[PATH_MAX - 8];
    test_tmpdir(dir, "env");
    test_tmpdir(work, "envwork");
    if (getuid() == 0) /* root's sandboxed bots run as a user of their own */
        cr_assert_eq(chown(work, SANDBOX_USER_DEFAULT, SANDBOX_USER_DEFAULT), 0);
    snprintf(at, sizeof(at), "e=%s", work);
    play_env(dir, (const char *const[]){"--sandbox", "--dir", at, "--env", "e=FOO=bar", NULL}, log,
             sizeof(log));
    cr_expect(!strstr(log, "secret-4711"), "the token reached it: %s", log);
    cr_expect(!strstr(log, "TERM="), "%s", log);
    snprintf(home, sizeof(home), "HOME=%s", work);
    cr_expect(has_var(log, home), "its --dir is its home: %s", log);
    cr_expect(has_var(log, "TMPDIR=/tmp") && has_var(log, "LANG=C.UTF-8") &&
                  has_var(log, "LC_TIME=C") && has_var(log, "FOO=bar"),
              "%s", log);
    cr_expect(strstr(log, "\nenv PATH=") || strncmp(log, "env PATH=", 9) == 0, "%s", log);
    expect_only_clean_vars(log);

    char dir2[64];
    test_tmpdir(dir2, "env");
    play_env(dir2, (const char *const[]){"--sandbox", NULL}, log, sizeof(log));
    cr_assert_not_null(realpath(".", cwd));
    snprintf(home, sizeof(home), "HOME=%s", cwd);
    cr_expect(has_var(log, home), "its private working folder is its home: %s", log);
    cr_expect(!strstr(log, "secret-4711"), "%s", log);
    expect_only_clean_vars(log);
}

/* A sandboxed bot given its own PATH (--env e=PATH=...) has its program, a
 * name without '/', looked up there, as it runs: a folder of tools, not on
 * referee's PATH, holds it; it plays and starts with that PATH. Before: it
 * was looked up in referee's PATH, found nowhere, not shown, and bwrap
 * found nothing ("No such file or directory"). */
Test(env, a_sandboxed_bots_own_path_finds_its_program, .timeout = 60)
{
    test_need_bwrap();
    char dir[64], tools[64], prog[96], path[128], log[16384];
    test_tmpdir(dir, "env");
    test_tmpdir_open(tools, "envtools", 0755);
    snprintf(prog, sizeof(prog), "%s/envbot", tools);
    run_copy(&r, FIXTURE, prog);
    snprintf(path, sizeof(path), "e=PATH=%s:/usr/bin:/bin", tools);
    char *run[] = {REFEREE_BIN,          "match", "--bot", "e=envbot env", "--bot",
                   "r=" BOTDIR "random", "--env", path,    "--games",      "1",
                   "--results",          dir,     "-q",    "--sandbox",    NULL};
    cr_assert_eq(run_program(run, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_expect_eq(test_fouls_in(dir), 0);
    test_slurp(dir, "logs/e.log", log, sizeof(log));
    cr_expect(has_var(log, path + 2), "its own PATH: %s", log);
}

/* Without --sandbox: referee's environment as today, with --env added and
 * replacing a variable of the same name. Before: --env was unknown. */
Test(env, without_sandbox_a_bot_gets_referees_environment_with_its_own, .timeout = 60)
{
    set_host_env();
    char dir[64], log[65536];
    test_tmpdir(dir, "env");
    play_env(dir, (const char *const[]){"--env", "e=FOO=bar", "--env", "e=LANG=fr_FR.UTF-8", NULL},
             log, sizeof(log));
    cr_expect(has_var(log, "H4_API_TOKEN=secret-4711"), "referee's, as before: %s", log);
    cr_expect(has_var(log, "TERM=xterm-256color"), "%s", log);
    cr_expect(has_var(log, "FOO=bar"), "%s", log);
    cr_expect(has_var(log, "LANG=fr_FR.UTF-8") && !has_var(log, "LANG=C.UTF-8"),
              "replaced, not twice: %s", log);
}

/* The engines file's env column: VAR=VALUE;VAR=VALUE, `\;` a ';' of a
 * value; a bad name is refused naming its row and column (exit 3). */
Test(env, the_engines_file_env_column_sets_a_bots_variables, .timeout = 60)
{
    char dir[64], file[96], log[65536];
    test_tmpdir(dir, "env");
    snprintf(file, sizeof(file), "%s/engines.csv", dir);
    FILE *f = fopen(file, "w");
    cr_assert_not_null(f);
    fprintf(f, "name,command,env\n"
               "e," FIXTURE " env,FOO=a\\;b;BAR=2\n"
               "r," BOTDIR "random,\n");
    fclose(f);
    char res[96];
    snprintf(res, sizeof(res), "%s/res", dir);
    char *run[] = {REFEREE_BIN, "tournament", "--bots", file, "--games",
                   "2",         "--results",  res,      "-q", NULL};
    cr_assert_eq(run_program(run, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    test_slurp(res, "logs/e.log", log, sizeof(log));
    cr_expect(has_var(log, "FOO=a;b") && has_var(log, "BAR=2"), "%s", log);

    f = fopen(file, "w");
    cr_assert_not_null(f);
    fprintf(f, "name,command,env\ne," FIXTURE " env,1BAD=x\n");
    fclose(f);
    cr_assert_eq(run_program(run, NULL, &r), 0);
    cr_expect_eq(r.status, 3, "%s", r.err);
    cr_expect(strstr(r.err, "row 1, column 3 ('env')"), "%s", r.err);
}

/* `league add --env` writes the entry's env column in bots.csv, and a run
 * gives the entry its variables. Before: --env was unknown. */
Test(env, league_add_env_reaches_the_entry, .timeout = 60)
{
    char dir[64], log[65536], bots[1024];
    test_tmpdir(dir, "env");
    char *add[] = {REFEREE_BIN, "league",  "add",   dir,     "e=" FIXTURE " env",
                   "--env",     "FOO=x;y", "--env", "BAR=2", NULL};
    cr_assert_eq(run_program(add, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    char *add2[] = {REFEREE_BIN, "league", "add", dir, "r=" BOTDIR "random", NULL};
    cr_assert_eq(run_program(add2, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    test_slurp(dir, "bots.csv", bots, sizeof(bots));
    cr_expect(strstr(bots, "FOO=x\\;y;BAR=2"), "%s", bots);
    char *run[] = {REFEREE_BIN, "league", "run", dir, "--games", "2", "-q", NULL};
    cr_assert_eq(run_program(run, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    test_slurp(dir, "logs/e.log", log, sizeof(log));
    cr_expect(has_var(log, "FOO=x;y") && has_var(log, "BAR=2"), "%s", log);
}

/* The environment a bot starts with, as known answers. */
Test(env, config_bot_environ_known_answers, .timeout = 10)
{
    char *host[] = {"PATH=/x",  "HOME=/root", "TERM=xterm",  "LANG=C",
                    "LC_ALL=C", "SECRET=1",   "LANGUAGE=fr", NULL};
    struct bot_spec b = {0};
    struct sandbox_paths s = {.workdir = "/w"};
    const char *why;
    char **env;

    cr_assert_eq(config_bot_environ(&b, host, &env), 0);
    cr_expect_null(env, "no --env, no sandbox: referee's as it is");
    cr_assert_eq(config_bot_set_env(&b, "SECRET=2", &why), 0);
    cr_assert_eq(config_bot_set_env(&b, "NEW=a=b", &why), 0);
    cr_assert_eq(config_bot_set_env(&b, "NEW=3", &why), 0, "a name again: replaced");
    cr_expect_eq(b.nenv, 2);
    cr_assert_eq(config_bot_environ(&b, host, &env), 0);
    const char *plain[] = {"PATH=/x",     "HOME=/root", "TERM=xterm", "LANG=C", "LC_ALL=C",
                           "LANGUAGE=fr", "SECRET=2",   "NEW=3",      NULL};
    for (int i = 0; plain[i] || env[i]; i++)
        cr_expect(plain[i] && env[i] && strcmp(plain[i], env[i]) == 0, "%d: %s", i, env[i]);
    config_environ_free(env);

    b.sandbox = &s;
    cr_assert_eq(config_bot_environ(&b, host, &env), 0);
    const char *clean[] = {"LANG=C", "LC_ALL=C", "PATH=/x", "HOME=/w", "TMPDIR=/tmp", NULL};
    for (int i = 0; clean[i] || env[i]; i++)
        cr_expect(clean[i] && env[i] && strcmp(clean[i], env[i]) == 0, "%d: %s", i, env[i]);
    config_environ_free(env);

    /* Its own are bwrap's to set, inside. */
    const char *words[SANDBOX_WORDS_MAX + 1];
    s.env = b.env;
    s.nenv = b.nenv;
    sandbox_set_size(&s, 16);
    int n = sandbox_words(&s, words, SANDBOX_WORDS_MAX), set = 0;
    cr_assert_gt(n, 0);
    for (int i = 0; i + 2 < n; i++)
        if (strcmp(words[i], "--setenv") == 0)
            set += strcmp(words[i + 1], "SECRET") == 0
                       ? strcmp(words[i + 2], "2") == 0
                       : strcmp(words[i + 1], "NEW") == 0 && strcmp(words[i + 2], "3") == 0;
    cr_expect_eq(set, 2, "a --setenv for each of its own");
    b.sandbox = NULL;
    config_bot_release(&b);
}

/* A name is letters, digits and '_', not first a digit; 32 at most. */
Test(env, bad_variables_are_refused, .timeout = 10)
{
    struct bot_spec b = {0};
    const char *why;
    const char *bad[] = {"=x", "1X=2", "A-B=1", "NOVALUE", "A B=1"};
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
        cr_expect_eq(config_bot_set_env(&b, bad[i], &why), -1, "%s", bad[i]);
    char var[32];
    for (int i = 0; i < SANDBOX_ENV_MAX; i++) {
        snprintf(var, sizeof(var), "V%d=%d", i, i);
        cr_assert_eq(config_bot_set_env(&b, var, &why), 0, "%s", var);
    }
    cr_expect_eq(config_bot_set_env(&b, "ONE_MORE=1", &why), -1);
    cr_expect(strstr(why, "more than 32"), "%s", why);
    cr_expect_eq(config_bot_set_env(&b, "V3=again", &why), 0, "a name again is no more");
    config_bot_release(&b);
}
