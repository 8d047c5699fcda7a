"""The browser's wheels carry slimmed sources (build_runtime.slim_source: no docstrings,
comments or annotations): every module of both packages still compiles once slimmed, so a
slimming that breaks Python (a bare local annotation dropped under an inner ``nonlocal``
stopped the runtime's build) is caught here in CPython, not in Pyodide."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))

from build_runtime import slim_source  # noqa: E402

SOURCES = sorted(
    p
    for folder in (ROOT / "engine" / "euchre", ROOT / "tutorial" / "euchre_tutorial")
    for p in folder.rglob("*.py")
    if "__pycache__" not in p.parts
)


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_module_compiles_once_slimmed(path: Path) -> None:
    compile(slim_source(path.read_text(encoding="utf-8")), str(path), "exec")


def test_a_bare_local_annotation_still_binds_its_name(tmp_path: Path) -> None:
    source = (
        "def outer():\n"
        "    lead: int\n"
        "    def inner():\n"
        "        nonlocal lead\n"
        "        lead = 1\n"
        "    inner()\n"
        "    return lead\n"
    )
    module_file = tmp_path / "slimmed_outer.py"
    module_file.write_text(slim_source(source), encoding="utf-8")
    spec = importlib.util.spec_from_file_location("slimmed_outer", module_file)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.outer() == 1
