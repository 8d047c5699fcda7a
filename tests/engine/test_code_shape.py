"""The engine's own modules (the computer players aside) read like the project's anchors
(issue 44): no function over 60 lines, none nested deeper than four blocks (an ``elif``
counts as its ``if``). Their McCabe complexity of at most 10 is ruff's check (``C90``).
"""

from __future__ import annotations

import ast
from pathlib import Path

import euchre

ENGINE = Path(euchre.__file__).parent
NESTING = (ast.If, ast.For, ast.While, ast.With, ast.Try, ast.AsyncFor, ast.AsyncWith, ast.Match)
FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)


def depth(node: ast.AST, level: int = 0) -> int:
    """The deepest nesting of blocks inside ``node`` (functions and classes inside it are
    measured on their own)."""
    deepest = level
    for name, value in ast.iter_fields(node):
        for child in value if isinstance(value, list) else [value]:
            if not isinstance(child, ast.AST) or isinstance(
                child, (*FUNCTIONS, ast.ClassDef, ast.Lambda)
            ):
                continue
            elif_ = isinstance(node, ast.If) and name == "orelse" and len(node.orelse) == 1
            inner = (
                level if elif_ and isinstance(child, ast.If) else level + isinstance(child, NESTING)
            )
            deepest = max(deepest, depth(child, inner))
    return deepest


def shapes() -> list[tuple[str, int, int]]:
    """(where, lines, nesting) of every function of the engine but the players'."""
    out = []
    for path in sorted(ENGINE.rglob("*.py")):
        if "players" in path.relative_to(ENGINE).parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, FUNCTIONS):
                assert node.end_lineno is not None
                where = f"{path.relative_to(ENGINE)}:{node.lineno} {node.name}"
                out.append((where, node.end_lineno - node.lineno + 1, depth(node)))
    return out


def test_the_measure_counts_lines_and_blocks() -> None:
    tree = ast.parse(
        "def f(x):\n    if x:\n        for y in x:\n            pass\n    elif x is None:\n"
        "        while True:\n            break\n"
    )
    function = tree.body[0]
    assert depth(function) == 2


def test_no_engine_function_is_long_or_deep() -> None:
    found = shapes()
    assert len(found) > 300  # the engine was read at all
    assert [f for f in found if f[1] > 60] == []
    assert [f for f in found if f[2] > 4] == []
