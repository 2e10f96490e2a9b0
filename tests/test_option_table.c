/* test_option_table.c: the option table parser (options.c) on a table of its own:
 * every kind of option, in long and short and --name=value form, the errors a
 * user meets (unknown option, missing or bad argument, a stray word), the
 * options of another command, and the --help text the table gives. */
#include "options.h"
#include "message.h"

#include <criterion/criterion.h>
#include <criterion/redirect.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct target {
    bool verbose;
    long games;
    int movetime;
    const char *results;
    char pairs[64]; /* what the call saw, each argument and a ';' */
};

#define AT(field) offsetof(struct target, field)

enum { CMD_MATCH = 1, CMD_TOURNAMENT = 2 };

/* A call that takes "a=b" pairs and refuses anything else with code 7. */
static int take_pair(void *target, const char *arg)
{
    struct target *t = target;
    if (!strchr(arg, '='))
        return 7;
    strncat(t->pairs, arg, sizeof(t->pairs) - strlen(t->pairs) - 2);
    strcat(t->pairs, ";");
    return 0;
}

static const struct option_def table[] = {
    {"verbose", 'v', NULL, OPTION_FLAG, AT(verbose), 0, 0, NULL, "say more", 0},
    {"games", 'g', "N", OPTION_COUNT, AT(games), 1, 1000, NULL, "games to play", 0},
    {"movetime", 0, "MS", OPTION_MS, AT(movetime), 0, 0, NULL, "time a move\n(default 1000)", 0},
    {"results", 'o', "DIR", OPTION_TEXT, AT(results), 0, 0, NULL, "where to write", 0},
    {"pair", 0, "A=B", OPTION_CALL, 0, 0, 0, take_pair, "a pair", 0},
    {"rounds", 'r', "N", OPTION_COUNT, AT(games), 1, 9, NULL, "rounds", CMD_TOURNAMENT},
};
#define NOPTS (sizeof(table) / sizeof(table[0]))

static const struct option_set match_set = {
    table, NOPTS, CMD_MATCH, "usage: x match\n", "exit status: 0\n", NULL, 0, 0, false};

/* Parse the words of line (at most 15, split on blanks) as a command's argv. */
static int parse(const struct option_set *set, char *line, struct target *t, bool *given)
{
    char *argv[16] = {"match"};
    int argc = 1;
    for (char *w = strtok(line, " "); w && argc < 15; w = strtok(NULL, " "))
        argv[argc++] = w;
    argv[argc] = NULL;
    memset(t, 0, sizeof(*t));
    return options_parse(set, argc, argv, t, given, NULL);
}

static void quiet(void)
{
    cr_redirect_stdout();
    cr_redirect_stderr();
}

Test(options, every_kind_of_option_in_long_short_and_equals_form, .init = quiet, .timeout = 10)
{
    struct target t;
    bool given[NOPTS];
    char line[] = "-v --games 12 --movetime=250 -o /tmp/r --pair a=b --pair c=d";

    cr_assert_eq(parse(&match_set, line, &t, given), 0);
    cr_expect(t.verbose);
    cr_expect_eq(t.games, 12);
    cr_expect_eq(t.movetime, 250);
    cr_expect_str_eq(t.results, "/tmp/r");
    cr_expect_str_eq(t.pairs, "a=b;c=d;", "a call sees every use, in order");
    for (size_t i = 0; i < NOPTS - 1; i++)
        cr_expect(given[i], "option %zu given", i);
    cr_expect_not(given[NOPTS - 1], "--rounds was not");

    char shorts[] = "-vg7";
    cr_assert_eq(parse(&match_set, shorts, &t, given), 0);
    cr_expect(t.verbose && t.games == 7, "short options bundle");
    cr_expect_not(given[2], "given is cleared on every parse");

    char none[] = "";
    cr_assert_eq(parse(&match_set, none, &t, given), 0);
    cr_expect_not(t.verbose);
    cr_expect_eq(t.games, 0, "a field not given is left alone");
}

Test(options, a_text_argument_is_borrowed_from_argv, .timeout = 10)
{
    struct target t = {0};
    bool given[NOPTS];
    char *argv[] = {"match", "--results", "out dir", NULL};

    cr_assert_eq(options_parse(&match_set, 3, argv, &t, given, NULL), 0);
    cr_expect_eq(t.results, argv[2], "the very string, not a copy");
}

Test(options, counts_and_milliseconds_out_of_range_or_not_numbers_are_usage_errors,
     .init = cr_redirect_stderr, .timeout = 10)
{
    struct target t;
    bool given[NOPTS];
    char zero[] = "--games 0", big[] = "--games 1001", word[] = "--games ten",
         neg[] = "--movetime -5", frac[] = "--movetime 1.5", edge[] = "--games 1000";

    cr_expect_eq(parse(&match_set, zero, &t, given), EXIT_USAGE);
    cr_expect_eq(parse(&match_set, big, &t, given), EXIT_USAGE);
    cr_expect_eq(parse(&match_set, word, &t, given), EXIT_USAGE);
    cr_expect_eq(parse(&match_set, neg, &t, given), EXIT_USAGE);
    cr_expect_eq(parse(&match_set, frac, &t, given), EXIT_USAGE);
    cr_expect_eq(parse(&match_set, edge, &t, given), 0, "the maximum is in range");
    cr_expect_eq(t.games, 1000);
    fflush(stderr);
    cr_expect_stderr_eq_str("referee: --games '0' is not a number from 1 to 1000\n"
                            "referee: --games '1001' is not a number from 1 to 1000\n"
                            "referee: --games 'ten' is not a number from 1 to 1000\n"
                            "referee: --movetime '-5' is not a number of milliseconds\n"
                            "referee: --movetime '1.5' is not a number of milliseconds\n");
}

Test(options, a_call_returns_its_own_exit_code, .init = quiet, .timeout = 10)
{
    struct target t;
    bool given[NOPTS];
    char line[] = "--pair nonsense -v";

    cr_expect_eq(parse(&match_set, line, &t, given), 7);
    cr_expect_not(t.verbose, "parsing stops at the first error");
    cr_expect_not(given[4]);
}

Test(options, unknown_missing_argument_and_stray_words_are_usage_errors, .init = quiet,
     .timeout = 10)
{
    struct target t;
    bool given[NOPTS];
    char unknown[] = "--nope", missing[] = "-v --games", stray[] = "-v extra",
         other[] = "--rounds 3", letter[] = "-r 3";

    cr_expect_eq(parse(&match_set, unknown, &t, given), EXIT_USAGE);
    cr_expect_eq(parse(&match_set, missing, &t, given), EXIT_USAGE);
    cr_expect_eq(parse(&match_set, stray, &t, given), EXIT_USAGE);
    cr_expect_eq(parse(&match_set, other, &t, given), EXIT_USAGE,
                 "another command's option is unknown here");
    cr_expect_eq(parse(&match_set, letter, &t, given), EXIT_USAGE, "and so is its letter");

    struct option_set tournament = match_set;
    tournament.command = CMD_TOURNAMENT;
    char mine[] = "-r 3";
    cr_expect_eq(parse(&tournament, mine, &t, given), 0);
    cr_expect_eq(t.games, 3);
    cr_expect(given[5]);
}

Test(options, a_stray_word_is_named_on_stderr, .init = cr_redirect_stderr, .timeout = 10)
{
    struct target t;
    bool given[NOPTS];
    char stray[] = "-v extra";

    cr_expect_eq(parse(&match_set, stray, &t, given), EXIT_USAGE);
    fflush(stderr);
    cr_expect_stderr_eq_str("referee: unexpected argument 'extra' (see 'referee match --help')\n");
}

/* What --help prints for the match command of the table. */
static const char help_text[] = "usage: x match\n"
                                "  -v, --verbose        say more\n"
                                "  -g, --games N        games to play\n"
                                "  --movetime MS        time a move\n"
                                "                       (default 1000)\n"
                                "  -o, --results DIR    where to write\n"
                                "  --pair A=B           a pair\n"
                                "exit status: 0\n";

Test(options, help_prints_head_options_of_the_command_and_tail_and_returns_1,
     .init = cr_redirect_stdout, .timeout = 10)
{
    struct target t;
    bool given[NOPTS];
    char line[] = "-v --help --games 5";

    cr_expect_eq(parse(&match_set, line, &t, given), 1);
    cr_expect_eq(t.games, 0, "nothing after --help is parsed");
    fflush(stdout);
    cr_expect_stdout_eq_str(help_text);
}

Test(options, print_puts_a_long_name_on_a_line_of_its_own, .timeout = 10)
{
    static const struct option_def longs[] = {
        {"a-very-long-option-name", 'l', "VALUE", OPTION_TEXT, 0, 0, 0, NULL,
         "first line\nsecond line", 0},
    };
    struct option_set set = {longs, 1, CMD_MATCH, "", "", NULL, 0, 0, false};
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);

    cr_assert_not_null(f);
    options_print(f, &set);
    fclose(f);
    cr_expect_str_eq(text, "  -l, --a-very-long-option-name VALUE\n"
                           "                       first line\n"
                           "                       second line\n");
    free(text);
}

/* The kinds every command that names a game or a protocol shares: a name
 * looked up, its value in the field, a name of neither refused in the one
 * message each (the same in every command), the field left as it was. */
struct pick {
    const struct game_def *game;
    enum proto proto;
};

Test(options, a_game_or_protocol_by_name_and_a_name_of_none_refused, .init = cr_redirect_stderr,
     .timeout = 10)
{
    static const struct option_def named[] = {
        {"game", 0, "NAME", OPTION_GAME, offsetof(struct pick, game), 0, 0, NULL, "game", 0},
        {"proto", 0, "P", OPTION_PROTO, offsetof(struct pick, proto), 0, 0, NULL, "proto", 0},
    };
    struct option_set set = {named, 2, CMD_MATCH, "", "", NULL, 0, 0, false};
    const struct game_def *tictactoe = game_find("tictactoe");
    struct pick p = {.game = tictactoe, .proto = PROTO_COUNT};
    char *good[] = {"match", "--game", "reversi", "--proto=gomocup", NULL};
    char *game[] = {"match", "--game", "chess", NULL};
    char *proto[] = {"match", "--proto", "uci", NULL};

    cr_assert_eq(options_parse(&set, 4, good, &p, NULL, NULL), 0);
    cr_expect_eq(p.game, game_find("reversi"));
    cr_expect_eq(p.proto, PROTO_GOMOCUP);
    p = (struct pick){.game = tictactoe, .proto = PROTO_COUNT};
    cr_expect_eq(options_parse(&set, 3, game, &p, NULL, NULL), EXIT_USAGE);
    cr_expect_eq(options_parse(&set, 3, proto, &p, NULL, NULL), EXIT_USAGE);
    cr_expect_eq(p.game, tictactoe, "a refused name leaves the field");
    cr_expect_eq(p.proto, PROTO_COUNT);

    enum proto named_proto = PROTO_REFEREE;
    cr_expect_eq(options_take_proto("proto", "bot=gtp", "gtp", &named_proto), 0);
    cr_expect_eq(named_proto, PROTO_GTP, "a protocol named in part of an argument (NAME=P)");
    cr_expect_eq(options_take_proto("proto", "bot=uci", "uci", &named_proto), EXIT_USAGE);
    cr_expect_eq(named_proto, PROTO_GTP);
    fflush(stderr);
    cr_expect_stderr_eq_str("referee: unknown game 'chess'\n"
                            "referee: --proto 'uci': the protocol is " ADAPTER_NAMES "\n"
                            "referee: --proto 'bot=uci': the protocol is " ADAPTER_NAMES "\n");
}
