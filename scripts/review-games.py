#!/usr/bin/env python3
"""Games with real blunders, for measuring `chesscore review` (docs/review.md).

A measuring tool, not project code: python-chess drives the engines (pip install chess;
apt-get install stockfish). Pairings are chesscore's weak levels against each other and against
Stockfish 15.1 at low `Skill Level`, from the balanced openings of ../shared/tools/data/openings.epd
(or --openings). chesscore searches with its level's own caps (deterministic for a seed);
Stockfish's weak skill levels pick moves at random, so its games are not reproducible move for
move: the generated PGN is committed instead.

    nice -n 10 python3 scripts/review-games.py --engine target/release/chesscore \
        --games 60 --out docs/review-data/games.pgn
    nice -n 10 python3 scripts/review-games.py --careless --seed 17 --games 40 --max-plies 80 \
        --out docs/review-data/careless.pgn
"""
import argparse
import random
import sys
from pathlib import Path

import chess
import chess.engine
import chess.pgn

HERE = Path(__file__).resolve().parent
DEFAULT_OPENINGS = HERE.parent.parent / "shared" / "tools" / "data" / "openings.epd"

# (white, black): "cc:N" is chesscore at level N, "sf:N" Stockfish at Skill Level N; a suffix
# "+rP" makes the player pick a uniformly random legal move P % of the time instead (a careless
# move, like a hung piece: weak engines seldom give material away, people do).
PAIRINGS = [
    ("cc:1", "cc:2"), ("cc:2", "cc:3"), ("cc:3", "cc:1"), ("cc:2", "cc:4"),
    ("cc:3", "sf:0"), ("sf:1", "cc:2"), ("cc:4", "sf:2"), ("sf:3", "cc:3"),
    ("cc:5", "cc:3"), ("cc:1", "sf:1"), ("cc:6", "cc:4"), ("sf:0", "cc:5"),
]
CARELESS_PAIRINGS = [
    ("cc:4+r8", "cc:4+r8"), ("cc:6+r6", "sf:1"), ("sf:2", "cc:5+r8"), ("cc:3+r8", "cc:6+r5"),
    ("cc:7+r6", "cc:5+r6"), ("sf:0", "cc:4+r6"), ("cc:5+r8", "sf:3"), ("cc:2+r5", "cc:3+r5"),
]


def load_openings(path):
    out = []
    for line in Path(path).read_text().splitlines():
        line = line.strip()
        if not line:
            continue
        board, ops = chess.Board.from_epd(line)
        out.append((board.fen(), ops.get("id", "?")))
    return out


class Player:
    def __init__(self, spec, engine_path, seed):
        self.spec = spec
        self.careless = 0.0
        if "+r" in spec:
            spec, pct = spec.split("+r")
            self.careless = int(pct) / 100.0
        self.rng = random.Random(seed)
        kind, level = spec.split(":")
        if kind == "cc":
            self.engine = chess.engine.SimpleEngine.popen_uci([engine_path, "uci"])
            self.engine.configure({"Skill Level": int(level), "Seed": seed})
            # The level's own depth and node caps bound the search: deterministic for a seed.
            self.limit = chess.engine.Limit(depth=64)
            self.name = f"chesscore level {level}"
        if self.careless:
            self.name += f" (random move {round(100 * self.careless)} %)"
        else:
            self.engine = chess.engine.SimpleEngine.popen_uci("/usr/games/stockfish")
            self.engine.configure({"Skill Level": int(level), "Threads": 1, "Hash": 16})
            self.limit = chess.engine.Limit(nodes=30_000)
            self.name = f"Stockfish 15.1 skill {level}"
            if self.careless:
                self.name += f" (random move {round(100 * self.careless)} %)"

    def choose(self, board):
        if self.careless and self.rng.random() < self.careless:
            return self.rng.choice(list(board.legal_moves))
        return self.engine.play(board, self.limit).move

    def close(self):
        self.engine.quit()


def play(white, black, fen, max_plies):
    board = chess.Board(fen)
    while not board.is_game_over(claim_draw=True) and board.ply() < max_plies:
        player = white if board.turn == chess.WHITE else black
        board.push(player.choose(board))
    game = chess.pgn.Game.from_board(board)  # keeps the start position in [SetUp]/[FEN]
    outcome = board.outcome(claim_draw=True)
    game.headers["Result"] = outcome.result() if outcome else "*"
    return game


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--engine", default="target/release/chesscore")
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--max-plies", type=int, default=120,
                    help="stop a game after this many plies (long lopsided endings say little)")
    ap.add_argument("--openings", default=str(DEFAULT_OPENINGS))
    ap.add_argument("--seed", type=int, default=16)
    ap.add_argument("--careless", action="store_true",
                    help="the pairings with random careless moves")
    ap.add_argument("--out", required=True)
    args = ap.parse_args()

    rng = random.Random(args.seed)
    openings = load_openings(args.openings)
    rng.shuffle(openings)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("w") as f:
        for g in range(args.games):
            pairings = CARELESS_PAIRINGS if args.careless else PAIRINGS
            wspec, bspec = pairings[g % len(pairings)]
            fen, oid = openings[g % len(openings)]
            white = Player(wspec, args.engine, args.seed * 1000 + 2 * g)
            black = Player(bspec, args.engine, args.seed * 1000 + 2 * g + 1)
            try:
                game = play(white, black, fen, args.max_plies)
            finally:
                white.close()
                black.close()
            game.headers["Event"] = "chesscore review quality"
            game.headers["Site"] = "local"
            game.headers["Round"] = str(g + 1)
            game.headers["White"] = white.name
            game.headers["Black"] = black.name
            game.headers["Opening"] = oid
            print(game, file=f, end="\n\n", flush=True)
            print(f"game {g + 1}/{args.games}: {white.name} - {black.name} "
                  f"{game.headers['Result']} ({len(list(game.mainline_moves()))} plies)",
                  file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
