/* json.h: text as a JSON string, the one escaper of doctor's --json and the
 * report's embedded data. Writes to f and nothing else. */
#ifndef REFEREE_JSON_H
#define REFEREE_JSON_H

#include <stdbool.h>
#include <stdio.h>

/* text (NUL-terminated) as a JSON string in quotes: quotes and backslashes
 * escaped, and every byte below 0x20 or from 0x7f up as \u00XX (so a bot's
 * bytes come out as ASCII whatever they are). in_script: <, > and & as
 * \u00XX too, so that no text can end the <script> it is in. */
void json_write_string(FILE *f, const char *text, bool in_script);

#endif
