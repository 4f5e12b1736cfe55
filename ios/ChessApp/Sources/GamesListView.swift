import ChessCorePresentation
import SwiftUI

/// "My games": the games kept once they ended, newest first (players, result and how it ended,
/// when, how long); a tap opens the game's review (whose "Practise" drills the person's own
/// mistakes in a game against the engine), a swipe deletes it, "Share all" shares every kept game
/// as one PGN. The list is the presentation
/// layer's `archivedGames`, read off the main thread when the screen appears.
struct GamesListView: View {
    let archive: any GameArchive

    /// The kept games; `nil` while they are read.
    @State private var games: [ArchivedGame]?
    /// The review of the tapped game, while its screen is shown.
    @State private var review: ReviewSession?
    /// Why the tapped game's review could not open, shown in an alert.
    @State private var failure: String?

    var body: some View {
        Group {
            if let games, games.isEmpty {
                ContentUnavailableView(
                    "No games yet", systemImage: "list.bullet",
                    description: Text("Each game is kept here once it has ended."))
            } else if let games {
                List {
                    ForEach(games) { game in
                        Button {
                            review = ReviewSession(pgn: game.pgn, practiceSide: game.yourSide)
                            if review == nil { failure = "The review of this game could not open." }
                        } label: {
                            GameRow(game: game)
                        }
                        .buttonStyle(.plain)
                    }
                    .onDelete { offsets in
                        let ids = offsets.map { games[$0].id }
                        for id in ids { archive.delete(id: id) }
                        self.games = games.filter { !ids.contains($0.id) }
                    }
                }
                .listStyle(.plain)
            } else {
                ProgressView()
            }
        }
        .navigationTitle("My games")
        .navigationBarTitleDisplayMode(.inline)
        .toolbar {
            ToolbarItem(placement: .topBarTrailing) {
                if let games, !games.isEmpty {
                    // Written only when shared (every kept game in one PGN).
                    ShareLink("Share all", item: SharedPgn(fileName: "My games.pgn") { gamesPgn(games) },
                              preview: SharePreview("My games (PGN)"))
                }
            }
        }
        // Read (every file, each game through the core) off the main thread, once: the task
        // runs again when a review opened from the list closes, and a read then could bring
        // back a game deleted meanwhile (nothing else changes the archive under the list).
        .task { @MainActor in
            guard games == nil else { return }
            let archive = self.archive
            games = await Task.detached(priority: .userInitiated) { archivedGames(archive) }.value
        }
        .navigationDestination(item: $review) { session in
            ReviewView(controller: session.controller, practiceSide: session.practiceSide)
        }
        .alert("My games", isPresented: Binding(
            get: { failure != nil }, set: { if !$0 { failure = nil } }
        )) {
            Button("OK", role: .cancel) {}
        } message: {
            Text(failure ?? "")
        }
    }
}

/// One kept game: "You – chesscore Club player", "1-0 · Checkmate — White wins", "2026.11.26
/// 14:05 · 17 moves".
private struct GameRow: View {
    let game: ArchivedGame

    var body: some View {
        VStack(alignment: .leading, spacing: 2) {
            Text("\(game.white) – \(game.black)").font(.headline)
            Text("\(game.result) · \(game.statusText)").font(.subheadline)
            Text("\(game.playedAt) · \(movesText(game.plies))").font(.caption).foregroundStyle(.secondary)
        }
        .frame(maxWidth: .infinity, alignment: .leading)
        .contentShape(Rectangle())
    }
}
