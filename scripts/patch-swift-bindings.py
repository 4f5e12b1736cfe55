#!/usr/bin/env python3
"""Applies chesscore's two patches to the Swift bindings that uniffi-bindgen 0.32.2 generates.

1. Why: the generated reader takes every integer and every string out of a returned buffer with
`Data.copyBytes(to:from:)`. In the Foundation of the Swift toolchains for Linux (swift-foundation,
Swift 6.3.1) that call costs 0.6-1.2 microseconds however few bytes it copies, so lifting a
`GameSnapshot` (about a thousand reads) took over a millisecond and `legalMovesFrom` about 100
microseconds, ten to forty times the Kotlin figures. The patch reads the same bytes through
`Data.withUnsafeBytes` (an unaligned load of the integer, one array copy per string): the same
checks, the same big-endian decoding, the same errors; only the copying routine differs.
scripts/test-swift.sh --bench measures both paths (see docs/swift-package.md).

2. `ChessError`'s `errorDescription` is the core's message. Why: the generated one is
`String(reflecting: self)`, so `error.localizedDescription` (what SwiftUI's alerts and most apps
show) read `ChessCore.ChessError.IllegalMove(message: "illegal move e2e5: ...")`. The patch
returns the message alone, which says what is wrong and where; the case stays in the type.
The switch names every case, so a new error case fails the build here instead of falling back.

The script is strict: it fails when the generated text it replaces is not found exactly once,
so a UniFFI upgrade cannot silently skip it. `scripts/gen-bindings.sh` runs it after
generating, in normal and in `--check` mode, so the committed bindings stay reproducible.

Usage: patch-swift-bindings.py path/to/ChessCore.swift
"""

import sys

import bindings_patch

MARK = "// chesscore patch (scripts/patch-swift-bindings.py): "

PATCHES = [
    (
        "integer reader",
        """\
    var value: T = 0
    let _ = withUnsafeMutableBytes(of: &value, { reader.data.copyBytes(to: $0, from: range)})
    reader.offset = range.upperBound
    return value.bigEndian
}
""",
        f"""\
    {MARK}an unaligned load instead of
    // Data.copyBytes, which costs about a microsecond per call in Foundation on Linux.
    let start = range.lowerBound - reader.data.startIndex
    let value = reader.data.withUnsafeBytes {{ $0.loadUnaligned(fromByteOffset: start, as: T.self) }}
    reader.offset = range.upperBound
    return T(bigEndian: value)
}}
""",
    ),
    (
        "byte-array reader",
        """\
    var value = [UInt8](repeating: 0, count: count)
    value.withUnsafeMutableBufferPointer({ buffer in
        reader.data.copyBytes(to: buffer, from: range)
    })
    reader.offset = range.upperBound
    return value
}
""",
        f"""\
    {MARK}one array copy out of
    // the buffer instead of Data.copyBytes (see readInt).
    let start = range.lowerBound - reader.data.startIndex
    let value = reader.data.withUnsafeBytes {{
        [UInt8](UnsafeRawBufferPointer(rebasing: $0[start..<(start + count)]))
    }}
    reader.offset = range.upperBound
    return value
}}
""",
    ),
    (
        "ChessError.errorDescription",
        """\
    public var errorDescription: String? {
        String(reflecting: self)
    }
""",
        f"""\
    public var errorDescription: String? {{
        {MARK}the core's message
        // (what is wrong and where), not the enum's debug dump.
        switch self {{
        case .InvalidFen(let message), .InvalidNotation(let message), .IllegalMove(let message),
            .GameOver(let message), .InvalidSquare(let message), .InvalidPgn(let message),
            .InvalidSavedGame(let message), .InvalidRequest(let message), .Internal(let message):
            return message
        }}
    }}
""",
    ),
]


def main() -> int:
    return bindings_patch.run("patch-swift-bindings", __doc__.strip().splitlines()[-1], PATCHES, already_patched_mark=MARK)


if __name__ == "__main__":
    sys.exit(main())
