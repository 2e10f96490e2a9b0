/* league_roster.c: bots.csv taken into a league run: entries entered bound
 * to their programs, refused when a program changes, bound again, retired;
 * each an event of roster.csv (logged, said, applied to the league). */
#include "league_state.h"
#include "host.h"
#include "inputs.h"
#include "path.h"
#include "xalloc.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static void set_bound(struct lrun *lr, int i, const char *command, const char *files)
{
    free(lr->bound_command[i]);
    free(lr->bound_files[i]);
    lr->bound_command[i] = xstrdup(command ? command : "");
    lr->bound_files[i] = xstrdup(files ? files : "");
}

int lrun_apply_event(struct lrun *lr, const struct roster_event *e)
{
    int i = lrun_index_of(lr, e->name);

    switch (e->kind) {
    case ROSTER_RETIRED: league_retire(&lr->l, i, e->game); return 0;
    case ROSTER_REFUSED: return i >= 0 ? league_suspend(&lr->l, i, e->game) : 0;
    case ROSTER_BOUND:
        if (i >= 0) {
            league_resume(&lr->l, i, e->game);
            set_bound(lr, i, e->command, e->files);
        }
        return 0;
    case ROSTER_ENTERED: break;
    }
    if (i >= 0)
        return 0;
    if ((i = league_enter(&lr->l, e->game)) < 0)
        return i;
    snprintf(lr->names[i], sizeof(lr->names[i]), "%s", e->name);
    set_bound(lr, i, e->command, e->files);
    return standings_add_bot(lr->st, e->name);
}

/* What a refusal or a binding again says, on stderr: every run says it, -q or not. */
static void say(const struct lrun *lr, const struct roster_event *e)
{
    if (e->kind == ROSTER_REFUSED)
        fprintf(stderr,
                "Entry '%s' is not played from game %ld: %s; put its program back, or add the "
                "new one as its next version ('referee league add %s --replace %s=COMMAND')\n",
                e->name, e->game, e->reason, lr->dir, e->name);
    else if (e->kind == ROSTER_BOUND)
        fprintf(stderr, "Entry '%s' of league '%s' plays from game %ld: %s\n", e->name, lr->dir,
                e->game, e->reason);
    else if (e->kind == ROSTER_RETIRED && e->reason && e->reason[0])
        fprintf(stderr, "Entry '%s' of league '%s' is retired from game %ld: %s\n", e->name,
                lr->dir, e->game, e->reason);
}

/* Take in e: appended to roster.csv, said on stderr if a refusal or a
 * binding again, and applied; dry (a shard of a batch dealt already), an
 * entry in or out or bound again waits for the merge, and a program changed
 * is refused with a message, for the batch was dealt with it. Returns 0 or a
 * negative errno (-EBUSY: dry, a program changed). */
static int lrun_take_in(struct lrun *lr, const struct roster_event *e, bool dry)
{
    if (!dry) {
        int rc = roster_append_event(lr->dir, e);
        if (rc == 0)
            say(lr, e);
        return rc < 0 ? rc : lrun_apply_event(lr, e);
    }
    if (e->kind != ROSTER_REFUSED)
        return 0;
    message_error("entry '%s' has a change the league has not taken in (refusing it: %s): the "
                  "batch of its shards was dealt with its program; put it back, and the shard "
                  "plays its games",
                  e->name, e->reason);
    return -EBUSY;
}

/* Enter spec's entry from game `from` bound to its program as it is now
 * (lrun_take_in). Returns 0 or a negative errno. */
static int lrun_enter(struct lrun *lr, const struct bot_spec *spec, long from, bool dry)
{
    struct binding now;
    struct roster_event e = {.game = from, .kind = ROSTER_ENTERED};

    binding_take(&now, spec, lr->seen, lr->l.n);
    snprintf(e.name, sizeof(e.name), "%s", spec->name);
    e.command = now.command;
    e.files = now.files;
    int rc = lrun_take_in(lr, &e, dry);
    int i = rc == 0 ? lrun_index_of(lr, spec->name) : -1;
    if (i >= 0) {
        binding_release(&lr->seen[i]);
        lr->seen[i] = now;
    } else {
        binding_release(&now);
    }
    return rc;
}

/* Entry i's program (spec, its row of bots.csv) against its binding: a
 * change refuses it from game `from`, a program put back binds it again, and
 * an entry that roster.csv binds to nothing (a league older than bindings) is
 * bound (lrun_take_in). Returns 0 or a negative errno. */
static int lrun_check_binding(struct lrun *lr, int i, const struct bot_spec *spec, long from,
                              bool dry)
{
    char why[2 * PATH_MAX + 200];
    struct roster_event e = {.game = from, .reason = why};
    bool held = league_is_held(&lr->l, i);

    /* Files not changed since they were seen (for any entry) are not read again. */
    struct binding now;
    binding_take(&now, spec, lr->seen, lr->l.n);
    binding_release(&lr->seen[i]);
    lr->seen[i] = now;
    snprintf(e.name, sizeof(e.name), "%s", lr->names[i]);
    e.command = now.command;
    e.files = now.files;
    if (!lr->bound_command[i] || !lr->bound_command[i][0]) {
        e.kind = ROSTER_BOUND;
        snprintf(why, sizeof(why), "bound to the program it runs now (roster.csv had none)");
    } else if (binding_differs(lr->bound_command[i], lr->bound_files[i], &now, why, sizeof(why))) {
        if (held)
            return 0; /* refused already */
        e.kind = ROSTER_REFUSED;
    } else if (held) {
        e.kind = ROSTER_BOUND;
        snprintf(why, sizeof(why), "its program is again the one it was bound to");
    } else {
        return 0;
    }
    return lrun_take_in(lr, &e, dry);
}

/* Whether each row of bots (n) has a name of its own, as config_name_problem
 * wants it; else says which does not. */
static bool has_good_names(const struct lrun *lr, const struct roster_bot *bots, size_t n)
{
    for (size_t b = 0; b < n; b++) {
        const char *problem = config_name_problem(bots[b].name);
        bool twice = false;
        for (size_t a = 0; a < b; a++)
            twice |= strcmp(bots[a].name, bots[b].name) == 0;
        if (twice) {
            message_error("'%s/%s', row %zu: a name given twice", lr->dir, ROSTER_BOTS, b + 1);
            return false;
        }
        if (problem) {
            message_error("'%s/%s', row %zu: name '%s' %s", lr->dir, ROSTER_BOTS, b + 1,
                          bots[b].name, problem);
            return false;
        }
    }
    return true;
}

/* The entry named name of file (bots.csv as specs), or NULL. */
static const struct bot_spec *spec_of(const struct run_config *file, const char *name)
{
    for (int b = 0; b < file->nbots; b++)
        if (file->bots[b].name && strcmp(file->bots[b].name, name) == 0)
            return &file->bots[b];
    return NULL;
}

/* Why roster.csv says an entry retired that bots.csv retired (row b, or
 * none: gone from it), in why (len bytes). */
static void retired_why(const struct roster_bot *b, char *why, size_t len)
{
    if (!b)
        snprintf(why, len, "its row is gone from %s", ROSTER_BOTS);
    else if (strcmp(b->said, "yes") == 0)
        snprintf(why, len, "retired in %s ('league retire')", ROSTER_BOTS);
    else
        snprintf(why, len, "retired in %s: %s", ROSTER_BOTS, b->said);
}

/* Entry name, whose row of bots.csv cannot be a bot (why), retired from
 * game `from` with that reason, in roster.csv and in bots.csv's `retired`:
 * never started, and the rest play on (lrun_take_in; dry: it waits for the
 * merge). Returns 0 or a negative errno. */
static int retire_unfit(struct lrun *lr, const char *name, const char *why, long from, bool dry)
{
    char reason[sizeof(((struct inputs_unfit *)0)->why) + 64], whyf[PATH_MAX + 200];
    struct roster_event e = {.game = from, .kind = ROSTER_RETIRED, .reason = reason};

    snprintf(reason, sizeof(reason), "cannot be started: %s %s", ROSTER_BOTS, why);
    snprintf(e.name, sizeof(e.name), "%s", name);
    int rc = lrun_take_in(lr, &e, dry);
    int err = rc == 0 && !dry ? roster_retire_bot(lr->dir, name, reason, whyf, sizeof(whyf)) : 0;
    if (err < 0 && err != -EALREADY && err != -ENOENT)
        message_error("%s", whyf); /* roster.csv has it: the league goes on */
    return rc;
}

/* bots.csv as a sync reads it: its rows (n), the bots they make (file), and
 * the rows that make none (unfit, nunfit). */
struct rows {
    const struct roster_bot *bots;
    size_t n;
    const struct run_config *file;
    const struct inputs_unfit *unfit;
    int nunfit;
};

/* The rows of bots.csv taken in (names checked) from game `from`: new
 * entries enter, the others' programs are checked against their bindings,
 * those retired or gone retire, with why; those that cannot be a bot
 * retire, never started. Returns 0 or a negative errno. */
static int take_rows(struct lrun *lr, const struct rows *rows, long from, bool dry)
{
    const struct roster_bot *bots = rows->bots;
    const struct inputs_unfit *unfit = rows->unfit;
    const struct run_config *file = rows->file;
    size_t n = rows->n;
    int nunfit = rows->nunfit, rc = 0;

    for (size_t b = 0; rc == 0 && b < n; b++) {
        const struct bot_spec *spec = spec_of(file, bots[b].name);
        int i = lrun_index_of(lr, bots[b].name);
        const struct inputs_unfit *u = NULL;
        for (int k = 0; k < nunfit && !spec; k++)
            u = strcmp(unfit[k].name, bots[b].name) == 0 ? &unfit[k] : u;
        if (u && !bots[b].retired && (i < 0 || !lr->l.e[i].retired))
            rc = retire_unfit(lr, u->name, u->why, from, dry);
        if (bots[b].retired || !spec)
            continue;
        if (i < 0)
            rc = lrun_enter(lr, spec, from, dry);
        else if (!lr->l.e[i].retired)
            rc = lrun_check_binding(lr, i, spec, from, dry);
    }
    for (int i = 0; rc == 0 && i < lr->l.n; i++) {
        if (lr->l.e[i].added > from || lr->l.e[i].retired)
            continue;
        const struct roster_bot *row = NULL;
        for (size_t b = 0; b < n; b++)
            row = strcmp(bots[b].name, lr->names[i]) == 0 ? &bots[b] : row;
        if (!row || row->retired) {
            char why[sizeof(row->said) + 64];
            struct roster_event e = {.game = from, .kind = ROSTER_RETIRED, .reason = why};
            retired_why(row, why, sizeof(why));
            snprintf(e.name, sizeof(e.name), "%s", lr->names[i]);
            rc = lrun_take_in(lr, &e, dry);
        }
    }
    return rc;
}

int lrun_sync_roster(struct lrun *lr, bool dry)
{
    struct roster_bot *bots;
    size_t n;
    char why[PATH_MAX + 200], path[PATH_MAX];

    /* Seen before it is read: a change after this one is a change still. */
    if (path_join(path, sizeof(path), lr->dir, ROSTER_BOTS) < 0 || stat(path, &lr->roster_seen) < 0)
        memset(&lr->roster_seen, 0, sizeof(lr->roster_seen));
    int rc = roster_read_bots(lr->dir, &bots, &n, why, sizeof(why));
    if (rc < 0) {
        message_error("cannot read %s", why);
        return EXIT_DATA;
    }
    if (!has_good_names(lr, bots, n)) {
        free(bots);
        return EXIT_DATA;
    }
    /* Each row as a bot: its program is what an entry is bound to. */
    struct run_config *file = xcalloc(1, sizeof(*file));
    struct inputs_unfit *unfit = xcalloc(CONFIG_MAX_BOTS, sizeof(*unfit));
    int nunfit = 0;
    if (n > 0 && (rc = inputs_load_roster(file, path, unfit, &nunfit)) != 0) {
        free(unfit);
        config_run_release(file);
        free(file);
        free(bots);
        return rc;
    }
    struct rows rows = {bots, n, file, unfit, nunfit};
    rc = take_rows(lr, &rows, lrun_next_pair(lr), dry);
    free(unfit);
    config_run_release(file);
    free(file);
    free(bots);
    if (rc == -EBUSY)
        return EXIT_USAGE;
    if (rc < 0) {
        message_error("cannot write '%s/%s': %s", lr->dir, ROSTER_LOG, strerror(-rc));
        return rc == -ENOSPC ? EXIT_USAGE : EXIT_SYSTEM;
    }
    return 0;
}

int lrun_count_entries(const struct lrun *lr)
{
    struct roster_bot *bots;
    size_t n;
    char why[PATH_MAX + 200];
    int count = 0;

    if (roster_read_bots(lr->dir, &bots, &n, why, sizeof(why)) < 0)
        return 0;
    for (size_t b = 0; b < n; b++)
        count += !bots[b].retired;
    free(bots);
    return count;
}

/* Whether bots.csv, or an entry's program, changed since sync_roster last read it. */
bool lrun_programs_changed(const struct lrun *lr)
{
    for (int i = 0; i < lr->l.n; i++)
        if (!lr->l.e[i].retired && binding_is_stale(&lr->seen[i]))
            return true;
    return false;
}

bool lrun_roster_changed(const struct lrun *lr)
{
    char path[PATH_MAX];
    struct stat now;
    if (lrun_programs_changed(lr))
        return true;
    if (path_join(path, sizeof(path), lr->dir, ROSTER_BOTS) < 0 || stat(path, &now) < 0)
        return lr->roster_seen.st_ino != 0;
    return now.st_ino != lr->roster_seen.st_ino || now.st_size != lr->roster_seen.st_size ||
           now.st_mtim.tv_sec != lr->roster_seen.st_mtim.tv_sec ||
           now.st_mtim.tv_nsec != lr->roster_seen.st_mtim.tv_nsec;
}

void lrun_release_bindings(struct lrun *lr)
{
    for (int i = 0; i < CONFIG_MAX_BOTS; i++) {
        free(lr->bound_command[i]);
        free(lr->bound_files[i]);
        lr->bound_command[i] = lr->bound_files[i] = NULL;
        binding_release(&lr->seen[i]);
    }
}
