import ChessCore
import Foundation
import Observation

/// The board screen's presentation layer (see `docs/presentation-spec.md`; the Kotlin
/// `GameController` has the same states, intents and behaviour).
///
/// It holds no chess rules: every legal move, check, outcome and piece of notation comes from
/// the core. It turns `GameSnapshot`s into ``BoardUiState``, user intents into core calls, and
/// runs the engine's turn on the engine's thread, receiving its progress on the main actor.
/// The game is saved through a ``GameStore`` after every change and restored at start.
@MainActor
@Observable
public final class GameController {
    /// What the screen draws; replaced after every intent and engine event.
    public private(set) var state: BoardUiState

    /// The engine's strength levels, weakest first (for the level picker).
    public let levels: [EngineLevel]

    @ObservationIgnored private var game: ChessGame
    private let engine: ChessEngine
    private let store: any GameStore
    private let limits: SearchLimits
    private let hintLimits: SearchLimits
    /// The selected piece's legal moves, to tell a promotion from a plain move.
    @ObservationIgnored private var selectedMoves: [LegalMove] = []
    @ObservationIgnored private var running: RunningSearch?
    @ObservationIgnored private var searchCount = 0

    /// A search the controller started and still waits for.
    private struct RunningSearch {
        enum Purpose { case move, hint }
        let id: Int
        let purpose: Purpose
        /// The side to move in the searched position (the engine scores from its view).
        let sideToMove: Side
        let task: Task<Void, Never>
    }

    /// Restores the game and settings saved in `store` (a new game when there are none, with
    /// ``BoardUiState/message`` set when the saved game could not be read) and starts the
    /// engine when it is its turn.
    ///
    /// - Parameter limits: how long the engine thinks per move; by default the level's own
    ///   limits.
    /// - Parameter hintLimits: how a hint is searched; by default one second at full strength,
    ///   whatever level the engine plays at.
    /// - Throws: `ChessError` when the engine cannot be created (not expected: the saved level
    ///   is clamped to the valid range).
    public init(
        store: any GameStore, limits: SearchLimits = SearchLimits(),
        hintLimits: SearchLimits = SearchLimits(moveTimeMs: 1000, level: engineLevels().last?.level)
    ) throws {
        let levels = engineLevels()
        let settings = Settings.decode(store.loadSettings(), levelCount: levels.count)
        var message: String?
        var game = ChessGame()
        if let json = store.load() {
            do {
                game = try ChessGame.fromJson(json: json)
            } catch {
                message = "The saved game could not be restored: \(GameController.describe(error))"
            }
        }
        self.levels = levels
        self.engine = try ChessEngine(config: GameController.engineConfig(level: settings.level))
        self.game = Self.asPlayed(game)
        self.store = store
        self.limits = limits
        self.hintLimits = hintLimits
        self.state = BoardUiState(
            snapshot: game.snapshot(),
            orientation: settings.orientationSide,
            mode: settings.gameMode,
            level: settings.level,
            message: message
        )
        afterChange()
    }

    // MARK: - Intents

    /// A tap on `square` (0 = a1 ... 63 = h8): selects a piece of the side to move, moves the
    /// selected piece to a target (asking for the promotion piece when needed), reselects
    /// another own piece, or clears the selection. Ignored unless a person is to move.
    public func tapSquare(_ square: Int) {
        guard (0..<64).contains(square), state.pendingPromotion == nil, state.isHumanTurn else {
            return
        }
        guard let from = state.selected else {
            if isOwnPiece(square) { select(square) }
            return
        }
        if state.targets.contains(square) {
            move(from: from, to: square)
        } else if square != from, isOwnPiece(square) {
            select(square)
        } else {
            clearSelection()
        }
    }

    /// A piece dragged from `from` to `to`: the same as selecting `from` and tapping `to`.
    public func dragMove(from: Int, to: Int) {
        guard state.pendingPromotion == nil, state.isHumanTurn else { return }
        clearSelection()
        tapSquare(from)
        if state.selected == from { tapSquare(to) }
    }

    /// Plays the pending promotion with `kind` (one of its choices).
    public func choosePromotion(_ kind: PieceKind) {
        guard let pending = state.pendingPromotion, pending.choices.contains(kind) else { return }
        play(from: pending.from, to: pending.to, promotion: kind)
    }

    /// Closes the promotion picker without moving; the pawn stays selected.
    public func cancelPromotion() {
        state.pendingPromotion = nil
    }

    /// Takes back the last move; against the engine, back to the person's turn (two plies when
    /// the engine has replied). A running search is stopped and its result ignored.
    public func undo() {
        stopSearch()
        if game.undo(), case .humanVsEngine(let human) = state.mode {
            while game.snapshot().sideToMove != human, game.undo() {}
        }
        afterChange()
    }

    /// Replays what ``undo()`` took back; against the engine, up to the person's turn.
    public func redo() {
        stopSearch()
        if game.redo(), case .humanVsEngine(let human) = state.mode {
            while game.snapshot().sideToMove != human, game.redo() {}
        }
        afterChange()
    }

    /// Shows the board from the other side. Does not touch the game or the engine.
    public func flipBoard() {
        state.orientation = state.orientation.opponent
        saveSettings()
    }

    /// Sets the engine's strength, 1 to 10 (clamped), from its next search on.
    public func setLevel(_ level: Int) {
        let level = min(max(level, 1), max(levels.count, 1))
        do {
            try engine.setConfig(config: Self.engineConfig(level: level))
            state.level = level
            saveSettings()
        } catch {
            state.message = Self.describe(error)
        }
    }

    /// A game as played: a move after an undo makes the main line (the game's PGN), and the
    /// moves taken back stay in the game as a variation.
    private static func asPlayed(_ game: ChessGame) -> ChessGame {
        game.setNewMovePlacement(placement: .mainLine)
        return game
    }

    /// Starts a new game in `mode` at `level`; the board shows the person's side at the bottom.
    public func newGame(mode: GameMode, level: Int) {
        stopSearch()
        game = Self.asPlayed(ChessGame())
        engine.newGame()
        state.mode = mode
        if case .humanVsEngine(let human) = mode {
            state.orientation = human
        } else {
            state.orientation = .white
        }
        state.message = nil
        setLevel(level)
        afterChange()
    }

    /// Starts a game from the position `text` in FEN. When the core rejects it, ``BoardUiState/message``
    /// gets the core's explanation and the game is unchanged.
    public func loadFen(_ text: String) {
        let loaded: ChessGame
        do {
            loaded = try ChessGame.fromFen(fen: text.trimmingCharacters(in: .whitespacesAndNewlines))
        } catch {
            state.message = Self.describe(error)
            return
        }
        stopSearch()
        game = Self.asPlayed(loaded)
        engine.newGame()
        state.message = nil
        afterChange()
    }

    /// Asks the engine for a move for the person to move; shown as ``BoardUiState/hint``.
    public func requestHint() {
        guard state.isHumanTurn else { return }
        startSearch(.hint)
    }

    /// Claims the draw the core offers (``BoardUiState/claimableDraw``) on a person's turn.
    public func claimDraw() {
        guard state.isHumanTurn else { return }
        do {
            _ = try game.claimDraw()
        } catch {
            state.message = Self.describe(error)
        }
        afterChange()
    }

    /// The person resigns (against the engine: the person's side; otherwise the side to move).
    public func resign() {
        guard !state.isGameOver else { return }
        stopSearch()
        let side: Side
        if case .humanVsEngine(let human) = state.mode {
            side = human
        } else {
            side = state.snapshot.sideToMove
        }
        do {
            _ = try game.resign(side: side)
        } catch {
            state.message = Self.describe(error)
        }
        afterChange()
    }

    /// Both sides agree to a draw.
    public func agreeDraw() {
        guard !state.isGameOver else { return }
        stopSearch()
        do {
            _ = try game.agreeDraw()
        } catch {
            state.message = Self.describe(error)
        }
        afterChange()
    }

    /// Hides the current ``BoardUiState/message``.
    public func dismissMessage() {
        state.message = nil
    }

    /// The game in PGN, for sharing.
    public func pgn() -> String { game.pgn() }

    /// The current position in FEN, for sharing.
    public func fen() -> String { game.fen() }

    // MARK: - Selection and moves

    private func isOwnPiece(_ square: Int) -> Bool {
        state.snapshot.squares[square]?.side == state.snapshot.sideToMove
    }

    private func select(_ square: Int) {
        do {
            selectedMoves = try game.legalMovesFrom(square: UInt32(square))
            state.selected = square
            state.targets = Set(selectedMoves.map { Int($0.to) })
        } catch {
            state.message = Self.describe(error)
            clearSelection()
        }
    }

    private func clearSelection() {
        selectedMoves = []
        state.selected = nil
        state.targets = []
        state.pendingPromotion = nil
    }

    private func move(from: Int, to: Int) {
        let choices = selectedMoves.filter { Int($0.to) == to }.compactMap(\.promotion)
        if choices.isEmpty {
            play(from: from, to: to, promotion: nil)
        } else {
            state.pendingPromotion = PendingPromotion(from: from, to: to, choices: choices)
        }
    }

    private func play(from: Int, to: Int, promotion: PieceKind?) {
        do {
            _ = try game.play(from: UInt32(from), to: UInt32(to), promotion: promotion)
        } catch {
            state.message = Self.describe(error)
            clearSelection()
            return
        }
        afterChange()
    }

    /// After every change of the game: any search stopped (it was about the old position), a
    /// fresh snapshot, per-position state cleared, the game saved, and the engine started when
    /// it is its turn.
    private func afterChange() {
        stopSearch()
        var next = state
        next.snapshot = game.snapshot()
        next.selected = nil
        next.targets = []
        next.pendingPromotion = nil
        next.hint = nil
        next.thinking = nil
        selectedMoves = []
        state = next
        store.save(json: game.toJson())
        if !state.isGameOver, state.mode.enginePlays(state.snapshot.sideToMove) {
            startSearch(.move)
        }
    }

    // MARK: - Engine

    private func startSearch(_ purpose: RunningSearch.Purpose) {
        stopSearch()
        searchCount += 1
        let id = searchCount
        let events = engine.search(game, limits: purpose == .hint ? hintLimits : limits)
        let task = Task { @MainActor [weak self] in
            do {
                for try await event in events {
                    guard let self else { return }
                    self.receive(event, searchId: id)
                }
            } catch {
                self?.searchFailed(error, searchId: id)
            }
        }
        running = RunningSearch(
            id: id, purpose: purpose, sideToMove: state.snapshot.sideToMove, task: task)
        state.engineThinking = true
        state.thinking = nil
    }

    /// Stops the running search, if any; whatever it still reports is ignored.
    private func stopSearch() {
        guard let search = running else { return }
        running = nil
        search.task.cancel()
        engine.stop()
        state.engineThinking = false
    }

    /// The id of the search whose events are still wanted (for tests).
    var currentSearchId: Int? { running?.id }

    /// Handles an event of search `searchId` on the main actor. Events of a superseded search,
    /// or about another position than the current one, are ignored.
    func receive(_ event: SearchEvent, searchId: Int) {
        guard let search = running, search.id == searchId else { return }
        switch event {
        case .info(let info):
            guard info.positionKey == state.snapshot.positionKey else { return }
            state.thinking = ThinkingLine(
                depth: Int(info.depth),
                scoreText: info.score.text(sideToMove: search.sideToMove),
                pv: info.pvSan
            )
        case .finished(let result):
            running = nil
            state.engineThinking = false
            guard result.positionKey == state.snapshot.positionKey else { return }
            switch search.purpose {
            case .hint:
                state.hint = result.bestMove
            case .move:
                do {
                    _ = try game.playUci(uci: result.bestMove.uci)
                } catch {
                    state.message = Self.describe(error)
                    return
                }
                afterChange()
            }
        }
    }

    private func searchFailed(_ error: Error, searchId: Int) {
        guard running?.id == searchId else { return }
        running = nil
        state.engineThinking = false
        state.message = Self.describe(error)
    }

    // MARK: - Helpers

    private static func engineConfig(level: Int) -> EngineConfig {
        // A fresh seed per engine and level change, so weaker levels do not repeat their games.
        EngineConfig(level: UInt32(level), seed: UInt64.random(in: 0...UInt64.max))
    }

    private static func describe(_ error: Error) -> String {
        (error as? ChessError)?.message ?? error.localizedDescription
    }

    private func saveSettings() {
        store.saveSettings(json: Settings(state).encoded())
    }
}

/// The app-level settings saved beside the game: mode, level, orientation.
private struct Settings: Codable {
    var mode = "humanVsEngine"
    var humanSide = "white"
    var level = BoardUiState.defaultLevel
    var orientation = "white"

    init() {}

    init(_ state: BoardUiState) {
        switch state.mode {
        case .humanVsEngine(let human):
            mode = "humanVsEngine"
            humanSide = human == .white ? "white" : "black"
        case .humanVsHuman:
            mode = "humanVsHuman"
        case .engineVsEngine:
            mode = "engineVsEngine"
        }
        level = state.level
        orientation = state.orientation == .white ? "white" : "black"
    }

    /// The saved settings, or the defaults when there are none or they cannot be read.
    static func decode(_ json: String?, levelCount: Int) -> Settings {
        var settings = Settings()
        if let json, let saved = try? JSONDecoder().decode(Settings.self, from: Data(json.utf8)) {
            settings = saved
        }
        settings.level = min(max(settings.level, 1), max(levelCount, 1))
        return settings
    }

    func encoded() -> String {
        let data = (try? JSONEncoder().encode(self)) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    var gameMode: GameMode {
        switch mode {
        case "humanVsHuman": return .humanVsHuman
        case "engineVsEngine": return .engineVsEngine
        default: return .humanVsEngine(humanSide: humanSide == "black" ? .black : .white)
        }
    }

    var orientationSide: Side { orientation == "black" ? .black : .white }
}
