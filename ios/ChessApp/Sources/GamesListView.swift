import ChessCorePresentation
import SwiftUI

/// "My games": the games kept once they ended, newest first (players, result and how it ended,
/// when, how long); a tap opens the game's review (whose "Practise" drills the person's own
/// mistakes in a game against the engine), a swipe deletes it. The list is the presentation
/// layer's `archivedGames`, read when the screen appears and after a deletion.
struct GamesListView: View {
    let archive: any GameArchive

    @State private var games: [ArchivedGame] = []
    /// The review of the tapped game, while its screen is shown.
    @State private var review: ReviewSession?

    var body: some View {
        Group {
            if games.isEmpty {
                ContentUnavailableView(
                    "No games yet", systemImage: "list.bullet",
                    description: Text("Each game is kept here once it has ended."))
            } else {
                List {
                    ForEach(games) { game in
                        Button {
                            review = ReviewSession(pgn: game.pgn, practiceSide: game.yourSide)
                        } label: {
                            GameRow(game: game)
                        }
                        .buttonStyle(.plain)
                    }
                    .onDelete { offsets in
                        for index in offsets { archive.delete(id: games[index].id) }
                        games = archivedGames(archive)
                    }
                }
                .listStyle(.plain)
            }
        }
        .navigationTitle("My games")
        .navigationBarTitleDisplayMode(.inline)
        .onAppear { games = archivedGames(archive) }
        .navigationDestination(item: $review) { session in
            ReviewView(controller: session.controller, practiceSide: session.practiceSide)
        }
    }
}

/// One kept game: "You – chesscore Club player", "1-0 · Checkmate — White wins", "2026.11.26
/// 14:05 · 34 plies".
private struct GameRow: View {
    let game: ArchivedGame

    var body: some View {
        VStack(alignment: .leading, spacing: 2) {
            Text("\(game.white) – \(game.black)").font(.headline)
            Text("\(game.result) · \(game.statusText)").font(.subheadline)
            Text("\(game.playedAt) · \(game.plies) plies").font(.caption).foregroundStyle(.secondary)
        }
        .frame(maxWidth: .infinity, alignment: .leading)
        .contentShape(Rectangle())
    }
}
