"""The progress record: plain JSON the browser keeps, checked and repaired on every use.

A record looks like ``{"format": "euchre-progress", "version": 1, "items": [...]}``; each
item is ``{"skill", "item", "card", "right", "wrong"}`` (``card`` is the FSRS card's dict).
Whatever the browser hands back (an old or damaged record, a hand-edited file) goes through
:func:`repair`: what is sound is kept, a damaged item is reset, and an unreadable record is
started again, each with a friendly note. Nothing raises on bad stored data.

>>> record, notes = repair({"format": "euchre-progress", "version": 1, "items": [{"skill": "leading"}]})
>>> record["items"], notes
([], ['One saved item was damaged and has been reset.'])
>>> repair("not a record")[1]
['Your saved progress could not be read, so it has been started again.']
"""

from __future__ import annotations

import json
from typing import Any

from euchre_tutorial.mastery import scheduler
from euchre_tutorial.mastery.skills import is_skill

FORMAT = "euchre-progress"
VERSION = 1
MAX_ITEM = 120
MAX_ITEMS = 2000
RESET_NOTE = "Your saved progress could not be read, so it has been started again."


class RecordDamage(ValueError):
    """A progress file that cannot be read at all (its message says so in plain words)."""


def new_record() -> dict[str, Any]:
    """An empty record.

    >>> new_record()
    {'format': 'euchre-progress', 'version': 1, 'items': []}
    """
    return {"format": FORMAT, "version": VERSION, "items": []}


def _count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 10**9


def current_name(item: str) -> str:
    """An item's name as the site says it now: names saved before the site settled on
    American spelling ("colour") are read under their new name, so what was learned is
    kept.

    >>> current_name("a jack of the other colour when spades are trump")
    'a jack of the other color when spades are trump'
    """
    return item.strip().replace("colour", "color")


def check_item(entry: object) -> dict[str, Any] | None:
    """The item made canonical, or None when any field is missing or wrong."""
    if not isinstance(entry, dict):
        return None
    skill_id, item, card = entry.get("skill"), entry.get("item"), entry.get("card")
    if not is_skill(skill_id) or not isinstance(item, str):
        return None
    item = current_name(item)
    if not item or len(item) > MAX_ITEM or not isinstance(card, dict):
        return None
    right, wrong = entry.get("right", 0), entry.get("wrong", 0)
    if not (_count(right) and _count(wrong)):
        return None
    try:
        loaded = scheduler.load_card(card)
        canonical = dict(loaded.to_dict())
        if loaded.stability is not None and not loaded.stability >= 0:
            return None
        if loaded.difficulty is not None and not 0 <= loaded.difficulty <= 11:
            return None
    except (ValueError, TypeError, KeyError, AttributeError, OverflowError):
        return None
    return {"skill": skill_id, "item": item, "card": canonical, "right": right, "wrong": wrong}


def repair(raw: object) -> tuple[dict[str, Any], list[str]]:
    """A sound record from whatever was stored, and the notes to show (empty when it was
    sound). Accepts the decoded JSON or its text."""
    if isinstance(raw, str):
        try:
            raw = json.loads(raw)
        except ValueError:
            return new_record(), [RESET_NOTE]
    if raw is None:
        return new_record(), []
    if (
        not isinstance(raw, dict)
        or raw.get("format") != FORMAT
        or raw.get("version") != VERSION
        or not isinstance(raw.get("items"), list)
    ):
        return new_record(), [RESET_NOTE]
    items, damaged = _sound_items(raw["items"][:MAX_ITEMS])
    notes = []
    if damaged == 1:
        notes.append("One saved item was damaged and has been reset.")
    elif damaged:
        notes.append(f"{damaged} saved items were damaged and have been reset.")
    return {"format": FORMAT, "version": VERSION, "items": items}, notes


def _sound_items(entries: list[object]) -> tuple[list[dict[str, Any]], int]:
    """The sound items of a record, each once, and how many were damaged (an item saved
    under its old name and its new is one item, not a damaged one)."""
    items: list[dict[str, Any]] = []
    seen: set[tuple[str, str]] = set()
    renamed: set[tuple[str, str]] = set()  # items kept under a name they were not saved by
    damaged = 0
    for entry in entries:
        item = check_item(entry)
        key = None if item is None else (item["skill"], item["item"])
        if key in seen and (_renamed(entry) or key in renamed):
            continue  # the same item under its old name and its new: the first kept stays
        if item is None or key is None or key in seen:
            damaged += 1
            continue
        if _renamed(entry):
            renamed.add(key)
        seen.add(key)
        items.append(item)
    return items, damaged


def _renamed(entry: object) -> bool:
    """True for a saved item whose name has changed since it was saved."""
    name = entry.get("item") if isinstance(entry, dict) else None
    return isinstance(name, str) and current_name(name) != name.strip()


def export_text(record: dict[str, Any]) -> str:
    """The record as the text of a progress file (to move it to another device).

    >>> import_text(export_text(new_record())) == (new_record(), [])
    True
    """
    sound, _notes = repair(record)
    return json.dumps(sound, indent=1, ensure_ascii=False, sort_keys=True) + "\n"


def import_text(text: str) -> tuple[dict[str, Any], list[str]]:
    """A record from a progress file's text. A file that is not one raises RecordDamage;
    damaged items inside a real one are reset, with a note.

    >>> import_text("hello")
    Traceback (most recent call last):
    ...
    euchre_tutorial.mastery.record.RecordDamage: This file is not a progress file from this site, so nothing was changed.
    """
    not_ours = RecordDamage(
        "This file is not a progress file from this site, so nothing was changed."
    )
    if not isinstance(text, str) or len(text) > 2_000_000:
        raise not_ours
    try:
        raw = json.loads(text)
    except ValueError:
        raise not_ours from None
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        raise not_ours
    if raw.get("version") != VERSION:
        raise RecordDamage(
            "This progress file was made by another version of this site and cannot be read here."
        )
    return repair(raw)
