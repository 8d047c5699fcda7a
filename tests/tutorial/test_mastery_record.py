"""Progress records: damaged ones recover (the damaged part reset, with a note; never an
error), and export then import restores the same progress."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from euchre_tutorial import mastery
from euchre_tutorial.mastery.record import RESET_NOTE
from hypothesis import given, settings
from hypothesis import strategies as st

NOW = datetime(2026, 3, 1, 12, tzinfo=UTC)


def sample_record() -> dict[str, Any]:
    record = mastery.new_record()
    record = mastery.record_answer(record, "left-bower", "left bower follows hearts", False, NOW)
    record = mastery.record_answer(record, "scoring", "a march scores two", True, NOW)
    return mastery.record_answer(
        record, "scoring", "a march scores two", True, NOW + timedelta(minutes=10)
    )


def test_a_sound_record_is_kept_as_it_is() -> None:
    record = sample_record()
    assert mastery.repair(record) == (record, [])
    assert mastery.repair(json.dumps(record)) == (record, [])


@pytest.mark.parametrize(
    "stored",
    [
        "{not json",
        "[]",
        "42",
        '"text"',
        '{"format": "other"}',
        '{"format": "euchre-progress", "version": 1, "items": {}}',
        '{"format": "euchre-progress", "version": 7, "items": []}',
    ],
)
def test_an_unreadable_record_starts_again_with_a_note(stored: str) -> None:
    assert mastery.repair(stored) == (mastery.new_record(), [RESET_NOTE])


BAD_FIELDS: list[tuple[str, Any]] = [
    ("skill", "juggling"),
    ("skill", 3),
    ("item", ""),
    ("item", None),
    ("item", "x" * 500),
    ("card", "card"),
    ("card", {}),
    ("right", -1),
    ("wrong", "two"),
    ("right", True),
    ("card.due", "tomorrow"),
    ("card.due", "2026-03-01T12:00:00"),
    ("card.state", 9),
    ("card.stability", "high"),
    ("card.difficulty", 99.0),
    ("card.stability", -4.0),
]


@pytest.mark.parametrize(("field", "value"), BAD_FIELDS)
def test_a_damaged_item_is_reset_and_the_rest_kept(field: str, value: Any) -> None:
    record = sample_record()
    damaged = json.loads(json.dumps(record))
    target = damaged["items"][0]
    if field.startswith("card."):
        target["card"][field[5:]] = value
    else:
        target[field] = value
    repaired, notes = mastery.repair(damaged)
    assert repaired["items"] == record["items"][1:]
    assert notes == ["One saved item was damaged and has been reset."]


def test_a_repeated_item_is_kept_once() -> None:
    record = sample_record()
    doubled = {**record, "items": record["items"] + record["items"][:1]}
    repaired, notes = mastery.repair(doubled)
    assert repaired == record and notes


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=20,
)


@settings(max_examples=150, deadline=None)
@given(items=st.lists(JSONISH, max_size=5))
def test_any_stored_junk_recovers_into_a_usable_record(items: list[Any]) -> None:
    stored = {"format": "euchre-progress", "version": 1, "items": items}
    repaired, _notes = mastery.repair(stored)
    # The repaired record works: an answer can be recorded and the map drawn.
    after = mastery.record_answer(repaired, "leading", "lead trump", True, NOW)
    assert mastery.repair(after) == (after, [])
    mastery.skill_levels(after, NOW)


def test_export_then_import_restores_the_same_progress() -> None:
    record = sample_record()
    restored, notes = mastery.import_text(mastery.export_text(record))
    assert restored == record and notes == []
    assert mastery.skill_levels(restored, NOW) == mastery.skill_levels(record, NOW)
    assert mastery.due_items(restored, now=NOW + timedelta(days=1)) == mastery.due_items(
        record, now=NOW + timedelta(days=1)
    )


@pytest.mark.parametrize("text", ["", "hello", "[]", '{"format": "something-else"}'])
def test_importing_a_file_that_is_not_progress_is_refused_in_words(text: str) -> None:
    with pytest.raises(mastery.RecordDamage, match="not a progress file"):
        mastery.import_text(text)


def test_importing_a_file_with_a_damaged_item_keeps_the_rest() -> None:
    record = sample_record()
    data = json.loads(mastery.export_text(record))
    data["items"][1]["card"]["due"] = "soon"
    restored, notes = mastery.import_text(json.dumps(data))
    assert restored["items"] == record["items"][:1] and notes
