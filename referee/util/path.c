/* path.c: joining a directory and a file name without cutting either. */
#include "path.h"

#include <errno.h>
#include <stdio.h>

int path_join(char *buf, size_t len, const char *dir, const char *name)
{
    int n = snprintf(buf, len, "%s/%s", dir, name);

    if (n < 0 || (size_t)n >= len) {
        if (len > 0)
            buf[0] = '\0';
        return -ENAMETOOLONG;
    }
    return 0;
}
