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
/// app leaves the foreground the controller pauses (the engine stops thinking unseen and the
/// game is saved); back in the foreground its turn starts again.
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
                controller = try GameController(store: FileGameStore())
            } catch {
                failure = (error as? ChessError)?.message ?? error.localizedDescription
            }
        }
    }
}
