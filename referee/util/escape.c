/* escape.c: a byte as a person is shown it (escape.h). Pure. */
#include "escape.h"

#include <string.h>

size_t escape_byte(char *out, unsigned char c, bool quote)
{
    static const char hex[] = "0123456789abcdef";
    const char *name = c == 0              ? "\\0"
                       : c == '\t'         ? "\\t"
                       : c == '\r'         ? "\\r"
                       : c == '\n'         ? "\\n"
                       : c == '\\'         ? "\\\\"
                       : c == '"' && quote ? "\\\""
                                           : NULL;
    if (name) {
        memcpy(out, name, 2);
        return 2;
    }
    if (c < 0x20 || c > 0x7e) {
        out[0] = '\\';
        out[1] = 'x';
        out[2] = hex[c >> 4];
        out[3] = hex[c & 15];
        return 4;
    }
    out[0] = (char)c;
    return 1;
}
