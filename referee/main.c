/* main.c: the referee program: picks the subcommand and reports its errors. */
#include "cmd.h"
#include "version.h"

#include <stdio.h>
#include <string.h>

static const struct command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} commands[] = {
    {"replay", cmd_replay, "fold a move list through the rules and print the result"},
    {"match", cmd_match, "play games between two bots and record them"},
    {"tournament", cmd_tournament, "play a round robin or a gauntlet and rank the bots"},
    {"league", cmd_league, "a competition whose entries come and go while it runs"},
    {"standings", cmd_standings, "rank bots from one or more games.csv files"},
    {"report", cmd_report, "write a run's results as one HTML page"},
    {"doctor", cmd_doctor, "check a bot against the protocol, with a checklist"},
    {"play", cmd_play, "play a bot yourself, at the terminal"},
    {"check", cmd_check, "check that a results directory holds whole, consistent games"},
    {"sprt", cmd_sprt, "compute an SPRT verdict from counts of games"},
    {"perft", cmd_perft, "count the move sequences of a game to a depth"},
};

static void usage(FILE *f)
{
    fputs("usage: referee <command> [options]\n\ncommands:\n", f);
    for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
        fprintf(f, "  %-12s %s\n", commands[i].name, commands[i].summary);
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
    for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
        if (strcmp(argv[1], commands[i].name) == 0)
            return commands[i].run(argc - 1, argv + 1);
    cli_error("unknown command '%s' (see 'referee --help')", argv[1]);
    return EXIT_USAGE;
}
