/* runner_folder.c: a run's results folder opened once and locked, its files
 * and logs opened (no link where referee writes), its run.lock kept. */
#include "runner_state.h"
#include "message.h"
#include "folder.h"
#include "path.h"
#include "runinfo.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

/* Say why path cannot be written: a link where referee writes is the user's
 * to remove (exit 2); another error, the system's (exit 4). */
int runner_refuse_write(const char *path, int err)
{
    if (folder_is_link(err)) {
        message_error("cannot write '%s': %s (referee writes through no link in a results "
                      "folder; remove it)",
                      path, folder_why(err));
        return EXIT_USAGE;
    }
    message_error("cannot write results to '%s': %s", path, strerror(-err));
    return EXIT_SYSTEM;
}

/* The files a run writes, and the temporary names of those it writes whole:
 * a link at any of them is refused as the run starts, before a resume reads
 * games.csv and moves.csv, not after its games. */
static const char *const written[] = {
    "games.csv",          "moves.csv",       "run.csv",       "standings.csv", "crosstable.csv",
    "report.html",        "games.csv.tmp",   "moves.csv.tmp", "run.csv.tmp",   "standings.csv.tmp",
    "crosstable.csv.tmp", "report.html.tmp",
};

/* Open the results folder, once, and take it for this run: one run at a time
 * writes it. Returns 0 or an exit code, having said why. */
int runner_lock_results(struct runner *rn)
{
    const char *dir = rn->cfg->results;
    char path[PATH_MAX + 16];
    long holder = 0;
    int err = folder_open(dir, true, &rn->dir_fd);

    if (err < 0)
        return runner_refuse_write(dir, err);
    err = runlock_take(&rn->lock, rn->dir_fd, &holder);

    if (err == -EWOULDBLOCK) {
        char pid[32] = "";
        if (holder > 0)
            snprintf(pid, sizeof(pid), " (pid %ld)", holder);
        message_error("'%s' is in use by another run%s; wait for it to end, or choose another "
                      "--results directory",
                      dir, pid);
        return EXIT_USAGE;
    }
    if (err == -EAGAIN) {
        message_error("cannot lock '%s': its %s kept changing while referee took it", dir,
                      RUNLOCK_FILE);
        return EXIT_SYSTEM;
    }
    if (err < 0) {
        snprintf(path, sizeof(path), "%s/%s", dir, RUNLOCK_FILE);
        return runner_refuse_write(path, err);
    }
    for (size_t i = 0; i < sizeof(written) / sizeof(*written); i++)
        if ((err = folder_check_target(rn->dir_fd, written[i])) < 0) {
            snprintf(path, sizeof(path), "%s/%s", dir, written[i]);
            return runner_refuse_write(path, err);
        }
    return 0;
}

/* Open logs/ and each bot's log in it. Returns 0 or a negative errno, the
 * path that failed in failed (len bytes). */
static int open_logs(struct runner *rn, char *failed, size_t len)
{
    const struct run_config *c = rn->cfg;
    int err = path_join(rn->logs, sizeof(rn->logs), c->results, "logs");

    if (err < 0)
        snprintf(failed, len, "%s", c->results);
    else if ((err = folder_open_dir(rn->dir_fd, "logs", true, &rn->logs_fd)) < 0)
        snprintf(failed, len, "%s", rn->logs);
    /* A cap of 0 keeps no log: no file is made. */
    else if (c->log_cap > 0)
        err = tournament_open_logs(rn->logs_fd, rn->logs, c, rn->log_fds, failed, len);
    return err;
}

/* Open games.csv and moves.csv, and make logs/. Returns 0 or an exit code. */
int runner_open_results(struct runner *rn)
{
    const struct run_config *c = rn->cfg;
    char failed[PATH_MAX + 96];
    int err = 0;

    err = results_open(&rn->out, rn->dir_fd, c->results, c->resume, failed, sizeof(failed));
    if (err == 0)
        err = open_logs(rn, failed, sizeof(failed));
    if (err == -EWOULDBLOCK) {
        message_error("'%s' is in use by another run (it holds its games.csv); wait for it to end, "
                      "or choose another --results directory",
                      c->results);
        return EXIT_USAGE;
    }
    if (err == -EEXIST) {
        message_error("'%s' already holds games; continue it with --resume or choose another "
                      "--results directory",
                      failed);
        return EXIT_USAGE;
    }
    if (err == -EPROTO) {
        message_error("'%s' has other columns than this version of referee writes", failed);
        return EXIT_DATA;
    }
    if (err < 0)
        return runner_refuse_write(failed, err);
    rn->t.log_fds = rn->log_fds;
    /* The run's conditions, for its report; a resumed run keeps those it
     * started under, unless it had played nothing yet. */
    if ((!c->resume || rn->done == 0) &&
        (err = runinfo_write(rn->dir_fd, c, c->argc, c->argv)) < 0) {
        snprintf(failed, sizeof(failed), "%s/run.csv", c->results);
        return runner_refuse_write(failed, err);
    }
    return 0;
}

/* Before rows are written: run.lock still the file this run locked, or made
 * again (runlock_check). Another run that took the name meanwhile cannot
 * write a row (this run holds games.csv): the name is tried again next time. */
void runner_keep_lock(struct runner *rn)
{
    long holder;

    if (runlock_check(&rn->lock, &holder) == 1 && !rn->lock_remade) {
        console_clear(&rn->con);
        message_error("'%s/%s' was removed or replaced during the run; made again",
                      rn->cfg->results, RUNLOCK_FILE);
        rn->lock_remade = true;
    }
}
