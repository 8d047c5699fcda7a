"""Fixtures of the Pyodide-in-Node tests: ``runtime`` brings docs/runtime up to date with
the sources (incremental: fast when unchanged) and returns its manifest; ``build_runtime``
is scripts/build_runtime.py as a module;
``run_in_pyodide(probe, snapshot=False, bytecode=None)`` runs a probe file's
``probe_json()`` under Node with the site's Pyodide files and wheels (and, on a plain
start, the wheels' bytecode: the site's, or the file ``bytecode``) and returns
{"probe": ..., "info": ...}."""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).parent
RUNTIME = ROOT / "docs" / "runtime"


def recipe_snapshot(manifest: dict[str, Any]) -> Path:
    """The build's snapshot made under Node by the recipe the browser runs (the site
    publishes none: each browser makes its own)."""
    return ROOT / "build" / "runtime" / (manifest["snapshot"]["file"] + ".gz")


@pytest.fixture(scope="session")
def build_runtime() -> ModuleType:
    """scripts/build_runtime.py, imported as a module."""
    spec = importlib.util.spec_from_file_location(
        "build_runtime", ROOT / "scripts" / "build_runtime.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["build_runtime"] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def runtime() -> dict[str, Any]:
    if shutil.which("node") is None:
        pytest.fail("node is missing: the Pyodide tests need Node.js")
    subprocess.run([sys.executable, "scripts/build_runtime.py"], cwd=ROOT, check=True)
    manifest: dict[str, Any] = json.loads((RUNTIME / "manifest.json").read_text())
    return manifest


def _run(
    manifest: dict[str, Any], probe: Path, snapshot: bool = False, bytecode: Path | None = None
) -> dict[str, Any]:
    command = [
        "node",
        str(HERE / "run_engine.mjs"),
        str(RUNTIME / "pyodide"),
        str(probe),
        "--manifest",
        str(RUNTIME / "manifest.json"),
    ]
    if snapshot:
        command += ["--snapshot", str(recipe_snapshot(manifest))]
    else:  # a plain start writes the wheels' bytecode beside them, as the worker's does
        command += ["--bytecode", str(bytecode or RUNTIME / manifest["bytecode"]["file"])]
    command += [str(RUNTIME / wheel["file"]) for wheel in manifest["wheels"]]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


@pytest.fixture(scope="session")
def run_in_pyodide(runtime: dict[str, Any]) -> Callable[..., dict[str, Any]]:
    def run(probe: Path, snapshot: bool = False, bytecode: Path | None = None) -> dict[str, Any]:
        return _run(runtime, probe, snapshot, bytecode)

    return run
