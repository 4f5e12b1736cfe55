#!/usr/bin/env python3
"""Measures `chesscore review` against a much deeper reference (docs/review.md).

A measuring tool, not project code: python-chess reads the PGNs and drives Stockfish 15.1
(pip install chess; apt-get install stockfish). Three steps:

    # 1. the reference: Stockfish at depth 18 on every position of every game (hours; resumable)
    nice -n 10 python3 scripts/review-quality.py reference docs/review-data/games.pgn \
        --depth 18 --out docs/review-data/reference-d18.jsonl
    # 2. our review of the same games (the annotated PGN `chesscore review` prints)
    nice -n 10 target/release/chesscore review --preset standard docs/review-data/games.pgn \
        > /tmp/review-standard.pgn
    # 3. precision and recall of our classes against the reference, classified the same way
    python3 scripts/review-quality.py compare docs/review-data/games.pgn \
        docs/review-data/reference-d18.jsonl /tmp/review-standard.pgn

Step 3 also checks that python-chess reads the annotated PGN: the same games, the same moves,
one [%eval] per move, only the NAGs $6/$2/$4.

The classification below repeats src/review/classify.rs on purpose (the same formula and
thresholds, written again here so that the reference does not depend on the code under test).
"""
import argparse
import contextlib
import json
import math
import re
import sys
from collections import Counter
from pathlib import Path

import chess
import chess.engine
import chess.pgn

# --- the review's definitions (src/review/classify.rs) ---------------------------------------
WIN_K = 0.00368208          # lichess's Win% logistic (lichess.org/page/accuracy)
CP_CAP = 1000               # centipawns are clamped to this before the logistic
THRESHOLDS = [              # expected-points loss, in Win% points (chess.com's published scale)
    (20.0, "blunder"),
    (10.0, "mistake"),
    (5.0, "inaccuracy"),
    (2.0, "good"),
    (0.0, "excellent"),
]
NAG_CLASS = {6: "inaccuracy", 2: "mistake", 4: "blunder"}


def win_percent(score):
    """Win% (0-100) of the side the score belongs to; score = ("cp", n) or ("mate", n)."""
    kind, n = score
    if kind == "mate":
        return 100.0 if n > 0 else 0.0
    cp = max(-CP_CAP, min(CP_CAP, n))
    return 50.0 + 50.0 * (2.0 / (1.0 + math.exp(-WIN_K * cp)) - 1.0)


def classify_loss(loss):
    for limit, name in THRESHOLDS:
        if loss > limit:
            return name
    return "best"


def negate(score):
    kind, n = score
    return (kind, -n)


# --- step 1: the reference -------------------------------------------------------------------
def read_games(path):
    games = []
    with open(path) as f:
        while True:
            g = chess.pgn.read_game(f)
            if g is None:
                break
            games.append(g)
    return games


def score_of(pov_score):
    """(kind, n) from the side to move's view, for a python-chess PovScore."""
    s = pov_score.relative
    if s.is_mate():
        return ("mate", s.mate())
    return ("cp", s.score())


def terminal_score(board):
    """The score of a position the review does not search: mate, or a draw by the rules (or
    claimable in the position itself: threefold repetition, fifty moves)."""
    if board.is_checkmate():
        return ("mate", 0)  # the side to move is mated
    if (board.is_stalemate() or board.is_insufficient_material() or board.is_repetition(3)
            or board.is_fifty_moves()):
        return ("cp", 0)
    return None


@contextlib.contextmanager
def stockfish(args):
    """Stockfish as the measurements use it (one thread, `--hash` MB), quit however the block
    ends."""
    engine = chess.engine.SimpleEngine.popen_uci(args.stockfish)
    try:
        engine.configure({"Threads": 1, "Hash": args.hash})
        yield engine
    finally:
        engine.quit()


def reference(args):
    games = read_games(args.pgn)
    out = Path(args.out)
    done = set()
    if out.exists():
        for line in out.read_text().splitlines():
            r = json.loads(line)
            done.add((r["game"], r["ply"]))
    with stockfish(args) as engine, out.open("a") as f:
        for gi, game in enumerate(games):
            board = game.board()
            moves = list(game.mainline_moves())
            for ply in range(len(moves) + 1):
                if (gi, ply) not in done:
                    rec = {"game": gi, "ply": ply, "fen": board.fen()}
                    term = terminal_score(board)
                    if term is not None:
                        rec["score"] = list(term)
                        rec["best"] = None
                    else:
                        info = None
                        if args.decided_cp:
                            # A position already decided at a shallow depth keeps that
                            # score: Win% is flat beyond +-CP_CAP, so depth 18 could
                            # change no class there.
                            quick = engine.analyse(board, chess.engine.Limit(depth=args.decided_depth),
                                                   game=gi)
                            s = score_of(quick["score"])
                            if s[0] == "mate" or abs(s[1]) >= args.decided_cp:
                                info = quick
                                rec["decided"] = True
                        if info is None:
                            info = engine.analyse(board, chess.engine.Limit(depth=args.depth),
                                                  game=gi)
                        rec["score"] = list(score_of(info["score"]))
                        pv = info.get("pv", [])
                        rec["best"] = pv[0].uci() if pv else None
                        rec["pv"] = [m.uci() for m in pv[:8]]
                        rec["depth"] = info.get("depth")
                    print(json.dumps(rec), file=f, flush=True)
                if ply < len(moves):
                    board.push(moves[ply])
            print(f"reference: game {gi + 1}/{len(games)} done", file=sys.stderr, flush=True)


# --- step 3: compare -------------------------------------------------------------------------
def reference_classes(games, ref_path):
    ref = {}
    for line in Path(ref_path).read_text().splitlines():
        r = json.loads(line)
        ref[(r["game"], r["ply"])] = r
    classes = {}
    for gi, game in enumerate(games):
        moves = list(game.mainline_moves())
        for ply, move in enumerate(moves):
            before, after = ref.get((gi, ply)), ref.get((gi, ply + 1))
            if before is None or after is None:
                continue
            if before.get("best") == move.uci():
                classes[(gi, ply)] = "best"
                continue
            w_before = win_percent(tuple(before["score"]))
            if tuple(after["score"]) == ("mate", 0):
                w_after = 100.0  # the move mated: ("mate", 0) is the mated side's score
            else:
                w_after = win_percent(negate(tuple(after["score"])))
            classes[(gi, ply)] = classify_loss(max(0.0, w_before - w_after))
    return classes


def our_classes(games, review_path):
    """Our classes from the annotated PGN, read back by python-chess (checks that it can)."""
    ours = {}
    with open(review_path) as f:
        reviewed = []
        while True:
            g = chess.pgn.read_game(f)
            if g is None:
                break
            if g.errors:
                raise SystemExit(f"python-chess found errors in game {len(reviewed) + 1}: {g.errors}")
            reviewed.append(g)
    if len(reviewed) > len(games):
        reviewed = reviewed[:len(games)]
    if len(reviewed) != len(games):
        raise SystemExit(f"{len(reviewed)} reviewed games for {len(games)} games")
    eval_re = re.compile(r"\[%eval (#-?\d+|-?\d+\.\d+)\]")
    for gi, (game, rev) in enumerate(zip(games, reviewed)):
        a = [m.uci() for m in game.mainline_moves()]
        b = [m.uci() for m in rev.mainline_moves()]
        if a != b:
            raise SystemExit(f"game {gi + 1}: the review's moves differ from the game's")
        for ply, node in enumerate(rev.mainline()):
            if node.board().is_checkmate():
                pass  # a mating move carries no eval: the result says it
            elif not eval_re.search(node.comment):
                raise SystemExit(f"game {gi + 1} ply {ply + 1}: no [%eval] in {node.comment!r}")
            elif node.eval() is None:
                raise SystemExit(f"game {gi + 1} ply {ply + 1}: python-chess reads no eval")
            bad = [n for n in node.nags if n not in NAG_CLASS]
            if bad:
                raise SystemExit(f"game {gi + 1} ply {ply + 1}: unexpected NAGs {bad}")
            marks = [NAG_CLASS[n] for n in node.nags]
            ours[(gi, ply)] = marks[0] if marks else "ok"
    return ours


def precision_recall(ours, ref, cls, at_least=False):
    order = ["ok", "inaccuracy", "mistake", "blunder"]

    def norm(c):
        return c if c in order else "ok"

    def hit(c):
        c = norm(c)
        return order.index(c) >= order.index(cls) if at_least else c == cls
    keys = [k for k in ref if k in ours]
    tp = sum(1 for k in keys if hit(ours[k]) and hit(ref[k]))
    fp = sum(1 for k in keys if hit(ours[k]) and not hit(ref[k]))
    fn = sum(1 for k in keys if not hit(ours[k]) and hit(ref[k]))
    p = tp / (tp + fp) if tp + fp else float("nan")
    r = tp / (tp + fn) if tp + fn else float("nan")
    return tp, fp, fn, p, r


def games_of(args):
    """The games of `args.pgn`, only the first `--first` when given."""
    games = read_games(args.pgn)
    return games[:args.first] if args.first else games


def print_precision_recall(ours, ref, kinds):
    """One line per (class, at_least) of `kinds`: precision and recall of `ours` against `ref`."""
    for cls, at_least in kinds:
        tp, fp, fn, p, r = precision_recall(ours, ref, cls, at_least)
        name = cls + (" or worse" if at_least else "")
        print(f"{name:<18} precision {100 * p:5.1f} %  recall {100 * r:5.1f} %  (tp {tp}, fp {fp}, fn {fn})")


def compare(args):
    games = games_of(args)
    ref = reference_classes(games, args.reference)
    ours = our_classes(games, args.review)
    print(f"moves compared: {sum(1 for k in ref if k in ours)} in {len(games)} games")
    print("reference classes: " + ", ".join(f"{c} {n}" for c, n in sorted(Counter(ref.values()).items())))
    print("our marks:         " + ", ".join(f"{c} {n}" for c, n in sorted(Counter(ours.values()).items())))
    print_precision_recall(ours, ref, (("blunder", False), ("mistake", False), ("mistake", True),
                                       ("inaccuracy", False)))
    if args.confusion:
        order = ["best", "excellent", "good", "ok", "inaccuracy", "mistake", "blunder"]
        table = Counter((ref[k], ours[k]) for k in ref if k in ours)
        print("reference \\ ours   ok  inacc mistake blunder")
        for rc in order:
            row = [table[(rc, oc)] for oc in ("ok", "inaccuracy", "mistake", "blunder")]
            if sum(row):
                print(f"{rc:<16} " + " ".join(f"{n:6d}" for n in row))
    if args.list:
        for k in sorted(ref):
            if k in ours and (ours[k] in ("blunder", "mistake") or ref[k] in ("blunder", "mistake")) \
                    and (ours[k] != ref[k]):
                print(f"game {k[0] + 1} ply {k[1] + 1}: ours {ours[k]}, reference {ref[k]}")


# --- calibration: chesscore's centipawns against Stockfish's ---------------------------------
def calibrate(args):
    """Stockfish's score of every other position of a reviewed PGN, beside chesscore's [%eval]
    there; then the map of chesscore's centipawns onto the logistic's scale that best fits Win%
    (least squares): one factor, and a factor up to a knee with another beyond (the one used)."""
    out = Path(args.out)
    if not out.exists():
        with stockfish(args) as engine, open(args.review) as f, out.open("w") as o:
            gi = 0
            while True:
                g = chess.pgn.read_game(f)
                if g is None:
                    break
                for ply, node in enumerate(g.mainline()):
                    e = node.eval()
                    board = node.board()
                    if ply % 2 or e is None or e.white().is_mate() or board.is_game_over():
                        continue
                    s = engine.analyse(board, chess.engine.Limit(depth=args.depth))["score"].white()
                    rec = {"game": gi, "ply": ply, "ours": e.white().score(),
                           "sf": "mate" if s.is_mate() else s.score(), "sf_mate": s.mate()}
                    print(json.dumps(rec), file=o, flush=True)
                gi += 1
    pairs = []
    for line in out.read_text().splitlines():
        r = json.loads(line)
        sf = r["sf"] if r["sf"] != "mate" else (10 ** 4 if r["sf_mate"] > 0 else -10 ** 4)
        pairs.append((r["ours"], sf))
    def fit_error(f):
        return sum((win_percent(("cp", f(x))) - win_percent(("cp", y))) ** 2 for x, y in pairs)

    def rms(err):
        return math.sqrt(err / len(pairs))

    err, k = min((fit_error(lambda x, k=k: k * x), k) for k in (i / 100 for i in range(50, 251)))
    print(f"{len(pairs)} positions: one factor: chesscore's centipawns x {k:.2f} "
          f"(rms {rms(err):.2f} Win% points)")

    def knee_map(scale, knee, beyond):
        def f(x):
            m = abs(x)
            y = scale * m if m <= knee else scale * knee + beyond * (m - knee)
            return math.copysign(y, x)
        return f
    fits = []
    for scale in (i / 100 for i in range(100, 181, 5)):
        for knee in range(150, 801, 50):
            for beyond in (i / 10 for i in range(0, 13)):
                fits.append((fit_error(knee_map(scale, knee, beyond)), scale, knee, beyond))
    err, scale, knee, beyond = min(fits)
    print(f"piecewise: x {scale:.2f} up to {knee} cp, then x {beyond:.1f} per cp beyond "
          f"(rms {rms(err):.2f} Win% points)")


def compare_references(args):
    """Classes from a shallower Stockfish reference against the deep one: what an analysis of
    that depth can reach on these games."""
    games = games_of(args)
    deep = reference_classes(games, args.reference)
    shallow = reference_classes(games, args.other)
    print(f"moves compared: {sum(1 for k in deep if k in shallow)} in {len(games)} games")
    print_precision_recall(shallow, deep, (("blunder", False), ("mistake", False), ("mistake", True)))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("reference", help="Stockfish analysis of every position")
    r.add_argument("pgn")
    r.add_argument("--out", required=True)
    r.add_argument("--depth", type=int, default=18)
    r.add_argument("--hash", type=int, default=64)
    r.add_argument("--decided-cp", type=int, default=1500,
                   help="keep a shallow score at or beyond this many centipawns (0: off)")
    r.add_argument("--decided-depth", type=int, default=10)
    r.add_argument("--stockfish", default="/usr/games/stockfish")
    r.set_defaults(func=reference)
    c = sub.add_parser("compare", help="precision and recall of the review's classes")
    c.add_argument("pgn")
    c.add_argument("reference")
    c.add_argument("review", help="the annotated PGN printed by `chesscore review`")
    c.add_argument("--first", type=int, help="only the first N games (the reference so far)")
    c.add_argument("--confusion", action="store_true")
    c.add_argument("--list", action="store_true", help="list the disagreements")
    c.set_defaults(func=compare)
    k = sub.add_parser("calibrate", help="fit chesscore's centipawns to Stockfish's Win%")
    k.add_argument("review", help="an annotated PGN printed by `chesscore review`")
    k.add_argument("--out", required=True, help="Stockfish's scores (kept; reused if present)")
    k.add_argument("--depth", type=int, default=16)
    k.add_argument("--hash", type=int, default=64)
    k.add_argument("--stockfish", default="/usr/games/stockfish")
    k.set_defaults(func=calibrate)
    x = sub.add_parser("compare-references",
                       help="a shallower Stockfish reference's classes against the deep one")
    x.add_argument("pgn")
    x.add_argument("reference", help="the deep reference")
    x.add_argument("other", help="the shallower reference (same games)")
    x.add_argument("--first", type=int)
    x.set_defaults(func=compare_references)
    args = ap.parse_args()
    args.func(args)


if __name__ == "__main__":
    main()
