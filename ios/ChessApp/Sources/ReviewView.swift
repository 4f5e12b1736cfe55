import ChessCorePresentation
import SwiftUI

/// The review screen: progress, the eval graph with markers on the errors, the sides'
/// summaries, the selected move's details and the move list with each move's class; "Analyse"
/// pushes the analysis board with the annotated game at the selected move, "Practise" its
/// mistakes and blunders as exercises. It draws
/// `controller.state` and forwards every intent to the `ReviewController` (tested in
/// bindings/swift/Tests/ChessCorePresentationTests); it holds no logic of its own.
struct ReviewView: View {
    let controller: ReviewController
    /// The side whose mistakes "Practise" drills (the person's, against the engine); `nil`: both.
    var practiceSide: Side? = nil

    /// The analysis board pushed over the review ("Analyse"): the annotated game at the
    /// selected move; back returns to the review.
    @State private var analysis: AnalysisSession?
    /// "Practise your mistakes" pushed over the review, once it has ended.
    @State private var practice: PracticeSession?
    /// Why "Practise" could not open, shown in an alert.
    @State private var practiceError: String?
    @Environment(\.scenePhase) private var scenePhase

    private var state: ReviewUiState { controller.state }

    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            if state.phase == .running {
                ProgressView(value: state.progress)
            }
            if let message = state.message {
                Text(message).foregroundStyle(.red)
            }
            EvalGraphView(points: state.graph, selectedPly: state.selectedPly)
                // VoiceOver: the graph in words (start, end, the marked moves).
                .accessibilityElement(children: .ignore)
                .accessibilityLabel("Eval graph")
                .accessibilityValue(spokenGraph(state) ?? "")
                .frame(height: 120)
            HStack(spacing: 16) {
                if let white = state.white { SideSummaryView(side: .white, summary: white) }
                if let black = state.black { SideSummaryView(side: .black, summary: black) }
            }
            if let row = state.selectedRow {
                SelectedMoveView(row: row)
            }
            List(state.rows) { row in
                ReviewRowView(row: row, selected: row.ply == state.selectedPly)
                    .contentShape(Rectangle())
                    .onTapGesture { controller.select(row.ply) }
            }
            .listStyle(.plain)
        }
        .padding(.horizontal)
        .navigationTitle("Game review")
        // Background: a running review stops (battery); foreground: it goes on where it
        // stopped. Not on `.inactive` (Control Center, a call banner): no need to stop there.
        .onChange(of: scenePhase) { _, phase in
            if phase == .background { controller.pause() } else if phase == .active { controller.resume() }
        }
        .navigationBarTitleDisplayMode(.inline)
        .toolbar {
            ToolbarItemGroup(placement: .topBarTrailing) {
                if state.phase == .running {
                    Button("Stop") { controller.stop() }
                } else {
                    Button("Review again") { controller.start() }
                }
                if state.rows.contains(where: { $0.moveClass.isError }) {
                    Button("Next mistake", systemImage: "forward") { controller.selectNextError() }
                }
                Menu("More", systemImage: "ellipsis.circle") {
                    Button("Analyse", systemImage: "magnifyingglass") {
                        let request = controller.analysisRequest()
                        analysis = AnalysisSession(pgn: request.pgn, ply: request.ply)
                    }
                    if state.phase == .done || state.phase == .stopped {
                        Button("Practise", systemImage: "target") { openPractice() }
                    }
                    if let pgn = state.annotatedPgn {
                        ShareLink("Share", item: SharedPgn(fileName: "Review.pgn") { pgn },
                                  preview: SharePreview("Review (PGN)"))
                    }
                }
            }
        }
        .alert("Practise", isPresented: Binding(
            get: { practiceError != nil },
            set: { if !$0 { practiceError = nil } }
        )) {
            Button("OK", role: .cancel) {}
        } message: {
            Text(practiceError ?? "")
        }
        .navigationDestination(item: $analysis) { session in
            AnalysisView(controller: session.controller)
        }
        .navigationDestination(item: $practice) { session in
            PracticeView(controller: session.controller)
        }
        // Leaving the screen (back, or the analysis board over it: two engines never search
        // at once) stops a running review; its moves so far stay.
        .onDisappear { controller.stop() }
    }
}

extension ReviewView {
    /// Pushes practice on the review's mistakes and blunders (of ``practiceSide``, or both
    /// sides'), from its annotated game; when it cannot open, the alert says why.
    private func openPractice() {
        do {
            practice = try PracticeSession(
                pgn: controller.analysisRequest().pgn,
                exercises: practiceExercises(state.rows, side: practiceSide))
        } catch {
            practiceError = (error as? ChessError)?.message ?? "\(error)"
        }
    }
}

/// The colour of a class in the list and on the graph.
private func classColor(_ moveClass: MoveClass?) -> Color {
    switch moveClass {
    case .blunder: return .red
    case .mistake: return .orange
    case .inaccuracy: return .yellow
    case .best, .excellent: return .green
    default: return .primary
    }
}

/// White's win probability along the game: light below the line, dark above.
private struct EvalGraphView: View {
    let points: [GraphPoint]
    let selectedPly: Int?

    var body: some View {
        GeometryReader { geo in
            let at = { (p: GraphPoint) in
                CGPoint(x: p.x * geo.size.width, y: (1 - p.y) * geo.size.height)
            }
            ZStack {
                Rectangle().fill(Color(white: 0.25))
                if let last = points.last {
                    Path { path in
                        path.move(to: CGPoint(x: 0, y: geo.size.height))
                        for p in points { path.addLine(to: at(p)) }
                        path.addLine(to: CGPoint(x: at(last).x, y: geo.size.height))
                        path.closeSubpath()
                    }
                    .fill(Color(white: 0.93))
                }
                ForEach(points.filter { $0.marker != nil }, id: \.ply) { p in
                    Circle().fill(classColor(p.marker)).frame(width: 8, height: 8).position(at(p))
                }
                if let ply = selectedPly, let p = points.first(where: { $0.ply == ply + 1 }) {
                    Circle().stroke(.blue, lineWidth: 2).frame(width: 10, height: 10).position(at(p))
                }
            }
        }
    }
}

private struct SideSummaryView: View {
    let side: Side
    let summary: SideSummaryUi

    var body: some View {
        VStack(alignment: .leading) {
            Text("\(side.name)  \(summary.accuracyText) %").font(.headline)
            Text("ACPL \(summary.averageLossText) · ?! \(summary.inaccuracies) · ? \(summary.mistakes) · ?? \(summary.blunders)")
                .font(.caption)
        }
        // VoiceOver: the counts in words, not "?! 2 · ? 1".
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(spokenSideSummary(side, summary))
    }
}

private struct SelectedMoveView: View {
    let row: ReviewRow

    var body: some View {
        VStack(alignment: .leading, spacing: 2) {
            Text("\(row.numberText) \(row.san)\(row.symbol)  \(row.classText)  \(row.evalText)")
                .font(.headline)
            if let better = row.betterSan { Text("Better: \(better)").font(.caption) }
            if !row.refutationSan.isEmpty {
                Text("Refutation: \(row.refutationSan.joined(separator: " "))").font(.caption)
            }
            if row.missedWin { Text("Missed win").font(.caption) }
            if row.onlyMove { Text("Only move").font(.caption) }
        }
        // One element for VoiceOver, in words ("knight to f6, blunder, ..."), not SAN's letters.
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(spokenSelectedMove(row))
    }
}

private struct ReviewRowView: View {
    let row: ReviewRow
    let selected: Bool

    var body: some View {
        HStack {
            // Widths at least, not exactly: at a large Dynamic Type size a move must not be cut off.
            Text(row.numberText).monospaced().frame(minWidth: 44, alignment: .leading)
            Text(row.san + row.symbol).foregroundStyle(classColor(row.moveClass))
                .frame(minWidth: 72, alignment: .leading)
            Text(row.classText)
            Spacer()
            Text(row.evalText).monospaced()
        }
        .listRowBackground(selected ? Color.accentColor.opacity(0.2) : Color.clear)
        // VoiceOver: the move and its class in words (the symbol and colour are not said).
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(spokenReviewRow(row))
        .accessibilityAddTraits(selected ? [.isButton, .isSelected] : .isButton)
    }
}
