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

/* inputs_load_bots for a league's roster (bots.csv in its folder), whose
 * column `retired` the league reads (store/roster.c). */
int inputs_load_roster(struct run_config *c, const char *path);

/* Read c->openings_file into c->openings: a move list a line, blank lines and
 * lines starting with '#' aside. Returns 0 or an exit code as above. */
int inputs_load_openings(struct run_config *c);

#endif
