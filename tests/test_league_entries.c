/* test_league_entries.c: a league's entries as an organiser meets them: a
 * --dir or program that is not there refused by `league add`; an entry that
 * cannot run retired with its reason (roster.csv, bots.csv, show, the
 * report, its log named) while the rest play on, the report saying the
 * league's conditions; `league retire` mending a
 * roster; `league add --replace`, a new version under NAME#2; the banner's
 * count. */
#include "helpers.h"
#include "run.h"

#include <criterion/criterion.h>
#include <sys/stat.h>

static struct run_result r;

static void referee(const char *what, char *const argv[], int status)
{
    run_expect_exit(&r, what, argv, status);
}

static void add(const char *dir, const char *entry)
{
    char *argv[] = {REFEREE_BIN, "league", "add", (char *)dir, (char *)entry, NULL};
    referee(entry, argv, 0);
}

/* argv refused: exit 2, one line on stderr holding says. */
static void refused(char *const argv[], const char *says)
{
    cr_assert_eq(run_program(argv, NULL, &r), 0);
    run_expect_one_line(&r, 2, says, says);
}

/* A row appended to dir's bots.csv by hand (name,command,dir,proto,env,retired). */
static void add_row(const char *dir, const char *row)
{
    char path[96];
    snprintf(path, sizeof(path), "%s/bots.csv", dir);
    FILE *f = fopen(path, "a");
    cr_assert_not_null(f, "%s", path);
    fprintf(f, "%s\n", row);
    fclose(f);
}

/* The reason of the last event `event` of entry name in roster.csv ("" if
 * none) into out. */
static void roster_reason(const char *dir, const char *name, const char *event, char *out,
                          size_t len)
{
    struct table t;
    test_load(&t, dir, "roster.csv");
    out[0] = '\0';
    for (size_t i = 0; i < t.nrows; i++)
        if (strcmp(test_cell(&t, i, "name"), name) == 0 &&
            strcmp(test_cell(&t, i, "event"), event) == 0)
            snprintf(out, len, "%s", test_cell(&t, i, "reason"));
    table_release(&t);
}

/* bots.csv's `retired` of entry name into out. */
static void bots_retired(const char *dir, const char *name, char *out, size_t len)
{
    struct table t;
    test_load(&t, dir, "bots.csv");
    out[0] = '\0';
    for (size_t i = 0; i < t.nrows; i++)
        if (strcmp(test_cell(&t, i, "name"), name) == 0)
            snprintf(out, len, "%s", test_cell(&t, i, "retired"));
    table_release(&t);
}

/* The games of dir's games.csv that entry name played. */
static long games_with(const char *dir, const char *name)
{
    struct table t;
    long n = 0;
    test_load(&t, dir, "games.csv");
    for (size_t i = 0; i < t.nrows; i++)
        n += strcmp(test_cell(&t, i, "first"), name) == 0 ||
             strcmp(test_cell(&t, i, "second"), name) == 0;
    table_release(&t);
    return n;
}

/* How often needle occurs in dir/file. */
static int occurrences(const char *dir, const char *file, const char *needle)
{
    static char text[1 << 20];
    int n = 0;
    test_slurp(dir, file, text, sizeof(text));
    for (const char *p = text; (p = strstr(p, needle)) != NULL; p += strlen(needle))
        n++;
    return n;
}

Test(league_entries, add_refuses_a_dir_or_a_program_that_is_not_there, .timeout = 60)
{
    char dir[64];
    test_tmpdir(dir, "league-entries");
    add(dir, "a=" BOTDIR "random");
    char *nodir[] = {REFEREE_BIN,          "league", "add",          dir,
                     "b=" BOTDIR "random", "--dir",  "/no/such/dir", NULL};
    refused(nodir, "no directory '/no/such/dir'");
    char *noprog[] = {REFEREE_BIN, "league", "add", dir, "c=/no/such/prog", NULL};
    refused(noprog, "no program '/no/such/prog'");
    char *nopath[] = {REFEREE_BIN, "league", "add", dir, "d=no-such-program-anywhere x", NULL};
    refused(nopath, "no program 'no-such-program-anywhere' in PATH");
    /* A program's path from its --dir, as its start takes it. */
    char *rel[] = {REFEREE_BIN, "league", "add", dir, "e=./random", "--dir", BOTDIR, NULL};
    referee("a path from --dir", rel, 0);
    char *relbad[] = {REFEREE_BIN, "league", "add", dir, "f=./random", "--dir", "/tmp", NULL};
    refused(relbad, "no program '/tmp/./random' (its path from --dir)");
    struct table t;
    test_load(&t, dir, "bots.csv");
    cr_expect_eq(t.nrows, 2, "only a and e added");
    table_release(&t);
}

/* Rows a person wrote into bots.csv that cannot run: a dir gone, a program
 * gone, a script that exits at once. None stops the run: each is retired
 * with why, said on the console with its log, kept in roster.csv and
 * bots.csv, shown by show and the report; the broken script's log holds one
 * account (one start and one retry), not one per worker. */
Test(league_entries, entries_that_cannot_run_are_retired_with_why_and_the_rest_play_on,
     .timeout = 120)
{
    char dir[64], script[96], row[256], why[512];
    test_tmpdir(dir, "league-entries");
    snprintf(script, sizeof(script), "%s/fails.sh", dir);
    FILE *f = fopen(script, "w");
    cr_assert_not_null(f);
    fputs("#!/bin/sh\necho 'fails: a traceback' >&2\nexit 1\n", f);
    fclose(f);
    cr_assert_eq(chmod(script, 0755), 0);
    add(dir, "a=" BOTDIR "random");
    add(dir, "b=" BOTDIR "greedy");
    add(dir, "c=" BOTDIR "random");
    add(dir, "fails=" BOTDIR "random"); /* then its command made the script, by hand */
    char path[96];
    snprintf(path, sizeof(path), "%s/bots.csv", dir);
    f = fopen(path, "w");
    cr_assert_not_null(f);
    fprintf(f,
            "name,command,dir,proto,env,retired\na,%srandom,,,,\nb,%sgreedy,,,,\n"
            "c,%srandom,,,,\nfails,%s,,,,\n",
            BOTDIR, BOTDIR, BOTDIR, script);
    fclose(f);
    snprintf(row, sizeof(row), "nodir,%srandom,/no/such/dir,,,", BOTDIR);
    add_row(dir, row);
    add_row(dir, "noprog,/no/such/prog,,,,");

    char *run[] = {REFEREE_BIN, "league", "run", dir, "--games", "40", "-j", "2", NULL};
    referee("a run with three entries that cannot run", run, 0);
    cr_expect(strstr(r.out, "0 games so far, 6 entries"), "the banner: %s", r.out);
    cr_expect_eq(test_count_rows(dir, "games.csv"), 40);
    cr_expect_gt(games_with(dir, "a") + games_with(dir, "b"), 0);
    cr_expect_eq(games_with(dir, "fails") + games_with(dir, "nodir") + games_with(dir, "noprog"),
                 0);

    roster_reason(dir, "nodir", "retired", why, sizeof(why));
    cr_expect(strstr(why, "no directory '/no/such/dir'"), "nodir: '%s'", why);
    roster_reason(dir, "noprog", "retired", why, sizeof(why));
    cr_expect(strstr(why, "'/no/such/prog': No such file or directory"), "noprog: '%s'", why);
    roster_reason(dir, "fails", "retired", why, sizeof(why));
    cr_expect(strstr(why, "ended before its first reply"), "fails: '%s'", why);
    bots_retired(dir, "fails", why, sizeof(why));
    cr_expect(strstr(why, "ended before its first reply"), "bots.csv's retired: '%s'", why);
    bots_retired(dir, "nodir", why, sizeof(why));
    cr_expect(strstr(why, "no directory"), "bots.csv's retired: '%s'", why);

    char logsays[160];
    snprintf(logsays, sizeof(logsays),
             "Entry 'fails' is retired from game 1 (its log: %s/logs/fails.log)", dir);
    cr_expect(strstr(r.err, logsays), "%s", r.err);
    cr_expect_eq(occurrences(dir, "logs/fails.log", "fails: a traceback"), 2,
                 "one start and one retry, by one worker");

    char *show[] = {REFEREE_BIN, "league", "show", dir, NULL};
    referee("show", show, 0);
    cr_expect(strstr(r.out, "retired from game 1: it cannot play: its program '"), "%s", r.out);
    cr_expect(strstr(r.out, "never played, retired from game 1: cannot be started: bots.csv "),
              "%s", r.out);
    cr_expect_gt(occurrences(dir, "report.html", "ended before its first reply"), 0,
                 "the report's roster says why");
    /* Its conditions are the league's (league.csv): it has no run.csv. */
    cr_expect_eq(occurrences(dir, "report.html", "<dt>League</dt><dd>seed 1; "), 1);
    cr_expect_eq(occurrences(dir, "report.html", "a referee older than"), 0);
    /* The next run reads the same roster: nothing stops it. */
    char *more[] = {REFEREE_BIN, "league", "run", dir, "--games", "10", "-q", NULL};
    referee("the next run", more, 0);
    char *check[] = {REFEREE_BIN, "check", "--strict", dir, NULL};
    referee("check", check, 0);
}

/* A row whose dir is gone, retired with `league retire --reason` before any
 * run: not read at all, and the reason kept. */
Test(league_entries, retire_mends_a_roster_whose_row_cannot_run, .timeout = 60)
{
    char dir[64], row[256], why[256];
    test_tmpdir(dir, "league-entries");
    add(dir, "a=" BOTDIR "random");
    add(dir, "b=" BOTDIR "greedy");
    snprintf(row, sizeof(row), "gone,%srandom,/no/such/dir,,,", BOTDIR);
    add_row(dir, row);
    char *retire[] = {REFEREE_BIN, "league", "retire", dir, "gone", "--reason", "withdrawn", NULL};
    referee("retire", retire, 0);
    bots_retired(dir, "gone", why, sizeof(why));
    cr_expect_str_eq(why, "withdrawn");
    char *run[] = {REFEREE_BIN, "league", "run", dir, "--games", "6", "-q", NULL};
    referee("the run", run, 0);
    cr_expect(!strstr(r.err, "bots.csv"), "%s", r.err);
    cr_expect_eq(test_count_rows(dir, "games.csv"), 6);
    char *show[] = {REFEREE_BIN, "league", "show", dir, NULL};
    referee("show", show, 0);
    cr_expect(strstr(r.out, "never played, retired: withdrawn"), "%s", r.out);
}

/* --replace: NAME#2 enters with its own rating and NAME retires, its games
 * kept; a retired name comes back the same way, as NAME#3. */
Test(league_entries, replace_starts_a_new_version_with_its_own_rating, .timeout = 120)
{
    char dir[64], why[256];
    test_tmpdir(dir, "league-entries");
    add(dir, "a=" BOTDIR "random");
    add(dir, "b=" BOTDIR "greedy");
    add(dir, "c=" BOTDIR "random");
    char *run[] = {REFEREE_BIN, "league", "run", dir, "--games", "20", "-q", NULL};
    referee("the first games", run, 0);
    char *again[] = {REFEREE_BIN, "league", "add", dir, "a=" BOTDIR "perfect", NULL};
    refused(again, "--replace a=COMMAND");
    char *replace[] = {REFEREE_BIN, "league", "add", dir, "--replace", "a=" BOTDIR "perfect", NULL};
    referee("--replace", replace, 0);
    cr_expect(strstr(r.out, "Added 'a#2'"), "%s", r.out);
    referee("the games after", run, 0);
    long before = games_with(dir, "a");
    cr_expect_gt(before, 0);
    cr_expect_gt(games_with(dir, "a#2"), 0);
    roster_reason(dir, "a", "retired", why, sizeof(why));
    cr_expect(strstr(why, "replaced by 'a#2'"), "'%s'", why);
    char *standings[] = {REFEREE_BIN, "league", "show", dir, NULL};
    referee("show", standings, 0);
    cr_expect(strstr(r.out, "  a#2 ") && strstr(r.out, "retired from game 21: retired in "
                                                       "bots.csv: replaced by 'a#2'"),
              "%s", r.out);
    /* A retired name comes back as its next version. */
    char *retire[] = {REFEREE_BIN, "league", "retire", dir, "a#2", NULL};
    referee("retire a#2", retire, 0);
    referee("--replace a retired name", replace, 0);
    cr_expect(strstr(r.out, "Added 'a#3'"), "%s", r.out);
    referee("the games after that", run, 0);
    cr_expect_eq(games_with(dir, "a"), before, "a's games stay, and no more");
    cr_expect_gt(games_with(dir, "a#3"), 0);
    char *none[] = {REFEREE_BIN, "league", "add", dir, "--replace", "zz=" BOTDIR "random", NULL};
    refused(none, "no entry 'zz' to replace");
}
