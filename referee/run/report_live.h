/* report_live.h: a run's report, gathered while the run writes its games, so
 * that its end does not read games.csv and moves.csv back. It counts the very
 * texts results.c writes (gamerow.h), typed by schema.c as a reader would, in
 * the order they are written: its page is the one `referee report DIR` makes
 * of the same files with the same run (tests/test_report.c checks it). The
 * games' list goes to an unnamed file in the results folder meanwhile, so
 * that memory stays flat. */
#ifndef REFEREE_REPORT_LIVE_H
#define REFEREE_REPORT_LIVE_H

#include "gamerow.h"
#include "record.h"
#include "report.h"

struct report_live; /* opaque */

/* Start one for a run of dir with run's settings (kept by pointer). Returns 0
 * or a negative errno. */
int report_live_open(struct report_live **out, const char *dir, const struct report_run *run);

/* Count game rec, written as texts t, the next row of dir's games.csv.
 * Returns 0 or a negative errno. */
int report_live_add(struct report_live *l, const struct game_record *rec,
                    const struct game_texts *t);

/* Write the page to out. Returns an exit code, having said why. */
int report_live_write(struct report_live *l, const char *out);

/* NULL is fine. */
void report_live_free(struct report_live *l);

#endif
