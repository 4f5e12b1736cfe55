import ChessCore

/// Who plays which side.
public enum GameMode: Sendable, Hashable {
    /// A person plays `humanSide` against the engine.
    case humanVsEngine(humanSide: Side)
    /// Two people share the device.
    case humanVsHuman
    /// The engine plays both sides; the person watches.
    case engineVsEngine

    /// `true` when the engine plays `side` in this mode.
    public func enginePlays(_ side: Side) -> Bool {
        switch self {
        case .humanVsEngine(let humanSide): return side != humanSide
        case .humanVsHuman: return false
        case .engineVsEngine: return true
        }
    }
}

/// A pawn move waiting for the player to pick the piece it promotes to.
public struct PendingPromotion: Sendable, Hashable {
    /// The pawn's square, 0 (a1) to 63 (h8).
    public var from: Int
    /// The promotion square.
    public var to: Int
    /// The pieces the core allows, in the core's order.
    public var choices: [PieceKind]
}

/// The engine's current line, as the thinking panel shows it.
public struct ThinkingLine: Sendable, Hashable {
    /// The last completed depth, in plies.
    public var depth: Int
    /// The evaluation from White's point of view: `"+0.35"`, `"M3"` (White mates), `"-M2"`.
    public var scoreText: String
    /// The principal variation in SAN, as the core wrote it.
    public var pv: [String]
}

/// Everything the board screen draws. Built from the core's `GameSnapshot`; holds no rules.
public struct BoardUiState: Sendable, Equatable {
    /// The level a first game starts at ("Club player").
    public static let defaultLevel = 4

    /// The core's snapshot, taken after every change.
    public var snapshot: GameSnapshot
    /// The side shown at the bottom.
    public var orientation: Side = .white
    /// The square whose piece is selected, 0 (a1) to 63 (h8).
    public var selected: Int?
    /// Where the selected piece may go (from `legalMovesFrom`).
    public var targets: Set<Int> = []
    /// The promotion waiting for the player's choice, while the picker shows.
    public var pendingPromotion: PendingPromotion?
    /// Who plays which side.
    public var mode: GameMode = .humanVsEngine(humanSide: .white)
    /// The engine's strength, 1 to 10 (names from `engineLevels()`).
    public var level: Int = BoardUiState.defaultLevel
    /// `true` while the engine searches (its move or a hint).
    public var engineThinking = false
    /// The engine's latest line while it thinks.
    public var thinking: ThinkingLine?
    /// The engine's suggestion for the player, shown until the next change.
    public var hint: LegalMove?
    /// The last error to show (e.g. the core's message for an invalid FEN).
    public var message: String?

    /// A sentence describing `snapshot.status`: "White to move", "Checkmate — Black wins",
    /// "Draw by stalemate", "Draw may be claimed: threefold repetition", ...
    public var statusText: String { Self.describeStatus(snapshot) }

    /// The draw the side to move may claim now, if any (offer a "Claim draw" button).
    public var claimableDraw: DrawReason? {
        if case .ongoing(let claimable) = snapshot.status { return claimable }
        return nil
    }

    /// `true` once the game has ended.
    public var isGameOver: Bool {
        if case .ended = snapshot.status { return true }
        return false
    }

    /// `true` when a person may move now: the game goes on, the side to move is not the
    /// engine's and the engine is not thinking.
    public var isHumanTurn: Bool {
        !isGameOver && !engineThinking && !mode.enginePlays(snapshot.sideToMove)
    }

    /// The status sentence for `snapshot` (the core decides the status; this only words it).
    static func describeStatus(_ snapshot: GameSnapshot) -> String {
        switch snapshot.status {
        case .ongoing(claimableDraw: .some(let reason)):
            return "Draw may be claimed: \(reason.text)"
        case .ongoing(claimableDraw: .none):
            return "\(snapshot.sideToMove.name) to move"
        case .ended(outcome: .checkmate(let winner)):
            return "Checkmate — \(winner.name) wins"
        case .ended(outcome: .resignation(let winner)):
            return "\(winner.opponent.name) resigned — \(winner.name) wins"
        case .ended(outcome: .draw(let reason)):
            return "Draw by \(reason.text)"
        }
    }
}

extension Side {
    /// "White" or "Black".
    public var name: String { self == .white ? "White" : "Black" }
    /// The other side.
    public var opponent: Side { self == .white ? .black : .white }
}

extension DrawReason {
    /// The reason in words, e.g. "threefold repetition".
    public var text: String {
        switch self {
        case .stalemate: return "stalemate"
        case .insufficientMaterial: return "insufficient material"
        case .fiftyMoveRule: return "the fifty-move rule"
        case .seventyFiveMoveRule: return "the seventy-five-move rule"
        case .threefoldRepetition: return "threefold repetition"
        case .fivefoldRepetition: return "fivefold repetition"
        case .agreement: return "agreement"
        }
    }
}

extension Score {
    /// A score from White's point of view (`SearchInfo.scoreWhite`) as the thinking line shows
    /// it: "+0.35", "-1.20", "M3" when White mates in 3, "-M2" when Black mates in 2.
    public var text: String {
        switch self {
        case .centipawns(let value):
            let pawns = abs(Int(value)) / 100
            let hundredths = abs(Int(value)) % 100
            let hundredthsText = hundredths < 10 ? "0\(hundredths)" : "\(hundredths)"
            return "\(value < 0 ? "-" : "+")\(pawns).\(hundredthsText)"
        case .mate(let moves):
            return moves < 0 ? "-M\(-Int(moves))" : "M\(moves)"
        }
    }
}
