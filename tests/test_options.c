/* test_options.c: every command's options come from its table: refusals said
 * in one line with exit status 2, naming the thing, and --help listing each
 * option of the table, as the referee program does them. */
#include "cmd.h"
#include "config.h"
#include "options.h"
#include "run.h"

#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct run_result r;

static const struct command {
    const char *name;
    const struct option_set *set;
} commands[] = {
    {"tournament", &tournament_options},
    {"match", &match_options},
    {"doctor", &doctor_options},
    {"play", &play_options},
    {"check", &check_options},
    {"replay", &replay_options},
    {"standings", &standings_options},
    {"report", &report_options},
    {"sprt", &sprt_options},
    {"perft", &perft_options},
};
#define NCOMMANDS (sizeof(commands) / sizeof(commands[0]))

/* Run referee with words (NULL-terminated, without the program) and expect
 * exit status 2 and one line on stderr that holds named. */
static void expect_refused(const char *const *words, const char *named)
{
    char *argv[CONFIG_MAX_ARGS + 16];
    size_t n = 0;

    argv[n++] = REFEREE_BIN;
    for (; *words; words++) {
        cr_assert_lt(n, sizeof(argv) / sizeof(argv[0]) - 1);
        argv[n++] = (char *)*words;
    }
    argv[n] = NULL;
    cr_assert_eq(run_program(argv, NULL, &r), 0, "cannot run " REFEREE_BIN);
    size_t len = strlen(r.err);
    cr_expect_eq(r.status, 2, "referee %s ...: status %d: %s", argv[1], r.status, r.err);
    cr_expect(len > 0 && strchr(r.err, '\n') == r.err + len - 1,
              "referee %s ...: not one line: '%s'", argv[1], r.err);
    cr_expect(strstr(r.err, named), "referee %s ...: does not name '%s': %s", argv[1], named,
              r.err);
    cr_expect_eq(r.out[0], '\0', "referee %s ...: printed '%s'", argv[1], r.out);
}

/* A bot's command line of 70 words, one more than CONFIG_MAX_ARGS fits and
 * then some: "NAME=" then the bundled random bot and its arguments. */
static const char *long_bot(const char *prefix)
{
    static char text[4096];
    size_t n = (size_t)snprintf(text, sizeof(text), "%s%s", prefix, BOTDIR "random");
    for (int i = 1; i < 70; i++)
        n += (size_t)snprintf(text + n, sizeof(text) - n, " w%d", i);
    return text;
}

/* The three refusals each command must make: an unknown option, an option
 * without its argument (the last word), and too many words. */
static void expect_refusals(const char *cmd, const char *needs_arg, const char *const *too_many,
                            const char *too_many_named)
{
    const char *unknown[] = {cmd, "--frobnicate", "x", NULL};
    const char *missing[] = {cmd, needs_arg, NULL};
    char named[64];

    expect_refused(unknown, "unknown option '--frobnicate'");
    snprintf(named, sizeof(named), "option '%s' needs an argument", needs_arg);
    expect_refused(missing, named);
    if (too_many)
        expect_refused(too_many, too_many_named);
}

Test(options, tournament_refuses_unknown_options_missing_arguments_and_too_many_words,
     .timeout = 20)
{
    const char *words[] = {"tournament", "--bot", "a=x", "--bot", long_bot("b="), NULL};
    expect_refusals("tournament", "--bots", words, "too many words in the command");
}

Test(options, match_refuses_unknown_options_missing_arguments_and_too_many_words, .timeout = 20)
{
    const char *words[] = {"match", "--bot", long_bot("a="), "--bot", "b=x", NULL};
    expect_refusals("match", "--openings-file", words, "too many words in the command");
}

/* The words of a command given after -- that do not fit, as `doctor` or `play` takes them. */
static void expect_too_many_words(const char *command)
{
    const char *words[CONFIG_MAX_ARGS + 16] = {command, "--", BOTDIR "random"};
    char extra[70][8];
    size_t n = 3;
    for (int i = 1; i < 70; i++) {
        snprintf(extra[i], sizeof(extra[i]), "w%d", i);
        words[n++] = extra[i];
    }
    words[n] = NULL;
    expect_refused(words, "too many words in the command (70, at most 64)");
}

/* It used to run the bot with its first 64 words, and pass. */
Test(options, doctor_refuses_a_command_of_more_words_than_fit, .timeout = 20)
{
    expect_too_many_words("doctor");
    const char *bot[] = {"doctor", "--bot", long_bot("a="), NULL};
    expect_refused(bot, "too many words in the command");
    const char *both[] = {"doctor", "--bot", "a=x", "--", "y", NULL};
    expect_refused(both, "give the bot once");
}

Test(options, doctor_refuses_unknown_options_and_missing_arguments, .timeout = 20)
{
    expect_refusals("doctor", "--games", NULL, NULL);
    const char *none[] = {"doctor", "--json", NULL};
    expect_refused(none, "doctor needs a bot");
}

Test(options, play_refuses_unknown_options_missing_arguments_and_too_many_words, .timeout = 20)
{
    const char *words[] = {"play", "--bot", long_bot("a="), NULL};
    expect_refusals("play", "--as", words, "too many words in the command");
    /* Words after the options are the bot's command: given once. */
    const char *extra[] = {"play", "--bot", "a=x", "extra", NULL};
    expect_refused(extra, "'extra': give the bot once, with --bot or after --");
    const char *none[] = {"play", "--as", "x", NULL};
    expect_refused(none, "play needs a bot");
    expect_too_many_words("play");
    const char *both[] = {"play", "--bot", "a=x", "--", "y", NULL};
    expect_refused(both, "give the bot once");
}

Test(options, check_refuses_unknown_options_missing_arguments_and_too_many_words, .timeout = 20)
{
    const char *words[] = {"check", "dir", "extra", NULL};
    expect_refusals("check", "--same-as", words, "unexpected argument 'extra'");
    const char *flag[] = {"check", "--strict=yes", "dir", NULL};
    expect_refused(flag, "option '--strict' takes no argument");
}

Test(options, replay_refuses_unknown_options_missing_arguments_and_too_many_words, .timeout = 20)
{
    const char *words[] = {"replay", "--results", "dir", "--id", "1", "a1", NULL};
    expect_refusals("replay", "--board", words, "--results DIR and --id N, and nothing else");
}

/* standings and report take any number of files: none is the wrong count. */
Test(options, standings_refuses_unknown_options_missing_arguments_and_no_file, .timeout = 20)
{
    const char *words[] = {"standings", "--write", "dir", NULL};
    expect_refusals("standings", "--write", words, "standings needs GAMES.CSV...");
}

Test(options, report_refuses_unknown_options_missing_arguments_and_no_folder, .timeout = 20)
{
    const char *words[] = {"report", "--out", "x.html", NULL};
    expect_refusals("report", "--out", words, "report needs DIR...");
}

Test(options, sprt_refuses_unknown_options_missing_arguments_and_too_many_words, .timeout = 20)
{
    const char *words[] = {"sprt", "--wdl", "1,2,3", "elo1=5", "nonsense", NULL};
    expect_refusals("sprt", "--wdl", words, "'nonsense'");
}

Test(options, perft_refuses_unknown_options_missing_arguments_and_too_many_words, .timeout = 20)
{
    const char *words[] = {"perft", "tictactoe", "3", "extra", NULL};
    expect_refusals("perft", "--board", words, "unexpected argument 'extra'");
    const char *few[] = {"perft", "tictactoe", NULL};
    expect_refused(few, "perft needs GAME DEPTH");
}

Test(options, an_abbreviation_of_two_names_is_ambiguous, .timeout = 20)
{
    const char *words[] = {"match", "--bo", "a=x", NULL};
    expect_refused(words, "ambiguous option '--bo': --bot, --bots?");
}

static bool is_for(const struct option_def *o, unsigned command)
{
    return o->only == 0 || (o->only & command) != 0;
}

/* Whether an option of set for its command is named name. */
static bool has_name(const struct option_set *set, const char *name)
{
    for (size_t k = 0; k < set->n; k++)
        if (is_for(&set->table[k], set->command) && strcmp(set->table[k].name, name) == 0)
            return true;
    return false;
}

ParameterizedTestParameters(options, help_lists_every_option_of_the_table)
{
    static int index[NCOMMANDS];
    for (size_t i = 0; i < NCOMMANDS; i++)
        index[i] = (int)i;
    return cr_make_param_array(int, index, NCOMMANDS);
}

/* --help is the table's head, its options as options_print lists them, and
 * its tail; each option of the command is there at the start of a line, and
 * none of another command's. */
ParameterizedTest(int *i, options, help_lists_every_option_of_the_table, .timeout = 20)
{
    const struct command *c = &commands[*i];
    char *argv[] = {REFEREE_BIN, (char *)c->name, "--help", NULL};
    char *listed = NULL, line[128];
    size_t size = 0;

    cr_assert_eq(run_program(argv, NULL, &r), 0);
    cr_expect_eq(r.status, 0, "%s --help: %s", c->name, r.err);
    FILE *f = open_memstream(&listed, &size);
    cr_assert_not_null(f);
    fputs(c->set->head, f);
    options_print(f, c->set);
    fputs(c->set->tail, f);
    fclose(f);
    cr_expect_str_eq(r.out, listed, "%s --help", c->name);
    free(listed);
    for (size_t k = 0; k < c->set->n; k++) {
        const struct option_def *o = &c->set->table[k];
        if (o->letter)
            snprintf(line, sizeof(line), "\n  -%c, --%s%s%s", o->letter, o->name, o->arg ? " " : "",
                     o->arg ? o->arg : "");
        else
            snprintf(line, sizeof(line), "\n  --%s%s%s", o->name, o->arg ? " " : "",
                     o->arg ? o->arg : "");
        if (is_for(o, c->set->command) && o->help)
            cr_expect(strstr(r.out, line), "%s --help does not list '%s'", c->name, line + 3);
        else if (!has_name(c->set, o->name))
            cr_expect(!strstr(r.out, line), "%s --help lists '%s'", c->name, line + 3);
    }
}

/* A table of the test's own, to parse in this process. */
struct probe {
    bool flag;
    const char *text;
};

static const struct option_def probe_table[] = {
    {.name = "flag",
     .letter = 'f',
     .type = OPTION_FLAG,
     .offset = offsetof(struct probe, flag),
     .help = "a flag"},
    {.name = "text",
     .arg = "T",
     .type = OPTION_TEXT,
     .offset = offsetof(struct probe, text),
     .help = "a text"},
};

/* getopt keeps state between calls; each parse must start afresh, in the order
 * of its own set: options after operands are taken only where it permutes. */
Test(options, each_parse_in_one_process_follows_its_own_set, .timeout = 10)
{
    struct option_set permuting = {.table = probe_table,
                                   .n = 2,
                                   .head = "",
                                   .tail = "",
                                   .operands = "X...",
                                   .min_operands = 1,
                                   .max_operands = -1,
                                   .permute = true};
    struct option_set in_order = permuting;
    in_order.permute = false;
    char *words[] = {"probe", "x", "--text", "t", "-f", NULL};
    struct probe p = {0};
    bool given[2];
    int first;

    cr_assert_eq(options_parse(&permuting, 5, words, &p, given, &first), 0);
    cr_expect(p.flag && p.text && strcmp(p.text, "t") == 0);
    cr_expect(given[0] && given[1]);
    cr_expect_eq(first, 4);
    cr_expect_str_eq(words[first], "x");

    char *again[] = {"probe", "x", "--text", "t", "-f", NULL};
    p = (struct probe){0};
    cr_assert_eq(options_parse(&in_order, 5, again, &p, given, &first), 0);
    cr_expect(!p.flag && !p.text && !given[0] && !given[1]);
    cr_expect_eq(first, 1);

    char *twice[] = {"probe", "-f", "-f", "--text=u", "y", NULL};
    p = (struct probe){0};
    cr_assert_eq(options_parse(&permuting, 5, twice, &p, NULL, &first), 0);
    cr_expect(p.flag && strcmp(p.text, "u") == 0);
    cr_expect_eq(first, 4);
}
