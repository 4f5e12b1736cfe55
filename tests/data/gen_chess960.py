#!/usr/bin/env python3
"""Generate tests/data/perft_chess960.epd with python-chess as the oracle.

Dev tool only (not run by CI; python-chess is not a project dependency):

    pip install 'chess==1.11.*'
    python3 tests/data/gen_chess960.py            # about 15 minutes on 2 cores

Every position is a python-chess `chess.Board(fen, chess960=True)`; the counts are computed by
the `perft` function below from python-chess's legal move generator.

Groups (see the `# <group>` comment lines in the output):

* all 960 start positions, by Scharnagl number (python-chess's `Board.from_chess960_pos`, an
  independent implementation of the numbering), to depth 3, and every 8th to depth 4;
* positions from seeded random games from random start positions, biased towards castling
  (castling moves are preferred when legal and back-rank pieces other than king and rooks are
  developed first), kept with a mix of castling rights;
* castling positions: start positions stripped to kings, rooks and a few other pieces, with
  random enemy pieces that attack, block or pin, and random subsets of the castling rights;
  these exercise every Chess960 castling rule (king or rook already on its destination, the
  rook shielding the king's destination, blocked rook paths, attacked king paths); an extra
  rook on the back rank now and then makes X-FEN name an inner castling rook by its file.

Line format:

    <FEN> ;n <number> ;xfen <castling field> ;shredder <castling field> ;D1 n ;D2 n ...

The FEN is python-chess's X-FEN (`board.fen()`) on even lines of each group and its
Shredder-FEN (`board.shredder_fen()`) on odd lines, so that both are read; `;xfen` and
`;shredder` give python-chess's castling field in each notation, which the test compares with
chesscore's writer.  `;n` (start positions only) is the Scharnagl number.

Depth policy (random and castling groups): depths 1, 2, ... until the count reaches MIN_NODES;
a depth whose estimated count is above MAX_NODES is not computed.
"""

import multiprocessing
import os
import random
import sys
import time

import chess

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "perft_chess960.epd")

MIN_NODES = 10_000
MAX_NODES = 400_000
START_DEPTH = 3
START_DEEP_EVERY = 8  # every 8th start position also to depth 4
RANDOM_GAMES = 200
CASTLING_POSITIONS = 160
SEED = 960


def perft(board, depth):
    if depth == 1:
        return board.legal_moves.count()
    n = 0
    for m in list(board.legal_moves):
        board.push(m)
        n += perft(board, depth - 1)
        board.pop()
    return n


def series(fen):
    board = chess.Board(fen, chess960=True)
    counts = []
    for depth in range(1, 10):
        if len(counts) >= 2 and counts[-2] > 0:
            if counts[-1] * counts[-1] / counts[-2] > MAX_NODES:
                break
        c = perft(board, depth)
        counts.append(c)
        if c == 0 or c >= MIN_NODES:
            break
    return counts


def start_job(n):
    board = chess.Board.from_chess960_pos(n)
    depth = START_DEPTH + (1 if n % START_DEEP_EVERY == 0 else 0)
    return [perft(board, d) for d in range(1, depth + 1)]


def check_board(board):
    assert board.chess960
    assert board.is_valid(), (board.fen(), repr(board.status()))
    assert board.clean_castling_rights() == board.castling_rights, board.fen()


# ---------------------------------------------------------------------------
# random games


def develop_first(board, moves):
    """Moves of back-rank pieces other than king and rooks, when there are any."""
    rank = 0 if board.turn == chess.WHITE else 7
    out = [
        m
        for m in moves
        if chess.square_rank(m.from_square) == rank
        and board.piece_type_at(m.from_square) not in (chess.KING, chess.ROOK)
    ]
    return out or moves


def random_games(n, rng):
    out = []
    seen = set()
    while len(out) < n:
        board = chess.Board.from_chess960_pos(rng.randrange(960))
        plies = rng.randint(4, 40)
        for _ in range(plies):
            moves = sorted(board.legal_moves, key=lambda m: m.uci())
            if not moves:
                break
            castles = [m for m in moves if board.is_castling(m)]
            if castles and rng.random() < 0.6:
                board.push(rng.choice(castles))
            elif rng.random() < 0.6:
                board.push(rng.choice(develop_first(board, moves)))
            else:
                board.push(rng.choice(moves))
        if board.is_game_over(claim_draw=False):
            continue
        # Keep mostly positions with rights left, and some where castling is legal now.
        has_rights = board.castling_rights != 0
        can_castle = any(board.is_castling(m) for m in board.legal_moves)
        if not has_rights and rng.random() < 0.8:
            continue
        if has_rights and not can_castle and rng.random() < 0.3:
            continue
        fen = board.fen()
        if fen in seen:
            continue
        seen.add(fen)
        check_board(board)
        out.append(fen)
    return out


# ---------------------------------------------------------------------------
# castling positions


def castling_positions(n, rng):
    out = []
    seen = set()
    kinds = [chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT, chess.PAWN]
    while len(out) < n:
        start = chess.Board.from_chess960_pos(rng.randrange(960))
        board = chess.Board(None, chess960=True)
        for sq, piece in start.piece_map().items():
            if piece.piece_type in (chess.KING, chess.ROOK):
                board.set_piece_at(sq, piece)
            elif piece.piece_type == chess.PAWN:
                if rng.random() < 0.5:
                    board.set_piece_at(sq, piece)
            elif rng.random() < 0.2:
                board.set_piece_at(sq, piece)  # a piece left between king and rook
        # Enemy and own pieces on the middle ranks (and now and then on a back rank).
        for _ in range(rng.randint(1, 4)):
            color = rng.choice([chess.WHITE, chess.BLACK])
            kind = rng.choice(kinds)
            rank = rng.randint(1, 6) if kind == chess.PAWN else rng.randint(0, 7)
            sq = chess.square(rng.randrange(8), rank)
            if board.piece_at(sq) is None:
                board.set_piece_at(sq, chess.Piece(kind, color))
        # Now and then an extra rook on the back rank, so that X-FEN must name an inner castling
        # rook by its file.
        for color, rank in [(chess.WHITE, 0), (chess.BLACK, 7)]:
            if rng.random() < 0.3:
                sq = chess.square(rng.randrange(8), rank)
                if board.piece_at(sq) is None:
                    board.set_piece_at(sq, chess.Piece(chess.ROOK, color))
        board.turn = rng.choice([chess.WHITE, chess.BLACK])
        rights = 0
        for sq in chess.SquareSet(start.castling_rights):
            if rng.random() < 0.75:
                rights |= chess.BB_SQUARES[sq]
        board.castling_rights = rights & board.rooks
        board.castling_rights = board.clean_castling_rights()
        if not board.is_valid():
            continue
        if not board.legal_moves.count():
            continue
        fen = board.fen()
        if fen in seen:
            continue
        seen.add(fen)
        check_board(board)
        out.append(fen)
    return out


# ---------------------------------------------------------------------------


def fields(board, fen_choice, number=None):
    xfen = board.fen()
    shredder = board.shredder_fen()
    fen = xfen if fen_choice == 0 else shredder
    extra = "" if number is None else f" ;n {number}"
    return f"{fen}{extra} ;xfen {xfen.split()[2]} ;shredder {shredder.split()[2]}"


def fmt(prefix, counts):
    return prefix + "".join(f" ;D{d} {c}" for d, c in enumerate(counts, start=1))


def main():
    t0 = time.time()
    rng = random.Random(SEED)
    games = random_games(RANDOM_GAMES, rng)
    castling = castling_positions(CASTLING_POSITIONS, rng)
    print(f"positions chosen in {time.time() - t0:.1f} s", file=sys.stderr)
    if "--check-only" in sys.argv:
        return
    with multiprocessing.Pool(2) as pool:
        starts = pool.map(start_job, range(960), chunksize=8)
        print(f"start positions done at {time.time() - t0:.1f} s", file=sys.stderr)
        game_counts = pool.map(series, games, chunksize=1)
        castle_counts = pool.map(series, castling, chunksize=1)
    with open(OUT, "w") as f:
        f.write("# Chess960 perft positions generated by gen_chess960.py (oracle: python-chess,\n")
        f.write("# chess960=True). Format: see the script's docstring.\n")
        f.write("# start positions 0-959\n")
        for n, counts in enumerate(starts):
            board = chess.Board.from_chess960_pos(n)
            f.write(fmt(fields(board, n % 2, n), counts) + "\n")
        for name, fens, counts in [
            (f"random games (seed {SEED})", games, game_counts),
            ("castling positions", castling, castle_counts),
        ]:
            f.write(f"# {name}\n")
            for i, (fen, c) in enumerate(zip(fens, counts)):
                board = chess.Board(fen, chess960=True)
                f.write(fmt(fields(board, i % 2), c) + "\n")
    total = sum(sum(c[-1:]) for c in starts + game_counts + castle_counts)
    print(f"wrote {OUT}: {960 + len(games) + len(castling)} positions, "
          f"{total} nodes at the deepest depths, {time.time() - t0:.1f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
