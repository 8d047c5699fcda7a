"""The bytecode the build compiles with Pyodide's own Python (scripts/compile_bytecode.mjs):
the trimmed standard library holds only bytecode, without docstrings, and the browser's
Python imports it from there; every module of the wheels has a checked bytecode file in bytecode.zip that Python
accepts for its source; bytecode that does not match its source is never run; and compiling
the same sources twice gives the same bytes."""

from __future__ import annotations

import hashlib
import subprocess
import zipfile
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

pytestmark = pytest.mark.node

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).parent
RUNTIME = ROOT / "docs" / "runtime"
PROBE = HERE / "bytecode_probe.py"


@pytest.fixture(scope="module")
def plain(run_in_pyodide: Callable[..., dict[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = run_in_pyodide(PROBE)["probe"]
    return result


def test_the_trimmed_standard_library_is_bytecode_only(runtime: dict[str, Any]) -> None:
    with zipfile.ZipFile(RUNTIME / "pyodide" / "python_stdlib.zip") as stdlib:
        files = [name for name in stdlib.namelist() if not name.endswith("/")]
    assert [name for name in files if name.endswith(".py")] == []
    assert "typing.pyc" in files and "_pyodide/__init__.pyc" in files


def test_the_standard_library_is_imported_from_bytecode(plain: dict[str, Any]) -> None:
    assert plain["stdlib_from_source"] == []
    assert {"typing", "json", "dataclasses"} <= set(plain["stdlib_from_bytecode"])


def test_the_standard_library_s_bytecode_has_no_docstrings(plain: dict[str, Any]) -> None:
    """Compiled without docstrings (a sixth of its bytes): no module read from it, and no
    function of it, carries one. (hashlib assigns its ``__doc__`` in code, and operator
    and struct take theirs from their C modules.)"""
    assert set(plain["stdlib_documented"]) <= {"hashlib", "operator", "struct"}
    assert plain["json_dumps_documented"] is False


def test_every_module_of_ours_has_bytecode_python_accepts(
    runtime: dict[str, Any], plain: dict[str, Any]
) -> None:
    states = plain["ours"]
    assert len(states) > 50
    assert {name: state for name, state in states.items() if state != "accepted"} == {}
    with zipfile.ZipFile(RUNTIME / runtime["bytecode"]["file"]) as archive:
        compiled = set(archive.namelist())
    assert "euchre/__pycache__/rules.cpython-314.pyc" in compiled
    assert "__pycache__/typing_extensions.cpython-314.pyc" in compiled  # a third-party wheel's


def test_bytecode_that_does_not_match_its_source_is_not_run(
    runtime: dict[str, Any], run_in_pyodide: Callable[..., dict[str, Any]], tmp_path: Path
) -> None:
    """The cards module's bytecode where the rules module's belongs: Python sees that it
    is not the bytecode of rules.py and compiles the source instead."""
    tampered = tmp_path / "bytecode.zip"
    rules = "euchre/__pycache__/rules.cpython-314.pyc"
    with (
        zipfile.ZipFile(RUNTIME / runtime["bytecode"]["file"]) as original,
        zipfile.ZipFile(tampered, "w") as out,
    ):
        for name in original.namelist():
            source = "euchre/__pycache__/cards.cpython-314.pyc" if name == rules else name
            out.writestr(name, original.read(source))
    result = run_in_pyodide(PROBE, bytecode=tampered)
    assert result["probe"]["rules_module_works"] is True
    assert result["info"]["ok"] is True


def test_the_manifest_names_the_bytecode_for_the_precache(runtime: dict[str, Any]) -> None:
    entry = runtime["bytecode"]
    assert entry["file"] in runtime["precache"]
    data = (RUNTIME / entry["file"]).read_bytes()
    assert entry["bytes"] == len(data) and entry["sha256"] == hashlib.sha256(data).hexdigest()


def test_compiling_the_same_sources_twice_gives_the_same_bytes(
    runtime: dict[str, Any], build_runtime: ModuleType, tmp_path: Path
) -> None:
    """The build's bytecode is reproducible (the build caches it by its sources' digest,
    so this runs the compiler itself twice)."""
    unpacked = build_runtime.unpacked_pyodide()
    sources = tmp_path / "sources.zip"
    with (
        zipfile.ZipFile(unpacked / "python_stdlib.zip") as full,
        zipfile.ZipFile(sources, "w") as out,
    ):
        for name in ("typing.py", "json/__init__.py", "json/decoder.py"):
            out.writestr(name, full.read(name))
    made = []
    for attempt in ("a", "b"):
        target = tmp_path / f"{attempt}.zip"
        subprocess.run(
            [
                "node",
                str(build_runtime.COMPILE_BYTECODE),
                str(unpacked),
                "stdlib",
                str(sources),
                str(target),
            ],
            check=True,
            capture_output=True,
            cwd=ROOT,
        )
        made.append(target.read_bytes())
    assert made[0] == made[1]
    with zipfile.ZipFile(tmp_path / "a.zip") as compiled:
        assert compiled.namelist() == ["json/__init__.pyc", "json/decoder.pyc", "typing.pyc"]
