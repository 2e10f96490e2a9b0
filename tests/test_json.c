/* test_json.c: text as a JSON string (util/json.c), the escaper of doctor's
 * --json and of the report's embedded data, by known answers. */
#include "json.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>

/* What json_write_string writes for text, malloc'ed. */
static char *written(const char *text, bool in_script)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    cr_assert_not_null(f);
    json_write_string(f, text, in_script);
    fclose(f);
    return buf;
}

static void expect(const char *text, bool in_script, const char *want)
{
    char *got = written(text, in_script);
    cr_expect_str_eq(got, want);
    free(got);
}

Test(json, plain_text_goes_as_it_is_in_quotes, .timeout = 10)
{
    expect("e4 e5", false, "\"e4 e5\"");
    expect("", true, "\"\"");
}

Test(json, quotes_backslashes_and_control_bytes_are_escaped, .timeout = 10)
{
    expect("a\"b\\c\n\t\x7f", false, "\"a\\\"b\\\\c\\u000a\\u0009\\u007f\"");
}

Test(json, bytes_from_0x80_come_out_as_ascii, .timeout = 10)
{
    expect("\xc3\xa9", false, "\"\\u00c3\\u00a9\"");
}

Test(json, in_a_script_no_text_can_end_the_script, .timeout = 10)
{
    expect("</script>&", true, "\"\\u003c/script\\u003e\\u0026\"");
    expect("</script>&", false, "\"</script>&\"");
}
