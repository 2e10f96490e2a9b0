/* json.c: text as a JSON string (json.h). */
#include "json.h"

#include <stddef.h>

/* True if byte c goes into the string as it is. */
static bool is_plain(unsigned char c, bool in_script)
{
    if (c < 0x20 || c >= 0x7f || c == '"' || c == '\\')
        return false;
    return !in_script || (c != '<' && c != '>' && c != '&');
}

void json_write_string(FILE *f, const char *text, bool in_script)
{
    static const char hex[] = "0123456789abcdef";
    const unsigned char *p = (const unsigned char *)text;

    putc('"', f);
    while (*p) {
        size_t n = 0; /* a run of bytes that go as they are, in one write */
        while (p[n] && is_plain(p[n], in_script))
            n++;
        fwrite(p, 1, n, f);
        p += n;
        if (!*p)
            break;
        if (*p == '"' || *p == '\\') {
            char esc[2] = {'\\', (char)*p};
            fwrite(esc, 1, 2, f);
        } else {
            char esc[6] = {'\\', 'u', '0', '0', hex[*p >> 4], hex[*p & 15]};
            fwrite(esc, 1, 6, f);
        }
        p++;
    }
    putc('"', f);
}
