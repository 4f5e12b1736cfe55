#!/usr/bin/env python3
"""Checks that README.md's Kotlin and Swift quick starts are the code the tests compile and run.

README's first ```kotlin block must equal the lines between the README-EXAMPLE markers of
tests/kotlin/ReadmeExample.kt (run by ReadmeExampleTest.kt), and its first ```swift block those of
bindings/swift/Tests/ChessCoreKitTests/ReadmeExampleTests.swift. (The Rust example is a doctest.)

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
        shown, wanted = block.group(1).splitlines(), code.splitlines()
        line = next((i for i, (a, b) in enumerate(zip(shown, wanted)) if a != b), min(len(shown), len(wanted)))
        first = readme[: block.start(1)].count("\n") + 1
        print(
            f"README.md:{first + line}: the {language} quick start differs from "
            f"{path.relative_to(ROOT)} (run scripts/check-readme-examples.py --write)",
            file=sys.stderr,
        )
        return 1
    if "--write" in sys.argv[1:]:
        readme_path.write_text(readme, encoding="utf-8")
    print("readme: the Kotlin and Swift quick starts are the tested code")
    return 0


if __name__ == "__main__":
    sys.exit(main())
