/* main.c: the referee program: picks the subcommand from cmd_table (cmd.c) and
 * reports its errors. */
#include "cmd.h"
#include "version.h"

#include <stdio.h>
#include <string.h>

static void usage(FILE *f)
{
    fputs("usage: referee <command> [options]\n\ncommands:\n", f);
    for (const struct cmd_entry *const *c = cmd_table; *c; c++)
        fprintf(f, "  %-12s %s\n", (*c)->name, (*c)->summary);
    fputs("\nrun 'referee <command> --help' for a command's options; 'referee --version' says "
          "which referee this is\n",
          f);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return EXIT_USAGE;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
        strcmp(argv[1], "help") == 0) {
        usage(stdout);
        return EXIT_OK;
    }
    if (strcmp(argv[1], "--version") == 0) {
        printf("referee %s\n", referee_version);
        return EXIT_OK;
    }
    for (const struct cmd_entry *const *c = cmd_table; *c; c++)
        if (strcmp(argv[1], (*c)->name) == 0)
            return (*c)->exec(argc - 1, argv + 1);
    message_error("unknown command '%s' (see 'referee --help')", argv[1]);
    return EXIT_USAGE;
}
