/* runplan.h: a tournament's or match's plan as its run.csv records it, and the
 * check of each games.csv row against it (referee check): the schedule
 * computed again, by index, as the run computed it (schedule.h). */
#ifndef REFEREE_RUNPLAN_H
#define REFEREE_RUNPLAN_H

#include "runinfo.h"
#include "schedule.h"
#include "schema.h"

#include <stdbool.h>
#include <stddef.h>

/* A run's plan as its run.csv records it, for runplan_check: the schedule
 * (format, bots, games, rounds, seed), the game, the early-draw rule, random
 * openings, the shard, and the bots' names by the schedule's index (`names`;
 * a run.csv of an older referee has none: each bot is then named by the first
 * row that has it, the SPRT's candidate by run.csv, and every other row must
 * agree). */
struct runplan {
    bool known; /* a tournament's or a match's run.csv: rows are checked */
    struct schedule schedule;
    const struct game_def *def;
    bool early_draw;
    int opening_plies; /* of each random opening; -1: from a file, not checked */
    int shard, shards; /* 0-based shard of shards */
    char names[CONFIG_MAX_BOTS][CONFIG_NAME_MAX + 1]; /* by index; "" before its first row */
    long named_in[CONFIG_MAX_BOTS];                   /* the game that named each; 0: run.csv */
};

/* Fill *p from a run.csv read by runinfo_read. A folder without one, or an
 * older one without `format`, gives known false (nothing to check). Returns 0,
 * or -EINVAL with why naming the column that is not a plan. */
int runplan_of(struct runplan *p, const struct runinfo *ri, char *why, size_t len);

/* Whether row is the game p's plan has at its id: of p's shard, its game and
 * rules, pairing_id, opening_id and seed, its first and second bots (named as
 * the plan's earlier rows named them), and its opening (opening_plies and the
 * first moves, unless from a file). Returns 0, or -EINVAL with why naming the
 * game and the column: "game 17: column 'first' says 'c', the plan's bot 1 is
 * 'a' (...)". */
int runplan_check(struct runplan *p, const struct game_row *row, char *why, size_t len);

#endif
