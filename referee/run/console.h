/* console.h: what a run prints while it plays: cutechess-cli's Started,
 * Finished and Score lines, the standings, and on a terminal a live line with
 * games done, rate, ETA and leader (on stderr, redrawn in place). */
#ifndef REFEREE_CONSOLE_H
#define REFEREE_CONSOLE_H

#include "record.h"
#include "schedule.h"
#include "standings.h"

#include <stdbool.h>
#include <stdint.h>

struct console {
    bool quiet;        /* no per-game lines */
    bool live;         /* the live line, on a terminal */
    long total;        /* games of the whole schedule, for "Started game 1 of N" */
    int64_t t0_ns;     /* when the run started, for the rate */
    const char *a, *b; /* the two bots of a match, for the Score line; else NULL */
    int score[3];      /* wins, losses, draws of a, every game of the run */
};

/* Count a game's result, as the first bot `first` saw it with `winner`, for
 * the Score line (a game without a winner is a draw to it). */
void console_count(struct console *con, const char *first, int winner);

/* "Started game 3 of 60 (a vs b)". */
void console_started(struct console *con, const struct scheduled_game *g, const char *first,
                     const char *second);

/* "Finished game 3 (a vs b): 1-0 {reason}" and, in a match, the Score line. */
void console_finished(struct console *con, const struct game_record *rec);

/* Redraw the live line; clear it before printing other lines. */
void console_progress(struct console *con, long done, long planned, struct standings *st);
void console_clear(struct console *con);

/* Once per bot that timed out without writing a byte: the hint that its
 * output is probably buffered, with the flush line of its language, guessed
 * from its command line (argv). */
void console_hint_flush(struct console *con, const char *bot, char *const *argv);

/* The last lines (at most 5, from its last 2 KB) of a bot's log at path, on
 * stderr, cleaned by printable_clean (a byte that is not printable ASCII or
 * a tab shown as '?'): why a command failed is there, not in referee's
 * message. Nothing if it cannot be read or is empty. */
void console_log_tail(const char *path);

/* The standings table (and, for two bots, the Elo difference line). */
void console_standings(struct console *con, struct standings *st);

#endif
