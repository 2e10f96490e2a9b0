/* console.c: the lines a run prints, as cutechess-cli prints them. */
#include "console.h"
#include "flush.h"
#include "message.h"
#include "standings.h"
#include "proc.h"
#include "folder.h"
#include "printable.h"

#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

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

void console_hint_flush(struct console *con, const char *bot, char *const *argv)
{
    (void)con;
    message_error("bot '%s' timed out without writing a byte: its standard output is probably "
                  "buffered. %s (protocol/PROTOCOL.md, 'Flushing')",
                  bot, flush_hint(argv));
}

void console_standings(struct console *con, struct standings *st)
{
    console_clear(con);
    standings_print(stdout, st);
    fflush(stdout);
}

void console_log_tail(const char *path)
{
    char buf[2048];
    int fd;
    /* Not through a link put in the log's place (folder.h). */
    if (folder_open_path(path, O_RDONLY, &fd) < 0)
        return;
    FILE *f = fdopen(fd, "r");
    if (!f) {
        close(fd);
        return;
    }
    size_t n = 0;
    if (fseek(f, 0, SEEK_END) == 0) {
        long size = ftell(f);
        if (size > (long)sizeof(buf) - 1)
            fseek(f, size - (long)sizeof(buf) + 1, SEEK_SET);
        else
            rewind(f);
        n = fread(buf, 1, sizeof(buf) - 1, f);
    }
    fclose(f);
    while (n > 0 && buf[n - 1] == '\n')
        n--;
    buf[n] = '\0';
    char *from = buf + n;
    for (int lines = 0; from > buf && lines < 5; from--)
        if (from[-1] == '\n' && ++lines == 5)
            break;
    if (n == 0)
        return;
    /* A bot's bytes reach the terminal as printable ASCII (an escape
     * sequence could rewrite the screen). */
    printable_clean(from, strlen(from));
    fprintf(stderr, "The last lines of its log (%s):\n", path);
    for (const char *line = from; *line;) {
        const char *end = strchr(line, '\n');
        int len = end ? (int)(end - line) : (int)strlen(line);
        fprintf(stderr, "  %.*s\n", len, line);
        line += len + (end != NULL);
    }
}
