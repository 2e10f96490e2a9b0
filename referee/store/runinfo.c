/* runinfo.c: run.csv, written as a run starts and read back by its report. */
#include "runinfo.h"
#include "csvout.h"
#include "path.h"
#include "sprt.h"
#include "table.h"
#include "version.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char *const names[RI_COUNT] = {
    [RI_REFEREE] = "referee",
    [RI_STARTED_UTC] = "started_utc",
    [RI_COMMAND] = "command",
    [RI_GAME] = "game",
    [RI_FORMAT] = "format",
    [RI_BOTS] = "bots",
    [RI_GAMES] = "games",
    [RI_ROUNDS] = "rounds",
    [RI_MOVETIME_MS] = "movetime_ms",
    [RI_FIRSTMOVE_MS] = "firstmove_ms",
    [RI_CLOCK_MS] = "clock_ms",
    [RI_INCREMENT_MS] = "increment_ms",
    [RI_MARGIN_MS] = "margin_ms",
    [RI_OPENINGS] = "openings",
    [RI_OPENINGS_FILE] = "openings_file",
    [RI_SEED] = "seed",
    [RI_EARLY_DRAW] = "early_draw",
    [RI_SHARD] = "shard",
    [RI_SPRT] = "sprt",
    [RI_CANDIDATE] = "candidate",
    [RI_NAMES] = "names",
};

const char *runinfo_name(enum runinfo_column col)
{
    return names[col];
}

/* A word of a command line as a shell reads it back: as it is when it holds
 * nothing a shell would take apart, else in single quotes ('\'' for a quote). */
static void put_word(char *out, size_t cap, size_t *n, const char *word)
{
    bool plain = *word != '\0';
    for (const char *p = word; *p; p++)
        if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./=:,+-@%", *p))
            plain = false;
    if (plain) {
        *n += (size_t)snprintf(out + *n, *n < cap ? cap - *n : 0, "%s", word);
        return;
    }
    *n += (size_t)snprintf(out + *n, *n < cap ? cap - *n : 0, "'");
    for (const char *p = word; *p; p++)
        *n += (size_t)snprintf(out + *n, *n < cap ? cap - *n : 0, *p == '\'' ? "'\\''" : "%c", *p);
    *n += (size_t)snprintf(out + *n, *n < cap ? cap - *n : 0, "'");
}

/* The SPRT the run stops at, and its candidate; both empty without one. */
static void put_sprt(struct csvout *out, const struct run_config *c)
{
    if (c->sprt)
        csvout_fieldf(out, "elo0=%.15g elo1=%.15g alpha=%.15g beta=%.15g %s", c->sprt_params.elo0,
                      c->sprt_params.elo1, c->sprt_params.alpha, c->sprt_params.beta,
                      c->sprt_model == SPRT_PENTANOMIAL ? "pentanomial" : "trinomial");
    else
        csvout_field(out, "");
    csvout_text(out, c->sprt ? c->bots[0].name : "");
}

/* The bots' names in the order given, the schedule's, one a line: a name is
 * printable ASCII, never a newline. */
static void put_names(struct csvout *out, const struct run_config *c)
{
    size_t n = 1;
    for (int i = 0; i < c->nbots; i++)
        n += strlen(c->bots[i].name) + 1;
    char *list = malloc(n), *at = list;
    if (!list) {
        out->failed = true;
        return;
    }
    for (int i = 0; i < c->nbots; i++)
        at += sprintf(at, "%s%s", i ? "\n" : "", c->bots[i].name);
    *at = '\0';
    csvout_text(out, list);
    free(list);
}

int runinfo_write(int dir_fd, const struct run_config *c, int argc, char *const *argv)
{
    char stamp[32], *command;
    size_t cap = 64, n = 0;
    struct csvout out = CSVOUT_INIT;
    time_t now = time(NULL);
    struct tm tm;

    for (int i = 0; i < argc; i++)
        cap += 3 + 4 * strlen(argv[i]);
    if (!(command = malloc(cap)))
        return -ENOMEM;
    put_word(command, cap, &n, "referee");
    for (int i = 0; i < argc; i++) {
        n += (size_t)snprintf(command + n, cap - n, " ");
        put_word(command, cap, &n, argv[i]);
    }
    gmtime_r(&now, &tm);
    strftime(stamp, sizeof(stamp), "%Y-%m-%dT%H:%M:%SZ", &tm);

    for (int i = 0; i < RI_COUNT; i++)
        csvout_field(&out, names[i]);
    csvout_end(&out);
    csvout_field(&out, referee_version);
    csvout_field(&out, stamp);
    csvout_text(&out, command);
    csvout_field(&out, c->game->name);
    csvout_field(&out, c->is_match                      ? "match"
                       : c->format == SCHEDULE_GAUNTLET ? "gauntlet"
                                                        : "round-robin");
    csvout_fieldf(&out, "%d", c->nbots);
    csvout_fieldf(&out, "%ld", c->games);
    csvout_fieldf(&out, "%ld", c->rounds);
    csvout_fieldf(&out, "%d", c->time.move_ms);
    csvout_fieldf(&out, "%d", c->time.first_move_ms);
    csvout_fieldf(&out, "%d", c->time.clock_ms);
    csvout_fieldf(&out, "%d", c->time.increment_ms);
    csvout_fieldf(&out, "%d", c->time.margin_ms);
    if (c->openings_file)
        csvout_fieldf(&out, "%d", c->nopenings);
    else
        csvout_fieldf(&out, "%ld", c->opening_plies);
    csvout_text(&out, c->openings_file ? c->openings_file : "");
    csvout_fieldf(&out, "%ld", c->seed);
    csvout_field(&out, c->no_early_draw ? "0" : "1");
    csvout_fieldf(&out, "%d/%d", c->shard + 1, c->shards > 0 ? c->shards : 1);
    put_sprt(&out, c);
    put_names(&out, c);
    csvout_end(&out);
    free(command);
    int rc = csvout_replace_at(dir_fd, "run.csv", &out);
    csvout_release(&out);
    return rc;
}

int runinfo_read(struct runinfo *ri, const char *dir, char *why, size_t len)
{
    char path[PATH_MAX], what[200];
    struct table t;

    memset(ri, 0, sizeof(*ri));
    if (path_join(path, sizeof(path), dir, "run.csv") < 0) {
        snprintf(why, len, "'%s': %s", dir, strerror(ENAMETOOLONG));
        return -ENAMETOOLONG;
    }
    int rc = table_load(&t, path, what, sizeof(what));
    if (rc == -ENOENT)
        return 0;
    if (rc < 0) {
        snprintf(why, len, "'%s': %s", path, what);
        return rc;
    }
    if (t.nrows != 1) {
        snprintf(why, len, "'%s': %zu rows, not one", path, t.nrows);
        table_release(&t);
        return -EINVAL;
    }
    ri->known = true;
    for (int i = 0; i < RI_COUNT; i++) {
        int col = table_column(&t, names[i]);
        if (col >= 0 && !(ri->text[i] = strdup(t.rows[0][col]))) {
            table_release(&t);
            runinfo_release(ri);
            snprintf(why, len, "out of memory");
            return -ENOMEM;
        }
    }
    table_release(&t);
    return 0;
}

const char *runinfo_get(const struct runinfo *ri, enum runinfo_column col)
{
    return ri->text[col] ? ri->text[col] : "";
}

int runinfo_ms(const struct runinfo *ri, enum runinfo_column col)
{
    const char *text = runinfo_get(ri, col);
    char *end;
    long v = strtol(text, &end, 10);
    return end == text || *end || v < 0 || v > INT_MAX ? -1 : (int)v;
}

void runinfo_release(struct runinfo *ri)
{
    for (int i = 0; i < RI_COUNT; i++)
        free(ri->text[i]);
    memset(ri, 0, sizeof(*ri));
}
