import ChessCore
import ChessCoreKit
import Foundation

// What VoiceOver and TalkBack say: moves in words instead of SAN's letters and signs, and the
// announcements a board screen posts when something happens that the player did not tap (the
// engine's reply, the end of the game, low time, a hint). The same words on both platforms
// (Spoken.kt); the facts are the core's (`sanParts`, the snapshot, the clock).

/// A move in SAN in words, as a screen reader should say it: "knight to f3", "knight from b to
/// d7", "e pawn takes d5", "e8, promotes to queen", "castles kingside", "rook takes e1,
/// checkmate" (from the core's `sanParts`). Text the core cannot read as SAN (a null move `--`)
/// comes back as it is. The Kotlin `spokenSan`.
public func spokenSan(_ san: String) -> String {
    spokenCache.words(of: san)
}

/// The words of each SAN said so far: a move list labels every move on every redraw, and a big
/// analysis tree has thousands, each a call into the core otherwise. Emptied when it grows past
/// 8,192 entries (distinct SAN strings are few: a few thousand cover any game).
private let spokenCache = SpokenCache()

private final class SpokenCache: @unchecked Sendable {
    // Guarded by `lock`.
    private var words: [String: String] = [:]
    private let lock = NSLock()

    func words(of san: String) -> String {
        lock.lock()
        let known = words[san]
        lock.unlock()
        if let known { return known }
        let said = wordsOf(san)
        lock.lock()
        if words.count >= 8192 { words.removeAll() }
        words[san] = said
        lock.unlock()
        return said
    }
}

/// ``spokenSan(_:)`` without the cache.
private func wordsOf(_ san: String) -> String {
    guard let parts = try? sanParts(san: san) else { return san }
    var move: String
    switch parts.castling {
    case .kingSide:
        move = "castles kingside"
    case .queenSide:
        move = "castles queenside"
    case nil:
        let to = parts.to?.label ?? ""
        if parts.piece == .pawn {
            move = parts.capture ? "\(parts.disambiguation) pawn takes \(to)".trimmingLeadingSpaces : to
            if let promotion = parts.promotion { move += ", promotes to \(promotion.name)" }
        } else {
            let from =
                parts.disambiguation.isEmpty
                ? "" : parts.disambiguation.allSatisfy(\.isNumber)
                ? " from rank \(parts.disambiguation)" : " from \(parts.disambiguation)"
            move = "\(parts.piece.name)\(from) \(parts.capture ? "takes" : "to") \(to)"
        }
    }
    if parts.checkmate {
        move += ", checkmate"
    } else if parts.check {
        move += ", check"
    }
    return move
}

extension String {
    fileprivate var trimmingLeadingSpaces: String { String(drop { $0 == " " }) }
}

/// A line of moves in SAN (an engine's, the coach's threat) in words, one move after another:
/// "e4; e5; knight to f3".
public func spokenLine(_ sans: [String]) -> String {
    sans.map(spokenSan).joined(separator: "; ")
}

/// An evaluation as the screens write it ("+0.35", "-1.20", "M3", "-M2"), for a screen reader: a
/// mate in words ("White mates in 3", "Black mates in 2"), pawns as written. The Kotlin
/// `spokenScore`.
public func spokenScore(_ scoreText: String) -> String {
    if scoreText.hasPrefix("-M") { return "Black mates in \(scoreText.dropFirst(2))" }
    if scoreText.hasPrefix("M") { return "White mates in \(scoreText.dropFirst())" }
    return scoreText
}

/// An engine's line for a screen reader (the screens show its depth, score and moves): "depth
/// 20, +0.35: e4; e5; knight to f3" (``spokenScore(_:)``, ``spokenLine(_:)``). The Kotlin
/// `spokenEngineLine`.
public func spokenEngineLine(depth: Int, scoreText: String, pvSan: [String]) -> String {
    "depth \(depth), \(spokenScore(scoreText))" + (pvSan.isEmpty ? "" : ": \(spokenLine(pvSan))")
}

/// ``threatText(_:)`` in words: "No threat", "Threat: queen takes f7, checkmate", "Threat: knight
/// takes e5, then d pawn takes e5; queen takes d8, check". The Kotlin `spokenThreat`.
public func spokenThreat(_ threat: Threat) -> String {
    guard let first = threat.lineSan.first else { return "No threat" }
    let rest = Array(threat.lineSan.dropFirst())
    return "Threat: \(spokenSan(first))" + (rest.isEmpty ? "" : ", then \(spokenLine(rest))")
}

/// ``refutationText(_:)`` in words: "knight to f6, blunder, allows queen takes f7, checkmate.
/// Better: queen to e7". The Kotlin `spokenRefutation`.
public func spokenRefutation(_ refutation: Refutation) -> String {
    let line = refutation.lineSan.isEmpty ? "a better reply" : spokenLine(refutation.lineSan)
    return "\(spokenSan(refutation.san)), \(refutation.classification.text.lowercased()), allows \(line). "
        + "Better: \(spokenSan(refutation.betterSan))"
}

/// A book move as the analysis board's button shows it ("e4 Sicilian Defence"), in words: "e4,
/// Sicilian Defence". The Kotlin `spokenBookMove`.
public func spokenBookMove(_ book: BookMove) -> String {
    "\(spokenSan(book.legalMove.san)), \(book.opening.variation ?? book.opening.family)"
}

/// What a NAG says, in words, for a screen reader and a menu: "good move" (1, "!"), "mistake",
/// "brilliant move", "blunder", "interesting move", "dubious move", "forced move", and the
/// position's assessments ("White is slightly better", 14, "⩲"); "" for the others.
public func nagName(_ nag: UInt32) -> String {
    switch nag {
    case 1: return "good move"
    case 2: return "mistake"
    case 3: return "brilliant move"
    case 4: return "blunder"
    case 5: return "interesting move"
    case 6: return "dubious move"
    case 7: return "forced move"
    case 10: return "equal position"
    case 13: return "unclear position"
    case 14: return "White is slightly better"
    case 15: return "Black is slightly better"
    case 16: return "White is better"
    case 17: return "Black is better"
    case 18: return "White is winning"
    case 19: return "Black is winning"
    case 22: return "White is in zugzwang"
    case 23: return "Black is in zugzwang"
    case 32: return "White has a development advantage"
    case 33: return "Black has a development advantage"
    case 36: return "White has the initiative"
    case 37: return "Black has the initiative"
    case 40: return "White has the attack"
    case 41: return "Black has the attack"
    case 132: return "White has counterplay"
    case 133: return "Black has counterplay"
    case 138: return "White is in time trouble"
    case 139: return "Black is in time trouble"
    case 146: return "novelty"
    default: return ""
    }
}

/// A move with its number and side in words: "12 White: knight to f3".
public func spokenMove(number: UInt32, side: Side, san: String) -> String {
    "\(number) \(side.name): \(spokenSan(san))"
}

/// A move of the inline move list (`GameSnapshot.moveList`) in words, for its
/// `accessibilityLabel` instead of ``moveText(_:)``'s "12… Nf6!?": "12 Black: knight to f6,
/// interesting move"; `nil` for an item that is not a move.
public func spokenMoveText(_ item: MoveListItem) -> String? {
    guard case .move(_, _, let number, let side, _, let san, let nags) = item else { return nil }
    return ([spokenMove(number: number, side: side, san: san)] + nags.map(nagName).filter { !$0.isEmpty })
        .joined(separator: ", ")
}

/// The position a snapshot shows, in words: the move that led to it with its number ("12
/// White: knight to f3") or "Start position", for the analysis board's announcement when the
/// player steps through the moves.
public func spokenPosition(_ snapshot: GameSnapshot) -> String {
    guard let move = snapshot.lastMove else { return "Start position" }
    let mover = snapshot.sideToMove.opponent
    let number = mover == .white ? snapshot.fullmoveNumber : snapshot.fullmoveNumber - 1
    return spokenMove(number: number, side: mover, san: move.san)
}

/// A clock's time in words, rounded down as the clock shows it: "2 minutes 59 seconds", "1
/// hour 30 minutes", "45 seconds", and with tenths under ten seconds, "9.7 seconds".
public func clockSpokenText(ms: UInt64) -> String {
    if ms < 10_000 {
        let tenths = ms / 100
        return "\(tenths / 10).\(tenths % 10) seconds"
    }
    let seconds = ms / 1000
    func unit(_ n: UInt64, _ name: String) -> String? {
        n == 0 ? nil : n == 1 ? "1 \(name)" : "\(n) \(name)s"
    }
    return [unit(seconds / 3600, "hour"), unit(seconds % 3600 / 60, "minute"), unit(seconds % 60, "second")]
        .compactMap { $0 }
        .joined(separator: " ")
}

extension ClockUiState {
    /// `side`'s time as a player's row says it to a screen reader: ``clockSpokenText(ms:)``,
    /// then ", low time" (what the red says) or ", flag fell": "9.7 seconds, low time". The
    /// Kotlin `spokenTime`.
    public func spokenTime(of side: Side) -> String {
        let ms = side == .white ? whiteMs : blackMs
        let note = flagged == side ? ", flag fell" : lowTime.contains(side) ? ", low time" : ""
        return clockSpokenText(ms: ms) + note
    }
}

/// Squares in words, by name (a2 before b1): "f3, h3", or "no moves" for none.
private func spokenSquares(_ squares: Set<Square>) -> String {
    squares.isEmpty ? "no moves" : squares.map(\.label).sorted().joined(separator: ", ")
}

/// What a screen reader hears when the piece on `square` is selected, with where it may go
/// (`targets`): "White knight on g1 selected: f3, h3", "Black bishop on c8 selected: no moves".
/// Said once, so that a player need not visit every square to find the targets. The Kotlin
/// `spokenSelection`.
public func spokenSelection(piece: Piece?, square: Square, targets: Set<Square>) -> String {
    let name = piece.map { $0.name.prefix(1).uppercased() + $0.name.dropFirst() } ?? "Nothing"
    return "\(name) on \(square.label) selected: \(spokenSquares(targets))"
}

/// What a board screen should announce (VoiceOver's announcement, TalkBack's
/// `announceForAccessibility`) when its state goes from `before` to `after`, or `nil`: a piece
/// selected (``spokenSelection(piece:square:targets:)``) and a premove built, cancelled or
/// dropped ("Premove from g1: e2, f3, h3", "Premove: white knight g1 to f3", "Premove cancelled",
/// and "Premove dropped" when the engine's reply left it illegal); the new
/// moves (the player's own as a confirmation, the engine's reply, a premove played after it,
/// however many came between two states the screen saw: "Black: knight takes e5, check");
/// moves taken back; the position looked back at (``BoardUiState/viewed``: "After 12 White:
/// knight to f3", "Back to the game"); the end of the game (``statusText(_:)``: a mate, a flag
/// fall, a resignation, a draw); a side whose clock runs low ("White is low on time: 9.7
/// seconds"); a hint ("Hint: knight to f3"). A new or loaded game
/// (``BoardUiState/gameSerial``) announces nothing: its screen changes as a whole. The screens
/// keep the state they announced last and pass it as `before`. The Kotlin `boardAnnouncement`.
public func boardAnnouncement(before: BoardUiState?, after: BoardUiState) -> String? {
    guard let before, before.gameSerial == after.gameSerial else { return nil }
    var parts: [String] = []
    let old = before.snapshot.sanHistory
    let new = after.snapshot.sanHistory
    if new.count > old.count, Array(new.prefix(old.count)) == old {
        var side = before.snapshot.sideToMove
        for san in new.dropFirst(old.count) {
            parts.append("\(side.name): \(spokenSan(san))")
            side = side.opponent
        }
    } else if new.count < old.count, Array(old.prefix(new.count)) == new {
        let n = old.count - new.count
        parts.append(n == 1 ? "1 move taken back" : "\(n) moves taken back")
    } else if new == old, before.viewed?.ply != after.viewed?.ply {
        parts.append(after.viewed.map { "After \(spokenPosition($0.snapshot))" } ?? "Back to the game")
    }
    if !before.isGameOver, after.isGameOver { parts.append(statusText(after.snapshot)) }
    if let clock = after.clock, !after.isGameOver {
        for side in [Side.white, .black]
        where clock.lowTime.contains(side) && !(before.clock?.lowTime.contains(side) ?? false) {
            let ms = side == .white ? clock.whiteMs : clock.blackMs
            parts.append("\(side.name) is low on time: \(clockSpokenText(ms: ms))")
        }
    }
    if before.hint == nil, let hint = after.hint { parts.append("Hint: \(spokenSan(hint.san))") }
    // A premove the engine's reply made illegal: the player is to move and it was not played.
    if let waiting = before.premove, waiting.to != nil, after.premove == nil, new.count > old.count,
        after.pendingPromotion == nil,
        before.snapshot.pieceAt(waiting.from)?.side == after.snapshot.sideToMove
    {
        parts.append("Premove dropped")
    }
    if new == old {
        if let selection = selectionChange(
            after.snapshot, before: (before.selected, before.targets), after: (after.selected, after.targets))
        {
            parts.append(selection)
        }
        if let premove = after.premove, premove != before.premove {
            if let to = premove.to {
                let piece = after.snapshot.pieceAt(premove.from).map { "\($0.name) " } ?? ""
                parts.append("Premove: \(piece)\(premove.from.label) to \(to.label)")
            } else {
                parts.append("Premove from \(premove.from.label): \(spokenSquares(premove.targets))")
            }
        } else if after.premove == nil, before.premove != nil {
            parts.append("Premove cancelled")
        }
    }
    return parts.isEmpty ? nil : parts.joined(separator: ". ")
}

/// A move of the explorer of the person's own games (``explorerMoveText(_:)``) in words: "e4, 12
/// games: White won 42 %, 25 % drawn, Black won 33 %". The Kotlin `spokenExplorerMove`.
public func spokenExplorerMove(_ move: ExplorerMove) -> String {
    let (white, draws, black) = explorerShares(move)
    return "\(spokenSan(move.legalMove.san)), \(gamesText(move.games)): White won \(white) %, \(draws) % drawn, Black won \(black) %"
}

/// What the analysis board should announce when its state goes from `before` to `after`, or
/// `nil`: when the position shown changes (a move played, a step back or forward, a jump in the
/// move list), the move that led to it (``spokenPosition(_:)``), its annotation's NAGs in words
/// and, at the end of a game, how it ended; in the same position, a piece selected
/// (``spokenSelection(piece:square:targets:)``), the square a mark starts from in draw mode
/// ("Drawing from g1") and the marks drawn or removed
/// (``spokenMarkChanges(beforeMarks:beforeArrows:afterMarks:afterArrows:)``: "Green arrow from g1
/// to f3", "Red mark on e4 removed"). The Kotlin `analysisAnnouncement`.
public func analysisAnnouncement(before: AnalysisUiState?, after: AnalysisUiState) -> String? {
    guard let before else { return nil }
    let was = before.snapshot
    let now = after.snapshot
    if was.node == now.node, was.fen == now.fen {
        var parts: [String] = []
        if let selection = selectionChange(
            now, before: (before.selected, before.targets), after: (after.selected, after.targets))
        {
            parts.append(selection)
        }
        if let markFrom = after.markFrom, markFrom != before.markFrom {
            parts.append("Drawing from \(markFrom.label)")
        }
        parts += spokenMarkChanges(
            beforeMarks: before.squareMarks, beforeArrows: before.arrows,
            afterMarks: after.squareMarks, afterArrows: after.arrows)
        return parts.isEmpty ? nil : parts.joined(separator: ". ")
    }
    var parts = [spokenPosition(now)]
    parts += now.annotations.nags.map(nagName).filter { !$0.isEmpty }
    if after.isGameOver { parts.append(after.statusText) }
    return parts.joined(separator: ", ")
}

/// The marks of one node drawn or removed between two states, in words, as the analysis board
/// announces them: "Green arrow from g1 to f3", "Red mark on e4", "Red mark on e4 removed" (a
/// mark drawn again in another colour is said in its new colour only); "All marks removed" when
/// more than one went and none is left. The Kotlin `spokenMarkChanges`.
public func spokenMarkChanges(
    beforeMarks: [SquareMark], beforeArrows: [Arrow], afterMarks: [SquareMark], afterArrows: [Arrow]
) -> [String] {
    if afterMarks.isEmpty, afterArrows.isEmpty, beforeMarks.count + beforeArrows.count > 1 {
        return ["All marks removed"]
    }
    func mark(_ m: SquareMark) -> String { "\(m.color.name.capitalized) mark on \(m.square.label)" }
    func arrow(_ a: Arrow) -> String {
        "\(a.color.name.capitalized) arrow from \(a.from.label) to \(a.to.label)"
    }
    let removedMarks = beforeMarks.filter { m in !afterMarks.contains { $0.square == m.square } }
    let removedArrows = beforeArrows.filter { a in !afterArrows.contains { $0.from == a.from && $0.to == a.to } }
    return removedMarks.map { "\(mark($0)) removed" } + removedArrows.map { "\(arrow($0)) removed" }
        + afterMarks.filter { !beforeMarks.contains($0) }.map(mark)
        + afterArrows.filter { !beforeArrows.contains($0) }.map(arrow)
}

/// What the practice screen should announce when its state goes from `before` to `after`, or
/// `nil`: a new exercise with its task ("Exercise 2 of 5. White to play: find a better move than
/// knight to f6"), the task again after a retry, the verdict on the person's move, the solution
/// shown and the score at the end, all as ``PracticeUiState/spokenPrompt`` says them
/// ("Checking" says nothing: the verdict follows); in the same phase, a piece selected
/// (``spokenSelection(piece:square:targets:)``). Nothing when a new message shows: the screen's
/// alert says it. The Kotlin `practiceAnnouncement`.
public func practiceAnnouncement(before: PracticeUiState?, after: PracticeUiState) -> String? {
    guard let before else { return nil }
    // A new message (the coach failed) is said by the snackbar or alert that shows it.
    if let message = after.message, message != before.message { return nil }
    if before.index != after.index || before.exercise != after.exercise || before.phase != after.phase {
        if after.phase == .checking { return nil }
        let newExercise = before.index != after.index || before.exercise != after.exercise
        let progress = newExercise ? after.progressText : nil
        return ([progress].compactMap { $0 } + [after.spokenPrompt]).joined(separator: ". ")
    }
    return selectionChange(
        after.snapshot, before: (before.selected, before.targets), after: (after.selected, after.targets))
}

/// ``spokenSelection(piece:square:targets:)`` for a piece selected in `now` when the selection or
/// its targets changed from the state before, or `nil`: the one rule of the board, analysis and
/// practice screens. The Kotlin `selectionChange`.
private func selectionChange(
    _ now: GameSnapshot, before: (Square?, Set<Square>), after: (Square?, Set<Square>)
) -> String? {
    guard let selected = after.0, selected != before.0 || after.1 != before.1 else { return nil }
    return spokenSelection(piece: now.pieceAt(selected), square: selected, targets: after.1)
}

/// What the position editor should announce when its state goes from `before` to `after`, or
/// `nil`: a tap or drag's squares ("White knight on f3", "e1 emptied. White king on f2", "Black
/// bishop on f3, replacing white knight") and the castling rights it took away or gave back
/// ("White can no longer castle king side"); when more than two squares changed at once (a
/// cleared board, the start position, a loaded FEN) only "Board cleared" or "32 pieces on the
/// board"; then, when the core's verdict changes, the new one (``EditorUiState/problem``, or
/// "The position is legal").
/// The Kotlin `editorAnnouncement`.
public func editorAnnouncement(before: EditorUiState?, after: EditorUiState) -> String? {
    guard let before else { return nil }
    var parts: [String] = []
    let changed = before.squares.indices.filter { before.squares[$0] != after.squares[$0] }
    if changed.count <= 2 {
        // A drag empties its start before it fills its end.
        for i in changed.filter({ after.squares[$0] == nil }) + changed.filter({ after.squares[$0] != nil }) {
            let label = Square.allCases[i].label
            if let piece = after.squares[i] {
                let name = "\(piece.name.prefix(1).uppercased())\(piece.name.dropFirst()) on \(label)"
                if let was = before.squares[i] {
                    parts.append("\(name), replacing \(was.name)")
                } else {
                    parts.append(name)
                }
            } else {
                parts.append("\(label) emptied")
            }
        }
        // Only rights a piece took away or gave back: a tapped box says its own change.
        if !changed.isEmpty {
            let (b, a) = (before.castling, after.castling)
            parts += castlingChange(.white, b.whiteKingSide, b.whiteQueenSide, a.whiteKingSide, a.whiteQueenSide)
            parts += castlingChange(.black, b.blackKingSide, b.blackQueenSide, a.blackKingSide, a.blackQueenSide)
        }
    } else {
        let pieces = after.squares.filter { $0 != nil }.count
        parts.append(pieces == 0 ? "Board cleared" : pieces == 1 ? "1 piece on the board" : "\(pieces) pieces on the board")
    }
    if after.problem != before.problem { parts.append(after.problem ?? "The position is legal") }
    return parts.isEmpty ? nil : parts.joined(separator: ". ")
}

/// A side's castling rights that a tap or drag took away or gave back (a king or rook moved off
/// or back to its square): "White can no longer castle", "Black can castle queen side again".
private func castlingChange(
    _ side: Side, _ kingBefore: Bool, _ queenBefore: Bool, _ king: Bool, _ queen: Bool
) -> [String] {
    let name = side.name
    let lost = [kingBefore && !king ? "king side" : nil, queenBefore && !queen ? "queen side" : nil].compactMap { $0 }
    let regained = [!kingBefore && king ? "king side" : nil, !queenBefore && queen ? "queen side" : nil].compactMap { $0 }
    var said: [String] = []
    if lost.count == 1 { said.append("\(name) can no longer castle \(lost[0])") }
    if lost.count == 2 { said.append("\(name) can no longer castle") }
    if regained.count == 1 { said.append("\(name) can castle \(regained[0]) again") }
    if regained.count == 2 { said.append("\(name) can castle again") }
    return said
}

/// "no blunders", "1 blunder", "3 blunders" ("inaccuracies").
private func counted(_ n: Int, _ one: String, _ many: String) -> String {
    n == 0 ? "no \(many)" : n == 1 ? "1 \(one)" : "\(n) \(many)"
}

/// A row of the review's move list in words, for its `accessibilityLabel` instead of the
/// symbols and colour: "12 Black: knight to f6, blunder, evaluation +3.20, better: bishop to e7"
/// (with "only move" and "missed win" when they apply). The Kotlin `spokenReviewRow`.
public func spokenReviewRow(_ row: ReviewRow) -> String {
    let number = row.numberText.filter(\.isNumber)
    var parts = ["\(number) \(row.side.name): \(spokenSan(row.san))", row.classText.lowercased()]
    if row.onlyMove { parts.append("only move") }
    if row.missedWin { parts.append("missed win") }
    parts.append("evaluation \(row.evalText)")
    if let better = row.betterSan { parts.append("better: \(spokenSan(better))") }
    return parts.joined(separator: ", ")
}

/// The review screen's selected move in words: ``spokenReviewRow(_:)``, then the refutation's
/// line ("..., better: bishop to e7, refuted by queen takes f7, checkmate"). The Kotlin
/// `spokenSelectedMove`.
public func spokenSelectedMove(_ row: ReviewRow) -> String {
    spokenReviewRow(row) + (row.refutationSan.isEmpty ? "" : ", refuted by \(spokenLine(row.refutationSan))")
}

/// A side's review summary in words, where the screen shows "ACPL 35 · ?! 2 · ? 1 · ?? 0":
/// "White: accuracy 84.2 %, average centipawn loss 35, 2 inaccuracies, 1 mistake, no
/// blunders". The Kotlin `spokenSideSummary`.
public func spokenSideSummary(_ side: Side, _ summary: SideSummaryUi) -> String {
    "\(side.name): accuracy \(summary.accuracyText) %, average centipawn loss \(summary.averageLossText), "
        + "\(counted(summary.inaccuracies, "inaccuracy", "inaccuracies")), "
        + "\(counted(summary.mistakes, "mistake", "mistakes")), \(counted(summary.blunders, "blunder", "blunders"))"
}

/// The eval graph in words, its text alternative: White's win chance at the start and at the
/// end, then each marked move (inaccuracy or worse) with its class: "White's win chance from 50
/// % to 12 %. Blunder: 14 Black, knight to f6. Mistake: 20 White, rook takes e1". `nil` before
/// the first point. The Kotlin `spokenGraph`.
public func spokenGraph(_ state: ReviewUiState) -> String? {
    guard let first = state.graph.first, let last = state.graph.last else { return nil }
    let percent = { (p: GraphPoint) in "\(Int((min(max(p.y, 0), 1) * 100).rounded())) %" }
    var parts = ["White's win chance from \(percent(first)) to \(percent(last))"]
    for point in state.graph {
        guard let marker = point.marker, let row = state.rows.first(where: { $0.ply == point.ply - 1 })
        else { continue }
        parts.append("\(marker.text): \(row.numberText.filter(\.isNumber)) \(row.side.name), \(spokenSan(row.san))")
    }
    return parts.joined(separator: ". ")
}
