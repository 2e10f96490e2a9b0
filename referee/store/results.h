/* results.h: the CSV files of a run, written with libcsv: games.csv (a row per
 * game) and moves.csv (a row per action), in the columns schema.h declares
 * (documented in results/README.md). Each game's rows go out in one write per file, moves
 * first, so a games.csv row always has its moves and a killed run leaves no
 * half row behind but, at worst, the moves of a game without its games row. */
#ifndef REFEREE_RESULTS_H
#define REFEREE_RESULTS_H

#include "record.h"
#include "standings.h"
#include "csvout.h"
#include "schema.h"

#include <stdbool.h>
#include <stddef.h>

struct results; /* opaque */

/* Create dir and its parents where missing (dir itself not a link: folder.h).
 * Returns 0 or a negative errno. */
int results_make_dir(const char *dir);

/* Open games.csv and moves.csv in the folder dir_fd (borrowed: it outlives r;
 * dir is its name, for messages) for appending, writing their header rows if
 * they are new, never through a link (folder.h: -ELOOP, -EMLINK). games.csv
 * is flock'ed while r holds it: -EWOULDBLOCK when another run holds it. Unless
 * `append`, a games.csv that already holds rows is refused with -EEXIST, so
 * that no run mixes its games into another's (moves.csv is then emptied: its
 * rows can only be a killed run's first game). When appending, a file whose
 * header is not this version's is refused with -EPROTO. On error returns a
 * negative errno and copies the path that failed into failed (len bytes). */
int results_open(struct results **out, int dir_fd, const char *dir, bool append, char *failed,
                 size_t len);

/* Add the rows of one finished game to what r holds unwritten; write them all
 * (results_flush) once they reach RESULTS_BATCH_BYTES. One caller at a time.
 * Returns 0 or a negative errno. */
#define RESULTS_BATCH_BYTES 65536
int results_write_game(struct results *r, const struct game_record *rec);

/* The texts of the games.csv row results_write_game made last (gamerow.h);
 * they borrow from its record. */
struct game_texts;
const struct game_texts *results_texts(const struct results *r);

/* Write what r holds: moves.csv's rows, then games.csv's, each in one write(2).
 * A run calls it every 100 ms and at its end, so that rows are never more than
 * that late and a kill loses at most that many games (resume plays them again).
 * Returns 0 or a negative errno (the rows stay held): -ESTALE when games.csv
 * or moves.csv was removed or replaced since results_open (rows written to
 * the file r holds would reach no one). */
int results_flush(struct results *r);

/* Close the files and free r; NULL is fine. */
void results_free(struct results *r);

/* Add a games.csv row of texts as typed readers give them (schema_text:
 * free text without the quote it was written with), written as a run writes
 * its rows (free text through csvout_text). */
void results_put_game(struct csvout *out, const char *const text[GC_COUNT]);

/* Add a row of n fields, as read (a header, or a row kept by resume): the
 * fields of the file, quotes and all. */
void results_copy_fields(struct csvout *out, char *const *fields, size_t n);

/* Write standings.csv and crosstable.csv into the folder dir_fd (each by
 * temporary file and rename, never through a link: csvout_replace_at).
 * Columns in results/README.md. Returns 0 or a negative errno, *failed then
 * the name of the file that failed (a static string). */
int results_write_standings(int dir_fd, struct standings *st, const char **failed);

#endif
