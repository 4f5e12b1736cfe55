// swift-tools-version:5.9
//
// ChessCoreKit: the chesscore Rust library for Swift.
//
// - `ChessCoreFFI`: the XCFramework of static libraries (device, simulator, macOS) with the C
//   header and module map. Built by `../build-xcframework.sh`; not committed.
// - `ChessCore`: the UniFFI-generated Swift bindings. SwiftPM cannot reference files outside the
//   package directory, so `../build-xcframework.sh` copies
//   `bindings/swift/Sources/ChessCore/ChessCore.swift` into `Sources/ChessCore/` (gitignored).
// - `ChessCoreKit`: the idiomatic wrapper (search as `AsyncThrowingStream`, cancellable
//   `bestMove`) and the presentation layer (`GameController`, `GameStore`) the app draws.
//
// The macOS platform is there so that `swift test` runs the XCTests on a Mac without a simulator.
import PackageDescription

let strictConcurrency: [SwiftSetting] = [.enableUpcomingFeature("StrictConcurrency")]

let package = Package(
    name: "ChessCoreKit",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [
        .library(name: "ChessCoreKit", targets: ["ChessCoreKit"]),
    ],
    targets: [
        .binaryTarget(name: "ChessCoreFFI", path: "ChessCoreFFI.xcframework"),
        .target(name: "ChessCore", dependencies: ["ChessCoreFFI"], path: "Sources/ChessCore"),
        .target(name: "ChessCoreKit", dependencies: ["ChessCore"], swiftSettings: strictConcurrency),
        .testTarget(
            name: "ChessCoreKitTests",
            dependencies: ["ChessCoreKit"],
            swiftSettings: strictConcurrency
        ),
    ]
)
