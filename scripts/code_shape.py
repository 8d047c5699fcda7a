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

``python scripts/code_shape.py`` checks the project's code (engine/, tutorial/, scripts/,
tests/, wherever it is run from; ``make lint`` runs it); name folders or files to check
those instead. It prints each problem and exits 1 when there is one outside
:data:`BEING_SPLIT`, or when a file listed there is already within the limits.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

MAX_LINES = 60
MAX_DEPTH = 4
ROOT = Path(__file__).resolve().parent.parent
FOLDERS = ("engine", "tutorial", "scripts", "tests")
"""The project's code, checked when no folder is named."""
_BLOCKS = (ast.If, ast.For, ast.AsyncFor, ast.While, ast.With, ast.AsyncWith, ast.Try, ast.Match)
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)
_SKIPPED = {".venv", "venv", "node_modules", "build", "dist", "__pycache__", ".git"}
"""Folders of generated or installed code, skipped at any depth (as are ``*.egg-info``)."""

# Files still over a limit while their owners split them (issue 44, item 4), relative to
# the project root. Their problems are printed but do not fail the check; take a file off
# as soon as it is within the limits (the check fails while a listed file passes). Empty:
# every function of the project is within the limits.
BEING_SPLIT: frozenset[str] = frozenset()


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


def is_skipped(path: Path) -> bool:
    """True for a file inside a virtual environment, node_modules or build output.

    >>> is_skipped(Path("tests/site/test_links.py")), is_skipped(Path("engine/.venv/x.py"))
    (False, True)
    >>> is_skipped(Path("tutorial/node_modules/a/b.py")), is_skipped(Path("e/x.egg-info/y.py"))
    (True, True)
    """
    return any(part in _SKIPPED or part.endswith(".egg-info") for part in path.parts)


def python_files(roots: Iterable[Path]) -> Iterator[Path]:
    """The ``.py`` files under ``roots`` (a root may be a file), generated folders left out."""
    for root in roots:
        found = [root] if root.is_file() else sorted(root.rglob("*.py"))
        for path in found:
            if not is_skipped(path.relative_to(root)):
                yield path


def shown(path: Path) -> str:
    """``path`` as the problems name it: from the project root when inside it.

    >>> shown(ROOT / "scripts" / "x.py"), shown(Path("/elsewhere/x.py"))
    ('scripts/x.py', '/elsewhere/x.py')
    """
    resolved = path.resolve()
    return resolved.relative_to(ROOT).as_posix() if resolved.is_relative_to(ROOT) else str(path)


def verdict(problems: dict[str, list[str]], being_split: frozenset[str]) -> tuple[list[str], int]:
    """The lines to print and the exit status for each checked file's ``problems``.

    >>> verdict({"a.py": ["a.py:1: f is 61 lines (at most 60)"], "b.py": []}, frozenset({"a.py"}))
    (['a.py:1: f is 61 lines (at most 60) (being split by its owner)', 'code shape: every function reads at once (except in 1 file being split)'], 0)
    >>> verdict({"a.py": [], "b.py": ["b.py:3: g is nested 5 blocks deep (at most 4)"]}, frozenset({"a.py"}))[1]
    1
    >>> verdict({"a.py": []}, frozenset({"a.py"}))
    (['a.py is within the limits now: take it off BEING_SPLIT in scripts/code_shape.py'], 1)
    """
    lines, failed = [], False
    for name, found in problems.items():
        if name in being_split and not found:
            lines.append(
                f"{name} is within the limits now: take it off BEING_SPLIT in scripts/code_shape.py"
            )
            failed = True
        elif name in being_split:
            lines += [f"{problem} (being split by its owner)" for problem in found]
        else:
            lines += found
            failed = failed or bool(found)
    if not failed:
        waiting = sum(1 for name in problems if name in being_split)
        lines.append(
            "code shape: every function reads at once"
            + (f" (except in {waiting} file{'s' * (waiting != 1)} being split)" if waiting else "")
        )
    return lines, 1 if failed else 0


def main(argv: list[str]) -> int:
    """Check the folders or files named (the project's code when none is); 1 on a problem."""
    roots = [Path(arg) for arg in argv] or [ROOT / folder for folder in FOLDERS]
    problems = {
        shown(path): shape_problems(path.read_text(encoding="utf-8"), shown(path))
        for path in python_files(roots)
    }
    lines, status = verdict(problems, BEING_SPLIT)
    print("\n".join(lines))
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
