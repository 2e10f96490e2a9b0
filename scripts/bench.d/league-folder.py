#!/usr/bin/env python3
"""A league folder of ENTRIES entries made from the games of a tournament, for
scripts/report-bench: what `referee report` reads of a league (league.csv,
bots.csv, roster.csv, games.csv, moves.csv), without playing a league of that
size (a league holds at most CONFIG_MAX_BOTS entries, and its picks grow with
the field). Each bot of the tournament is a kind (its name up to the first
digit: perfect1 and perfect2 are of kind perfect); the entries are split
evenly among the kinds, and each pair of games of a pairing (both colours, as
a league plays them) is given to two entries of the pairing's kinds, the one
of each kind that has played least first, a partner it has not met preferred.
Every game, its moves and its result are the tournament's own, renamed.

    league-folder.py RUN_DIR LEAGUE_DIR ENTRIES
"""
import csv
import os
import random
import re
import sys


def kind_of(bot):
    return re.sub(r"\d+$", "", bot)


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: league-folder.py RUN_DIR LEAGUE_DIR ENTRIES")
    src, dst, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
    rng = random.Random(1)
    with open(os.path.join(src, "games.csv"), newline="") as f:
        reader = csv.reader(f)
        head = next(reader)
        rows = list(reader)
    col = {name: i for i, name in enumerate(head)}
    kinds = sorted({kind_of(r[col["first"]]) for r in rows} | {kind_of(r[col["second"]]) for r in rows})
    entries = {k: [] for k in kinds}
    for i in range(n):
        entries[kinds[i % len(kinds)]].append("e%04d" % (i + 1))
    played = {e: 0 for k in kinds for e in entries[k]}
    met = set()

    def pick(kind, other=None):
        pool = [e for e in entries[kind] if e != other]
        least = min(played[e] for e in pool)
        fresh = [e for e in pool if played[e] == least and (other is None or (e, other) not in met)]
        return rng.choice(fresh or [e for e in pool if played[e] == least])

    # Games of one pairing two by two: the second the first with colours swapped.
    rename, i = {}, 0
    while i < len(rows):
        a, b = rows[i][col["first"]], rows[i][col["second"]]
        ea = pick(kind_of(a))
        eb = pick(kind_of(b), ea)
        met |= {(ea, eb), (eb, ea)}
        names = {a: ea, b: eb}
        span = 2 if i + 1 < len(rows) and {rows[i + 1][col["first"]], rows[i + 1][col["second"]]} == {a, b} else 1
        for r in rows[i:i + span]:
            rename[r[col["game_id"]]] = names
            for c in ("first", "second", "winner", "foul_by"):
                r[col[c]] = names.get(r[col[c]], r[col[c]])
            played[ea] += 1
            played[eb] += 1
        i += span

    os.makedirs(dst, exist_ok=True)
    quoted = dict(quoting=csv.QUOTE_ALL, lineterminator="\n")
    with open(os.path.join(dst, "games.csv"), "w", newline="") as f:
        w = csv.writer(f, **quoted)
        w.writerow(head)
        w.writerows(rows)
    with open(os.path.join(src, "moves.csv"), newline="") as fin, \
            open(os.path.join(dst, "moves.csv"), "w", newline="") as fout:
        reader, w = csv.reader(fin), csv.writer(fout, **quoted)
        mhead = next(reader)
        w.writerow(mhead)
        gid, bot = mhead.index("game_id"), mhead.index("bot")
        for m in reader:
            names = rename.get(m[gid], {})
            m[bot] = names.get(m[bot], m[bot])
            w.writerow(m)
    everyone = [e for k in kinds for e in entries[k]]
    everyone.sort()
    with open(os.path.join(dst, "league.csv"), "w", newline="") as f:
        w = csv.writer(f, **quoted)
        w.writerow(["game", "seed", "openings", "early_draw", "min_games", "lag"])
        w.writerow([rows[0][col["game"]], "1", "1", "1", "20", "8"])
    with open(os.path.join(dst, "bots.csv"), "w", newline="") as f:
        w = csv.writer(f, **quoted)
        w.writerow(["name", "command", "dir", "proto", "env", "retired"])
        for e in everyone:
            w.writerow([e, "bots/" + next(k for k in kinds if e in entries[k]), "", "", "", ""])
    with open(os.path.join(dst, "roster.csv"), "w", newline="") as f:
        w = csv.writer(f, **quoted)
        w.writerow(["game_id", "event", "name", "command", "files", "reason"])
        for e in everyone:
            w.writerow(["1", "entered", e, "bots/" + next(k for k in kinds if e in entries[k]), "", ""])
    games = sorted(played.values())
    print("%d entries, %d games, %d to %d games an entry" % (n, len(rows), games[0], games[-1]))


main()
