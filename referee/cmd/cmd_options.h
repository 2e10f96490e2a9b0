/* cmd_options.h: how every command writes its options table, one way: an entry
 * by kind (options.h's OPTION_ENTRY_*, by short names), and the options of a
 * run that several commands take, each declared once. For cmd_*.c only. */
#ifndef REFEREE_CMD_OPTIONS_H
#define REFEREE_CMD_OPTIONS_H

#include "options.h"

#include <limits.h>
#include <stddef.h>

/* The entries of a table by kind, for a file that defines FIELD(name) as the
 * offset of a field of its target struct (options.h): the help text, then
 * designated fields such as .letter or .only if any. */
#define CALL  OPTION_ENTRY_CALL
#define FLAG  OPTION_ENTRY_FLAG
#define GAME  OPTION_ENTRY_GAME
#define PROTO OPTION_ENTRY_PROTO
#define MS    OPTION_ENTRY_MS
#define TEXT  OPTION_ENTRY_TEXT
#define COUNT OPTION_ENTRY_COUNT

/* The options of a run (a struct run_config at R in the command's target:
 * nothing for tournament's and match's, `lo.run.` for `league run`'s), each
 * declared once here with its name, argument, range and field: a command
 * gives its own help text, and ONLY, the commands of its table it is for
 * (0: all). Their order in a table is the command's. */
#define OPTION_RUN_JOBS(R, ONLY, HELP)                                                             \
    {                                                                                              \
        .name = "jobs", .letter = 'j', .arg = "N", .type = OPTION_COUNT, .offset = FIELD(R jobs),  \
        .min = 1, .max = 1024, .help = HELP, .only = ONLY                                          \
    }
#define OPTION_RUN_MARGIN(R, ONLY, HELP)  MS("margin", R time.margin_ms, HELP, .only = ONLY)
#define OPTION_RUN_SANDBOX(R, ONLY, HELP) FLAG("sandbox", R sandbox, HELP, .only = ONLY)
#define OPTION_RUN_RESTART(R, ONLY, HELP) FLAG("restart", R restart, HELP, .only = ONLY)
#define OPTION_RUN_MAX_LIVE(R, ONLY, HELP)                                                         \
    COUNT("max-live", "N", R max_live, 2, 1L << 20, HELP, .only = ONLY)
#define OPTION_RUN_LOG_CAP(R, ONLY, HELP)                                                          \
    COUNT("log-cap", "BYTES", R log_cap, 0, LONG_MAX, HELP, .only = ONLY)
#define OPTION_RUN_TRACE(R, ONLY, HELP)     FLAG("trace", R trace, HELP, .only = ONLY)
#define OPTION_RUN_NO_REPORT(R, ONLY, HELP) FLAG("no-report", R no_report, HELP, .only = ONLY)
#define OPTION_RUN_QUIET(R, ONLY, HELP)     FLAG("quiet", R quiet, HELP, .letter = 'q', .only = ONLY)

/* The limits on each bot process, in this order: --cpu-time, --max-files,
 * --max-procs, --disk (struct proc_limits at R limits.), with the command's
 * help text for each. */
#define OPTIONS_RUN_LIMITS(R, ONLY, CPU_TIME, MAX_FILES, MAX_PROCS, DISK)                          \
    COUNT("cpu-time", "S", R limits.cpu_seconds, 1, 1L << 30, CPU_TIME, .only = ONLY),             \
        COUNT("max-files", "N", R limits.open_files, 4, 1L << 20, MAX_FILES, .only = ONLY),        \
        COUNT("max-procs", "N", R limits.processes, 1, 1L << 20, MAX_PROCS, .only = ONLY),         \
        COUNT("disk", "MB", R limits.disk_mb, 1, 1L << 30, DISK, .only = ONLY)

#endif
