/* doctor_trace.c: what doctor reads back from the bot's log: the end of the
 * trace of a talk that failed, and how much the bot itself wrote there. */
#include "doctor_impl.h"
#include "printable.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

/* True if line is one of the trace's: "[  12.345 ms] 4321 > ...". */
static bool doctor_is_trace_line(const char *line)
{
    size_t i = 1;
    if (line[0] != '[')
        return false;
    while (line[i] == ' ')
        i++;
    size_t digits = strspn(line + i, "0123456789");
    if (digits == 0 || line[i + digits] != '.')
        return false;
    i += digits + 1;
    if (strspn(line + i, "0123456789") != 3 || strncmp(line + i + 3, " ms] ", 5) != 0)
        return false;
    i += 8;
    digits = strspn(line + i, "0123456789"); /* the pid */
    if (digits == 0 || line[i + digits] != ' ')
        return false;
    i += digits + 1;
    return line[i] != '\0' && strchr("<>-", line[i]) && line[i + 1] == ' ';
}

/* line, cut to DOCTOR_TRACE_WIDTH bytes cleaned by printable_clean, into to. */
static void keep_line(char *to, char *line)
{
    size_t n = strcspn(line, "\n");
    if (n > DOCTOR_TRACE_WIDTH) {
        memcpy(line + DOCTOR_TRACE_WIDTH - 3, "...", 3);
        n = DOCTOR_TRACE_WIDTH;
    }
    memcpy(to, line, n);
    to[n] = '\0';
    printable_clean(to, n); /* a bot's stderr line may only look like one */
}

void doctor_trace_tail(const struct doc *d, char *out, size_t cap)
{
    char lines[DOCTOR_TRACE_LINES][DOCTOR_TRACE_WIDTH + 1], *line = NULL;
    size_t size = 0, k = 0;
    FILE *f = d->opt->log_path ? fopen(d->opt->log_path, "re") : NULL;

    out[0] = '\0';
    if (!f)
        return;
    if (fseek(f, d->log_from, SEEK_SET) == 0)
        while (getline(&line, &size, f) > 0)
            if (doctor_is_trace_line(line))
                keep_line(lines[k++ % DOCTOR_TRACE_LINES], line);
    free(line);
    fclose(f);
    size_t at = 0;
    for (size_t i = k > DOCTOR_TRACE_LINES ? k - DOCTOR_TRACE_LINES : 0; i < k; i++) {
        int n = snprintf(out + at, cap - at, "%s\n", lines[i % DOCTOR_TRACE_LINES]);
        if (n < 0 || (size_t)n >= cap - at)
            break;
        at += (size_t)n;
    }
}

long long doctor_log_size(const char *path)
{
    FILE *f = path ? fopen(path, "re") : NULL;
    char *line = NULL;
    size_t cap = 0;
    long long size = 0;
    ssize_t n;

    if (!f)
        return 0;
    while ((n = getline(&line, &cap, f)) > 0)
        size += doctor_is_trace_line(line) || strncmp(line, "referee: ", 9) == 0 ? 0 : n;
    free(line);
    fclose(f);
    return size;
}
