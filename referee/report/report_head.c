/* report_head.c: the top of a report's page: what was played, under which
 * conditions (run.csv, runinfo.h), by which referee and command, and from
 * which folders. Only what the files say: a page made again from the same
 * folder is the same page. */
#include "htmlout.h"
#include "report_sections.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

static void put_term(FILE *f, const char *term)
{
    fprintf(f, "<dt>%s</dt><dd>", term);
}

/* "100 ms a move, 5000 ms the first move of a game (start-up included),
 * margin 50 ms", or a clock's. */
static void put_limits(FILE *f, const struct runinfo *ri)
{
    int move = runinfo_ms(ri, RI_MOVETIME_MS), first = runinfo_ms(ri, RI_FIRSTMOVE_MS),
        clock = runinfo_ms(ri, RI_CLOCK_MS), inc = runinfo_ms(ri, RI_INCREMENT_MS),
        margin = runinfo_ms(ri, RI_MARGIN_MS);
    const char *sep = "";
    put_term(f, "Limits");
    if (move > 0) {
        fprintf(f, "%d ms a move", move);
        sep = ", ";
    }
    if (clock > 0) {
        fprintf(f, "%sa clock of %d ms a side", sep, clock);
        if (inc > 0)
            fprintf(f, " plus %d ms a move", inc);
        sep = ", ";
    }
    if (first > 0) {
        fprintf(f, "%s%d ms for a bot's first move of a game (start-up included)", sep, first);
        sep = ", ";
    }
    if (margin >= 0)
        fprintf(f, "%smargin %d ms", sep, margin);
    fputs("</dd>\n", f);
}

static void put_openings(FILE *f, const struct runinfo *ri)
{
    const char *file = runinfo_get(ri, RI_OPENINGS_FILE), *n = runinfo_get(ri, RI_OPENINGS);
    put_term(f, "Openings");
    if (file[0]) {
        fputs("<code>", f);
        html_text(f, file);
        fputs("</code>, ", f);
        html_text(f, n);
        fputs(" lines used in turn, each played with both colours", f);
    } else if (n[0] && strcmp(n, "0") != 0) {
        fputs("random, ", f);
        html_text(f, n);
        fputs(strcmp(n, "1") == 0 ? " ply" : " plies", f);
        fputs(", each played with both colours", f);
    } else {
        fputs("none: every game from the initial position", f);
    }
    fputs("; seed ", f);
    html_text(f, runinfo_get(ri, RI_SEED));
    fputs("</dd>\n", f);
}

/* The schedule: "round-robin of 3 bots, 4 games a pairing, 1 round". */
static void put_schedule(FILE *f, const struct runinfo *ri)
{
    const char *format = runinfo_get(ri, RI_FORMAT), *rounds = runinfo_get(ri, RI_ROUNDS);
    put_term(f, "Schedule");
    html_text(f, format);
    fputs(" of ", f);
    html_text(f, runinfo_get(ri, RI_BOTS));
    fputs(" bots, ", f);
    html_text(f, runinfo_get(ri, RI_GAMES));
    fputs(strcmp(format, "match") == 0 ? " games" : " games a pairing", f);
    if (rounds[0] && strcmp(rounds, "1") != 0) {
        fputs(", ", f);
        html_text(f, rounds);
        fputs(" rounds", f);
    }
    if (strcmp(runinfo_get(ri, RI_EARLY_DRAW), "0") == 0)
        fputs("; no early draws", f);
    fputs("</dd>\n", f);
}

/* "2026-11-25T18:52:46Z" as "2026-11-25 18:52:46 UTC"; another text as it is. */
static void put_utc(FILE *f, const char *stamp)
{
    size_t n = strlen(stamp);
    if (n == 20 && stamp[10] == 'T' && stamp[19] == 'Z')
        fprintf(f, "%.10s %.8s UTC", stamp, stamp + 11);
    else
        html_text(f, stamp);
}

/* A league's conditions, from its league.csv: what every run of it plays. */
static void put_league(FILE *f, const struct roster_settings *s)
{
    put_term(f, "Game");
    html_text(f, s->game);
    fputs("</dd>\n", f);
    put_term(f, "League");
    fprintf(f,
            "seed %llu; random openings of %ld plies; a new entry plays %ld games against the "
            "field before the standings steer its games; each pair of games picked from the "
            "results up to %ld pairs before it%s</dd>\n",
            (unsigned long long)s->seed, s->openings, s->min_games, s->lag,
            s->early_draw ? "" : "; no early draws");
}

void report_html_conditions(FILE *f, const struct report *r, size_t nbots, const char *const *dirs,
                            const struct runinfo *infos, int ndirs)
{
    const struct runinfo *ri = NULL;
    for (int i = 0; i < ndirs && !ri; i++)
        if (infos[i].known)
            ri = &infos[i];
    fprintf(f, "<p>%ld games", r->games);
    if (r->aborted)
        fprintf(f, " (%ld aborted, counted nowhere)", r->aborted);
    fprintf(f, ", %zu bots, %ld ended on a foul.</p>\n<dl class=\"conditions\">\n", nbots,
            r->fouled);
    if (!ri && r->has_league)
        put_league(f, &r->league);
    if (ri) {
        put_term(f, "Game");
        html_text(f, runinfo_get(ri, RI_GAME));
        fputs("</dd>\n", f);
        put_schedule(f, ri);
        put_limits(f, ri);
        put_openings(f, ri);
        if (runinfo_get(ri, RI_SPRT)[0]) {
            put_term(f, "SPRT");
            html_text(f, runinfo_get(ri, RI_SPRT));
            fputs(", for ", f);
            html_text(f, runinfo_get(ri, RI_CANDIDATE));
            fputs("</dd>\n", f);
        }
    }
    for (int i = 0; i < ndirs; i++) {
        put_term(f, ndirs > 1 ? "Folder" : "Results");
        fputs("<code>", f);
        html_text(f, dirs[i]);
        fputs("</code>", f);
        if (infos[i].known && strcmp(runinfo_get(&infos[i], RI_SHARD), "1/1") != 0) {
            fputs(", shard ", f);
            html_text(f, runinfo_get(&infos[i], RI_SHARD));
        }
        fputs("</dd>\n", f);
        if (!infos[i].known)
            continue;
        put_term(f, "Started");
        put_utc(f, runinfo_get(&infos[i], RI_STARTED_UTC));
        fputs("</dd>\n", f);
        put_term(f, "Referee");
        html_text(f, runinfo_get(&infos[i], RI_REFEREE));
        fputs("</dd>\n", f);
        put_term(f, "Command");
        fputs("<code class=\"command\">", f);
        html_text(f, runinfo_get(&infos[i], RI_COMMAND));
        fputs("</code></dd>\n", f);
    }
    fputs("</dl>\n", f);
    if (!ri && r->has_league)
        fputs("<p class=\"note\">A league: its time limits and other options are those each "
              "<code>league run</code> of it was given (not recorded).</p>\n",
              f);
    else if (!ri)
        fputs("<p class=\"note\">The run's conditions were not recorded: its folder has no "
              "run.csv (a run of a referee older than that file).</p>\n",
              f);
}
