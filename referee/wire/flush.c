/* flush.c: how a bot flushes a line, by the language its command names. */
#include "flush.h"

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

/* PROTOCOL.md's table, by interpreter and file extension. */
static const struct flush_line {
    const char *names; /* interpreters and file extensions, space-separated */
    const char *how;
} flush_lines[] = {
    {"python python3 python2 pypy3 .py", "Python: print(move, flush=True), or run python3 -u"},
    {"node nodejs deno bun .js .mjs",
     "JavaScript: console.log(move) flushes; process.stdout.write too"},
    {"perl .pl", "Perl: $| = 1; at the start"},
    {"awk gawk mawk nawk .awk", "awk: print move; fflush()"},
    {"ruby .rb", "Ruby: $stdout.sync = true at the start"},
    {"lua lua5.1 lua5.3 lua5.4 luajit .lua", "Lua: io.write(move, \"\\n\"); io.stdout:flush()"},
    {"java .jar .class", "Java: System.out.println(move); System.out.flush();"},
    {"sh bash dash zsh ksh .sh",
     "shell: echo and printf flush; a filter in a pipe may not (stdbuf -oL)"},
};

/* Whether path's last name is one of names, or ends with one of its
 * extensions. */
static bool is_named(const char *names, const char *path)
{
    const char *word = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    size_t n = strlen(word);
    for (const char *p = names; *p;) {
        size_t k = strcspn(p, " ");
        if (p[0] == '.' ? n > k && strncmp(word + n - k, p, k) == 0
                        : n == k && strncmp(word, p, k) == 0)
            return true;
        p += k;
        p += *p == ' ';
    }
    return false;
}

const char *flush_hint(char *const *argv)
{
    const char *how = "C: fflush(stdout) after each line, or setvbuf(stdout, NULL, _IOLBF, 0); "
                      "C++: std::cout << move << std::endl; Rust: io::stdout().flush(); "
                      "Go: w.Flush() on a bufio.Writer";
    /* The script an interpreter runs (the second word) says more than the
     * interpreter: `sh run.py` is Python. */
    for (int w = 0; w < 2 && argv[w]; w++)
        for (size_t i = 0; i < sizeof(flush_lines) / sizeof(flush_lines[0]); i++)
            if (is_named(flush_lines[i].names, argv[w]))
                how = flush_lines[i].how;
    return how;
}
