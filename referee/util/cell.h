/* cell.h: text in a spreadsheet's cell: what a spreadsheet would take for a
 * formula, and the one quote that keeps it text (OWASP's advice on CSV
 * injection; results/README.md, "Text a spreadsheet shows as text"). Pure. */
#ifndef REFEREE_CELL_H
#define REFEREE_CELL_H

#include <stdbool.h>

/* True if text starts with a character a spreadsheet reads as the start of a
 * formula: = + - @, a tab or a carriage return. */
bool cell_is_formula(const char *text);

/* True if text is written with a ' in front: it is a formula's start, or it
 * starts with ' followed by a formula's first character or by another ', so
 * that cell_unquote can tell the quote added from the text's own. */
bool cell_needs_quote(const char *text);

/* text as it was before it was written: without its first character if that
 * is the ' that cell_needs_quote added (a ' followed by = + - @, a tab, a CR
 * or '). Points into text. */
const char *cell_unquote(const char *text);

#endif
