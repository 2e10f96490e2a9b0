/* table.h: a small CSV file read whole with libcsv into rows of strings: the
 * bots and openings files (inputs.c), run.csv (runinfo.c), a league's files
 * (roster.c, roster_log.c) and standings.csv's engines for the report. */
#ifndef REFEREE_TABLE_H
#define REFEREE_TABLE_H

#include <stddef.h>

struct table {
    size_t nrows;        /* rows after the header */
    size_t ncols;        /* fields in the header */
    char **header;       /* ncols names */
    char ***rows;        /* nrows rows of ncols fields each (missing fields are "") */
    size_t complete;     /* rows that ended with a newline: a torn last row is not counted */
    char open_quote[96]; /* csvread.h: where a quote never closed was opened, or "" */
};

/* Read path into *t (zeroed first). Every field of a row is the text as it
 * was before csvout_text wrote it: without the ' that kept it from being a
 * formula (cell_unquote), as a spreadsheet shows it. A row with more fields than the header is
 * an error. Returns 0, or a negative errno (-EINVAL for malformed CSV, -ENODATA
 * for a file without even a header row: empty, or killed before it) with a
 * phrase in why (len bytes): "row 12 has 5 fields, the header 4". */
int table_load(struct table *t, const char *path, char *why, size_t len);

/* Index of the column named `name`, or -1. */
int table_column(const struct table *t, const char *name);

/* Free everything t holds and zero it; safe twice. */
void table_release(struct table *t);

#endif
