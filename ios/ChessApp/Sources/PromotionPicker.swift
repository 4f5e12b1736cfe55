import ChessCorePresentation
import SwiftUI

/// The four promotion pieces (as the core offers them) for the pawn's side, plus Cancel.
struct PromotionPicker: View {
    let side: Side
    let choices: [PieceKind]
    let onChoose: (PieceKind) -> Void
    let onCancel: () -> Void

    var body: some View {
        VStack(spacing: 12) {
            Text("Promote to").font(.headline)
            HStack(spacing: 8) {
                ForEach(choices, id: \.self) { kind in
                    Button {
                        onChoose(kind)
                    } label: {
                        PieceGlyph(piece: Piece(side: side, kind: kind))
                            .font(.system(size: 44))
                            .frame(width: 60, height: 60)
                            .background(Color.gray.opacity(0.35), in: RoundedRectangle(cornerRadius: 8))
                    }
                    .accessibilityLabel(kind.name)
                }
            }
            Button("Cancel", role: .cancel, action: onCancel)
        }
        .padding()
        .background(.regularMaterial, in: RoundedRectangle(cornerRadius: 16))
        .shadow(radius: 8)
    }
}

extension View {
    /// Shows the promotion picker over this view (a board) while `state` has a pending
    /// promotion, with the pieces of the side to move.
    func promotionPicker(
        _ state: some BoardScreenState, onChoose: @escaping (PieceKind) -> Void,
        onCancel: @escaping () -> Void
    ) -> some View {
        overlay {
            if let pending = state.pendingPromotion {
                // Modal for VoiceOver: the board's squares under it are out of reach until a
                // piece is chosen or the promotion cancelled.
                PromotionPicker(side: state.snapshot.sideToMove, choices: pending.choices,
                                onChoose: onChoose, onCancel: onCancel)
                    .accessibilityAddTraits(.isModal)
            }
        }
    }
}
