#!/usr/bin/env python3
"""Rates an engine (a chesscore level, or any engine) on the Stockfish `UCI_Elo` scale.

A measuring tool, not part of the product. The engine under test plays short matches against
anchors of known rating and its Elo is fitted by maximum likelihood (logistic model, draws
half a point, `scripts/elofit.py`) with a 95 % interval from the Fisher information, the
anchors' ratings taken as exact. The games are played by `scripts/match.py` (python-chess
drives the engines, the script keeps the clocks, colour-swapped pairs from
scripts/data/openings.epd, resign adjudication), so the two scripts count the same way.

    pip install 'chess==1.11.*'; apt-get install stockfish
    cargo build --release
    scripts/ladder.py --level 3 --expect 1600                 # 3 anchors, 12 games each
    scripts/ladder.py --level 7 --anchors 1800,2000,2200 --games 20
    scripts/ladder.py --engine glaurung --record glaurung --expect 2100 --games 16

Anchors. A number N is Stockfish 15.1 with UCI_LimitStrength and UCI_Elo N: rated N by
definition, the scale every figure of the project is given on. The default pool is the levels
1350, 1600, 1800, 2000, 2200, 2400, 2600. A name is an engine listed in
scripts/data/anchors.json (the Debian engines glaurung, toga2, phalanx, hoichess); it can be
used only once it carries a rating measured by this script against the Stockfish levels
(`--record NAME` stores one); `--pool all` adds every rated and installed one to the pool.
`NAME=RATING` or `uci:PATH=RATING` uses any engine with a rating given on the command line.

Which anchors. With `--anchors` exactly those are played. Otherwise the ladder is adaptive:
it plays the anchor of the pool nearest the current estimate (first `--expect`), refits, and
repeats for `--rounds` anchors; after a 0 % or 100 % score (no finite estimate yet) it moves
one anchor down or up.

Engine under test: `--engine` as in match.py (a path speaks UCI; `uci:PATH`, `xboard:PATH`,
`stockfish:elo=N`) or the name of an engine listed in anchors.json (started with the command
and options it plays with as an anchor); `--level N` sets chesscore's `Skill Level`. An illegal move, crash or
time forfeit of the engine under test makes the run exit 1. The last line is
machine-readable: `result engine=.. elo=.. err95=.. bounded=.. games=.. faults=..`.
"""
import argparse
import json
import random
import shutil
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import elofit  # noqa: E402
from match import DEFAULT_OPENINGS, EngineSpec, load_openings, parse_spec, run_match  # noqa: E402

ANCHORS_FILE = HERE / "data" / "anchors.json"
STOCKFISH_POOL = [1350, 1600, 1800, 2000, 2200, 2400, 2600]


class Anchor:
    """An opponent of known rating."""

    def __init__(self, label, rating, spec):
        self.label, self.rating, self.spec = label, float(rating), spec

    def __repr__(self):
        return f"{self.label} ({self.rating:.0f})"


def load_anchor_file(path=ANCHORS_FILE):
    return json.loads(Path(path).read_text()) if Path(path).exists() else {"engines": {}}


def engine_spec(name, entry):
    """The EngineSpec of an engine listed in anchors.json."""
    return EngineSpec(name, list(entry["command"]), entry.get("protocol", "uci"), dict(entry.get("options", {})))


def installed(entry):
    cmd = entry["command"][0]
    return Path(cmd).exists() or shutil.which(cmd) is not None


def stockfish_anchor(elo):
    return Anchor(f"stockfish:elo={elo}", elo, parse_spec(f"stockfish:elo={elo}", []))


def parse_anchor(item, listed):
    """One --anchors item: N, NAME (rated in anchors.json), NAME=RATING or SPEC=RATING."""
    item = item.strip()
    if item.isdigit():
        return stockfish_anchor(int(item))
    if item.startswith("stockfish:elo="):
        return stockfish_anchor(int(item.split("=", 1)[1]))
    name, eq, rating = item.rpartition("=")
    if eq and rating.replace(".", "", 1).isdigit():
        if name in listed:
            return Anchor(name, float(rating), engine_spec(name, listed[name]))
        return Anchor(name, float(rating), parse_spec(name, []))
    entry = listed.get(item)
    if entry is None:
        raise SystemExit(f"unknown anchor {item!r}: give a Stockfish UCI_Elo (e.g. 1800), an engine of "
                         f"{ANCHORS_FILE.name} ({', '.join(listed) or 'none'}) or NAME=RATING")
    rated = entry.get("rated")
    if not rated or rated.get("elo") is None:
        raise SystemExit(f"{item} has no rating measured by this script yet; rate it first with "
                         f"scripts/ladder.py --engine {item} --record {item}, "
                         f"or give one: {item}=RATING")
    return Anchor(item, rated["elo"], engine_spec(item, entry))


def pool(kind, listed):
    anchors = [stockfish_anchor(e) for e in STOCKFISH_POOL]
    if kind == "all":
        for name, entry in listed.items():
            rated = entry.get("rated") or {}
            if rated.get("elo") is not None and installed(entry):
                anchors.append(Anchor(name, rated["elo"], engine_spec(name, entry)))
    return sorted(anchors, key=lambda a: a.rating)


def next_anchor(candidates, played, estimate, results):
    """The unplayed anchor nearest the estimate; after a 0 % or 100 % score, the next one
    below or above what was played."""
    left = [a for a in candidates if a.label not in played]
    if not left:
        return None
    if results:
        pts = sum(r[2] for r in results)
        games = sum(r[3] for r in results)
        if pts == games:
            above = [a for a in left if a.rating > max(r[1] for r in results)]
            return above[0] if above else None
        if pts == 0:
            below = [a for a in left if a.rating < min(r[1] for r in results)]
            return below[-1] if below else None
    return min(left, key=lambda a: (abs(a.rating - estimate), a.rating))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", default="target/release/chesscore", help="the engine under test")
    ap.add_argument("--engine-arg", action="append", default=[], help="argument for it (repeatable)")
    ap.add_argument("--engine-option", action="append", default=[], help="NAME=VALUE (repeatable)")
    ap.add_argument("--level", type=int, default=None, help="chesscore's Skill Level (1-10)")
    ap.add_argument("--anchors", default=None, help="comma list of anchors to play (see above)")
    ap.add_argument("--pool", choices=["stockfish", "all"], default="stockfish",
                    help="anchors the adaptive ladder chooses from (default: the Stockfish levels)")
    ap.add_argument("--expect", type=float, default=2000, help="expected Elo: where the adaptive ladder starts")
    ap.add_argument("--rounds", type=int, default=3, help="anchors the adaptive ladder plays (default 3)")
    ap.add_argument("--games", type=int, default=12, help="games per anchor (rounded up to even; default 12)")
    ap.add_argument("--tc", default="3+0.03", help="base+increment in seconds (default 3+0.03)")
    ap.add_argument("--openings", default=str(DEFAULT_OPENINGS))
    ap.add_argument("--seed", type=int, default=None, help="start at a random opening chosen by this seed")
    ap.add_argument("--margin-ms", type=int, default=100, help="lateness tolerated before a time forfeit")
    ap.add_argument("--pgn", default=None, help="PGN output (default /tmp/chesscore-ladder-<time>.pgn)")
    ap.add_argument("--quiet", action="store_true", help="no line per game")
    ap.add_argument("--record", metavar="NAME", default=None,
                    help=f"store the result as NAME's rating in {ANCHORS_FILE.relative_to(HERE.parent)}")
    args = ap.parse_args()

    options = list(args.engine_option)
    if args.level is not None:
        options.append(f"Skill Level={args.level}")
    listed = load_anchor_file().get("engines", {})
    if args.engine in listed:  # rating one of the listed engines, with the options it plays with as an anchor
        eut = engine_spec(args.engine, listed[args.engine])
        eut.options.update(parse_spec("-", options).options)
    else:
        eut = parse_spec(args.engine, options, args.engine_arg)
    if args.level is not None:
        eut.name += f" level {args.level}"
    fixed = [parse_anchor(x, listed) for x in args.anchors.split(",")] if args.anchors else None
    candidates = fixed if fixed else pool(args.pool, listed)
    base, _, inc = args.tc.partition("+")
    base, inc = float(base), float(inc or 0)
    games = args.games + args.games % 2
    openings = load_openings(args.openings)
    first = random.Random(args.seed).randrange(len(openings)) if args.seed is not None else 0
    pgn = Path(args.pgn or f"/tmp/chesscore-ladder-{time.strftime('%Y%m%d-%H%M%S')}.pgn")
    rounds = len(fixed) if fixed else args.rounds
    plan = ", ".join(map(repr, fixed)) if fixed else f"{rounds} of {', '.join(map(repr, candidates))}"
    print(f"ladder: {eut.name}, {games} games per anchor at {args.tc} against {plan}; pgn {pgn}", flush=True)

    results = []  # (label, rating, points, games, MatchResult)
    played = set()
    faults, opp_faults = {}, {}
    estimate = args.expect
    fitted = None
    t0 = time.time()
    for _ in range(rounds):
        anchor = fixed[len(results)] if fixed else next_anchor(candidates, played, estimate, results)
        if anchor is None:
            print("  no anchor left in that direction: the estimate is only a bound", flush=True)
            break
        played.add(anchor.label)
        print(f"-- {anchor}", flush=True)
        r = run_match(eut, anchor.spec, games, base, inc, openings, first=first, margin=args.margin_ms / 1000,
                      pgn=pgn, log=None if args.quiet else print)
        first += games // 2
        for k, v in r.faults.items():
            faults[k] = faults.get(k, 0) + v
        for k, v in r.opp_faults.items():
            opp_faults[k] = opp_faults.get(k, 0) + v
        results.append((anchor.label, anchor.rating, r.points, r.games, r))
        fitted = elofit.fit([("x", rating, pts, n) for _, rating, pts, n, _ in results])["x"]
        if fitted.bounded:
            estimate = fitted.elo
        print(f"   +{r.w} ={r.d} -{r.l} ({100 * r.points / r.games:.0f} %); estimate so far "
              f"{f'{fitted.elo:.0f} +/- {fitted.half:.0f}' if fitted.bounded else 'none (0 % or 100 %)'}; "
              f"{time.time() - t0:.0f} s", flush=True)

    print(f"\n{'anchor':28s} {'rating':>6s} {'games':>5s}  result")
    for label, rating, pts, n, r in sorted(results, key=lambda x: x[1]):
        print(f"{label:28s} {rating:6.0f} {n:5d}  +{r.w} ={r.d} -{r.l} ({100 * pts / n:.1f} %)")
    if opp_faults:
        print("anchor faults (counted as their losses): " + ", ".join(f"{k} {v}" for k, v in opp_faults.items()))
    print(f"faults of {eut.name}: " + (", ".join(f"{k} {v}" for k, v in faults.items()) or "none"))
    if fitted is None:
        return 1
    n_games = sum(x[3] for x in results)
    if fitted.bounded:
        text = f"{fitted.elo:.0f} (95 % {fitted.elo - fitted.half:.0f}..{fitted.elo + fitted.half:.0f})"
    else:
        side = "above" if fitted.points == fitted.games else "below"
        text = f"{side} the anchors played (scored {100 * fitted.points / fitted.games:.0f} %): no estimate"
    print(f"Elo on the Stockfish 15.1 UCI_Elo scale: {text}, {n_games} games, {time.time() - t0:.0f} s")
    if args.record:
        record(args.record, eut, fitted, results, args.tc)
    elo, err = (f"{fitted.elo:.0f}", f"{fitted.half:.0f}") if fitted.bounded else ("none", "none")
    print(f"result engine={eut.name.replace(' ', '_')} elo={elo} err95={err} "
          f"bounded={int(fitted.bounded)} games={n_games} faults={sum(faults.values())} "
          f"time={time.time() - t0:.0f}s")
    return 1 if faults else 0


def record(name, eut, fitted, results, tc):
    """Stores a measured rating for NAME in anchors.json (the command too, if NAME is new)."""
    data = load_anchor_file()
    entry = data.setdefault("engines", {}).setdefault(
        name, {"command": eut.command, "protocol": eut.protocol, "options": eut.options})
    entry["rated"] = {
        "elo": round(fitted.elo) if fitted.bounded else None,
        "err95": round(fitted.half) if fitted.bounded else None,
        "games": fitted.games,
        "tc": tc,
        "date": time.strftime("%Y-%m-%d", time.gmtime()),
        "results": [{"anchor": label, "rating": rating, "w": r.w, "d": r.d, "l": r.l}
                    for label, rating, _, _, r in results],
        "how": "scripts/ladder.py against Stockfish 15.1 UCI_Elo levels",
    }
    ANCHORS_FILE.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    print(f"recorded {name}: {entry['rated']['elo']} +/- {entry['rated']['err95']} in {ANCHORS_FILE}")


if __name__ == "__main__":
    sys.exit(main())
