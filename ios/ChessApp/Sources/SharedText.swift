import CoreTransferable
import SwiftUI
import UniformTypeIdentifiers

/// A text to share (a PGN, a FEN) that is written only when the person shares it. A
/// `ShareLink` builds its item every time the view around it is drawn (the board screen ten
/// times a second while a clock runs), and a PGN is the whole game serialised: the link gets
/// this instead, and `make` runs when the share sheet asks for the text:
/// `ShareLink("Share PGN", item: SharedText { controller.pgn() }, preview: SharePreview("Game"))`.
struct SharedText: Transferable {
    /// Writes the text, e.g. `{ controller.pgn() }`.
    let make: @MainActor @Sendable () -> String

    /// Plain UTF-8 text, as a `String` shares. Data, not a proxy `String`: a proxy's exporter
    /// must be synchronous since iOS 17 (the asynchronous one is deprecated), and `make` runs on
    /// the main actor, which only an asynchronous exporter can wait for.
    static var transferRepresentation: some TransferRepresentation {
        DataRepresentation(exportedContentType: .utf8PlainText) { (shared: SharedText) in
            Data(await shared.make().utf8)
        }
    }
}

/// A PGN to share, written only when shared (as `SharedText`). Offered first as a `.pgn` file
/// named `fileName`, which "Save to Files", AirDrop and Mail take (as text, "Save to Files" wrote
/// a `.txt`), then as plain text for the apps that take only text (Messages, Notes):
/// `ShareLink("Share PGN", item: SharedPgn(fileName: "Game.pgn") { controller.pgn() },
/// preview: SharePreview("Game (PGN)"))`.
struct SharedPgn: Transferable {
    /// The suggested file name, with its `.pgn` extension.
    let fileName: String
    /// Writes the PGN, e.g. `{ controller.pgn() }`.
    let make: @MainActor @Sendable () -> String

    /// The `.pgn` file first, then plain UTF-8 text (asynchronous exporters, as `SharedText`'s).
    static var transferRepresentation: some TransferRepresentation {
        DataRepresentation(exportedContentType: .pgn) { (shared: SharedPgn) in
            Data(await shared.make().utf8)
        }
        .suggestedFileName { $0.fileName }
        DataRepresentation(exportedContentType: .utf8PlainText) { (shared: SharedPgn) in
            Data(await shared.make().utf8)
        }
    }
}

extension UTType {
    /// A PGN file: the type the app declares (project.yml, `UTImportedTypeDeclarations`:
    /// `dev.chesscore.pgn`, extension `.pgn`, plain text).
    static let pgn = UTType(importedAs: "dev.chesscore.pgn", conformingTo: .plainText)
}
