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
        if (!is_for(o, set->command))
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

static int parse_one(const struct option_def *o, const char *arg, void *target)
{
    char *field = (char *)target + o->offset;
    long v;

    switch (o->type) {
    case OPTION_FLAG: *(bool *)field = true; return 0;
    case OPTION_TEXT: *(const char **)field = arg; return 0;
    case OPTION_CALL: return o->call(target, arg);
    case OPTION_MS:
        if (config_parse_int(arg, INT_MAX / 2, &v) < 0) {
            cli_error("--%s '%s' is not a number of milliseconds", o->name, arg);
            return EXIT_USAGE;
        }
        *(int *)field = (int)v;
        return 0;
    case OPTION_COUNT:
        if (config_parse_int(arg, o->max, &v) < 0 || v < o->min) {
            cli_error("--%s '%s' is not a number from %ld to %ld", o->name, arg, o->min, o->max);
            return EXIT_USAGE;
        }
        *(long *)field = v;
        return 0;
    }
    return EXIT_USAGE;
}

/* getopt_long's tables for the options of table that are for command; the
 * index of each long option's entry in table is its `val` + 1. */
static void getopt_tables(const struct option_set *set, struct option *longs, char *shorts)
{
    const struct option_def *table = set->table;
    size_t k = 0, s = 0;

    shorts[s++] = '+';
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
    longs[k++] = (struct option){"help", no_argument, NULL, 'h'};
    longs[k] = (struct option){NULL, 0, NULL, 0};
    shorts[s++] = 'h';
    shorts[s] = '\0';
}

static void usage(FILE *f, const struct option_set *set)
{
    fputs(set->head, f);
    options_print(f, set);
    fputs(set->tail, f);
}

int options_parse(const struct option_set *set, int argc, char **argv, void *target, bool *given)
{
    struct option longs[OPTIONS_MAX + 2];
    char shorts[2 * OPTIONS_MAX + 4];
    int opt;

    if (set->n > OPTIONS_MAX)
        return EXIT_USAGE;
    for (size_t i = 0; i < set->n; i++)
        given[i] = false;
    getopt_tables(set, longs, shorts);
    optind = 1;
    while ((opt = getopt_long(argc, argv, shorts, longs, NULL)) != -1) {
        long index = -1;
        if (opt == 'h') {
            usage(stdout, set);
            return 1;
        }
        if (opt > 256)
            index = opt - 257;
        for (size_t i = 0; index < 0 && i < set->n; i++)
            if (set->table[i].letter == opt && is_for(&set->table[i], set->command))
                index = (long)i;
        if (index < 0) { /* getopt_long said what is wrong */
            usage(stderr, set);
            return EXIT_USAGE;
        }
        int rc = parse_one(&set->table[index], optarg, target);
        if (rc != 0)
            return rc;
        given[index] = true;
    }
    if (optind < argc) {
        cli_error("unexpected argument '%s'", argv[optind]);
        return EXIT_USAGE;
    }
    return 0;
}
