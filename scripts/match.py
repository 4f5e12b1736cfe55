#!/usr/bin/env python3
"""Plays chesscore (or any engine) against an opponent and reports the score with an Elo estimate.

A measuring tool, not part of the product: python-chess drives both engines (UCI or xboard),
this script keeps the clocks, and each opening is played twice with colours swapped.

    pip install 'chess==1.11.*'; apt-get install stockfish
    cargo build --release
    scripts/match.py --engine target/release/chesscore --opponent stockfish:elo=2200 \\
        --games 100 --tc 5+0.05 --seed 801

Engines: a path (UCI), `uci:PATH`, `xboard:PATH` (phalanx, hoichess, sjeng), `stockfish`
(full strength), `stockfish:elo=N` (UCI_LimitStrength with UCI_Elo N, 1350..2850 in 15.1),
`stockfish:skill=N`. Options for either side: `--engine-option NAME=VALUE`,
`--opponent-option NAME=VALUE` (repeatable); arguments for chesscore: `--engine-arg uci`.

Games end by the rules (mate, stalemate, insufficient material, and the claimable draws
claimed: threefold, fifty moves), on time (a move that arrives after the mover's remaining time
plus --margin-ms), by an illegal move or a crash (counted as faults of that engine; a fault of
the engine under test fails the run), or, unless --no-adjudicate, by resignation once both
engines have reported 1000+ centipawns the same way for 6 plies in a row.

Openings: scripts/data/openings.epd (scripts/make-openings.py builds it from the CC0
chess-openings dataset, keeping lines Stockfish rates within 60 cp); --seed picks where in the
file the match starts.

The last line is machine-readable: `result games=.. w=.. d=.. l=.. score=.. elo=.. lo=.. hi=..`.
"""
import argparse
import math
import random
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import chess
import chess.engine
import chess.pgn

HERE = Path(__file__).resolve().parent
DEFAULT_OPENINGS = HERE / "data" / "openings.epd"
RESIGN_CP = 1000
RESIGN_PLIES = 6


@dataclass
class EngineSpec:
    """How to start one engine."""
    name: str
    command: list
    protocol: str = "uci"
    options: dict = field(default_factory=dict)

    def open(self):
        if self.protocol == "xboard":
            eng = chess.engine.SimpleEngine.popen_xboard(self.command)
        else:
            eng = chess.engine.SimpleEngine.popen_uci(self.command)
        if self.options:
            eng.configure(self.options)
        return eng


def parse_value(text):
    """An option value: int, bool or string."""
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    try:
        return int(text)
    except ValueError:
        return text


def parse_spec(text, options, args=()):
    """An engine spec (see the module docs) plus NAME=VALUE options."""
    opts = dict(o.split("=", 1) for o in options)
    opts = {k: parse_value(v) for k, v in opts.items()}
    if text.startswith("stockfish"):
        _, _, rest = text.partition(":")
        if rest.startswith("elo="):
            opts.update(UCI_LimitStrength=True, UCI_Elo=int(rest[4:]))
        elif rest.startswith("skill="):
            opts["Skill Level"] = int(rest[6:])
        binary = "/usr/games/stockfish" if Path("/usr/games/stockfish").exists() else "stockfish"
        return EngineSpec(text, [binary], "uci", opts)
    protocol = "uci"
    if text.startswith(("uci:", "xboard:")):
        protocol, _, text = text.partition(":")
    return EngineSpec(Path(text).name, [text, *args], protocol, opts)


@dataclass
class Outcome:
    """How one game ended, from White's side."""
    result: str            # "1-0", "0-1", "1/2-1/2"
    termination: str
    fault: str = ""        # "illegal", "crash" or "time" of the engine that lost by it
    faulty_side: chess.Color = chess.WHITE


def white_cp(info, turn):
    """The engine's score from White's view in centipawns (mates as +-100000), or None."""
    score = info.get("score")
    if score is None:
        return None
    return score.white().score(mate_score=100000)


def play_game(engines, start_fen, base, inc, margin, adjudicate):
    """Plays one game; engines = {chess.WHITE: engine, chess.BLACK: engine}. Returns (Outcome, game)."""
    board = chess.Board(start_fen)
    clock = {chess.WHITE: base, chess.BLACK: base}
    streak = 0  # plies in a row with both engines' scores beyond RESIGN_CP the same way
    last_sign = {chess.WHITE: 0, chess.BLACK: 0}
    for eng in engines.values():
        eng.ping()
    outcome = None
    while outcome is None:
        if board.is_game_over(claim_draw=True):
            o = board.outcome(claim_draw=True)
            outcome = Outcome(o.result(), o.termination.name.lower())
            break
        side = board.turn
        limit = chess.engine.Limit(white_clock=clock[chess.WHITE], black_clock=clock[chess.BLACK],
                                   white_inc=inc, black_inc=inc)
        started = time.monotonic()
        try:
            played = engines[side].play(board, limit, info=chess.engine.INFO_SCORE)
        except chess.engine.EngineError as e:
            kind = "illegal" if "illegal" in str(e).lower() else "crash"
            outcome = Outcome("0-1" if side == chess.WHITE else "1-0", kind, kind, side)
            break
        except (chess.engine.EngineTerminatedError, OSError):
            outcome = Outcome("0-1" if side == chess.WHITE else "1-0", "crash", "crash", side)
            break
        spent = time.monotonic() - started
        if played.move is None or played.move not in board.legal_moves:
            outcome = Outcome("0-1" if side == chess.WHITE else "1-0", "illegal", "illegal", side)
            break
        if spent > clock[side] + margin:
            if board.has_insufficient_material(not side):
                outcome = Outcome("1/2-1/2", "time forfeit, opponent cannot mate")
            else:
                outcome = Outcome("0-1" if side == chess.WHITE else "1-0", "time forfeit", "time", side)
            break
        clock[side] = max(clock[side] - spent, 0.0) + inc
        board.push(played.move)
        cp = white_cp(played.info, side)
        last_sign[side] = 0 if cp is None or abs(cp) < RESIGN_CP else (1 if cp > 0 else -1)
        if adjudicate and last_sign[chess.WHITE] != 0 and last_sign[chess.WHITE] == last_sign[chess.BLACK]:
            streak += 1
            if streak >= RESIGN_PLIES:
                winner_white = last_sign[chess.WHITE] > 0
                outcome = Outcome("1-0" if winner_white else "0-1", "adjudicated (resign)")
        else:
            streak = 0
    game = chess.pgn.Game.from_board(board)
    game.headers["Result"] = outcome.result
    game.headers["Termination"] = outcome.termination
    if start_fen != chess.STARTING_FEN:
        game.headers["FEN"] = start_fen
        game.headers["SetUp"] = "1"
    return outcome, game


def alive(engine):
    """`true` when the engine still answers."""
    try:
        engine.ping()
        return True
    except Exception:
        return False


def load_openings(path):
    """(fen, id) of each line of an EPD file."""
    out = []
    for line in Path(path).read_text().splitlines():
        if not line.strip():
            continue
        board, ops = chess.Board.from_epd(line)
        out.append((board.fen(), str(ops.get("id", len(out) + 1))))
    return out


def elo(score):
    """The Elo difference that gives this expected score."""
    if score <= 0:
        return -math.inf
    if score >= 1:
        return math.inf
    return -400 * math.log10(1 / score - 1)


def elo_interval(w, d, l):
    """(score, elo, lo, hi): the 95 % interval from the per-game variance of the results."""
    n = w + d + l
    if n == 0:
        return 0.5, 0.0, -math.inf, math.inf
    s = (w + 0.5 * d) / n
    var = (w * (1 - s) ** 2 + d * (0.5 - s) ** 2 + l * s ** 2) / n
    half = 1.96 * math.sqrt(var / n)
    return s, elo(s), elo(s - half), elo(s + half)


def fmt(x):
    return "inf" if x == math.inf else "-inf" if x == -math.inf else f"{x:+.0f}"


@dataclass
class MatchResult:
    """The games of one match, counted from the engine under test's side."""
    w: int = 0
    d: int = 0
    l: int = 0
    faults: dict = field(default_factory=dict)       # of the engine under test: kind -> count
    opp_faults: dict = field(default_factory=dict)   # of the opponent
    endings: dict = field(default_factory=dict)      # termination -> count
    seconds: float = 0.0

    @property
    def games(self):
        return self.w + self.d + self.l

    @property
    def points(self):
        return self.w + 0.5 * self.d


def say(line):
    """Prints a progress line at once (the matches run for minutes)."""
    print(line, flush=True)


def run_match(eut, opp, games, base, inc, openings, first=0, margin=0.1, adjudicate=True, pgn=None,
              log=say):
    """Plays `games` games (pairs with colours swapped, the engine under test White first) from
    openings[first], [first + 1], ...; appends them to `pgn` when given and logs a line per game
    through `log` (None: silent). Returns a MatchResult."""
    r = MatchResult()
    t0 = time.time()
    e_eng, o_eng = eut.open(), opp.open()
    try:
        for g in range(games):
            fen, oid = openings[(first + g // 2) % len(openings)]
            eut_white = g % 2 == 0
            engines = {chess.WHITE: e_eng if eut_white else o_eng, chess.BLACK: o_eng if eut_white else e_eng}
            outcome, game = play_game(engines, fen, base, inc, margin, adjudicate)
            game.headers.update(Event=f"{eut.name} vs {opp.name}", Round=str(g + 1), Opening=oid,
                                White=eut.name if eut_white else opp.name,
                                Black=opp.name if eut_white else eut.name,
                                TimeControl=f"{base:g}+{inc:g}")
            if pgn is not None:
                with Path(pgn).open("a") as f:
                    print(game, file=f, end="\n\n")
            if outcome.fault:
                eut_faulted = (outcome.faulty_side == chess.WHITE) == eut_white
                bucket = r.faults if eut_faulted else r.opp_faults
                bucket[outcome.fault] = bucket.get(outcome.fault, 0) + 1
                if outcome.fault == "crash":  # restart whoever died
                    if not alive(e_eng):
                        e_eng = eut.open()
                    if not alive(o_eng):
                        o_eng = opp.open()
            r.endings[outcome.termination] = r.endings.get(outcome.termination, 0) + 1
            if outcome.result == "1/2-1/2":
                r.d += 1
                mark = "="
            elif (outcome.result == "1-0") == eut_white:
                r.w += 1
                mark = "+"
            else:
                r.l += 1
                mark = "-"
            if log is not None:
                s, e, lo, hi = elo_interval(r.w, r.d, r.l)
                log(f"  game {g + 1:3d}/{games} {oid:>6} {'white' if eut_white else 'black'} {outcome.result:7s} "
                    f"{mark} {outcome.termination:32s} | +{r.w} ={r.d} -{r.l} {100 * s:5.1f}% Elo {fmt(e)} "
                    f"({fmt(lo)}..{fmt(hi)}) {time.time() - t0:6.0f}s")
    finally:
        for eng in (e_eng, o_eng):
            try:
                eng.quit()
            except Exception:
                pass
        r.seconds = time.time() - t0
    return r


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", default="target/release/chesscore", help="the engine under test")
    ap.add_argument("--engine-arg", action="append", default=[], help="argument for it (repeatable)")
    ap.add_argument("--engine-option", action="append", default=[], help="NAME=VALUE (repeatable)")
    ap.add_argument("--opponent", default="stockfish:elo=1800")
    ap.add_argument("--opponent-option", action="append", default=[], help="NAME=VALUE (repeatable)")
    ap.add_argument("--games", type=int, default=40, help="games (rounded up to even)")
    ap.add_argument("--tc", default="5+0.05", help="base+increment in seconds")
    ap.add_argument("--openings", default=str(DEFAULT_OPENINGS))
    ap.add_argument("--seed", type=int, default=None, help="start at a random opening chosen by this seed")
    ap.add_argument("--margin-ms", type=int, default=100, help="lateness tolerated before a time forfeit")
    ap.add_argument("--no-adjudicate", action="store_true")
    ap.add_argument("--pgn", default=None, help="PGN output (default /tmp/chesscore-match-<time>.pgn)")
    args = ap.parse_args()

    eut = parse_spec(args.engine, args.engine_option, args.engine_arg)
    opp = parse_spec(args.opponent, args.opponent_option)
    base, _, inc = args.tc.partition("+")
    base, inc = float(base), float(inc or 0)
    games = args.games + args.games % 2
    openings = load_openings(args.openings)
    first = random.Random(args.seed).randrange(len(openings)) if args.seed is not None else 0
    pgn = Path(args.pgn or f"/tmp/chesscore-match-{time.strftime('%Y%m%d-%H%M%S')}.pgn")
    print(f"match: {eut.name} vs {opp.name}, {games} games at {args.tc}, openings {Path(args.openings).name} "
          f"from #{first + 1}, pgn {pgn}", flush=True)

    result = run_match(eut, opp, games, base, inc, openings, first=first, margin=args.margin_ms / 1000,
                       adjudicate=not args.no_adjudicate, pgn=pgn)
    w, d, l, faults = result.w, result.d, result.l, result.faults
    endings, opp_faults = result.endings, result.opp_faults
    s, e, lo, hi = elo_interval(w, d, l)
    print("endings: " + ", ".join(f"{k} {v}" for k, v in sorted(endings.items(), key=lambda kv: -kv[1])))
    if opp_faults:
        print("opponent faults: " + ", ".join(f"{k} {v}" for k, v in opp_faults.items()))
    print(f"faults of {eut.name}: " + (", ".join(f"{k} {v}" for k, v in faults.items()) or "none"))
    print(f"result games={w + d + l} w={w} d={d} l={l} score={100 * s:.1f} elo={fmt(e)} lo={fmt(lo)} hi={fmt(hi)} "
          f"faults={sum(faults.values())} time={result.seconds:.0f}s")
    return 1 if faults else 0


if __name__ == "__main__":
    sys.exit(main())
