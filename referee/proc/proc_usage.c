/* proc_usage.c: what a bot process and the machine use and allow: a child's
 * resident memory, the memory available, the descriptors referee may open
 * (see proc.h). */
#include "proc.h"

#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <sys/resource.h>
#include <unistd.h>

long proc_rss_kb(const struct proc *p)
{
    char path[64], text[128];
    long size = 0, resident = 0;

    if (p->pid <= 0)
        return 0;
    snprintf(path, sizeof(path), "/proc/%ld/statm", (long)p->pid);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return 0;
    ssize_t n = read(fd, text, sizeof(text) - 1);
    close(fd);
    if (n <= 0)
        return 0;
    text[n] = '\0';
    if (sscanf(text, "%ld %ld", &size, &resident) != 2 || resident < 0)
        return 0;
    return resident * (sysconf(_SC_PAGESIZE) / 1024);
}

long proc_memory_available_kb(void)
{
    FILE *f = fopen("/proc/meminfo", "re");
    char line[128];
    long kb = 0;

    if (!f)
        return 0;
    while (fgets(line, sizeof(line), f))
        if (sscanf(line, "MemAvailable: %ld kB", &kb) == 1)
            break;
    fclose(f);
    return kb > 0 ? kb : 0;
}

long proc_descriptors_max(void)
{
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) < 0 || rl.rlim_cur == RLIM_INFINITY ||
        rl.rlim_cur > (rlim_t)LONG_MAX)
        return LONG_MAX;
    return (long)rl.rlim_cur;
}
