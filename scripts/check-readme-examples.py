#!/usr/bin/env python3
"""Checks that README.md's Kotlin and Swift quick starts, and docs/app-guide.md's examples, are the
code the tests compile and run.

README's first ```kotlin block must equal the lines between the README-EXAMPLE markers of
tests/kotlin/ReadmeExample.kt (run by ReadmeExampleTest.kt), and its first ```swift block those of
bindings/swift/Tests/ChessCoreKitTests/ReadmeExampleTests.swift. (The Rust example is a doctest.)
In docs/app-guide.md, each `<!-- guide-example: NAME -->` line is followed by a ```kotlin and a
```swift block, which must equal the lines between `// GUIDE-EXAMPLE-BEGIN NAME` and
`// GUIDE-EXAMPLE-END` of tests/kotlin/GuideExamples.kt and of
bindings/swift/Tests/ChessCoreKitTests/GuideExampleTests.swift; every such example is shown.

    check-readme-examples.py          check, exit 1 with the first differing line
    check-readme-examples.py --write  copy the tested code into README.md
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
SOURCES = {
    "kotlin": ROOT / "tests/kotlin/ReadmeExample.kt",
    "swift": ROOT / "bindings/swift/Tests/ChessCoreKitTests/ReadmeExampleTests.swift",
}


def tested(path: pathlib.Path) -> str:
    text = path.read_text(encoding="utf-8")
    match = re.search(r"^// README-EXAMPLE-BEGIN\n(.*?)^// README-EXAMPLE-END\n", text, re.S | re.M)
    if not match:
        sys.exit(f"{path.relative_to(ROOT)}: no README-EXAMPLE-BEGIN/END markers")
    return match.group(1)


def differs(doc: str, text: str, block: re.Match, code: str, what: str, source: pathlib.Path) -> int:
    """Reports the first line where `block` of `doc` (whose text is `text`) differs from `code`; 1."""
    shown, wanted = block.group(1).splitlines(), code.splitlines()
    line = next((i for i, (a, b) in enumerate(zip(shown, wanted)) if a != b), min(len(shown), len(wanted)))
    first = text[: block.start(1)].count("\n") + 1
    print(
        f"{doc}:{first + line}: {what} differs from {source.relative_to(ROOT)} "
        "(run scripts/check-readme-examples.py --write)",
        file=sys.stderr,
    )
    return 1


def main() -> int:
    readme_path = ROOT / "README.md"
    readme = readme_path.read_text(encoding="utf-8")
    for language, path in SOURCES.items():
        block = re.search(rf"^```{language}\n(.*?)^```\n", readme, re.S | re.M)
        if not block:
            print(f"README.md: no ```{language} block", file=sys.stderr)
            return 1
        code = tested(path)
        if block.group(1) == code:
            continue
        if "--write" in sys.argv[1:]:
            readme = readme[: block.start(1)] + code + readme[block.end(1):]
            continue
        return differs("README.md", readme, block, code, f"the {language} quick start", path)
    if "--write" in sys.argv[1:]:
        readme_path.write_text(readme, encoding="utf-8")
    print("readme: the Kotlin and Swift quick starts are the tested code")
    return 0


GUIDE = ROOT / "docs/app-guide.md"
GUIDE_SOURCES = {
    "kotlin": ROOT / "tests/kotlin/GuideExamples.kt",
    "swift": ROOT / "bindings/swift/Tests/ChessCoreKitTests/GuideExampleTests.swift",
}


def guide_examples(path: pathlib.Path) -> dict[str, str]:
    text = path.read_text(encoding="utf-8")
    found = re.findall(r"^// GUIDE-EXAMPLE-BEGIN (\S+)\n(.*?)^// GUIDE-EXAMPLE-END\n", text, re.S | re.M)
    return dict(found)


def check_guide(write: bool) -> int:
    guide = GUIDE.read_text(encoding="utf-8")
    names = re.findall(r"^<!-- guide-example: (\S+) -->\n", guide, re.M)
    for language, path in GUIDE_SOURCES.items():
        examples = guide_examples(path)
        missing = sorted(set(examples) - set(names))
        if missing:
            print(f"docs/app-guide.md: {path.relative_to(ROOT)}'s examples {missing} are not shown", file=sys.stderr)
            return 1
        for name in names:
            if name not in examples:
                print(f"docs/app-guide.md: no {language} example {name} in {path.relative_to(ROOT)}", file=sys.stderr)
                return 1
            marker = re.search(rf"^<!-- guide-example: {re.escape(name)} -->\n", guide, re.M)
            block = re.compile(rf"^```{language}\n(.*?)^```\n", re.S | re.M).search(guide, marker.end())
            next_marker = re.compile(r"^<!-- guide-example: ", re.M).search(guide, marker.end())
            if not block or (next_marker and block.start() > next_marker.start()):
                print(f"docs/app-guide.md: example {name} has no ```{language} block", file=sys.stderr)
                return 1
            if block.group(1) == examples[name]:
                continue
            if write:
                guide = guide[: block.start(1)] + examples[name] + guide[block.end(1):]
                continue
            return differs("docs/app-guide.md", guide, block, examples[name], f"the {language} example {name}", path)
    if write:
        GUIDE.write_text(guide, encoding="utf-8")
    print(f"guide: its {len(names)} Kotlin and Swift examples are the tested code")
    return 0


if __name__ == "__main__":
    sys.exit(main() or check_guide("--write" in sys.argv[1:]))
