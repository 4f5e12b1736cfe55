import ChessCoreKit
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

/// Creates the controller once (restoring the saved game) and shows the board screen.
struct RootView: View {
    @State private var controller: GameController?
    @State private var failure: String?

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
