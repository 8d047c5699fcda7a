"""Check that every function reads at once: at most 60 lines, blocks nested at most 4 deep.

Ruff checks McCabe complexity (C901, at most 10); this checks the two limits it has no
stable rule for. A function's length counts its lines from ``def`` to its last line,
docstring included. Nesting counts the blocks a statement sits in (``if``, ``for``,
``while``, ``with``, ``try``, ``match``); an ``elif`` is no deeper than its ``if``, and
nested functions and classes start again at zero.

>>> shape_problems("def f():\\n    return 1\\n", "x.py")
[]
>>> deep = "def f(a):\\n" + "".join("    " * i + "    if a:\\n" for i in range(5)) + "    " * 6 + "pass\\n"
>>> shape_problems(deep, "x.py")
['x.py:1: f is nested 5 blocks deep (at most 4)']

Run ``python scripts/code_shape.py engine tutorial scripts tests``: it prints each problem
and exits 1 when there is one.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

MAX_LINES = 60
MAX_DEPTH = 4
_BLOCKS = (ast.If, ast.For, ast.AsyncFor, ast.While, ast.With, ast.AsyncWith, ast.Try, ast.Match)
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)
_SKIPPED = ("docs/runtime", "node_modules", "/site/", "/build/")


def nesting(node: ast.AST, depth: int = 0) -> int:
    """The deepest block nesting inside ``node`` (its own body at ``depth``).

    >>> nesting(ast.parse("if a:\\n    if b:\\n        pass\\nelif c:\\n    pass\\n"))
    2
    """
    deepest = depth
    for field, value in ast.iter_fields(node):
        children = value if isinstance(value, list) else [value]
        for child in children:
            if not isinstance(child, ast.AST) or isinstance(child, _SCOPES):
                continue
            is_elif = isinstance(node, ast.If) and field == "orelse" and len(node.orelse) == 1
            deeper = isinstance(child, _BLOCKS) and not (is_elif and isinstance(child, ast.If))
            deepest = max(deepest, nesting(child, depth + deeper))
    return deepest


def shape_problems(source: str, name: str) -> list[str]:
    """Every function of ``source`` that is too long or nested too deep, as lines."""
    problems = []
    for node in ast.walk(ast.parse(source, name)):
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        lines = (node.end_lineno or node.lineno) - node.lineno + 1
        if lines > MAX_LINES:
            problems.append(
                f"{name}:{node.lineno}: {node.name} is {lines} lines (at most {MAX_LINES})"
            )
        depth = nesting(node)
        if depth > MAX_DEPTH:
            problems.append(
                f"{name}:{node.lineno}: {node.name} is nested {depth} blocks deep (at most {MAX_DEPTH})"
            )
    return problems


def python_files(roots: list[str]) -> Iterator[Path]:
    """The ``.py`` files under ``roots``, generated folders left out."""
    for root in roots:
        for path in sorted(Path(root).rglob("*.py")):
            if not any(part in f"/{path.as_posix()}" for part in _SKIPPED):
                yield path


def main(argv: list[str]) -> int:
    """Print every problem under the folders named; 1 when there is one."""
    problems = [
        problem
        for path in python_files(argv or ["."])
        for problem in shape_problems(path.read_text(encoding="utf-8"), str(path))
    ]
    print("\n".join(problems) if problems else "code shape: every function reads at once")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
