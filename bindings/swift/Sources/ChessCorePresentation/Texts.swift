import ChessCoreKit

extension Side {
    /// "White" or "Black".
    public var name: String { self == .white ? "White" : "Black" }
    /// The other side.
    public var opponent: Side { self == .white ? .black : .white }

    /// "white" or "black": how the screens' settings keep a side (the Kotlin presenter's values).
    var settingsValue: String { self == .white ? "white" : "black" }

    /// The side kept as ``settingsValue``, or `nil` for anything else.
    init?(settingsValue: String?) {
        switch settingsValue {
        case "white": self = .white
        case "black": self = .black
        default: return nil
        }
    }
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
        case .timeoutVsInsufficientMaterial: return "timeout against insufficient material"
        }
    }
}

/// What the player is told when a move announced as a draw claim allows none
/// (``GameController/claimDrawWithNextMove(_:)``): the move stands and the game goes on.
public func noDrawClaimText(san: String) -> String {
    "No draw: \(san) allows no claim. The move stands."
}

/// Which earlier position the board shows while the player looks back
/// (``BoardUiState/viewed``): "After 12. Nf3", "After 12... Nf6", "The start position".
public func viewedText(_ viewed: GameSnapshot) -> String {
    guard let move = viewed.lastMove else { return "The start position" }
    return viewed.sideToMove == .black
        ? "After \(viewed.fullmoveNumber). \(move.san)"
        : "After \(viewed.fullmoveNumber - 1)... \(move.san)"
}

/// What the board says after loading a pasted FEN the core had to repair (`repairFen`: stale
/// castling rights or en passant square dropped), each repair as the core words it.
public func repairedFenText(_ repairs: [String]) -> String {
    "The FEN was loaded with changes: " + repairs.joined(separator: "; ")
}

/// A game from a pasted `fen`, through the core's `repairFen`: castling rights or an en passant
/// square the position cannot have are dropped, with a ``repairedFenText(_:)`` to show (`nil`
/// when nothing was). `chess960` says what the board it goes on plays, so that `KQkq` with a
/// king off the e-file is a stale right on a standard board and an X-FEN right on a Chess960
/// one. Throws the core's `InvalidFen` (as `fromFen` words it) for anything else.
func gameOfPastedFen(_ fen: String, chess960: Bool) throws -> (game: ChessGame, note: String?) {
    let repaired = try repairFen(
        fen: fen.trimmingCharacters(in: .whitespacesAndNewlines), chess960: chess960)
    let game =
        repaired.chess960
        ? try ChessGame.fromChess960Fen(fen: repaired.fen) : try ChessGame.fromFen(fen: repaired.fen)
    return (game, repaired.repairs.isEmpty ? nil : repairedFenText(repaired.repairs))
}

/// What the board says when the engine declined the player's draw offer
/// (``GameController/offerDraw()``).
public func drawDeclinedText() -> String {
    "The engine declines the draw and plays on."
}

/// A clock's time as the board screen shows it: `3:00`, `12:05`, `1:30:00` from an hour, with
/// tenths under ten seconds (`0:09.7`), as the core's `clockDisplayText` writes it.
public func clockText(ms: UInt64) -> String {
    clockDisplayText(ms: ms)
}

/// One line about the game, from the core's status only, e.g. "White to move", "Black to move,
/// in check" (said, not only drawn on the king's square), "Checkmate — Black wins", "Draw by
/// stalemate", "Draw may be claimed: threefold repetition".
public func statusText(_ snapshot: GameSnapshot) -> String {
    switch snapshot.status {
    case .ongoing(claimableDraw: .some(let reason)):
        return "Draw may be claimed: \(reason.text)" + (snapshot.checkSquare != nil ? ", in check" : "")
    case .ongoing(claimableDraw: .none):
        return "\(snapshot.sideToMove.name) to move" + (snapshot.checkSquare != nil ? ", in check" : "")
    case .ended(outcome: .checkmate(let winner)):
        return "Checkmate — \(winner.name) wins"
    case .ended(outcome: .resignation(let winner)):
        return "\(winner.opponent.name) resigned — \(winner.name) wins"
    case .ended(outcome: .timeForfeit(let winner)):
        return "\(winner.opponent.name) ran out of time — \(winner.name) wins"
    case .ended(outcome: .draw(let reason)):
        return "Draw by \(reason.text)"
    }
}

/// White's win chance (`SearchInfo.whiteWin`, ``AnalysisUiState/whiteWin``) and Black's, in whole
/// percent, as an eval bar says it to VoiceOver and TalkBack: "White 62 % · Black 38 %" (the
/// Kotlin `winChanceText`).
public func winChanceText(_ whiteWin: Double) -> String {
    let white = Int(min(max(whiteWin, 0), 100).rounded())
    return "White \(white) % · Black \(100 - white) %"
}

/// A score from White's point of view (`SearchInfo.scoreWhite`) as the thinking line shows it:
/// "+0.35", "-1.20", "0.00", "M3" when White mates in 3, "-M2" when Black mates in 2.
public func scoreText(_ scoreWhite: Score) -> String {
    switch scoreWhite {
    case .centipawns(let value):
        let centipawns = Int(value)
        if centipawns == 0 { return "0.00" }
        let magnitude = abs(centipawns)
        let hundredths = magnitude % 100
        return "\(centipawns < 0 ? "-" : "+")\(magnitude / 100).\(hundredths < 10 ? "0" : "")\(hundredths)"
    case .mate(let moves):
        return moves >= 0 ? "M\(moves)" : "-M\(-Int(moves))"
    }
}

/// What a screen says when a PGN text holds no game at all (the Kotlin `NO_GAME_FOUND`).
public let noGameFoundText = "No game found"

/// A NAG as the move list shows it, from the core's `nagSymbol` (1 "!", 2 "?", 3 "!!", 4 "??",
/// 5 "!?", 6 "?!", 14 "⩲", 18 "+−" and the other common ones); "" for the others, which a PGN
/// export keeps as `$n`. The Kotlin `nagText` (not `nagSymbol`, the core's `String?`).
public func nagText(_ nag: UInt32) -> String {
    ChessCore.nagSymbol(nag: nag) ?? ""
}

/// A move of the inline move list (`GameSnapshot.moveList`) as text: its number when the core
/// says to show it ("12." for White, "12…" for Black), the SAN and its NAG symbols, e.g.
/// "12… Nf6!?"; `nil` for an item that is not a move (a comment, a variation's start or end).
/// The Kotlin `moveText`.
public func moveText(_ item: MoveListItem) -> String? {
    guard case .move(_, _, let number, let side, let showNumber, let san, let nags) = item else {
        return nil
    }
    let prefix = !showNumber ? "" : side == .white ? "\(number). " : "\(number)… "
    return prefix + san + nags.map(nagText).joined()
}

/// The coach's threat as the analysis board says it: "Threat: Qxf7#" or, with the line that
/// follows it, "Threat: Nxe5 (dxe5 Qxd8+)". The Kotlin `threatText`.
public func threatText(_ threat: Threat) -> String {
    guard let first = threat.lineSan.first else { return "No threat" }
    if threat.lineSan.count == 1 { return "Threat: \(first)" }
    return "Threat: \(first) (\(threat.lineSan.dropFirst().joined(separator: " ")))"
}

/// The coach's refutation of the last move as the analysis board says it, e.g. "Nf6?? allows
/// Qxf7#. Better: Qe7" (the class's symbol, the opponent's line, the better move). The Kotlin
/// `refutationText`.
public func refutationText(_ refutation: Refutation) -> String {
    let line = refutation.lineSan.isEmpty ? "a better reply" : refutation.lineSan.joined(separator: " ")
    return "\(refutation.san)\(refutation.classification.symbol()) allows \(line). Better: \(refutation.betterSan)"
}

extension PieceKind {
    /// The piece's name in words, e.g. "knight" (for labels and screen readers).
    public var name: String {
        switch self {
        case .king: "king"
        case .queen: "queen"
        case .rook: "rook"
        case .bishop: "bishop"
        case .knight: "knight"
        case .pawn: "pawn"
        }
    }
}

extension Piece {
    /// The piece's name in words, e.g. "white knight" (for labels and screen readers).
    public var name: String { "\(side == .white ? "white" : "black") \(kind.name)" }
}

/// What a screen reader says for a square of the board (VoiceOver, TalkBack): its name, what
/// stands on it, "in check" for the king in check (`inCheck`: the snapshot's check square),
/// "last move" for the squares of the last move (`lastMove`), what else the board draws there
/// (`marks`, from ``squareMarkWords(_:squareMarks:arrows:warnings:framedMove:premoveSquares:)``),
/// then whether the selected piece may go there (`target`, from the state's targets): "e2, white
/// pawn", "e4, white pawn, last move", "e8, black king, in check", "c4, empty, legal move", "d5,
/// black pawn, capture", "f3, empty, green arrow from g1, legal move". The same words on both
/// platforms; the facts are the state's. Selection is not in the words: the screens set the
/// element's selected trait, which the screen reader says itself. The Kotlin
/// `squareDescription`.
public func squareDescription(
    _ square: Square, piece: Piece?, target: Bool = false, inCheck: Bool = false,
    lastMove: Bool = false, targetText: String? = nil, marks: [String] = []
) -> String {
    var parts = [square.label, piece?.name ?? "empty"]
    if inCheck { parts.append("in check") }
    if lastMove { parts.append("last move") }
    parts += marks
    if target { parts.append(targetText ?? (piece == nil ? "legal move" : "capture")) }
    return parts.joined(separator: ", ")
}

extension MarkColor {
    /// The colour in words: "red", "green", "blue", "yellow". The Kotlin `markColorName`.
    public var name: String {
        switch self {
        case .red: "red"
        case .green: "green"
        case .blue: "blue"
        case .yellow: "yellow"
        }
    }
}

/// What a board draws on `square` besides pieces, selection, check and the last move, in words,
/// for ``squareDescription(_:piece:target:inCheck:lastMove:targetText:marks:)``'s marks: the
/// premove's squares ("premove to e4" on its start, "premove start" before its destination is
/// chosen, "premove from e2" on its destination; `premoveSquares` is the state's, start first),
/// the framed move ("suggested move to f3" and "suggested move from g1": the hint or the engine's
/// best move), a piece in danger ("in danger": the coach's hanging pieces, `warnings`), a node's
/// highlighted squares ("marked red") and arrows ("green arrow to e5" on its start, "green arrow
/// from f3" on its end). A blue mark on a premove square is how the game board draws the
/// premove, said once as the premove. The Kotlin `squareMarkWords`.
public func squareMarkWords(
    _ square: Square, squareMarks: [SquareMark] = [], arrows: [Arrow] = [],
    warnings: [Square] = [], framedMove: LegalMove? = nil, premoveSquares: [Square] = []
) -> [String] {
    var words: [String] = []
    let premoveFrom = premoveSquares.first
    let premoveTo = premoveSquares.count > 1 ? premoveSquares[1] : nil
    if square == premoveFrom { words.append(premoveTo.map { "premove to \($0.label)" } ?? "premove start") }
    if square == premoveTo, let premoveFrom { words.append("premove from \(premoveFrom.label)") }
    if let framedMove {
        if framedMove.from == square { words.append("suggested move to \(framedMove.to.label)") }
        if framedMove.to == square { words.append("suggested move from \(framedMove.from.label)") }
    }
    if warnings.contains(square) { words.append("in danger") }
    for mark in squareMarks where mark.square == square {
        if mark.color == .blue, premoveSquares.contains(square) { continue }
        words.append("marked \(mark.color.name)")
    }
    for arrow in arrows {
        // An arrow from a square to itself (a PGN may give one) is said once.
        if arrow.from == square {
            words.append("\(arrow.color.name) arrow to \(arrow.to.label)")
        } else if arrow.to == square {
            words.append("\(arrow.color.name) arrow from \(arrow.from.label)")
        }
    }
    return words
}

/// ``squareDescription(_:piece:target:inCheck:lastMove:targetText:marks:)`` of `square` on a
/// board that draws `piece` there, the selected piece's `targets`, the king in check on
/// `checkSquare` and the `lastMove`: what both apps' boards label each square with. With the
/// `selected` square and its `selectedPiece`, a target says what the move there is when "legal
/// move" or "capture" would be wrong: "castles" on the king's own rook (Chess960, where the king
/// takes its rook), "capture en passant" on the empty square a pawn takes diagonally. The
/// board's other drawings (`squareMarks`, `arrows`, `warnings`, the `framedMove`, the
/// `premoveSquares`) are said as
/// ``squareMarkWords(_:squareMarks:arrows:warnings:framedMove:premoveSquares:)`` says them. The
/// Kotlin `boardSquareDescription`.
public func boardSquareDescription(
    _ square: Square, piece: Piece?, targets: Set<Square>, checkSquare: Square?,
    lastMove: LegalMove?, selected: Square? = nil, selectedPiece: Piece? = nil,
    squareMarks: [SquareMark] = [], arrows: [Arrow] = [], warnings: [Square] = [],
    framedMove: LegalMove? = nil, premoveSquares: [Square] = []
) -> String {
    var targetText: String?
    if let selected, let selectedPiece {
        if let piece, piece.side == selectedPiece.side {
            targetText = "castles"
        } else if piece == nil, selectedPiece.kind == .pawn, square.file != selected.file {
            targetText = "capture en passant"
        }
    }
    return squareDescription(
        square, piece: piece, target: targets.contains(square), inCheck: checkSquare == square,
        lastMove: lastMove.map { $0.from == square || $0.to == square } ?? false, targetText: targetText,
        marks: squareMarkWords(
            square, squareMarks: squareMarks, arrows: arrows, warnings: warnings,
            framedMove: framedMove, premoveSquares: premoveSquares))
}

/// A game's length as a list shows it, in moves (a move is White's and Black's): "1 move", "17
/// moves", from its `plies`. The Kotlin `movesText`.
public func movesText(_ plies: Int) -> String {
    let moves = (plies + 1) / 2
    return moves == 1 ? "1 move" : "\(moves) moves"
}

/// One reason the rules refuse a set-up position, in words, from the core's data (the editor
/// words it here, so an app can translate it): "White has no king", "A pawn on d8, on the back
/// rank", "Black is in check and it is White's move", "No last move can give this check (a4, e4,
/// c7)". The Kotlin `setupProblemText`.
public func setupProblemText(_ problem: SetupProblem) -> String {
    let side = problem.side?.name ?? ""
    let other = problem.side?.opponent.name ?? ""
    let squares = problem.squares.map(\.label).joined(separator: ", ")
    switch problem.kind {
    case .missingKing: return "\(side) has no king"
    case .tooManyKings: return "\(side) has \(problem.squares.count) kings (\(squares))"
    case .pawnOnBackRank: return "A pawn on \(squares), on the back rank"
    case .tooManyPieces: return "\(side) has too many pieces: at most 16, of them at most 8 pawns"
    case .impossibleCastling: return "\(side) cannot castle with the rook on \(squares)"
    case .conflictingCastling: return "Only one rook on each side of the king can castle (\(squares))"
    case .impossibleEnPassant: return "No pawn can just have passed \(squares)"
    case .opponentInCheck: return "\(side) is in check and it is \(other)'s move"
    case .enPassantAfterCheck: return "\(side) was in check before the pawn passed \(squares)"
    case .impossibleCheck: return "No last move can give this check (\(squares))"
    case .checkAfterDoublePush:
        let checkers = problem.squares.dropFirst().map(\.label).joined(separator: ", ")
        let square = problem.squares.first?.label ?? ""
        return "The en passant square \(square) cannot be: no double pawn push gives this check (\(checkers))"
    }
}

/// Every reason in `problems` in words (``setupProblemText(_:)``), as sentences: "White has no
/// king. Black has no king." The Kotlin `problemText`.
public func problemText(_ problems: [SetupProblem]) -> String {
    problems.map { setupProblemText($0) + "." }.joined(separator: " ")
}

extension MaterialBalance {
    /// The pieces `side` has more of than the other side, queens first (the core's `whiteExtra`
    /// or `blackExtra`). The Kotlin `MaterialBalance.extra`.
    public func extra(of side: Side) -> [PieceKind] { side == .white ? whiteExtra : blackExtra }

    /// How many points `side` is ahead by: the core's balance from its side (negative when
    /// behind). The Kotlin `MaterialBalance.lead`.
    public func lead(of side: Side) -> Int { side == .white ? Int(balance) : -Int(balance) }
}

/// What a player's row shows after its extra pieces: "+2" for the side ahead by two points, ""
/// for the other side and when the material is even. The Kotlin `materialLeadText`.
public func materialLeadText(_ material: MaterialBalance, side: Side) -> String {
    let lead = material.lead(of: side)
    return lead > 0 ? "+\(lead)" : ""
}

/// The material in one line, for a board without players' rows (the analysis board): "White is
/// up a knight", "Black has a bishop and a knight for a rook, 1 point up", "Material is even".
/// The Kotlin `materialSummary`.
public func materialSummary(_ material: MaterialBalance) -> String {
    materialDescription(material, side: .white) ?? materialDescription(material, side: .black)
        ?? "Material is even"
}

/// What a screen reader says about `side`'s material in its player row, from the core's
/// `MaterialBalance`: "White is up a knight and a pawn" when only `side` has extra pieces; with
/// extra pieces on both sides, what it has for what and the points, "Black has a bishop and a
/// knight for a rook, 1 point up", "White has a bishop for three pawns, even"; `nil` when `side`
/// has no extra piece (the other row says it, or the material is even). The Kotlin
/// `materialDescription`.
public func materialDescription(_ material: MaterialBalance, side: Side) -> String? {
    let mine = material.extra(of: side)
    if mine.isEmpty { return nil }
    let theirs = material.extra(of: side.opponent)
    if theirs.isEmpty { return "\(side.name) is up \(piecesText(mine))" }
    let lead = material.lead(of: side)
    let points = abs(lead) == 1 ? "1 point" : "\(abs(lead)) points"
    let score = lead > 0 ? "\(points) up" : lead < 0 ? "\(points) down" : "even"
    return "\(side.name) has \(piecesText(mine)) for \(piecesText(theirs)), \(score)"
}

/// Pieces in words, counted kind by kind in the order given: "a queen", "a knight and two
/// pawns", "a rook, a bishop and three pawns".
private func piecesText(_ kinds: [PieceKind]) -> String {
    var order: [PieceKind] = []
    for kind in kinds where !order.contains(kind) { order.append(kind) }
    let counted = order.map { kind -> String in
        let count = kinds.filter { $0 == kind }.count
        return count == 1 ? "a \(kind.name)" : "\(numberWord(count)) \(kind.name)s"
    }
    guard let last = counted.last, counted.count > 1 else { return counted.first ?? "" }
    return counted.dropLast().joined(separator: ", ") + " and " + last
}

/// A small count in words ("two" … "ten"), larger ones in digits.
private func numberWord(_ n: Int) -> String {
    let words = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
    return n < words.count ? words[n] : "\(n)"
}

/// Each result's share of `move`'s games in whole percent: White's wins, draws, Black's wins (a
/// game without a result counts in none, so the three may add up to less than 100). The Kotlin
/// `explorerShares`.
public func explorerShares(_ move: ExplorerMove) -> (white: Int, draws: Int, black: Int) {
    let games = Double(max(move.games, 1))
    func share(_ n: UInt32) -> Int { Int((Double(n) * 100 / games).rounded()) }
    return (share(move.whiteWins), share(move.draws), share(move.blackWins))
}

/// A move of the explorer of the person's own games as the analysis board lists it: "e4 · 12
/// games · 42 / 25 / 33 %", the shares of White's wins, draws and Black's wins ("1 game" for
/// one; ``spokenExplorerMove(_:)`` says which is which). The Kotlin `explorerMoveText`.
public func explorerMoveText(_ move: ExplorerMove) -> String {
    let (white, draws, black) = explorerShares(move)
    return "\(move.legalMove.san) · \(gamesText(move.games)) · \(white) / \(draws) / \(black) %"
}

/// "1 game", "12 games".
func gamesText(_ n: UInt32) -> String { n == 1 ? "1 game" : "\(n) games" }
