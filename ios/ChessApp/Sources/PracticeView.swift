import ChessCorePresentation
import SwiftUI

/// "Practise your mistakes": the exercise's position with the side to find a move at the
/// bottom, the task or the verdict in words, and retry / solution / next. It draws
/// `controller.state` and forwards every intent to the `PracticeController` (tested in
/// bindings/swift/Tests/ChessCorePresentationTests); it holds no logic of its own.
struct PracticeView: View {
    let controller: PracticeController

    @Environment(\.scenePhase) private var scenePhase

    private var state: PracticeUiState { controller.state }

    var body: some View {
        VStack(spacing: 8) {
            VStack(spacing: 2) {
                if let progress = state.progressText {
                    Text(progress).font(.caption).foregroundStyle(.secondary)
                }
                Text(state.promptText).font(.headline).multilineTextAlignment(.center)
                    .accessibilityLabel(state.spokenPrompt)  // "knight to f3", not SAN's letters
                if state.phase == .checking {
                    ProgressView().controlSize(.small)
                }
            }
            .padding(.horizontal)
            BoardView(state: state, onTap: { controller.tapSquare($0) },
                      onDrag: { controller.dragMove(from: $0, to: $1) })
                .promotionPicker(state, onChoose: { controller.choosePromotion($0) },
                                 onCancel: { controller.cancelPromotion() })
                .padding(.horizontal, 4)
            Spacer()
        }
        .navigationTitle("Practise")
        .navigationBarTitleDisplayMode(.inline)
        .toolbar {
            ToolbarItemGroup(placement: .bottomBar) {
                Button("Retry", systemImage: "arrow.counterclockwise") { controller.retry() }
                    .disabled(!state.canRetry)
                Spacer()
                Button("Solution", systemImage: "lightbulb") { controller.showSolution() }
                    .disabled(!state.canShowSolution)
                Spacer()
                Button("Next", systemImage: "forward") { controller.next() }
                    .disabled(!state.canGoNext)
            }
        }
        .alert("chesscore", isPresented: Binding(
            get: { state.message != nil },
            set: { if !$0 { controller.dismissMessage() } }
        )) {
            Button("OK", role: .cancel) {}
        } message: {
            Text(state.message ?? "")
        }
        // In the background a check under way stops; the exercise waits for a new try. Not
        // when only inactive (Notification Centre pulled down, a call's banner), as the review
        // and Android's onStop do, so that such a glance does not throw the move away.
        .onChange(of: scenePhase) { _, phase in
            if phase == .background { controller.pause() }
        }
        // What VoiceOver says without a tap: the next task, the verdict, the solution, the score.
        .onChange(of: state) { before, after in
            if let text = practiceAnnouncement(before: before, after: after) {
                AccessibilityNotification.Announcement(text).post()
            }
        }
        .onDisappear { controller.close() }
    }
}

/// A practice on a review's mistakes and blunders, with its own game and engine; releasing it
/// frees them.
@MainActor
final class PracticeSession: Identifiable, Hashable {
    let controller: PracticeController

    /// - Throws: what ``PracticeController`` throws (the PGN cannot be read back, the engine
    ///   cannot start), for the review screen to show.
    init(pgn: String, exercises: [PracticeExercise]) throws {
        controller = try PracticeController(pgn: pgn, exercises: exercises)
    }

    nonisolated static func == (a: PracticeSession, b: PracticeSession) -> Bool { a === b }
    nonisolated func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
