import ChessCorePresentation
import SwiftUI

/// New game: who plays (you vs the engine, two players, engine vs engine), your side, and the
/// engine's level (names and Elo from the core's `engineLevels()`).
struct NewGameSheet: View {
    let controller: GameController

    @Environment(\.dismiss) private var dismiss
    @State private var players = Players.humanVsEngine
    @State private var side = Side.white
    @State private var level = 1  // replaced by the controller's level when the sheet appears

    private enum Players: String, CaseIterable, Identifiable {
        case humanVsEngine = "You vs engine"
        case humanVsHuman = "Two players"
        case engineVsEngine = "Engine vs engine"
        var id: Self { self }
    }

    var body: some View {
        NavigationStack {
            Form {
                Picker("Players", selection: $players) {
                    ForEach(Players.allCases) { Text($0.rawValue).tag($0) }
                }
                if players == .humanVsEngine {
                    Picker("You play", selection: $side) {
                        Text("White").tag(Side.white)
                        Text("Black").tag(Side.black)
                    }
                    .pickerStyle(.segmented)
                }
                if players != .humanVsHuman {
                    Picker("Engine level", selection: $level) {
                        ForEach(controller.levels, id: \.level) { entry in
                            Text("\(entry.level). \(entry.name) (~\(entry.elo) Elo)")
                                .tag(Int(entry.level))
                        }
                    }
                }
            }
            .navigationTitle("New game")
            .navigationBarTitleDisplayMode(.inline)
            .toolbar {
                ToolbarItem(placement: .cancellationAction) {
                    Button("Cancel") { dismiss() }
                }
                ToolbarItem(placement: .confirmationAction) {
                    Button("Start") {
                        controller.newGame(mode: mode, level: level)
                        dismiss()
                    }
                }
            }
            .onAppear(perform: showCurrentSettings)
        }
        .presentationDetents([.medium, .large])
    }

    private var mode: GameMode {
        switch players {
        case .humanVsEngine: .humanVsEngine(humanSide: side)
        case .humanVsHuman: .humanVsHuman
        case .engineVsEngine: .engineVsEngine
        }
    }

    private func showCurrentSettings() {
        level = controller.state.level
        switch controller.state.mode {
        case .humanVsEngine(let humanSide):
            players = .humanVsEngine
            side = humanSide
        case .humanVsHuman:
            players = .humanVsHuman
        case .engineVsEngine:
            players = .engineVsEngine
        }
    }
}
