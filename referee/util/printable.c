/* printable.c: a bot's bytes made safe to show on a terminal (printable.h). */
#include "printable.h"

void printable_clean(char *text, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)text[i];
        if ((c < 0x20 && c != '\t' && c != '\n') || c >= 0x7f)
            text[i] = '?';
    }
}
