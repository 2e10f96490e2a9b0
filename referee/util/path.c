/* path.c: joining a directory and a file name without cutting either; the
 * files a PATH list names for a program. */
#include "path.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

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

void path_search_init(struct path_search *s, const char *dirs, const char *name)
{
    s->next = dirs;
    s->name = name;
    s->name_len = strlen(name);
}

bool path_search_next(struct path_search *s, char *buf, size_t len)
{
    while (s->next) {
        const char *dir = s->next, *end = dir;
        while (*end != '\0' && *end != ':')
            end++;
        s->next = *end == '\0' ? NULL : end + 1;
        size_t dir_len = (size_t)(end - dir);
        if (dir_len == 0) { /* an empty entry means the current directory */
            dir = ".";
            dir_len = 1;
        }
        if (dir_len + 1 + s->name_len >= len)
            continue;
        memcpy(buf, dir, dir_len);
        buf[dir_len] = '/';
        memcpy(buf + dir_len + 1, s->name, s->name_len + 1);
        return true;
    }
    return false;
}
