/* config.h: what the user asked for, parsed from flags and files into plain
 * structs: bots and the rules of a match. Pure: no I/O. */
#ifndef REFEREE_CONFIG_H
#define REFEREE_CONFIG_H

#include "protocol.h"

#include <stdbool.h>
#include <stddef.h>

#define CONFIG_MAX_ARGS 64

/* What a bot's process may use; 0: no limit (see proc.h for how each holds). */
struct bot_limits {
    long memory_mb, cpu_seconds, open_files, processes;
};

/* One bot as the user described it. Owns its strings (config_bot_release). */
struct bot_spec {
    char *name;
    char *argv[CONFIG_MAX_ARGS + 1]; /* NULL-terminated */
    char *cwd;                       /* NULL: referee's own */
    struct bot_limits limits;
};

/* Parse "NAME=COMMAND [ARG]..." into *bot: the command line is split on blanks,
 * with '...' and "..." quoting and backslash escapes as in a shell (no
 * expansions). Returns 0, or -1 with *why set to a static phrase. */
int config_bot_parse(struct bot_spec *bot, const char *text, const char **why);

/* Set up *bot from a name and a command line split as above (the name may
 * hold any character). Returns 0, or -1 with *why set. */
int config_bot_make(struct bot_spec *bot, const char *name, const char *command, const char **why);

/* Split a command line as above into argv (at most CONFIG_MAX_ARGS words,
 * each malloc'ed, then NULL). Returns the word count, or -1 with *why set. */
int config_split_command(const char *line, char **argv, const char **why);

/* Free what *bot owns and zero it; safe twice and on a zeroed struct. */
void config_bot_release(struct bot_spec *bot);

/* Parse a non-negative integer of at most `max` from text. Returns 0 or -1. */
int config_parse_int(const char *text, long max, long *out);

#endif
