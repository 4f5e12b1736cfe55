import ChessCoreKit
import Foundation
import Observation

/// The analysis board's presentation logic (docs/presentation-spec.md, "Analysis board"): a
/// board on which the person moves both sides, whose moves grow the game's tree (a move off the
/// main line makes a variation, a move that exists goes to it), with the engine's best lines
/// for the current node. It turns the core's `GameSnapshot`s into ``AnalysisUiState`` and the
/// person's intents into core calls, and holds no chess rules: the tree, its edits, the moves'
/// legality and notation are the core's. The board input (selection, targets, promotion
/// picker) follows the same rules as ``GameController``'s. The Kotlin `AnalysisController`
/// (android/presentation) has the same states, intents and behaviour.
///
/// Threading: a `@MainActor` object. The engine reports on its own thread; its reports reach
/// the controller on the main actor (through ``ChessCoreKit/MainActorSearchListener``) before
/// they touch the state, and reports of a search that was stopped or superseded meanwhile, or
/// about another position, are ignored.
///
/// Lifetime: owns a `ChessGame` and a `ChessEngine` of its own (full strength, its own table),
/// separate from the game screen's; releasing the controller stops any search and frees them.
/// The tree and the current node are saved through its ``GameStore`` after every change, with
/// ``AnalysisUiState/analysing``, ``AnalysisUiState/multiPv``, the orientation and
/// ``AnalysisUiState/coachOn`` as settings. The coach has an engine of its own, made when it is
/// first switched on.
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
@MainActor
@Observable
public final class AnalysisController {
    /// The screen state; replaced after every intent and engine report.
    public private(set) var state: AnalysisUiState

    /// The numbers of lines the engine may show.
    public nonisolated static let multiPvRange: ClosedRange<Int> = 1...5
    /// The number of lines shown when none was saved.
    public nonisolated static let defaultMultiPv = 3

    @ObservationIgnored private var game: ChessGame
    @ObservationIgnored private let engine: ChessEngine
    @ObservationIgnored private let store: any GameStore
    @ObservationIgnored private let analysisLimits: SearchLimits

    /// The running analysis, if any.
    @ObservationIgnored private var search: SearchHandle?
    /// Incremented whenever a search is started or abandoned: reports of older ones are ignored.
    @ObservationIgnored private var searchToken = 0
    /// The legal moves of the searched position (also where the game has ended at the node),
    /// among which a line's first move is found.
    @ObservationIgnored private var searchedMoves: [LegalMove] = []
    /// The selection and its legal moves: the board-input rules shared with the board screen.
    @ObservationIgnored private var input = MoveInput()
    /// `true` between ``pause()`` and ``resume()``: the app is in the background, no search runs.
    @ObservationIgnored private var paused = false
    /// `true` after ``close()``: every intent is ignored and no search starts any more.
    @ObservationIgnored private var closed = false
    /// Makes the coach's own engine when the coach is first switched on.
    @ObservationIgnored private let coachEngineFactory: (EngineConfig) throws -> ChessEngine
    /// The budget of each of the coach's searches (`nil`: the standard review preset's).
    @ObservationIgnored private let coachNodes: UInt64?
    /// The explorer of the person's own games (``setExplorer(_:)``), if any.
    @ObservationIgnored private var explorer: OpeningExplorer?
    /// The coach's engine, once made; freed with the controller.
    @ObservationIgnored private var coachEngine: ChessEngine?
    /// The coach's running search of the current position, if any.
    @ObservationIgnored private var coachTask: Task<Void, Never>?
    /// Incremented whenever the coach's search is stopped or superseded: older results are
    /// ignored.
    @ObservationIgnored private var coachToken = 0
    /// The hashes of what this controller wrote to the store (see `stopAndSave()`): any of
    /// them, since a write that failed (a full disk) leaves an earlier one there.
    @ObservationIgnored private var ownSaves = Set<Int>()

    /// The default limits of the analysis: full strength (the strongest of `engineLevels()`)
    /// for at most 30 seconds, so that a phone does not search forever unseen; switching the
    /// analysis on again starts a new search.
    public nonisolated static func defaultAnalysisLimits() -> SearchLimits {
        SearchLimits(moveTimeMs: 30_000, level: engineLevels().last?.level)
    }

    /// Opens the analysis board on the game in `pgn` (the first game of the text, at its last
    /// main-line move, replacing what `store` held) or, without one, on the tree and node saved
    /// in `store` (a new board when there is none; with ``AnalysisUiState/message`` saying why
    /// when it could not be read, as also when `pgn` cannot be read: the saved board is then
    /// shown). Starts the analysis when it is switched on.
    ///
    /// - Parameters:
    ///   - store: where the tree is saved after every change and restored from now; its own,
    ///     not the game screen's.
    ///   - pgn: a game to analyse (e.g. the game screen's `pgn()`), or `nil` to go on with the
    ///     saved board.
    ///   - ply: with `pgn`, the main-line ply to open at instead of its end (e.g. the game
    ///     screen's position after a take-back, whose moves are still the PGN's main line); a ply
    ///     the main line does not reach leaves the board at its end.
    ///   - engineFactory: creates the analysis engine from a full-strength configuration
    ///     (tests: an observed one with a small table).
    ///   - analysisLimits: the limits of each analysis search; its `multiPv` is replaced by
    ///     ``AnalysisUiState/multiPv`` (default: ``defaultAnalysisLimits()``).
    ///   - coachEngineFactory: creates the coach's own engine (a small table; made when the
    ///     coach is first switched on), so that the coach and the analysis search at once.
    ///   - coachNodes: the budget of each of the coach's searches (`nil`: the standard review
    ///     preset's, as `ChessEngine.coach` takes it).
    /// - Throws: what `engineFactory` throws (the default factory does not).
    public init(
        store: any GameStore,
        pgn: String? = nil,
        ply: UInt32? = nil,
        engineFactory: (EngineConfig) throws -> ChessEngine = { try ChessEngine(config: $0) },
        analysisLimits: SearchLimits = AnalysisController.defaultAnalysisLimits(),
        coachEngineFactory: @escaping (EngineConfig) throws -> ChessEngine = {
            try ChessEngine(config: $0)
        },
        coachNodes: UInt64? = nil
    ) throws {
        let settings = store.loadSettings()
        var message: String?
        var opened: ChessGame?
        if let pgn {
            (opened, message) = Self.firstGame(of: pgn)
            // Beyond the main line's end the core refuses the ply: the board stays at the end.
            if let opened, let ply { try? opened.goToMainLinePly(ply: ply) }
        }
        if opened == nil, let saved = store.load() {
            do {
                opened = try ChessGame.fromJson(json: saved)
            } catch {
                // Set aside whatever the message says (an opened text's own message may win).
                let aside = keptAside(store, saved)
                message =
                    message ?? "The saved analysis could not be restored: \(Self.describe(error))"
                    + aside
            }
        }
        let game = opened ?? ChessGame()
        game.setNewMovePlacement(placement: .variation)
        let strongest = engineLevels().last?.level ?? 10
        // Full strength on the device's spare cores: analysis has no node budget, so the
        // threads share the search (the game's engine and the review stay on one).
        self.engine = try engineFactory(
            EngineConfig(level: strongest, threads: recommendedSearchThreads()))
        self.game = game
        self.store = store
        self.analysisLimits = analysisLimits
        self.coachEngineFactory = coachEngineFactory
        self.coachNodes = coachNodes
        self.state = AnalysisUiState(
            snapshot: game.snapshot(),
            orientation: Side(settingsValue: settings[Self.keyOrientation]) ?? .white,
            message: message,
            analysing: settings[Self.keyAnalysing] != "false",
            multiPv: Self.clampMultiPv(
                settings[Self.keyMultiPv].flatMap { Int($0) } ?? Self.defaultMultiPv),
            coachOn: settings[Self.keyCoach] == "true", bookMoves: game.bookMoves())
        // Saved at once, as in Kotlin: a restored tree too, in the current format, and as this
        // board's own (so that going away saves it again).
        save()
        restartAnalysis()
        restartCoach()
    }

    // MARK: - Board input

    /// The person tapped `square`: selects a piece of the side to move, moves the selected piece
    /// to a highlighted target (opening the promotion picker when the core offers promotion
    /// choices), reselects another piece of the side to move, or clears the selection, as on
    /// the board screen; the person moves both sides and the engine never blocks taps. Ignored
    /// while the picker is open.
    public func tapSquare(_ square: Square) {
        guard !closed, state.acceptsMoves else { return }
        if let color = state.drawColor {
            guard let from = state.markFrom else {
                state.markFrom = square
                return
            }
            drawMark(from: from, to: square, color: color)
            return
        }
        let from = input.selected
        show([input.tap(square, snapshot: state.snapshot, legalMovesFrom: game.legalMovesFrom)],
            from: from, to: square)
    }

    /// The person dragged the piece on `from` to `to`: the same as tapping `from`, then `to`. In
    /// draw mode (``AnalysisUiState/drawColor``) a drag draws (or takes away) an arrow from
    /// `from` to `to`, or marks `from` when the drag ends where it began.
    public func dragMove(from: Square, to: Square) {
        guard !closed, state.acceptsMoves else { return }
        if let color = state.drawColor {
            drawMark(from: from, to: to, color: color)
            return
        }
        show(
            input.drag(
                from: from, to: to, snapshot: state.snapshot, legalMovesFrom: game.legalMovesFrom),
            from: from, to: to)
    }

    /// Plays the pending promotion with `kind` (one of its choices; others are ignored).
    public func choosePromotion(_ kind: PieceKind) {
        guard !closed, let pending = state.pendingPromotion, pending.choices.contains(kind)
        else { return }
        play(from: pending.from, to: pending.to, promotion: kind)
    }

    /// Closes the promotion picker without moving; the pawn stays selected.
    public func cancelPromotion() {
        guard !closed else { return }
        state.pendingPromotion = nil
    }

    /// Plays `move` of ``AnalysisUiState/bookMoves`` (into the tree, as a tap plays a move);
    /// ignored while the promotion picker shows.
    public func playBookMove(_ move: BookMove) {
        playListed(move.legalMove)
    }

    /// Shows, for every position, the moves `explorer`'s games played there ("My games":
    /// ``AnalysisUiState/explorerMoves``, built by ``openingExplorer(of:maxPlies:)`` off the main
    /// actor), or none with `nil`. The controller keeps a reference while it is set. The Kotlin
    /// `setExplorer`.
    public func setExplorer(_ explorer: OpeningExplorer?) {
        guard !closed else { return }
        self.explorer = explorer
        var next = state
        next.explorerGames = Int(explorer?.gameCount() ?? 0)
        next.explorerMoves = explorerMoves()
        state = next
    }

    /// Plays `move` of ``AnalysisUiState/explorerMoves`` (into the tree, as a tap plays a move);
    /// ignored while the promotion picker shows.
    public func playExplorerMove(_ move: ExplorerMove) {
        playListed(move.legalMove)
    }

    /// Plays `move` from a list beside the board (the book, the explorer); ignored while the
    /// promotion picker shows.
    private func playListed(_ move: LegalMove) {
        guard state.pendingPromotion == nil else { return }
        play(from: move.from, to: move.to, promotion: move.promotion)
    }

    // MARK: - Navigation and the tree

    /// Goes to `node` (from `snapshot.moveList`). A node the game does not have leaves the
    /// position as it was, with the core's error in ``AnalysisUiState/message``.
    public func goTo(node: UInt32) {
        change { try $0.goTo(node: node) }
    }

    /// Goes one move back along the current line.
    public func back() {
        change { _ = $0.goBack() }
    }

    /// Goes one move forward along the current line.
    public func forward() {
        change { _ = $0.goForward() }
    }

    /// Goes to the start position.
    public func toStart() {
        change { $0.goToStart() }
    }

    /// Goes to the end of the current line.
    public func toEnd() {
        change { $0.goToEnd() }
    }

    /// Makes the variation that `node` is in the main continuation one level up (the core's
    /// `promoteVariation`). Errors go to ``AnalysisUiState/message``, the tree unchanged.
    public func promoteVariation(node: UInt32) {
        change { _ = try $0.promoteVariation(node: node) }
    }

    /// Makes the line through `node` the main line (the core's `makeMainLine`). Errors go to
    /// ``AnalysisUiState/message``, the tree unchanged.
    public func makeMainLine(node: UInt32) {
        change { _ = try $0.makeMainLine(node: node) }
    }

    /// Deletes `node` and every move after it (the core's `deleteFrom`); when the current node
    /// was among them, the board goes to the node before `node`. Errors (a missing node, the
    /// start position) go to ``AnalysisUiState/message``, the tree unchanged.
    public func deleteFrom(node: UInt32) {
        change { try $0.deleteFrom(node: node) }
    }

    /// Sets the comment after the current move (on the start position: before the first move);
    /// empty or blank text removes it. Leading and trailing white space is dropped.
    public func setComment(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let comment = trimmed.isEmpty ? nil : trimmed
        change { try $0.setComment(node: $0.snapshot().node, comment: comment) }
    }

    // MARK: - Annotations: NAGs and board marks

    /// Toggles the NAG `nag` on the current move (the core's `toggleNag`: one move assessment
    /// and one position assessment at a time, so `?` replaces `!?`; the same NAG again removes
    /// it). Shown in the move list (``moveText(_:)``) and exported in PGN. At the start position
    /// there is no move to annotate: ``AnalysisUiState/message`` says so (see
    /// ``AnalysisUiState/canAnnotateMove``).
    public func toggleNag(_ nag: UInt32) {
        change { try $0.toggleNag(node: $0.snapshot().node, nag: nag) }
    }

    /// Switches draw mode on with `color` (taps and drags draw marks on the current node, see
    /// ``AnalysisUiState/drawColor``) or off with `nil` (they move pieces again). Any selection
    /// or half-drawn arrow is dropped. The marks are the node's `[%csl]` and `[%cal]`: saved with
    /// the tree and exported in PGN.
    public func setDrawColor(_ color: MarkColor?) {
        guard !closed else { return }
        input.clear()
        var next = state
        next.clearSelection()
        next.drawColor = color
        next.markFrom = nil
        state = next
    }

    /// Removes the current node's highlighted squares and arrows (its comment and NAGs stay).
    public func clearMarks() {
        change { try $0.clearMarks(node: $0.snapshot().node) }
    }

    // The coach's search holds its engine and game until it ends: a controller released
    // without `close()` stops it here, so that they are freed at once.
    deinit {
        coachTask?.cancel()
    }

    // MARK: - Coach

    /// Switches the coach on or off (saved). On: the pieces that hang show at once
    /// (``AnalysisUiState/hanging``), and the coach's own engine looks for the opponent's
    /// threat and what refutes the last move (``AnalysisUiState/coaching``), again after every
    /// change of the position, beside the analysis. Off: it stops and its findings go.
    public func setCoach(_ on: Bool) {
        guard !closed, on != state.coachOn else { return }
        state.coachOn = on
        saveSettings()
        restartCoach()
    }

    // MARK: - Analysis and view settings

    /// Switches the engine's analysis on or off (saved). Off stops the search and clears the
    /// lines; on starts a search of the current position, also when the analysis was on already
    /// but no search runs (its limits ran out: "analyse again"). Switching on while a search
    /// runs, or off while off, does nothing.
    public func setAnalysing(_ on: Bool) {
        guard !closed, on != state.analysing || (on && !state.engineRunning) else { return }
        state.analysing = on
        saveSettings()
        restartAnalysis()
    }

    /// Sets how many lines the engine shows (clamped to ``multiPvRange``); a change restarts
    /// the analysis.
    public func setMultiPv(_ count: Int) {
        let count = Self.clampMultiPv(count)
        guard !closed, count != state.multiPv else { return }
        state.multiPv = count
        saveSettings()
        restartAnalysis()
    }

    /// Turns the board around. The analysis goes on.
    public func flipBoard() {
        guard !closed else { return }
        state.orientation = state.orientation.opponent
        saveSettings()
    }

    /// Clears ``AnalysisUiState/message``.
    public func dismissMessage() {
        guard !closed else { return }
        state.message = nil
    }

    // MARK: - Sharing and loading

    /// The whole tree in PGN (variations and comments included), for sharing.
    public func pgn() -> String { game.pgn() }

    /// A start for a new game from the board's position ("play from here":
    /// `GameController.newGame(mode:level:timeControl:start:)`): the moves that led to it (the
    /// core's `lineTo`), so that the new game counts repetitions and its record starts from the
    /// beginning, without the analysed game's tags, variations, comments, marks and clock times.
    /// Chess960 when the tree is. After ``close()``, the position's FEN alone
    /// (``AnalysisUiState/startPosition``), as in Kotlin, whose controller frees its game then.
    public func playFromHereStart() -> StartPosition {
        guard !closed, let line = try? game.lineTo(node: state.snapshot.node) else {
            return state.startPosition
        }
        for tag in line.tags() { _ = line.removeTag(name: tag.name) }
        return .moves(pgn: line.pgnWith(options: Self.movesOnly))
    }

    /// The moves alone: no variations, comments, NAGs, clock times, evaluations or marks.
    private static let movesOnly = PgnExportOptions(
        variations: false, comments: false, nags: false, clocks: false, evals: false, marks: false)

    /// The current position in FEN, for sharing.
    public func fen() -> String { game.fen() }

    /// Replaces the tree with the first game of `text` (the core's `listPgnGames`, which reads a
    /// big file one game at a time, then that game alone: variations, comments and annotations
    /// kept), at its last main-line move. With more games, the first
    /// is loaded and ``AnalysisUiState/message`` says how many were left; with none (or only
    /// bad ones) the board is unchanged and the message gives the first bad game's located
    /// error, or "No game found".
    ///
    /// - Returns: `true` when the board took a game (a load sheet closes then, even when the
    ///   tree looks as before and the message tells what was left out), `false` when it is
    ///   unchanged (nothing readable, or the controller is closed).
    @discardableResult
    public func loadPgn(_ text: String) -> Bool {
        guard !closed else { return false }
        let (loaded, note) = Self.firstGame(of: text)
        guard let loaded else {
            state.message = note
            return false
        }
        replaceTree(with: loaded)
        state.message = note
        return true
    }

    /// ``loadPgn(_:)`` for a text already listed off the main actor (``pgnGameList(_:)``): the
    /// first game of `list` from its own text, and the same message as ``loadPgn(_:)`` of the
    /// whole text would give (how many games were left out; without a game, why), without
    /// reading that text again: what a screen calls after listing a file of one readable game
    /// among bad ones, or when it wants the first game of several.
    @discardableResult
    public func loadListed(_ list: PgnGameList) -> Bool {
        guard !closed else { return false }
        guard let first = list.games.first, let loaded = try? ChessGame.fromPgn(pgn: first.pgn)
        else {
            state.message = list.problem ?? noGameFoundText
            return false
        }
        replaceTree(with: loaded)
        state.message = Self.gamesLeftOut(list.games.count - 1 + list.unreadable)
        return true
    }

    /// Replaces the tree with a new one from the position in `fen`. Castling rights or an en
    /// passant square the position cannot have (a FEN copied from elsewhere) are dropped by the
    /// core and ``AnalysisUiState/message`` says so; for any other problem the message shows
    /// the core's error and the board is unchanged.
    ///
    /// - Returns: `true` when the board took the position, `false` when it is unchanged (the
    ///   core refused the FEN, or the controller is closed).
    @discardableResult
    public func loadFen(_ fen: String) -> Bool {
        guard !closed else { return false }
        do {
            let loaded = try gameOfPastedFen(fen, chess960: state.snapshot.chess960)
            replaceTree(with: loaded.game)
            if let note = loaded.note { state.message = note }
            return true
        } catch {
            state.message = Self.describe(error)
            return false
        }
    }

    /// Replaces the tree with a new one from the standard start position.
    public func newBoard() {
        guard !closed else { return }
        replaceTree(with: ChessGame())
    }

    // MARK: - Lifecycle

    /// The app went to the background: stops the analysis (the lines found so far stay) and
    /// saves the board. No search starts until ``resume()``.
    public func pause() {
        guard !closed, !paused else { return }
        paused = true
        stopAndSave()
    }

    /// The app is in the foreground again: the analysis and the coach, if switched on, start
    /// over.
    public func resume() {
        guard !closed, paused else { return }
        paused = false
        restartAnalysis()
        restartCoach()
    }

    /// The screen is closed for good: stops the analysis and saves the board. Every intent is
    /// ignored afterwards (no move, edit, load, setting, save or search); the state keeps
    /// showing the board as it was. Releasing the controller frees its game and engine.
    public func close() {
        guard !closed else { return }
        closed = true
        stopAndSave()
    }

    /// Saves when the app goes away or the screen closes only while the store holds nothing
    /// or something this board wrote: a board opened since over the same store (a file opened
    /// from another app, whose view replaces this one) is not overwritten by this one going
    /// away. (Every change is saved as it happens; this retries one whose write failed.)
    private func stopAndSave() {
        stopSearch()
        stopCoach()
        if let held = store.load(), !ownSaves.contains(held.hashValue) { return }
        save()
    }

    private func save() {
        let json = game.toJson()
        store.save(json: json)
        ownSaves.insert(json.hashValue)
    }

    // MARK: - Moves and changes

    /// Shows what the board input made of a tap or drag from `from` to `to`, and plays the move
    /// it came to. Where the game has ended at this node (a resignation, a PGN's result) the
    /// core gives no legal moves, so a selected piece has no targets: a move tried all the same
    /// goes to the core, which refuses it and says why.
    private func show(_ outcomes: [MoveInput.Outcome], from: Square?, to: Square) {
        if state.isGameOver, outcomes.last == .clear, let from, from != to,
            state.snapshot.pieceAt(from)?.side == state.snapshot.sideToMove
        {
            play(from: from, to: to, promotion: nil)
            return
        }
        for outcome in outcomes {
            if let move = state.show(outcome) {
                play(from: move.from, to: move.to, promotion: move.promotion)
            }
        }
    }

    /// Toggles the mark from `from` to `to` on the current node: a square when they are one,
    /// else an arrow.
    private func drawMark(from: Square, to: Square, color: MarkColor) {
        change { game in
            let node = game.snapshot().node
            if from == to {
                try game.toggleSquareMark(node: node, square: from, color: color)
            } else {
                try game.toggleArrow(node: node, from: from, to: to, color: color)
            }
        }
    }

    /// Plays a move at the current node: a new variation off the main line, or the existing
    /// node when the move is already there.
    private func play(from: Square, to: Square, promotion: PieceKind?) {
        change { _ = try $0.play(from: from, to: to, promotion: promotion) }
    }

    /// Runs a core call that changes the tree or the node; on error shows the core's message
    /// instead (the core leaves the game unchanged) and the analysis goes on.
    private func change(_ call: (ChessGame) throws -> Void) {
        guard !closed else { return }
        do {
            try call(game)
            afterChange(newTree: false)
        } catch {
            input.clear()
            var next = state
            next.clearSelection()
            next.markFrom = nil
            next.message = Self.describe(error)
            state = next
        }
    }

    /// The explorer's moves from the current position (none without an explorer).
    private func explorerMoves() -> [ExplorerMove] {
        explorer?.movesAt(game: game) ?? []
    }

    /// A new tree (a PGN, a FEN, a new board) in place of the old one.
    private func replaceTree(with loaded: ChessGame) {
        loaded.setNewMovePlacement(placement: .variation)
        game = loaded
        engine.newGame()
        afterChange(newTree: true)
    }

    /// After every change: new snapshot, cleared selection and message, save; a new analysis
    /// when the position is another one (or the tree is new: its node ids are).
    private func afterChange(newTree: Bool) {
        input.clear()
        let snapshot = game.snapshot()
        save()
        let moved =
            newTree || snapshot.node != state.snapshot.node
            || snapshot.positionKey != state.snapshot.positionKey
        var next = state
        next.snapshot = snapshot
        next.clearSelection()
        next.markFrom = nil
        next.message = nil
        if moved {
            next.bookMoves = game.bookMoves()
            next.explorerMoves = explorerMoves()
        }
        state = next
        if moved {
            restartAnalysis()
            restartCoach()
        }
    }

    // MARK: - Coach's engine

    /// Stops the coach's search, if any; its result will be ignored.
    private func stopCoach() {
        coachToken += 1
        coachTask?.cancel()
        coachTask = nil
        if state.coachRunning { state.coachRunning = false }
    }

    /// Stops the coach and forgets its findings; with the coach on, shows the current
    /// position's hanging pieces at once and, unless paused, starts the coach's searches of it.
    /// A result is shown only if it is the latest search's and of the position still shown.
    private func restartCoach() {
        stopCoach()
        guard state.coachOn, !closed else {
            if state.coaching != nil || !state.hanging.isEmpty {
                var next = state
                next.coaching = nil
                next.hanging = []
                state = next
            }
            return
        }
        var next = state
        next.coaching = nil
        next.hanging = game.hangingPieces()
        state = next
        guard !paused else { return }
        let engine: ChessEngine
        if let made = coachEngine {
            engine = made
        } else {
            do {
                engine = try coachEngineFactory(
                    EngineConfig(level: engineLevels().last?.level ?? 10, hashMb: Self.coachHashMb))
            } catch {
                state.message = Self.describe(error)
                return
            }
            coachEngine = engine
        }
        let token = coachToken
        let key = state.snapshot.positionKey
        let game = self.game
        let nodes = coachNodes
        state.coachRunning = true
        coachTask = Task { [weak self] in
            // Superseded before it began (e.g. the person steps through moves): no search.
            if Task.isCancelled { return }
            let result: Result<Coaching?, Error>
            do {
                result = .success(try await engine.coach(game, nodesPerSearch: nodes))
            } catch {
                result = .failure(error)
            }
            guard let self, token == self.coachToken else { return }
            self.showCoaching(result, key: key)
        }
    }

    /// The coach's result for the position of `key`: shown while that position is.
    private func showCoaching(_ result: Result<Coaching?, Error>, key: UInt64) {
        coachTask = nil
        var next = state
        next.coachRunning = false
        switch result {
        case .success(let coaching):
            next.coaching =
                coaching?.positionKey == key && next.snapshot.positionKey == key ? coaching : nil
        case .failure(let error):
            if !(error is CancellationError) {
                next.message = "The engine failed: \(Self.describe(error))"
            }
        }
        state = next
    }

    // MARK: - Engine

    /// Stops the running search and its lines and, when the analysis is on, the controller is
    /// neither paused nor closed and the position has a move to search, starts a new one. Its
    /// reports reach the main actor through a `MainActorSearchListener`; any report of a search
    /// that was stopped or superseded meanwhile (token) or of another position (key) is ignored.
    private func restartAnalysis() {
        stopSearch()
        if !state.lines.isEmpty { state.lines = [] }
        guard state.analysing, !paused, !closed else { return }
        var limits = analysisLimits
        limits.multiPv = UInt32(state.multiPv)
        let listener = reporter(token: searchToken, key: state.snapshot.positionKey)
        do {
            search = try startSearch(limits: limits, listener: listener)
        } catch ChessError.GameOver {
            return  // checkmate or stalemate: nothing to analyse, nothing to say
        } catch {
            state.message = Self.describe(error)
            return
        }
        state.engineRunning = true
    }

    /// Searches the current position with its history (`think`) or, where the game ended by a
    /// person's decision (a resignation, an agreed or claimed draw, a PGN's result) and `think`
    /// refuses it, the same position without the history (`thinkFen`: repetitions are not seen
    /// there). Throws `GameOver` when that is refused too (checkmate, stalemate).
    private func startSearch(
        limits: SearchLimits, listener: SearchListener
    ) throws -> SearchHandle {
        let snapshot = state.snapshot
        do {
            searchedMoves = snapshot.legalMoves
            return try engine.think(game: game, limits: limits, listener: listener)
        } catch ChessError.GameOver {
            let handle = try engine.thinkFen(fen: snapshot.fen, limits: limits, listener: listener)
            // The core gives no legal moves where the game has ended; the position has some.
            // `fromFen` reads the castling field as `thinkFen` does (Chess960 when the field
            // says so), so a castling line's first move has the engine's UCI; a Chess960 game
            // whose field looks standard (`KQkq`, king on e1/e8, rooks in the corners) would
            // otherwise write its castling as the king taking its rook.
            searchedMoves = (try? ChessGame.fromFen(fen: snapshot.fen))?.legalMoves() ?? []
            return handle
        }
    }

    /// The listener of the search `token` of the position `key`: it hands the engine's reports
    /// to the main actor, and to the controller while it is alive.
    private func reporter(token: Int, key: UInt64) -> MainActorSearchListener {
        MainActorSearchListener(
            onInfo: { [weak self] in self?.receive($0, token: token, key: key) },
            onFinished: { [weak self] in self?.receive($0, token: token) })
    }

    /// A line of the current search: it replaces the line of its number.
    private func receive(_ info: SearchInfo, token: Int, key: UInt64) {
        let number = Int(info.multipv)
        guard token == searchToken, info.positionKey == key,
            key == state.snapshot.positionKey, (1...state.multiPv).contains(number)
        else { return }
        let first = info.pvUci.first
        let line = AnalysisLine(
            multipv: number, depth: Int(info.depth), scoreText: scoreText(info.scoreWhite),
            whiteWin: info.whiteWin, pvSan: info.pvSan,
            move: searchedMoves.first { $0.uci == first })
        var lines = state.lines.filter { $0.multipv != number }
        lines.append(line)
        lines.sort { $0.multipv < $1.multipv }
        state.lines = lines
    }

    /// The end of the current search (by its limits, or a failure): the lines stay.
    private func receive(_ result: SearchResult, token: Int) {
        guard token == searchToken else { return }
        search = nil  // finished: releasing the handle frees it
        state.engineRunning = false
        if let error = result.error {
            state.message = "The engine failed: \(error)"
        }
    }

    /// Stops the running search, if any; its reports will be ignored.
    private func stopSearch() {
        searchToken += 1
        search?.stop()
        search = nil
        if state.engineRunning { state.engineRunning = false }
    }

    // MARK: - Helpers

    private static let keyAnalysing = "analysing"
    private static let keyMultiPv = "multiPv"
    private static let keyOrientation = "orientation"
    private static let keyCoach = "coach"
    /// The coach engine's table: its searches are short.
    private static let coachHashMb: UInt32 = 16

    private func saveSettings() {
        store.saveSettings([
            Self.keyAnalysing: state.analysing ? "true" : "false",
            Self.keyMultiPv: String(state.multiPv),
            Self.keyOrientation: state.orientation.settingsValue,
            Self.keyCoach: state.coachOn ? "true" : "false",
        ])
    }

    private static func clampMultiPv(_ count: Int) -> Int {
        min(max(count, multiPvRange.lowerBound), multiPvRange.upperBound)
    }

    /// The first game of a PGN text and what to tell about the rest, or no game and why.
    private static func firstGame(of text: String) -> (game: ChessGame?, message: String?) {
        // The core's list reads one game at a time and keeps only summaries: a big file never
        // becomes thousands of game trees at once; the first game is read again alone.
        let listing = listPgnGames(pgn: text)
        guard let first = listing.games.first, let game = try? ChessGame.fromPgn(pgn: first.pgn)
        else {
            return (nil, listing.skipped.first?.message ?? noGameFoundText)
        }
        return (game, gamesLeftOut(listing.games.count - 1 + listing.skipped.count))
    }

    /// What the board says when it opened the first game of a PGN text and `left` more were
    /// left out; `nil` for none.
    private static func gamesLeftOut(_ left: Int) -> String? {
        switch left {
        case 0: return nil
        case 1: return "Loaded the first game; 1 more game in the text was left out."
        default: return "Loaded the first game; \(left) more games in the text were left out."
        }
    }

    private static func describe(_ error: Error) -> String {
        (error as? ChessError)?.message ?? "\(error)"
    }
}
