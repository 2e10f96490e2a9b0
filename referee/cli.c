/* cli.c: what the subcommands share: error messages. */
#include "cli.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void cli_error(const char *fmt, ...)
{
    va_list ap;

    fputs("referee: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

volatile sig_atomic_t cli_interrupted;

static void on_signal(int sig)
{
    (void)sig;
    cli_interrupted = 1;
}

void cli_catch_signals(void)
{
    struct sigaction sa;

    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    /* No SA_RESTART: a poll() waiting on a bot returns at once with EINTR. */
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}
