/* ledger.c: reading games.csv back into summaries, and trimming a killed
 * run's files to its whole games before it goes on. */
#include "ledger.h"
#include "notation.h"
#include "path.h"
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

/* Whether moves.csv's row m is ply `ply` (1-based) of game row, as the next
 * move of *moves (a pointer into row's moves column, advanced past it) says:
 * the same ply, mark and move, and the same opening flag. Returns 0, or
 * -EINVAL with why naming the game and what differs. */
static int ledger_match_move(const struct game_row *row, const struct move_row *m, long ply,
                             const char **moves, char *why, size_t len)
{
    const char *token = *moves, *end;
    while (*token == ' ')
        token++;
    end = token + strcspn(token, " ");
    if (token == end) {
        snprintf(why, len,
                 "game %ld: moves.csv has more rows of it than the %ld moves games.csv has (the "
                 "next: ply %ld)",
                 row->id, ply - 1, m->ply);
        return -EINVAL;
    }
    *moves = end;
    /* games.csv writes mark:move (a bare word for an abort), moves.csv both apart. */
    const char *mark = m->text[MC_MARK], *move = m->text[MC_MOVE];
    size_t n = (size_t)(end - token), k = strlen(mark), l = strlen(move);
    bool same = (n == l && memcmp(token, move, l) == 0 && (k == 0 || strcmp(move, "abort") == 0)) ||
                (k > 0 && n == k + 1 + l && memcmp(token, mark, k) == 0 && token[k] == ':' &&
                 memcmp(token + k + 1, move, l) == 0);
    if (m->ply != ply || !same) {
        snprintf(why, len,
                 "game %ld: moves.csv's ply %ld is '%.8s:%.16s' where games.csv has ply %ld "
                 "'%.*s'",
                 row->id, m->ply, mark, move, ply, (int)(n > 24 ? 24 : n), token);
        return -EINVAL;
    }
    if (m->opening != (ply <= row->opening_plies)) {
        snprintf(why, len, "game %ld: moves.csv's ply %ld says opening '%.4s', games.csv %d plies",
                 row->id, ply, m->text[MC_OPENING], row->opening_plies);
        return -EINVAL;
    }
    return 0;
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
    snprintf(expect[3], sizeof(expect[3]), "%s", p->start.def->name);
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
    if (start_plan_game(&p->start, &g, &start) < 0) {
        snprintf(why, len, "game %ld: its opening cannot be played", row->id);
        return -EINVAL;
    }
    notation_format_history(&start, opening, sizeof(opening));
    if (row->early_draw != p->start.early_draw || row->opening_plies != start.nhistory ||
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

/* Keep the moves of the games in skip, and only them: for a run killed
 * before games.csv had a row, whose moves.csv holds only orphans. */
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

/* games.csv and moves.csv read in step, and what a resume keeps of them. */
struct keep {
    struct results_file games, moves;
    struct ledger_moves lm;      /* reads moves */
    struct csvout_file *gw, *mw; /* NULL: look only */
    struct csvout one;           /* the moves rows of the game under way */
    long last_id;                /* of the last row kept */
};

/* The next moves row, if it is of game id: 1 (in lm->m), 0 if not, or a
 * negative errno. `started`: a row of the game was taken already. */
static int next_move_of(struct ledger_moves *lm, long id, bool started, char *why, size_t len)
{
    if (!lm->f)
        return 0;
    /* Before its first row, rows of a game before this one, left over: no
     * game's at their place. After it, any other row ends the game's. */
    while (!lm->pending || (!started && lm->m.game_id < id)) {
        if (lm->pending && lm->stray++ == 0)
            lm->first_stray = schema_rows(lm->f);
        int rc = schema_next_move(lm->f, &lm->m, why, len);
        lm->pending = rc > 0;
        if (rc <= 0)
            return rc;
    }
    if (lm->m.game_id != id)
        return 0;
    lm->pending = false;
    return 1;
}

int ledger_take_moves(struct ledger_moves *lm, const struct game_row *row, struct csvout *copy,
                      char *why, size_t len)
{
    const char *moves = row->text[GC_MOVES];
    long ply = 0;
    int rc, bad = 0;

    while ((rc = next_move_of(lm, row->id, ply > 0, why, len)) > 0) {
        ply++;
        if (!bad && (bad = ledger_match_move(row, &lm->m, ply, &moves, why, len)) == 0 && copy)
            results_copy_fields(copy, lm->f->in.row, lm->f->in.ncols);
    }
    if (rc < 0)
        return rc;
    while (*moves == ' ')
        moves++;
    if (!bad && *moves && ply == 0 && lm->pending)
        snprintf(why, len, "game %ld: moves.csv has game %ld's moves where its own should be",
                 row->id, lm->m.game_id);
    else if (!bad && *moves)
        snprintf(why, len, "game %ld: moves.csv lacks ply %ld (games.csv has '%.24s')", row->id,
                 ply + 1, moves);
    return bad ? bad : *moves ? -EINVAL : 0;
}

/* Check each whole row of games.csv against the schedule of p, the rules and
 * its moves in moves.csv, add it to skip and st, and copy both to the
 * writers. */
/* Game row, checked, kept: in kept's games and standings, and copied with
 * its moves when the files are rewritten. 0, or -ENOMEM. */
static int keep_row(struct keep *k, const struct ledger_kept *kept, const struct game_row *row)
{
    struct game_summary g;

    gameset_add(kept->skip, row->id - 1);
    ledger_summary_of_row(row, &g);
    standings_add_game(kept->st, &g);
    if (k->gw) {
        results_copy_fields(&k->gw->rows, k->games.in.row, k->games.in.ncols);
        csvout_file_flush(k->gw, FLUSH_BYTES);
        if (k->one.failed)
            return -ENOMEM;
        if (k->one.len > 0 && csvout_append(&k->mw->rows, k->one.buf, k->one.len) < 0)
            return -ENOMEM;
        csvout_file_flush(k->mw, FLUSH_BYTES);
    }
    return 0;
}

static int keep_games(struct keep *k, const struct ledger_plan *p, const struct ledger_kept *kept,
                      struct ledger_repair *repair, char *why, size_t len)
{
    struct gameset *skip = kept->skip;
    struct game_row row;
    int rc;

    if (k->gw)
        results_copy_fields(&k->gw->rows, k->games.in.header, k->games.in.ncols);
    if (k->mw && k->lm.f)
        results_copy_fields(&k->mw->rows, k->moves.in.header, k->moves.in.ncols);
    while ((rc = schema_next_game(&k->games, &row, why, len)) > 0) {
        /* What is on disk is checked, not trusted: the rules must give each
         * kept game its recorded result, moves.csv its moves, and the rows
         * come in game order, as a run writes them. */
        if (row.id > skip->count) {
            snprintf(why, len, "game_id '%s' is past the games this run can hold (%ld)",
                     row.text[GC_GAME_ID], skip->count);
            return -EINVAL;
        }
        if (p->schedule && (rc = check_row(p, &row, why, len)) < 0)
            return rc; /* another tournament's files: nothing to mend */
        long before = k->last_id;
        k->last_id = row.id > k->last_id ? row.id : k->last_id;
        k->one.len = 0;
        k->one.first = true;
        /* Its moves are taken whatever else is wrong, to stay in step. */
        rc = ledger_take_moves(&k->lm, &row, k->mw ? &k->one : NULL, why, len);
        if (rc < 0 && rc != -EINVAL)
            return rc;
        if (gameset_has(skip, row.id - 1)) {
            snprintf(why, len, "game %ld is in games.csv twice", row.id);
            rc = -EINVAL;
        } else if (row.id < before) {
            snprintf(why, len,
                     "game %ld comes after game %ld in games.csv: its rows are not in game order",
                     row.id, before);
            rc = -EINVAL;
        } else if (rc == 0) {
            rc = ledger_fold(&row, why, len);
        }
        if (rc < 0 && rc != -EINVAL)
            return rc;
        if (rc < 0 && !repair->on) {
            repair->mendable = true;
            return rc;
        }
        if (rc < 0) { /* dropped: played again, as if never played */
            if (repair->dropped++ == 0)
                snprintf(repair->first, sizeof(repair->first), "%s", why);
            why[0] = '\0';
            k->last_id = before;
            continue;
        }
        if ((rc = keep_row(k, kept, &row)) < 0)
            return rc;
    }
    return rc;
}

int ledger_resume(const char *dir, const struct ledger_plan *p, const struct ledger_kept *kept,
                  struct ledger_repair *repair, char *why, size_t len)
{
    struct gameset *skip = kept->skip;
    struct keep k = {.one = CSVOUT_INIT};
    struct csvout_file gw, mw;
    long count = p->schedule ? schedule_count(p->schedule) : skip->count;
    int rc;

    why[0] = '\0';
    rc = schema_open_in(&k.games, dir, true, SCHEMA_ALL, why, len);
    if ((rc == -ENOENT || rc == -ENODATA) && repair->look_only)
        return 0;
    if (rc == -ENOENT || rc == -ENODATA)               /* killed before its first row: a fresh */
        return trim_moves(dir, skip, count, why, len); /* start, its orphan moves dropped */
    if (rc < 0)
        return rc;
    rc = schema_open_in(&k.moves, dir, false, 0, why, len);
    k.lm.f = rc == 0 ? &k.moves : NULL;
    if (rc == -ENOENT || rc == -ENODATA)
        rc = 0; /* no moves at all: every game with moves lacks them */
    if (rc == 0 && !repair->look_only) {
        if ((rc = csvout_file_open(&gw, k.games.path)) == 0) {
            k.gw = &gw;
            char path[PATH_MAX];
            if ((rc = path_join(path, sizeof(path), dir, "moves.csv")) == 0 &&
                (rc = csvout_file_open(&mw, path)) == 0)
                k.mw = &mw;
        }
        if (k.mw && !k.lm.f) { /* a header for the moves a resume adds */
            for (int c = 0; c < MC_COUNT; c++)
                csvout_field(&mw.rows, schema_moves_columns[c]);
            csvout_end(&mw.rows);
        }
    }
    if (rc == 0)
        rc = keep_games(&k, p, kept, repair, why, len);
    /* Both whole through their temporary files, or neither: games first, as a
     * kill between the two leaves moves of games it lacks, which a resume drops. */
    if (rc == 0 && k.gw)
        rc = csvout_file_commit(&gw);
    if (rc == 0 && k.mw)
        rc = csvout_file_commit(&mw);
    if (rc < 0 && k.gw)
        csvout_file_abort(&gw);
    if (rc < 0 && k.mw)
        csvout_file_abort(&mw);
    schema_close(&k.games);
    schema_close(&k.moves);
    csvout_release(&k.one);
    if (rc < 0 && !why[0])
        snprintf(why, len, "%s", strerror(-rc));
    return rc;
}
