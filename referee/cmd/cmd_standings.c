/* cmd_standings.c: `referee standings`: the leaderboard recomputed from one or
 * more games.csv files (shards of a run merge this way), printed as a run
 * prints it (standings_print.c). */
#include "cmd.h"
#include "cmd_options.h"
#include "csvout.h"
#include "ledger.h"
#include "folder.h"
#include "results.h"
#include "standings.h"
#include "schema.h"

#include <errno.h>
#include <unistd.h>
#include <stddef.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

/* What standings' options set. */
struct standings_args {
    const char *out_dir;
};

#define FIELD(name) offsetof(struct standings_args, name)

static const struct option_def standings_table[] = {
    TEXT("write", "DIR", out_dir, "also write standings.csv and crosstable.csv into DIR",
         .letter = 'w'),
};

const struct option_set standings_options = {
    .table = standings_table,
    .n = sizeof(standings_table) / sizeof(standings_table[0]),
    .head = "usage: referee standings [options] GAMES.CSV...\n"
            "\n"
            "Counts every game of the given games.csv files (of one run, or of shards of\n"
            "one run) and prints the standings.\n"
            "Games of different games, or bots that no games link (not even through other\n"
            "bots), are refused: their ratings would share no scale.\n"
            "\n",
    .tail = "Exit status: 0 done, 2 bad usage, 3 a file that is not a games.csv or games\n"
            "that cannot be rated together, 4 a file that cannot be read or written.\n",
    .operands = "GAMES.CSV...",
    .min_operands = 1,
    .max_operands = -1,
    .permute = true,
};

static int cmd_standings(int argc, char **argv)
{
    struct standings_args a = {0};
    char why[256];
    int first, rc = options_parse(&standings_options, argc, argv, &a, NULL, &first);

    if (rc != 0)
        return rc == 1 ? EXIT_OK : rc;
    const char *out_dir = a.out_dir;
    struct standings *st = standings_new();
    if (!st) {
        message_error("out of memory");
        return EXIT_SYSTEM;
    }
    struct ledger_game game = {0};
    for (int i = first; i < argc && rc == EXIT_OK; i++) {
        struct results_file f;
        int err = schema_open_games(&f, argv[i], SCHEMA_STANDINGS, why, sizeof(why));
        if (err == 0) {
            err = ledger_add_games(st, &f, &game, why, sizeof(why));
            if (err == 0 && schema_torn(&f))
                message_error("'%s': its last row is torn (a run killed while writing it?); not "
                              "counted",
                              argv[i]);
            schema_close(&f);
        }
        if (err < 0) {
            message_error("cannot read %s", why);
            rc = (err == -EINVAL || err == -ENODATA) ? EXIT_DATA : EXIT_SYSTEM;
        }
    }
    if (rc == EXIT_OK)
        rc = standings_check_groups(st);
    if (rc == EXIT_OK) {
        standings_print(stdout, st);
        if (out_dir) {
            const char *name = "";
            int fd, err = folder_open(out_dir, true, &fd);
            if (err == 0) {
                err = results_write_standings(fd, st, &name);
                close(fd);
            }
            if (err < 0) {
                message_error("cannot write standings to '%s%s%s': %s", out_dir, name[0] ? "/" : "",
                              name, folder_why(err));
                rc = folder_is_link(err) ? EXIT_USAGE : EXIT_SYSTEM;
            }
        }
    }
    standings_free(st);
    return rc;
}

const struct cmd_entry cmd_standings_entry = {
    .name = "standings",
    .summary = "rank bots from one or more games.csv files",
    .exec = cmd_standings,
    .options = &standings_options,
};
