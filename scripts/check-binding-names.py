#!/usr/bin/env python3
"""Fails when an exported name is a Kotlin or Swift keyword.

UniFFI escapes such a name with backticks, so it still compiles, but every app then has to
write `` review.`class` `` (Kotlin) or declare around it: the FFI gives those fields, arguments,
methods and enum variants other names instead (docs/design-notes.md, "No field a binding must
escape").

- Kotlin: every record field, argument and method is declared in backticks (`var `name``,
  `` `name`: T ``, `fun `name`(`); those that are keywords are reported.
- Swift: UniFFI backticks only the names Swift needs escaped, so any backticked name in the
  generated code (outside comments) is one: an enum variant (`case `default``) included, which
  Kotlin writes in capitals and never escapes.

Comments are removed before scanning (UniFFI writes a documented function's declaration on the
line that closes its KDoc, `*/ fun `name`(`).

Usage: check-binding-names.py chesscore.kt ChessCore.swift
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
KOTLIN_DECLARED = re.compile(r"(?:\b(?:val|var|fun)\s+`(\w+)`|[(,]\s*`(\w+)`\s*:)")
BACKTICKED = re.compile(r"`(\w+)`")


def code(path: str) -> list[tuple[int, str]]:
    """The file's lines with block and line comments blanked (line numbers kept)."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    text = re.sub(r"//[^\n]*", "", text)
    return list(enumerate(text.split("\n"), 1))


def main() -> int:
    kotlin, swift = sys.argv[1], sys.argv[2]
    bad: dict[str, str] = {}
    for number, line in code(kotlin):
        for m in KOTLIN_DECLARED.finditer(line):
            name = m.group(1) or m.group(2)
            if name in KEYWORDS:
                bad.setdefault(name, f"{kotlin}:{number}")
    for number, line in code(swift):
        for m in BACKTICKED.finditer(line):
            bad.setdefault(m.group(1), f"{swift}:{number}")
    for name, place in sorted(bad.items()):
        print(f"binding names: `{name}` (first at {place}) is a Kotlin or Swift keyword; give "
              "the field, argument, method or variant another name in src/ffi", file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
