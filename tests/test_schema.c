/* test_schema.c: the one reader of games.csv and moves.csv: typed rows of a
 * real run, and errors that name the file, the row and the column. */
#include "run.h"
#include "schema.h"
#include "cell.h"
#include "csvout.h"
#include "results.h"
#include "table.h"

#include <criterion/criterion.h>
#include <errno.h>
#include <limits.h>

static struct run_result r;
static char dir[64];

/* A match of 4 games between two deterministic bots, played once. */
static void played(void)
{
    strcpy(dir, "/tmp/referee-test-schema-XXXXXX");
    cr_assert_not_null(mkdtemp(dir));
    char *argv[] = {REFEREE_BIN, "match",
                    "--bot",     "p=" BOTDIR "perfect",
                    "--bot",     "h=" BOTDIR "heuristic",
                    "--games",   "4",
                    "--results", dir,
                    "--quiet",   NULL};
    cr_assert_eq(run_program(argv, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
}

/* Write text into a file of its own; returns its path (static). */
static const char *file_of(const char *text)
{
    static char path[64];
    strcpy(path, "/tmp/referee-test-schema-XXXXXX");
    int fd = mkstemp(path);
    cr_assert_geq(fd, 0);
    cr_assert_eq(write(fd, text, strlen(text)), (ssize_t)strlen(text));
    close(fd);
    return path;
}

Test(schema, yields_the_typed_rows_of_a_real_run, .timeout = 30)
{
    char path[128], why[PATH_MAX + 200];
    struct results_file f;
    struct game_row g;
    struct move_row m;

    played();
    snprintf(path, sizeof(path), "%s/games.csv", dir);
    cr_assert_eq(schema_open_games(&f, path, SCHEMA_ALL, why, sizeof(why)), 0, "%s", why);
    for (long id = 1; id <= 4; id++) {
        cr_assert_eq(schema_next_game(&f, &g, why, sizeof(why)), 1, "%s", why);
        cr_expect_eq(g.id, id);
        cr_expect_eq(g.pairing, 1);
        cr_expect_str_eq(g.bots[0], id % 2 ? "p" : "h", "colours alternate");
        cr_expect_eq(g.def, game_find("tictactoe"));
        cr_expect(g.early_draw);
        cr_expect(!g.aborted);
        cr_expect_eq(g.foul, FOUL_NONE);
        cr_expect_neq(g.winner, SIDE_FIRST + (id % 2 ? 1 : 0), "perfect never loses");
        cr_expect_eq(g.moves[0] + g.moves[1] + g.opening_plies, g.plies);
        cr_expect_geq(g.max_ms[0], 0);
        cr_expect_leq(g.max_ms[0], g.ms[0] + 0.001);
    }
    cr_expect_eq(schema_next_game(&f, &g, why, sizeof(why)), 0, "then the end");
    cr_expect_eq(schema_rows(&f), 4);
    cr_expect(!schema_torn(&f));
    schema_close(&f);
    schema_close(&f); /* safe twice */

    snprintf(path, sizeof(path), "%s/moves.csv", dir);
    cr_assert_eq(schema_open_moves(&f, path, why, sizeof(why)), 0, "%s", why);
    long last_game = 0, last_ply = 0;
    while (schema_next_move(&f, &m, why, sizeof(why)) == 1) {
        cr_expect(m.game_id > last_game || (m.game_id == last_game && m.ply == last_ply + 1));
        last_ply = m.game_id == last_game ? m.ply : 1;
        last_game = m.game_id;
    }
    cr_expect_eq(last_game, 4);
    schema_close(&f);
}

Test(schema, a_file_without_a_needed_column_is_named_with_the_column, .timeout = 10)
{
    char why[PATH_MAX + 200];
    struct results_file f;
    const char *path = file_of("game_id,first,second\n\"1\",\"a\",\"b\"\n");

    cr_assert_eq(schema_open_games(&f, path, SCHEMA_ALL, why, sizeof(why)), -EINVAL);
    cr_expect(strstr(why, path), "%s", why);
    cr_expect(strstr(why, "no column 'pairing_id'"), "%s", why);
    cr_expect(strstr(why, "not a games.csv"), "%s", why);
    cr_assert_eq(schema_open_moves(&f, path, why, sizeof(why)), -EINVAL);
    cr_expect(strstr(why, "not a moves.csv"), "%s", why);
    unlink(path);
}

Test(schema, a_field_that_does_not_parse_is_named_by_file_row_and_column, .timeout = 10)
{
    static const struct {
        const char *row, *column;
    } cases[] = {
        {"a,b,1-0,,,1,2,3,4,5,x", "second_max_ms"}, {"a,b,2-0,,,1,2,3,4,5,6", "result"},
        {"a,b,0-1,flying,a,1,2,3,4,5,6", "foul"},   {"a,b,0-1,timeout,c,1,2,3,4,5,6", "foul_by"},
        {"a,b,1-0,,,nan,2,3,4,5,6", "first_ms"},    {"a,b,1-0,,,1,2,3,999,5,6", "second_moves"},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        char text[512], why[PATH_MAX + 200], want[64];
        struct results_file f;
        struct game_row g;
        snprintf(text, sizeof(text),
                 "first,second,result,foul,foul_by,first_ms,second_ms,first_moves,second_moves,"
                 "first_max_ms,second_max_ms\na,b,1-0,,,1,2,3,4,5,6\n%s\n",
                 cases[i].row);
        const char *path = file_of(text);
        cr_assert_eq(schema_open_games(&f, path, SCHEMA_STANDINGS, why, sizeof(why)), 0, "%s", why);
        cr_assert_eq(schema_next_game(&f, &g, why, sizeof(why)), 1, "%s", why);
        cr_expect_eq(g.winner, SIDE_FIRST);
        cr_expect_eq(schema_next_game(&f, &g, why, sizeof(why)), -EINVAL, "%s", cases[i].row);
        snprintf(want, sizeof(want), "row 2, column '%s'", cases[i].column);
        cr_expect(strstr(why, want), "%s: %s", cases[i].row, why);
        cr_expect(strstr(why, path), "%s", why);
        schema_close(&f);
        unlink(path);
    }
}

Test(schema, a_torn_last_row_is_not_yielded_but_counted, .timeout = 10)
{
    char why[PATH_MAX + 200];
    struct results_file f;
    struct game_row g;
    const char *path = file_of("first,second,result,foul,foul_by,first_ms,second_ms,first_moves,"
                               "second_moves,first_max_ms,second_max_ms\n"
                               "a,b,1-0,,,1,2,3,4,5,6\na,b,\"0-1");

    cr_assert_eq(schema_open_games(&f, path, SCHEMA_STANDINGS, why, sizeof(why)), 0, "%s", why);
    cr_expect_eq(schema_next_game(&f, &g, why, sizeof(why)), 1);
    cr_expect(!schema_torn(&f), "not known before the end");
    cr_expect_eq(schema_next_game(&f, &g, why, sizeof(why)), 0);
    cr_expect_eq(schema_next_game(&f, &g, why, sizeof(why)), 0, "and at its end it stays");
    cr_expect_eq(schema_rows(&f), 1);
    cr_expect(schema_torn(&f));
    schema_close(&f);
    unlink(path);
}

Test(schema, an_empty_or_missing_file_says_so, .timeout = 10)
{
    char why[PATH_MAX + 200];
    struct results_file f;
    const char *path = file_of("");

    cr_expect_eq(schema_open_games(&f, path, SCHEMA_ALL, why, sizeof(why)), -ENODATA);
    unlink(path);
    cr_expect_eq(schema_open_games(&f, "/nonexistent/games.csv", SCHEMA_ALL, why, sizeof(why)),
                 -ENOENT);
    cr_expect(strstr(why, "'/nonexistent/games.csv'"), "%s", why);
}

Test(schema, timing_columns_are_the_times, .timeout = 5)
{
    int timing = 0;
    for (int c = 0; c < GC_COUNT; c++)
        timing += schema_is_timing(schema_games_columns[c]);
    cr_expect_eq(timing, 6, "start_utc, duration_ms, and four times per side");
    cr_expect(schema_is_timing(schema_moves_columns[MC_MS]));
    cr_expect(!schema_is_timing("moves"));
}

/* Rows that cross the reader's chunks (quoted newlines, doubled quotes, a
 * field longer than a chunk) come out whole and in order, with a torn last
 * row flagged; what it holds stays a chunk's worth. */
Test(schema, csvread_streams_rows_across_chunks, .timeout = 30)
{
    enum { ROWS = 20000 };
    size_t cap = 4 << 20, n = 0;
    char *text = malloc(cap), why[200];
    cr_assert_not_null(text);
    n += (size_t)sprintf(text + n, "id,text\n");
    for (int i = 1; i <= ROWS; i++)
        n += (size_t)sprintf(text + n, "\"%d\",\"line %d\nsecond \"\"%d\"\"\"\n", i, i, i);
    memset(text + n, 'x', 40000); /* a last row longer than a chunk, torn */
    n += 40000;
    text[n] = '\0';
    const char *path = file_of(text);

    struct csvread in;
    char expect[64];
    cr_assert_eq(csvread_open(&in, path, why, sizeof(why)), 0, "%s", why);
    cr_assert_eq(in.ncols, 2);
    for (int i = 1; i <= ROWS; i++) {
        cr_assert_eq(csvread_next(&in, why, sizeof(why)), 1, "row %d: %s", i, why);
        snprintf(expect, sizeof(expect), "%d", i);
        cr_assert_str_eq(in.row[0], expect);
        snprintf(expect, sizeof(expect), "line %d\nsecond \"%d\"", i, i);
        cr_assert_str_eq(in.row[1], expect);
        cr_assert(!in.torn);
        cr_assert_leq(in.qlen, 16384 / 8, "at most a chunk's rows wait");
    }
    cr_assert_eq(csvread_next(&in, why, sizeof(why)), 1);
    cr_expect(in.torn, "the last row has no newline");
    cr_expect_eq(strlen(in.row[0]), 40000);
    cr_expect_str_eq(in.row[1], "", "a missing field is empty");
    cr_expect_eq(csvread_next(&in, why, sizeof(why)), 0);
    cr_expect_eq(in.rows, ROWS + 1);
    csvread_close(&in);
    csvread_close(&in); /* safe twice */
    unlink(path);
    free(text);
}

/* Free text that a spreadsheet would take for a formula (a name, a reason) is
 * written with a ' in front, and so is text that starts with ' and one of
 * those or another ' (so that the quote added is told from the text's own);
 * the typed reader and the table reader give back the text itself. Numbers
 * are never quoted: an Elo of -35.2 stays a number. */
Test(schema, free_text_is_written_as_text_and_read_back_as_it_was, .timeout = 30)
{
    static const struct {
        const char *text, *raw;
    } cases[] = {
        {"=1+2", "'=1+2"}, {"+x", "'+x"},   {"-x", "'-x"},   {"@SUM(1)", "'@SUM(1)"},
        {"\tx", "'\tx"},   {"\rx", "'\rx"}, {"'=x", "''=x"}, {"''x", "'''x"},
        {"'x", "'x"},      {"'", "'"},      {"a=b", "a=b"},  {"", ""},
    };
    char path[128], out[160], why[PATH_MAX + 200];
    struct results_file f;
    struct game_row g;

    played();
    snprintf(path, sizeof(path), "%s/games.csv", dir);
    snprintf(out, sizeof(out), "%s/texts.csv", dir);
    cr_assert_eq(schema_open_games(&f, path, SCHEMA_ALL, why, sizeof(why)), 0, "%s", why);
    cr_assert_eq(schema_next_game(&f, &g, why, sizeof(why)), 1, "%s", why);
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        const char *text[GC_COUNT];
        struct csvout rows = CSVOUT_INIT;
        memcpy(text, g.text, sizeof(text));
        text[GC_FIRST] = cases[i].text[0] ? cases[i].text : "x"; /* a name is never empty */
        text[GC_REASON] = cases[i].text;
        text[GC_WINNER] = g.winner == SIDE_FIRST ? text[GC_FIRST] : g.text[GC_WINNER];
        for (int c = 0; c < GC_COUNT; c++)
            csvout_field(&rows, schema_games_columns[c]);
        csvout_end(&rows);
        results_put_game(&rows, text);
        cr_assert_eq(csvout_replace_file(out, &rows), 0);
        csvout_release(&rows);

        struct csvread raw; /* the cell as a spreadsheet gets it */
        cr_assert_eq(csvread_open(&raw, out, why, sizeof(why)), 0, "%s", why);
        cr_assert_eq(csvread_next(&raw, why, sizeof(why)), 1, "%s", why);
        cr_expect_str_eq(raw.row[GC_REASON], cases[i].raw, "case %zu", i);
        cr_expect_not(cell_is_formula(raw.row[GC_REASON]), "case %zu", i);
        cr_expect_not(cell_is_formula(raw.row[GC_FIRST]), "case %zu", i);
        csvread_close(&raw);

        struct results_file back; /* the typed reader */
        struct game_row h;
        cr_assert_eq(schema_open_games(&back, out, SCHEMA_ALL, why, sizeof(why)), 0, "%s", why);
        cr_assert_eq(schema_next_game(&back, &h, why, sizeof(why)), 1, "case %zu: %s", i, why);
        cr_expect_str_eq(h.text[GC_REASON], cases[i].text, "case %zu", i);
        cr_expect_str_eq(h.bots[0], text[GC_FIRST], "case %zu", i);
        cr_expect_str_eq(h.text[GC_WINNER], text[GC_WINNER], "case %zu", i);
        schema_close(&back);

        struct table t; /* the reader of the small files */
        cr_assert_eq(table_load(&t, out, why, sizeof(why)), 0, "%s", why);
        cr_expect_str_eq(t.rows[0][GC_REASON], cases[i].text, "case %zu", i);
        table_release(&t);
    }
    schema_close(&f);

    struct csvout figures = CSVOUT_INIT;
    csvout_number(&figures, "%.1f", -35.2);
    csvout_fieldf(&figures, "%d", -3);
    cr_assert_eq(csvout_append(&figures, "", 1), 0);
    cr_expect_str_eq(figures.buf, "\"-35.2\",\"-3\"", "numbers are never quoted as text");
    csvout_release(&figures);
}
