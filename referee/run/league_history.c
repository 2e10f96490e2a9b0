/* league_history.c: a league run's history: roster.csv and games.csv read
 * back and checked, a batch's shard folders opened and merged. */
#include "league_state.h"
#include "host.h"
#include "league_batch.h"
#include "ledger.h"
#include "path.h"
#include "runlock.h"
#include "folder.h"
#include "schema.h"
#include "xalloc.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/file.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int lrun_index_of(const struct lrun *lr, const char *name)
{
    for (int i = 0; i < lr->l.n; i++)
        if (strcmp(lr->names[i], name) == 0)
            return i;
    return -1;
}

long lrun_next_pair(const struct lrun *lr)
{
    return lr->written % 2 == 0 ? lr->written + 1 : lr->written + 2;
}

/* Whether row is the game the league picks at its id: its entries, pairing,
 * opening and seed (its moves and result the ledger checked). */
static int record_row(struct lrun *lr, const struct game_row *row, char *why, size_t len)
{
    struct scheduled_game g;
    int bots[2] = {lrun_index_of(lr, row->bots[0]), lrun_index_of(lr, row->bots[1])};

    if (row->id != lr->written + 1) {
        snprintf(why, len, "game %ld follows game %ld: games are missing", row->id, lr->written);
        return -EINVAL;
    }
    if (strcmp(row->text[GC_GAME], lr->set.game) != 0) {
        snprintf(why, len, "game %ld is of %s, the league of %s", row->id, row->text[GC_GAME],
                 lr->set.game);
        return -EINVAL;
    }
    int rc = league_game(&lr->l, row->id, &g);
    if (rc == 1 &&
        (bots[0] != g.bots[0] || bots[1] != g.bots[1] || row->opening_id != g.opening_id ||
         row->seed != g.seed || row->pairing != g.pairing))
        rc = -EINVAL;
    if (rc == 1)
        rc = league_record(&lr->l, bots, row->winner, row->aborted) == 0 ? 1 : -EINVAL;
    for (int s = 0; rc == 1 && s < 2; s++)
        lr->played[bots[s]]++;
    if (rc != 1) {
        snprintf(why, len,
                 "game %ld (%s vs %s, opening %ld) is not the game this league picks there: "
                 "not the same league (its seed, or roster.csv, changed?)",
                 row->id, row->bots[0], row->bots[1], row->opening_id);
        return rc == -ENOMEM ? rc : -EINVAL;
    }
    lr->written++;
    return 0;
}

/* The league so far: roster.csv's history, games.csv and moves.csv made whole
 * (a killed run's torn tail dropped), every game checked against the league's
 * pick at its id. Returns 0 or an exit code, having said why. */
int lrun_load_history(struct lrun *lr, bool look_only)
{
    struct roster_event *ev;
    size_t n;
    char why[PATH_MAX + 300];
    int rc = roster_read_events(lr->dir, &ev, &n, why, sizeof(why));

    if (rc < 0) {
        message_error("cannot read %s", why);
        return EXIT_DATA;
    }
    for (size_t i = 0; rc == 0 && i < n; i++)
        rc = lrun_apply_event(lr, &ev[i]);
    roster_free_events(ev, n);
    if (rc < 0) {
        message_error("cannot take in '%s/%s': %s", lr->dir, ROSTER_LOG, strerror(-rc));
        return EXIT_DATA;
    }
    struct gameset kept;
    struct ledger_repair repair = {.look_only = look_only};
    struct ledger_plan plan = {.start = {.def = lr->def, .early_draw = lr->set.early_draw}};
    struct standings *scratch = standings_new();
    if (!scratch || gameset_init(&kept, LEAGUE_MAX_GAMES) < 0) {
        standings_free(scratch);
        message_error("out of memory");
        return EXIT_SYSTEM;
    }
    rc = ledger_resume(lr->dir, &plan, &(struct ledger_kept){&kept, scratch}, &repair, why,
                       sizeof(why));
    gameset_free(&kept);
    standings_free(scratch);
    if (rc < 0) {
        message_error("cannot go on with league '%s': %s", lr->dir, why);
        return rc == -EINVAL || rc == -ENODATA ? EXIT_DATA : EXIT_SYSTEM;
    }
    struct results_file f;
    struct game_row row;
    struct game_summary s;
    rc = schema_open_in(&f, lr->dir, true, SCHEMA_ALL, why, sizeof(why));
    if (rc == -ENOENT || rc == -ENODATA)
        return 0;
    while (rc == 0 && (rc = schema_next_game(&f, &row, why, sizeof(why))) > 0) {
        ledger_summary_of_row(&row, &s);
        rc = record_row(lr, &row, why, sizeof(why));
        if (rc == 0 && standings_add_game(lr->st, &s) < 0)
            rc = -ENOMEM;
    }
    schema_close(&f);
    if (rc < 0) {
        message_error("cannot go on with league '%s': %s", lr->dir, why);
        return rc == -ENOMEM ? EXIT_SYSTEM : EXIT_DATA;
    }
    return 0;
}

/* A game of a batch's shard, checked and counted as the league's. */
static int check_merged(void *ctx, const struct game_row *row, char *why, size_t len)
{
    struct lrun *lr = ctx;
    struct game_summary s;
    int rc = record_row(lr, row, why, len);

    ledger_summary_of_row(row, &s);
    if (rc == 0 && standings_add_game(lr->st, &s) < 0)
        rc = -ENOMEM;
    return rc;
}

/* The shard folders of a batch, if dir has any, taken into the league. Only
 * then are the batch's pairs picked ahead: a roster change after this must
 * reach every pick not yet played. Returns 0 or an exit code. */
int lrun_merge(struct lrun *lr)
{
    struct batch_check check = {check_merged, lr};
    long merged, expect = 0;

    if (!batch_pending(lr->dir))
        return 0;
    /* Folders of a batch merged already (a merge killed before it put them
     * away) need no pick. */
    if (lr->written % 2 == 0 && batch_last_id(lr->dir) > lr->written &&
        (expect = league_batch(&lr->l, lr->written + 1, 0, 1, NULL, 0)) < 0) {
        message_error("cannot pick the batch of league '%s': %s", lr->dir, strerror((int)-expect));
        return EXIT_SYSTEM;
    }
    /* A fresh league's first batch: its results files made first, as a run
     * makes them (a merge appends). */
    struct results *made;
    char why[PATH_MAX + 200];
    if (faccessat(lr->dir_fd, "games.csv", F_OK, AT_SYMLINK_NOFOLLOW) < 0) {
        int err = results_open(&made, lr->dir_fd, lr->dir, true, why, sizeof(why));
        if (err < 0) {
            message_error("cannot write results to '%s': %s", why, folder_why(err));
            return folder_is_link(err) ? EXIT_USAGE : EXIT_SYSTEM;
        }
        results_free(made);
    }
    long first = lr->written + 1;
    int rc = batch_merge(lr->dir, lr->written, expect, &check, &merged);
    if (rc == 0 && merged > 0 && !lr->o->run.quiet)
        printf("Merged games %ld to %ld of league '%s' from its shard folders\n", first,
               first + merged - 1, lr->dir);
    return rc;
}

/* The shard's folder, lr->shard_dir, opened (made if missing) and locked.
 * Returns 0 or an exit code, having said why. */
static int lock_shard(struct lrun *lr)
{
    long holder;
    int rc = folder_open(lr->shard_dir, true, &lr->shard_fd);

    if (rc == 0)
        rc = runlock_take(&lr->shard_lock, lr->shard_fd, &holder);
    if (rc == 0)
        return 0;
    if (rc == -EWOULDBLOCK)
        message_error("shard folder '%s' is in use by another run", lr->shard_dir);
    else
        message_error("cannot lock '%s': %s", lr->shard_dir, folder_why(rc));
    return rc == -EWOULDBLOCK || folder_is_link(rc) ? EXIT_USAGE : EXIT_SYSTEM;
}

int lrun_join_batch(struct lrun *lr)
{
    long holder;
    int rc = folder_open_file(lr->dir_fd, BATCH_LOCK, O_RDWR | O_CREAT, &lr->deal_fd);

    /* Shards deal one at a time, each briefly: the first fixes the batch,
     * the others see it fixed. A blocking wait, since only shards hold it. */
    while (rc == 0 && flock(lr->deal_fd, LOCK_EX) < 0)
        if (errno != EINTR || host_interrupted)
            rc = host_interrupted ? -EINTR : -errno;
    if (rc < 0) {
        message_error("cannot lock '%s/%s': %s", lr->dir, BATCH_LOCK, folder_why(rc));
        return rc == -EINTR ? EXIT_INTERRUPTED : folder_is_link(rc) ? EXIT_USAGE : EXIT_SYSTEM;
    }
    rc = runlock_share(&lr->lock, lr->dir_fd, &holder);
    if (rc == -EWOULDBLOCK) {
        /* The league's own run would change the roster under the batch. */
        message_error("league '%s' is being run by 'league run %s'%s: a batch's shards play while "
                      "it does not",
                      lr->dir, lr->dir, holder > 0 ? " (its pid is in run.lock)" : "");
        return EXIT_USAGE;
    }
    if (rc < 0) {
        message_error("cannot lock '%s': %s", lr->dir, folder_why(rc));
        return folder_is_link(rc) ? EXIT_USAGE : EXIT_SYSTEM;
    }
    return 0;
}

/* lrun_open_shard's work, batch.lock held. */
static int open_shard(struct lrun *lr)
{
    const struct league_options *o = lr->o;
    char why[PATH_MAX + 200], name[32];
    int rc;

    if (lr->written % 2 == 1) {
        message_error(
            "league '%s' ends with half a pair (game %ld): 'referee league run %s --games "
            "1' plays its other game, then the batch can be dealt",
            lr->dir, lr->written, lr->dir);
        return EXIT_USAGE;
    }
    /* No shard folder yet: this shard deals the batch, with bots.csv as it
     * is now; once one is there, changes wait for the merge (dry). */
    if ((rc = lrun_sync_roster(lr, batch_pending(lr->dir))) != 0)
        return rc;
    snprintf(name, sizeof(name), BATCH_PREFIX "%d", o->shard + 1);
    if (path_join(lr->shard_dir, sizeof(lr->shard_dir), lr->dir, name) < 0)
        return EXIT_USAGE;
    if ((rc = lock_shard(lr)) != 0)
        return rc;
    long n = league_batch(&lr->l, lr->written + 1, o->shard, o->shards, NULL, 0);
    lr->list = xcalloc((size_t)(n > 0 ? n : 0) + 1, sizeof(*lr->list));
    if (n > 0)
        league_batch(&lr->l, lr->written + 1, o->shard, o->shards, lr->list, n);
    struct gameset kept;
    struct ledger_repair repair = {0};
    struct ledger_plan plan = {.start = {.def = lr->def, .early_draw = lr->set.early_draw}};
    struct standings *scratch = standings_new();
    if (n < 0 || !scratch || gameset_init(&kept, LEAGUE_MAX_GAMES) < 0) {
        standings_free(scratch);
        message_error("out of memory");
        return EXIT_SYSTEM;
    }
    rc = ledger_resume(lr->shard_dir, &plan, &(struct ledger_kept){&kept, scratch}, &repair, why,
                       sizeof(why));
    for (long i = 0; rc == 0 && i < n; i++)
        if (!gameset_has(&kept, lr->list[i].id - 1))
            lr->list[lr->nlist++] = lr->list[i];
    gameset_free(&kept);
    standings_free(scratch);
    if (rc < 0) {
        message_error("cannot go on with shard folder '%s': %s", lr->shard_dir, why);
        return EXIT_DATA;
    }
    lr->out = lr->shard_dir;
    lr->out_fd = lr->shard_fd;
    return 0;
}

int lrun_open_shard(struct lrun *lr)
{
    int rc = open_shard(lr);

    /* Dealt (its folder made): the next shard may look. */
    if (lr->deal_fd >= 0)
        close(lr->deal_fd);
    lr->deal_fd = -1;
    return rc;
}

int lrun_retire_failed(struct lrun *lr, int entry)
{
    struct roster_event e = {
        .game = lrun_next_pair(lr), .kind = ROSTER_RETIRED, .reason = lr->failed_why};
    char why[PATH_MAX + 200];
    int rc;

    snprintf(e.name, sizeof(e.name), "%s", lr->names[entry]);
    if ((rc = roster_append_event(lr->dir, &e)) < 0) {
        message_error("cannot write '%s/%s': %s", lr->dir, ROSTER_LOG, folder_why(rc));
        return EXIT_SYSTEM;
    }
    /* bots.csv says it too, and why: a person reading it sees the entry out. */
    rc = roster_retire_bot(lr->dir, e.name, lr->failed_why, why, sizeof(why));
    if (rc < 0 && rc != -EALREADY && rc != -ENOENT) /* retired, or gone, meanwhile: said */
        message_error("%s", why);
    /* Picks past the games written were made with it: the league is read
     * again, from its files, with its retirement. */
    standings_free(lr->st);
    league_release(&lr->l);
    lr->written = 0;
    memset(lr->played, 0, sizeof(lr->played));
    if (!(lr->st = standings_new()) ||
        league_init(&lr->l, lr->set.seed, (int)lr->set.min_games, lr->set.lag) < 0) {
        message_error("out of memory");
        return EXIT_SYSTEM;
    }
    return lrun_load_history(lr, false);
}
