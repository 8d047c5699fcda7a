"""Our wheels under Node with the pinned Pyodide (the browser's Python) compute exactly
what CPython computes: trump orders, legal plays, trick winners, Deal.random for many
seeds and profiles (Bid Euchre's too), and whole deals played out. Also restored from the memory snapshot
the build made by the browser's recipe."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.pyodide.engine_probe import probe

pytestmark = pytest.mark.node

HERE = Path(__file__).parent
PROBE = HERE / "engine_probe.py"


@pytest.fixture(scope="module")
def plain(run_in_pyodide: Callable[..., dict[str, Any]]) -> dict[str, Any]:
    return run_in_pyodide(PROBE)


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
    assert plain["probe"]["played_bid_euchre"] == expected["played_bid_euchre"]


def test_bridge_runs_under_pyodide(plain: dict[str, Any]) -> None:
    info = plain["info"]
    assert info["ok"] is True
    assert info["value"]["widget_errors"] == {}
    assert info["value"]["python"].startswith("3.")
    assert "runtime.ping" in info["value"]["methods"]


def test_the_memory_snapshot_restores_and_agrees(
    runtime: dict[str, Any],
    run_in_pyodide: Callable[..., dict[str, Any]],
    expected: dict[str, Any],
) -> None:
    if runtime["snapshot"] is None:
        pytest.skip("the runtime was built without a snapshot")
    restored = run_in_pyodide(PROBE, snapshot=True)
    assert restored["probe"] == expected
    assert restored["info"]["value"]["widget_errors"] == {}
