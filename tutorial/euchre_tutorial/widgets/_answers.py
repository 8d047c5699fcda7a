"""An answer scheduled in the learner's progress record: the one rule behind the
``progress.record_answer`` handler and behind a free-play decision that carries its
progress record along (``game.act``), so both schedule an answer exactly alike.

Kept apart from :mod:`euchre_tutorial.widgets.progress` (whose import registers handlers
and so loads every widget): the game widget imports this module, not that one.

>>> reply = answer_recorded({"record": None, "skill": "leading", "item": "lead trump",
...                          "correct": False, "now": "2026-03-01T12:00:00Z"})
>>> [e["item"] for e in reply["record"]["items"]]
['lead trump']
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from euchre_tutorial import mastery
from euchre_tutorial.bridge import BridgeError
from euchre_tutorial.mastery.scheduler import parse_time
from euchre_tutorial.widgets._replies import Mastery, Progress


def times_of(payload: Mapping[str, Any]) -> tuple[datetime, datetime]:
    """The request's ``now`` and the end of its day (never before ``now``).

    >>> times_of({"now": "2026-03-01T12:00:00Z"})[0].hour
    12
    >>> times_of({"now": "soon"})
    Traceback (most recent call last):
    ...
    euchre_tutorial.bridge.BridgeError: The time sent with this request cannot be read: ...
    """
    try:
        now = parse_time(payload.get("now"))
        until = parse_time(payload.get("day_end", payload.get("now")))
    except ValueError as err:
        raise BridgeError(f"The time sent with this request cannot be read: {err}") from None
    return now, max(now, until)


def skill_of(payload: Mapping[str, Any]) -> str | None:
    """The id of the skill the request names, or None when it names none.

    >>> skill_of({"skill": "leading"}), skill_of({})
    ('leading', None)
    """
    value = payload.get("skill")
    if value is None:
        return None
    try:
        return mastery.skill(str(value)).id
    except ValueError as err:
        raise BridgeError(str(err)) from None


def answer_recorded(payload: Mapping[str, Any]) -> dict[str, Any]:
    """``{"record", "skill", "item", "correct", "now"}`` -> ``{"record", "notes"}``: the
    record (repaired if damaged) with the answer scheduled."""
    record, notes = mastery.repair(payload.get("record"))
    now, _until = times_of(payload)
    skill_id = skill_of(payload)
    if skill_id is None:
        raise BridgeError("An answer needs the skill it belongs to.")
    try:
        updated = mastery.record_answer(
            record,
            skill_id,
            payload.get("item"),  # type: ignore[arg-type]
            bool(payload.get("correct")),
            now,
        )
    except ValueError as err:
        raise BridgeError(str(err)) from None
    return {"record": updated, "notes": notes}


def scheduled(request: object, field: Mastery) -> Progress | None:
    """A reply's answer (``field``, its ``mastery`` field) scheduled in the progress record
    the request sent along (``request``: ``{"record", "now", "day_end"}``), exactly as
    :func:`answer_recorded` schedules it, so the page records a decision with the one
    request that made it. None when there is nothing to record or nothing to record it in,
    or when the request's times cannot be read (the page then asks
    ``progress.record_answer`` itself).

    >>> field = {"skill": "leading", "item": "lead trump", "correct": True}
    >>> sent = {"record": None, "now": "2026-03-01T12:00:00Z"}
    >>> scheduled(sent, field) == answer_recorded({**sent, **field})
    True
    >>> scheduled(None, field) is None, scheduled(sent, None) is None
    (True, True)
    >>> scheduled({"record": None, "now": "soon"}, field) is None
    True
    """
    if not isinstance(request, Mapping) or field is None:
        return None
    try:
        answered = answer_recorded({**request, **field})
    except BridgeError:
        return None
    return {"record": answered["record"], "notes": answered["notes"]}
