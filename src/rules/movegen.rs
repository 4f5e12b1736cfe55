//! Legal move generation: pins and check evasions are handled while generating, so no move is
//! made and tested afterwards.

use super::attacks;
use super::bitboard::Bitboard;
use super::moves::{Move, MoveList};
use super::position::Position;
use super::square::Square;
use super::types::{PieceKind, Side};

/// Where generated moves go: a [`MoveList`], or a counter that never materialises them (perft's
/// last ply). Generic, so each use is compiled separately and costs nothing.
pub(crate) trait MoveSink {
    /// One move.
    fn push(&mut self, m: Move);
    /// Ordinary moves from `from` to every square of `targets`.
    #[inline]
    fn push_targets(&mut self, from: Square, targets: Bitboard) {
        for to in targets {
            self.push(Move::normal(from, to));
        }
    }
    /// Pawn moves onto every square of `targets`, each coming from `delta` squares back; promotions
    /// (four moves each) when `promote` is set.
    #[inline]
    fn push_pawns(&mut self, targets: Bitboard, delta: i32, promote: bool) {
        for to in targets {
            let from = Square::new_unchecked((to.index() as i32 - delta) as u32);
            if promote {
                for k in PieceKind::PROMOTIONS {
                    self.push(Move::promotion(from, to, k));
                }
            } else {
                self.push(Move::normal(from, to));
            }
        }
    }
}

impl MoveSink for MoveList {
    #[inline]
    fn push(&mut self, m: Move) {
        MoveList::push(self, m)
    }
}

/// Counts moves without producing them.
struct MoveCounter(u64);

impl MoveSink for MoveCounter {
    #[inline]
    fn push(&mut self, _: Move) {
        self.0 += 1;
    }
    #[inline]
    fn push_targets(&mut self, _: Square, targets: Bitboard) {
        self.0 += targets.count() as u64;
    }
    #[inline]
    fn push_pawns(&mut self, targets: Bitboard, _: i32, promote: bool) {
        self.0 += targets.count() as u64 * if promote { 4 } else { 1 };
    }
}

/// Which moves to generate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GenKind {
    /// Every legal move.
    All,
    /// Captures (en passant included) and promotions: the moves a quiescence search looks at.
    Noisy,
    /// Moves that neither capture nor promote (castling included).
    Quiet,
}

impl Position {
    /// Every legal move in this position.
    ///
    /// # Examples
    /// ```
    /// use chesscore::rules::Position;
    /// assert_eq!(Position::startpos().legal_moves().len(), 20);
    /// ```
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate(GenKind::All, Bitboard::FULL, &mut list);
        list
    }

    /// The legal moves of the piece on `from` (empty when the square is empty or holds a piece of
    /// the side not to move). Only that piece's moves are generated, not the whole list.
    pub fn legal_moves_from(&self, from: Square) -> MoveList {
        let mut list = MoveList::new();
        self.generate(GenKind::All, Bitboard::from_square(from), &mut list);
        list
    }

    /// The moves the piece on `from`, of the side *not* to move, could make after one reply of
    /// the side to move: the union, over every legal move of the side to move after which that
    /// piece is still there, of its legal moves then. What a premove may be: a move outside this
    /// list can never be legal on the player's next turn, one inside it may be. Empty when
    /// `from` is empty or holds a piece of the side to move, or when the side to move has no
    /// legal move. About 30 replies, each a move generation of one piece: microseconds.
    ///
    /// # Examples
    /// ```
    /// use chesscore::rules::{Position, Square};
    /// // White to move: Black's g8 knight may go to f6 or h6 whatever White plays (e7 holds
    /// // its own pawn), and the e7 pawn to e6 or e5 (no White piece can reach d6 or f6 to be
    /// // taken there in one move).
    /// assert_eq!(Position::startpos().premove_moves(Square::E7).len(), 2);
    /// let moves = Position::startpos().premove_moves(Square::G8);
    /// let mut to: Vec<String> = moves.iter().map(|m| m.to().to_string()).collect();
    /// to.sort();
    /// assert_eq!(to, ["f6", "h6"]);
    /// ```
    pub fn premove_moves(&self, from: Square) -> MoveList {
        let mut union = MoveList::new();
        match self.piece_at(from) {
            Some(p) if p.side != self.side_to_move() => {}
            _ => return union,
        }
        let mut after = self.clone();
        for reply in self.legal_moves().iter() {
            let undo = after.make_move(*reply);
            if after
                .piece_at(from)
                .is_some_and(|p| p.side == after.side_to_move())
            {
                for m in after.legal_moves_from(from).iter() {
                    if !union.contains(*m) {
                        union.push(*m);
                    }
                }
            }
            after.unmake_move(*reply, &undo);
        }
        union
    }

    /// `true` when `m` is legal here. Cheap: generates only the moves of the piece on `m.from()`.
    pub fn is_legal(&self, m: Move) -> bool {
        if m.is_null() {
            return false;
        }
        match self.piece_at(m.from()) {
            Some(p) if p.side == self.side_to_move() => {}
            _ => return false,
        }
        let mut list = MoveList::new();
        self.generate(GenKind::All, Bitboard::from_square(m.from()), &mut list);
        list.contains(m)
    }

    /// `true` when the side to move has at least one legal move.
    pub fn has_legal_moves(&self) -> bool {
        !self.legal_moves().is_empty()
    }

    /// `true` when the side to move is checkmated.
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_moves()
    }

    /// `true` when the side to move is stalemated.
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_moves()
    }

    /// Appends to `list` the legal moves of `kind` made by pieces on `from_mask`.
    pub fn generate(&self, kind: GenKind, from_mask: Bitboard, list: &mut MoveList) {
        self.generate_into(kind, from_mask, list);
    }

    /// The number of legal moves, counted without writing them anywhere.
    pub fn count_legal_moves(&self) -> u64 {
        let mut counter = MoveCounter(0);
        self.generate_into(GenKind::All, Bitboard::FULL, &mut counter);
        counter.0
    }

    #[inline]
    fn generate_into<S: MoveSink>(&self, kind: GenKind, from_mask: Bitboard, list: &mut S) {
        let us = self.side_to_move();
        let them = !us;
        let ours = self.side_pieces(us);
        let theirs = self.side_pieces(them);
        let occupied = ours | theirs;
        let king = self.king_square(us);
        let target_filter = match kind {
            GenKind::All => !ours,
            GenKind::Noisy => theirs,
            GenKind::Quiet => !occupied,
        };

        if from_mask.contains(king) {
            let without_king = occupied.without(king);
            for to in attacks::king_attacks(king) & target_filter {
                if !self.is_attacked_by(them, to, without_king) {
                    list.push(Move::normal(king, to));
                }
            }
            if kind != GenKind::Noisy && !self.is_check() {
                self.generate_castling(king, list);
            }
        }

        let checkers = self.checkers();
        if checkers.more_than_one() {
            return;
        }
        let check_mask = match checkers.first() {
            Some(checker) => attacks::between(king, checker).with(checker),
            None => Bitboard::FULL,
        };
        let pinned = self.pinned(us);
        let targets = target_filter & check_mask;

        for from in self.pieces(us, PieceKind::Knight) & (from_mask - pinned) {
            list.push_targets(from, attacks::knight_attacks(from) & targets);
        }
        let queens = self.pieces(us, PieceKind::Queen);
        for from in (self.pieces(us, PieceKind::Bishop) | queens) & from_mask {
            let mut to_set = attacks::bishop_attacks(from, occupied) & targets;
            if pinned.contains(from) {
                to_set &= attacks::line(king, from);
            }
            list.push_targets(from, to_set);
        }
        for from in (self.pieces(us, PieceKind::Rook) | queens) & from_mask {
            let mut to_set = attacks::rook_attacks(from, occupied) & targets;
            if pinned.contains(from) {
                to_set &= attacks::line(king, from);
            }
            list.push_targets(from, to_set);
        }

        self.generate_pawn_moves(kind, from_mask, check_mask, pinned, king, list);
    }

    fn generate_castling<S: MoveSink>(&self, king: Square, list: &mut S) {
        let us = self.side_to_move();
        let back = Bitboard::rank(if us == Side::White { 0 } else { 7 });
        let occupied = self.occupied();
        for rook in self.castling_rooks() & back {
            let (king_to, rook_to) = Position::castle_targets(king, rook);
            let king_path = attacks::between(king, king_to).with(king_to);
            let rook_path = attacks::between(rook, rook_to).with(rook_to);
            let must_be_empty = (king_path | rook_path | attacks::between(king, rook))
                .without(king)
                .without(rook);
            if (must_be_empty & occupied).any() {
                continue;
            }
            let after = occupied.without(king).without(rook);
            if king_path
                .into_iter()
                .all(|sq| !self.is_attacked_by(!us, sq, after))
            {
                list.push(Move::castle(king, rook));
            }
        }
    }

    fn generate_pawn_moves<S: MoveSink>(
        &self,
        kind: GenKind,
        from_mask: Bitboard,
        check_mask: Bitboard,
        pinned: Bitboard,
        king: Square,
        list: &mut S,
    ) {
        let us = self.side_to_move();
        let them = !us;
        let pawns = self.pieces(us, PieceKind::Pawn) & from_mask;
        if pawns.is_empty() {
            return;
        }
        let empty = !self.occupied();
        let theirs = self.side_pieces(them);
        let (forward, last_rank, third_rank): (i32, Bitboard, Bitboard) = match us {
            Side::White => (8, Bitboard::RANK_8, Bitboard::rank(2)),
            Side::Black => (-8, Bitboard::RANK_1, Bitboard::rank(5)),
        };
        let shift = |bb: Bitboard, by: i32| -> Bitboard {
            if by > 0 {
                Bitboard(bb.0 << by)
            } else {
                Bitboard(bb.0 >> -by)
            }
        };
        let free = pawns - pinned;

        // Unpinned pawns, set-wise.
        let single = shift(free, forward) & empty;
        let double = shift(single & third_rank, forward) & empty & check_mask;
        let single = single & check_mask;
        let not_a = !Bitboard::FILE_A;
        let not_h = !Bitboard::FILE_H;
        // Captures towards the a-file and towards the h-file.
        let (west, east) = match us {
            Side::White => (7, 9),
            Side::Black => (-9, -7),
        };
        let capture_west = shift(free & not_a, west) & theirs & check_mask;
        let capture_east = shift(free & not_h, east) & theirs & check_mask;

        let want_quiet = kind != GenKind::Noisy;
        let want_noisy = kind != GenKind::Quiet;

        if want_noisy {
            list.push_pawns(single & last_rank, forward, true);
            list.push_pawns(capture_west & last_rank, west, true);
            list.push_pawns(capture_east & last_rank, east, true);
            list.push_pawns(capture_west - last_rank, west, false);
            list.push_pawns(capture_east - last_rank, east, false);
        }
        if want_quiet {
            list.push_pawns(single - last_rank, forward, false);
            list.push_pawns(double, 2 * forward, false);
        }

        // Pinned pawns, one by one, along their pin line (rare).
        for from in pawns & pinned {
            let pin_line = attacks::line(king, from);
            let mut to_set = attacks::pawn_attacks(us, from) & theirs;
            if let Some(one) = from.offset(0, us.sign()) {
                if empty.contains(one) {
                    to_set |= Bitboard::from_square(one);
                    if third_rank.contains(one) {
                        if let Some(two) = one.offset(0, us.sign()) {
                            if empty.contains(two) {
                                to_set |= Bitboard::from_square(two);
                            }
                        }
                    }
                }
            }
            for to in to_set & pin_line & check_mask {
                let capture = theirs.contains(to);
                if last_rank.contains(to) {
                    if want_noisy {
                        for k in PieceKind::PROMOTIONS {
                            list.push(Move::promotion(from, to, k));
                        }
                    }
                } else if (capture && want_noisy) || (!capture && want_quiet) {
                    list.push(Move::normal(from, to));
                }
            }
        }

        if want_noisy {
            if let Some(ep) = self.en_passant() {
                for from in attacks::pawn_attacks(them, ep) & pawns {
                    if self.en_passant_is_legal(from, ep) {
                        list.push(Move::en_passant(from, ep));
                    }
                }
            }
        }
    }

    /// Counts the leaf nodes of the legal move tree `depth` plies deep (the last ply is counted,
    /// not played).
    ///
    /// # Examples
    /// ```
    /// use chesscore::rules::Position;
    /// assert_eq!(Position::startpos().perft(3), 8_902);
    /// ```
    pub fn perft(&self, depth: u32) -> u64 {
        let mut pos = self.clone();
        perft_inner(&mut pos, depth)
    }

    /// The perft count below each legal root move, in generation order ("divide").
    pub fn perft_divide(&self, depth: u32) -> Vec<(Move, u64)> {
        let mut pos = self.clone();
        let moves = pos.legal_moves();
        moves
            .iter()
            .map(|&m| {
                let undo = pos.make_move(m);
                let n = if depth <= 1 {
                    1
                } else {
                    perft_inner(&mut pos, depth - 1)
                };
                pos.unmake_move(m, &undo);
                (m, n)
            })
            .collect()
    }
}

fn perft_inner(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        return pos.count_legal_moves();
    }
    let moves = pos.legal_moves();
    let mut total = 0;
    for &m in moves.iter() {
        let undo = pos.make_move(m);
        total += perft_inner(pos, depth - 1);
        pos.unmake_move(m, &undo);
    }
    total
}
