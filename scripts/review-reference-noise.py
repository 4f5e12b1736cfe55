#!/usr/bin/env python3
"""How much of the review's measured error is noise in the depth-18 reference (docs/review.md).

`scripts/review-quality.py compare` scores `chesscore review` against Stockfish at depth 18. A
move whose depth-18 loss sits near a class threshold can change class at a deeper search, so
part of what that comparison counts as our false or missed blunders may be the reference's.
This script re-analyses the disputed moves at depth 22 and compares again against a "mixed"
reference: the depth-22 class where it was computed, the depth-18 class everywhere else.

A measuring tool, not project code: python-chess reads the PGNs and drives Stockfish 15.1
(pip install chess; apt-get install stockfish). The games are fixed, 82 in two sets (the
report shows games.pgn's two ranges apart):

    careless   docs/review-data/careless.pgn, games 1-40, with careless-d18.jsonl
    games      docs/review-data/games.pgn, games 1-21 and 26-46, with reference-d18.jsonl

Our review PGNs are not committed; make them with `chesscore review` and name each with
`--review SET:PATH[:FIRST]` (FIRST: the game number in SET's PGN of the review's first game,
default 1; a review may hold more games than the sets use). For example:

    cargo build --release
    nice -n 10 target/release/chesscore review --preset standard \
        docs/review-data/careless.pgn > /tmp/careless-review.pgn
    nice -n 10 target/release/chesscore review --preset standard \
        docs/review-data/games.pgn > /tmp/games-review.pgn        # or only the games used
    R="--review careless:/tmp/careless-review.pgn --review games:/tmp/games-review.pgn"

    # 1. the selection (optional: analyse and report recompute it; it is deterministic)
    python3 scripts/review-reference-noise.py select $R --out /tmp/selection.jsonl
    # 2. Stockfish at depth 22 on both positions of every selected move (about 30 min of CPU
    #    for 687 positions; resumable: positions already in the file are skipped)
    nice -n 10 python3 scripts/review-reference-noise.py analyse $R \
        --out docs/review-data/disputed-d22.jsonl
    # 3. the figures: blunder verdicts at depth 22, precision / recall against the mixed
    #    reference, the random sample, the moves whose verdict depth 22 overturns
    python3 scripts/review-reference-noise.py report $R docs/review-data/disputed-d22.jsonl

The selection: every move with a depth-18 loss above 14 Win% points or that we call a blunder
(a blunder is a loss above 20), and a random sample (`random.seed(1)`, 80 moves) of the moves
with a depth-18 loss in [5, 14] that we don't call blunders, to estimate what the selection
misses. A move's loss needs the positions before and after it, so each selected move costs two
positions (shared ones are searched once).

disputed-d22.jsonl holds one record per position: set, game (0-based in the set's PGN, as in
the depth-18 files), ply (0-based; the position after `ply` half-moves), fen, score (the side
to move's, ["cp", n] or ["mate", n]), best, pv (8 moves), depth, nodes, cpu and wall (seconds).
`report` checks each record's FEN against the game. One thread and a cleared hash for every
position make a search repeat exactly (the same score, PV and nodes) with the same Stockfish.

The selection depends on our review: after a change to the review, `analyse` searches only the
positions it newly selects (the records already in the file are kept), and `report` gives the
figures for the new review.
"""
import argparse
import importlib.util
import json
import math
import os
import random
import sys
import time
from collections import Counter
from pathlib import Path

import chess
import chess.engine
import chess.pgn

# The classification (Win%, thresholds, the reference's classes, our marks read back from the
# annotated PGN) is review-quality.py's, imported rather than repeated so that both scripts
# classify the same way. Its name has a hyphen, hence the import by path.
_spec = importlib.util.spec_from_file_location(
    "review_quality", Path(__file__).resolve().parent / "review-quality.py")
rq = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(rq)

DATA = Path(__file__).resolve().parent.parent / "docs" / "review-data"
# set: (games PGN, depth-18 reference, the 1-based game ranges used). The games of games.pgn
# 22-25 and 47-60 are left out: the measurements in docs/review.md used these 82 games.
SETS = {
    "careless": ("careless.pgn", "careless-d18.jsonl", [(1, 40)]),
    "games": ("games.pgn", "reference-d18.jsonl", [(1, 21), (26, 46)]),
}
# The groups the report prints, each a set and a range of 1-based game numbers.
SCOPES = [("careless 1-40", "careless", 1, 40), ("games 1-21", "games", 1, 21),
          ("games 26-46", "games", 26, 46)]
SELECT_LOSS = 14.0                  # select moves with a depth-18 loss above this ...
SAMPLE_RANGE = (5.0, 14.0)          # ... and sample among those with a loss in this range
SAMPLE_SIZE, SAMPLE_SEED = 80, 1


# --- the moves and their classes -------------------------------------------------------------
def move_loss(before, after, move_uci):
    """(loss, class) of a move from the records of the positions before and after it. The same
    computation as rq.reference_classes (which gives only the class): Win% before, from the
    mover's view, minus Win% after; a mating move loses nothing; the reference's best move is
    "best" whatever its loss."""
    w_before = rq.win_percent(tuple(before["score"]))
    if tuple(after["score"]) == ("mate", 0):
        w_after = 100.0
    else:
        w_after = rq.win_percent(rq.negate(tuple(after["score"])))
    loss = max(0.0, w_before - w_after)
    if before.get("best") == move_uci:
        return loss, "best"
    return loss, rq.classify_loss(loss)


def read_records(path):
    recs = {}
    for line in Path(path).read_text().splitlines():
        r = json.loads(line)
        recs[(r["game"], r["ply"])] = r
    return recs


def parse_reviews(specs):
    """`SET:PATH[:FIRST]` -> [(set, path, first)]."""
    reviews = []
    for spec in specs:
        name, _, rest = spec.partition(":")
        path, first = rest, 1
        head, _, tail = rest.rpartition(":")
        if head and tail.isdigit():
            path, first = head, int(tail)
        if name not in SETS or not path:
            raise SystemExit(f"--review {spec}: expected SET:PATH[:FIRST], SET one of {list(SETS)}")
        reviews.append((name, path, first))
    return reviews


def count_games(path):
    n = 0
    with open(path) as f:
        while chess.pgn.read_headers(f) is not None:
            n += 1
    return n


def load_sets(args):
    """The games of each set and our marks on their moves, from the reviews given."""
    games, ours = {}, {}
    for name, (pgn, _, _) in SETS.items():
        games[name] = rq.read_games(DATA / pgn)
        ours[name] = {}
    for name, path, first in parse_reviews(args.review):
        n = count_games(path)
        part = games[name][first - 1:first - 1 + n]
        if len(part) < n:
            raise SystemExit(f"{path}: {n} games from game {first} on, but {SETS[name][0]} "
                             f"has {len(games[name])}")
        # our_classes checks that the review holds the same games and moves, one eval a move
        # (its game numbers count from the review's first game).
        try:
            marks = rq.our_classes(part, path)
        except SystemExit as e:
            raise SystemExit(f"{path}, its game 1 being game {first} of {SETS[name][0]}: {e}")
        for (gi, ply), cls in marks.items():
            ours[name][(first - 1 + gi, ply)] = cls
    return games, ours


def all_moves(games, ours):
    """Every move of the 82 games, in a fixed order (set, game, ply): the random sample depends
    on it. Each with its depth-18 loss and class and our mark."""
    rows = []
    for name, (pgn, ref_name, ranges) in SETS.items():
        used = [gi for lo, hi in ranges for gi in range(lo - 1, hi)]
        ref = read_records(DATA / ref_name)
        last = max(used) + 1
        classes = rq.reference_classes(games[name][:last], DATA / ref_name)
        for gi in used:
            game = games[name][gi]
            board = game.board()
            for ply, move in enumerate(game.mainline_moves()):
                k = (gi, ply)
                if k not in ours[name]:
                    raise SystemExit(f"no review given for {name} game {gi + 1} "
                                     f"(--review {name}:PATH[:FIRST])")
                if k in classes:
                    loss, cls = move_loss(ref[k], ref[(gi, ply + 1)], move.uci())
                    assert cls == classes[k], (name, k)
                    rows.append(dict(set=name, game=gi, ply=ply, uci=move.uci(),
                                     move=move_text(board, move), d18_loss=loss,
                                     d18_class=cls, ours=ours[name][k]))
                board.push(move)
    return rows


def move_text(board, move):
    return f"{board.fullmove_number}{'.' if board.turn == chess.WHITE else '...'}{board.san(move)}"


def selection(rows):
    """The selected moves (why "selected") and the random sample (why "sample")."""
    sel = [dict(r, why="selected") for r in rows
           if r["d18_loss"] > SELECT_LOSS or r["ours"] == "blunder"]
    lo, hi = SAMPLE_RANGE
    pool = [r for r in rows if lo <= r["d18_loss"] <= hi and r["ours"] != "blunder"]
    random.seed(SAMPLE_SEED)
    sample = [dict(r, why="sample") for r in random.sample(pool, SAMPLE_SIZE)]
    return sel, sample, pool


def prepare(args):
    games, ours = load_sets(args)
    rows = all_moves(games, ours)
    sel, sample, pool = selection(rows)
    return games, rows, sel, sample, pool


# --- select ----------------------------------------------------------------------------------
def select(args):
    games, rows, sel, sample, pool = prepare(args)
    print(f"moves compared: {len(rows)}")
    print(f"selected: {len(sel)} (depth-18 loss above {SELECT_LOSS:g} or our blunder): "
          f"{sum(r['d18_class'] == 'blunder' for r in sel)} depth-18 blunders, "
          f"{sum(r['ours'] == 'blunder' for r in sel)} ours, "
          f"{sum(r['d18_class'] != 'blunder' and r['ours'] != 'blunder' for r in sel)} neither")
    print(f"sample: {len(sample)} of the {len(pool)} moves with a depth-18 loss in "
          f"[{SAMPLE_RANGE[0]:g}, {SAMPLE_RANGE[1]:g}] that we don't call blunders")
    if args.out:
        with open(args.out, "w") as f:
            for r in sel + sample:
                f.write(json.dumps(r) + "\n")


# --- analyse ---------------------------------------------------------------------------------
def process_cpu(pid):
    """CPU seconds (user + system) of a process so far, from /proc (Linux); None elsewhere."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def position(game, ply):
    """The board after `ply` half-moves, with the move history (repetitions count)."""
    board = game.board()
    for move in list(game.mainline_moves())[:ply]:
        board.push(move)
    return board


def analyse(args):
    games, rows, sel, sample, pool = prepare(args)
    # The moves nearest the blunder threshold first, so that a run cut short by --budget has
    # done the ones most likely to change verdict; the sample last.
    order = sorted(sel, key=lambda r: abs(r["d18_loss"] - 20)) + sample
    out = Path(args.out)
    done = {}
    if out.exists():
        for line in out.read_text().splitlines():
            r = json.loads(line)
            done[(r["set"], r["game"], r["ply"])] = r
    todo = []
    for r in order:
        for ply in (r["ply"], r["ply"] + 1):
            key = (r["set"], r["game"], ply)
            if key not in done and key not in todo:  # a position shared by two moves: once
                todo.append(key)
    cpu_used = sum(r.get("cpu") or 0 for r in done.values())
    print(f"positions: {len(done)} in {out}, {len(todo)} to search", file=sys.stderr)
    if not todo:
        return
    with rq.stockfish(args) as engine, out.open("a") as f:
        pid = engine.transport.get_pid()
        for i, key in enumerate(todo):
            if cpu_used > args.budget:
                print(f"budget of {args.budget:g} CPU seconds reached", file=sys.stderr)
                break
            board = position(games[key[0]][key[1]], key[2])
            rec = {"set": key[0], "game": key[1], "ply": key[2], "fen": board.fen()}
            term = rq.terminal_score(board)
            if term is not None:
                rec.update(score=list(term), best=None, cpu=0, wall=0)
            else:
                c0, t0 = process_cpu(pid), time.time()
                # A new `game` key makes python-chess send ucinewgame: every position starts
                # from a cleared hash, so the results don't depend on the order of the search.
                # (The depth-18 references kept the hash through a game.)
                info = engine.analyse(board, chess.engine.Limit(depth=args.depth), game=key)
                c1 = process_cpu(pid)
                pv = info.get("pv", [])
                rec.update(wall=round(time.time() - t0, 3),
                           cpu=round(c1 - c0, 2) if c0 is not None else None,
                           score=list(rq.score_of(info["score"])),
                           best=pv[0].uci() if pv else None, pv=[m.uci() for m in pv[:8]],
                           depth=info.get("depth"), nodes=info.get("nodes"))
            cpu_used += rec["cpu"] or 0
            print(json.dumps(rec), file=f, flush=True)
            print(f"{i + 1}/{len(todo)} {key[0]} game {key[1] + 1} after {key[2]} plies: "
                  f"cpu {rec['cpu']} s, total {cpu_used:.0f} s", file=sys.stderr, flush=True)


# --- report ----------------------------------------------------------------------------------
def pr_text(pairs):
    """Precision / recall of the first verdict against the second, over (bool, bool) pairs."""
    tp = sum(1 for o, r in pairs if o and r)
    fp = sum(1 for o, r in pairs if o and not r)
    fn = sum(1 for o, r in pairs if not o and r)
    p = 100 * tp / (tp + fp) if tp + fp else float("nan")
    rc = 100 * tp / (tp + fn) if tp + fn else float("nan")
    return f"{p:.1f} / {rc:.1f} (tp {tp}, fp {fp}, fn {fn})"


def in_scope(r, scope):
    _, name, lo, hi = scope
    return r["set"] == name and lo <= r["game"] + 1 <= hi


def category(r):
    ours, d18 = r["ours"] == "blunder", r["d18_class"] == "blunder"
    return "found" if ours and d18 else "false" if ours else "missed" if d18 else "band 14-20"


def report(args):
    games, rows, sel, sample, pool = prepare(args)
    d22 = {}
    for line in Path(args.d22).read_text().splitlines():
        r = json.loads(line)
        d22[(r["set"], r["game"], r["ply"])] = r
    # The records must be of these games' positions (a check of the game numbering).
    for key, r in d22.items():
        if position(games[key[0]][key[1]], key[2]).fen() != r["fen"]:
            raise SystemExit(f"{args.d22}: {key}: the FEN is not the game's position")

    def with_d22(r):
        kb, ka = (r["set"], r["game"], r["ply"]), (r["set"], r["game"], r["ply"] + 1)
        if kb in d22 and ka in d22:
            r["d22_loss"], r["d22_class"] = move_loss(d22[kb], d22[ka], r["uci"])
        return r
    sel = [with_d22(r) for r in sel]
    sample = [with_d22(r) for r in sample]
    missing = [r for r in sel + sample if "d22_class" not in r]

    searched = [r for r in d22.values() if r.get("nodes")]
    cpu = sorted(r["cpu"] for r in searched if r.get("cpu") is not None)
    print(f"positions: {len(d22)} ({len(searched)} searched, depth reached "
          + ", ".join(f"{d}: {n}" for d, n in sorted(Counter(r['depth'] for r in searched).items()))
          + ")")
    if cpu:
        print(f"CPU per position: mean {sum(cpu) / len(cpu):.2f} s, median {cpu[len(cpu) // 2]:.2f} s, "
              f"max {cpu[-1]:.2f} s; total {sum(cpu) / 60:.1f} min")
    print(f"moves compared: {len(rows)}; selected {len(sel)}, sample {len(sample)} of {len(pool)}; "
          f"not re-analysed: {len(missing)}")

    print()
    print("## Depth-18 blunders and our blunders at depth 22 (d22 blunder / not blunder)")
    cats = ("found", "false", "missed", "band 14-20")
    print(f"{'':14s}" + "".join(f"{c:>14s}" for c in cats))
    for scope in SCOPES + [("all 82", None, 0, 0)]:
        line = f"{scope[0]:14s}"
        for c in cats:
            X = [r for r in sel if category(r) == c and "d22_class" in r
                 and (scope[1] is None or in_scope(r, scope))]
            yes = sum(r["d22_class"] == "blunder" for r in X)
            line += f"{f'{yes}/{len(X) - yes}':>14s}"
        print(line)
    print("found: both call it a blunder at depth 18; false: ours only; missed: depth 18 only;")
    print("band 14-20: a depth-18 loss in (14, 20], blunder for neither")

    # The mixed reference, per move: the depth-22 class for the re-analysed moves, else d18.
    mixed_of = {(r["set"], r["game"], r["ply"]): r["d22_class"] for r in sel + sample
                if "d22_class" in r}

    def mixed(r):
        return mixed_of.get((r["set"], r["game"], r["ply"]), r["d18_class"])
    print()
    print("## Blunders: precision / recall against the mixed reference (d22 where computed, else d18)")
    print(f"{'':14s} {'mixed':>5s}  {'ours vs mixed':35s} {'ours vs d18':35s} d18 vs mixed")
    for scope in SCOPES + [("all 82", None, 0, 0)]:
        R = [r for r in rows if scope[1] is None or in_scope(r, scope)]
        ob = [r["ours"] == "blunder" for r in R]
        db = [r["d18_class"] == "blunder" for r in R]
        mb = [mixed(r) == "blunder" for r in R]
        print(f"{scope[0]:14s} {sum(mb):5d}  {pr_text(list(zip(ob, mb))):35s} "
              f"{pr_text(list(zip(ob, db))):35s} {pr_text(list(zip(db, mb)))}")
    miss = [r for r in rows if mixed(r) == "blunder" and r["ours"] != "blunder"]
    false = [r for r in rows if r["ours"] == "blunder" and mixed(r) != "blunder"]
    print("mixed-reference blunders we miss, our marks: "
          + ", ".join(f"{c} {n}" for c, n in sorted(Counter(r["ours"] for r in miss).items())))
    print("depth-18 blunders we miss, our marks:        "
          + ", ".join(f"{c} {n}" for c, n in sorted(Counter(
              r["ours"] for r in rows if r["d18_class"] == "blunder" and r["ours"] != "blunder").items())))
    mb = [r for r in rows if mixed(r) == "blunder"]
    marked = sum(r["ours"] in ("mistake", "blunder") for r in mb)
    print(f"mixed-reference blunders we mark mistake or blunder: {marked} of {len(mb)} "
          f"({100 * marked / len(mb):.1f} %)")
    print("our false blunders, mixed-reference classes: "
          + ", ".join(f"{c} {n}" for c, n in sorted(Counter(mixed(r) for r in false).items())))
    # Moves not selected whose two positions are both at depth 22 (a neighbour was selected):
    # the mixed reference keeps their depth-18 class; this shows that doing otherwise would
    # change no blunder verdict.
    extra = []
    for r in rows:
        kb, ka = (r["set"], r["game"], r["ply"]), (r["set"], r["game"], r["ply"] + 1)
        if kb not in mixed_of and kb in d22 and ka in d22:
            extra.append((move_loss(d22[kb], d22[ka], r["uci"]), r))
    if extra:
        print(f"moves not selected with both positions at depth 22: {len(extra)}, d22 blunders "
              f"{sum(c == 'blunder' for (_, c), _ in extra)}, largest d22 loss "
              f"{max(l for (l, _), _ in extra):.2f}")

    print()
    print(f"## Random sample (d18 loss {SAMPLE_RANGE[0]:g}-{SAMPLE_RANGE[1]:g}, not our blunder; "
          f"{len(sample)} of {len(pool)})")
    S = [r for r in sample if "d22_class" in r]
    blunders = sum(r["d22_class"] == "blunder" for r in S)
    print(f"re-analysed {len(S)}; d22 blunders {blunders}; d22 loss above 14: "
          f"{sum(r['d22_loss'] > 14 for r in S)}; classes: "
          + ", ".join(f"{c} {n}" for c, n in Counter(r["d22_class"] for r in S).most_common()))
    for r in S:
        if r["d22_loss"] > 14:
            print(f"   {r['set']} game {r['game'] + 1} ply {r['ply'] + 1} {r['move']}: "
                  f"{r['d18_loss']:.2f} -> {r['d22_loss']:.2f} ({r['d22_class']}), ours {r['ours']}")
    if S:
        if blunders == 0:
            # Exact one-sided 95 % upper bound for a proportion with 0 successes in n.
            bound = 1 - 0.05 ** (1 / len(S))
            print(f"0/{len(S)}: 95 % upper bound {100 * bound:.1f} % of the pool, "
                  f"about {bound * len(pool):.0f} of {len(pool)} moves")

    print()
    print("## The loss from depth 18 to depth 22")
    X = [r for r in sel if "d22_class" in r]
    near = [r for r in X if 10 < r["d18_loss"] < 30]
    if X:
        print(f"mean change over the {len(X)} selected moves: "
              f"{sum(r['d22_loss'] - r['d18_loss'] for r in X) / len(X):+.2f}"
              + (f"; over the {len(near)} with a d18 loss of 10-30: "
                 f"{sum(r['d22_loss'] - r['d18_loss'] for r in near) / len(near):+.2f}" if near else ""))
    X = [r for r in sel + sample if "d22_class" in r and 10 <= r["d18_loss"] <= 30]
    print(f"re-analysed moves (selected and sample) with a d18 loss of 10-30: {len(X)}; changed by "
          + ", ".join(f"at least {t}: {sum(abs(r['d22_loss'] - r['d18_loss']) >= t for r in X)}"
                      for t in (3, 5, 6)))
    # How many moves sit just under the blunder threshold against just over it: with more
    # below, symmetric noise moves more moves up across it than down.
    print("non-best moves with a d18 loss in [14, 20): "
          f"{sum(r['d18_class'] != 'best' and 14 <= r['d18_loss'] < 20 for r in rows)}, "
          f"in [20, 26): {sum(r['d18_class'] != 'best' and 20 <= r['d18_loss'] < 26 for r in rows)}")

    print()
    print("## Overturned moves (a blunder at one depth, not at the other)")
    print("game 1-based in the set's PGN, ply 1-based (as `compare --list` prints it)")
    print("set | game | ply | move | d18 loss (class) | d22 loss (class) | ours | best d18 / d22")
    refs = {name: read_records(DATA / ref) for name, (_, ref, _) in SETS.items()}
    flips = Counter()
    for r in sorted(sel + sample, key=lambda r: (r["set"], r["game"], r["ply"])):
        if "d22_class" in r and (r["d18_class"] == "blunder") != (r["d22_class"] == "blunder"):
            flips[(r["d18_class"], r["d22_class"])] += 1
            b18 = refs[r["set"]][(r["game"], r["ply"])].get("best")
            b22 = d22[(r["set"], r["game"], r["ply"])]["best"]
            print(f"{r['set']} | {r['game'] + 1} | {r['ply'] + 1} | {r['move']} | "
                  f"{r['d18_loss']:.2f} ({r['d18_class']}) | {r['d22_loss']:.2f} ({r['d22_class']}) | "
                  f"{r['ours']} | {b18} / {b22}" + (" | sample" if r["why"] == "sample" else ""))
    print("totals: " + ", ".join(f"{a}->{b} {n}" for (a, b), n in sorted(flips.items())))
    if missing:
        print()
        print("## Not re-analysed")
        for r in missing:
            print(f"{r['set']} game {r['game'] + 1} ply {r['ply'] + 1} {r['move']}: "
                  f"d18 {r['d18_loss']:.2f}, ours {r['ours']} ({r['why']})")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)

    def common(p):
        p.add_argument("--review", action="append", required=True, metavar="SET:PATH[:FIRST]",
                       help="an annotated PGN printed by `chesscore review` of games of SET "
                            "(careless or games), its first game being game FIRST (default 1) "
                            "of SET's PGN; repeat to cover all the games used")
    s = sub.add_parser("select", help="the selected moves and the random sample")
    common(s)
    s.add_argument("--out", help="write them here (jsonl)")
    s.set_defaults(func=select)
    a = sub.add_parser("analyse", help="Stockfish on the selected moves' positions (resumable)")
    common(a)
    a.add_argument("--out", required=True, help="the positions' records (jsonl; appended to)")
    a.add_argument("--depth", type=int, default=22)
    a.add_argument("--hash", type=int, default=64)
    a.add_argument("--budget", type=float, default=math.inf,
                   help="stop once this many Stockfish CPU seconds are in --out")
    a.add_argument("--stockfish", default="/usr/games/stockfish")
    a.set_defaults(func=analyse)
    r = sub.add_parser("report", help="the figures")
    common(r)
    r.add_argument("d22", help="the records written by analyse")
    r.set_defaults(func=report)
    args = ap.parse_args()
    args.func(args)


if __name__ == "__main__":
    main()
