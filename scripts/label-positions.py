#!/usr/bin/env python3
"""Labels tuning positions with Stockfish's score (tooling only, not part of the library).

Reads `FEN;result` lines (as `cargo run --release --features tuning --example datagen` prints them) and writes
`FEN;result;cp` lines, `cp` being Stockfish's score at a fixed depth from White's point of
view, which is what `cargo run --release --features tuning --example tune -- fit` reads. Positions Stockfish
scores as a mate are dropped (the tuner fits centipawns).

    python3 scripts/label-positions.py data.txt labelled.txt --depth 7 --procs 2

Needs Debian's `stockfish` and python-chess (`pip install 'chess==1.11.*'`); neither is a
dependency of the project. The first tuning round (4ea7264, 2026-11-21/22) labelled 214,516
positions at depth 7 in about seven minutes with two processes (on the earlier EPYC VM).
"""
import argparse
import multiprocessing as mp
import shutil
import sys

import chess
import chess.engine


def label_chunk(args):
    lines, depth, hash_mb = args
    engine = chess.engine.SimpleEngine.popen_uci(shutil.which("stockfish") or "/usr/games/stockfish")
    engine.configure({"Threads": 1, "Hash": hash_mb})
    out = []
    try:
        for line in lines:
            parts = line.strip().split(";")
            if len(parts) < 2:
                continue
            try:
                board = chess.Board(parts[0])
            except ValueError:
                continue
            info = engine.analyse(board, chess.engine.Limit(depth=depth))
            score = info["score"].white()
            if score.is_mate():
                continue
            out.append(f"{parts[0]};{parts[1]};{score.score()}")
    finally:
        engine.quit()
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("input")
    ap.add_argument("output")
    ap.add_argument("--depth", type=int, default=7)
    ap.add_argument("--procs", type=int, default=2)
    ap.add_argument("--hash", type=int, default=16, help="MB per Stockfish process")
    ap.add_argument("--chunk", type=int, default=2000, help="positions per work item")
    a = ap.parse_args()
    with open(a.input) as f:
        lines = [l for l in f if l.strip()]
    chunks = [(lines[i:i + a.chunk], a.depth, a.hash) for i in range(0, len(lines), a.chunk)]
    done = 0
    with open(a.output, "w") as out, mp.Pool(a.procs) as pool:
        for labelled in pool.imap(label_chunk, chunks):
            out.writelines(l + "\n" for l in labelled)
            done += 1
            print(f"\r{done}/{len(chunks)} chunks", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)


if __name__ == "__main__":
    main()
