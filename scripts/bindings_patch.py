"""The strict text patching shared by scripts/patch-kotlin-bindings.py and patch-swift-bindings.py.

A patch replaces a piece of UniFFI's generated text that must occur exactly once, so that a UniFFI
upgrade that changes its templates makes the patch fail loudly instead of silently not applying.
"""

import sys


def run(tool: str, usage: str, patches, already_patched_mark: str | None = None) -> int:
    """Applies `patches`, a list of (name, original, patched) or (name, original, patched, count),
    to the file named by the command line: each original must occur exactly `count` times (1 when
    not given), and every occurrence is replaced.

    Returns the exit status: 2 for a bad command line, 1 when a patch does not apply exactly once
    (or the file already carries `already_patched_mark`), 0 when every patch was applied.
    """
    if len(sys.argv) != 2:
        print(usage, file=sys.stderr)
        return 2
    path = sys.argv[1]
    with open(path, encoding="utf-8") as f:
        text = f.read()
    if already_patched_mark and already_patched_mark in text:
        print(f"{tool}: {path} is already patched", file=sys.stderr)
        return 1
    for name, original, patched, *expected in patches:
        expected = expected[0] if expected else 1
        count = text.count(original)
        if count != expected:
            print(
                f"{tool}: expected the generated {name} text exactly {expected} time(s) in {path}, "
                f"found it {count} times; UniFFI's template changed, review the patch\n{original}",
                file=sys.stderr,
            )
            return 1
        text = text.replace(original, patched)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return 0
