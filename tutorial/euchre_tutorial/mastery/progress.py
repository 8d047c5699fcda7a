"""What the learner has answered, scheduled: record an answer, list what is due, order a
quiz's candidates with the due ones first, and each skill's level.

Every function takes a record (repaired first, so stored damage never raises) and a time
``now`` with its zone; the ones that change the record return a new one.

>>> from datetime import datetime, timedelta, timezone
>>> now = datetime(2026, 3, 1, 12, tzinfo=timezone.utc)
>>> record = record_answer(new_record(), "trump-order", "left bower under right", True, now)
>>> due_items(record, now=now)
[]
>>> [e["item"] for e in due_items(record, now=now + timedelta(minutes=10))]
['left bower under right']
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from euchre_tutorial.mastery import scheduler
from euchre_tutorial.mastery.record import MAX_ITEM, new_record, repair
from euchre_tutorial.mastery.skills import SKILLS, skill

Candidate = str | tuple[str, str]

LEVELS = ("Not started", "Learning", "Getting there", "Strong", "Mastered")
MASTERED_DAYS = 21.0  # every item remembered for three weeks and more
REMEMBERED = 0.9


def _clean_item(item: object) -> str:
    if not isinstance(item, str) or not item.strip():
        raise ValueError("an item is a short text, such as 'left bower follows hearts'")
    text = " ".join(item.split())
    if len(text) > MAX_ITEM:
        raise ValueError(f"an item's text is at most {MAX_ITEM} characters")
    return text


def record_answer(
    record: object, skill_id: str, item: str, correct: bool, now: datetime
) -> dict[str, Any]:
    """The record after one answer: the item's FSRS card reviewed (Good when ``correct``,
    Again when not), created on its first answer. An unknown skill raises ValueError."""
    skill(skill_id)
    text = _clean_item(item)
    sound, _notes = repair(record)
    items = [dict(e) for e in sound["items"]]
    for entry in items:
        if entry["skill"] == skill_id and entry["item"] == text:
            entry["card"] = scheduler.review(entry["card"], bool(correct), now)
            break
    else:
        entry = {
            "skill": skill_id,
            "item": text,
            "card": scheduler.review(None, bool(correct), now),
            "right": 0,
            "wrong": 0,
        }
        items.append(entry)
    entry["right" if correct else "wrong"] += 1
    return {**sound, "items": items}


def due_items(
    record: object, skill_id: str | None = None, *, now: datetime, until: datetime | None = None
) -> list[dict[str, Any]]:
    """The items due by ``until`` (default ``now``), of one skill or all, most overdue
    first: ``{"skill", "item", "due"}``."""
    if skill_id is not None:
        skill(skill_id)
    limit = until or now
    sound, _notes = repair(record)
    found = []
    for entry in sound["items"]:
        if skill_id is not None and entry["skill"] != skill_id:
            continue
        due = scheduler.due_at(entry["card"])
        if due <= limit:
            found.append((due, entry))
    found.sort(key=lambda pair: pair[0])
    return [{"skill": e["skill"], "item": e["item"], "due": due.isoformat()} for due, e in found]


def due_first(record: object, candidates: Sequence[Candidate], now: datetime) -> list[Candidate]:
    """The quiz's ``candidates`` reordered: items due now first (most overdue first), then
    items never answered, then the rest (soonest due first). A candidate is an item key
    ``(skill, item)`` or just a skill id (due when any of its items is). Ties keep their
    given order.

    >>> from datetime import datetime, timezone
    >>> t = datetime(2026, 3, 1, tzinfo=timezone.utc)
    >>> r = record_answer(new_record(), "leading", "lead trump", False, t)
    >>> r = record_answer(r, "scoring", "march", True, t)
    >>> due_first(r, [("scoring", "march"), ("discard", "void a suit"), ("leading", "lead trump")], t.replace(minute=5))
    [('leading', 'lead trump'), ('discard', 'void a suit'), ('scoring', 'march')]
    """
    sound, _notes = repair(record)
    due: dict[tuple[str, str], datetime] = {
        (e["skill"], e["item"]): scheduler.due_at(e["card"]) for e in sound["items"]
    }

    def key(pair: tuple[int, Candidate]) -> tuple[int, float, int]:
        index, candidate = pair
        if isinstance(candidate, str):
            times = [d for (s, _i), d in due.items() if s == candidate]
        else:
            found = due.get((candidate[0], candidate[1]))
            times = [] if found is None else [found]
        if not times:
            return (1, 0.0, index)
        when = min(times)
        if when <= now:
            return (0, when.timestamp(), index)
        return (2, when.timestamp(), index)

    return [c for _i, c in sorted(enumerate(candidates), key=key)]


def reset(record: object, skill_id: str | None = None) -> dict[str, Any]:
    """The record with one skill's items forgotten, or everything when ``skill_id`` is None.

    >>> from datetime import datetime, timezone
    >>> t = datetime(2026, 3, 1, tzinfo=timezone.utc)
    >>> r = record_answer(new_record(), "leading", "lead trump", True, t)
    >>> reset(r, "leading")["items"], reset(r)["items"]
    ([], [])
    """
    if skill_id is None:
        return new_record()
    skill(skill_id)
    sound, _notes = repair(record)
    return {**sound, "items": [e for e in sound["items"] if e["skill"] != skill_id]}


def skill_levels(
    record: object, now: datetime, until: datetime | None = None
) -> list[dict[str, Any]]:
    """Every skill of the map with its level: ``{"skill", "name", "about", "page", "level"
    (0 to 4), "level_name", "items", "remembered", "due"}``; ``due`` counts the items due
    by ``until`` (default ``now``)."""
    sound, _notes = repair(record)
    limit = until or now
    out = []
    for s in SKILLS:
        mine = [e for e in sound["items"] if e["skill"] == s.id]
        remembered = sum(
            1
            for e in mine
            if scheduler.learned(e["card"]) and scheduler.recall(e["card"], now) >= REMEMBERED
        )
        due = sum(1 for e in mine if scheduler.due_at(e["card"]) <= limit)
        if not mine:
            level = 0
        elif remembered == len(mine) and all(
            scheduler.stability(e["card"]) >= MASTERED_DAYS for e in mine
        ):
            level = 4
        elif remembered >= 0.8 * len(mine):
            level = 3
        elif remembered >= 0.4 * len(mine):
            level = 2
        else:
            level = 1
        out.append(
            {
                "skill": s.id,
                "name": s.name,
                "about": s.about,
                "page": s.page,
                "level": level,
                "level_name": LEVELS[level],
                "items": len(mine),
                "remembered": remembered,
                "due": due,
            }
        )
    return out


__all__ = [
    "LEVELS",
    "due_first",
    "due_items",
    "new_record",
    "record_answer",
    "reset",
    "skill_levels",
]
