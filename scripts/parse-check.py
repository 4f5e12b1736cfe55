"""Parses source files with a tree-sitter grammar and reports every syntax error with its place.

    parse-check.py LANGUAGE FILE...     (LANGUAGE: kotlin or swift)

Used by android/check-kotlin-syntax.sh and ios/check-swift-syntax.sh, which install tree-sitter
and the grammar (PyPI) into a virtual environment and run this script with its Python. It
checks syntax only, not types. Exit status 1 when a file has a problem.
"""

import importlib
import sys

import tree_sitter


def main() -> int:
    language, paths = sys.argv[1], sorted(set(sys.argv[2:]))
    grammar = importlib.import_module(f"tree_sitter_{language}")
    parser = tree_sitter.Parser(tree_sitter.Language(grammar.language()))
    problems = 0
    for path in paths:
        source = open(path, "rb").read()
        stack = [parser.parse(source).root_node]
        while stack:
            node = stack.pop()
            if node.type == "ERROR" or node.is_missing:
                problems += 1
                row, column = node.start_point
                text = source.splitlines()[row].decode(errors="replace").strip()
                kind = f"missing {node.type}" if node.is_missing else "syntax error"
                print(f"{path}:{row + 1}:{column + 1}: {kind}: {text[:100]}")
            else:
                stack.extend(node.children)
    print(f"{language} syntax: {len(paths)} files, {problems} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
