/* options.c: the parser and the help text of an options table (options.h). */
#include "options.h"
#include "message.h"
#include "config.h"

#include <getopt.h>
#include <limits.h>
#include <string.h>

static bool is_for(const struct option_def *o, unsigned command)
{
    return o->only == 0 || (o->only & command) != 0;
}

void options_print(FILE *f, const struct option_set *set)
{
    for (size_t i = 0; i < set->n; i++) {
        const struct option_def *o = &set->table[i];
        char head[64];
        if (!is_for(o, set->command) || !o->help)
            continue;
        if (o->letter)
            snprintf(head, sizeof(head), "-%c, --%s%s%s", o->letter, o->name, o->arg ? " " : "",
                     o->arg ? o->arg : "");
        else
            snprintf(head, sizeof(head), "--%s%s%s", o->name, o->arg ? " " : "",
                     o->arg ? o->arg : "");
        /* The first line of help beside the name, or below it if the name is long. */
        const char *h = o->help;
        size_t len = strcspn(h, "\n");
        if (strlen(head) > 20)
            fprintf(f, "  %s\n  %-20s %.*s\n", head, "", (int)len, h);
        else
            fprintf(f, "  %-20s %.*s\n", head, (int)len, h);
        for (h += len; *h == '\n'; h += len) {
            h++;
            len = strcspn(h, "\n");
            fprintf(f, "  %-20s %.*s\n", "", (int)len, h);
        }
    }
}

int options_take_proto(const char *option, const char *given, const char *name, enum proto *proto)
{
    enum proto p = adapter_find(name);

    if (p == PROTO_COUNT) {
        message_error("--%s '%s': the protocol is " ADAPTER_NAMES, option, given);
        return EXIT_USAGE;
    }
    *proto = p;
    return 0;
}

static int take_game(const char *arg, const struct game_def **def)
{
    const struct game_def *g = game_find(arg);

    if (!g) {
        message_error("unknown game '%s'", arg);
        return EXIT_USAGE;
    }
    *def = g;
    return 0;
}

static int parse_one(const struct option_def *o, const char *arg, void *target)
{
    char *field = (char *)target + o->offset;
    long v;

    switch (o->type) {
    case OPTION_FLAG: *(bool *)field = true; return 0;
    case OPTION_TEXT: *(const char **)field = arg; return 0;
    case OPTION_GAME: return take_game(arg, (const struct game_def **)field);
    case OPTION_PROTO: return options_take_proto(o->name, arg, arg, (enum proto *)field);
    case OPTION_CALL: return o->call(target, arg);
    case OPTION_MS:
        if (config_parse_int(arg, INT_MAX / 2, &v) < 0) {
            message_error("--%s '%s' is not a number of milliseconds", o->name, arg);
            return EXIT_USAGE;
        }
        *(int *)field = (int)v;
        return 0;
    case OPTION_COUNT:
        if (config_parse_int(arg, o->max, &v) < 0 || v < o->min) {
            message_error("--%s '%s' is not a number from %ld to %ld", o->name, arg, o->min,
                          o->max);
            return EXIT_USAGE;
        }
        *(long *)field = v;
        return 0;
    }
    return EXIT_USAGE;
}

/* getopt_long's tables for the options of table that are for command; the
 * index of each long option's entry in table is its `val` - 257. */
static void getopt_tables(const struct option_set *set, struct option *longs, char *shorts)
{
    const struct option_def *table = set->table;
    size_t k = 0, s = 0;

    if (!set->permute)
        shorts[s++] = '+';
    shorts[s++] = ':'; /* a missing argument is ':', not '?': said apart */
    for (size_t i = 0; i < set->n; i++) {
        if (!is_for(&table[i], set->command))
            continue;
        longs[k++] = (struct option){table[i].name, table[i].arg ? required_argument : no_argument,
                                     NULL, (int)i + 1 + 256};
        if (table[i].letter) {
            shorts[s++] = table[i].letter;
            if (table[i].arg)
                shorts[s++] = ':';
        }
    }
    /* Not 'h': optopt then names a short option only (say_refused). */
    longs[k++] = (struct option){"help", no_argument, NULL, 256};
    longs[k] = (struct option){NULL, 0, NULL, 0};
    shorts[s++] = 'h';
    shorts[s] = '\0';
}

/* Print set's whole --help: head, options, tail. */
static void options_usage(FILE *f, const struct option_set *set)
{
    fputs(set->head, f);
    options_print(f, set);
    fputs(set->tail, f);
}

/* The option of set named by word ("--name", "--name=x", "-c"), or NULL. */
static const struct option_def *option_named(const struct option_set *set, const char *word)
{
    size_t len;

    if (word[0] == '-' && word[1] != '-') {
        for (size_t i = 0; i < set->n; i++)
            if (set->table[i].letter == word[1] && is_for(&set->table[i], set->command))
                return &set->table[i];
        return NULL;
    }
    word += 2;
    len = strcspn(word, "=");
    for (size_t i = 0; i < set->n; i++)
        if (strncmp(set->table[i].name, word, len) == 0 && set->table[i].name[len] == '\0' &&
            is_for(&set->table[i], set->command))
            return &set->table[i];
    return NULL;
}

/* How many options of set have a name that begins with word (up to its '='),
 * listed in names ("--bot, --bots") as far as cap allows. */
static size_t prefixed(const struct option_set *set, const char *word, char *names, size_t cap)
{
    size_t len = strcspn(word, "="), n = 0, used = 0;

    names[0] = '\0';
    for (size_t i = 0; i < set->n; i++) {
        const struct option_def *o = &set->table[i];
        if (!is_for(o, set->command) || strncmp(o->name, word, len) != 0)
            continue;
        /* Two entries of one name (one per command) are one option. */
        bool again = false;
        for (size_t j = 0; j < i; j++)
            again |=
                is_for(&set->table[j], set->command) && strcmp(set->table[j].name, o->name) == 0;
        if (again)
            continue;
        n++;
        if (used < cap)
            used +=
                (size_t)snprintf(names + used, cap - used, "%s--%s", n > 1 ? ", " : "", o->name);
    }
    return n;
}

/* Say in one line what getopt_long refused (opt '?' or ':'), naming it as the
 * user wrote it. */
static void say_refused(const struct option_set *set, int opt, char **argv)
{
    char word[64], names[256];
    const char *given = argv[optind - 1];

    /* optopt names a short option; a long one is the word getopt just passed. */
    if (optopt && optopt < 256) {
        snprintf(word, sizeof(word), "-%c", optopt);
        given = word;
    }
    const struct option_def *o = option_named(set, given);
    if (opt == '?' && ((o && !o->arg) || strncmp(given, "--help=", 7) == 0)) { /* --flag=value */
        message_error("option '%.*s' takes no argument", (int)strcspn(given, "="), given);
        return;
    }
    if (opt == '?' && given[1] == '-' && prefixed(set, given + 2, names, sizeof(names)) > 1) {
        message_error("ambiguous option '%.*s': %s?", (int)strcspn(given, "="), given, names);
        return;
    }
    if (opt == '?') {
        message_error("unknown option '%.*s' (see 'referee %s --help')", (int)strcspn(given, "="),
                      given, argv[0]);
        return;
    }
    if (o && o->arg)
        message_error("option '%s' needs an argument: %s", given, o->arg);
    else
        message_error("option '%s' needs an argument (see 'referee %s --help')", given, argv[0]);
}

int options_parse(const struct option_set *set, int argc, char **argv, void *target, bool *given,
                  int *first)
{
    struct option longs[OPTIONS_MAX + 2];
    char shorts[2 * OPTIONS_MAX + 4];
    int opt, operands;

    if (set->n > OPTIONS_MAX) {
        message_error("%s: %zu options, more than a table holds (%d)", argv[0], set->n,
                      OPTIONS_MAX);
        return EXIT_INTERNAL;
    }
    for (size_t i = 0; given && i < set->n; i++)
        given[i] = false;
    getopt_tables(set, longs, shorts);
    /* 0, not 1: glibc then reads the optstring's '+' afresh, so a second
     * parse in one process (a test's) does not keep the first one's order. */
    optind = 0;
    opterr = 0;
    while ((opt = getopt_long(argc, argv, shorts, longs, NULL)) != -1) {
        long index = -1;
        if (opt == 'h' || opt == 256) {
            options_usage(stdout, set);
            return 1;
        }
        if (opt == '?' || opt == ':') {
            say_refused(set, opt, argv);
            return EXIT_USAGE;
        }
        if (opt > 256)
            index = opt - 257;
        for (size_t i = 0; index < 0 && i < set->n; i++)
            if (set->table[i].letter == opt && is_for(&set->table[i], set->command))
                index = (long)i;
        if (index < 0) { /* getopt_tables lists only the table's options */
            message_error("%s: option %d is not in its table", argv[0], opt);
            return EXIT_INTERNAL;
        }
        int rc = parse_one(&set->table[index], optarg, target);
        if (rc != 0)
            return rc;
        if (given)
            given[index] = true;
    }
    operands = argc - optind;
    if (first)
        *first = optind;
    if (!set->operands && operands > 0) {
        message_error("unexpected argument '%s' (see 'referee %s --help')", argv[optind], argv[0]);
        return EXIT_USAGE;
    }
    if (set->operands && set->max_operands >= 0 && operands > set->max_operands) {
        message_error("unexpected argument '%s': %s takes %s", argv[optind + set->max_operands],
                      argv[0], set->operands);
        return EXIT_USAGE;
    }
    if (set->operands && operands < set->min_operands) {
        message_error("%s needs %s (see 'referee %s --help')", argv[0], set->operands, argv[0]);
        return EXIT_USAGE;
    }
    return 0;
}
