/* inputs.h: the files that a run's options name, read into its config: the
 * bots file (CSV, read with libcsv) and the openings file. Each says what is
 * wrong on stderr in one line, naming the file. */
#ifndef REFEREE_INPUTS_H
#define REFEREE_INPUTS_H

#include "config.h"

/* Add the bots of an engines file, CSV with a header (name,command and
 * optionally args, dir, proto, options "KEY=VALUE;..." with `\;` for a ';'
 * of a value, and the limits of config_owns), to c; an empty cell leaves the
 * run's value; a column of another name is refused. Returns 0, or an exit
 * code: EXIT_DATA for a file that is not such a CSV, EXIT_SYSTEM for one that
 * cannot be read. */
int inputs_load_bots(struct run_config *c, const char *path);

/* A row of a league's roster that cannot be a bot (a dir that does not
 * exist, an unknown protocol...): its entry's name, and why, naming the row
 * and the column. */
struct inputs_unfit {
    char name[CONFIG_NAME_MAX + 1];
    char why[320];
};

/* inputs_load_bots for a league's roster (bots.csv in its folder), whose
 * column `retired` the league reads (store/roster.c): a row whose `retired`
 * is set is not read (a retired entry is never started, its dir or program
 * may be gone), and a row that cannot be a bot is left out of c, its entry
 * named in unfit (CONFIG_MAX_BOTS of them; *nunfit set; NULL: not named):
 * an entry's trouble, not the file's. Returns 0 or an exit code as above
 * (the file's own trouble: its header, its quotes). */
int inputs_load_roster(struct run_config *c, const char *path, struct inputs_unfit *unfit,
                       int *nunfit);

/* Read c->openings_file into c->openings: a move list a line, blank lines and
 * lines starting with '#' aside. Returns 0 or an exit code as above. */
int inputs_load_openings(struct run_config *c);

#endif
