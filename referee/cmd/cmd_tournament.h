/* cmd_tournament.h: what the files of `tournament` and `match` share: the
 * calls of their options table (cmd_tournament_fill.c), the defaults of a run
 * and its checks (cmd_tournament_check.c). For cmd_tournament*.c only. */
#ifndef REFEREE_CMD_TOURNAMENT_H
#define REFEREE_CMD_TOURNAMENT_H

#include "config.h"

#include <stdbool.h>

/* The calls of the options table (struct option_def's call), each for the
 * option of its name: target is the struct run_config being filled, arg the
 * option's argument, borrowed from argv (what is kept is copied). Each
 * returns 0, or EXIT_USAGE having said why in one line (--bots: also what
 * inputs_load_bots returns). */

/* --bot NAME=COMMAND: one more bot (at most CONFIG_MAX_BOTS). */
int cmd_tournament_opt_bot(void *target, const char *arg);
/* --bots FILE: the bots of an engines file (inputs_load_bots). */
int cmd_tournament_opt_bots(void *target, const char *arg);
/* --dir NAME=DIR, --proto NAME=P, --option NAME=KEY=VALUE, --env
 * NAME=VAR=VALUE, --gtp-pass NAME=HOW: a setting of bot NAME, given before. */
int cmd_tournament_opt_dir(void *target, const char *arg);
int cmd_tournament_opt_proto(void *target, const char *arg);
int cmd_tournament_opt_option(void *target, const char *arg);
int cmd_tournament_opt_env(void *target, const char *arg);
int cmd_tournament_opt_gtp_pass(void *target, const char *arg);
/* --sandbox-user USER[:GROUP] (sandbox_user_parse). */
int cmd_tournament_opt_sandbox_user(void *target, const char *arg);
/* --movetime MS for every bot, or NAME=MS for bot NAME alone (time odds, as
 * cutechess-cli's per-engine st= and tc=); the same for the other limits a
 * bot may have of its own: --firstmove, --clock, --increment, --startup
 * (MS), --memory (MB). */
int cmd_tournament_opt_movetime(void *target, const char *arg);
int cmd_tournament_opt_firstmove(void *target, const char *arg);
int cmd_tournament_opt_clock(void *target, const char *arg);
int cmd_tournament_opt_increment(void *target, const char *arg);
int cmd_tournament_opt_startup(void *target, const char *arg);
int cmd_tournament_opt_memory(void *target, const char *arg);
/* --format roundrobin|gauntlet, --shard I/N, --sprt WORDS, --sprt-model M. */
int cmd_tournament_opt_format(void *target, const char *arg);
int cmd_tournament_opt_shard(void *target, const char *arg);
int cmd_tournament_opt_sprt(void *target, const char *arg);
int cmd_tournament_opt_sprt_model(void *target, const char *arg);

/* *c set to the defaults of both commands (is_match: match's), before the
 * options; what depends on them is left to cmd_tournament_finish_defaults. */
void cmd_tournament_set_defaults(struct run_config *c, bool is_match);

/* The defaults that depend on the command, the game or the machine, set in c
 * once its options are taken and checked (given: options_parse's marks for
 * tournament_options' table): openings, movetime with a clock, each bot's
 * settled limits, jobs, the results folder. */
void cmd_tournament_finish_defaults(struct run_config *c, const bool *given);

/* What the options cannot say alone, in c as they filled it: the count of
 * bots, their names, the limits, the folder, the pairs of options; then the
 * openings file read. Returns 0 or an exit code, having said why. */
int cmd_tournament_check_config(struct run_config *c);

/* What each bot's settled limits and protocol cannot do (after
 * cmd_tournament_finish_defaults). Returns 0 or EXIT_USAGE, having said
 * why. */
int cmd_tournament_check_bots(const struct run_config *c);

#endif
