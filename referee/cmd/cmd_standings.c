/* cmd_standings.c: `referee standings`: the leaderboard recomputed from one or
 * more games.csv files (shards of a run merge this way), and the table that
 * the tournament prints too. */
#include "inspect.h"
#include "csvout.h"
#include "ledger.h"
#include "folder.h"
#include "results.h"
#include "standings.h"
#include "schema.h"

#include <errno.h>
#include <unistd.h>
#include <stddef.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

/* What standings' options set. */
struct standings_args {
    const char *out_dir;
};

static const struct option_def standings_table[] = {
    {.name = "write",
     .letter = 'w',
     .arg = "DIR",
     .type = OPTION_TEXT,
     .offset = offsetof(struct standings_args, out_dir),
     .help = "also write standings.csv and crosstable.csv into DIR"},
};

const struct option_set standings_options = {
    .table = standings_table,
    .n = sizeof(standings_table) / sizeof(standings_table[0]),
    .head = "usage: referee standings [options] GAMES.CSV...\n"
            "\n"
            "Counts every game of the given games.csv files (of one run, or of shards of\n"
            "one run) and prints the standings.\n"
            "Games of different games, or bots that no games link (not even through other\n"
            "bots), are refused: their ratings would share no scale.\n"
            "\n",
    .tail = "Exit status: 0 done, 2 bad usage, 3 a file that is not a games.csv or games\n"
            "that cannot be rated together, 4 a file that cannot be read or written.\n",
    .operands = "GAMES.CSV...",
    .min_operands = 1,
    .max_operands = -1,
    .permute = true,
};

static void print_figure(FILE *f, const char *fmt, double v, int width)
{
    char text[64];

    if (isnan(v))
        fprintf(f, "%*s", width, "-");
    else if (isinf(v))
        fprintf(f, "%*s", width, v > 0 ? "inf" : "-inf");
    else {
        snprintf(text, sizeof(text), fmt, width, v);
        /* A small negative number rounded to zero is zero: no "-0.0". */
        char *minus = strchr(text, '-');
        if (minus && strspn(minus + 1, "0.%") == strlen(minus + 1))
            *minus = ' ';
        fputs(text, f);
    }
}

void cli_print_standings(FILE *f, struct standings *st)
{
    size_t n;
    const struct standings_row *rows = standings_rows(st, &n);
    size_t width = 4;

    for (size_t i = 0; i < n; i++)
        if (strlen(rows[i].name) > width)
            width = strlen(rows[i].name);
    if (width > 32)
        width = 32;
    fprintf(f, "%4s  %-*s %7s %6s %6s %7s %7s %6s %16s %6s %9s\n", "Rank", (int)width, "Name",
            "Elo", "+/-", "Games", "Points", "Score", "Draw", "W-D-L", "Fouls", "Mean ms");
    for (size_t i = 0; i < n; i++) {
        const struct standings_row *r = &rows[i];
        char wdl[48];
        fprintf(f, "%4d  %-*.*s ", r->rank, (int)width, (int)width, r->name);
        print_figure(f, "%*.1f", r->elo, 7);
        fputc(' ', f);
        print_figure(f, "%*.1f", (r->elo_hi - r->elo_lo) / 2, 6);
        char points[STANDINGS_POINTS_TEXT];
        fprintf(f, " %6d %7s ", r->games,
                standings_format_points(r->points, points, sizeof(points)));
        print_figure(f, "%*.1f%%", 100 * r->score, 6);
        fputc(' ', f);
        print_figure(f, "%*.1f%%", r->games ? 100.0 * r->draws / r->games : NAN, 5);
        snprintf(wdl, sizeof(wdl), "%d-%d-%d", r->wins, r->draws, r->losses);
        fprintf(f, " %16s %6d ", wdl, r->fouls_total);
        print_figure(f, "%*.3f", r->mean_ms, 9);
        fputc('\n', f);
    }
    /* A perfect score has no rating of its own: say whose, and what stands in. */
    bool prior = false;
    for (size_t i = 0; i < n; i++) {
        if (rows[i].sweep != SWEEP_NONE)
            fprintf(f, "'%s' %s every game it played\n", rows[i].name,
                    rows[i].sweep == SWEEP_WON_ALL ? "won" : "lost");
        prior = prior || rows[i].prior;
    }
    if (prior)
        fputs("Some bots won or lost all their games against the rest: ratings with one virtual "
              "draw added to each pair that met\n",
              f);
    /* As cutechess-cli: from the side of the bot named first, whoever leads. */
    const struct standings_row *first = standings_first_given(st);
    if (n == 2 && first && first->games > 0) {
        struct elo_pair e;
        rating_elo_pair(first->wins, first->draws, first->losses, &e);
        char elo[32];
        snprintf(elo, sizeof(elo), "%.1f", e.elo);
        fprintf(f, "Elo difference: %s +/- %.1f, LOS: %.1f %%, DrawRatio: %.1f %%\n",
                csvout_unsigned_zero(elo), e.error, 100 * e.los, 100 * e.draw_ratio);
    }
}

int cli_check_groups(struct standings *st)
{
    size_t i, j, n;
    int groups = standings_groups(st, &i, &j);

    if (groups <= 1)
        return EXIT_OK;
    const struct standings_row *rows = standings_rows(st, &n);
    cli_error("cannot rate '%s' and '%s' together: no games link them, not even through other "
              "bots (%d groups); rate each group's games apart",
              rows[i].name, rows[j].name, groups);
    return EXIT_DATA;
}

int cmd_standings(int argc, char **argv)
{
    struct standings_args a = {0};
    char why[256];
    int first, rc = options_parse(&standings_options, argc, argv, &a, NULL, &first);

    if (rc != 0)
        return rc == 1 ? EXIT_OK : rc;
    const char *out_dir = a.out_dir;
    struct standings *st = standings_new();
    if (!st) {
        cli_error("out of memory");
        return EXIT_SYSTEM;
    }
    struct ledger_game game = {0};
    for (int i = first; i < argc && rc == EXIT_OK; i++) {
        struct results_file f;
        int err = schema_open_games(&f, argv[i], SCHEMA_STANDINGS, why, sizeof(why));
        if (err == 0) {
            err = ledger_add_games(st, &f, &game, why, sizeof(why));
            if (err == 0 && schema_torn(&f))
                cli_error("'%s': its last row is torn (a run killed while writing it?); not "
                          "counted",
                          argv[i]);
            schema_close(&f);
        }
        if (err < 0) {
            cli_error("cannot read %s", why);
            rc = (err == -EINVAL || err == -ENODATA) ? EXIT_DATA : EXIT_SYSTEM;
        }
    }
    if (rc == EXIT_OK)
        rc = cli_check_groups(st);
    if (rc == EXIT_OK) {
        cli_print_standings(stdout, st);
        if (out_dir) {
            const char *name = "";
            int fd, err = folder_open(out_dir, true, &fd);
            if (err == 0) {
                err = results_write_standings(fd, st, &name);
                close(fd);
            }
            if (err < 0) {
                cli_error("cannot write standings to '%s%s%s': %s", out_dir, name[0] ? "/" : "",
                          name, folder_why(err));
                rc = folder_is_link(err) ? EXIT_USAGE : EXIT_SYSTEM;
            }
        }
    }
    standings_free(st);
    return rc;
}
