import ChessCorePresentation
import SwiftUI

/// The app: one window showing the board screen. The game lives in the Rust core; the
/// `GameController` restores it from the `FileGameStore` at launch and saves it on every change.
@main
struct ChessApp: App {
    /// Builds the opening index off the main thread at launch, so that the first snapshot and
    /// opening book do not build it on the UI thread (a few milliseconds).
    init() {
        Task.detached(priority: .utility) { _ = preloadOpenings() }
    }

    var body: some Scene {
        WindowGroup {
            RootView()
        }
    }
}

/// Creates the controller once (restoring the saved game) and shows the board screen, which
/// pauses it when the app leaves the foreground (the engine stops thinking unseen, a game's
/// clock stops and the game is saved) and resumes it back in the foreground unless the review
/// or the analysis board is over the game (`ContentView`). A restored timed game waits paused
/// for the first `resume()`, which `ContentView` calls as it appears in an active scene (a
/// scene phase read here, in a task made by the first body, may be the launch's stale one).
struct RootView: View {
    @State private var controller: GameController?
    @State private var failure: String?
    /// "My games": each game kept once it has ended (the `Games` folder beside the game's files).
    @State private var archive = DirectoryGameArchive()
    /// A PGN file opened from another app ("Open in Chess"), kept until the board screen exists
    /// to open it (a cold start delivers it before the controller is made).
    @State private var openedURL: URL?

    var body: some View {
        Group {
            if let controller {
                ContentView(controller: controller, archive: archive, openedURL: $openedURL)
            } else if let failure {
                ContentUnavailableView(
                    "The chess engine could not start",
                    systemImage: "exclamationmark.triangle",
                    description: Text(failure))
            } else {
                ProgressView()
            }
        }
        .onOpenURL { url in openedURL = url }
        .task { @MainActor in
            guard controller == nil else { return }
            do {
                // The clocks' time: the app's monotonic milliseconds (ContinuousClock).
                let created = try GameController(
                    store: FileGameStore(), now: GameController.monotonicNow, archive: archive)
                controller = created
            } catch {
                failure = (error as? ChessError)?.message ?? error.localizedDescription
            }
        }
    }
}
