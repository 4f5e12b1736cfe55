// swift-tools-version:6.0
//
// chesscore for Swift: the Rust core's generated bindings, an idiomatic wrapper and the board
// screen's presentation layer. Builds on Linux (against target/release/libchesscore.so, see
// scripts/test-swift.sh) and on Apple platforms (against ChessCoreFFI.xcframework, built by
// ios/build-xcframework.sh).
//
// Products:
// - `ChessCore`: the UniFFI-generated bindings alone, for apps with their own wrapper or UI
//   architecture. iOS 13 / macOS 10.15, the floor of Swift concurrency, which the wrapper needs
//   and the generated code needs as soon as the FFI has an async function (docs/swift-package.md).
// - `ChessCoreKit`: the bindings (re-exported) plus the wrapper: search as an
//   `AsyncThrowingStream`, a `bestMove(_:limits:)` that task cancellation stops, and
//   `MainActorSearchListener` for main-actor code. Same platforms as `ChessCore`.
// - `ChessCorePresentation`: the board screen's `GameController` (`@Observable`, so iOS 17 /
//   macOS 14: its declarations say so with `@available`), `BoardUiState` and `GameStore`.
//
// scripts/gen-bindings.sh writes Sources/ChessCore/ChessCore.swift and
// Sources/ChessCoreFFI/{ChessCoreFFI.h,module.modulemap}; never edit them by hand.
import PackageDescription

// The C module under the generated Swift. The manifest is evaluated on the building machine:
// on Linux it is the generated header and module map, and the library is found through the
// command line (`-Xlinker -L<repo>/target/release`, LD_LIBRARY_PATH at run time), so nothing
// machine-specific is written here; on Apple platforms it is the XCFramework of static
// libraries (device, simulator, macOS) with the same header and module map.
// release:ffi-begin
// ios/package-swift-release.sh writes a release copy of this manifest in which the lines between
// the `release:` markers are replaced (the FFI becomes a `binaryTarget(url:checksum:)`, tests and
// the benchmark go); keep the markers.
#if os(Linux)
let ffiTarget: Target = .systemLibrary(name: "ChessCoreFFI", path: "Sources/ChessCoreFFI")
#else
let ffiTarget: Target = .binaryTarget(name: "ChessCoreFFI", path: "ChessCoreFFI.xcframework")
#endif
// release:ffi-end

let package = Package(
    name: "ChessCoreKit",
    platforms: [.iOS(.v13), .macOS(.v10_15)],
    products: [
        .library(name: "ChessCore", targets: ["ChessCore"]),
        .library(name: "ChessCoreKit", targets: ["ChessCoreKit"]),
        .library(name: "ChessCorePresentation", targets: ["ChessCorePresentation"]),
    ],
    targets: [
        ffiTarget,
        .target(
            name: "ChessCore",
            dependencies: ["ChessCoreFFI"],
            // The shared library on Linux; on Apple platforms the XCFramework links itself.
            linkerSettings: [.linkedLibrary("chesscore", .when(platforms: [.linux]))]
        ),
        .target(name: "ChessCoreKit", dependencies: ["ChessCore"]),
        .target(name: "ChessCorePresentation", dependencies: ["ChessCoreKit"]),

        // release:tests-begin
        // Tests and the benchmark: not part of any product.
        .target(name: "ChessCoreTestSupport", dependencies: ["ChessCore"], path: "Tests/Support"),
        .testTarget(name: "ChessCoreTests", dependencies: ["ChessCore", "ChessCoreTestSupport"]),
        .testTarget(
            name: "ChessCoreKitTests", dependencies: ["ChessCoreKit", "ChessCoreTestSupport"]),
        .testTarget(
            name: "ChessCorePresentationTests",
            dependencies: ["ChessCorePresentation", "ChessCoreTestSupport"]
        ),
        .executableTarget(name: "ChessCoreBench", dependencies: ["ChessCore"], path: "Benchmarks"),
        // release:tests-end
    ],
    swiftLanguageModes: [.v6]
)
