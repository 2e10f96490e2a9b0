/* runinfo.h: run.csv, the conditions a run was played under (the game, the
 * limits, the openings and seed, referee's version, the command line, when
 * it started), written once as the run starts, so that a report made later
 * from the folder states them as the run's own report does. A header row and
 * one row, columns by name (results/README.md); a folder of an older referee
 * has none, and a reader takes a missing column as empty. */
#ifndef REFEREE_RUNINFO_H
#define REFEREE_RUNINFO_H

#include "config.h"

enum runinfo_column {
    RI_REFEREE,
    RI_STARTED_UTC,
    RI_COMMAND,
    RI_GAME,
    RI_FORMAT,
    RI_BOTS,
    RI_GAMES,
    RI_ROUNDS,
    RI_MOVETIME_MS,
    RI_FIRSTMOVE_MS,
    RI_CLOCK_MS,
    RI_INCREMENT_MS,
    RI_MARGIN_MS,
    RI_OPENINGS,
    RI_OPENINGS_FILE,
    RI_SEED,
    RI_EARLY_DRAW,
    RI_SHARD,
    RI_SPRT,
    RI_CANDIDATE,
    RI_NAMES,
    RI_COUNT
};

/* The column's name in run.csv. */
const char *runinfo_name(enum runinfo_column col);

/* A run.csv read back: each column's text ("" where the file has none). */
struct runinfo {
    bool known; /* the folder has a run.csv */
    char *text[RI_COUNT];
};

/* Write run.csv into the folder dir_fd for a run of c started by the command
 * line argv (argc words from the command's name, "tournament"), at the time
 * now, through a temporary file and a rename, never through a link
 * (csvout_replace_at). Returns 0 or a negative errno. */
int runinfo_write(int dir_fd, const struct run_config *c, int argc, char *const *argv);

/* Read dir/run.csv into *ri (zeroed first). A folder without one gives
 * known false and 0. Returns 0, or a negative errno with why (len bytes)
 * saying what is wrong: "'x/run.csv': row 2 has 5 fields, the header 4". */
int runinfo_read(struct runinfo *ri, const char *dir, char *why, size_t len);

/* The column's text, never NULL. */
const char *runinfo_get(const struct runinfo *ri, enum runinfo_column col);

/* A whole number of milliseconds of the column; -1 when empty or not one. */
int runinfo_ms(const struct runinfo *ri, enum runinfo_column col);

/* Free what ri holds and zero it; safe twice and on a zeroed struct. */
void runinfo_release(struct runinfo *ri);

#endif
