#!/usr/bin/env python3
"""A random bot: answers each turn with a random legal move, in any game.
Speaks protocol/PROTOCOL.md. Usage: random.py [seed]"""
import sys

del sys.path[0]  # Python puts this file's folder first: `import random` would import this file
import random

seed = sys.argv[1] if len(sys.argv) > 1 else None
random.seed(seed)
for line in sys.stdin:
    words = line.split()
    if words[:1] == ["game"] and seed is not None and "seed" in words[:-1]:
        # Seeded per game: the same game plays the same in any process.
        random.seed(f"{seed}:{words[words.index('seed') + 1]}")
    elif words[:1] == ["turn"]:
        legal = words[words.index("legal") + 1 :]
        print(random.choice(legal), flush=True)
    elif words[:1] == ["quit"]:
        break
