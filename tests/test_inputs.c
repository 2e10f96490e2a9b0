/* test_inputs.c: the bots file as an operator writes it, by hand or from a
 * spreadsheet: each bad row named by its row, its column and its problem;
 * a byte-order mark accepted. */
#include "helpers.h"
#include "run.h"

#include <criterion/criterion.h>

static struct run_result r;

/* dir/bots.csv holding len bytes of text; its path in path (128 bytes). */
static void write_bots(const char *dir, const char *text, size_t len, char *path)
{
    snprintf(path, 128, "%s/bots.csv", dir);
    FILE *f = fopen(path, "wb");
    cr_assert_not_null(f);
    cr_assert_eq(fwrite(text, 1, len, f), len);
    cr_assert_eq(fclose(f), 0);
}

struct bad_file {
    const char *label;
    const char *text;
    size_t len;
    const char *message; /* after "referee: bots file 'PATH', " */
};

#define BAD(label, text, message)                                                                  \
    {                                                                                              \
        label, text, sizeof(text) - 1, message                                                     \
    }

static const struct bad_file bad_files[] = {
    BAD("unterminated quote", "name,command\na,\"python3 bot.py\nb,./b\n",
        "row 1, column 2 ('command'): a quote opened and never closed"),
    BAD("missing dir", "name,command,dir\na,./a,\nb,./b,no/such/dir\n",
        "row 2, column 3 ('dir'): no directory 'no/such/dir' (No such file or directory)"),
    BAD("a file as dir", "name,command,dir\na,./a,/etc/hostname\nb,./b,\n",
        "row 1, column 3 ('dir'): '/etc/hostname' is not a directory"),
    BAD("NUL in a name", "name,command\nab\0cd,./a\nb,./b\n",
        "row 1, column 1 ('name'): a NUL byte in the field"),
    BAD("stray quote", "name,command\na,./a\nb,./b \"x\"\n",
        "row 2, column 2 ('command'): a quote inside a field that does not start with one, "
        "or text after a field's closing quote"),
    BAD("unknown column", "name,command,movetme\na,./a,100\nb,./b,\n",
        "column 3: unknown column 'movetme' (README \"The engines file\")"),
    BAD("unknown protocol", "name,command,proto\na,./a,uci\nb,./b,\n",
        "row 1, column 3 ('proto'): 'uci': the protocol is referee, gtp, gomocup or nboard"),
    BAD("a limit that is no number", "name,command,movetime\na,./a,\nb,./b,1s\n",
        "row 2, column 3 ('movetime'): '1s': not a number of milliseconds"),
    BAD("memory of 0", "name,command,memory\na,./a,0\nb,./b,\n",
        "row 1, column 3 ('memory'): '0': not a number from 1 to 1073741824"),
    BAD("an option without a value", "name,command,options\na,./a,Hash=1;Ponder\nb,./b,\n",
        "row 1, column 3 ('options'): 'Hash=1;Ponder': expected KEY=VALUE"),
};

Test(inputs, each_bad_bots_file_names_its_row_column_and_problem, .timeout = 30)
{
    for (size_t i = 0; i < sizeof(bad_files) / sizeof(bad_files[0]); i++) {
        const struct bad_file *b = &bad_files[i];
        char dir[64], path[128], results[128], expected[512];
        test_tmpdir(dir, "inputs");
        write_bots(dir, b->text, b->len, path);
        snprintf(results, sizeof(results), "%s/results", dir);
        char *argv[] = {REFEREE_BIN, "tournament", "--bots", path, "--results", results, NULL};
        cr_assert_eq(run_program(argv, NULL, &r), 0);
        cr_expect_eq(r.status, 3, "%s: %s", b->label, r.err);
        snprintf(expected, sizeof(expected), "referee: bots file '%s', %s\n", path, b->message);
        cr_expect_str_eq(r.err, expected, "%s", b->label);
    }
}

Test(inputs, a_bots_file_with_a_byte_order_mark_reads_as_without, .timeout = 60)
{
    char dir[64], path[128], results[128], text[1024];
    test_tmpdir(dir, "inputs");
    int n = snprintf(text, sizeof(text), "\xEF\xBB\xBFname,command\nfirst,%s\nsecond,%s\n",
                     BOTDIR "random --seed 1", BOTDIR "random --seed 2");
    write_bots(dir, text, (size_t)n, path);
    snprintf(results, sizeof(results), "%s/results", dir);
    char *argv[] = {REFEREE_BIN, "tournament", "--bots", path,      "--games",
                    "2",         "--results",  results,  "--quiet", NULL};
    cr_assert_eq(run_program(argv, NULL, &r), 0);
    cr_expect_eq(r.status, 0, "%s", r.err);
    struct table t;
    test_load(&t, results, "games.csv");
    cr_assert_eq(t.nrows, 2);
    cr_expect_str_eq(test_cell(&t, 0, "first"), "first");
    table_release(&t);
}

/* The README's engines file, its commands made the fixture's: a referee bot
 * with an option, a GTP engine's columns and one bot's time odds. */
Test(inputs, an_engines_file_gives_each_bot_its_protocol_options_and_limits, .timeout = 60)
{
    char dir[64], path[128], results[128], text[1024], log[8192];
    test_tmpdir(dir, "inputs");
    int n = snprintf(text, sizeof(text),
                     "name,command,args,dir,proto,options,movetime,firstmove,startup,memory\n"
                     "teller,%s,tell,/tmp,referee,Hash=64;Book=a\\;b.txt,,,2000,512\n"
                     "slow,%s,slow 300,,,,100,100,,\n",
                     BUILD_DIR "/testbots/fixture", BUILD_DIR "/testbots/fixture");
    write_bots(dir, text, (size_t)n, path);
    snprintf(results, sizeof(results), "%s/results", dir);
    char *argv[] = {REFEREE_BIN, "tournament", "--bots",     path,   "--games", "2",
                    "--results", results,      "--movetime", "2000", "--quiet", NULL};
    cr_assert_eq(run_program(argv, NULL, &r), 0);
    cr_expect_eq(r.status, 0, "%s", r.err);
    cr_expect_not_null(strstr(test_slurp(results, "logs/teller.log", log, sizeof(log)),
                              "option Hash 64\noption Book a;b.txt\ngame 1 "),
                       "%s", log);
    struct table t;
    test_load(&t, results, "games.csv");
    cr_assert_eq(t.nrows, 2);
    for (size_t i = 0; i < t.nrows; i++) {
        cr_expect_str_eq(test_cell(&t, i, "foul_by"), "slow", "its own 100 ms");
        cr_expect_str_eq(test_cell(&t, i, "foul"), "timeout");
    }
    table_release(&t);
}
