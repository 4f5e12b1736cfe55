import ChessCorePresentation
import SwiftUI

/// The position editor, as a sheet over the analysis board: the board (a tap puts down the
/// chosen piece or takes it off, a drag moves a piece), the palette (the twelve pieces and the
/// eraser), the side to move, the castling rights the board allows, and the core's verdict.
/// "Done" hands the FEN over (only when the core accepts the position). It draws
/// `editor.state` and forwards every intent to the `PositionEditor` (tested in
/// bindings/swift/Tests/ChessCorePresentationTests).
struct PositionEditorView: View {
    let editor: PositionEditor
    let done: (String) -> Void

    @Environment(\.dismiss) private var dismiss

    private var state: EditorUiState { editor.state }
    private static let kinds: [PieceKind] = [.king, .queen, .rook, .bishop, .knight, .pawn]

    var body: some View {
        NavigationStack {
            VStack(spacing: 8) {
                Text(state.problem ?? "The position is legal")
                    .font(.callout)
                    .foregroundStyle(state.isValid ? Color.primary : Color.red)
                    .padding(.horizontal)
                BoardView(state: state, onTap: { editor.tapSquare($0) },
                          onDrag: { editor.dragMove(from: $0, to: $1) })
                    .padding(.horizontal, 4)
                ForEach([Side.white, .black], id: \.self) { side in
                    // Seven cells of 44 points without spacing: 308, inside a 320-point screen
                    // (an iPhone SE with Display Zoom).
                    HStack(spacing: 0) {
                        ForEach(Self.kinds, id: \.self) { kind in
                            paletteCell(Piece(side: side, kind: kind))
                        }
                        if side == .white { paletteCell(nil) }
                    }
                }
                Picker("Side to move", selection: Binding(
                    get: { state.sideToMove }, set: { editor.setSideToMove($0) })) {
                    Text("White to move").tag(Side.white)
                    Text("Black to move").tag(Side.black)
                }
                .pickerStyle(.segmented)
                .padding(.horizontal)
                castlingToggles
                Spacer()
            }
            .navigationTitle("Set up a position")
            .navigationBarTitleDisplayMode(.inline)
            .toolbar {
                ToolbarItem(placement: .cancellationAction) {
                    Button("Cancel") { dismiss() }
                }
                ToolbarItem(placement: .confirmationAction) {
                    Button("Done") {
                        if let fen = state.fen { done(fen) }
                    }
                    .disabled(!state.isValid)
                }
                ToolbarItemGroup(placement: .bottomBar) {
                    Button("Clear", systemImage: "trash") { editor.clear() }
                    Spacer()
                    Button("Start position", systemImage: "arrow.uturn.backward") {
                        editor.startPosition()
                    }
                    Spacer()
                    Button("Flip", systemImage: "arrow.up.arrow.down") { editor.flip() }
                }
            }
            // What VoiceOver says without a swipe: the squares a tap or drag changed, a new
            // verdict.
            .onChange(of: state) { before, after in
                if let text = editorAnnouncement(before: before, after: after) {
                    AccessibilityNotification.Announcement(text).post()
                }
            }
        }
    }

    /// A piece of the palette (or the eraser for `nil`), framed when chosen.
    private func paletteCell(_ piece: Piece?) -> some View {
        Button {
            editor.setBrush(piece)
        } label: {
            Group {
                if let piece {
                    PieceGlyph(piece: piece).font(.system(size: 28))
                } else {
                    Image(systemName: "eraser").font(.system(size: 22))
                }
            }
            .frame(width: 44, height: 44)  // Apple's minimum touch target
            .background(
                state.brush == piece ? Color.accentColor.opacity(0.25) : .clear,
                in: RoundedRectangle(cornerRadius: 6))
        }
        .buttonStyle(.plain)
        .accessibilityLabel(piece?.name ?? "Eraser")
        .accessibilityAddTraits(state.brush == piece ? .isSelected : [])
    }

    /// The four castling rights: on when in force, enabled when the board allows them; a change
    /// is built from the rights asked for, so that one not allowed now stays asked for.
    private var castlingToggles: some View {
        Grid(alignment: .leading) {
            GridRow {
                toggle("White O-O", \.whiteKingSide)
                toggle("White O-O-O", \.whiteQueenSide)
            }
            GridRow {
                toggle("Black O-O", \.blackKingSide)
                toggle("Black O-O-O", \.blackQueenSide)
            }
        }
        .padding(.horizontal)
    }

    private func toggle(_ title: String, _ right: WritableKeyPath<CastlingRights, Bool>)
        -> some View
    {
        Toggle(title, isOn: Binding(
            get: { state.castling[keyPath: right] },
            set: { on in
                var asked = state.castlingAsked
                asked[keyPath: right] = on
                editor.setCastling(asked)
            }))
            .toggleStyle(.button)
            .disabled(!state.possibleCastling[keyPath: right])
    }
}
