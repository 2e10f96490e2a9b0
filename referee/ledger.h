/* ledger.h: games.csv read back: a summary per game for the standings, and the
 * check of a killed run's rows against its schedule, for --resume. */
#ifndef REFEREE_LEDGER_H
#define REFEREE_LEDGER_H

#include "record.h"
#include "standings.h"
#include "table.h"
#include "tournament.h"

#include <stdbool.h>
#include <stddef.h>

/* The summary of a game just played. Strings point into rec. */
void ledger_summary_of_record(const struct game_record *rec, struct game_summary *g);

/* Add every row of a games.csv table to st. Returns 0, or -EINVAL with why
 * naming the row and column that is wrong. */
int ledger_add_table(struct standings *st, const struct table *t, char *why, size_t len);

/* Make the run in dir ready to go on: read games.csv, check that each whole
 * row is the game the schedule of t has at its id, add those to skip (by
 * index) and add them to st; then rewrite games.csv without a torn last row
 * and moves.csv with only the moves of those games (each by a temporary file
 * and rename, so a kill during it loses nothing). A directory without
 * games.csv is a fresh start. Returns 0, or a negative errno with why set
 * (-EINVAL: the files are not this tournament's, or not games.csv files). */
int ledger_resume(const char *dir, const struct tournament *t, struct gameset *skip,
                  struct standings *st, char *why, size_t len);

#endif
