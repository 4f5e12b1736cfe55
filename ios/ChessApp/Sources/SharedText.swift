import CoreTransferable
import SwiftUI

/// A text to share (a PGN, a FEN) that is written only when the person shares it. A
/// `ShareLink` builds its item every time the view around it is drawn (the board screen ten
/// times a second while a clock runs), and a PGN is the whole game serialised: the link gets
/// this instead, and `make` runs when the share sheet asks for the text:
/// `ShareLink("Share PGN", item: SharedText { controller.pgn() }, preview: SharePreview("Game"))`.
struct SharedText: Transferable {
    /// Writes the text, e.g. `{ controller.pgn() }`.
    let make: @MainActor @Sendable () -> String

    static var transferRepresentation: some TransferRepresentation {
        ProxyRepresentation(exporting: { (shared: SharedText) in await shared.make() })
    }
}
