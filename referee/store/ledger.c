/* ledger.c: reading games.csv back into summaries, and trimming a killed
 * run's files to its whole games before it goes on. */
#include "ledger.h"
#include "notation.h"
#include "results.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void ledger_summary_of_record(const struct game_record *rec, struct game_summary *g)
{
    const struct game_state *s = &rec->state;

    memset(g, 0, sizeof(*g));
    g->bots[0] = rec->bots[0];
    g->bots[1] = rec->bots[1];
    g->winner = s->winner;
    g->aborted = s->end == END_ABORTED;
    g->foul = s->end == END_FOUL ? (enum foul)s->foul : FOUL_NONE;
    g->foul_side = g->foul != FOUL_NONE ? rec->foul_side : SIDE_NONE;
    int64_t total_us[2];
    int32_t max_us[2];
    record_tally(rec, g->moves, total_us, max_us);
    for (int side = 0; side < 2; side++) {
        g->restarts[side] = rec->restarts[side];
        g->ms[side] = (double)total_us[side] / 1e3;
        g->max_ms[side] = max_us[side] / 1e3;
    }
}

void ledger_summary_of_row(const struct game_row *row, struct game_summary *g)
{
    memset(g, 0, sizeof(*g));
    for (int side = 0; side < 2; side++) {
        g->bots[side] = row->bots[side];
        g->moves[side] = row->moves[side];
        g->ms[side] = row->ms[side];
        g->max_ms[side] = row->max_ms[side];
        g->restarts[side] = row->restarts[side];
    }
    g->winner = row->winner;
    g->aborted = row->aborted;
    g->foul = row->foul;
    g->foul_side = row->foul_side;
}

int ledger_fold(const struct game_row *row, char *why, size_t len)
{
    char moves[GAME_MAX_PLIES * GAME_MOVE_TEXT], *save = NULL;
    struct game_state s;

    if (!row->def) {
        snprintf(why, len, "game %ld: unknown game '%.40s'", row->id, row->text[GC_GAME]);
        return -EINVAL;
    }
    if (strlen(row->text[GC_MOVES]) >= sizeof(moves)) {
        snprintf(why, len, "game %ld: more moves than a game can have", row->id);
        return -EINVAL;
    }
    strcpy(moves, row->text[GC_MOVES]);
    game_init(&s, row->def, row->early_draw);
    for (char *m = strtok_r(moves, " ", &save); m; m = strtok_r(NULL, " ", &save)) {
        struct action a;
        const char *bad;
        if (notation_parse_move(&s, m, &a, &bad) < 0) {
            snprintf(why, len, "game %ld: move '%.16s': %s", row->id, m, bad);
            return -EINVAL;
        }
        if (a.kind == ACTION_FORFEIT)
            a.foul = (uint8_t)row->foul;
        if (!game_step(&s, a)) {
            snprintf(why, len, "game %ld: move '%.16s' after the end", row->id, m);
            return -EINVAL;
        }
    }
    if (strcmp(game_result_text(&s), row->text[GC_RESULT]) != 0) {
        snprintf(why, len, "game %ld: its moves give %s, the record says %.8s", row->id,
                 game_result_text(&s), row->text[GC_RESULT]);
        return -EINVAL;
    }
    return 0;
}

int ledger_check_game(struct ledger_game *g, const char *path, const struct game_row *row,
                      char *why, size_t len)
{
    const char *name = row->text[GC_GAME];

    if (!g->name[0]) {
        snprintf(g->name, sizeof(g->name), "%.31s", name);
        snprintf(g->path, sizeof(g->path), "%.199s", path);
        g->id = row->id;
        return 0;
    }
    if (strncmp(g->name, name, sizeof(g->name) - 1) == 0 && strlen(name) < sizeof(g->name))
        return 0;
    snprintf(why, len,
             "'%s': game %ld is of %.40s, game %ld of '%s' of %s: games of different "
             "games cannot be rated together",
             path, row->id, name, g->id, g->path, g->name);
    return -EINVAL;
}

int ledger_add_games(struct standings *st, struct results_file *f, struct ledger_game *game,
                     char *why, size_t len)
{
    struct game_row row;
    struct game_summary g;
    int rc;

    while ((rc = schema_next_game(f, &row, why, len)) > 0) {
        if (game && ledger_check_game(game, f->path, &row, why, len) < 0)
            return -EINVAL;
        ledger_summary_of_row(&row, &g);
        if (standings_add_game(st, &g) < 0) {
            snprintf(why, len, "'%s': game %ld cannot be counted", f->path, row.id);
            return -EINVAL;
        }
    }
    return rc;
}

/* Check that row is game `row->id` of the schedule of p, with its rules and
 * opening. */
static int check_row(const struct ledger_plan *p, const struct game_row *row, char *why, size_t len)
{
    static const int keys[] = {GC_PAIRING_ID, GC_OPENING_ID, GC_SEED, GC_GAME, GC_FIRST, GC_SECOND};
    char expect[6][160];
    struct scheduled_game g;

    if (row->id > schedule_count(p->schedule)) {
        snprintf(why, len, "game_id '%s' is not a game of this tournament", row->text[GC_GAME_ID]);
        return -EINVAL;
    }
    schedule_game(p->schedule, row->id - 1, &g);
    snprintf(expect[0], sizeof(expect[0]), "%d", g.pairing);
    snprintf(expect[1], sizeof(expect[1]), "%d", g.opening_id);
    snprintf(expect[2], sizeof(expect[2]), "%llu", (unsigned long long)g.seed);
    snprintf(expect[3], sizeof(expect[3]), "%s", p->def->name);
    snprintf(expect[4], sizeof(expect[4]), "%s", p->bots[g.bots[0]].name);
    snprintf(expect[5], sizeof(expect[5]), "%s", p->bots[g.bots[1]].name);
    for (int i = 0; i < 6; i++)
        if (strcmp(row->text[keys[i]], expect[i]) != 0) {
            snprintf(why, len,
                     "game %ld has %s '%.40s' where this tournament has '%.40s': "
                     "not the same tournament (same bots, game, format, games and seed?)",
                     row->id, schema_games_columns[keys[i]], row->text[keys[i]], expect[i]);
            return -EINVAL;
        }
    /* The same rules and the same opening: --no-early-draw, --openings. */
    struct game_state start;
    char opening[GAME_MAX_PLIES * GAME_MOVE_TEXT];
    if (p->start(p->ctx, &g, &start) < 0) {
        snprintf(why, len, "game %ld: its opening cannot be played", row->id);
        return -EINVAL;
    }
    notation_format_history(&start, opening, sizeof(opening));
    if (row->early_draw != p->early_draw || row->opening_plies != start.nhistory ||
        strncmp(row->text[GC_MOVES], opening, strlen(opening)) != 0) {
        snprintf(why, len,
                 "game %ld was played with other rules or another opening (early draw %s, "
                 "opening '%.60s'): not the same tournament",
                 row->id, row->text[GC_EARLY_DRAW], opening);
        return -EINVAL;
    }
    return 0;
}

#define FLUSH_BYTES 65536 /* what a rewrite holds before it writes */

/* Keep the moves of the games in skip, and only them: a killed run's last
 * game may have its moves without its games.csv row. */
static int trim_moves(const char *dir, const struct gameset *skip, long count, char *why,
                      size_t len)
{
    struct results_file f;
    struct csvout_file w;
    struct move_row m;
    int rc;

    rc = schema_open_in(&f, dir, false, 0, why, len);
    if (rc == -ENOENT || rc == -ENODATA)
        return 0;
    if (rc < 0)
        return rc;
    if ((rc = csvout_file_open(&w, f.path)) < 0) {
        schema_close(&f);
        return rc;
    }
    results_copy_fields(&w.rows, f.in.header, f.in.ncols);
    while ((rc = schema_next_move(&f, &m, why, len)) > 0)
        if (m.game_id <= count && gameset_has(skip, m.game_id - 1)) {
            results_copy_fields(&w.rows, f.in.row, f.in.ncols);
            csvout_file_flush(&w, FLUSH_BYTES);
        }
    if (rc == 0)
        rc = csvout_file_commit(&w);
    else
        csvout_file_abort(&w);
    schema_close(&f);
    return rc;
}

/* Check each whole row of games.csv f against the schedule of p and the rules,
 * add it to skip and st, and copy it to w. */
static int keep_games(struct results_file *f, struct csvout_file *w, const struct ledger_plan *p,
                      struct gameset *skip, struct standings *st, struct ledger_repair *repair,
                      char *why, size_t len)
{
    struct game_row row;
    struct game_summary g;
    int rc;

    if (w)
        results_copy_fields(&w->rows, f->in.header, f->in.ncols);
    while ((rc = schema_next_game(f, &row, why, len)) > 0) {
        /* What is on disk is checked, not trusted: the rules must give each
         * kept game its recorded result. */
        if ((rc = check_row(p, &row, why, len)) < 0)
            return rc; /* another tournament's files: nothing to mend */
        if ((rc = ledger_fold(&row, why, len)) == 0 && gameset_has(skip, row.id - 1)) {
            snprintf(why, len, "game %ld is in games.csv twice", row.id);
            rc = -EINVAL;
        }
        if (rc < 0 && !repair->on) {
            repair->mendable = true;
            return rc;
        }
        if (rc < 0) { /* dropped: played again, as if never played */
            if (repair->dropped++ == 0)
                snprintf(repair->first, sizeof(repair->first), "%s", why);
            why[0] = '\0';
            continue;
        }
        gameset_add(skip, row.id - 1);
        ledger_summary_of_row(&row, &g);
        standings_add_game(st, &g);
        if (w) {
            results_copy_fields(&w->rows, f->in.row, f->in.ncols);
            csvout_file_flush(w, FLUSH_BYTES);
        }
    }
    return rc;
}

int ledger_resume(const char *dir, const struct ledger_plan *p, struct gameset *skip,
                  struct standings *st, struct ledger_repair *repair, char *why, size_t len)
{
    struct results_file f;
    struct csvout_file w;
    long count = schedule_count(p->schedule);
    int rc;

    why[0] = '\0';
    rc = schema_open_in(&f, dir, true, SCHEMA_ALL, why, len);
    if ((rc == -ENOENT || rc == -ENODATA) && repair->look_only)
        return 0;
    if (rc == -ENOENT || rc == -ENODATA)               /* killed before its first row: a fresh */
        return trim_moves(dir, skip, count, why, len); /* start, its orphan moves dropped */
    if (rc < 0)
        return rc;
    if (repair->look_only) { /* the games as they are, nothing rewritten */
        rc = keep_games(&f, NULL, p, skip, st, repair, why, len);
        schema_close(&f);
        if (rc < 0 && !why[0])
            snprintf(why, len, "%s", strerror(-rc));
        return rc;
    }
    if ((rc = csvout_file_open(&w, f.path)) == 0) {
        rc = keep_games(&f, &w, p, skip, st, repair, why, len);
        if (rc == 0)
            rc = csvout_file_commit(&w); /* without a torn last row */
        else
            csvout_file_abort(&w);
    }
    schema_close(&f);
    if (rc == 0)
        rc = trim_moves(dir, skip, count, why, len);
    if (rc < 0 && !why[0])
        snprintf(why, len, "%s", strerror(-rc));
    return rc;
}
