import ChessCorePresentation
import SwiftUI

/// Start from a position pasted in FEN. The core reads it; when it refuses, its message (which
/// names the faulty field) is shown here and the current game stays as it was.
struct FenSheet: View {
    let controller: GameController

    @Environment(\.dismiss) private var dismiss
    @State private var text = ""

    var body: some View {
        NavigationStack {
            Form {
                Section {
                    TextField("FEN", text: $text, axis: .vertical)
                        .font(.body.monospaced())
                        .textInputAutocapitalization(.never)
                        .autocorrectionDisabled()
                        .lineLimit(2...5)
                    PasteButton(payloadType: String.self) { strings in
                        if let first = strings.first { text = first }
                    }
                } footer: {
                    if let message = controller.state.message {
                        Text(message).foregroundStyle(.red)
                    }
                }
            }
            .navigationTitle("Start from FEN")
            .navigationBarTitleDisplayMode(.inline)
            .toolbar {
                ToolbarItem(placement: .cancellationAction) {
                    Button("Cancel") {
                        controller.dismissMessage()
                        dismiss()
                    }
                }
                ToolbarItem(placement: .confirmationAction) {
                    Button("Load") {
                        // Taken (a repaired FEN's note shows over the board) or refused (the
                        // core's message shows here).
                        if controller.loadFen(text) { dismiss() }
                    }
                    .disabled(text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
                }
            }
            .onAppear {
                controller.dismissMessage()
                text = controller.fen()
            }
        }
    }
}
