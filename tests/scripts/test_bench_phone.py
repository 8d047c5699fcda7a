"""The phone benchmark's trace: each kind of file a page fetched before something could be
clicked (bytes, and when its last file arrived), from a recorded timeline."""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))

import bench_phone  # noqa: E402

TRACES = json.loads((Path(__file__).parent / "fixtures" / "phone_traces.json").read_text())


def test_a_trace_sums_each_kind_before_the_first_click() -> None:
    timeline = TRACES["first lesson"]
    rows = bench_phone.trace_rows("first lesson", timeline)
    kinds = [row.split(" | ")[1] for row in rows[:-1]]
    assert kinds[0] == "document" and "Material's JS" in kinds and "build data" in kinds
    assert "Pyodide and bytecode" not in kinds  # fetched, but after something was clickable
    ours = [f for f in timeline["files"] if "/assets/euchre/" in f["name"]]
    early = [f for f in ours if f["start"] <= timeline["clickable"]]
    row = next(r for r in rows if "our CSS and JS" in r)
    assert f"| {len(early)} | {sum(f['bytes'] for f in early) / 1000:.0f} KB |" in row
    assert "something to click 3.8 s" in rows[-1]


def test_a_page_that_never_ended_parsing_says_never() -> None:
    rows = bench_phone.trace_rows("free play", TRACES["stalled"])
    assert "parsed never" in rows[-1] and "something to click never" in rows[-1]


def test_the_report_has_the_trace_table() -> None:
    text = bench_phone.render({"visits": {}, "decisions": [], "traces": TRACES})
    assert "| page | kind | files | bytes | last arrived |" in text
    assert "| first lesson | document | 1 |" in text


def test_each_page_is_measured_against_the_floor_of_the_same_run() -> None:
    traces = {
        **TRACES,
        "floor": {**TRACES["first lesson"], "clickable": None, "paint": 1500, "parsed": 3000},
    }
    text = bench_phone.render({"visits": {}, "decisions": [], "traces": traces})
    # the first lesson clickable at 3.76 s: 2.51 times the floor's first paint, 1.25 its parse
    assert "first lesson's something to click 2.51 and 1.25 of them" in text
    assert "stalled's something to click never" in text
    assert "Against the floor" not in bench_phone.render(
        {"visits": {}, "decisions": [], "traces": TRACES}
    )
