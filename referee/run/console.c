/* console.c: the lines a run prints, as cutechess-cli prints them. */
#include "console.h"
#include "inspect.h"
#include "proc.h"

#include <stdio.h>
#include <string.h>

void console_count(struct console *con, const char *first, int winner)
{
    bool first_is_a = con->a && strcmp(first, con->a) == 0;
    if (winner == SIDE_NONE)
        con->score[2]++;
    else if ((winner == SIDE_FIRST) == first_is_a)
        con->score[0]++;
    else
        con->score[1]++;
}

void console_clear(struct console *con)
{
    if (con->live)
        fputs("\r\033[K", stderr);
}

void console_progress(struct console *con, long done, long planned, struct standings *st)
{
    if (!con->live)
        return;
    double secs = (double)(proc_now_ns() - con->t0_ns) / 1e9;
    double rate = secs > 0 ? (double)done / secs : 0;
    double eta = rate > 0 ? (double)(planned - done) / rate : 0;
    size_t n;
    const struct standings_row *rows = standings_rows(st, &n);
    fprintf(stderr, "\r\033[K%ld/%ld games  %.1f games/s  ETA %d:%02d", done, planned, rate,
            (int)eta / 60, (int)eta % 60);
    if (n > 0 && rows[0].games > 0)
        fprintf(stderr, "  leader %s (%.1f%%)", rows[0].name, 100 * rows[0].score);
    fflush(stderr);
}

void console_started(struct console *con, const struct scheduled_game *g, const char *first,
                     const char *second)
{
    if (con->quiet)
        return;
    console_clear(con);
    printf("Started game %d of %ld (%s vs %s)\n", g->id, con->total, first, second);
    fflush(stdout);
}

void console_finished(struct console *con, const struct game_record *rec)
{
    if (con->quiet)
        return;
    console_clear(con);
    printf("Finished game %d (%s vs %s): %s {%s}\n", rec->id, rec->bots[0], rec->bots[1],
           game_result_text(&rec->state), rec->reason);
    if (con->a) {
        int n = con->score[0] + con->score[1] + con->score[2];
        printf("Score of %s vs %s: %d - %d - %d  [%.3f] %d\n", con->a, con->b, con->score[0],
               con->score[1], con->score[2], (con->score[0] + 0.5 * con->score[2]) / n, n);
    }
    fflush(stdout);
}

/* How to flush a line, by language: what PROTOCOL.md's table says. */
static const struct flush_line {
    const char *names; /* interpreters and file extensions, space-separated */
    const char *how;
} flush_lines[] = {
    {"python python3 python2 pypy3 .py", "Python: print(move, flush=True)"},
    {"node nodejs deno bun .js .mjs",
     "JavaScript: console.log(move) flushes; process.stdout.write too"},
    {"perl .pl", "Perl: $| = 1; at the start"},
    {"awk gawk mawk nawk .awk", "awk: print move; fflush()"},
    {"ruby .rb", "Ruby: $stdout.sync = true at the start"},
    {"lua lua5.1 lua5.3 lua5.4 luajit .lua", "Lua: io.write(move, \"\\n\"); io.stdout:flush()"},
    {"java .jar .class", "Java: System.out.println(move); System.out.flush();"},
};

/* True if word (a path's last name) is one of names, or ends with one of its
 * extensions. */
static bool is_named(const char *names, const char *path)
{
    const char *word = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    size_t n = strlen(word);
    for (const char *p = names; *p;) {
        size_t k = strcspn(p, " ");
        if (p[0] == '.' ? n > k && strncmp(word + n - k, p, k) == 0
                        : n == k && strncmp(word, p, k) == 0)
            return true;
        p += k;
        p += *p == ' ';
    }
    return false;
}

void console_hint_flush(struct console *con, const char *bot, char *const *argv)
{
    const char *how = "C: fflush(stdout) after each line, or setvbuf(stdout, NULL, _IOLBF, 0); "
                      "C++: std::cout << move << std::endl; Rust: io::stdout().flush(); "
                      "Go: w.Flush() on a bufio.Writer";
    (void)con;
    for (size_t i = 0; i < sizeof(flush_lines) / sizeof(flush_lines[0]); i++)
        for (int w = 0; w < 2 && argv[w]; w++)
            if (is_named(flush_lines[i].names, argv[w]))
                how = flush_lines[i].how;
    cli_error("bot '%s' timed out without writing a byte: its standard output is probably "
              "buffered. %s (protocol/PROTOCOL.md, 'Flushing')",
              bot, how);
}

void console_standings(struct console *con, struct standings *st)
{
    console_clear(con);
    cli_print_standings(stdout, st);
    fflush(stdout);
}
