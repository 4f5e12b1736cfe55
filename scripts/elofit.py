"""Maximum-likelihood Elo ratings from game results (tooling only, not part of the library).

One implementation for `scripts/ladder.py` (one engine against fixed anchors) and
`scripts/fit-levels.py` (all strength levels at once, from anchor games and level-vs-level
games). The model is the logistic Elo curve: a player rated `ra` scores
1 / (1 + 10^((rb - ra) / 400)) against one rated `rb`, a draw counting half a point each way.
Anchors are numbers (their rating, held fixed); players to be rated are names. The 95 %
interval of a rating comes from the inverse of the Fisher information, so it takes the other
fitted ratings' uncertainty into account and the anchors' as zero.
"""
import math
from dataclasses import dataclass

K = math.log(10) / 400.0
MAX_STEP = 200.0  # Elo per Newton step: keeps a player with a perfect score from running away
SINGULAR = 1e-15  # a pivot below this ends the iteration (an information of 1e-5 per game is usual)


@dataclass
class Rating:
    """A fitted rating: the maximum-likelihood value and the half-width of its 95 % interval."""
    elo: float
    half: float
    games: int
    points: float
    # False when the player scored 0 % or 100 % of its games: the likelihood then has no finite
    # maximum and `elo` is only where the capped Newton steps stopped (a bound, not an estimate).
    bounded: bool


def expected(ra, rb):
    """The expected score of a player rated `ra` against one rated `rb`."""
    return 1.0 / (1.0 + 10 ** ((rb - ra) / 400.0))


def solve(matrix, vector):
    """Gaussian elimination with partial pivoting (the systems here are at most 10 x 10).
    None when the matrix is (numerically) singular: a player with a perfect score whose rating
    has run so far that its games carry no information any more."""
    n = len(vector)
    m = [row[:] + [vector[i]] for i, row in enumerate(matrix)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        if abs(m[c][c]) < SINGULAR:
            return None
        for r in range(n):
            if r != c and m[c][c] != 0:
                f = m[r][c] / m[c][c]
                for k in range(c, n + 1):
                    m[r][k] -= f * m[c][k]
    return [m[i][n] / m[i][i] for i in range(n)]


def fit(results, players=None, start=1500.0, iterations=100):
    """Fits the ratings of the named players.

    `results`: (a, b, points of a, games) tuples, a and b each either a player's name (a str,
    rated by the fit) or a number (an anchor's fixed rating). `players`: the names in the
    order wanted (default: sorted). Returns {name: Rating}.
    """
    results = [(a, b, float(p), int(n)) for a, b, p, n in results if n > 0]
    if players is None:
        players = sorted({x for r in results for x in r[:2] if isinstance(x, str)})
    index = {name: i for i, name in enumerate(players)}
    rating = [float(start) for _ in players]

    def value(x):
        return rating[index[x]] if isinstance(x, str) else float(x)

    def gradient_and_information():
        n = len(players)
        grad = [0.0] * n
        info = [[0.0] * n for _ in range(n)]
        for a, b, pts, cnt in results:
            e = expected(value(a), value(b))
            g = K * (pts - cnt * e)
            h = cnt * e * (1 - e) * K * K
            for x, sign in ((a, 1.0), (b, -1.0)):
                if isinstance(x, str):
                    grad[index[x]] += sign * g
            for x, sx in ((a, 1.0), (b, -1.0)):
                for y, sy in ((a, 1.0), (b, -1.0)):
                    if isinstance(x, str) and isinstance(y, str):
                        info[index[x]][index[y]] += sx * sy * h
        return grad, info

    # Newton's method on the log-likelihood, steps capped at MAX_STEP.
    for _ in range(iterations):
        grad, info = gradient_and_information()
        step = solve(info, grad)
        if step is None:
            break
        for i, s in enumerate(step):
            rating[i] += max(-MAX_STEP, min(MAX_STEP, s))
        if max(abs(s) for s in step) < 0.01:
            break
    _, info = gradient_and_information()
    out = {}
    for i, name in enumerate(players):
        unit = [1.0 if j == i else 0.0 for j in range(len(players))]
        var = solve(info, unit)
        half = 1.96 * math.sqrt(var[i]) if var is not None and var[i] > 0 else math.inf
        games = points = 0
        for a, b, pts, cnt in results:
            if a == name:
                games, points = games + cnt, points + pts
            elif b == name:
                games, points = games + cnt, points + cnt - pts
        out[name] = Rating(rating[i], half, games, points, 0 < points < games)
    return out
