/* test_path_search.c: the files a PATH list names for a program
 * (util/path.c's path_search), the one search of the child's exec and of the
 * sandbox's look-up, by known answers. */
#include "path.h"

#include <criterion/criterion.h>
#include <string.h>

/* Every file the search of dirs for name gives, each followed by '|', into
 * out; each into a buffer of len bytes. */
static void all(const char *dirs, const char *name, size_t len, char *out, size_t cap)
{
    char buf[64];
    struct path_search s;
    cr_assert(len <= sizeof(buf));
    out[0] = '\0';
    path_search_init(&s, dirs, name);
    while (path_search_next(&s, buf, len)) {
        cr_assert(strlen(out) + strlen(buf) + 2 <= cap);
        strcat(strcat(out, buf), "|");
    }
}

Test(path_search, each_entry_in_order_and_an_empty_one_is_the_current_folder, .timeout = 10)
{
    char out[256];
    all("/usr/bin::bin:/bin", "python3", 64, out, sizeof(out));
    cr_expect_str_eq(out, "/usr/bin/python3|./python3|bin/python3|/bin/python3|");
    all("", "x", 64, out, sizeof(out));
    cr_expect_str_eq(out, "./x|");
    all("/a:", "x", 64, out, sizeof(out));
    cr_expect_str_eq(out, "/a/x|./x|");
}

Test(path_search, an_entry_that_does_not_fit_is_skipped_not_cut, .timeout = 10)
{
    char out[256];
    /* "/long/dir/x" needs 12 bytes, "/b/x" 5, "./x" 4. */
    all("/long/dir:/b:", "x", 11, out, sizeof(out));
    cr_expect_str_eq(out, "/b/x|./x|");
    all("/long/dir", "x", 12, out, sizeof(out));
    cr_expect_str_eq(out, "/long/dir/x|");
    all("/b", "x", 4, out, sizeof(out));
    cr_expect_str_eq(out, "");
}
