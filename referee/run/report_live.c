/* report_live.c: a run's report, gathered as it writes its games. */
#define _GNU_SOURCE /* O_TMPFILE */
#include "report_live.h"
#include "message.h"
#include "report_write.h"
#include "notation.h"
#include "path.h"
#include "report_html.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct report_live {
    struct report r;
    FILE *games; /* the games' list so far, unnamed */
    long rows;   /* of games.csv, counted */
    char dir[PATH_MAX];
    char path[PATH_MAX]; /* games.csv's, for what is said of a row */
    int error;           /* the first, sticky */
};

/* An unnamed file in dir (gone when closed), or in the temporary folder where
 * the file system has no O_TMPFILE. */
static FILE *unnamed_file(const char *dir)
{
    int fd = open(dir, O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
    if (fd >= 0) {
        FILE *f = fdopen(fd, "w+");
        if (!f)
            close(fd);
        return f;
    }
    return tmpfile();
}

int report_live_open(struct report_live **out, const char *dir, const struct report_run *run)
{
    struct report_live *l = calloc(1, sizeof(*l));

    if (!l)
        return -ENOMEM;
    if (report_init(&l->r) < 0) {
        free(l);
        return -ENOMEM;
    }
    l->r.run = run;
    if (snprintf(l->dir, sizeof(l->dir), "%s", dir) >= (int)sizeof(l->dir) ||
        path_join(l->path, sizeof(l->path), dir, "games.csv") < 0) {
        report_live_free(l);
        return -ENAMETOOLONG;
    }
    if (!(l->games = unnamed_file(dir))) {
        int rc = -errno;
        report_live_free(l);
        return rc;
    }
    *out = l;
    return 0;
}

int report_live_add(struct report_live *l, const struct game_record *rec,
                    const struct game_texts *t)
{
    struct game_row row;
    char why[PATH_MAX + 200];

    if (l->error)
        return l->error;
    int rc = schema_game_of_texts(&row, t->text, l->path, l->rows++, why, sizeof(why));
    rc = rc < 0 ? rc : report_add_game(&l->r, &row);
    if (rc < 0)
        return l->error = rc;
    report_html_game(l->games, &l->r, &row, l->rows == 1);
    /* What each engine said it is: the standings table's engine column,
     * which games.csv does not keep and `referee report` reads back from
     * standings.csv. */
    for (int side = 0; side < 2; side++)
        if (rec->engines[side][0] &&
            standings_set_engine(l->r.st, rec->bots[side], rec->engines[side]) == -ENOMEM)
            return l->error = -ENOMEM;
    /* Its moves, as report_add_move reads them from moves.csv. */
    const struct game_state *s = &rec->state;
    const struct game_def *def = game_def_of(s);
    for (int i = rec->opening_plies; i < s->nhistory; i++) {
        struct action a = s->history[i];
        char move[GAME_MOVE_TEXT];
        if (rec->move_us[i] < 0)
            continue;
        move[notation_put_move(def, a, false, move)] = '\0';
        if ((rc = report_add_move_ms(&l->r, a.side < 2 ? rec->bots[a.side] : "", move, rec->id,
                                     i + 1, rec->move_us[i] / 1e3)) < 0)
            return l->error = rc;
    }
    return 0;
}

static int copy_games(FILE *f, void *ctx)
{
    struct report_live *l = ctx;
    char buf[65536];
    size_t n;

    if (fflush(l->games) != 0 || fseek(l->games, 0, SEEK_SET) != 0) {
        message_error("cannot read back the report's games: %s", strerror(errno));
        return EXIT_SYSTEM;
    }
    while ((n = fread(buf, 1, sizeof(buf), l->games)) > 0)
        fwrite(buf, 1, n, f);
    if (ferror(l->games)) {
        message_error("cannot read back the report's games: %s", strerror(errno));
        return EXIT_SYSTEM;
    }
    return EXIT_OK;
}

int report_live_write(struct report_live *l, const char *out)
{
    const char *dirs[1] = {l->dir};

    if (l->error) {
        message_error("cannot report on '%s': %s", l->dir, strerror(-l->error));
        return EXIT_SYSTEM;
    }
    return report_write_page(out, &l->r, dirs, 1, &(struct report_games){copy_games, l});
}

void report_live_free(struct report_live *l)
{
    if (!l)
        return;
    if (l->games)
        fclose(l->games);
    report_free(&l->r);
    free(l);
}
