/* csvout.h: CSV text built in memory with libcsv's csv_write (every field in
 * double quotes, a quote inside doubled), for files written in one write(2)
 * or whole through a temporary file. Out of memory, a buffer stops growing
 * and says so (failed); writing it then fails with -ENOMEM. */
#ifndef REFEREE_CSVOUT_H
#define REFEREE_CSVOUT_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>

/* A growing text buffer of CSV rows. Start it as CSVOUT_INIT. */
struct csvout {
    char *buf;
    size_t len, cap;
    bool first; /* no field yet on this line */
    bool failed;
};
#define CSVOUT_INIT                                                                                \
    {                                                                                              \
        .first = true                                                                              \
    }

/* Add a field to the row under way: text, quoted by libcsv. */
void csvout_field(struct csvout *r, const char *text);
void csvout_fieldf(struct csvout *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Add a field of free text (a bot's name, an engine's, a reason, a command
 * line) so that a spreadsheet shows it as text: as csvout_field, with a ' in
 * front when cell_needs_quote says so (it starts with = + - @, a tab or a CR).
 * Readers take it off (cell_unquote); numbers never go through here. */
void csvout_text(struct csvout *r, const char *text);

/* A field without a quote in it (n bytes of text), put in its quotes by hand:
 * numbers (decimal.h), marks, words. */
void csvout_plain(struct csvout *r, const char *text, size_t n);

/* A figure with fmt: "" for NAN, "inf" and "-inf" for the infinities. */
void csvout_number(struct csvout *r, const char *fmt, double v);

/* Add n bytes of whole rows (another csvout's text). Returns 0 or -ENOMEM. */
int csvout_append(struct csvout *r, const char *text, size_t n);

/* End the row under way. */
void csvout_end(struct csvout *r);

/* Free the buffer and start again empty; safe twice. */
void csvout_release(struct csvout *r);

/* Write len bytes of buf to fd, whatever it takes. Returns 0 or -errno. */
int csvout_write_all(int fd, const char *buf, size_t len);

/* Write the rows to path through path.tmp, fsync and rename, so that a kill
 * leaves the old file or the new one; never through a link: path.tmp or path
 * a symbolic link, or a file with another hard link, is refused with -ELOOP
 * or -EMLINK (folder.h). Returns 0 or -errno. */
int csvout_replace_file(const char *path, const struct csvout *rows);

/* The same for the file name in the folder dir_fd (borrowed). */
int csvout_replace_at(int dir_fd, const char *name, const struct csvout *rows);

/* The same for a file too big to build in memory: rows are added to w->rows
 * and go to path.tmp whenever csvout_file_flush finds more than keep bytes
 * there; commit writes the rest, fsyncs and renames; abort drops path.tmp.
 * Each returns 0 or -errno (the first error sticks until commit). */
struct csvout_file {
    int fd; /* path.tmp, or -1 */
    int error;
    int dir_fd;   /* the folder path is in; -1: none */
    bool own_dir; /* dir_fd was opened for w: commit and abort close it */
    char path[PATH_MAX];
    char tmp[PATH_MAX + 8];
    const char *name, *tmp_name; /* their last parts, inside path and tmp */
    struct csvout rows;
};
int csvout_file_open(struct csvout_file *w, const char *path);
int csvout_file_flush(struct csvout_file *w, size_t keep);
int csvout_file_commit(struct csvout_file *w);
void csvout_file_abort(struct csvout_file *w);

#endif
