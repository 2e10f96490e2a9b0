/* csvread.h: a CSV file read row by row with libcsv's callback parser, in
 * chunks: what it holds at any time is one chunk's rows, whatever the size of
 * the file (a resume of a million games reads 500 MB of CSV in a few MB).
 * The first row is the header; every later row is yielded with as many fields
 * as the header (missing ones are ""). A UTF-8 byte-order mark at the start of
 * the file is skipped; a NUL byte in a field is an error naming its row and
 * column, as is a stray quote. */
#ifndef REFEREE_CSVREAD_H
#define REFEREE_CSVREAD_H

#include <csv.h>
#include <stdbool.h>
#include <stdio.h>
#include <stddef.h>

struct csvread {
    FILE *fp;
    struct csv_parser p;
    char **header; /* ncols names */
    size_t ncols;
    char **row;  /* the row last yielded (ncols fields), until the next call */
    size_t rows; /* rows yielded so far */
    bool torn;   /* the row last yielded ended the file without its newline */
    /* where a quote was opened and never closed ("row 3, column 2 ('command')"),
     * if the file ended inside one: its torn last row runs from there to the
     * end; "" if not */
    char open_quote[96];
    /* inside: rows parsed and not yet yielded, the row being parsed */
    char ***queue;
    size_t qhead, qlen, qcap;
    size_t *ends; /* the row being parsed: where each field ends in text */
    size_t nfields, fcap;
    char *text; /* its fields, each with its NUL */
    size_t tlen, tcap;
    bool ended;    /* csv_fini was called: the queue is all there is */
    bool fini_row; /* csv_fini handed over a row: the queue's last is torn */
    int error;
    char why[256];
};

/* Open path and read its header row. Returns 0, or a negative errno with a
 * phrase in why (len bytes): -ENOENT and others for a file that cannot be
 * opened, -ENODATA for one without a header row (empty, or a run killed before
 * it), -EINVAL for malformed CSV. */
int csvread_open(struct csvread *r, const char *path, char *why, size_t len);

/* The next row into r->row: returns 1, 0 at the end of the file, or a
 * negative errno with why ("row 12 has 5 fields, the header 4"). A last row
 * without its newline (torn by a kill, or a hand-written file) is yielded with
 * r->torn set: the caller decides. */
int csvread_next(struct csvread *r, char *why, size_t len);

/* Index of the header's column `name`, or -1. */
int csvread_column(const struct csvread *r, const char *name);

/* Take r->row: the caller frees its fields and the array. */
char **csvread_take(struct csvread *r);

/* Free a row of n fields (one block: its pointers and its text). */
void csvread_free_row(char **row, size_t n);

/* Close the file and free everything r holds; safe twice and on a zeroed struct. */
void csvread_close(struct csvread *r);

#endif
