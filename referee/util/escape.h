/* escape.h: a byte as a person is shown it, printable ASCII or a backslash
 * escape: what the protocol's echoes, an engine's name and a bot's trace in
 * its log show of a bot's bytes. Pure. */
#ifndef REFEREE_ESCAPE_H
#define REFEREE_ESCAPE_H

#include <stdbool.h>
#include <stddef.h>

/* Write byte c into out (room for 4 bytes) as a person is shown it: itself if
 * printable ASCII, else \0, \t, \r, \n or \xHH; a backslash doubled, and with
 * quote a double quote after a backslash. Returns how many bytes it wrote (1
 * to 4); out is not NUL terminated. */
size_t escape_byte(char *out, unsigned char c, bool quote);

#endif
