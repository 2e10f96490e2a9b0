/* test_codemap.c: referee/README.md's code map against the tree: every .c under
 * referee/ named in it, and every .c it names there. Names, not a list, so a
 * file moved or added only asks for the README's text to follow. */
#define _XOPEN_SOURCE 700
#include <criterion/criterion.h>
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
