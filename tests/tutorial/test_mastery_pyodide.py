"""The mastery map's FSRS scheduler and the try-again hindsight under Node with the pinned
Pyodide, from the site's own wheels (fsrs and typing_extensions among them, no network):
the same due dates and values as CPython."""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.node

ROOT = Path(__file__).resolve().parents[2]
RUNTIME = ROOT / "docs" / "runtime"


def recipe_snapshot(manifest: dict[str, Any]) -> Path:
    """The build's snapshot made under Node by the recipe the browser runs (the site
    publishes none: each browser makes its own)."""
    return ROOT / "build" / "runtime" / (manifest["snapshot"]["file"] + ".gz")


PROBE = Path(__file__).parent / "fixtures" / "mastery_probe.py"
RUNNER = ROOT / "tests" / "pyodide" / "run_engine.mjs"


def cpython_probe() -> dict[str, Any]:
    spec = importlib.util.spec_from_file_location("mastery_probe", PROBE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    result: dict[str, Any] = json.loads(module.probe_json())
    return result


@pytest.fixture(scope="module")
def manifest() -> dict[str, Any]:
    if shutil.which("node") is None:
        pytest.fail("node is missing: the Pyodide tests need Node.js")
    subprocess.run([sys.executable, "scripts/build_runtime.py"], cwd=ROOT, check=True)
    data: dict[str, Any] = json.loads((RUNTIME / "manifest.json").read_text())
    return data


def run(manifest: dict[str, Any], snapshot: bool) -> dict[str, Any]:
    command = [
        "node",
        str(RUNNER),
        str(RUNTIME / "pyodide"),
        str(PROBE),
        "--manifest",
        str(RUNTIME / "manifest.json"),
    ]
    if snapshot:
        command += ["--snapshot", str(recipe_snapshot(manifest))]
    command += [str(RUNTIME / wheel["file"]) for wheel in manifest["wheels"]]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def test_the_site_ships_the_pinned_fsrs_wheel(manifest: dict[str, Any]) -> None:
    names = {w["name"] for w in manifest["wheels"]}
    assert {"fsrs-6.3.2-py3-none-any.whl", "typing_extensions-4.16.0-py3-none-any.whl"} <= names
    assert all(name.endswith("-py3-none-any.whl") for name in names)


@pytest.mark.parametrize("snapshot", [False, True], ids=["plain", "snapshot"])
def test_pyodide_schedules_and_looks_back_as_cpython_does(
    manifest: dict[str, Any], snapshot: bool
) -> None:
    if snapshot and manifest["snapshot"] is None:
        pytest.skip("the runtime was built without a snapshot")
    result = run(manifest, snapshot)
    assert result["info"]["value"]["widget_errors"] == {}
    assert {"progress.record_answer", "try_again.open"} <= set(result["info"]["value"]["methods"])
    assert result["probe"] == cpython_probe()
