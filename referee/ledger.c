/* ledger.c: reading games.csv back into summaries, and trimming a killed
 * run's files to its whole games before it goes on. */
#include "ledger.h"
#include "notation.h"
#include "results.h"

#include <errno.h>
#include <math.h>
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
        g->ms[side] = (double)total_us[side] / 1e3;
        g->max_ms[side] = max_us[side] / 1e3;
    }
}

/* Column indices of games.csv that the summaries need. */
enum {
    C_FIRST,
    C_SECOND,
    C_RESULT,
    C_FOUL,
    C_FOUL_BY,
    C_FIRST_MS,
    C_SECOND_MS,
    C_FIRST_MOVES,
    C_SECOND_MOVES,
    C_FIRST_MAX,
    C_SECOND_MAX,
    C_COUNT
};

static const char *const needed[C_COUNT] = {
    "first",     "second",      "result",       "foul",         "foul_by",       "first_ms",
    "second_ms", "first_moves", "second_moves", "first_max_ms", "second_max_ms",
};

static int find_columns(const struct table *t, int *cols, char *why, size_t len)
{
    for (int i = 0; i < C_COUNT; i++) {
        cols[i] = table_column(t, needed[i]);
        if (cols[i] < 0) {
            snprintf(why, len, "no column '%s': not a games.csv of referee", needed[i]);
            return -EINVAL;
        }
    }
    return 0;
}

/* A time or a count as games.csv writes them: finite, from 0 to 1e12. */
static bool number(const char *text, double *out)
{
    char *end;
    *out = strtod(text, &end);
    return end != text && *end == '\0' && isfinite(*out) && *out >= 0 && *out <= 1e12;
}

static int summary_of_row(char **row, const int *cols, size_t r, struct game_summary *g, char *why,
                          size_t len)
{
    const char *result = row[cols[C_RESULT]];
    double moves[2];

    memset(g, 0, sizeof(*g));
    g->bots[0] = row[cols[C_FIRST]];
    g->bots[1] = row[cols[C_SECOND]];
    if (strcmp(result, "1-0") == 0) {
        g->winner = SIDE_FIRST;
    } else if (strcmp(result, "0-1") == 0) {
        g->winner = SIDE_SECOND;
    } else if (strcmp(result, "1/2-1/2") == 0) {
        g->winner = SIDE_NONE;
    } else if (strcmp(result, "*") == 0) {
        g->winner = SIDE_NONE;
        g->aborted = true;
    } else {
        snprintf(why, len, "row %zu: result '%s' is not 1-0, 0-1, 1/2-1/2 or *", r + 1, result);
        return -EINVAL;
    }
    g->foul = FOUL_NONE;
    g->foul_side = SIDE_NONE;
    if (row[cols[C_FOUL]][0]) {
        g->foul = foul_from_name(row[cols[C_FOUL]]);
        const char *by = row[cols[C_FOUL_BY]];
        g->foul_side = strcmp(by, g->bots[0]) == 0   ? SIDE_FIRST
                       : strcmp(by, g->bots[1]) == 0 ? SIDE_SECOND
                                                     : SIDE_NONE;
        if (g->foul == FOUL_COUNT || g->foul_side == SIDE_NONE) {
            snprintf(why, len, "row %zu: foul '%s' by '%s' is not a foul by a player", r + 1,
                     row[cols[C_FOUL]], by);
            return -EINVAL;
        }
    }
    if (!number(row[cols[C_FIRST_MS]], &g->ms[0]) || !number(row[cols[C_SECOND_MS]], &g->ms[1]) ||
        !number(row[cols[C_FIRST_MOVES]], &moves[0]) ||
        !number(row[cols[C_SECOND_MOVES]], &moves[1]) ||
        !number(row[cols[C_FIRST_MAX]], &g->max_ms[0]) ||
        !number(row[cols[C_SECOND_MAX]], &g->max_ms[1])) {
        snprintf(why, len, "row %zu: a time or move count is not a number", r + 1);
        return -EINVAL;
    }
    if (moves[0] > GAME_MAX_PLIES || moves[1] > GAME_MAX_PLIES) {
        snprintf(why, len, "row %zu: more moves than a game can have", r + 1);
        return -EINVAL;
    }
    g->moves[0] = (int)moves[0];
    g->moves[1] = (int)moves[1];
    return 0;
}

int ledger_add_table(struct standings *st, const struct table *t, char *why, size_t len)
{
    int cols[C_COUNT];
    struct game_summary g;
    int rc = find_columns(t, cols, why, len);

    for (size_t r = 0; rc == 0 && r < t->complete; r++) {
        rc = summary_of_row(t->rows[r], cols, r, &g, why, len);
        if (rc == 0 && standings_add_game(st, &g) < 0) {
            snprintf(why, len, "row %zu: cannot be counted", r + 1);
            rc = -EINVAL;
        }
    }
    return rc;
}

/* Check that row r is game `id` of the schedule. */
static int check_row(const struct tournament *t, const struct table *tab, size_t r, long *index,
                     char *why, size_t len)
{
    static const char *const keys[] = {"game_id", "pairing_id", "opening_id", "seed",
                                       "game",    "first",      "second"};
    char expect[7][160];
    struct scheduled_game g;
    char *end;
    int col[7];

    for (int i = 0; i < 7; i++)
        if ((col[i] = table_column(tab, keys[i])) < 0) {
            snprintf(why, len, "no column '%s': not a games.csv of referee", keys[i]);
            return -EINVAL;
        }
    long id = strtol(tab->rows[r][col[0]], &end, 10);
    if (*end || id < 1 || id > schedule_count(&t->schedule)) {
        snprintf(why, len, "row %zu: game_id '%s' is not a game of this tournament", r + 1,
                 tab->rows[r][col[0]]);
        return -EINVAL;
    }
    schedule_game(&t->schedule, id - 1, &g);
    snprintf(expect[0], sizeof(expect[0]), "%d", g.id);
    snprintf(expect[1], sizeof(expect[1]), "%d", g.pairing);
    snprintf(expect[2], sizeof(expect[2]), "%d", g.opening_id);
    snprintf(expect[3], sizeof(expect[3]), "%llu", (unsigned long long)g.seed);
    snprintf(expect[4], sizeof(expect[4]), "%s", t->def->name);
    snprintf(expect[5], sizeof(expect[5]), "%s", t->bots[g.bots[0]].name);
    snprintf(expect[6], sizeof(expect[6]), "%s", t->bots[g.bots[1]].name);
    for (int i = 1; i < 7; i++)
        if (strcmp(tab->rows[r][col[i]], expect[i]) != 0) {
            snprintf(why, len,
                     "game %ld has %s '%.40s' where this tournament has '%.40s': "
                     "not the same tournament (same bots, game, format, games and seed?)",
                     id, keys[i], tab->rows[r][col[i]], expect[i]);
            return -EINVAL;
        }
    /* The same rules and the same opening: --no-early-draw, --openings. */
    int early = table_column(tab, "early_draw"), plies = table_column(tab, "opening_plies"),
        moves = table_column(tab, "moves");
    struct game_state start;
    char opening[GAME_MAX_PLIES * GAME_MOVE_TEXT];
    if (early < 0 || plies < 0 || moves < 0) {
        snprintf(why, len,
                 "no column 'early_draw', 'opening_plies' or 'moves': not a games.csv "
                 "of this version of referee");
        return -EINVAL;
    }
    if (tournament_start(t, &g, &start) < 0) {
        snprintf(why, len, "game %ld: its opening cannot be played", id);
        return -EINVAL;
    }
    notation_format_history(&start, opening, sizeof(opening));
    snprintf(expect[0], sizeof(expect[0]), "%d", start.nhistory);
    if (strcmp(tab->rows[r][early], t->early_draw ? "1" : "0") != 0 ||
        strcmp(tab->rows[r][plies], expect[0]) != 0 ||
        strncmp(tab->rows[r][moves], opening, strlen(opening)) != 0) {
        snprintf(why, len,
                 "game %ld was played with other rules or another opening (early draw %s, "
                 "opening '%.60s'): not the same tournament",
                 id, tab->rows[r][early], opening);
        return -EINVAL;
    }
    *index = id - 1;
    return 0;
}

/* "moves.csv: <why>" */
static void prefix_path(char *why, size_t len, const char *file)
{
    char text[256];
    snprintf(text, sizeof(text), "%s", why);
    snprintf(why, len, "%s: %s", file, text);
}

int ledger_resume(const char *dir, const struct tournament *t, struct gameset *skip,
                  struct standings *st, char *why, size_t len)
{
    char path[4096];
    struct table games, moves;
    int cols[C_COUNT];
    int rc;

    why[0] = '\0';
    snprintf(path, sizeof(path), "%s/games.csv", dir);
    rc = table_load(&games, path, why, len);
    if (rc == -ENOENT || rc == -ENODATA)
        return 0; /* killed before its first row: a fresh start */
    if (rc < 0) {
        prefix_path(why, len, "games.csv");
        return rc;
    }
    rc = find_columns(&games, cols, why, len);
    for (size_t r = 0; rc == 0 && r < games.complete; r++) {
        long index;
        struct game_summary g;
        rc = check_row(t, &games, r, &index, why, len);
        if (rc == 0 && gameset_has(skip, index)) {
            snprintf(why, len, "game %ld is in games.csv twice", index + 1);
            rc = -EINVAL;
        }
        if (rc == 0)
            rc = summary_of_row(games.rows[r], cols, r, &g, why, len);
        if (rc == 0) {
            gameset_add(skip, index);
            standings_add_game(st, &g);
        }
    }
    if (rc == 0)
        rc = results_rewrite(path, &games, NULL, games.complete);
    if (rc == 0) {
        snprintf(path, sizeof(path), "%s/moves.csv", dir);
        rc = table_load(&moves, path, why, len);
        if (rc == 0) {
            bool *keep = calloc(moves.nrows + 1, sizeof(*keep));
            int id = table_column(&moves, "game_id");
            if (!keep || id < 0) {
                rc = keep ? -EINVAL : -ENOMEM;
                snprintf(why, len, "moves.csv has no column 'game_id'");
            }
            for (size_t r = 0; rc == 0 && r < moves.complete; r++) {
                long g = strtol(moves.rows[r][id], NULL, 10);
                keep[r] = g >= 1 && g <= schedule_count(&t->schedule) && gameset_has(skip, g - 1);
            }
            if (rc == 0)
                rc = results_rewrite(path, &moves, keep, moves.complete);
            free(keep);
            table_release(&moves);
        } else if (rc == -ENOENT || rc == -ENODATA) {
            rc = 0;
        } else {
            prefix_path(why, len, "moves.csv");
        }
        if (rc < 0 && !why[0])
            snprintf(why, len, "%s: %s", path, strerror(-rc));
    }
    if (rc < 0 && rc != -EINVAL && !why[0])
        snprintf(why, len, "%s", strerror(-rc));
    table_release(&games);
    return rc;
}
