"""The site's trimmed standard library (scripts/build_runtime.py): every module of both
packages imports from it under Node Pyodide, it holds fewer than half of Pyodide's modules
(as bytecode: test_bytecode.py) and is smaller than Pyodide's, and it is built
reproducibly."""

from __future__ import annotations

import zipfile
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

pytestmark = pytest.mark.node

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).parent
STDLIB = ROOT / "docs" / "runtime" / "pyodide" / "python_stdlib.zip"


@pytest.fixture(scope="module")
def imports(run_in_pyodide: Callable[..., dict[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = run_in_pyodide(HERE / "import_everything.py")["probe"]
    return result


def _browser_modules(manifest: dict[str, Any]) -> set[str]:
    """The module names of our two packages in the browser wheels (third-party wheels such as
    fsrs are imported by the packages that use them)."""
    names = set()
    for wheel in manifest["wheels"]:
        with zipfile.ZipFile(ROOT / "docs" / "runtime" / wheel["file"]) as archive:
            for name in archive.namelist():
                if name.endswith(".py") and ".dist-info/" not in name:
                    dotted = name.removesuffix(".py").replace("/", ".")
                    if dotted.split(".")[0] in ("euchre", "euchre_tutorial"):
                        names.add(dotted.removesuffix(".__init__"))
    return names


def test_every_module_of_both_packages_imports(
    runtime: dict[str, Any], imports: dict[str, Any]
) -> None:
    assert imports["failed"] == {}
    assert set(imports["imported"]) == _browser_modules(runtime)


def test_common_standard_library_paths_work(imports: dict[str, Any]) -> None:
    assert imports["margin"] == dict.fromkeys(imports["margin"], True)
    assert set(imports["margin"]) == {"traceback", "strptime", "warnings", "pprint", "numbers"}


def test_the_standard_library_is_trimmed(
    runtime: dict[str, Any], build_runtime: ModuleType
) -> None:
    full = build_runtime.unpacked_pyodide() / build_runtime.STDLIB
    with zipfile.ZipFile(full) as original, zipfile.ZipFile(STDLIB) as trimmed:
        kept = set(trimmed.namelist())
        modules = [name for name in original.namelist() if name.endswith(".py")]
        # each module of the original's, as its bytecode; fewer than half of them
        assert {name.removesuffix("c") for name in kept} < set(original.namelist())
        assert len([name for name in kept if name.endswith(".pyc")]) < len(modules) / 2
    # bytecode is larger than source, and still the whole is smaller than Pyodide's
    assert STDLIB.stat().st_size < full.stat().st_size
    assert "typing.pyc" in kept and "_pyodide/__init__.pyc" in kept
    assert "unittest/__init__.pyc" not in kept and "pydoc.pyc" not in kept


def test_the_trimmed_standard_library_is_reproducible(
    runtime: dict[str, Any], build_runtime: ModuleType, tmp_path: Path
) -> None:
    unpacked = build_runtime.unpacked_pyodide()
    with zipfile.ZipFile(STDLIB) as trimmed:
        # the sources of the modules it holds as bytecode
        needed = [name.removesuffix("c") for name in trimmed.namelist() if not name.endswith("/")]
    build_runtime.write_stdlib(unpacked, needed, tmp_path / "a.zip")
    build_runtime.write_stdlib(unpacked, needed, tmp_path / "b.zip")
    assert (tmp_path / "a.zip").read_bytes() == (tmp_path / "b.zip").read_bytes()
    assert (tmp_path / "a.zip").read_bytes() == STDLIB.read_bytes()
