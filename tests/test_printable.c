/* test_printable.c: a bot's bytes made safe for a terminal (util/printable.c),
 * the cleaning of the console's log tail and of doctor's trace. */
#include "printable.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

static void expect(const char *text, const char *want)
{
    char buf[64];
    snprintf(buf, sizeof(buf), "%s", text);
    printable_clean(buf, strlen(buf));
    cr_expect_str_eq(buf, want);
}

Test(printable, printable_ascii_tabs_and_newlines_stay, .timeout = 10)
{
    expect("Traceback:\n\tat x ~!", "Traceback:\n\tat x ~!");
}

Test(printable, control_bytes_and_bytes_from_0x7f_are_shown_as_question_marks, .timeout = 10)
{
    expect("\x1b[2Jx\r\x7f", "?[2Jx??");
    expect("\xc3\xa9\x9b", "???");
}
