/* roster.h: the files of a league folder that are not results: league.csv
 * (what defines its games), bots.csv (its entries, as a person may edit them:
 * a tournament's --bots file with a `retired` column) and roster.csv (when
 * each entry entered, was refused for a changed program, was bound again and
 * retired, by game id: written by `league run` only, appended to). Columns in results/README.md. */
#ifndef REFEREE_ROSTER_H
#define REFEREE_ROSTER_H

#include "config.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define ROSTER_SETTINGS  "league.csv"
#define ROSTER_BOTS      "bots.csv"
#define ROSTER_LOG       "roster.csv"
#define ROSTER_BOTS_LOCK "bots.lock" /* one writer of bots.csv at a time (roster.c) */

struct table;

/* dir/file, a file of the league, read whole into *t (table.h; the caller
 * releases it). Returns 0, -ENOENT (no such file, why untouched), or another
 * negative errno with why (len bytes) naming the file and what is wrong. */
int roster_load(struct table *t, const char *dir, const char *file, char *why, size_t len);

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

/* An entry of bots.csv: its name, and whether its `retired` field is set,
 * and to what (`yes`, or why: a run that retires an entry writes why). */
struct roster_bot {
    char name[CONFIG_NAME_MAX + 1];
    bool retired;
    char said[200];
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

/* Set the `retired` field of entry name in dir's bots.csv to said (NULL or
 * "": "yes"). Returns 0, -ENOENT if no row has that name, -EALREADY if it is
 * set already, or another negative errno with why set. */
int roster_retire_bot(const char *dir, const char *name, const char *said, char *why, size_t len);

/* What a line of roster.csv says of its entry from its game on. */
enum roster_kind {
    ROSTER_ENTERED, /* it plays, bound to the program in the line */
    ROSTER_RETIRED, /* it plays no more */
    ROSTER_REFUSED, /* its program changed (the line has it, and why): not played */
    ROSTER_BOUND,   /* it plays again, bound to the program in the line */
};

/* A line of roster.csv: from game id `game` on, entry name is in the league,
 * retired, refused or bound (enum roster_kind). The strings are malloc'ed
 * ("" where the line has none: a league older than bindings) and freed by
 * roster_free_events; roster_append_event only reads them (NULL: ""). */
struct roster_event {
    long game;
    enum roster_kind kind;
    char name[CONFIG_NAME_MAX + 1];
    char *command; /* binding.h: the command line bound, or seen when refused */
    char *files;   /* binding.h: "DIGEST  PATH" lines of its files */
    char *reason;  /* why it was refused, bound again or retired ("": not said) */
};

/* The events of dir's roster.csv in order into *out (malloc'ed; the caller
 * frees with roster_free_events). No file is no events. Returns 0, or a
 * negative errno with why set. */
int roster_read_events(const char *dir, struct roster_event **out, size_t *n, char *why,
                       size_t len);

/* Free the n events ev and their strings; ev may be NULL. */
void roster_free_events(struct roster_event *ev, size_t n);

/* Append e to dir's roster.csv (its header first if it is new; a file of a
 * league older than the columns command, files and reason rewritten once with
 * them) and sync it. Returns 0 or a negative errno. */
int roster_append_event(const char *dir, const struct roster_event *e);

#endif
