import ChessCoreKit

/// The board-input rules that both boards share (``GameController`` and
/// ``AnalysisController``): which tap selects, reselects or clears, which one moves, and when the
/// promotion picker opens. One implementation, so that the two screens cannot drift apart. It
/// holds the selected square and its legal moves (the core's `legalMovesFrom`); it knows no
/// chess itself and never plays a move: each call returns what the controller should do, and
/// ``BoardScreenState/show(_:)`` puts it on the screen.
///
/// Whose turn it is, whether the engine blocks taps, and what playing a move means (a game move
/// or a new variation) stay the controllers'.
struct MoveInput {
    /// What a tap or drag comes to.
    enum Outcome: Equatable {
        /// `square`'s piece is selected; `targets` are its destinations.
        case select(Square, targets: Set<Square>)
        /// Nothing is selected any more.
        case clear
        /// Play this move (the selection is already cleared).
        case play(from: Square, to: Square, promotion: PieceKind?)
        /// Open the promotion picker; the pawn stays selected.
        case askPromotion(PendingPromotion)
    }

    /// The selected square, if any.
    private(set) var selected: Square?
    /// The legal moves of the selected piece, as the core gave them (a promotion once per piece).
    private(set) var moves: [LegalMove] = []

    /// The person tapped `square` on the board showing `snapshot`: with a selection, a target
    /// moves (or asks for the promotion piece when the core offers choices), the selected square
    /// again clears; otherwise a piece of the side to move is selected and anything else clears.
    /// A target wins over an own piece, so a Chess960 king takes its rook by castling.
    mutating func tap(
        _ square: Square, snapshot: GameSnapshot, legalMovesFrom: (Square) -> [LegalMove]
    ) -> Outcome {
        if let from = selected, moves.contains(where: { $0.to == square }) {
            let choices = moves.filter { $0.to == square }.compactMap(\.promotion)
            if choices.isEmpty {
                clear()
                return .play(from: from, to: square, promotion: nil)
            }
            return .askPromotion(PendingPromotion(from: from, to: square, choices: choices))
        }
        if selected != square, snapshot.pieceAt(square)?.side == snapshot.sideToMove {
            moves = legalMovesFrom(square)
            selected = square
            return .select(square, targets: Set(moves.map(\.to)))
        }
        clear()
        return .clear
    }

    /// The person dragged the piece on `from` to `to`: selecting `from`, then tapping `to`, in
    /// that order. Nothing (an empty list) when `from` holds no piece of the side to move.
    mutating func drag(
        from: Square, to: Square, snapshot: GameSnapshot,
        legalMovesFrom: (Square) -> [LegalMove]
    ) -> [Outcome] {
        guard snapshot.pieceAt(from)?.side == snapshot.sideToMove else { return [] }
        clear()
        let select = tap(from, snapshot: snapshot, legalMovesFrom: legalMovesFrom)
        return [select, tap(to, snapshot: snapshot, legalMovesFrom: legalMovesFrom)]
    }

    /// Forgets the selection (after a move, a failed move or any change of the position).
    mutating func clear() {
        selected = nil
        moves = []
    }
}

extension BoardScreenState {
    /// Shows `outcome` of ``MoveInput``: the selection, its targets and the promotion picker.
    /// Returns the move to play when the outcome is one.
    mutating func show(_ outcome: MoveInput.Outcome) -> (
        from: Square, to: Square, promotion: PieceKind?
    )? {
        switch outcome {
        case .select(let square, let squares):
            selected = square
            targets = squares
            pendingPromotion = nil
        case .clear:
            clearSelection()
        case .askPromotion(let pending):
            pendingPromotion = pending
        case .play(let from, let to, let promotion):
            clearSelection()
            return (from, to, promotion)
        }
        return nil
    }

    /// No selection, no targets, no picker.
    mutating func clearSelection() {
        selected = nil
        targets = []
        pendingPromotion = nil
    }
}
