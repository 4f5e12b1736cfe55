#!/usr/bin/env python3
"""Joint Elo fit of the strength levels (tooling only, not part of the library).

Reads results lines `A B wins draws losses` (from A's point of view), where A and B are either
a level (`L1` .. `L10`) or an anchor's fixed rating on the Stockfish `UCI_Elo` scale (a
number, e.g. `1800` for `stockfish:elo=1800`, `2156` for glaurung as rated in the match
tools' anchors.json). Blank lines and `#` comments are ignored. Prints the maximum-likelihood
rating of every level (logistic Elo model, a draw counts half a point each way) with a 95 %
interval from the inverse of the Fisher information, so level-vs-level games (which fix the
gaps) and anchor games (which fix the scale) are used together.

    python3 scripts/fit-levels.py results.txt
"""
import math
import sys

K = math.log(10) / 400.0


def expected(ra, rb):
    return 1.0 / (1.0 + 10 ** ((rb - ra) / 400.0))


def parse(path):
    games = []  # (a, b, points for a, games); a/b: level index or float rating
    for line in open(path):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        a, b, w, d, l = line.split()
        side = [int(x[1:]) if x.startswith("L") else float(x) for x in (a, b)]
        w, d, l = int(w), int(d), int(l)
        games.append((side[0], side[1], w + 0.5 * d, w + d + l))
    return games


def solve(matrix, vector):
    """Gaussian elimination with partial pivoting (the systems here are 10 x 10)."""
    n = len(vector)
    m = [row[:] + [vector[i]] for i, row in enumerate(matrix)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c and m[c][c] != 0:
                f = m[r][c] / m[c][c]
                for k in range(c, n + 1):
                    m[r][k] -= f * m[c][k]
    return [m[i][n] / m[i][i] for i in range(n)]


def main():
    games = parse(sys.argv[1])
    levels = sorted({x for g in games for x in g[:2] if isinstance(x, int)})
    index = {lv: i for i, lv in enumerate(levels)}
    rating = [1500.0 for _ in levels]

    def value(x):
        return rating[index[x]] if isinstance(x, int) else x

    def gradient_and_information():
        n = len(levels)
        grad = [0.0] * n
        info = [[0.0] * n for _ in range(n)]
        for a, b, pts, cnt in games:
            e = expected(value(a), value(b))
            g = K * (pts - cnt * e)
            h = cnt * e * (1 - e) * K * K
            for x, sign in ((a, 1.0), (b, -1.0)):
                if isinstance(x, int):
                    grad[index[x]] += sign * g
            for x, sx in ((a, 1.0), (b, -1.0)):
                for y, sy in ((a, 1.0), (b, -1.0)):
                    if isinstance(x, int) and isinstance(y, int):
                        info[index[x]][index[y]] += sx * sy * h
        return grad, info

    # Newton's method on the log-likelihood; a level with a perfect score against everything
    # has no finite maximum, so steps are capped and the result is flagged by its interval.
    for _ in range(100):
        grad, info = gradient_and_information()
        step = solve(info, grad)
        for i, s in enumerate(step):
            rating[i] += max(-200.0, min(200.0, s))
        if max(abs(s) for s in step) < 0.01:
            break
    _, info = gradient_and_information()
    n = len(levels)
    for i, lv in enumerate(levels):
        unit = [1.0 if j == i else 0.0 for j in range(n)]
        var = solve(info, unit)[i]
        half = 1.96 * math.sqrt(var) if var > 0 else float("inf")
        played = sum(g[3] for g in games if lv in (g[0], g[1]))
        print(f"L{lv}\t{rating[i]:.0f}\t+/- {half:.0f}\t({played} games)")


if __name__ == "__main__":
    main()
