"""Our wheels under Node with the pinned Pyodide (the browser's Python) compute exactly
what CPython computes: trump orders, legal plays, trick winners, Deal.random for many
seeds and profiles, and whole deals played out. Also from the site's memory snapshot."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.pyodide.engine_probe import probe

pytestmark = pytest.mark.node

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).parent
RUNTIME = ROOT / "docs" / "runtime"


@pytest.fixture(scope="module")
def runtime() -> dict[str, Any]:
    """docs/runtime, brought up to date with the sources (incremental: fast when unchanged)."""
    if shutil.which("node") is None:
        pytest.fail("node is missing: the Pyodide tests need Node.js")
    subprocess.run([sys.executable, "scripts/build_runtime.py"], cwd=ROOT, check=True)
    manifest: dict[str, Any] = json.loads((RUNTIME / "manifest.json").read_text())
    return manifest


def run_in_pyodide(manifest: dict[str, Any], snapshot: bool = False) -> dict[str, Any]:
    command = ["node", str(HERE / "run_engine.mjs"), str(RUNTIME / "pyodide"),
               str(HERE / "engine_probe.py")]
    if snapshot:
        command += ["--snapshot", str(RUNTIME / manifest["snapshot"]["file"])]
    command += [str(RUNTIME / wheel["file"]) for wheel in manifest["wheels"]]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


@pytest.fixture(scope="module")
def plain(runtime: dict[str, Any]) -> dict[str, Any]:
    return run_in_pyodide(runtime)


@pytest.fixture(scope="module")
def expected() -> dict[str, Any]:
    result: dict[str, Any] = json.loads(json.dumps(probe(), sort_keys=True))
    return result


@pytest.mark.parametrize(
    "part", ["trump_order", "legal_plays", "legal_plays_lead", "trick_winner", "effective_suit"]
)
def test_rules_functions_agree_with_cpython(
    plain: dict[str, Any], expected: dict[str, Any], part: str
) -> None:
    assert plain["probe"][part] == expected[part]


def test_random_deals_agree_with_cpython(plain: dict[str, Any], expected: dict[str, Any]) -> None:
    got, want = plain["probe"]["deals"], expected["deals"]
    assert got.keys() == want.keys()
    differing = [key for key in want if got[key] != want[key]]
    assert not differing, f"Deal.random differs under Pyodide for {differing[:5]}"


def test_deals_played_out_agree_with_cpython(
    plain: dict[str, Any], expected: dict[str, Any]
) -> None:
    assert plain["probe"]["played"] == expected["played"]


def test_bridge_runs_under_pyodide(plain: dict[str, Any]) -> None:
    info = plain["info"]
    assert info["ok"] is True
    assert info["value"]["widget_errors"] == {}
    assert info["value"]["python"].startswith("3.")
    assert "runtime.ping" in info["value"]["methods"]


def test_the_memory_snapshot_restores_and_agrees(
    runtime: dict[str, Any], expected: dict[str, Any]
) -> None:
    if runtime["snapshot"] is None:
        pytest.skip("the runtime was built without a snapshot")
    restored = run_in_pyodide(runtime, snapshot=True)
    assert restored["probe"] == expected
    assert restored["info"]["value"]["widget_errors"] == {}
