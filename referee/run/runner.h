/* runner.h: a run of games from its config to its files: the schedule and its
 * slice (shard, resume), the results directory, the tournament on its
 * workers, the console, the standings and SPRT, and the exit status. */
#ifndef REFEREE_RUNNER_H
#define REFEREE_RUNNER_H

#include "config.h"

/* Play the run c describes (c->bots' limits set, defaults filled). Prints what
 * a user sees, writes the results directory, and returns the exit status (see
 * message.h): the one place where a run's exit status is chosen. */
int runner_run(const struct run_config *c);

#endif
