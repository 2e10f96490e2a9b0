/* doctorbot.c: bots with the mistakes that `referee doctor` must tell apart
 * from the checks they seem to break, for tests/test_doctor.c. Speaks
 * protocol/PROTOCOL.md and answers the first legal move, but:
 *
 *   doctorbot slowstart MS   sleeps MS ms as it starts
 *   doctorbot slowdebug MS   sleeps MS ms as it starts, then writes one debug
 *                            line, "debug: ready", to standard output
 *   doctorbot repeat         from its second turn on, writes its last move
 *                            again before its move (two lines a turn, the first
 *                            read as the reply)
 *   doctorbot positional     reads the turn line by position, as many
 *                            parsers do: the moves are the words from the 9th
 *   doctorbot unknown        answers "unknown command" to a line of a kind it
 *                            does not know, as a shell-like loop does
 *   doctorbot strictresult   exits with status 2 at a result line whose 5th
 *                            word is not "reason" (it reads it by position)
 *   doctorbot byname         none of these: reads keys by name, as it should
 *   doctorbot sliponce PATH  answers "z9" at its 3rd turn of the game with id 4,
 *                            the first time only (it then makes PATH)
 *
 * Every mode exits on quit or at the end of its input. */
#define _POSIX_C_SOURCE 200809L /* getline, strtok_r, nanosleep */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The first word after "legal" in a turn line, read by name. */
static const char *first_legal(char *line)
{
    char *save = NULL;
    for (char *w = strtok_r(line, " \r\n", &save); w; w = strtok_r(NULL, " \r\n", &save))
        if (strcmp(w, "legal") == 0)
            return strtok_r(NULL, " \r\n", &save);
    return NULL;
}

/* The 9th word of a turn line: "turn board B last L time T legal M...". */
static const char *ninth_word(char *line)
{
    char *save = NULL, *w = strtok_r(line, " \r\n", &save);
    for (int i = 1; w && i < 9; i++)
        w = strtok_r(NULL, " \r\n", &save);
    return w;
}

/* Whether the 5th word of a result line is "reason": "result 1-0 winner o reason ...". */
static bool is_reason_fifth(const char *line)
{
    char copy[512], *save = NULL, *w;
    snprintf(copy, sizeof(copy), "%s", line);
    w = strtok_r(copy, " \r\n", &save);
    for (int i = 1; w && i < 5; i++)
        w = strtok_r(NULL, " \r\n", &save);
    return w && strcmp(w, "reason") == 0;
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "";
    char *line = NULL, last[32] = "";
    size_t cap = 0;
    int turns = 0;
    bool game4 = false;

    setvbuf(stdout, NULL, _IOLBF, 0);
    if (strcmp(mode, "slowdebug") == 0 || strcmp(mode, "slowstart") == 0) {
        long ms = argc > 2 ? strtol(argv[2], NULL, 10) : 1500;
        struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
        nanosleep(&ts, NULL);
        if (strcmp(mode, "slowdebug") == 0)
            printf("debug: ready\n");
    }
    while (getline(&line, &cap, stdin) > 0) {
        if (strncmp(line, "quit", 4) == 0)
            break;
        if (strcmp(mode, "strictresult") == 0 && strncmp(line, "result ", 7) == 0 &&
            !is_reason_fifth(line))
            return 2;
        if (strncmp(line, "game ", 5) == 0) {
            turns = 0;
            game4 = strstr(line, " id 4\n") != NULL || strstr(line, " id 4 ") != NULL;
        }
        bool known = strncmp(line, "game ", 5) == 0 || strncmp(line, "result ", 7) == 0;
        if (strcmp(mode, "unknown") == 0 && !known && strncmp(line, "turn ", 5) != 0)
            printf("unknown command\n");
        if (strncmp(line, "turn ", 5) != 0)
            continue;
        const char *move = strcmp(mode, "positional") == 0 ? ninth_word(line) : first_legal(line);
        if (strcmp(mode, "sliponce") == 0 && game4 && ++turns == 3 && argc > 2) {
            FILE *mark = fopen(argv[2], "wx");
            if (mark) {
                fclose(mark);
                move = "z9";
            }
        }
        if (strcmp(mode, "repeat") == 0 && last[0])
            printf("%s\n", last);
        printf("%s\n", move ? move : "resign");
        snprintf(last, sizeof(last), "%s", move ? move : "");
    }
    free(line);
    return 0;
}
