/* printable.h: a bot's bytes made safe to show on a terminal, the one
 * cleaning of every log tail referee prints (the console's, doctor's trace).
 * Pure. */
#ifndef REFEREE_PRINTABLE_H
#define REFEREE_PRINTABLE_H

#include <stddef.h>

/* Replace, in the n bytes at text, every byte a terminal could take for more
 * than a character by '?': those below 0x20 but tab and newline, 0x7f, and
 * every byte from 0x80 up (an escape sequence, a C1 control, a broken UTF-8
 * sequence all start there). Printable ASCII, tab and newline stay. */
void printable_clean(char *text, size_t n);

#endif
