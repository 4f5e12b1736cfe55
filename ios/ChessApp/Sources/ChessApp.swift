import ChessCorePresentation
import SwiftUI

/// The app: one window showing the board screen. The game lives in the Rust core; the
/// `GameController` restores it from the `FileGameStore` at launch and saves it on every change.
@main
struct ChessApp: App {
    var body: some Scene {
        WindowGroup {
            RootView()
        }
    }
}

/// Creates the controller once (restoring the saved game) and shows the board screen. When the
/// app leaves the foreground the controller pauses (the engine stops thinking unseen, a game's
/// clock stops and the game is saved); back in the foreground the clock and the engine's turn
/// start again. A restored timed game waits paused for that first `resume()`.
struct RootView: View {
    @State private var controller: GameController?
    @State private var failure: String?
    @Environment(\.scenePhase) private var scenePhase

    var body: some View {
        Group {
            if let controller {
                ContentView(controller: controller)
            } else if let failure {
                ContentUnavailableView(
                    "The chess engine could not start",
                    systemImage: "exclamationmark.triangle",
                    description: Text(failure))
            } else {
                ProgressView()
            }
        }
        .onChange(of: scenePhase) { _, phase in
            if phase == .active { controller?.resume() } else { controller?.pause() }
        }
        .task { @MainActor in
            guard controller == nil else { return }
            do {
                // The clocks' time: the app's monotonic milliseconds (ContinuousClock).
                let created = try GameController(
                    store: FileGameStore(), now: GameController.monotonicNow)
                controller = created
                if scenePhase == .active { created.resume() }
            } catch {
                failure = (error as? ChessError)?.message ?? error.localizedDescription
            }
        }
    }
}
