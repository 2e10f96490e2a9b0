/* runplan.c: a run's plan from its run.csv (the schedule computed again), and
 * each games.csv row checked against it: its bots, pairing, opening and seed. */
#include "runplan.h"
#include "notation.h"
#include "start_plan.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Column c of row against what the plan gives, want: 0 when they agree, else
 * -EINVAL with why naming both. */
static int planned(const struct game_row *row, int c, const char *want, char *why, size_t len)
{
    if (strcmp(row->text[c], want) == 0)
        return 0;
    snprintf(why, len, "game %ld: column '%s' says '%.64s', the plan says '%.64s'", row->id,
             schema_games_columns[c], row->text[c], want);
    return -EINVAL;
}

/* A whole number from min to max, the whole text. */
static bool whole(const char *text, long long min, long long max, long long *out)
{
    char *end;
    errno = 0;
    long long v = strtoll(text, &end, 10);
    if (end == text || *end || errno || v < min || v > max)
        return false;
    *out = v;
    return true;
}

/* run.csv's column col does not say what it must. */
static int not_plan(const struct runinfo *ri, enum runinfo_column col, const char *what, char *why,
                    size_t len)
{
    snprintf(why, len, "run.csv: column '%s' says '%.64s', not %s", runinfo_name(col),
             runinfo_get(ri, col), what);
    return -EINVAL;
}

/* The schedule's figures (format, bots, games, rounds, seed). */
static int plan_schedule(struct runplan *p, const struct runinfo *ri, char *why, size_t len)
{
    const char *format = runinfo_get(ri, RI_FORMAT);
    long long bots, games, rounds, seed;

    if (strcmp(format, "match") == 0 || strcmp(format, "round-robin") == 0)
        p->schedule.format = SCHEDULE_ROUND_ROBIN;
    else if (strcmp(format, "gauntlet") == 0)
        p->schedule.format = SCHEDULE_GAUNTLET;
    else
        return not_plan(ri, RI_FORMAT, "match, round-robin or gauntlet", why, len);
    if (!whole(runinfo_get(ri, RI_BOTS), 2, CONFIG_MAX_BOTS, &bots))
        return not_plan(ri, RI_BOTS, "a count of bots", why, len);
    if (!whole(runinfo_get(ri, RI_GAMES), 1, INT_MAX, &games))
        return not_plan(ri, RI_GAMES, "a count of games", why, len);
    if (!whole(runinfo_get(ri, RI_ROUNDS), 1, INT_MAX, &rounds))
        return not_plan(ri, RI_ROUNDS, "a count of rounds", why, len);
    if (!whole(runinfo_get(ri, RI_SEED), LLONG_MIN, LLONG_MAX, &seed))
        return not_plan(ri, RI_SEED, "a seed", why, len);
    p->schedule.nbots = (int)bots;
    p->schedule.games_per_pairing = (int)games;
    p->schedule.rounds = (int)rounds;
    p->schedule.seed = (uint64_t)seed;
    return 0;
}

/* The bots' names by index: run.csv's `names`, one a line; a run.csv
 * without it (an older referee's) names only the SPRT's candidate, the plan's
 * first bot, and the rows name the others. */
static int plan_names(struct runplan *p, const struct runinfo *ri, char *why, size_t len)
{
    const char *names = runinfo_get(ri, RI_NAMES);
    int n = 0;

    if (!names[0]) {
        snprintf(p->names[0], sizeof(p->names[0]), "%s", runinfo_get(ri, RI_CANDIDATE));
        return 0;
    }
    const char *at = names;
    for (; n < p->schedule.nbots; n++) {
        size_t k = strcspn(at, "\n");
        if (k == 0 || k > CONFIG_NAME_MAX)
            break;
        memcpy(p->names[n], at, k);
        p->names[n][k] = '\0';
        at += k;
        if (n + 1 < p->schedule.nbots && *at++ != '\n')
            break;
    }
    if (n != p->schedule.nbots || *at) {
        snprintf(why, len, "run.csv: column 'names' does not name its %d bots, one a line",
                 p->schedule.nbots);
        return -EINVAL;
    }
    return 0;
}

int runplan_of(struct runplan *p, const struct runinfo *ri, char *why, size_t len)
{
    long long plies = -1;
    int shard = 1, shards = 1;
    int rc;

    memset(p, 0, sizeof(*p));
    /* A folder without run.csv (a league's, an older referee's): no plan. */
    if (!ri->known || !runinfo_get(ri, RI_FORMAT)[0])
        return 0;
    if ((rc = plan_schedule(p, ri, why, len)) < 0)
        return rc;
    if (!(p->def = game_find(runinfo_get(ri, RI_GAME))))
        return not_plan(ri, RI_GAME, "a game", why, len);
    const char *early = runinfo_get(ri, RI_EARLY_DRAW);
    if (strcmp(early, "0") != 0 && strcmp(early, "1") != 0)
        return not_plan(ri, RI_EARLY_DRAW, "0 or 1", why, len);
    p->early_draw = early[0] == '1';
    if (!runinfo_get(ri, RI_OPENINGS_FILE)[0] &&
        !whole(runinfo_get(ri, RI_OPENINGS), 0, GAME_MAX_PLIES, &plies))
        return not_plan(ri, RI_OPENINGS, "a count of plies", why, len);
    p->opening_plies = (int)plies;
    const char *text = runinfo_get(ri, RI_SHARD);
    int end = 0;
    if (*text && (sscanf(text, "%d/%d%n", &shard, &shards, &end) != 2 || text[end] || shard < 1 ||
                  shards < shard))
        return not_plan(ri, RI_SHARD, "I/N", why, len);
    p->shard = shard - 1;
    p->shards = shards;
    if ((rc = plan_names(p, ri, why, len)) < 0)
        return rc;
    p->known = true;
    return 0;
}

/* Side's bot in row is the plan's bot index: the name the first row of that
 * bot gave it, and no other bot's. */
static int check_name(struct runplan *p, const struct game_row *row, int side, int index, char *why,
                      size_t len)
{
    const char *name = row->bots[side], *column = schema_games_columns[side ? GC_SECOND : GC_FIRST];

    if (p->names[index][0] && strcmp(p->names[index], name) == 0)
        return 0;
    if (p->names[index][0]) {
        if (p->named_in[index])
            snprintf(why, len,
                     "game %ld: column '%s' says '%.64s', the plan's bot %d is '%s' (game %ld)",
                     row->id, column, name, index + 1, p->names[index], p->named_in[index]);
        else
            snprintf(why, len,
                     "game %ld: column '%s' says '%.64s', the plan's bot %d is '%s' (run.csv)",
                     row->id, column, name, index + 1, p->names[index]);
        return -EINVAL;
    }
    for (int j = 0; j < p->schedule.nbots; j++)
        if (strcmp(p->names[j], name) == 0) {
            snprintf(why, len,
                     "game %ld: column '%s' says '%.64s', the plan's bot %d, but '%.64s' is its "
                     "bot %d",
                     row->id, column, name, index + 1, name, j + 1);
            return -EINVAL;
        }
    snprintf(p->names[index], sizeof(p->names[index]), "%s", name);
    p->named_in[index] = row->id;
    return 0;
}

/* The row's opening is the plan's: its random line from the game's seed. */
static int check_opening(const struct runplan *p, const struct game_row *row,
                         const struct scheduled_game *g, char *why, size_t len)
{
    char opening[GAME_MAX_PLIES * GAME_MOVE_TEXT], plies[16];
    struct game_state start;

    if (p->opening_plies < 0) /* an openings file: the file is not in the folder */
        return 0;
    /* Started as the run started it. */
    struct start_plan plan = {
        .def = p->def, .early_draw = p->early_draw, .opening_plies = p->opening_plies};
    if (start_plan_game(&plan, g, &start) < 0) {
        snprintf(why, len, "game %ld: the plan's opening cannot be played", row->id);
        return -EINVAL;
    }
    snprintf(plies, sizeof(plies), "%d", start.nhistory);
    int rc = planned(row, GC_OPENING_PLIES, plies, why, len);
    notation_format_history(&start, opening, sizeof(opening));
    size_t n = strlen(opening);
    if (rc == 0 && n > 0 &&
        (strncmp(row->text[GC_MOVES], opening, n) != 0 ||
         (row->text[GC_MOVES][n] != ' ' && row->text[GC_MOVES][n] != '\0'))) {
        snprintf(why, len, "game %ld: column 'moves' starts '%.*s', the plan's opening is '%.60s'",
                 row->id, (int)(n > 60 ? 60 : n), row->text[GC_MOVES], opening);
        rc = -EINVAL;
    }
    return rc;
}

int runplan_check(struct runplan *p, const struct game_row *row, char *why, size_t len)
{
    char want[3][24];
    struct scheduled_game g;
    int rc;

    if (!p->known)
        return 0;
    if (row->id > schedule_count(&p->schedule) ||
        !schedule_in_shard(&p->schedule, row->id - 1, p->shard, p->shards)) {
        snprintf(why, len, "game %ld is not a game of the plan in run.csv (shard %d/%d of %ld)",
                 row->id, p->shard + 1, p->shards, schedule_count(&p->schedule));
        return -EINVAL;
    }
    schedule_game(&p->schedule, row->id - 1, &g);
    snprintf(want[0], sizeof(want[0]), "%d", g.pairing);
    snprintf(want[1], sizeof(want[1]), "%d", g.opening_id);
    snprintf(want[2], sizeof(want[2]), "%llu", (unsigned long long)g.seed);
    if ((rc = planned(row, GC_GAME, p->def->name, why, len)) < 0 ||
        (rc = planned(row, GC_EARLY_DRAW, p->early_draw ? "1" : "0", why, len)) < 0 ||
        (rc = planned(row, GC_PAIRING_ID, want[0], why, len)) < 0 ||
        (rc = planned(row, GC_OPENING_ID, want[1], why, len)) < 0 ||
        (rc = planned(row, GC_SEED, want[2], why, len)) < 0 ||
        (rc = check_name(p, row, 0, g.bots[0], why, len)) < 0 ||
        (rc = check_name(p, row, 1, g.bots[1], why, len)) < 0)
        return rc;
    return check_opening(p, row, &g, why, len);
}
