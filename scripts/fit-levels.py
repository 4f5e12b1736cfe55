#!/usr/bin/env python3
"""Joint Elo fit of the strength levels (tooling only, not part of the library).

Reads results lines `A B wins draws losses` (from A's point of view), where A and B are either
a level (`L1` .. `L10`) or an anchor's fixed rating on the Stockfish `UCI_Elo` scale (a
number, e.g. `1800` for `stockfish:elo=1800`, or a Debian engine's rating from
`scripts/data/anchors.json`). Blank lines and `#` comments are ignored. Prints the
maximum-likelihood rating of every level (logistic Elo model, a draw counts half a point each
way) with a 95 % interval from the inverse of the Fisher information, so level-vs-level games
(which fix the gaps) and anchor games (which fix the scale) are used together. The fit itself
is `scripts/elofit.py`, shared with `scripts/ladder.py`.

    python3 scripts/fit-levels.py scripts/data/levels-78099ef.txt
"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import elofit  # noqa: E402


def parse(path):
    """(a, b, points for a, games); a/b: a level's name (`L3`) or a fixed rating."""
    games = []
    for line in open(path):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        a, b, w, d, l = line.split()
        side = [x if x.startswith("L") else float(x) for x in (a, b)]
        w, d, l = int(w), int(d), int(l)
        games.append((side[0], side[1], w + 0.5 * d, w + d + l))
    return games


def main():
    games = parse(sys.argv[1])
    levels = sorted({x for g in games for x in g[:2] if isinstance(x, str)}, key=lambda x: int(x[1:]))
    for name, r in elofit.fit(games, levels).items():
        note = "" if r.bounded else "\t(scored 0 % or 100 %: a bound, not an estimate)"
        print(f"{name}\t{r.elo:.0f}\t+/- {r.half:.0f}\t({r.games} games){note}")


if __name__ == "__main__":
    main()
