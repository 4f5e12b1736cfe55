import ChessCorePresentation
import SwiftUI

/// The 8x8 board of every screen. It draws a `BoardDrawing` (the game's `BoardUiState`, the
/// analysis board's `AnalysisUiState`, the practice's `PracticeUiState`, the position editor's
/// `EditorUiState`: pieces, coordinates, selection, targets, last move, check, the framed hint
/// or best move, highlighted squares (a node's, the editor's problems) and arrows, a red dot on a
/// square in danger) in
/// the state's orientation and reports taps and drags as squares. It knows no chess: which piece may go where is the core's answer,
/// kept in the state, and which square a screen cell shows is the state's `squareAtCell`.
struct BoardView<Model: BoardDrawing>: View {
    let state: Model
    let onTap: (Square) -> Void
    let onDrag: (_ from: Square, _ to: Square) -> Void

    @State private var drag: DragState?

    private struct DragState {
        var from: Square
        var location: CGPoint
    }

    var body: some View {
        GeometryReader { geometry in
            let side = min(geometry.size.width, geometry.size.height)
            let size = side / 8
            ZStack(alignment: .topLeading) {
                VStack(spacing: 0) {
                    ForEach(0..<8, id: \.self) { row in
                        HStack(spacing: 0) {
                            ForEach(0..<8, id: \.self) { column in
                                squareView(state.squareAtCell(column: column, row: row),
                                           row: row, column: column, size: size)
                            }
                        }
                    }
                }
                MarksOverlay(squares: state.squareMarks, arrows: state.arrows, size: size,
                             center: { center(of: $0, size: size) })
                    .allowsHitTesting(false)
                if let drag, let piece = state.piece(at: drag.from) {
                    PieceGlyph(piece: piece)
                        .font(.system(size: size * 0.95))
                        .position(drag.location)
                        .allowsHitTesting(false)
                }
            }
            .frame(width: side, height: side)
            .contentShape(Rectangle())
            .gesture(boardGesture(size: size))
        }
        .aspectRatio(1, contentMode: .fit)
    }

    // MARK: Geometry

    /// The square under `point`, or `nil` off the board.
    private func square(at point: CGPoint, size: CGFloat) -> Square? {
        let column = Int((point.x / size).rounded(.down))
        let row = Int((point.y / size).rounded(.down))
        guard (0..<8).contains(column), (0..<8).contains(row) else { return nil }
        return state.squareAtCell(column: column, row: row)
    }

    /// One gesture for both: a short touch is a tap on the square where it started; a longer
    /// move drags the piece there to the square where it ends (off the board: nothing).
    private func boardGesture(size: CGFloat) -> some Gesture {
        DragGesture(minimumDistance: 0)
            .onChanged { value in
                guard isDrag(value, size: size), !state.drawsMarks,
                      let from = square(at: value.startLocation, size: size),
                      state.piece(at: from) != nil, state.acceptsMoves
                else { return }
                drag = DragState(from: from, location: value.location)
            }
            .onEnded { value in
                defer { drag = nil }
                guard let from = square(at: value.startLocation, size: size) else { return }
                if !isDrag(value, size: size) {
                    onTap(from)
                } else if let to = square(at: value.location, size: size) {
                    onDrag(from, to)
                }
            }
    }

    /// The centre of `square` on screen, in the state's orientation.
    private func center(of square: Square, size: CGFloat) -> CGPoint {
        let cell = state.cellOf(square)
        return CGPoint(x: (CGFloat(cell.column) + 0.5) * size, y: (CGFloat(cell.row) + 0.5) * size)
    }

    private func isDrag(_ value: DragGesture.Value, size: CGFloat) -> Bool {
        hypot(value.translation.width, value.translation.height) > size * 0.25
    }

    // MARK: Squares

    @ViewBuilder
    private func squareView(_ square: Square, row: Int, column: Int, size: CGFloat) -> some View {
        let piece = state.piece(at: square)
        let lastMove = state.lastMove
        let isLight = (square.file + square.rank) % 2 == 1
        let name = square.label
        ZStack {
            Rectangle().fill(isLight ? Color.boardLight : Color.boardDark)
            if let lastMove, lastMove.from == square || lastMove.to == square {
                Rectangle().fill(Color.yellow.opacity(0.35))
            }
            if state.selected == square || state.markFrom == square {
                Rectangle().fill(Color.green.opacity(0.45))
            }
            if state.checkSquare == square {
                RadialGradient(colors: [.red, .red.opacity(0)], center: .center,
                               startRadius: 0, endRadius: size * 0.65)
            }
            if let framed = state.framedMove, framed.from == square || framed.to == square {
                Rectangle().strokeBorder(Color.blue, lineWidth: size * 0.07)
            }
            if state.warnings.contains(square) {
                Circle().fill(Color.red.opacity(0.9)).frame(width: size * 0.24, height: size * 0.24)
                    .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topTrailing)
                    .padding(size * 0.06)
            }
            if let piece, drag?.from != square {
                PieceGlyph(piece: piece).font(.system(size: size * 0.8))
            }
            if state.boardTargets.contains(square) {
                if piece == nil {
                    Circle().fill(Color.black.opacity(0.25)).frame(width: size * 0.3)
                } else {
                    Circle().strokeBorder(Color.black.opacity(0.3), lineWidth: size * 0.08)
                }
            }
            coordinates(name: name, row: row, column: column, isLight: isLight, size: size)
        }
        .frame(width: size, height: size)
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(state.squareDescription(of: square))
        // Selected: the selected piece, or in draw mode the square the next arrow starts from
        // (drawn as a selection too).
        .accessibilityAddTraits(
            state.selected == square || state.markFrom == square ? [.isButton, .isSelected] : .isButton)
        .accessibilityAction { onTap(square) }
    }

    /// The file letter along the bottom row and the rank digit along the left column.
    @ViewBuilder
    private func coordinates(name: String, row: Int, column: Int, isLight: Bool, size: CGFloat)
        -> some View
    {
        let color = isLight ? Color.boardDark : Color.boardLight
        let font = Font.system(size: size * 0.18, weight: .semibold)
        if column == 0 {
            Text(String(name.suffix(1))).font(font).foregroundStyle(color)
                .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
                .padding(size * 0.04)
        }
        if row == 7 {
            Text(String(name.prefix(1))).font(font).foregroundStyle(color)
                .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .bottomTrailing)
                .padding(size * 0.04)
        }
    }
}

/// A node's highlighted squares (rings) and arrows (`[%csl]`, `[%cal]`), in their colours,
/// over the squares and under a dragged piece.
private struct MarksOverlay: View {
    let squares: [SquareMark]
    let arrows: [Arrow]
    let size: CGFloat
    let center: (Square) -> CGPoint

    var body: some View {
        Canvas { context, _ in
            for mark in squares {
                let c = center(mark.square)
                let r = size * 0.44
                context.stroke(
                    Path(ellipseIn: CGRect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r)),
                    with: .color(Color.mark(mark.color)), lineWidth: size * 0.08)
            }
            for arrow in arrows {
                let from = center(arrow.from)
                let to = center(arrow.to)
                var line = Path()
                line.move(to: from)
                line.addLine(to: to)
                let color = Color.mark(arrow.color)
                context.stroke(line, with: .color(color),
                               style: StrokeStyle(lineWidth: size * 0.15, lineCap: .round))
                let r = size * 0.18
                context.fill(Path(ellipseIn: CGRect(x: to.x - r, y: to.y - r, width: 2 * r, height: 2 * r)),
                             with: .color(color))
            }
        }
    }
}

extension Color {
    /// A mark's colour, translucent as on lichess.
    static func mark(_ color: MarkColor) -> Color {
        switch color {
        case .green: Color(red: 0.08, green: 0.47, blue: 0.11).opacity(0.67)
        case .red: Color(red: 0.53, green: 0.13, blue: 0.13).opacity(0.67)
        case .blue: Color(red: 0.0, green: 0.19, blue: 0.53).opacity(0.67)
        case .yellow: Color(red: 0.9, green: 0.56, blue: 0.0).opacity(0.67)
        }
    }

    static let boardLight = Color(red: 0.93, green: 0.87, blue: 0.75)
    static let boardDark = Color(red: 0.70, green: 0.53, blue: 0.39)
}
