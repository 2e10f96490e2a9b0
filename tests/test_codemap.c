/* test_codemap.c: the maps of the tree against the tree: every .c under
 * referee/ named in referee/README.md and every .c it names a file; every
 * suite a row of tests/README.md and every row a suite. Names, not a list, so
 * a file moved or added only asks for the README's text to follow. */
#define _XOPEN_SOURCE 700
#include <criterion/criterion.h>
#include <dirent.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_FILES 512
#define NAME_CAP  128

struct names {
    char at[MAX_FILES][NAME_CAP];
    size_t count;
};

/* The .c files under referee/, as paths below it: "main.c", "util/path.c". */
static struct names tree;

static void names_add(struct names *set, const char *name)
{
    cr_assert_lt(set->count, MAX_FILES, "more than %d names", MAX_FILES);
    cr_assert_lt(strlen(name), NAME_CAP, "name too long: %s", name);
    strcpy(set->at[set->count++], name);
}

static bool names_has(const struct names *set, const char *name)
{
    for (size_t i = 0; i < set->count; i++)
        if (strcmp(set->at[i], name) == 0)
            return true;
    return false;
}

static int collect(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
    (void)st;
    (void)ftw;
    size_t len = strlen(path), root = strlen(SOURCE_DIR "/referee/");
    if (type == FTW_F && len > 2 && strcmp(path + len - 2, ".c") == 0)
        names_add(&tree, path + root);
    return 0;
}

/* A row whose first cell is a folder in bold (util/, with its slash) opens that
 * folder's rows: the bare names below it are its files. */
static bool is_folder_heading(const char *line, char *folder, size_t cap)
{
    if (strncmp(line, "| **", 4) != 0)
        return false;
    const char *end = strstr(line + 4, "/**");
    if (!end || (size_t)(end - (line + 4)) + 2 > cap)
        return false;
    snprintf(folder, cap, "%.*s/", (int)(end - (line + 4)), line + 4);
    return true;
}

/* Each `name.c` in the line, as a path below referee/: a name with a folder
 * (`run/seat_person.c`) as it is, a bare one in the folder of its rows. */
static void collect_line(struct names *named, const char *line, const char *folder)
{
    const char *at = line;
    while ((at = strchr(at, '`')) != NULL) {
        const char *end = strchr(at + 1, '`');
        if (!end)
            return;
        size_t len = (size_t)(end - at - 1);
        if (len > 2 && strncmp(end - 2, ".c", 2) == 0) {
            char path[NAME_CAP * 2];
            snprintf(path, sizeof(path), "%s%.*s", memchr(at + 1, '/', len) ? "" : folder, (int)len,
                     at + 1);
            if (!names_has(named, path))
                names_add(named, path);
        }
        at = end + 1;
    }
}

static void read_map(struct names *named)
{
    FILE *f = fopen(SOURCE_DIR "/referee/README.md", "r");
    cr_assert_not_null(f, "cannot open referee/README.md");
    char line[8192], folder[NAME_CAP] = "";
    while (fgets(line, sizeof(line), f)) {
        if (!is_folder_heading(line, folder, sizeof(folder)))
            collect_line(named, line, folder);
    }
    fclose(f);
}

Test(codemap, every_c_file_under_referee_is_named_in_its_folders_rows)
{
    static struct names named;
    cr_assert_eq(nftw(SOURCE_DIR "/referee", collect, 16, FTW_PHYS), 0);
    cr_assert_gt(tree.count, 0);
    read_map(&named);
    for (size_t i = 0; i < tree.count; i++)
        cr_expect(names_has(&named, tree.at[i]),
                  "referee/%s is not named in referee/README.md (under its folder's rows)",
                  tree.at[i]);
}

Test(codemap, every_c_file_the_map_names_exists)
{
    static struct names named;
    cr_assert_eq(nftw(SOURCE_DIR "/referee", collect, 16, FTW_PHYS), 0);
    read_map(&named);
    cr_assert_gt(named.count, 0);
    for (size_t i = 0; i < named.count; i++)
        cr_expect(names_has(&tree, named.at[i]),
                  "referee/README.md names %s, which is not a file under referee/", named.at[i]);
}

/* The suites: tests/test_*.c, as "test_name". */
static void read_suites(struct names *suites)
{
    DIR *dir = opendir(SOURCE_DIR "/tests");
    cr_assert_not_null(dir);
    struct dirent *e;
    while ((e = readdir(dir)) != NULL) {
        size_t len = strlen(e->d_name);
        if (strncmp(e->d_name, "test_", 5) != 0 || strcmp(e->d_name + len - 2, ".c") != 0)
            continue;
        char name[NAME_CAP];
        snprintf(name, sizeof(name), "%.*s", (int)(len - 2), e->d_name);
        names_add(suites, name);
    }
    closedir(dir);
}

/* The rows of tests/README.md's table: lines that open with a suite's name. */
static void read_suite_rows(struct names *rows)
{
    FILE *f = fopen(SOURCE_DIR "/tests/README.md", "r");
    cr_assert_not_null(f, "cannot open tests/README.md");
    char line[8192];
    while (fgets(line, sizeof(line), f)) {
        const char *end = strncmp(line, "| `test_", 8) == 0 ? strchr(line + 3, '`') : NULL;
        if (end) {
            char name[NAME_CAP];
            snprintf(name, sizeof(name), "%.*s", (int)(end - line - 3), line + 3);
            names_add(rows, name);
        }
    }
    fclose(f);
}

Test(codemap, every_suite_has_one_row_in_tests_readme_and_every_row_a_suite)
{
    static struct names suites, rows;
    read_suites(&suites);
    read_suite_rows(&rows);
    cr_assert_gt(suites.count, 0);
    for (size_t i = 0; i < suites.count; i++)
        cr_expect(names_has(&rows, suites.at[i]), "tests/%s.c has no row in tests/README.md",
                  suites.at[i]);
    for (size_t i = 0; i < rows.count; i++)
        cr_expect(names_has(&suites, rows.at[i]),
                  "tests/README.md has a row for %s, which is not a suite", rows.at[i]);
}
