import ChessCorePresentation
import SwiftUI

/// New game: who plays (you vs the engine, two players, engine vs engine), your side, the
/// engine's level (names and Elo from the core's `engineLevels()`), the time control
/// (untimed or a preset, described by the core's `timeControlDescription`) and Chess960 (a
/// random start position from the core).
struct NewGameSheet: View {
    let controller: GameController

    @Environment(\.dismiss) private var dismiss
    @State private var players = Players.humanVsEngine
    @State private var side = Side.white
    @State private var level = 1  // replaced by the controller's level when the sheet appears
    @State private var time = TimeChoice.untimed
    @State private var chess960 = false

    private enum Players: String, CaseIterable, Identifiable {
        case humanVsEngine = "You vs engine"
        case humanVsHuman = "Two players"
        case engineVsEngine = "Engine vs engine"
        var id: Self { self }
    }

    /// Untimed, or a few presets: minutes, plus seconds added after each move.
    private enum TimeChoice: CaseIterable, Identifiable {
        case untimed, bullet, blitz3, blitz5, rapid10, rapid15, classical
        var id: Self { self }

        /// The core's time control, `nil` for untimed.
        var control: TimeControl? {
            let minutesAndIncrement: (minutes: UInt64, seconds: UInt64)?
            switch self {
            case .untimed: minutesAndIncrement = nil
            case .bullet: minutesAndIncrement = (1, 0)
            case .blitz3: minutesAndIncrement = (3, 2)
            case .blitz5: minutesAndIncrement = (5, 0)
            case .rapid10: minutesAndIncrement = (10, 5)
            case .rapid15: minutesAndIncrement = (15, 10)
            case .classical: minutesAndIncrement = (30, 0)
            }
            guard let (minutes, seconds) = minutesAndIncrement else { return nil }
            let bonus: TimeBonus = seconds > 0 ? .increment(ms: seconds * 1_000) : .none
            return .periods(periods: [
                TimePeriod(moves: nil, timeMs: minutes * 60_000, bonus: bonus)
            ])
        }

        /// "Untimed", "3 min + 2 s", ...: the core's words.
        var label: String { control.map { timeControlDescription(control: $0) } ?? "Untimed" }
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
                Picker("Time control", selection: $time) {
                    ForEach(TimeChoice.allCases) { Text($0.label).tag($0) }
                }
                Toggle("Chess960 (random start position)", isOn: $chess960)
            }
            .navigationTitle("New game")
            .navigationBarTitleDisplayMode(.inline)
            .toolbar {
                ToolbarItem(placement: .cancellationAction) {
                    Button("Cancel") { dismiss() }
                }
                ToolbarItem(placement: .confirmationAction) {
                    Button("Start") {
                        controller.newGame(
                            mode: mode, level: level, timeControl: time.control,
                            start: chess960 ? .chess960() : .standard)
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
        let current = controller.state.clock?.description
        time = TimeChoice.allCases.first { $0.control != nil && $0.label == current } ?? .untimed
        chess960 = controller.state.snapshot.chess960
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
