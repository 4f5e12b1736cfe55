#!/usr/bin/env python3
"""Checks the material combinations that Position::can_ever_checkmate calls dead by enumeration.

For White = king + one piece X against Black = king + one piece Y, tries every placement with
X giving check to the black king (Black to move, White not in check) and counts checkmates.
Without pawns no material can appear, so when no such mate exists (nor with fewer pieces, which
are dead already) White can never mate. Bishops are placed on light squares only: the dark-square
case is the mirror image. Uses python-chess (pip install chess) as an independent rules
implementation; takes a few minutes. Also shows that the search finds mates where they exist.

Result on 2026-11-23: K+N v K+Q 0 mates; K+B v K+R 0; K+B v K+Q 0; K+N v K+P 8; K+N v K+R 8.
"""
import chess


def mates(white_piece, black_piece, white_square_ok=lambda sq: True):
    found = []
    for bk in chess.SQUARES:
        for wx in chess.SQUARES:
            if wx == bk or not white_square_ok(wx):
                continue
            probe = chess.Board(None)
            probe.set_piece_at(bk, chess.Piece(chess.KING, chess.BLACK))
            probe.set_piece_at(wx, chess.Piece(white_piece, chess.WHITE))
            if not probe.is_attacked_by(chess.WHITE, bk):
                continue  # only X can give check, and it must
            for wk in chess.SQUARES:
                if wk in (bk, wx) or chess.square_distance(wk, bk) <= 1:
                    continue
                for by in chess.SQUARES:
                    if by in (bk, wx, wk):
                        continue
                    if black_piece == chess.PAWN and chess.square_rank(by) in (0, 7):
                        continue
                    b = chess.Board(None)
                    b.set_piece_at(bk, chess.Piece(chess.KING, chess.BLACK))
                    b.set_piece_at(wk, chess.Piece(chess.KING, chess.WHITE))
                    b.set_piece_at(wx, chess.Piece(white_piece, chess.WHITE))
                    b.set_piece_at(by, chess.Piece(black_piece, chess.BLACK))
                    b.turn = chess.BLACK
                    if not b.was_into_check() and b.is_checkmate():
                        found.append(b.fen())
    return found


def light(sq):
    return (chess.square_file(sq) + chess.square_rank(sq)) % 2 == 1


if __name__ == "__main__":
    cases = [
        ("K+N v K+Q", chess.KNIGHT, chess.QUEEN, lambda sq: True, 0),
        ("K+B v K+R", chess.BISHOP, chess.ROOK, light, 0),
        ("K+B v K+Q", chess.BISHOP, chess.QUEEN, light, 0),
        ("K+N v K+P (control: mates exist)", chess.KNIGHT, chess.PAWN, lambda sq: True, None),
        ("K+N v K+R (control: mates exist)", chess.KNIGHT, chess.ROOK, lambda sq: True, None),
    ]
    ok = True
    for name, wp, bp, square_ok, expected in cases:
        found = mates(wp, bp, square_ok)
        print(f"{name}: {len(found)} mates", *(f"e.g. {f}" for f in found[:1]), flush=True)
        if expected is not None and len(found) != expected:
            ok = False
        if expected is None and not found:
            ok = False
    raise SystemExit(0 if ok else 1)
