"""The "Your progress" widget and the scheduling API every widget uses through
``mastery.js``: record an answer, list what is due, reset, export and import.

The record lives in the browser's localStorage (``mastery.js``); each call sends it here
with the time, and gets the scheduled record back. A damaged record is repaired with a
friendly note (:func:`euchre_tutorial.mastery.repair`), never an error.

>>> from euchre import Rules
>>> "Due today" in render({}, Rules())
True
>>> reply = record_answer({"record": None, "skill": "leading", "item": "lead trump",
...                        "correct": False, "now": "2026-03-01T12:00:00Z"})
>>> [e["item"] for e in reply["record"]["items"]]
['lead trump']
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from euchre import Rules

from euchre_tutorial import mastery
from euchre_tutorial.bridge import BridgeError, expose
from euchre_tutorial.mastery.render import progress_html
from euchre_tutorial.widgets._answers import answer_recorded, skill_of, times_of

CONFIG_KEYS: dict[str, str] = {}
BUILD_TIME = datetime(2026, 1, 1, tzinfo=UTC)  # any time: an empty record is the same


def check_config(raw: Mapping[str, str], rules: Rules) -> dict[str, Any]:
    """The progress widget takes no settings."""
    return {}


def body_html(inner: str) -> str:
    """The widget's body: the map, with its note line first (what happened to the record,
    or a refused file, in one sentence), replaced whole on every answer from Python."""
    return f'<div class="eu-pg" data-pg-body>{inner}</div>'


def render(config: Mapping[str, Any], rules: Rules) -> str:
    """The first state, drawn at build time: every skill not started."""
    return body_html(progress_html(mastery.new_record(), BUILD_TIME))


# ---------------------------------------------------------------------- browser
def _view(record: object, payload: Mapping[str, Any], notes: list[str]) -> dict[str, Any]:
    """The map, its note line saying the notes (once: nowhere else)."""
    now, until = times_of(payload)
    return {"html": progress_html(record, now, until, notes), "record": record, "notes": notes}


@expose("progress.view")
def view(payload: Mapping[str, Any]) -> dict[str, Any]:
    """``{"record", "now", "day_end"}`` -> ``{"html", "record", "notes"}`` (repaired)."""
    record, notes = mastery.repair(payload.get("record"))
    return _view(record, payload, notes)


@expose("progress.record_answer")
def record_answer(payload: Mapping[str, Any]) -> dict[str, Any]:
    """``{"record", "skill", "item", "correct", "now"}`` -> ``{"record", "notes"}``."""
    return answer_recorded(payload)


@expose("progress.due")
def due(payload: Mapping[str, Any]) -> dict[str, Any]:
    """``{"record", "skill" (optional), "now", "day_end"}`` -> ``{"items", "record",
    "notes"}``: the items due today, most overdue first."""
    record, notes = mastery.repair(payload.get("record"))
    now, until = times_of(payload)
    items = mastery.due_items(record, skill_of(payload), now=now, until=until)
    return {"items": items, "record": record, "notes": notes}


@expose("progress.reset")
def reset(payload: Mapping[str, Any]) -> dict[str, Any]:
    """``{"record", "skill" (None: everything), ...}`` -> the map after the reset."""
    record, _notes = mastery.repair(payload.get("record"))
    skill_id = skill_of(payload)
    updated = mastery.reset(record, skill_id)
    what = "All your progress" if skill_id is None else mastery.skill(skill_id).name
    return _view(updated, payload, [f"{what} was reset."])


@expose("progress.export")
def export(payload: Mapping[str, Any]) -> dict[str, Any]:
    """``{"record", "now"}`` -> ``{"text", "filename"}``: the progress file."""
    record, _notes = mastery.repair(payload.get("record"))
    now, _until = times_of(payload)
    return {"text": mastery.export_text(record), "filename": f"euchre-progress-{now:%Y-%m-%d}.json"}


@expose("progress.import")
def import_file(payload: Mapping[str, Any]) -> dict[str, Any]:
    """``{"text", "now", "day_end"}`` -> the map of the imported progress; a file that is
    not a progress file is refused in one sentence and nothing changes."""
    text = payload.get("text")
    try:
        record, notes = mastery.import_text(text if isinstance(text, str) else "")
    except mastery.RecordDamage as err:
        raise BridgeError(str(err)) from None
    return _view(record, payload, ["Your progress was imported.", *notes])
