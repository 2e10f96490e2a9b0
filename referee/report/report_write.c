/* report_write.c: a run's results folders (shards merge) read row by row into
 * one HTML page, written whole through a temporary file and a rename: what
 * `referee report` does, and what a run does at its end. */
#include "report_write.h"
#include "folder.h"
#include "ledger.h"
#include "message.h"
#include "path.h"
#include "report.h"
#include "roster.h"
#include "report_html.h"
#include "runinfo.h"
#include "schema.h"
#include "standings.h"
#include "table.h"

#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* What each engine said it is: standings.csv's engine column, where the run
 * wrote one (games.csv does not keep it). */
static void read_engines(struct report *r, const char *dir)
{
    char path[PATH_MAX], why[200];
    struct table t;

    if (path_join(path, sizeof(path), dir, "standings.csv") < 0 ||
        table_load(&t, path, why, sizeof(why)) < 0)
        return;
    int bot = table_column(&t, "bot"), engine = table_column(&t, "engine");
    for (size_t i = 0; bot >= 0 && engine >= 0 && i < t.nrows; i++)
        if (t.rows[i][engine][0])
            standings_set_engine(r->st, t.rows[i][bot], t.rows[i][engine]);
    table_release(&t);
}

/* A league's roster.csv, if dir has one: when each entry entered and
 * retired, and since when it is refused. */
static void read_roster(struct report *r, const char *dir)
{
    struct roster_event *ev;
    size_t n;
    char why[PATH_MAX + 200];

    /* What the league plays under: it has no run.csv. */
    if (!r->has_league && roster_read_settings(dir, &r->league, why, sizeof(why)) == 0)
        r->has_league = true;
    if (roster_read_events(dir, &ev, &n, why, sizeof(why)) < 0)
        return; /* a report without the roster's marks */
    if (n == 0) {
        roster_free_events(ev, n);
        return;
    }
    struct report_entry *e = calloc(n, sizeof(*e));
    size_t ne = 0;
    for (size_t i = 0; e && i < n; i++) {
        size_t k = 0;
        while (k < ne && strcmp(e[k].name, ev[i].name) != 0)
            k++;
        if (k == ne)
            snprintf(e[ne++].name, sizeof(e[0].name), "%s", ev[i].name);
        if (ev[i].kind == ROSTER_ENTERED)
            e[k].entered = ev[i].game;
        else if (ev[i].kind == ROSTER_RETIRED) {
            e[k].retired = ev[i].game;
            snprintf(e[k].why, sizeof(e[k].why), "%s", ev[i].reason);
        } else /* refused, or bound again */
            e[k].refused = ev[i].kind == ROSTER_REFUSED ? ev[i].game : 0;
    }
    roster_free_events(ev, n);
    free(r->entries);
    r->entries = e;
    r->nentries = e ? ne : 0;
}

/* Add dir's games (and its moves, if it has them) to r. Returns EXIT_OK or
 * an exit code, having said why. */
static int read_dir(struct report *r, struct ledger_game *game, const char *dir)
{
    char why[PATH_MAX + 400];
    struct results_file f;
    struct game_row row;
    struct move_row m;
    int rc = schema_open_in(&f, dir, true, SCHEMA_ALL, why, sizeof(why));

    while (rc == 0 && (rc = schema_next_game(&f, &row, why, sizeof(why))) > 0)
        if ((rc = ledger_check_game(game, f.path, &row, why, sizeof(why))) < 0)
            break;
        else if ((rc = report_add_game(r, &row)) == 0)
            rc = 0;
        else
            snprintf(why, sizeof(why), "'%s': game %ld cannot be counted", f.path, row.id);
    schema_close(&f);
    if (rc == 0 && schema_open_in(&f, dir, false, 0, why, sizeof(why)) == 0) {
        while ((rc = schema_next_move(&f, &m, why, sizeof(why))) > 0)
            if ((rc = report_add_move(r, &m)) < 0)
                snprintf(why, sizeof(why), "out of memory");
        schema_close(&f);
    }
    if (rc == 0) {
        read_engines(r, dir);
        read_roster(r, dir);
    }
    if (rc < 0) {
        message_error("cannot report on %s", why);
        return rc == -EINVAL || rc == -ENODATA ? EXIT_DATA : EXIT_SYSTEM;
    }
    return EXIT_OK;
}

/* Every game again, a row at a time, into the page's JSON. */
static int write_games(FILE *f, const struct report *r, const char *const *dirs, int ndirs)
{
    char why[PATH_MAX + 200];
    struct results_file in;
    struct game_row row;
    bool first = true;
    int rc = 0;

    for (int i = 0; i < ndirs && rc == 0; i++) {
        rc = schema_open_in(&in, dirs[i], true, SCHEMA_ALL, why, sizeof(why));
        while (rc == 0 && (rc = schema_next_game(&in, &row, why, sizeof(why))) > 0) {
            report_html_game(f, r, &row, first);
            first = false;
            rc = 0;
        }
        schema_close(&in);
    }
    if (rc < 0) {
        message_error("cannot report on %s", why);
        return rc == -EINVAL || rc == -ENODATA ? EXIT_DATA : EXIT_SYSTEM;
    }
    return EXIT_OK;
}

/* dir's run.csv into *ri (known false without one). Returns an exit code,
 * having said why. */
static int read_info(struct runinfo *ri, const char *dir)
{
    char why[PATH_MAX + 200];
    int rc = runinfo_read(ri, dir, why, sizeof(why));
    if (rc < 0) {
        message_error("cannot report on %s", why);
        return rc == -EINVAL || rc == -ENODATA ? EXIT_DATA : EXIT_SYSTEM;
    }
    return EXIT_OK;
}

/* What a run's run.csv tells its report, as the run itself would: its limits,
 * and the SPRT it stopped at. */
static void run_of_info(const struct runinfo *ri, struct report_run *run)
{
    int move = runinfo_ms(ri, RI_MOVETIME_MS), first = runinfo_ms(ri, RI_FIRSTMOVE_MS);
    char model[16];
    struct sprt_params p;

    *run =
        (struct report_run){.move_ms = move > 0 ? move : 0, .first_move_ms = first > 0 ? first : 0};
    if (sscanf(runinfo_get(ri, RI_SPRT), "elo0=%lf elo1=%lf alpha=%lf beta=%lf %15s", &p.elo0,
               &p.elo1, &p.alpha, &p.beta, model) == 5 &&
        runinfo_get(ri, RI_CANDIDATE)[0]) {
        run->sprt = true;
        run->params = p;
        run->model = strcmp(model, "pentanomial") == 0 ? SPRT_PENTANOMIAL : SPRT_TRINOMIAL;
        run->candidate = runinfo_get(ri, RI_CANDIDATE);
    }
}

/* The page's temporary file out.tmp (tmp), through out's folder (*dir_fd,
 * *name its name in it), never through a link at either name (folder.h).
 * NULL, having said why, *err the error. */
static FILE *open_page(const char *out, char *tmp, int *dir_fd, const char **name, int *err)
{
    int fd = -1;
    FILE *f = NULL;

    if ((*err = folder_open_parent(out, dir_fd, name)) == 0 &&
        (*err = folder_check_target(*dir_fd, *name)) < 0)
        tmp = (char *)out; /* the name refused */
    else if (*err == 0 &&
             (*err = folder_open_file(*dir_fd, tmp + (*name - out), O_WRONLY | O_CREAT | O_TRUNC,
                                      &fd)) == 0 &&
             !(f = fdopen(fd, "w"))) {
        *err = -errno;
        close(fd);
    }
    if (!f) {
        message_error("cannot write '%s': %s", tmp, folder_why(*err));
        if (*dir_fd >= 0)
            close(*dir_fd);
        *dir_fd = -1;
    }
    return f;
}

int report_write_page(const char *out, struct report *r, const char *const *dirs, int ndirs,
                      const struct report_games *games)
{
    char tmp[PATH_MAX];
    int rc = EXIT_OK;

    if (report_finish(r) < 0) {
        message_error("out of memory");
        return EXIT_SYSTEM;
    }
    if (snprintf(tmp, sizeof(tmp), "%s.tmp", out) >= (int)sizeof(tmp)) {
        message_error("'%s': %s", out, strerror(ENAMETOOLONG));
        return EXIT_USAGE;
    }
    struct runinfo *infos = calloc((size_t)ndirs, sizeof(*infos));
    if (!infos) {
        message_error("out of memory");
        return EXIT_SYSTEM;
    }
    for (int i = 0; i < ndirs && rc == EXIT_OK; i++)
        rc = read_info(&infos[i], dirs[i]);
    const char *name;
    int dir_fd = -1, err = 0;
    FILE *f = rc == EXIT_OK ? open_page(out, tmp, &dir_fd, &name, &err) : NULL;
    if (!f) {
        for (int i = 0; i < ndirs; i++)
            runinfo_release(&infos[i]);
        free(infos);
        return rc != EXIT_OK ? rc : folder_is_link(err) ? EXIT_USAGE : EXIT_SYSTEM;
    }
    report_html_begin(f, r, dirs, infos, ndirs);
    for (int i = 0; i < ndirs; i++)
        runinfo_release(&infos[i]);
    free(infos);
    rc = games->write(f, games->ctx);
    report_html_end(f);
    bool ok = fflush(f) == 0 && !ferror(f) && fsync(fileno(f)) == 0;
    ok = fclose(f) == 0 && ok;
    const char *tmp_name = tmp + (name - out);
    err = ok ? folder_check_target(dir_fd, name) : -errno;
    if (err == 0 && renameat(dir_fd, tmp_name, dir_fd, name) < 0)
        err = -errno;
    if (rc != EXIT_OK || err < 0) {
        if (rc == EXIT_OK)
            message_error("cannot write '%s': %s", out, folder_why(err));
        unlinkat(dir_fd, tmp_name, 0);
        rc = rc != EXIT_OK ? rc : folder_is_link(err) ? EXIT_USAGE : EXIT_SYSTEM;
    }
    close(dir_fd);
    return rc;
}

/* The folders a page's games are read from again. */
struct reread {
    const struct report *r;
    const char *const *dirs;
    int ndirs;
};

static int games_from_dirs(FILE *f, void *ctx)
{
    const struct reread *d = ctx;
    return write_games(f, d->r, d->dirs, d->ndirs);
}

int report_write(const char *out, const char *const *dirs, int ndirs, const struct report_run *run)
{
    struct report r;
    struct runinfo info = {0};
    struct report_run known;
    bool own_run = run != NULL; /* a run's own report, not `referee report` */
    int rc = EXIT_OK;

    /* Without the run's own word, what its first folder recorded. */
    if (!run && (rc = read_info(&info, dirs[0])) != EXIT_OK)
        return rc;
    if (!run && info.known) {
        run_of_info(&info, &known);
        run = &known;
    }
    if (report_init(&r) < 0) {
        message_error("out of memory");
        runinfo_release(&info);
        return EXIT_SYSTEM;
    }
    struct ledger_game game = {0};
    r.run = run;
    for (int i = 0; i < ndirs && rc == EXIT_OK; i++)
        rc = read_dir(&r, &game, dirs[i]);
    /* A run's own report shows what it has; folders given to `report` must
     * rate on one scale. */
    if (rc == EXIT_OK && !own_run)
        rc = standings_check_groups(r.st);
    struct reread d = {.r = &r, .dirs = dirs, .ndirs = ndirs};
    if (rc == EXIT_OK)
        rc = report_write_page(out, &r, dirs, ndirs, &(struct report_games){games_from_dirs, &d});
    report_free(&r);
    runinfo_release(&info);
    return rc;
}
