#!/usr/bin/env python3
"""Fails when an exported name is a Kotlin or Swift keyword.

UniFFI escapes such a name with backticks, so it still compiles, but every app then has to
write `` review.`class` `` (Kotlin) or declare around it: the FFI gives those fields and
arguments other names instead (docs/design-notes.md, "No field a binding must escape").
Reads the generated Kotlin, where every record field, argument and method is declared.

Usage: check-binding-names.py chesscore.kt
"""
import re
import sys

KOTLIN = {
    "as", "break", "class", "continue", "do", "else", "false", "for", "fun", "if", "in",
    "interface", "is", "null", "object", "package", "return", "super", "this", "throw", "true",
    "try", "typealias", "typeof", "val", "var", "when", "while",
}
SWIFT = {
    "associatedtype", "case", "catch", "class", "default", "defer", "deinit", "do", "enum",
    "extension", "fallthrough", "fileprivate", "func", "guard", "import", "init", "inout",
    "internal", "let", "nil", "open", "operator", "private", "protocol", "public", "repeat",
    "rethrows", "self", "Self", "static", "struct", "subscript", "switch", "throws", "where",
    "Any", "Type",
}
KEYWORDS = KOTLIN | SWIFT

# `var `name`: T`, `val `name`: T`, an argument `` `name`: T ``, `fun `name`(`.
DECLARED = re.compile(r"(?:\b(?:val|var|fun)\s+`(\w+)`|[(,]\s*`(\w+)`\s*:)")


def main() -> int:
    path = sys.argv[1]
    bad = {}
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            if line.lstrip().startswith(("*", "/*", "//")):
                continue  # documentation
            for m in DECLARED.finditer(line):
                name = m.group(1) or m.group(2)
                if name in KEYWORDS:
                    bad.setdefault(name, number)
    for name, number in sorted(bad.items()):
        print(f"binding names: `{name}` (first at {path}:{number}) is a Kotlin or Swift "
              "keyword; give the field or argument another name in src/ffi", file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
