/* options.h: command-line options as data, as git's parse-options: one table
 * of options gives every command its parser, its --help text and the README's
 * lists. Parsing writes into the fields of a caller's struct, named by their
 * offsets. */
#ifndef REFEREE_OPTIONS_H
#define REFEREE_OPTIONS_H

#include "adapter.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

enum option_type {
    OPTION_FLAG,  /* bool field set to true */
    OPTION_COUNT, /* long field: a whole number from min to max */
    OPTION_MS,    /* int field: milliseconds, from 0 */
    OPTION_TEXT,  /* const char * field: the argument, borrowed from argv */
    OPTION_GAME,  /* const struct game_def * field: a game by its name (game_find) */
    OPTION_PROTO, /* enum proto field: a protocol by its name (adapter_find) */
    OPTION_CALL,  /* call(target, arg): lists, pairs, words; returns 0, or an exit code */
};

struct option_def {
    const char *name; /* long name, without "--" */
    char letter;      /* short name (-j), or 0 */
    const char *arg;  /* the argument's name in help ("MS"); NULL for a flag */
    enum option_type type;
    size_t offset; /* of the field in the target struct (not for OPTION_CALL) */
    long min, max; /* OPTION_COUNT's range */
    int (*call)(void *target, const char *arg);
    const char *help; /* lines of help; each '\n' starts a new, indented line;
                       * NULL: an old name kept working, not listed */
    unsigned only;    /* 0: every command of the table; else those of this mask */
};

/* Entries of a table by kind, for a file that defines FIELD(name) as the
 * offset of a field of its target struct: the help text, then designated
 * fields such as .letter or .only if any. */
#define OPTION_ENTRY_CALL(n, a, fn, ...)                                                           \
    {                                                                                              \
        .name = n, .arg = a, .type = OPTION_CALL, .call = fn, .help = __VA_ARGS__                  \
    }
#define OPTION_ENTRY_FLAG(n, f, ...)                                                               \
    {                                                                                              \
        .name = n, .type = OPTION_FLAG, .offset = FIELD(f), .help = __VA_ARGS__                    \
    }
#define OPTION_ENTRY_MS(n, f, ...)                                                                 \
    {                                                                                              \
        .name = n, .arg = "MS", .type = OPTION_MS, .offset = FIELD(f), .help = __VA_ARGS__         \
    }
#define OPTION_ENTRY_TEXT(n, a, f, ...)                                                            \
    {                                                                                              \
        .name = n, .arg = a, .type = OPTION_TEXT, .offset = FIELD(f), .help = __VA_ARGS__          \
    }
#define OPTION_ENTRY_GAME(n, a, f, ...)                                                            \
    {                                                                                              \
        .name = n, .arg = a, .type = OPTION_GAME, .offset = FIELD(f), .help = __VA_ARGS__          \
    }
#define OPTION_ENTRY_PROTO(n, a, f, ...)                                                           \
    {                                                                                              \
        .name = n, .arg = a, .type = OPTION_PROTO, .offset = FIELD(f), .help = __VA_ARGS__         \
    }
#define OPTION_ENTRY_COUNT(n, a, f, lo, hi, ...)                                                   \
    {                                                                                              \
        .name = n, .arg = a, .type = OPTION_COUNT, .offset = FIELD(f), .min = lo, .max = hi,       \
        .help = __VA_ARGS__                                                                        \
    }

#define OPTIONS_MAX 64 /* options in one table, at most */

/* A command's view of a table: the options that are for it (a bit of their
 * `only` mask), the words that may follow them, and the text around them in
 * --help. */
struct option_set {
    const struct option_def *table;
    size_t n;
    unsigned command;
    const char *head;     /* usage and what the command does, before the options */
    const char *tail;     /* after them: exit statuses */
    const char *operands; /* the words after the options, as messages name them
                           * ("GAME DEPTH"); NULL: none may follow */
    int min_operands;     /* at least this many of them */
    int max_operands;     /* at most this many; -1: no limit */
    bool permute;         /* options may also come after the operands (not for
                           * commands whose operands are a command line or moves) */
};

/* Parse argv[1..] (argv[0] is the command) against set into target, marking
 * given[i] for each option i of the table that the user gave (given has n
 * entries, or is NULL). "--help" or "-h" prints the usage (head, options,
 * tail) to stdout and returns 1. Returns 0, 1, or an exit code other than 0
 * and 1 having said why in one line on stderr: 2 for an unknown option, an
 * option without its argument, a bad value, too few or too many operands; or
 * what a call returned. Sets *first to the index in argv of the first operand
 * (argc if none); first may be NULL when set->operands is. */
int options_parse(const struct option_set *set, int argc, char **argv, void *target, bool *given,
                  int *first);

/* The protocol called name (referee, gtp, ...: adapter_find) into *proto, for
 * option --`option` whose argument `given` names it (all of it, or a part as
 * in NAME=P). Returns 0, or EXIT_USAGE having said "--proto 'given': the
 * protocol is ..." on stderr, *proto untouched. */
int options_take_proto(const char *option, const char *given, const char *name, enum proto *proto);

/* Print the options of set as --help lists them: "  --name ARG           help". */
void options_print(FILE *f, const struct option_set *set);

#endif
