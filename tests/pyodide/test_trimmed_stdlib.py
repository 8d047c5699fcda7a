"""The site's trimmed standard library (scripts/build_runtime.py): every module of both
packages and of the third-party wheels imports from it under Node Pyodide, it holds fewer
than half of Pyodide's modules (as bytecode without docstrings: test_bytecode.py), a host
sends far fewer bytes for it than for Pyodide's, and it is built reproducibly."""

from __future__ import annotations

import gzip
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
    names: set[str] = set()
    for wheel in manifest["wheels"]:
        with zipfile.ZipFile(ROOT / "docs" / "runtime" / wheel["file"]) as archive:
            names |= _our_modules(archive.namelist())
    return names


def _our_modules(files: list[str]) -> set[str]:
    """The dotted names of the ``euchre`` and ``euchre_tutorial`` modules among a wheel's
    ``files``."""
    names = set()
    for name in files:
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


def test_every_module_of_the_third_party_wheels_imports(imports: dict[str, Any]) -> None:
    """fsrs (the review scheduler) is imported on first use, long after the start: the
    census imports it too, so what it needs of the standard library is there."""
    assert imports["third_party_failed"] == {}
    assert {"fsrs", "typing_extensions"} <= set(imports["third_party"])
    assert len(imports["third_party"]) > 3


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
        # stored, not deflated: a host compresses the whole archive
        assert {info.compress_type for info in trimmed.infolist()} == {zipfile.ZIP_STORED}
    # bytecode is larger than source, and its members are stored, so the file is larger
    # than Pyodide's (deflated) one; still, the bytes a host sends for it, gzipped, are
    # fewer than Pyodide's file by a third (brotli: tests/site/test_precompress.py)
    sent = len(gzip.compress(STDLIB.read_bytes(), compresslevel=9))
    assert sent < full.stat().st_size * 2 / 3
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
