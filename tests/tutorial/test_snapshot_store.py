"""The packed form in which a browser keeps its memory snapshot (snapshot.js, run under
Node by snapshot_store.mjs): the same bytes come back, pages of zeros are left out, and a
damaged or foreign file is refused with a reason rather than restored."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGE = 4096


@pytest.fixture(scope="module")
def results() -> dict[str, Any]:
    if shutil.which("node") is None:
        pytest.fail("node is missing: this test runs snapshot.js under Node.js")
    done = subprocess.run(
        ["node", str(Path(__file__).with_name("snapshot_store.mjs"))],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    data: dict[str, Any] = json.loads(done.stdout)
    return data


@pytest.mark.parametrize("case", ["pages", "tail", "unaligned", "zeros", "empty"])
def test_unpacking_gives_the_same_bytes_back(results: dict[str, Any], case: str) -> None:
    assert results[case]["same"], results[case]


def test_pages_of_zeros_are_left_out(results: dict[str, Any]) -> None:
    # every third page of 30 is zeros: the packed form holds 20 pages and a small header
    assert 20 * PAGE < results["pages"]["packed"] < 21 * PAGE
    assert results["zeros"]["packed"] < 64


@pytest.mark.parametrize(
    ("case", "words"),
    [
        (
            "wrongLength",
            f"not a packed snapshot of {30 * PAGE} bytes: it holds {30 * PAGE + 5} bytes",
        ),
        ("cutShort", "its pages do not fit"),
        ("extra", "it has bytes after its last page"),
        ("notPacked", "it has no header"),
        ("notAFile", "it is not a kept snapshot"),
        ("olderFile", "it was kept by an older version of the site"),
        ("damagedDescription", "its description is damaged"),
        ("headNotAFile", "it is not a kept snapshot"),
        ("headDamaged", "its description is damaged"),
        ("headCutShort", "its description is damaged"),
    ],
)
def test_a_damaged_or_foreign_snapshot_is_refused_with_a_reason(
    results: dict[str, Any], case: str, words: str
) -> None:
    assert results[case] is not None and words in results[case]


def test_a_kept_file_names_what_the_snapshot_was_made_from(results: dict[str, Any]) -> None:
    assert results["file"] == {"identity": True, "checksum": True, "packed": True}
    assert results["notPackedLength"] == 0


def test_a_later_visit_learns_what_a_kept_file_holds_from_its_head(results: dict[str, Any]) -> None:
    # the first bytes name what the snapshot was made from, where its packed bytes begin
    # and how long it is, so Pyodide's files are asked for before the rest is read
    assert results["head"] == {
        "identity": True,
        "checksum": True,
        "packedAt": True,
        "length": 30 * PAGE + 5,
    }


@pytest.mark.parametrize(
    "case",
    [
        "hexDigits",
        "same",
        "unaligned",
        "everyWord",
        "everyBit",
        "cut",
        "zeroAdded",
        "wordsSwapped",
        "empty",
    ],
)
def test_the_checksum_a_kept_snapshot_is_read_back_with_notices_damage(
    results: dict[str, Any], case: str
) -> None:
    # the same bytes give the same 16 hex digits wherever they sit in memory; one word or
    # one bit changed anywhere, a byte cut off or added, two words swapped: a different one
    assert results["checksum"][case] is True
