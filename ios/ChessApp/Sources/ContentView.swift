import ChessCorePresentation
import SwiftUI

/// The board screen. Top to bottom: the navigation bar (Game menu, title, flip), the status
/// line, the engine's thinking line, the board (with the promotion picker and the game-over
/// banner over it) between the two players' rows (each side's extra pieces and, in a timed
/// game, its clock), the move list, and the bottom toolbar (undo, redo, hint, claim draw, now or
/// with the next move).
/// It draws `controller.state` and forwards every intent to the controller; while a clock runs
/// it calls `controller.tick()` every 100 ms, its only timer. The game pauses while the scene
/// is not active and while the review or the analysis board is shown over it.
struct ContentView: View {
    let controller: GameController
    /// "My games", which the controller keeps each ended game in.
    let archive: any GameArchive
    /// A PGN file opened from another app, until this screen opens it.
    @Binding var openedURL: URL?

    @Environment(\.scenePhase) private var scenePhase

    @State private var showingNewGame = false
    @State private var showingFen = false
    @State private var confirmingResign = false
    /// The side asked about in the resign confirmation (between two people either may resign).
    @State private var resigningSide = Side.white
    /// The review of the game, while its screen is shown.
    @State private var review: ReviewSession?
    /// The analysis board, while its screen is shown.
    @State private var analysis: AnalysisSession?
    /// "My games", while its list is shown.
    @State private var showingGames = false
    /// Why a PGN file opened from another app could not be read, shown in an alert.
    @State private var fileProblem: String?
    /// The games of a file opened from another app that holds several, while the person
    /// chooses one over the analysis board.
    @State private var openedGames: PgnGameList?
    /// The file from another app being read (`openFile`); a later one cancels it.
    @State private var opening: Task<Void, Never>?

    private var state: BoardUiState { controller.state }

    /// `true` while the review, the analysis board or "My games" is shown over the game.
    private var covered: Bool { review != nil || analysis != nil || showingGames }

    var body: some View {
        NavigationStack {
            VStack(spacing: 12) {
                StatusLine(state: state)
                ThinkingLineView(state: state)
                PlayerRow(
                    side: state.orientation.opponent, state: state, caption: state.clock?.description)
                BoardView(state: state, onTap: { controller.tapSquare($0) },
                          onDrag: { controller.dragMove(from: $0, to: $1) })
                    .promotionPicker(state, onChoose: { controller.choosePromotion($0) },
                                     onCancel: { controller.cancelPromotion() })
                    .overlay(alignment: .bottom) { gameOverBanner }
                    .padding(.horizontal, 4)
                PlayerRow(side: state.orientation, state: state)
                MoveListView(state: state, view: { controller.viewPly($0) })
                Spacer(minLength: 0)
            }
            .navigationTitle(title)
            .navigationBarTitleDisplayMode(.inline)
            .toolbar { toolbar }
            .task(id: state.clock?.running) { @MainActor in
                // Restarted whenever the running side changes; ends when no clock runs.
                guard state.clock?.running != nil else { return }
                while !Task.isCancelled {
                    try? await Task.sleep(for: .milliseconds(100))
                    if !Task.isCancelled { controller.tick() }
                }
            }
            // Background: the game pauses (clock, engine, save). Foreground: it resumes, unless
            // another screen is over it; it resumes when that screen closes. Also at once
            // (`initial`): a restored timed game waits paused for its first resume(), and the
            // scene may already be active when this screen appears (no change would come then).
            .onChange(of: scenePhase, initial: true) { _, phase in
                if phase != .active { controller.pause() } else if !covered { controller.resume() }
            }
            .onChange(of: covered) { _, covered in
                if !covered && scenePhase == .active { controller.resume() }
            }
            // What VoiceOver says without a tap: the moves, the end, low time, a hint.
            .onChange(of: state) { before, after in
                if let text = boardAnnouncement(before: before, after: after) {
                    AccessibilityNotification.Announcement(text).post()
                }
            }
            .navigationDestination(item: $review) { session in
                ReviewView(controller: session.controller, practiceSide: session.practiceSide)
            }
            .navigationDestination(item: $analysis) { session in
                AnalysisView(
                    controller: session.controller,
                    playFromHere: { start, side in
                        // Back to the game screen, with a new game from the board's position.
                        analysis = nil
                        controller.newGame(mode: .humanVsEngine(humanSide: side), start: start)
                    },
                    openedGames: $openedGames)
                // A new session (a file opened over the board) is a new screen: no editor or
                // sheet of the old one carries over.
                .id(ObjectIdentifier(session))
            }
            .navigationDestination(isPresented: $showingGames) {
                GamesListView(archive: archive)
            }
            .sheet(isPresented: $showingNewGame) {
                NewGameSheet(controller: controller)
            }
            .sheet(isPresented: $showingFen) {
                FenSheet(controller: controller)
            }
            .confirmationDialog("Resign this game?", isPresented: $confirmingResign,
                                titleVisibility: .visible) {
                Button("\(resigningSide.name) resigns", role: .destructive) {
                    controller.resign(resigningSide)
                }
            }
            .alert("chesscore", isPresented: messageShown) {
                Button("OK", role: .cancel) {}
            } message: {
                Text(state.message ?? "")
            }
            // "Open in Chess" from Files or Mail (the PGN document type in project.yml), held by
            // the root view until this screen exists (a cold start).
            .onChange(of: openedURL) { _, _ in openPendingFile() }
            .onAppear { openPendingFile() }
            .alert("chesscore", isPresented: Binding(
                get: { fileProblem != nil }, set: { if !$0 { fileProblem = nil } }
            )) {
                Button("OK", role: .cancel) {}
            } message: {
                Text(fileProblem ?? "")
            }
        }
    }

    /// Opens the file the root view holds (``openedURL``), if any, once.
    private func openPendingFile() {
        guard let url = openedURL else { return }
        openedURL = nil
        openFile(url)
    }

    /// A PGN file opened from another app (Files, Mail: "Open in Chess"): read off the main
    /// actor, then shown on the analysis board in place of a review or the games list, the game
    /// pausing under it as when the board is opened from the menu: its game, or, when it holds
    /// several, the board as it was with the list of them to choose from (as the board's own
    /// "Open a PGN file…" does); an alert says why nothing opened, or that games were left out.
    private func openFile(_ url: URL) {
        // The last file the person opened wins (as on Android): an earlier one still being read
        // must not replace it when its reading ends later.
        opening?.cancel()
        opening = Task { @MainActor in
            // Read and listed off the main actor: a big file must not freeze the screen.
            let opened = await Task.detached(priority: .userInitiated) {
                readPgnFile(url, removeAfterReading: true).flatMap(pgnGames)
            }.value
            if Task.isCancelled { return }
            switch opened {
            case .success(let list):
                review = nil
                showingGames = false
                openedGames = nil
                if list.games.count > 1 {
                    if analysis == nil { openOver { analysis = AnalysisSession(pgn: nil) } }
                    if analysis == nil {
                        fileProblem = "The analysis board could not open"
                    } else {
                        openedGames = list
                    }
                    return
                }
                openOver { analysis = AnalysisSession(pgn: list.games[0].pgn) }
                if analysis == nil {
                    fileProblem = "The analysis board could not open"
                } else if list.unreadable > 0 {
                    fileProblem =
                        "Opened the one game that could be read; \(list.unreadable) more could not be"
                }
            case .failure(let problem):
                fileProblem = problem.message
            }
        }
    }

    /// Opens another screen over the game (spec, "Timed play": another screen over a timed
    /// game). The game pauses first (its clock stops, its engine stops, it is saved), so the
    /// player's time does not run unseen and two engines never search at once; it resumes when
    /// that screen closes (`onChange(of: covered)`), or at once when it could not open.
    private func openOver(_ open: () -> Void) {
        controller.pause()
        open()
        if !covered { controller.resume() }
    }

    /// The error alert; the FEN sheet shows its own errors inline.
    private var messageShown: Binding<Bool> {
        Binding(
            get: { state.message != nil && !showingFen },
            set: { if !$0 { controller.dismissMessage() } }
        )
    }

    private var title: String {
        let level = controller.levels.first { Int($0.level) == state.level }?.name ?? "Engine"
        switch state.mode {
        case .humanVsEngine(let side): return "You (\(side.name)) vs \(level)"
        case .humanVsHuman: return "Two players"
        case .engineVsEngine: return "\(level) vs \(level)"
        }
    }

    @ViewBuilder
    private var gameOverBanner: some View {
        if state.isGameOver {
            VStack(spacing: 8) {
                Text(state.statusText).font(.headline).multilineTextAlignment(.center)
                Button("New game") { showingNewGame = true }.buttonStyle(.borderedProminent)
            }
            .padding()
            .frame(maxWidth: .infinity)
            .background(.thinMaterial, in: RoundedRectangle(cornerRadius: 12))
            .padding()
        }
    }

    @ToolbarContentBuilder
    private var toolbar: some ToolbarContent {
        ToolbarItem(placement: .topBarLeading) {
            Menu("Game") {
                Button("New game…", systemImage: "plus") { showingNewGame = true }
                Button("Start from FEN…", systemImage: "doc.on.clipboard") { showingFen = true }
                Divider()
                Button("Review game", systemImage: "chart.xyaxis.line") {
                    openOver {
                        // Against the engine, "Practise" drills the person's own mistakes.
                        var side: Side?
                        if case .humanVsEngine(let human) = state.mode { side = human }
                        review = ReviewSession(pgn: controller.pgn(), practiceSide: side)
                    }
                }
                Button("Analyse", systemImage: "magnifyingglass") {
                    // At the position on the board: a move looked back at, or the current one.
                    let ply = state.viewed.map { UInt32($0.ply) } ?? state.snapshot.ply
                    openOver { analysis = AnalysisSession(pgn: controller.pgn(), ply: ply) }
                }
                Button("Analysis board", systemImage: "square.grid.3x3") {
                    openOver { analysis = AnalysisSession(pgn: nil) }
                }
                Button("My games", systemImage: "list.bullet") {
                    openOver { showingGames = true }
                }
                // Written only when shared, not on every redraw of the menu.
                ShareLink("Share PGN", item: SharedPgn(fileName: "Game.pgn") { controller.pgn() },
                          preview: SharePreview("Game (PGN)"))
                ShareLink("Share FEN", item: SharedText { controller.fen() },
                          preview: SharePreview("Position (FEN)"))
                Toggle(
                    "Always promote to a queen",
                    isOn: Binding(get: { state.autoQueen }, set: { controller.setAutoQueen($0) }))
                if state.canAutoFlip {
                    Toggle(
                        "Turn the board for each player",
                        isOn: Binding(get: { state.autoFlip }, set: { controller.setAutoFlip($0) }))
                }
                Divider()
                // Against the engine the player resigns and offers draws (the engine answers);
                // between two people each side may resign, and they may agree a draw.
                if case .humanVsEngine(let human) = state.mode {
                    Button(
                        state.drawOffered ? "Draw offered" : "Offer a draw",
                        systemImage: "equal.circle"
                    ) { controller.offerDraw() }
                        .disabled(!state.canOfferDraw)
                    Button("Resign", systemImage: "flag", role: .destructive) {
                        resigningSide = human
                        confirmingResign = true
                    }
                    .disabled(state.isGameOver)
                } else {
                    Button("Agree to a draw", systemImage: "equal.circle") { controller.agreeDraw() }
                        .disabled(state.isGameOver)
                    ForEach([Side.white, Side.black], id: \.self) { side in
                        Button("\(side.name) resigns", systemImage: "flag", role: .destructive) {
                            resigningSide = side
                            confirmingResign = true
                        }
                        .disabled(state.isGameOver)
                    }
                }
            }
        }
        ToolbarItem(placement: .topBarTrailing) {
            Button("Flip board", systemImage: "arrow.up.arrow.down") { controller.flipBoard() }
        }
        ToolbarItemGroup(placement: .bottomBar) {
            Button("Undo", systemImage: "arrow.uturn.backward") { controller.undo() }
                .disabled(!state.canUndo)
            Button("Redo", systemImage: "arrow.uturn.forward") { controller.redo() }
                .disabled(!state.canRedo)
            // Looking back through the game (the game itself stays where it is).
            Button("Previous position", systemImage: "chevron.backward") { controller.viewBack() }
                .disabled(!state.canViewBack)
            Button("Next position", systemImage: "chevron.forward") { controller.viewForward() }
                .disabled(!state.canViewForward)
            // The players' pause of a timed game; the app going to the background does not end it.
            if state.canPause || state.userPaused {
                Button(
                    state.userPaused ? "Resume" : "Pause",
                    systemImage: state.userPaused ? "play" : "pause"
                ) {
                    if state.userPaused { controller.resumeGame() } else { controller.pauseGame() }
                }
            }
            Spacer()
            if state.claimableDraw != nil {
                Button("Claim draw") { controller.claimDraw() }
                    .disabled(!state.isHumanTurn)
            }
            // FIDE 9.2.1.1 / 9.3.1: announce the claim, then make the move that completes it.
            if state.canClaimWithMove {
                let on = state.claimingWithNextMove
                Button(on ? "Cancel claim" : "Claim with my move") {
                    controller.claimDrawWithNextMove(!on)
                }
                .disabled(!state.isHumanTurn)
            }
            Button("Hint", systemImage: "lightbulb") { controller.requestHint() }
                .disabled(!state.isHumanTurn)
        }
    }
}

/// The core's status in words, a spinner while the engine thinks, and the Chess960 start
/// position's number in a Chess960 game.
private struct StatusLine: View {
    let state: BoardUiState

    var body: some View {
        HStack(spacing: 8) {
            Text(state.statusText).font(.headline)
            if state.drawOffered {
                Text("Draw offered").font(.caption).foregroundStyle(.secondary)
            }
            if let viewed = state.viewed {
                Text("\(viewedText(viewed.snapshot)): tap the board to return")
                    .font(.caption).foregroundStyle(.secondary)
            }
            if state.userPaused {
                Text("Paused").font(.caption).foregroundStyle(.secondary)
            }
            if state.engineThinking {
                ProgressView().controlSize(.small)
            }
            if let number = state.chess960Number {
                Text("Chess960 #\(number)").font(.caption).foregroundStyle(.secondary)
            }
        }
        .frame(maxWidth: .infinity)
        .accessibilityElement(children: .combine)
    }
}

/// One player's row beside the board: the side's name, the pieces it has more of than the
/// other side and "+2" when it is ahead (the core's material difference), and in a timed game its
/// clock (red when low, a flag once it fell, highlighted while it runs); `caption` (the top
/// one's) says the time control ("3 min + 2 s").
private struct PlayerRow: View {
    let side: Side
    let state: BoardUiState
    var caption: String? = nil

    var body: some View {
        let clock = state.clock
        let time = clock.map { side == .white ? $0.whiteText : $0.blackText }
        HStack(spacing: 8) {
            Text(side.name).font(.subheadline)
            if clock?.flagged == side {
                Image(systemName: "flag.fill").foregroundStyle(.red)
            }
            HStack(spacing: 0) {
                ForEach(Array(state.material.extra(of: side).enumerated()), id: \.offset) { _, kind in
                    PieceGlyph(piece: Piece(side: side, kind: kind))
                }
            }
            .font(.subheadline)
            Text(materialLeadText(state.material, side: side)).font(.subheadline.monospacedDigit())
            if let caption {
                Text(caption).font(.caption).foregroundStyle(.secondary)
            }
            Spacer()
            if let time {
                Text(time)
                    .font(.title2.monospacedDigit())
                    .foregroundStyle(clock?.lowTime.contains(side) == true ? Color.red : Color.primary)
            }
        }
        .padding(.horizontal, 12)
        .padding(.vertical, 4)
        .background(
            clock?.running == side ? Color.accentColor.opacity(0.25) : Color.secondary.opacity(0.1),
            in: RoundedRectangle(cornerRadius: 8))
        .padding(.horizontal, 4)
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(clock.map { "\(side.name)'s clock, \($0.description)" } ?? side.name)
        .accessibilityValue(
            [clock?.spokenTime(of: side),
             materialDescription(state.material, side: side)]
                .compactMap { $0 }.joined(separator: ", "))
    }
}

/// "Depth 12 · +0.35 · Nf3 Nc6 Bb5 …": the engine's latest line, one line high so the board
/// does not jump.
private struct ThinkingLineView: View {
    let state: BoardUiState

    var body: some View {
        Group {
            if let line = state.thinking {
                Text("Depth \(line.depth) · \(line.scoreText) · \(line.pvSan.joined(separator: " "))")
                    .accessibilityLabel(spokenEngineLine(depth: line.depth, scoreText: line.scoreText, pvSan: line.pvSan))
            } else if state.engineThinking {
                Text("Thinking…")
            } else {
                Text(" ")
            }
        }
        .font(.subheadline.monospacedDigit())
        .foregroundStyle(.secondary)
        .lineLimit(1)
        .truncationMode(.tail)
        .padding(.horizontal)
    }
}

/// The moves played, as the core numbers them ("12. Nf3 Nc6"; "17... Kd7" for a game that
/// starts with Black), in a horizontally scrolling strip ending at the latest move.
private struct MoveListView: View {
    let state: BoardUiState
    /// Shows the position after a ply (``GameController/viewPly(_:)``).
    let view: (Int) -> Void

    private var rows: [MoveRow] { state.snapshot.moveRows }

    var body: some View {
        let plies = state.moveRowPlies
        let shown = state.viewed?.ply ?? Int(state.snapshot.ply)
        ScrollViewReader { proxy in
            ScrollView(.horizontal, showsIndicators: false) {
                LazyHStack(spacing: 10) {
                    ForEach(Array(rows.enumerated()), id: \.offset) { index, row in
                        HStack(spacing: 4) {
                            Text(row.white == nil ? "\(row.number)..." : "\(row.number).")
                                .accessibilityHidden(true)
                            move(row.white, number: row.number, side: .white, ply: plies[index].white, shown: shown)
                            move(row.black, number: row.number, side: .black, ply: plies[index].black, shown: shown)
                        }
                        .font(.body.monospaced())
                        .id(index)
                    }
                }
                .padding(.horizontal)
            }
            // At least, not exactly: at a large Dynamic Type size a move must not be cut off;
            // and no taller than the moves (a scroll view takes all the height it is offered).
            .frame(minHeight: 44)
            .fixedSize(horizontal: false, vertical: true)
            .onChange(of: rows) { _, rows in
                if !rows.isEmpty { withAnimation { proxy.scrollTo(rows.count - 1, anchor: .trailing) } }
            }
        }
    }

    /// One move: a tap shows the position after it (the game stays where it is); the move
    /// shown is highlighted, and selected for VoiceOver, which says the move in words ("12
    /// White: knight to f3").
    @ViewBuilder
    private func move(_ san: String?, number: UInt32, side: Side, ply: Int?, shown: Int) -> some View {
        if let san, let ply {
            Button {
                view(ply)
            } label: {
                Text(san)
                    .padding(.horizontal, 4)
                    .padding(.vertical, 2)
                    .background(
                        ply == shown ? Color.accentColor.opacity(0.2) : .clear,
                        in: RoundedRectangle(cornerRadius: 4))
                    // A touch target of at least 44 points (Apple's guideline), the move centred
                    // in it: the frame and its shape are the label's, so the whole of it taps.
                    .frame(minWidth: 44, minHeight: 44)
                    .contentShape(Rectangle())
            }
            .accessibilityLabel(spokenMove(number: number, side: side, san: san))
            .accessibilityAddTraits(ply == shown ? .isSelected : [])
            .buttonStyle(.plain)
        }
    }
}

/// A review of a copy of the game (from its PGN, so that the board's game may go on) on an
/// engine of its own; the review starts at once at the standard preset. Releasing it frees both.
@MainActor
final class ReviewSession: Identifiable, Hashable {
    let controller: ReviewController
    /// The side whose mistakes "Practise" drills (the person's, against the engine); `nil`:
    /// both.
    let practiceSide: Side?

    /// `nil` when the PGN cannot be read back or the engine cannot start.
    init?(pgn: String, practiceSide: Side? = nil) {
        self.practiceSide = practiceSide
        guard let game = try? ChessGame.fromPgn(pgn: pgn),
            let engine = try? ChessEngine(config: EngineConfig())
        else { return nil }
        controller = ReviewController(engine: engine, game: game, cache: Self.cache)
        controller.start()
    }

    /// Finished reviews, kept in Application Support/ChessCore/Reviews under the core's review
    /// key: a game reviewed before shows its review at once.
    static let cache = DirectoryReviewCache(
        directory: FileGameStore.defaultDirectory.appendingPathComponent("Reviews", isDirectory: true))

    nonisolated static func == (a: ReviewSession, b: ReviewSession) -> Bool { a === b }
    nonisolated func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
