import ChessCoreKit
import Foundation
import Observation

/// The board screen's presentation logic: turns the core's `GameSnapshot`s into
/// ``BoardUiState`` and the player's intents into core calls, and drives the engine's turn. It
/// holds no chess rules: legality, notation, check and the outcome all come from the core. The
/// Kotlin `GameController` (android/presentation) has the same states, intents and behaviour.
///
/// Threading: a `@MainActor` object. The engine reports on its own thread; its reports reach
/// the controller on the main actor (through ``ChessCoreKit/MainActorSearchListener``) before
/// they touch the state, and reports of a search that was stopped or superseded meanwhile, or
/// about another position, are ignored.
///
/// Lifetime: owns a `ChessGame` and a `ChessEngine`; releasing the controller stops any search
/// and frees them. The game is saved through its ``GameStore`` after every change and restored
/// when a controller is created, so a killed app resumes where it was (also mid-search: the
/// engine simply starts again on its turn).
///
/// Timed play: a game may have a time control (``newGame(mode:level:timeControl:)``). All timing
/// is the core's; the controller only says what time it is, through its `now` (the app's
/// monotonic milliseconds), and the screen calls ``tick()`` while a clock runs. A timed game has
/// no takebacks, and its clock stops while the app is in the background.
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
@MainActor
@Observable
public final class GameController {
    /// The screen state; replaced after every intent and engine report.
    public private(set) var state: BoardUiState

    /// The engine's strength levels, weakest first (for the level picker).
    public let levels: [EngineLevel]

    @ObservationIgnored private var game: ChessGame
    @ObservationIgnored private let engine: ChessEngine
    @ObservationIgnored private let store: any GameStore
    @ObservationIgnored private let archive: (any GameArchive)?
    /// The id this game was kept under in the archive when it ended (kept in the settings, so a
    /// restart does not keep it again, and a game deleted from the archive stays deleted); `nil`
    /// until it ends and again once another game replaces it.
    @ObservationIgnored private var archivedId: String?
    /// The core's `gameArchiveId(pgn:)` of the game as it was kept under `archivedId` (its
    /// moves): when the game's is still this one, it is kept already. The two differ when another
    /// game with the same moves was kept first and this one got an id of its own.
    @ObservationIgnored private var archivedMovesId: String?
    @ObservationIgnored private let limitsForLevel: (Int) -> SearchLimits
    @ObservationIgnored private let hintLimits: SearchLimits
    /// The app's monotonic milliseconds: the time of every clock call.
    @ObservationIgnored private let now: @Sendable () -> UInt64

    /// The running search (the engine's move or a hint), if any.
    @ObservationIgnored private var search: SearchHandle?
    /// Incremented whenever a search is started or abandoned: reports of older ones are ignored.
    @ObservationIgnored private var searchToken = 0
    /// The selection and its legal moves: the board-input rules shared with the analysis board.
    @ObservationIgnored private var input = MoveInput()
    /// `true` between ``pause()`` and ``resume()``: the app is in the background, no search runs.
    @ObservationIgnored private var paused = false

    /// The default limits of a hint: one second at full strength (the strongest of
    /// `engineLevels()`), whatever level the engine plays at.
    public nonisolated static func defaultHintLimits() -> SearchLimits {
        SearchLimits(moveTimeMs: 1000, level: engineLevels().last?.level)
    }

    /// The instant the default time source counts from: the first time it is read in this
    /// process. A save keeps no time-stamp, so another process may count from another instant.
    private nonisolated static let origin = ContinuousClock.now

    /// The default time source: milliseconds of the `ContinuousClock` (monotonic, and running
    /// while the device sleeps) since a fixed instant of this process.
    public nonisolated static func monotonicNow() -> UInt64 {
        milliseconds(origin.duration(to: ContinuousClock.now))
    }

    /// `duration` in whole milliseconds, rounded down (0 for a negative one).
    nonisolated static func milliseconds(_ duration: Duration) -> UInt64 {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0, attoseconds >= 0 else { return 0 }
        return UInt64(seconds) * 1_000 + UInt64(attoseconds / 1_000_000_000_000_000)
    }

    /// Restores the game and settings saved in `store` (a new game when there are none, with
    /// ``BoardUiState/message`` saying why when the saved game could not be read) and starts
    /// the engine when it is its turn.
    ///
    /// - Parameters:
    ///   - store: where the game is saved after every change and restored from now.
    ///   - engineFactory: creates the engine (tests: an observed one); its config carries the level.
    ///   - limitsForLevel: the limits of the engine's own moves at a level (default: the level's own).
    ///   - hintLimits: the limits of a hint search (default: ``defaultHintLimits()``).
    ///   - defaultMode: the mode when the store holds no settings.
    ///   - defaultLevel: the level when the store holds no settings.
    ///   - now: the app's monotonic milliseconds, the time of every clock call (default:
    ///     ``monotonicNow()``; tests pass a clock they move by hand).
    ///   - archive: "My games": where each game is kept once it has ended (with the players,
    ///     date and time as PGN tags), or `nil` to keep none.
    /// - Throws: what `engineFactory` throws (the default factory does not: the level is
    ///   clamped to the valid range).
    public init(
        store: any GameStore,
        engineFactory: (EngineConfig) throws -> ChessEngine = { try ChessEngine(config: $0) },
        limitsForLevel: @escaping (Int) -> SearchLimits = { _ in SearchLimits() },
        hintLimits: SearchLimits = GameController.defaultHintLimits(),
        defaultMode: GameMode = .humanVsEngine(humanSide: .white),
        defaultLevel: Int = 5,
        now: @escaping @Sendable () -> UInt64 = GameController.monotonicNow,
        archive: (any GameArchive)? = nil
    ) throws {
        let settings = store.loadSettings()
        let mode = Self.decodeMode(settings[Self.keyMode]) ?? defaultMode
        let level = Self.clampLevel(
            settings[Self.keyLevel].flatMap { Int($0) }.map {
                Self.savedLevel($0, scale: settings[Self.keyLevelScale])
            } ?? defaultLevel)
        let orientation =
            Side(settingsValue: settings[Self.keyOrientation]) ?? Self.defaultOrientation(mode)
        var message: String?
        var restored: ChessGame?
        let saved = store.load()
        if let saved {
            do {
                restored = try ChessGame.fromJson(json: saved)
            } catch {
                message =
                    "The saved game could not be restored: \(Self.describe(error))"
                    + keptAside(store, saved)
            }
        }
        let game = Self.asPlayed(restored ?? ChessGame())
        self.engine = try engineFactory(Self.engineConfig(level: level))
        self.game = Self.asPlayed(game)
        self.store = store
        self.archive = archive
        self.archivedId = settings[Self.keyArchived]
        // Settings written before the moves' id was kept apart: the id was the moves' id.
        self.archivedMovesId = settings[Self.keyArchivedMoves] ?? settings[Self.keyArchived]
        self.limitsForLevel = limitsForLevel
        self.hintLimits = hintLimits
        self.now = now
        self.levels = engineLevels()
        self.state = BoardUiState(
            snapshot: game.snapshot(), orientation: orientation, mode: mode, level: level,
            message: message, chess960Number: game.chess960StartNumber())
        state.autoQueen = settings[Self.keyAutoQueen] == "true"
        state.autoFlip = settings[Self.keyAutoFlip] == "true"
        if let side = Self.flipped(state.snapshot, mode: mode, autoFlip: state.autoFlip) {
            state.orientation = side
        }
        waitForResumeIfTheClockIsPaused()
        // Paused by the players before the app ended: still paused (the restored clock is).
        state.userPaused = paused && settings[Self.keyUserPaused] == "true"
        state.clock = readClock()
        // A finished game is saved again too: if it is kept in the archive now (a game ended
        // before the archive existed), the players and time it is tagged with stay in its save.
        if saved == nil || message != nil || state.isGameOver, let problem = save() {
            state.message = problem
        }
        startEngineTurnIfDue()
    }

    /// A restored game whose clock was started stays paused until ``resume()``, as after
    /// ``pause()``: no engine search and no time runs before it. The core restores every
    /// started clock paused at its last saved event, also one saved running (the app killed
    /// without ``pause()``): a save keeps no time-stamp, so the unknown time away is not charged.
    private func waitForResumeIfTheClockIsPaused() {
        guard !state.isGameOver, state.snapshot.clock?.state == .paused else { return }
        paused = true
    }

    // MARK: - Intents

    /// The player tapped `square`: selects a piece of the side to move, moves the selected piece
    /// to a highlighted target (opening the promotion picker when the core offers promotion
    /// choices), reselects another own piece, or clears the selection. Ignored while the engine
    /// is to move or thinks, the picker is open or the game is over.
    public func tapSquare(_ square: Square) {
        if state.viewed != nil { return viewPly(nil) }
        if state.canPremove { return premoveTap(square) }
        guard state.isHumanTurn else { return }
        show([input.tap(square, snapshot: state.snapshot, legalMovesFrom: game.legalMovesFrom)])
    }

    /// The player dragged the piece on `from` to `to`: the same as tapping `from`, then `to`.
    public func dragMove(from: Square, to: Square) {
        if state.viewed != nil { return viewPly(nil) }
        if state.canPremove {
            // A drag is a whole premove at once (onto a square of the player's too: a recapture
            // there, or a Chess960 castling onto the rook); one to a square the piece can never
            // reach on the next turn, or not from the player's piece, cancels it.
            let possible = game.premoveDestinations(square: from).contains(to)
            state.premove = possible ? Premove(from: from, to: to) : nil
            return
        }
        guard state.isHumanTurn else { return }
        show(
            input.drag(
                from: from, to: to, snapshot: state.snapshot, legalMovesFrom: game.legalMovesFrom))
    }

    /// Plays the pending promotion with `kind` (one of its choices; others are ignored).
    public func choosePromotion(_ kind: PieceKind) {
        guard let pending = state.pendingPromotion, pending.choices.contains(kind) else { return }
        play(from: pending.from, to: pending.to, promotion: kind)
    }

    /// Closes the promotion picker without moving; the game is unchanged, the pawn stays
    /// selected.
    public func cancelPromotion() {
        state.pendingPromotion = nil
    }

    /// Shows the position after `ply` moves of the game (0: the start) on the board
    /// (``BoardUiState/viewed``, from the core's `snapshotAtMainLinePly`) while the game stays
    /// where it is: the engine goes on thinking and the clock on running for the game's own
    /// position. `nil`, or the game's own ply or later, shows the game again; so does a tap or
    /// drag on the board, and any change of the game (the engine's reply brings the board back
    /// to the game).
    public func viewPly(_ ply: Int?) {
        let current = Int(state.snapshot.ply)
        guard let ply, ply >= 0, ply < current else {
            if state.viewed != nil { state.viewed = nil }
            return
        }
        do {
            let seen = ViewedPosition(
                ply: ply, snapshot: try game.snapshotAtMainLinePly(ply: UInt32(ply)))
            input.clear()
            var next = state
            next.viewed = seen
            next.selected = nil
            next.targets = []
            next.pendingPromotion = nil
            state = next
        } catch {
            state.message = Self.describe(error)
        }
    }

    /// Shows the position one move before the one shown (``viewPly(_:)``).
    public func viewBack() {
        guard state.canViewBack else { return }
        viewPly((state.viewed?.ply ?? Int(state.snapshot.ply)) - 1)
    }

    /// Shows the position one move after the one shown, the game's own after the last
    /// (``viewPly(_:)``).
    public func viewForward() {
        if let viewed = state.viewed { viewPly(viewed.ply + 1) }
    }

    /// Takes back a move. Stops a running search first (its result is ignored). Against the
    /// engine it takes back to the player's turn: two plies when the engine has replied, one
    /// while it thinks. Does nothing in a timed game (``BoardUiState/canUndo``).
    public func undo() {
        guard !hasClock else { return }
        stopSearch()
        dropPending()
        let mode = state.mode
        if game.undo(), case .humanVsEngine = mode {
            while mode.enginePlays(game.snapshot().sideToMove), game.undo() {}
        }
        afterChange()
    }

    /// Replays what ``undo()`` took back (against the engine: up to the player's turn again).
    /// Does nothing in a timed game.
    public func redo() {
        guard !hasClock else { return }
        stopSearch()
        dropPending()
        let mode = state.mode
        if game.redo(), case .humanVsEngine = mode {
            while mode.enginePlays(game.snapshot().sideToMove), game.redo() {}
        }
        afterChange()
    }

    /// Turns the board around. A running search goes on.
    public func flipBoard() {
        state.orientation = state.orientation.opponent
        saveSettings()
    }

    /// "Always promote to a queen" on or off (``BoardUiState/autoQueen``, kept in the
    /// settings): when on, a pawn reaching the last rank becomes a queen without the picker
    /// (blitz players' usual setting); the other pieces are then out of reach, as on chess sites
    /// with it on.
    public func setAutoQueen(_ on: Bool) {
        state.autoQueen = on
        saveSettings()
    }

    /// "Turn the board for each player" (``BoardUiState/autoFlip``, kept in the settings):
    /// between two people (``BoardUiState/canAutoFlip``) the board turns to the side to move,
    /// now and after every move; in the other modes the setting waits for a game between two
    /// people.
    public func setAutoFlip(_ on: Bool) {
        state.autoFlip = on
        if let side = Self.flipped(state.snapshot, mode: state.mode, autoFlip: on) {
            state.orientation = side
        }
        saveSettings()
    }

    /// The players pause the game (``BoardUiState/canPause``: a timed game whose clock runs):
    /// the clock stops, the engine stops thinking (its turn starts over at ``resumeGame()``),
    /// the selection, picker, premove and hint go, and the board takes no move until
    /// ``resumeGame()``. The app going to the background and back (``pause()``, ``resume()``)
    /// keeps it paused, and so does a restart (kept in the settings). A flag that fell first
    /// ends the game on time instead.
    public func pauseGame() {
        guard state.canPause else { return }
        stopSearch()
        try? stopClock()
        input.clear()
        let snapshot = game.snapshot()
        var next = state
        if case .ended = snapshot.status { next.userPaused = false } else { next.userPaused = true }
        next.snapshot = snapshot
        next.clock = readClock()
        next.selected = nil
        next.targets = []
        next.pendingPromotion = nil
        next.premove = nil
        next.hint = nil
        state = next
        saveSettings()
        if let problem = save() { state.message = problem }
    }

    /// Ends the players' pause (``pauseGame()``): the clock runs again from where it stopped
    /// and the engine's turn, if due, starts over. While the app is in the background the clock
    /// waits for ``resume()``.
    public func resumeGame() {
        guard state.userPaused else { return }
        state.userPaused = false
        saveSettings()
        guard !paused else { return }
        resumeClock()
        startEngineTurnIfDue()
    }

    /// Sets the engine level (clamped to 1...10), used from the next search on.
    public func setLevel(_ level: Int) {
        let level = Self.clampLevel(level)
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

    /// Starts a new game in `mode` at `level` (default: the current one), with a clock for
    /// `timeControl` (`nil` or `.untimed`: none), from `start` (the standard position, a
    /// Chess960 one, the core's `newChess960`, or a position's FEN, e.g. the analysis board's).
    /// The board shows the player's side at the bottom (White when nobody or both play). The
    /// clock starts with the first move, which is not charged. When the core refuses the
    /// control, the Chess960 number or the FEN, ``BoardUiState/message`` says why and nothing
    /// changes.
    public func newGame(
        mode: GameMode, level: Int? = nil, timeControl: TimeControl? = nil,
        start: StartPosition = .standard
    ) {
        let fresh: ChessGame
        do {
            switch start {
            case .standard:
                fresh = ChessGame()
            case .chess960(let number):
                fresh = try ChessGame.newChess960(startNumber: number)
            case .position(let fen, let chess960):
                let trimmed = fen.trimmingCharacters(in: .whitespacesAndNewlines)
                fresh =
                    chess960
                    ? try ChessGame.fromChess960Fen(fen: trimmed) : try ChessGame.fromFen(fen: trimmed)
            case .moves(let pgn):
                fresh = try ChessGame.fromPgn(pgn: pgn)
            }
            if let timeControl, timeControl != .untimed {
                try fresh.setTimeControl(control: timeControl)
            }
        } catch {
            state.message = Self.describe(error)
            return
        }
        stopSearch()
        let notKept = archiveBeforeReplacing()
        game = Self.asPlayed(fresh)
        state.gameSerial += 1
        forgetArchivedId()
        engine.newGame()
        state.mode = mode
        state.orientation = Self.defaultOrientation(mode)
        dropPending()
        setLevel(level ?? state.level)
        afterChange()
        if let notKept { state.message = notKept }
    }

    /// A finished game that is about to be replaced and is not in "My games" yet (its archive
    /// write failed: disk full) is tried once more, since after the replacement no save would
    /// try it again. Returns what to tell the person when it still could not be kept.
    private func archiveBeforeReplacing() -> String? {
        archiveIfEnded().map { reason in "The finished game was not kept in My games: \(reason)" }
    }

    /// Starts from the position in `fen`, untimed. Castling rights or an en passant square
    /// the position cannot have (a FEN copied from elsewhere) are dropped by the core and
    /// ``BoardUiState/message`` says so; for any other problem the message shows the core's
    /// error and the game (and a running search) is unchanged. Returns `true` when the board
    /// took the position.
    @discardableResult
    public func loadFen(_ fen: String) -> Bool {
        let loaded: (game: ChessGame, note: String?)
        do {
            loaded = try gameOfPastedFen(fen, chess960: state.snapshot.chess960)
        } catch {
            state.message = Self.describe(error)
            return false
        }
        stopSearch()
        let notKept = archiveBeforeReplacing()
        game = Self.asPlayed(loaded.game)
        state.gameSerial += 1
        forgetArchivedId()
        engine.newGame()
        dropPending()
        afterChange()
        let messages = [notKept, loaded.note].compactMap { $0 }
        if !messages.isEmpty { state.message = messages.joined(separator: "\n") }
        return true
    }

    /// Asks the engine for a move for the player; ``BoardUiState/hint`` shows it until the next
    /// change. Runs like the engine's turn (``BoardUiState/engineThinking``, thinking line,
    /// taps ignored until it ends). Ignored unless it is a person's turn.
    public func requestHint() {
        guard !paused, state.isHumanTurn else { return }
        startSearch(hint: true)
    }

    /// Claims the draw the core offers (``BoardUiState/claimableDraw``).
    public func claimDraw() {
        guard state.claimableDraw != nil else { return }
        changeGame { [now] in _ = try $0.claimDrawAt(nowMs: now()) }
    }

    /// Announces (or with `on` false withdraws) a draw claim with the player's next move, as
    /// FIDE's Laws allow (9.2.1.1, 9.3.1; offered while ``BoardUiState/canClaimWithMove``). The
    /// next move the player makes then ends the game drawn when it allows the claim; a move that
    /// allows none is played all the same and the game goes on, as FIDE 9.5.1 has it, with
    /// ``BoardUiState/message`` saying so.
    public func claimDrawWithNextMove(_ on: Bool = true) {
        guard !on || state.canClaimWithMove else { return }
        state.claimingWithNextMove = on
    }

    /// `side` resigns. Against the engine it is always the player's side (whatever `side`
    /// says); between two people the screen asks who resigns ("White resigns", "Black
    /// resigns"): `nil` there means the side to move.
    public func resign(_ side: Side? = nil) {
        let resigning: Side
        if case .humanVsEngine(let human) = state.mode {
            resigning = human
        } else {
            resigning = side ?? state.snapshot.sideToMove
        }
        changeGame { [now] in _ = try $0.resignAt(side: resigning, nowMs: now()) }
    }

    /// Between two people on one device: they agree to a draw, which ends the game. Against the
    /// engine this is ``offerDraw()``: the engine answers, it is not agreed for it.
    public func agreeDraw() {
        if case .humanVsEngine = state.mode { return offerDraw() }
        changeGame { [now] in _ = try $0.agreeDrawAt(nowMs: now()) }
    }

    /// Against the engine: the player offers a draw (``BoardUiState/drawOffered``), which the
    /// engine answers on its turn, from that search's evaluation, by the core's rule
    /// (`playEngineResult`: it accepts when clearly worse, or level from move 30 on): with its
    /// reply to the player's next move, or at the end of the search it is running. A declined
    /// offer leaves a ``BoardUiState/message``; taking back or a new game withdraws the offer.
    /// Ignored unless ``BoardUiState/canOfferDraw``.
    public func offerDraw() {
        guard state.canOfferDraw else { return }
        state.drawOffered = true
    }

    /// The screen's timer (every 100 ms is enough, while ``BoardUiState/clock`` has a running
    /// side): reads the clock again and checks the flag, so that a fallen flag ends the game (a
    /// loss on time, or a draw when the other side could never mate, FIDE 6.9: the core
    /// decides), stops the engine and saves. Nothing for an untimed game.
    public func tick() {
        guard hasClock else { return }
        let nowMs = now()
        if !state.isGameOver, case .ended = game.checkFlag(nowMs: nowMs) {
            stopSearch()
            afterChange()
        } else {
            state.clock = readClock(at: nowMs)
        }
    }

    /// Clears ``BoardUiState/message``; after a failed search (its message dismissed) the
    /// engine's turn, if due, starts again.
    public func dismissMessage() {
        state.message = nil
        // A failed search left the engine's turn undone: the person dismissing its message is
        // the moment to try again (nothing else would start it).
        startEngineTurnIfDue()
    }

    /// The game in PGN, for sharing.
    public func pgn() -> String { game.pgn() }

    /// The current position in FEN, for sharing.
    public func fen() -> String { game.fen() }

    /// The app went to the background (`scenePhase` left `.active`; Android `onStop`): stops any
    /// search so that the engine does not use the battery unseen, pauses a running clock (time
    /// does not run while the app is away; a flag that fell first ends the game on time
    /// instead) and saves the game. The engine's turn starts again in ``resume()``; a hint in
    /// progress is dropped.
    public func pause() {
        guard !paused else { return }
        paused = true
        stopSearch()
        let wasOver = state.isGameOver
        if hasClock { try? stopClock() }
        if !wasOver, case .ended = game.status() {
            // Ended on time since the last tick: shown as tick() shows it (no picker, selection
            // or hint left over a finished game), and saved.
            afterChange()
            return
        }
        if hasClock {
            state.snapshot = game.snapshot()
            state.clock = readClock()
        }
        if let problem = save() { state.message = problem }
    }

    /// The app is in the foreground again: a clock paused by ``pause()`` (or restored from a
    /// save) runs again, and the engine's turn, if due, starts over; unless the players paused
    /// the game (``pauseGame()``), which stays paused until ``resumeGame()``.
    public func resume() {
        guard paused else { return }
        paused = false
        guard !state.userPaused else { return }
        resumeClock()
        startEngineTurnIfDue()
    }

    /// Runs a paused clock again now (after ``pause()`` or ``pauseGame()``); nothing for a game
    /// over or an untimed one.
    private func resumeClock() {
        let nowMs = now()
        if !state.isGameOver, game.clock(nowMs: nowMs)?.state == .paused {
            do {
                try game.resumeClock(nowMs: nowMs)
            } catch {
                state.message = Self.describe(error)
            }
            state.clock = readClock(at: nowMs)
        }
    }

    // MARK: - Selection and moves

    /// Shows what the board input made of a tap or drag, and plays the move it came to.
    private func show(_ outcomes: [MoveInput.Outcome]) {
        for outcome in outcomes {
            // "Always promote to a queen": the picker's queen is chosen at once.
            if state.autoQueen, case .askPromotion(let pending) = outcome,
                pending.choices.contains(.queen)
            {
                input.clear()
                play(from: pending.from, to: pending.to, promotion: .queen)
                continue
            }
            if let move = state.show(outcome) {
                play(from: move.from, to: move.to, promotion: move.promotion)
            }
        }
    }

    /// Plays the person's move. Every move goes through the core's timed calls (`playAt`,
    /// `claimDrawWithAt`, and `playEngineResultAt` for the engine's): with a clock they time the
    /// move, and without one the core makes them its untimed `play`, `claimDrawWith` and
    /// `playEngineResult`.
    private func play(from: Square, to: Square, promotion: PieceKind?) {
        let move = { [now] (game: ChessGame) throws in
            _ = try game.playAt(from: from, to: to, promotion: promotion, nowMs: now())
        }
        guard state.claimingWithNextMove else {
            changeGame(move)
            return
        }
        let claim = state.snapshot.drawClaimMoves.first {
            $0.legalMove.from == from && $0.legalMove.to == to && $0.legalMove.promotion == promotion
        }
        if let claim {
            changeGame { _ = try $0.claimDrawWithAt(uci: claim.legalMove.uci, nowMs: now()) }
        } else if changeGame(move), !state.isGameOver, let san = state.snapshot.lastMove?.san {
            // "The move stands" and the game goes on; a move that ended the game (a mate) says
            // so in the status alone.
            state.message = noDrawClaimText(san: san)
        }
    }

    /// Runs a core call that changes the game; on error shows the core's message instead. A
    /// timed call refused because a flag had fallen (`GameOver`) has ended the game on time:
    /// the status says so, without a message. Returns `true` when the call succeeded.
    @discardableResult
    private func changeGame(_ call: (ChessGame) throws -> Void) -> Bool {
        stopSearch()
        do {
            try call(game)
        } catch {
            if !state.isGameOver, case .ended = game.status() {
                afterChange()
                return false
            }
            input.clear()
            state.clearSelection()
            state.message = Self.describe(error)
            startEngineTurnIfDue()
            return false
        }
        afterChange()
        return true
    }

    /// Saves the game, after keeping it in the archive when it has ended
    /// (``archiveIfEnded()``); returns why the archive could not keep it, or `nil`.
    private func save() -> String? {
        let problem = archiveIfEnded().map { reason in
            "The game could not be kept in My games: \(reason)"
        }
        store.save(json: game.toJson())
        return problem
    }

    /// Keeps an ended game with moves in the archive once: when its moves' id (the core's
    /// `gameArchiveId(pgn:)`) is not the one it was kept with (`archivedMovesId`). First it names
    /// the players, unless the game has them ("You" and the engine's level against the engine;
    /// "Player 1" and "Player 2" between two people), and the date and time it ended, as PGN
    /// tags that stay in the game (and its save). It is kept under its moves' id, or, when
    /// another game with the same moves is kept under that already, under an id of its own. A
    /// game taken back after its end and ended differently replaces its first ending in the
    /// archive. Returns why the archive could not keep it (the archive's error; it is tried again
    /// at the next save), or `nil`.
    private func archiveIfEnded() -> String? {
        guard let archive else { return nil }
        // The status alone on every save; the whole snapshot only once the game has ended.
        guard case .ended = game.status(), !game.snapshot().sanHistory.isEmpty else { return nil }
        let movesId = gameArchiveId(pgn: game.pgn())
        guard movesId != archivedMovesId else { return nil }
        if game.tag(name: "White") == nil && game.tag(name: "Black") == nil {
            let (white, black) = playerNames(mode: state.mode, level: state.level)
            try? game.setTag(name: "White", value: white)
            try? game.setTag(name: "Black", value: black)
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        let ended = Date()
        formatter.dateFormat = "yyyy.MM.dd"
        try? game.setTag(name: "Date", value: formatter.string(from: ended))
        formatter.dateFormat = "HH:mm:ss"
        try? game.setTag(name: "Time", value: formatter.string(from: ended))
        do {
            var id = movesId
            var copy = 1
            while id != archivedId, archive.contains(id: id) {
                id = gameArchiveId(pgn: "\(movesId) \(copy)")
                copy += 1
            }
            try archive.put(id: id, pgn: game.pgn())
            if let previous = archivedId, previous != id { archive.delete(id: previous) }
            archivedId = id
            archivedMovesId = movesId
            saveSettings()
            return nil
        } catch {
            return Self.describe(error)
        }
    }

    /// Another game replaced this one: the next that ends is kept apart from it.
    private func forgetArchivedId() {
        archivedId = nil
        archivedMovesId = nil
        saveSettings()
    }

    /// After every change of the game: new snapshot, cleared transient state, save, engine turn.
    private func afterChange() {
        input.clear()
        let problem = save()
        let snapshot = game.snapshot()
        var next = state
        next.snapshot = snapshot
        next.selected = nil
        next.targets = []
        next.pendingPromotion = nil
        next.engineThinking = false
        next.thinking = nil
        next.hint = nil
        next.message = problem
        next.claimingWithNextMove = false
        next.clock = readClock()
        next.chess960Number = game.chess960StartNumber()
        next.viewed = nil
        if case .ended = snapshot.status {
            next.drawOffered = false
            next.premove = nil
            next.userPaused = false
        }
        if let side = Self.flipped(snapshot, mode: next.mode, autoFlip: next.autoFlip) {
            next.orientation = side
        }
        state = next
        startEngineTurnIfDue()
    }

    // MARK: - Engine

    /// The orientation ``BoardUiState/autoFlip`` gives `snapshot` in `mode`: the side to move
    /// between two people, else `nil` (unchanged).
    private static func flipped(_ snapshot: GameSnapshot, mode: GameMode, autoFlip: Bool) -> Side? {
        autoFlip && mode == .humanVsHuman ? snapshot.sideToMove : nil
    }

    private func startEngineTurnIfDue() {
        let s = state
        guard !paused, search == nil, !s.isGameOver, !s.userPaused,
            s.mode.enginePlays(s.snapshot.sideToMove)
        else {
            return
        }
        startSearch(hint: false)
    }

    /// Starts a search of the current position: the engine's move, or a hint for the player.
    /// Its reports reach the main actor through a `MainActorSearchListener`; any report of a
    /// search that was stopped or superseded meanwhile (token) or of another position (key) is
    /// ignored.
    private func startSearch(hint: Bool) {
        searchToken += 1
        let token = searchToken
        let key = state.snapshot.positionKey
        let listener = MainActorSearchListener(
            onInfo: { [weak self] info in
                self?.receive(info, token: token, key: key)
            },
            onFinished: { [weak self] result in
                self?.receive(result, token: token, key: key, hint: hint)
            })
        // In a timed game the core reads the clock into the limits (each side's time and
        // bonus, the moves to go in the mover's period), at the game's level.
        let limits: SearchLimits
        if hint {
            limits = hintLimits
        } else if let clock = game.searchLimitsAt(nowMs: now(), level: UInt32(state.level)) {
            limits = clock
        } else {
            limits = limitsForLevel(state.level)
        }
        do {
            search = try engine.think(game: game, limits: limits, listener: listener)
        } catch {
            state.message = Self.describe(error)
            return
        }
        state.engineThinking = true
        state.thinking = nil
    }

    private func receive(_ info: SearchInfo, token: Int, key: UInt64) {
        guard token == searchToken, info.positionKey == key else { return }
        state.thinking = ThinkingLine(
            depth: Int(info.depth), scoreText: scoreText(info.scoreWhite), pvSan: info.pvSan,
            whiteWin: info.whiteWin)
    }

    private func receive(_ result: SearchResult, token: Int, key: UInt64, hint: Bool) {
        guard token == searchToken else { return }
        search = nil  // finished: releasing the handle frees it
        let current = result.positionKey == key && result.positionKey == state.snapshot.positionKey
        if let error = result.error {
            state.engineThinking = false
            state.thinking = nil
            state.message = "The engine failed: \(error)"
            state.premove = nil
        } else if current && !hint {
            playEngineResult(result)
        } else {
            state.engineThinking = false
            state.thinking = nil
            if current { state.hint = result.bestMove }
        }
    }

    /// The engine's turn with its search `result`: the core plays the move, or claims or
    /// accepts a draw instead (`playEngineResultAt`, one rule on every platform), and answers
    /// the player's draw offer, if one stands; a declined offer is said in
    /// ``BoardUiState/message``.
    private func playEngineResult(_ result: SearchResult) {
        let offered = state.drawOffered
        state.drawOffered = false
        var reply: EngineReply?
        let done = changeGame { [now] in
            reply = try $0.playEngineResultAt(result: result, drawOffered: offered, nowMs: now())
        }
        guard done else { return }
        // The premove first: its move would clear a message set before it.
        playPremove()
        if reply?.drawOfferAccepted == false { state.message = drawDeclinedText() }
    }

    /// A tap while the engine is to move (``BoardUiState/canPremove``): builds the player's
    /// premove. A piece of the player's picks the square it starts from, and the board marks
    /// where it may go whatever the engine replies (``Premove/targets``, the core's
    /// `premoveDestinations`); a tap on one of those is its destination (onto a piece of the
    /// player's too: a recapture there); a tap on another piece of the player's picks that one
    /// instead. With a premove set, a tap on a piece of the player's starts a new one from it;
    /// a tap anywhere else (or on the picked piece again) cancels it. Whether it is legal is
    /// known only after the engine's move (``playPremove()``).
    private func premoveTap(_ square: Square) {
        guard case .humanVsEngine(let human) = state.mode else { return }
        func pick() -> Premove? {
            guard state.snapshot.pieceAt(square)?.side == human else { return nil }
            return Premove(from: square, to: nil, targets: Set(game.premoveDestinations(square: square)))
        }
        if let current = state.premove, current.to == nil {
            if square == current.from {
                state.premove = nil
            } else if current.targets.contains(square) {
                state.premove = Premove(from: current.from, to: square)
            } else {
                state.premove = pick()
            }
        } else {
            state.premove = pick()
        }
    }

    /// Drops what belongs to the position being left, before the game goes elsewhere (a move
    /// taken back or replayed, a new game, a pasted position): the draw offer, the premove and
    /// the players' pause. A move of the game itself keeps the offer and premove
    /// (``afterChange()``).
    private func dropPending() {
        let wasPaused = state.userPaused
        state.drawOffered = false
        state.premove = nil
        state.userPaused = false
        if wasPaused { saveSettings() }
    }

    /// After the engine's move: plays the player's premove when it is legal now, as a drag of
    /// it would (a promotion opens the picker, or is a queen with ``BoardUiState/autoQueen``),
    /// and drops it otherwise, as chess sites do.
    private func playPremove() {
        guard let premove = state.premove else { return }
        state.premove = nil
        guard let to = premove.to, state.isHumanTurn else { return }
        let outcomes = input.drag(
            from: premove.from, to: to, snapshot: state.snapshot,
            legalMovesFrom: game.legalMovesFrom)
        let moves = outcomes.contains {
            switch $0 {
            case .play, .askPromotion: return true
            default: return false
            }
        }
        if moves {
            show(outcomes)
        } else {
            input.clear()
            state.clearSelection()
        }
    }

    /// Stops the running search, if any; its reports will be ignored.
    private func stopSearch() {
        searchToken += 1
        search?.stop()
        search = nil
        if state.engineThinking {
            state.engineThinking = false
            state.thinking = nil
        }
    }

    // MARK: - Clock

    /// `true` when the game has a time control.
    private var hasClock: Bool { game.timeControl() != .untimed }

    /// The clocks as they read at `nowMs` (default: now), or `nil` for an untimed game. The
    /// core's clock stops with the game (a move that ends it, a flag, a resignation, agreement
    /// or claim made with the time), so no side runs once it is over.
    private func readClock(at nowMs: UInt64? = nil) -> ClockUiState? {
        guard let reading = game.clock(nowMs: nowMs ?? now()) else { return nil }
        return ClockUiState(reading: reading, control: game.timeControl())
    }

    /// Pauses a running clock now, when the app goes to the background. `GameOver` when a flag
    /// fell first: the core has then ended the game on time.
    private func stopClock() throws {
        let nowMs = now()
        guard game.clock(nowMs: nowMs)?.state == .running else { return }
        try game.pauseClock(nowMs: nowMs)
    }

    // MARK: - Settings

    private static let keyMode = "mode"
    private static let keyLevel = "level"
    private static let keyLevelScale = "levelScale"
    /// The numbering of the core's levels that `keyLevel` is saved in (``savedLevel(_:scale:)``).
    private static let levelScale = "2"

    /// A level as saved in the settings, in today's numbering. Settings without a
    /// `levelScale` were written before 2026-11-26, when the core put a new level 1
    /// ("Newcomer") below the others and dropped its level 5 ("Improver", 1780): their levels
    /// 1-4 are now 2-5, their 5 becomes 6 (1830, the nearer), and 6-10 are unchanged. The
    /// Kotlin `savedLevel`.
    static func savedLevel(_ level: Int, scale: String?) -> Int {
        if scale != nil { return level }
        switch level {
        case 1...4: return level + 1
        case 5: return 6
        default: return level
        }
    }
    private static let keyOrientation = "orientation"
    private static let keyArchived = "archived"
    private static let keyArchivedMoves = "archivedMoves"
    private static let keyAutoQueen = "autoQueen"
    private static let keyAutoFlip = "autoFlip"
    private static let keyUserPaused = "userPaused"

    private func saveSettings() {
        var settings = [
            Self.keyMode: Self.encodeMode(state.mode),
            Self.keyLevel: String(state.level),
            Self.keyLevelScale: Self.levelScale,
            Self.keyOrientation: state.orientation.settingsValue,
            Self.keyAutoQueen: String(state.autoQueen),
            Self.keyAutoFlip: String(state.autoFlip),
            Self.keyUserPaused: String(state.userPaused),
        ]
        settings[Self.keyArchived] = archivedId
        settings[Self.keyArchivedMoves] = archivedMovesId
        store.saveSettings(settings)
    }

    private static func clampLevel(_ level: Int) -> Int {
        let strongest = Int(engineLevels().last?.level ?? 10)
        return min(max(level, 1), strongest)
    }

    /// A fresh seed for each configuration, so the weaker levels do not replay the same game.
    private static func engineConfig(level: Int) -> EngineConfig {
        EngineConfig(level: UInt32(level), seed: UInt64.random(in: 0...UInt64.max))
    }

    private static func describe(_ error: Error) -> String {
        (error as? ChessError)?.message ?? "\(error)"
    }

    private static func defaultOrientation(_ mode: GameMode) -> Side {
        if case .humanVsEngine(let human) = mode { return human }
        return .white
    }

    private static func encodeMode(_ mode: GameMode) -> String {
        switch mode {
        case .humanVsEngine(let human): return "human-vs-engine:" + human.settingsValue
        case .humanVsHuman: return "human-vs-human"
        case .engineVsEngine: return "engine-vs-engine"
        }
    }

    private static func decodeMode(_ text: String?) -> GameMode? {
        guard let text else { return nil }
        switch text {
        case "human-vs-human": return .humanVsHuman
        case "engine-vs-engine": return .engineVsEngine
        default:
            let prefix = "human-vs-engine:"
            guard text.hasPrefix(prefix) else { return nil }
            return Side(settingsValue: String(text.dropFirst(prefix.count))).map {
                .humanVsEngine(humanSide: $0)
            }
        }
    }
}

/// The PGN names of a game's players: "You" and "chesscore <level name>" against the engine,
/// "Player 1" (White) and "Player 2" between two people, the engine's name twice when it plays
/// itself. The Kotlin `playerNames`.
func playerNames(mode: GameMode, level: Int) -> (white: String, black: String) {
    let name = engineLevels().first { Int($0.level) == level }?.name ?? "level \(level)"
    let engine = "chesscore \(name)"
    switch mode {
    case .humanVsEngine(let human): return human == .white ? (youName, engine) : (engine, youName)
    case .humanVsHuman: return ("Player 1", "Player 2")
    case .engineVsEngine: return (engine, engine)
    }
}
