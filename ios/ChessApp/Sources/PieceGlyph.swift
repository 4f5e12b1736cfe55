import ChessCorePresentation
import SwiftUI

/// A piece drawn as a Unicode chess glyph (text presentation, never the emoji pawn).
struct PieceGlyph: View {
    let piece: Piece

    var body: some View {
        Text(symbol + "\u{FE0E}")
            .foregroundStyle(piece.side == .white ? Color.white : Color.black)
            .shadow(color: piece.side == .white ? .black : .white.opacity(0.5), radius: 0.8)
            .shadow(color: piece.side == .white ? .black : .clear, radius: 0.4)
            .accessibilityLabel(piece.name)
    }

    private var symbol: String {
        switch piece.kind {
        case .king: "♚"
        case .queen: "♛"
        case .rook: "♜"
        case .bishop: "♝"
        case .knight: "♞"
        case .pawn: "♟"
        }
    }
}
