import ChessCorePresentation
import SwiftUI
import UniformTypeIdentifiers

/// The analysis board. Top to bottom: the status and opening, the opening book from the
/// position (a tap plays a move), the engine's lines (a switch, a spinner, the number of
/// lines), the coach (what refuted the last move, the opponent's threat; hanging pieces as red
/// dots on the board), the board (moved by the person for both sides, the best move framed, the
/// promotion picker over it), the current move's comment, and the move tree (the main line with
/// its variations indented and in brackets, the current move highlighted; tap a move to go
/// there, hold it for promote / make main line / delete). The bottom toolbar navigates, sets
/// the current move's NAGs and switches draw mode (taps and drags draw the node's arrows and
/// circles); the menu loads a PGN or FEN, sets up a position in the position editor, starts a
/// new board, edits the comment, shares, and plays from the board's position against the
/// engine. It draws `controller.state` and forwards every intent to the `AnalysisController`
/// (tested in bindings/swift/Tests/ChessCorePresentationTests); it holds no logic of its own.
struct AnalysisView: View {
    let controller: AnalysisController
    /// "Play from here": a new game against the engine from the board's position, with the moves
    /// that led to it, the person taking the side to move (given by the game screen; `nil` hides
    /// it).
    var playFromHere: ((StartPosition, Side) -> Void)? = nil
    /// The games of a file another app opened, while the person chooses one (set by the root
    /// view; the board loads the one chosen).
    var openedGames: Binding<PgnGameList?> = .constant(nil)

    @Environment(\.scenePhase) private var scenePhase
    @State private var showingLoad = false
    /// The position editor, while its sheet shows.
    @State private var editor: PositionEditor?
    @State private var editingComment = false
    @State private var comment = ""

    private var state: AnalysisUiState { controller.state }

    var body: some View {
        VStack(spacing: 8) {
            VStack(spacing: 2) {
                Text(state.statusText).font(.headline)
                if let opening = state.snapshot.opening {
                    Text("\(opening.eco) \(opening.name)").font(.caption).foregroundStyle(.secondary)
                }
                Text(materialSummary(state.snapshot.material)).font(.caption)
                    .foregroundStyle(.secondary)
            }
            BookMovesView(controller: controller)
            MyGamesView(controller: controller)
            EngineLinesView(controller: controller)
            CoachView(controller: controller)
            BoardView(state: state, onTap: { controller.tapSquare($0) },
                      onDrag: { controller.dragMove(from: $0, to: $1) })
                .promotionPicker(state, onChoose: { controller.choosePromotion($0) },
                                 onCancel: { controller.cancelPromotion() })
                .padding(.horizontal, 4)
            if let text = state.snapshot.annotations.commentAfter {
                Text(text).font(.callout.italic()).lineLimit(2).padding(.horizontal)
            }
            MoveTreeView(controller: controller)
        }
        .navigationTitle("Analysis")
        .navigationBarTitleDisplayMode(.inline)
        .toolbar { toolbar }
        .sheet(isPresented: $showingLoad) {
            LoadPositionSheet(controller: controller)
        }
        .sheet(
            isPresented: Binding(
                get: { openedGames.wrappedValue != nil },
                set: { if !$0 { openedGames.wrappedValue = nil } })
        ) {
            if let list = openedGames.wrappedValue {
                NavigationStack {
                    PgnGamePicker(list: list) { game in
                        // A game the board refuses says why in the board's own alert.
                        _ = controller.loadPgn(game.pgn)
                        openedGames.wrappedValue = nil
                    }
                    .toolbar {
                        ToolbarItem(placement: .cancellationAction) {
                            Button("Cancel", role: .cancel) { openedGames.wrappedValue = nil }
                        }
                    }
                }
            }
        }
        .sheet(
            isPresented: Binding(get: { editor != nil }, set: { if !$0 { editor = nil } }),
            onDismiss: { controller.resume() }
        ) {
            if let editor {
                PositionEditorView(editor: editor) { fen in
                    if controller.loadFen(fen) { self.editor = nil }
                }
            }
        }
        .alert("Comment", isPresented: $editingComment) {
            TextField("Comment on this move", text: $comment)
            Button("Save") { controller.setComment(comment) }
            Button("Cancel", role: .cancel) {}
        } message: {
            Text("An empty comment removes it.")
        }
        .alert("chesscore", isPresented: messageShown) {
            Button("OK", role: .cancel) {}
        } message: {
            Text(state.message ?? "")
        }
        // Also at once (`initial`): a board that opens while the app is not active (a file
        // from another app read after the person left) starts paused, not searching unseen.
        .onChange(of: scenePhase, initial: true) { _, phase in
            // Under the position editor the analysis stays paused until the editor closes.
            if phase != .active {
                controller.pause()
            } else if editor == nil {
                controller.resume()
            }
        }
        // What VoiceOver says when the position changes: the move stepped to, its NAGs, the end.
        .onChange(of: state) { before, after in
            if let text = analysisAnnouncement(before: before, after: after) {
                AccessibilityNotification.Announcement(text).post()
            }
        }
        .onDisappear { controller.close() }
    }

    /// The error alert; the load sheet shows its own errors inline.
    private var messageShown: Binding<Bool> {
        Binding(
            get: { state.message != nil && !showingLoad },
            set: { if !$0 { controller.dismissMessage() } }
        )
    }

    @ToolbarContentBuilder
    private var toolbar: some ToolbarContent {
        ToolbarItem(placement: .topBarTrailing) {
            Menu("Board", systemImage: "ellipsis.circle") {
                Button("Comment…", systemImage: "text.bubble") {
                    comment = state.snapshot.annotations.commentAfter ?? ""
                    editingComment = true
                }
                Button("Load PGN or FEN…", systemImage: "doc.on.clipboard") { showingLoad = true }
                // The editor knows standard chess only: a Chess960 tree is not offered to it.
                // The analysis pauses while it is open.
                Button("Set up a position…", systemImage: "square.and.pencil") {
                    controller.pause()
                    editor = PositionEditor(fen: controller.fen())
                }
                .disabled(state.snapshot.chess960)
                Button("New board", systemImage: "plus") { controller.newBoard() }
                Divider()
                // Written only when shared, not on every redraw of the menu.
                ShareLink("Share PGN", item: SharedPgn(fileName: "Analysis.pgn") { controller.pgn() },
                          preview: SharePreview("Analysis (PGN)"))
                ShareLink("Share FEN", item: SharedText { controller.fen() },
                          preview: SharePreview("Position (FEN)"))
                Divider()
                Button("Flip board", systemImage: "arrow.up.arrow.down") { controller.flipBoard() }
                if let playFromHere {
                    Button("Play from here", systemImage: "play") {
                        playFromHere(controller.playFromHereStart(), state.snapshot.sideToMove)
                    }
                    .disabled(state.isGameOver)
                }
            }
        }
        ToolbarItemGroup(placement: .bottomBar) {
            Button("Start", systemImage: "backward.end") { controller.toStart() }
                .disabled(!state.canGoBack)
            Button("Back", systemImage: "chevron.backward") { controller.back() }
                .disabled(!state.canGoBack)
            Spacer()
            nagMenu
            drawMenu
            Spacer()
            Button("Forward", systemImage: "chevron.forward") { controller.forward() }
                .disabled(!state.canGoForward)
            Button("End", systemImage: "forward.end") { controller.toEnd() }
                .disabled(!state.canGoForward)
        }
    }
}

extension AnalysisView {
    /// The current move's NAGs ("!?", "±", ...), those set ticked; the controller toggles them.
    private var nagMenu: some View {
        Menu("Annotate", systemImage: "exclamationmark.questionmark") {
            Section("Move") { nagButtons(AnalysisUiState.moveNags) }
            Section("Position") { nagButtons(AnalysisUiState.positionNags) }
        }
        .disabled(!state.canAnnotateMove)
    }

    private func nagButtons(_ nags: [UInt32]) -> some View {
        ForEach(nags, id: \.self) { nag in
            Toggle("\(nagText(nag)) \(nagName(nag))", isOn: Binding(
                get: { state.nags.contains(nag) },
                set: { _ in controller.toggleNag(nag) }))
        }
    }

    /// Draw mode: the colour taps and drags draw arrows and circles with (the button takes
    /// it), back to moving pieces, and clearing the current node's marks.
    private var drawMenu: some View {
        Menu {
            ForEach([MarkColor.red, .green, .blue, .yellow], id: \.self) { color in
                Toggle(String(describing: color).capitalized, isOn: Binding(
                    get: { state.drawColor == color },
                    set: { controller.setDrawColor($0 ? color : nil) }))
            }
            Button("Move pieces", systemImage: "hand.point.up") { controller.setDrawColor(nil) }
                .disabled(state.drawColor == nil)
            Button("Clear arrows and circles", systemImage: "eraser", role: .destructive) {
                controller.clearMarks()
            }
            .disabled(state.arrows.isEmpty && state.squareMarks.isEmpty)
        } label: {
            Label("Draw", systemImage: "pencil.tip")
                .foregroundStyle(state.drawColor.map(Color.mark) ?? Color.accentColor)
                // The colour drawn with, said as well as shown.
                .accessibilityLabel(state.drawColor.map { "Draw: \(String(describing: $0))" } ?? "Draw")
        }
    }
}

/// A switch with a spinner beside it while its search runs (the engine's, the coach's).
private struct SwitchWithSpinner: View {
    let title: String
    let isOn: Bool
    let running: Bool
    let set: (Bool) -> Void

    var body: some View {
        // A closure here, not `set` itself: the binding's setter is `@Sendable` and inherits the
        // main actor only as a closure written in place.
        Toggle(title, isOn: Binding(get: { isOn }, set: { set($0) })).fixedSize()
        if running {
            ProgressView().controlSize(.small)
        }
    }
}

/// The opening book from here: one button per move into a named opening, named by its
/// variation (or its family at the first moves: "c5 Sicilian Defense", later "Nc3 Closed"),
/// main lines first, scrolling sideways; a tap plays it.
private struct BookMovesView: View {
    let controller: AnalysisController

    var body: some View {
        MoveButtonRow(
            title: nil, moves: controller.state.bookMoves, move: \.legalMove,
            label: { "\($0.legalMove.san) \($0.opening.variation ?? $0.opening.family)" },
            spoken: spokenBookMove, play: { controller.playBookMove($0) })
    }
}

/// "My games", below the book and as compact: one button per move the person's own kept games
/// played from here, the most played first, with how those games ended ("e4 · 12 games · 42 /
/// 25 / 33 %": White's wins, draws, Black's); a tap plays it. Nothing when no kept game reached
/// this position.
private struct MyGamesView: View {
    let controller: AnalysisController

    var body: some View {
        MoveButtonRow(
            title: "My games", moves: controller.state.explorerMoves, move: \.legalMove,
            label: explorerMoveText, spoken: spokenExplorerMove,
            play: { controller.playExplorerMove($0) })
    }
}

/// A sideways row of small buttons, one per move of a list beside the board (the book, My
/// games), after an optional title; each says its move in words and plays it. Nothing when the
/// list is empty.
private struct MoveButtonRow<Item>: View {
    let title: String?
    let moves: [Item]
    /// The item's move (its UCI tells the items apart).
    let move: KeyPath<Item, LegalMove>
    let label: (Item) -> String
    let spoken: (Item) -> String
    let play: (Item) -> Void

    var body: some View {
        if !moves.isEmpty {
            ScrollView(.horizontal, showsIndicators: false) {
                HStack(spacing: 6) {
                    if let title { Text(title).font(.caption).foregroundStyle(.secondary) }
                    ForEach(moves, id: move.appending(path: \.uci)) { item in
                        Button(label(item)) { play(item) }
                            .accessibilityLabel(spoken(item))
                            .buttonStyle(.bordered)
                            .controlSize(.small)
                    }
                }
                .padding(.horizontal)
            }
        }
    }
}

/// The coach: a switch, a spinner while it searches, then what refuted the last move and the
/// opponent's threat, in the presentation layer's words; the hanging pieces are the red dots
/// on the board.
private struct CoachView: View {
    let controller: AnalysisController

    private var state: AnalysisUiState { controller.state }

    var body: some View {
        VStack(alignment: .leading, spacing: 2) {
            HStack(spacing: 12) {
                SwitchWithSpinner(
                    title: "Coach", isOn: state.coachOn, running: state.coachRunning,
                    set: { controller.setCoach($0) })
                Spacer()
            }
            if state.coachOn {
                if let refutation = state.refutation {
                    Text(refutationText(refutation)).font(.subheadline).foregroundStyle(.red)
                        .accessibilityLabel(spokenRefutation(refutation))
                }
                if let threat = state.threat {
                    Text(threatText(threat)).font(.subheadline).lineLimit(1)
                        .accessibilityLabel(spokenThreat(threat))
                }
            }
        }
        .padding(.horizontal)
    }
}

/// The engine's lines: a switch for the analysis, a spinner while it searches, "Again" when its
/// time ran out, a stepper for the number of lines, the eval bar, then one row per line:
/// "+0.35 · 18 · Nf3 Nc6 Bb5 …" (score from White's view, depth, the line in SAN).
private struct EngineLinesView: View {
    let controller: AnalysisController

    private var state: AnalysisUiState { controller.state }

    var body: some View {
        VStack(alignment: .leading, spacing: 2) {
            HStack(spacing: 12) {
                SwitchWithSpinner(
                    title: "Engine", isOn: state.analysing, running: state.engineRunning,
                    set: { controller.setAnalysing($0) })
                if !state.engineRunning && state.analysing && !state.lines.isEmpty {
                    Button("Again", systemImage: "arrow.clockwise") { controller.setAnalysing(true) }
                        .labelStyle(.iconOnly)
                }
                Spacer()
                Stepper("\(state.multiPv) lines", value: Binding(
                    get: { state.multiPv },
                    set: { controller.setMultiPv($0) }), in: AnalysisController.multiPvRange)
                    .fixedSize()
            }
            if let whiteWin = state.whiteWin {
                EvalBar(whiteWin: whiteWin)
            }
            ForEach(state.lines, id: \.multipv) { line in
                Text("\(line.scoreText) · \(line.depth) · \(line.pvSan.joined(separator: " "))")
                    .accessibilityLabel(spokenEngineLine(depth: line.depth, scoreText: line.scoreText, pvSan: line.pvSan))
                    .font(.subheadline.monospacedDigit())
                    .lineLimit(1)
                    .truncationMode(.tail)
            }
        }
        .padding(.horizontal)
    }
}

/// A thin bar of White's win chance in the best line (`state.whiteWin`, the review's scale, so
/// it agrees with the review's eval graph): White's share light from the left, Black's dark;
/// read out as `winChanceText`.
private struct EvalBar: View {
    let whiteWin: Double

    var body: some View {
        GeometryReader { geo in
            HStack(spacing: 0) {
                Rectangle().fill(Color(white: 0.93))
                    .frame(width: geo.size.width * min(max(whiteWin, 0), 100) / 100)
                Rectangle().fill(Color(white: 0.25))
            }
        }
        .frame(height: 6)
        .padding(.vertical, 2)
        .accessibilityElement()
        .accessibilityLabel(winChanceText(whiteWin))
    }
}

/// The whole move tree from `snapshot.moveList`, as the core orders it: the main line as
/// wrapping text, each variation on its own indented paragraph between brackets, comments in
/// italics. The current move is highlighted and kept in view.
private struct MoveTreeView: View {
    let controller: AnalysisController

    var body: some View {
        let snapshot = controller.state.snapshot
        ScrollViewReader { proxy in
            ScrollView {
                VStack(alignment: .leading, spacing: 6) {
                    ForEach(MoveParagraph.paragraphs(snapshot.moveList)) { paragraph in
                        FlowLayout(spacing: 4) {
                            ForEach(paragraph.tokens) { token in
                                tokenView(token, current: snapshot.node)
                            }
                        }
                        .padding(.leading, CGFloat(paragraph.depth) * 16)
                    }
                }
                .frame(maxWidth: .infinity, alignment: .leading)
                .padding(.horizontal)
            }
            .onChange(of: snapshot.node) { _, node in
                withAnimation { proxy.scrollTo(node, anchor: .center) }
            }
        }
    }

    @ViewBuilder
    private func tokenView(_ token: MoveParagraph.Token, current: UInt32) -> some View {
        switch token.kind {
        case .move(let node, let text, let spoken, let depth):
            Text(text)
                .font(depth == 0 ? .body.weight(.medium) : .callout)
                .padding(.horizontal, 4)
                .background(node == current ? Color.accentColor.opacity(0.25) : .clear,
                            in: RoundedRectangle(cornerRadius: 4))
                .id(node)
                .onTapGesture { controller.goTo(node: node) }
                .contextMenu {
                    Button("Promote variation", systemImage: "arrow.up") {
                        controller.promoteVariation(node: node)
                    }
                    Button("Make main line", systemImage: "arrow.up.to.line") {
                        controller.makeMainLine(node: node)
                    }
                    Button("Delete from here", systemImage: "trash", role: .destructive) {
                        controller.deleteFrom(node: node)
                    }
                }
                .accessibilityLabel(spoken)
                .accessibilityAddTraits(node == current ? [.isButton, .isSelected] : .isButton)
        case .comment(let text):
            Text(text).font(.callout.italic()).foregroundStyle(.secondary)
        case .open:
            Text("(").foregroundStyle(.secondary)
        case .close:
            Text(")").foregroundStyle(.secondary)
        }
    }
}

/// A run of the move list shown as one wrapping paragraph: the main line between variations,
/// or one variation (with its brackets) at its depth. Layout only: order, numbers and depths
/// are the core's, each move's text (number, SAN, NAG symbols) the presenter's `moveText`.
private struct MoveParagraph: Identifiable {
    enum Kind {
        case move(node: UInt32, text: String, spoken: String, depth: UInt32)
        case comment(String)
        case open
        case close
    }

    struct Token: Identifiable {
        let id: Int
        let kind: Kind
    }

    let id: Int
    let depth: Int
    var tokens: [Token] = []

    /// The move list cut into paragraphs: a variation starts one, and the line it left goes on
    /// in a new one after it ends.
    static func paragraphs(_ items: [MoveListItem]) -> [MoveParagraph] {
        var result = [MoveParagraph(id: 0, depth: 0)]
        var count = 0
        func add(_ kind: Kind) {
            count += 1
            result[result.count - 1].tokens.append(Token(id: count, kind: kind))
        }
        for item in items {
            switch item {
            case .move(let node, let depth, _, _, _, _, _):
                // "1… c5!?", "2. Nf3?!⩲": the presenter's text, as on Android.
                add(.move(
                    node: node, text: moveText(item) ?? "", spoken: spokenMoveText(item) ?? "", depth: depth))
            case .comment(_, _, _, let text):
                add(.comment(text))
            case .variationStart(let depth):
                result.append(MoveParagraph(id: result.count, depth: Int(depth)))
                add(.open)
            case .variationEnd(let depth):
                add(.close)
                result.append(MoveParagraph(id: result.count, depth: Int(depth) - 1))
            }
        }
        return result.filter { !$0.tokens.isEmpty }
    }
}

/// Lays its children out left to right and wraps them onto new rows, as text wraps.
private struct FlowLayout: Layout {
    var spacing: CGFloat = 4

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        let rows = arrange(width: proposal.width, subviews: subviews)
        return CGSize(width: proposal.width ?? rows.width, height: rows.height)
    }

    func placeSubviews(
        in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()
    ) {
        let rows = arrange(width: bounds.width, subviews: subviews)
        for (subview, frame) in zip(subviews, rows.frames) {
            subview.place(
                at: CGPoint(x: bounds.minX + frame.minX, y: bounds.minY + frame.minY),
                proposal: ProposedViewSize(frame.size))
        }
    }

    /// Each child's frame, rows as wide as `width` at most (a longer child gets a row of its
    /// own and wraps inside it), and the size of the whole.
    private func arrange(width: CGFloat?, subviews: Subviews)
        -> (frames: [CGRect], width: CGFloat, height: CGFloat)
    {
        let limit = width ?? .infinity
        var frames: [CGRect] = []
        var x: CGFloat = 0
        var y: CGFloat = 0
        var rowHeight: CGFloat = 0
        var widest: CGFloat = 0
        for subview in subviews {
            let size = subview.sizeThatFits(ProposedViewSize(width: width, height: nil))
            if x > 0, x + size.width > limit {
                x = 0
                y += rowHeight + spacing
                rowHeight = 0
            }
            frames.append(CGRect(origin: CGPoint(x: x, y: y), size: size))
            x += size.width + spacing
            rowHeight = max(rowHeight, size.height)
            widest = max(widest, x - spacing)
        }
        return (frames, widest, y + rowHeight)
    }
}

/// Loads a PGN (its first game, variations and comments kept) or a FEN (a new tree from that
/// position) pasted or typed. When the core refuses the text, its message (with the line and
/// column for a PGN) shows here and the board stays as it was.
private struct LoadPositionSheet: View {
    let controller: AnalysisController

    private enum Format: String, CaseIterable, Identifiable {
        case pgn = "PGN"
        case fen = "FEN"
        var id: Self { self }
    }

    @Environment(\.dismiss) private var dismiss
    @State private var format = Format.pgn
    @State private var text = ""
    /// The games of a PGN text of several, while the person chooses one.
    @State private var choices: PgnGameList?
    /// `true` while the text is read.
    @State private var reading = false
    /// The file read or the listing under way: cancelled when the sheet goes (Cancel, a swipe),
    /// so that a late result neither replaces the board nor keeps the cores busy.
    @State private var work: Task<Void, Never>?
    /// `true` while the system's file picker shows ("Open a PGN file").
    @State private var importing = false
    /// Why the chosen file could not be read.
    @State private var fileError: String?

    var body: some View {
        NavigationStack {
            Form {
                Picker("Format", selection: $format) {
                    ForEach(Format.allCases) { Text($0.rawValue).tag($0) }
                }
                .pickerStyle(.segmented)
                Section {
                    TextEditor(text: $text)
                        .font(.callout.monospaced())
                        .textInputAutocapitalization(.never)
                        .autocorrectionDisabled()
                        .frame(minHeight: 160)
                    PasteButton(payloadType: String.self) { strings in
                        text = strings.first ?? text
                    }
                } footer: {
                    Text(fileError ?? controller.state.message ?? "").foregroundStyle(.red)
                }
                Section {
                    Button("Load \(format.rawValue)") { load() }
                        .disabled(reading || text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
                    // A file from Files, iCloud or another app: read as a pasted PGN, without
                    // putting a whole file in the text field.
                    Button("Open a PGN file…") { importing = true }
                        .disabled(reading)
                }
            }
            .fileImporter(
                isPresented: $importing,
                allowedContentTypes: [UTType(filenameExtension: "pgn") ?? .plainText, .plainText]
            ) { result in
                guard case .success(let url) = result else { return }
                readFile(url)
            }
            .navigationTitle("Load a position")
            .navigationBarTitleDisplayMode(.inline)
            .toolbar {
                ToolbarItem(placement: .cancellationAction) {
                    Button("Cancel", role: .cancel) { dismiss() }
                }
            }
            .onAppear { controller.dismissMessage() }
            .onDisappear { work?.cancel() }
            .navigationDestination(
                isPresented: Binding(get: { choices != nil }, set: { if !$0 { choices = nil } })
            ) {
                if let choices {
                    PgnGamePicker(list: choices) { game in
                        if controller.loadPgn(game.pgn) { dismiss() } else { self.choices = nil }
                    }
                }
            }
        }
    }

    /// Reads the chosen file off the main actor (``readPgnFile(_:)``), then loads it as a PGN.
    private func readFile(_ url: URL) {
        reading = true
        fileError = nil
        work?.cancel()
        work = Task { @MainActor in
            let read = await Task.detached(priority: .userInitiated) { readPgnFile(url) }.value
            guard !Task.isCancelled else { return }
            reading = false
            switch read {
            case .success(let text):
                format = .pgn
                loadPgn(text)
            case .failure(let problem):
                fileError = problem.message
            }
        }
    }

    /// Loads the text; closes the sheet when the controller says the board took it, and stays
    /// open with the core's error otherwise. A PGN of several games first asks which one.
    private func load() {
        fileError = nil
        guard format == .pgn else {
            if controller.loadFen(text) { dismiss() }
            return
        }
        loadPgn(text)
    }

    /// Loads `text` as a PGN, as ``load()`` does: listed off the main actor (a whole file can
    /// take a while); several games ask which, one is loaded from its own text (with a note of
    /// the bad ones left out), none says why, so that the main actor never reads the whole text
    /// again.
    private func loadPgn(_ text: String) {
        reading = true
        work?.cancel()
        work = Task { @MainActor in
            let list = await Task.detached(priority: .userInitiated) { pgnGameList(text) }.value
            guard !Task.isCancelled else { return }
            reading = false
            if list.games.count > 1 {
                choices = list
            } else if let problem = list.problem {
                fileError = problem
            } else if controller.loadListed(list) {
                dismiss()
            }
        }
    }
}

/// Which game of a PGN text of several to open: one row per game that can be read ("Ann – Bob",
/// "Club · 2026.11.20 · 1-0 · 4 moves"), and how many could not be read.
private struct PgnGamePicker: View {
    let list: PgnGameList
    let pick: (PgnGameChoice) -> Void

    var body: some View {
        List {
            if list.unreadable > 0 {
                Text("\(list.unreadable) more could not be read.").font(.caption)
            }
            ForEach(list.games) { game in
                Button {
                    pick(game)
                } label: {
                    VStack(alignment: .leading, spacing: 2) {
                        Text("\(game.white) – \(game.black)").font(.headline)
                        Text(
                            [game.event, game.date, game.result, movesText(game.plies)]
                                .compactMap { $0 }.joined(separator: " · ")
                        )
                        .font(.caption)
                    }
                }
            }
        }
        .navigationTitle("\(list.games.count) games")
        .navigationBarTitleDisplayMode(.inline)
    }
}

/// An analysis board on an engine of its own, with its own store (the `Analysis` folder beside
/// the game's files, so the game screen's saved game stays as it is): opened on a game's PGN
/// (at the position on the game's board, replacing the board saved before), or without one on the board as it was
/// left. Releasing it stops the analysis and frees the game and engine.
@MainActor
final class AnalysisSession: Identifiable, Hashable {
    let controller: AnalysisController

    /// The folder of the analysis board's `game.json` and `settings.json`.
    static var directory: URL {
        FileGameStore.defaultDirectory.appendingPathComponent("Analysis", isDirectory: true)
    }

    /// `nil` when the engine cannot start. With `pgn`, the board opens at main-line `ply` (the
    /// position on the game's board).
    init?(pgn: String?, ply: UInt32? = nil) {
        guard let controller = try? AnalysisController(
            store: FileGameStore(directory: Self.directory), pgn: pgn, ply: ply)
        else { return nil }
        self.controller = controller
        // "My games": every kept game (the game screen's `DirectoryGameArchive`, the same
        // folder) read off the main actor, so the games finished since the last board are in
        // it, then given to this board.
        explorerTask = Task { [controller] in
            let explorer = await Task.detached(priority: .utility) {
                openingExplorer(of: DirectoryGameArchive())
            }.value
            guard !Task.isCancelled else { return }
            controller.setExplorer(explorer)
        }
    }

    /// Reads "My games" for the board; cancelled when the session goes.
    private var explorerTask: Task<Void, Never>?

    deinit { explorerTask?.cancel() }

    nonisolated static func == (a: AnalysisSession, b: AnalysisSession) -> Bool { a === b }
    nonisolated func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
