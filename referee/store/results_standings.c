/* results_standings.c: standings.csv and crosstable.csv, each written whole
 * through a temporary file (results.h). */
#include "csvout.h"
#include "results.h"
#include "path.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

/* standings.csv's text. */
static void put_standings(struct csvout *out, const struct standings_row *rows, size_t n)
{
    static const char *const columns[] = {"rank",  "bot",    "games",  "wins",
                                          "draws", "losses", "points", "score_pct",
                                          "elo",   "elo_lo", "elo_hi", "fouls"};
    char points[STANDINGS_POINTS_TEXT];

    for (size_t i = 0; i < sizeof(columns) / sizeof(columns[0]); i++)
        csvout_field(out, columns[i]);
    for (int f = 1; f < FOUL_COUNT; f++)
        csvout_fieldf(out, "fouls_%s", foul_name((enum foul)f));
    csvout_field(out, "restarts");
    csvout_field(out, "mean_ms");
    csvout_field(out, "max_ms");
    csvout_field(out, "engine");
    csvout_field(out, "sweep");
    csvout_field(out, "prior");
    csvout_field(out, "group");
    csvout_end(out);
    for (size_t i = 0; i < n; i++) {
        const struct standings_row *s = &rows[i];
        csvout_fieldf(out, "%d", s->rank);
        csvout_text(out, s->name);
        csvout_fieldf(out, "%d", s->games);
        csvout_fieldf(out, "%d", s->wins);
        csvout_fieldf(out, "%d", s->draws);
        csvout_fieldf(out, "%d", s->losses);
        csvout_field(out, standings_format_points(s->points, points, sizeof(points)));
        csvout_number(out, "%.1f", 100 * s->score);
        csvout_number(out, "%.1f", s->elo);
        csvout_number(out, "%.1f", s->elo_lo);
        csvout_number(out, "%.1f", s->elo_hi);
        csvout_fieldf(out, "%d", s->fouls_total);
        for (int f = 1; f < FOUL_COUNT; f++)
            csvout_fieldf(out, "%d", s->fouls[f]);
        csvout_fieldf(out, "%d", s->restarts);
        csvout_number(out, "%.3f", s->mean_ms);
        csvout_number(out, "%.3f", s->max_ms);
        csvout_text(out, s->engine);
        csvout_field(out, s->sweep == SWEEP_WON_ALL    ? "won_all"
                          : s->sweep == SWEEP_LOST_ALL ? "lost_all"
                                                       : "");
        csvout_fieldf(out, "%d", s->prior);
        if (s->group > 0)
            csvout_fieldf(out, "%d", s->group);
        else
            csvout_field(out, "");
        csvout_end(out);
    }
}

/* crosstable.csv's text: a row per bot, a column per opponent: "1.5 (1-1-1)",
 * its points and its wins, draws and losses against that opponent,
 * in the order of rows, st's last standings_rows. */
static void put_crosstable(struct csvout *out, struct standings *st,
                           const struct standings_row *rows, size_t n)
{
    char points[STANDINGS_POINTS_TEXT];

    csvout_field(out, "bot");
    for (size_t j = 0; j < n; j++)
        csvout_text(out, rows[j].name);
    csvout_end(out);
    for (size_t i = 0; i < n; i++) {
        csvout_text(out, rows[i].name);
        for (size_t j = 0; j < n; j++) {
            int games = standings_games_between(st, i, j);
            if (i == j || games == 0)
                csvout_field(out, "");
            else {
                int wdl[3];
                standings_results_between(st, i, j, wdl);
                csvout_fieldf(out, "%s (%d-%d-%d)",
                              standings_format_points(standings_points_between(st, i, j), points,
                                                      sizeof(points)),
                              wdl[0], wdl[1], wdl[2]);
            }
        }
        csvout_end(out);
    }
}

int results_write_standings(int dir_fd, struct standings *st, const char **failed)
{
    struct csvout out = CSVOUT_INIT;
    size_t n;
    const struct standings_row *rows = standings_rows(st, &n);
    int rc;

    put_standings(&out, rows, n);
    *failed = "standings.csv";
    rc = csvout_replace_at(dir_fd, *failed, &out);
    free(out.buf);
    if (rc < 0)
        return rc;
    out = (struct csvout)CSVOUT_INIT;
    put_crosstable(&out, st, rows, n);
    *failed = "crosstable.csv";
    rc = csvout_replace_at(dir_fd, *failed, &out);
    free(out.buf);
    return rc;
}
