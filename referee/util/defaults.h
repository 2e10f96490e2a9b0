/* defaults.h: the numbers of time and size that more than one file uses,
 * each written once here. Units are in the names. */
#ifndef REFEREE_DEFAULTS_H
#define REFEREE_DEFAULTS_H

#define NS_PER_MS 1000000LL /* nanoseconds in a millisecond */

/* What a bot has to exit after `quit`, or after closing its output. */
#define EXIT_GRACE_MS 200

/* A bot's limit per move, and for its first move of a game, start-up
 * included, unless told otherwise (--movetime, --firstmove). */
#define MOVE_MS_DEFAULT       1000
#define FIRST_MOVE_MS_DEFAULT 5000

/* Past a move's limit, what the pipe and the scheduler may take before the
 * reply counts as late. */
#define MARGIN_MS 50

/* How long a bot's process has to start and answer its handshake (--startup). */
#define STARTUP_MS_DEFAULT 10000

/* The bytes of a bot's stderr log a run keeps (--log-cap). */
#define LOG_CAP_DEFAULT (1 << 20)

/* How long a referee message to a bot (a result, a quit) may take to go out. */
#define TELL_MS 1000

#endif
