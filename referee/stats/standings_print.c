/* standings_print.c: the standings as a table on a terminal (and, for two
 * bots, cutechess's Elo line), and the refusal of bots no games link: what
 * `referee standings` and every run print. */
#include "decimal.h"
#include "message.h"
#include "rating.h"
#include "standings.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

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

/* The rows the games alone rate no finite way (rating.h's prior), by name. */
static void print_prior(FILE *f, const struct standings_row *rows, size_t n)
{
    size_t marked = 0;

    for (size_t i = 0; i < n; i++)
        marked += rows[i].prior;
    if (marked == 0)
        return;
    fputs("No finite rating from the games alone for ", f);
    if (marked == n)
        fputs("any row", f);
    for (size_t i = 0, said = 0; i < n && marked < n; i++)
        if (rows[i].prior)
            fprintf(f, "%s'%s'", said++ ? ", " : "", rows[i].name);
    fprintf(f,
            " (a bot or circle took all or none of the points against the rest): the "
            "prior every rating has, %g virtual draws per bot against the field's mean, "
            "sets how far apart\n",
            RATING_PRIOR_DRAWS);
}

/* As cutechess-cli: from the side of the bot named first, whoever leads;
 * then what an infinite figure means, under a table of finite ratings. */
static void print_pair(FILE *f, const struct standings_row *first)
{
    struct elo_pair e;
    char elo[32];

    rating_elo_pair(first->wins, first->draws, first->losses, &e);
    snprintf(elo, sizeof(elo), "%.1f", e.elo);
    fprintf(f, "Elo difference: %s +/- %.1f, LOS: %.1f %%, DrawRatio: %.1f %%",
            decimal_unsigned_zero(elo), e.error, 100 * e.los, 100 * e.draw_ratio);
    if (isinf(e.elo))
        fprintf(f,
                " (a %s score: the pair's own Elo is unbounded; the table rates with "
                "the prior)",
                e.elo > 0 ? "100%" : "0%");
    else if (isinf(e.error))
        fputs(" (its interval reaches a 0% or 100% score: unbounded)", f);
    fputc('\n', f);
}

void standings_print(FILE *f, struct standings *st)
{
    size_t n;
    const struct standings_row *rows = standings_rows(st, &n);
    size_t width = 4;
    int groups = 0;

    for (size_t i = 0; i < n; i++) {
        if (strlen(rows[i].name) > width)
            width = strlen(rows[i].name);
        if (rows[i].group > groups)
            groups = rows[i].group;
    }
    if (width > 32)
        width = 32;
    fprintf(f, "%4s  %-*s %7s %6s %6s %7s %7s %6s %16s %6s %9s%s\n", "Rank", (int)width, "Name",
            "Elo", "+/-", "Games", "Points", "Score", "Draw", "W-D-L", "Fouls", "Mean ms",
            groups > 1 ? "  Group" : "");
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
        if (groups > 1 && r->group > 0)
            fprintf(f, "  %5d", r->group);
        else if (groups > 1)
            fprintf(f, "  %5s", "-");
        fputc('\n', f);
    }
    if (groups > 1)
        fprintf(f,
                "%d groups no games link, not even through other bots: each group's "
                "ratings have mean 0 of their own, and do not compare across groups\n",
                groups);
    /* A perfect score has no rating of its own: say whose, and what stands in. */
    for (size_t i = 0; i < n; i++)
        if (rows[i].sweep != SWEEP_NONE)
            fprintf(f, "'%s' %s every game it played\n", rows[i].name,
                    rows[i].sweep == SWEEP_WON_ALL ? "won" : "lost");
    print_prior(f, rows, n);
    const struct standings_row *first = standings_first_given(st);
    if (n == 2 && first && first->games > 0)
        print_pair(f, first);
}

int standings_check_groups(struct standings *st)
{
    size_t i, j, n;
    int groups = standings_groups(st, &i, &j);

    if (groups <= 1)
        return EXIT_OK;
    const struct standings_row *rows = standings_rows(st, &n);
    message_error("cannot rate '%s' and '%s' together: no games link them, not even through other "
                  "bots (%d groups); rate each group's games apart",
                  rows[i].name, rows[j].name, groups);
    return EXIT_DATA;
}
