/* roster.h: the files of a league folder that are not results: league.csv
 * (what defines its games), bots.csv (its entries, as a person may edit them:
 * a tournament's --bots file with a `retired` column) and roster.csv (when
 * each entry entered and retired, by game id: written by `league run` only,
 * appended to and never rewritten). Columns in results/README.md. */
#ifndef REFEREE_ROSTER_H
#define REFEREE_ROSTER_H

#include "config.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define ROSTER_SETTINGS "league.csv"
#define ROSTER_BOTS     "bots.csv"
#define ROSTER_LOG      "roster.csv"

/* What league.csv holds: fixed when the league is made. */
struct roster_settings {
    char game[32];
    uint64_t seed;
    long openings; /* plies of the random openings */
    bool early_draw;
    long min_games; /* matchmake.h's mm_rules.min_games */
    long lag;       /* league.h's lag, in pairs */
};

/* Read dir's league.csv into *s. Returns 0, -ENOENT (no league there), or
 * -EINVAL with why (len bytes) naming what is wrong. */
int roster_read_settings(const char *dir, struct roster_settings *s, char *why, size_t len);

/* Write dir's league.csv (by temporary file and rename). Returns 0 or a negative errno. */
int roster_write_settings(const char *dir, const struct roster_settings *s);

/* An entry of bots.csv: its name, and whether its `retired` field is set. */
struct roster_bot {
    char name[CONFIG_NAME_MAX + 1];
    bool retired;
};

/* The entries of dir's bots.csv, in its order, into *out (malloc'ed, n of
 * them; the caller frees). Returns 0, or a negative errno with why set. */
int roster_read_bots(const char *dir, struct roster_bot **out, size_t *n, char *why, size_t len);

/* A new entry's row of bots.csv, as text borrowed from the caller: its name
 * and command line, and its working directory and protocol, or NULL for none
 * (the tournament's defaults). */
struct roster_entry {
    const char *name, *command, *cwd, *proto;
    const char *env; /* the column env: NAME=VALUE;... (the engines file's form), or NULL */
};

/* Add entry e's row to dir's bots.csv (made if missing), its other columns
 * kept. Returns 0, -EEXIST if a row has e's name, or another negative errno
 * with why set. */
int roster_add_bot(const char *dir, const struct roster_entry *e, char *why, size_t len);

/* Set the `retired` field of entry name in dir's bots.csv to "yes". Returns
 * 0, -ENOENT if no row has that name, -EALREADY if it is set already, or
 * another negative errno with why set. */
int roster_retire_bot(const char *dir, const char *name, char *why, size_t len);

/* A line of roster.csv: from game id `game` on, entry name is in the league
 * (or, retired, no longer plays). */
struct roster_event {
    long game;
    bool retired;
    char name[CONFIG_NAME_MAX + 1];
};

/* The events of dir's roster.csv in order into *out (malloc'ed; the caller
 * frees). No file is no events. Returns 0, or a negative errno with why set. */
int roster_read_events(const char *dir, struct roster_event **out, size_t *n, char *why,
                       size_t len);

/* Append e to dir's roster.csv (its header first if it is new) and sync it.
 * Returns 0 or a negative errno. */
int roster_append_event(const char *dir, const struct roster_event *e);

#endif
