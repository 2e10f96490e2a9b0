/* fuzz_csv.c: libFuzzer harness for table_load and the games.csv reader (schema.h,
 * ledger_add_games): the input is
 * written to a temporary file and read as a games.csv, as `referee standings` and
 * --resume read one; what loads is counted into standings and ranked. Leaks are
 * caught by LeakSanitizer at the end of each input. */
#include "fuzz.h"
#include "ledger.h"
#include "schema.h"
#include "standings.h"
#include "table.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <string.h>
#include <unistd.h>

static char path[256];

static void remove_file(void)
{
    if (path[0])
        unlink(path);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    const char *dir = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : getenv("TMPDIR");

    (void)argc;
    (void)argv;
    snprintf(path, sizeof(path), "%s/referee-fuzz-csv-XXXXXX", dir ? dir : "/tmp");
    int fd = mkstemp(path);
    FUZZ_CHECK(fd >= 0);
    close(fd);
    atexit(remove_file);
    return 0;
}

static void check_table(const struct table *t)
{
    FUZZ_CHECK(t->complete <= t->nrows && t->complete + 1 >= t->nrows);
    FUZZ_CHECK(t->ncols == 0 || t->header != NULL);
    for (size_t c = 0; c < t->ncols; c++) {
        FUZZ_CHECK(t->header[c] != NULL);
        int i = table_column(t, t->header[c]);
        FUZZ_CHECK(i >= 0 && (size_t)i <= c);
    }
    for (size_t r = 0; r < t->nrows; r++)
        for (size_t c = 0; c < t->ncols; c++)
            FUZZ_CHECK(t->rows[r][c] != NULL);
}

static void check_standings(struct standings *st)
{
    size_t count;
    const struct standings_row *rows = standings_rows(st, &count);

    for (size_t i = 0; i < count; i++) {
        FUZZ_CHECK(rows[i].name != NULL);
        FUZZ_CHECK(rows[i].rank >= 1 && (size_t)rows[i].rank <= i + 1);
        FUZZ_CHECK(rows[i].games == rows[i].wins + rows[i].draws + rows[i].losses);
        FUZZ_CHECK(rows[i].games == 0 || (rows[i].score >= 0 && rows[i].score <= 1));
        FUZZ_CHECK(isnan(rows[i].elo) || isnan(rows[i].elo_lo) || rows[i].elo_lo <= rows[i].elo);
        for (size_t j = 0; j < count; j++)
            FUZZ_CHECK(standings_games_between(st, i, j) == standings_games_between(st, j, i));
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct table t;
    char why[256] = "";

    int fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC);
    FUZZ_CHECK(fd >= 0);
    FUZZ_CHECK(write(fd, data, size) == (ssize_t)size);
    close(fd);

    int rc = table_load(&t, path, why, sizeof(why));
    if (rc < 0) {
        FUZZ_CHECK((rc == -EINVAL || rc == -ENODATA) && why[0] != '\0');
        FUZZ_CHECK(t.nrows == 0 && t.ncols == 0 && t.header == NULL && t.rows == NULL);
        return 0;
    }
    check_table(&t);
    /* A row torn inside a quoted field is not complete, even if a newline in the
     * field happens to be the last byte written (crashes/fuzz_csv/torn-in-quote.csv). */
    size_t quotes = 0;
    for (size_t i = 0; i < size; i++)
        quotes += data[i] == '"';
    if (quotes % 2 && t.nrows > 0)
        FUZZ_CHECK(t.complete == t.nrows - 1);

    table_release(&t);

    /* The same file through the reader that `referee standings` uses. */
    struct results_file f;
    struct standings *st = standings_new();
    FUZZ_CHECK(st != NULL);
    why[0] = '\0';
    rc = schema_open_games(&f, path, SCHEMA_STANDINGS, why, sizeof(why));
    FUZZ_CHECK(rc == 0 || ((rc == -EINVAL || rc == -ENODATA) && why[0] != '\0'));
    if (rc == 0) {
        rc = ledger_add_games(st, &f, NULL, why, sizeof(why));
        FUZZ_CHECK(rc == 0 || (rc == -EINVAL && why[0] != '\0'));
        if (rc == 0)
            check_standings(st);
        schema_close(&f);
    }
    standings_free(st);
    table_release(&t);
    table_release(&t); /* safe twice */
    return 0;
}
