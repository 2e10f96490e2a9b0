/* cell.c: the quote that keeps a CSV cell's text from being a formula. */
#include "cell.h"

#include <string.h>

bool cell_is_formula(const char *text)
{
    return text[0] != '\0' && strchr("=+-@\t\r", text[0]) != NULL;
}

bool cell_needs_quote(const char *text)
{
    return cell_is_formula(text) ||
           (text[0] == '\'' && (cell_is_formula(text + 1) || text[1] == '\''));
}

const char *cell_unquote(const char *text)
{
    /* A ' so followed was added: a text of that shape is always written with
     * one more in front (cell_needs_quote). */
    return text[0] == '\'' && (cell_is_formula(text + 1) || text[1] == '\'') ? text + 1 : text;
}
