"""The engine's modules import one another one way, with no circle (issue 44): values, then
the rules (the phase table), then the nodes, then the faces. Imports made at module level
count (those under ``if TYPE_CHECKING:`` do not: they are for the type checker alone); an
import inside a function is run later and is no edge of the graph.
"""

from __future__ import annotations

import ast
from pathlib import Path

import euchre

PACKAGE = Path(euchre.__file__).parent


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _module_level_imports(tree: ast.Module) -> list[ast.Import | ast.ImportFrom]:
    """The import statements run when the module is imported: at its top level, or inside
    a top-level ``if``/``try`` (not under ``if TYPE_CHECKING:``, not in a function)."""
    found: list[ast.Import | ast.ImportFrom] = []
    body: list[ast.stmt] = list(tree.body)
    while body:
        node = body.pop(0)
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.append(node)
        elif isinstance(node, ast.If):
            if not _is_type_checking(node.test):
                body += node.body
            body += node.orelse
        elif isinstance(node, ast.Try):
            body += node.body + node.orelse + node.finalbody
            for handler in node.handlers:
                body += handler.body
    return found


def imported_by(name: str) -> set[str]:
    """The engine modules ``name`` imports at module level (a package's name where the
    import names the package itself, a submodule's where it names a submodule)."""
    path = MODULES[name]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in _module_level_imports(tree):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names if alias.name in MODULES)
            continue
        base = node.module or ""
        if node.level:
            anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
            base = ".".join([*anchor, base] if base else anchor)
        for alias in node.names:
            submodule = f"{base}.{alias.name}"
            if submodule in MODULES:
                out.add(submodule)
            elif base in MODULES:
                out.add(base)
    out.discard(name)
    return out


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every circle of ``graph`` found by a depth-first walk (each reported once, from
    where the walk first closed it)."""
    found: list[list[str]] = []
    state: dict[str, int] = {}  # 1: on the walk's path, 2: done
    path: list[str] = []

    def walk(node: str) -> None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                found.append([*path[path.index(nxt) :], nxt])
            elif nxt not in state:
                walk(nxt)
        path.pop()
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            walk(node)
    return found


def engine_graph() -> dict[str, set[str]]:
    # The package's own __init__ gathers the public names from every module: it is the
    # top, and the players' package (the computer players) sits above the faces.
    return {name: imported_by(name) for name in MODULES}


def test_the_checker_finds_a_circle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c", "a"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_the_checker_reads_module_level_imports_only() -> None:
    tree = ast.parse(
        "import os\nfrom typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import euchre.state\n"
        "def f():\n    import euchre.core\ntry:\n    import euchre.rules\nexcept ImportError:\n"
        "    pass\n"
    )
    names = [
        alias.name
        for node in _module_level_imports(tree)
        for alias in node.names  # type: ignore[union-attr]
    ]
    assert names == ["os", "TYPE_CHECKING", "euchre.rules"]


def test_the_engine_modules_import_one_another_without_a_circle() -> None:
    graph = engine_graph()
    assert "euchre.nodes" in graph["euchre.state"]  # the graph is read at all
    assert cycles(graph) == []


def test_imports_point_from_the_faces_down_to_the_values() -> None:
    """Values know no rules, rules know no nodes, nodes know no faces."""
    graph = engine_graph()
    values = {"cards", "actions", "phase", "rules", "deal", "scoring", "variant", "seats"}
    rules = {"phases", "bidding", "auction", "contract", "play", "position"}
    nodes = {"node", "whole_node", "bid_node", "play_node", "nodes"}
    faces = {"state", "core", "view", "game", "records", "explain", "match"}

    def reach(start: str) -> set[str]:
        seen, todo = set(), [start]
        while todo:
            for nxt in graph.get(todo.pop(), ()):
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        return {name.removeprefix("euchre.") for name in seen}

    for name in values:
        assert not reach(f"euchre.{name}") & (rules | nodes | faces), name
    for name in rules:
        assert not reach(f"euchre.{name}") & (nodes | faces), name
    for name in nodes:
        assert not reach(f"euchre.{name}") & faces, name
