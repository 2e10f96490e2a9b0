/* test_contest.c: a contest as an organiser runs it (issue 35): five entries
 * in subs/NAME/, each `python3 subs/NAME/bot.py`, in a league run by root
 * under --sandbox, one of them (tests/bots/attacker.py) trying every escape
 * on its first turn. The others' games are played, the attacker reads and
 * changes nothing of theirs, and `referee check` passes. */
#define _XOPEN_SOURCE 700
#include <criterion/criterion.h>

#include "helpers.h"
#include "run.h"
#include "table.h"

#include <dirent.h>
#include <errno.h>
#include <ftw.h>
#include <signal.h>
#include <sys/stat.h>

#define GAMES 60

static struct run_result r;
static char top[64];   /* the contest's folder: subs/ and league/ */
static char token[64]; /* in referee's environment: no bot may see it */
static char tag[32];   /* the attacker's daemon runs `sleep TAG` */
static const char *const honest[] = {"alice", "bob", "carol", "dave"};

static void referee(const char *what, char *const argv[], int status)
{
    run_expect_exit(&r, what, argv, status);
}

static void slurp(const char *path, char *buf, size_t cap)
{
    FILE *f = fopen(path, "r");
    cr_assert_not_null(f, "%s: %s", path, strerror(errno));
    buf[fread(buf, 1, cap - 1, f)] = '\0';
    fclose(f);
}

static void spill(const char *path, const char *text, mode_t mode)
{
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f, "%s: %s", path, strerror(errno));
    fputs(text, f);
    fclose(f);
    cr_assert_eq(chmod(path, mode), 0);
}

/* subs/NAME/bot.py: the bundled random bot with a secret of NAME's in it. */
static void make_honest(const char *name)
{
    static char bot[1 << 16];
    char path[128], text[sizeof(bot) + 128];
    slurp(SOURCE_DIR "/bots/random.py", bot, sizeof(bot));
    snprintf(path, sizeof(path), "subs/%s", name);
    cr_assert_eq(mkdir(path, 0755), 0);
    snprintf(text, sizeof(text), "%s# SECRET-%s-%s\n", bot, name, token);
    snprintf(path, sizeof(path), "subs/%s/bot.py", name);
    spill(path, text, 0644);
}

/* subs/mallory/bot.py, whose `#!` names bob's program, and its aims. */
static void make_attacker(void)
{
    static char bot[1 << 16];
    char text[sizeof(bot) + 256], aims[512];
    slurp(SOURCE_DIR "/tests/bots/attacker.py", bot, sizeof(bot));
    cr_assert_eq(mkdir("subs/mallory", 0755), 0);
    snprintf(text, sizeof(text), "#!%s/subs/bob/bot.py\n%s", top, bot);
    spill("subs/mallory/bot.py", text, 0755);
    snprintf(aims, sizeof(aims), "rival %s/subs/bob/bot.py\nresults %s/league\ndaemon %s\n", top,
             top, tag);
    spill("subs/mallory/aims", aims, 0644);
}

static const char *found; /* what scan_file looks for, and where it was found */
static char found_in[512];

static int scan_file(const char *path, const struct stat *st, int kind, struct FTW *ftw)
{
    (void)ftw;
    static char text[1 << 22];
    if (kind != FTW_F || !S_ISREG(st->st_mode))
        return 0;
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    size_t n = fread(text, 1, sizeof(text) - 1, f);
    fclose(f);
    text[n] = '\0';
    for (size_t i = 0; i + strlen(found) <= n; i++)
        if (memcmp(text + i, found, strlen(found)) == 0) {
            snprintf(found_in, sizeof(found_in), "%s", path);
            return 1;
        }
    return 0;
}

/* The first file under dir that holds text, or NULL. */
static const char *file_holding(const char *dir, const char *text)
{
    found = text;
    return nftw(dir, scan_file, 16, FTW_PHYS) == 1 ? found_in : NULL;
}

static int scan_setuid(const char *path, const struct stat *st, int kind, struct FTW *ftw)
{
    (void)ftw;
    if (kind == FTW_F && (st->st_mode & (S_ISUID | S_ISGID))) {
        snprintf(found_in, sizeof(found_in), "%s", path);
        return 1;
    }
    return 0;
}

/* The pid of a process whose command line is `sleep TAG`, or 0. */
static pid_t daemon_left(void)
{
    DIR *d = opendir("/proc");
    pid_t pid = 0;
    for (struct dirent *e; d && !pid && (e = readdir(d));) {
        char path[300], line[256];
        snprintf(path, sizeof(path), "/proc/%s/cmdline", e->d_name);
        FILE *f = fopen(path, "r");
        if (!f)
            continue;
        size_t n = fread(line, 1, sizeof(line) - 1, f);
        fclose(f);
        line[n] = '\0';
        if (strcmp(line, "sleep") == 0 && n > 6 && strcmp(line + 6, tag) == 0)
            pid = (pid_t)atol(e->d_name);
    }
    if (d)
        closedir(d);
    return pid;
}

static void expect_said(const char *log, const char *attack, const char *outcome)
{
    char line[128];
    snprintf(line, sizeof(line), "attack %s: %s", attack, outcome);
    cr_expect(strstr(log, line), "the attacker's log has no '%s':\n%s", line, log);
}

/* The MiB the attacker's memfds held, from its log; -1 if it did not say. */
static long memfd_held(const char *log)
{
    const char *at = strstr(log, "attack memfd: done held ");
    return at ? atol(at + strlen("attack memfd: done held ")) : -1;
}

/* Every game without the attacker has no foul; the attacker's memfds (it
 * fills them on its first turn, in each process) end as its foul. */
static void expect_every_other_game_clean(const char *league)
{
    struct table t;
    int honest_games = 0, out_of_memory = 0;
    test_load(&t, league, "games.csv");
    cr_expect_eq(t.nrows, GAMES, "%zu games of %d", t.nrows, GAMES);
    for (size_t i = 0; i < t.nrows; i++) {
        const char *first = test_cell(&t, i, "first"), *second = test_cell(&t, i, "second");
        if (strcmp(first, "mallory") == 0 || strcmp(second, "mallory") == 0) {
            out_of_memory += strcmp(test_cell(&t, i, "foul_by"), "mallory") == 0 &&
                             strstr(test_cell(&t, i, "reason"), "out of memory");
            continue;
        }
        honest_games++;
        cr_expect_str_empty(test_cell(&t, i, "foul"), "game %zu (%s-%s): foul %s", i + 1, first,
                            second, test_cell(&t, i, "foul"));
    }
    cr_expect_gt(honest_games, GAMES / 3, "%d games between honest entries", honest_games);
    if (access("/sys/fs/cgroup/memory", F_OK) == 0 ||
        access("/sys/fs/cgroup/memory.max", F_OK) == 0)
        cr_expect_gt(out_of_memory, 0, "no game of the attacker's ended 'out of memory'");
    table_release(&t);
}

static bool sandbox_here(void)
{
    return access("/usr/bin/bwrap", X_OK) == 0;
}

Test(contest, an_entry_trying_every_escape_changes_and_reads_nothing_of_the_others, .timeout = 300)
{
    if (getuid() != 0)
        cr_skip_test("needs root: the contest is the one issue 35 ran as root");
    if (!sandbox_here())
        cr_skip_test("no bubblewrap (Debian's bubblewrap) for --sandbox");
    test_tmpdir(top, "contest");
    cr_assert_eq(chmod(top, 0755), 0); /* an organiser's folder, as it usually is */
    cr_assert_eq(chdir(top), 0);
    snprintf(token, sizeof(token), "tok%ld%ld", (long)getpid(), (long)time(NULL));
    snprintf(tag, sizeof(tag), "86399.%ld", (long)getpid() % 100000);
    setenv("REFEREE_CONTEST_TOKEN", token, 1);
    /* PATH as root has it (here /root/.pyenv/shims first): python3 is the one
     * the bots' user can read */
    cr_assert_eq(mkdir("subs", 0755), 0);
    for (size_t i = 0; i < 4; i++)
        make_honest(honest[i]);
    make_attacker();

    char league[96], entry[128];
    snprintf(league, sizeof(league), "%s/league", top);
    for (size_t i = 0; i < 5; i++) {
        const char *name = i < 4 ? honest[i] : "mallory";
        snprintf(entry, sizeof(entry), "%s=python3 subs/%s/bot.py%s", name, name,
                 i < 4 ? "" : " subs/mallory/aims");
        char *add[] = {REFEREE_BIN, "league",   "add",   league, entry,
                       "--game",    "connect4", "--lag", "8",    NULL};
        referee(entry, add, 0);
    }
    char *run[] = {REFEREE_BIN, "league",   "run", league,        "--games", "60", "-j", "2",
                   "--sandbox", "--memory", "256", "--max-procs", "64",      "-q", NULL};
    referee("the contest", run, 0);

    char *check[] = {REFEREE_BIN, "check", "--strict", league, NULL};
    referee("check", check, 0);
    expect_every_other_game_clean(league);

    static char log[1 << 20];
    char path[160];
    snprintf(path, sizeof(path), "%s/logs/mallory.log", league);
    slurp(path, log, sizeof(log));
    for (size_t i = 0; i < 4; i++) {
        char secret[96];
        snprintf(secret, sizeof(secret), "SECRET-%s-%s", honest[i], token);
        const char *where = file_holding(league, secret);
        cr_expect_null(where, "%s's secret reached '%s'", honest[i], where);
    }
    const char *where = file_holding(league, token);
    cr_expect_null(where, "referee's environment reached '%s'", where);
    expect_said(log, "rival-source", "blocked");
    expect_said(log, "rival-folder", "blocked");
    expect_said(log, "shadow", "blocked");
    expect_said(log, "results", "blocked");
    expect_said(log, "userns", "blocked");
    struct stat st;
    if (stat("/etc/ssl/private", &st) == 0 && !(st.st_mode & S_IROTH))
        expect_said(log, "ssl-private", "blocked"); /* root's alone: the bot is not root */
    long held = memfd_held(log);                    /* or -1: blocked, or killed before it said */
    cr_expect_leq(held, 256, "the attacker held %ld MiB under --memory 256", held);

    /* Nothing it wrote became setuid on the host, nothing of the others changed. */
    cr_expect_eq(nftw(top, scan_setuid, 16, FTW_PHYS), 0, "a setuid file: '%s'", found_in);
    for (size_t i = 0; i < 4; i++) {
        static char text[1 << 16];
        char secret[96];
        snprintf(path, sizeof(path), "subs/%s/bot.py", honest[i]);
        slurp(path, text, sizeof(text));
        snprintf(secret, sizeof(secret), "# SECRET-%s-%s\n", honest[i], token);
        cr_expect(strstr(text, secret), "%s's program changed", honest[i]);
    }

    /* No process of it outlives the run. */
    usleep(200 * 1000);
    pid_t left = daemon_left();
    if (left)
        kill(left, SIGKILL);
    cr_expect_eq(left, 0, "the attacker's daemon (sleep %s) outlived the run", tag);
}
