#!/usr/bin/env python3
"""Builds scripts/data/openings.epd, the start positions of scripts/match.py.

From the named lines of the CC0 chess-openings dataset (../shared/data/chess-openings, or
--dataset), it takes the position after the first 8 plies of every line that long (6 or 7 for
shorter ones of at least 6), drops duplicates, has Stockfish evaluate each at --depth, keeps
those within --max-cp of equality, and writes --count of them in a seeded random order, each
with its line (c0) and evaluation (ce, centipawns from the side to move).

    scripts/make-openings.py [--count 250] [--depth 14] [--max-cp 60] [--seed 1]
"""
import argparse
import csv
import io
import random
from pathlib import Path

import chess
import chess.engine
import chess.pgn

HERE = Path(__file__).resolve().parent


def lines(dataset):
    for tsv in sorted(Path(dataset).glob("?.tsv")):
        with tsv.open() as f:
            for row in csv.DictReader(f, delimiter="\t"):
                yield row["pgn"]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--dataset", default=str(HERE.parent.parent / "shared" / "data" / "chess-openings"))
    ap.add_argument("--out", default=str(HERE / "data" / "openings.epd"))
    ap.add_argument("--count", type=int, default=250)
    ap.add_argument("--depth", type=int, default=14)
    ap.add_argument("--max-cp", type=int, default=60)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()

    seen = {}
    for text in lines(args.dataset):
        game = chess.pgn.read_game(io.StringIO(text))
        moves = list(game.mainline_moves())
        if len(moves) < 6:
            continue
        board = chess.Board()
        sans = []
        for m in moves[:8]:
            sans.append(board.san(m))
            board.push(m)
        key = board.epd()
        if key not in seen:
            seen[key] = sans
    candidates = sorted(seen.items())
    random.Random(args.seed).shuffle(candidates)
    out = []
    with chess.engine.SimpleEngine.popen_uci("/usr/games/stockfish") as sf:
        for epd, sans in candidates:
            board = chess.Board.from_epd(epd)[0]
            info = sf.analyse(board, chess.engine.Limit(depth=args.depth))
            cp = info["score"].relative.score(mate_score=100000)
            if abs(cp) <= args.max_cp:
                movetext = " ".join((f"{i // 2 + 1}. " if i % 2 == 0 else "") + s for i, s in enumerate(sans))
                out.append(f'{epd} id "op.{len(out) + 1:03d}"; c0 "{movetext}"; ce {cp};')
                if len(out) == args.count:
                    break
    Path(args.out).write_text("\n".join(out) + "\n")
    print(f"make-openings: {len(out)} positions of {len(candidates)} candidates written to {args.out}")


if __name__ == "__main__":
    main()
