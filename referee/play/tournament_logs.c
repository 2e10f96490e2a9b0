/* tournament_logs.c: each bot's log file, named from the bot and opened in
 * the run's logs folder (never through a link), and closed. */
#include "tournament.h"
#include "folder.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int tournament_log_path(char *out, size_t len, const char *dir, const char *bot)
{
    int n = dir ? snprintf(out, len, "%s/", dir) : 0;
    size_t k = (size_t)n;

    if (n < 0 || k + strlen(bot) + sizeof(".log") > len) {
        if (len > 0)
            out[0] = '\0';
        return -ENAMETOOLONG;
    }
    for (const char *p = bot; *p; p++) {
        char c = *p;
        bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                  c == '.' || c == '-' || c == '_';
        out[k++] = ok ? c : '_';
    }
    memcpy(out + k, ".log", sizeof(".log"));
    return 0;
}

int tournament_open_logs(int logs_fd, const char *dir, const struct run_config *c, int *fds,
                         char *failed, size_t len)
{
    const struct bot_spec *bots = c->bots;
    int n = c->nbots;
    char name[PATH_MAX];
    int rc = 0;

    for (int b = 0; b < n; b++)
        fds[b] = -1;
    for (int b = 0; b < n && rc == 0; b++)
        if ((rc = tournament_log_path(name, sizeof(name), NULL, bots[b].name)) < 0 ||
            (rc = folder_open_file(logs_fd, name, O_WRONLY | O_APPEND | O_CREAT, &fds[b])) < 0)
            snprintf(failed, len, "%s/%s", dir, name);
    if (rc < 0)
        tournament_close_logs(fds, n);
    return rc;
}

void tournament_close_logs(int *fds, int n)
{
    for (int b = 0; b < n; b++) {
        if (fds[b] >= 0)
            close(fds[b]);
        fds[b] = -1;
    }
}
