"""The spaced-repetition scheduler: FSRS from the ``fsrs`` package, without fuzz (the same
answers give the same due dates everywhere, in CPython and in the browser's Pyodide).

A right answer is rated *Good*, a miss *Again*. A card is stored as the package's own
``Card.to_dict()``.

>>> from datetime import datetime, timezone
>>> now = datetime(2026, 3, 1, 12, tzinfo=timezone.utc)
>>> card = review(None, True, now)
>>> card["due"], card["state"]
('2026-03-01T12:10:00+00:00', 1)
>>> review(card, False, now)["due"]
'2026-03-01T12:01:00+00:00'
"""

from __future__ import annotations

from datetime import UTC, datetime
from functools import cache
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import fsrs


@cache
def _fsrs() -> ModuleType:
    """The fsrs package, imported on first use: the browser's memory snapshot is made
    without it (importing it there made the snapshot fail to restore)."""
    import fsrs

    return fsrs


@cache
def scheduler() -> fsrs.Scheduler:
    """One scheduler for every item: the package's default parameters (trained on many
    learners), 90% desired retention, no fuzz."""
    made: fsrs.Scheduler = _fsrs().Scheduler(enable_fuzzing=False)
    return made


CARD_ID = 1  # every item's card has the same id: the record's key says which item it is


def new_card(now: datetime) -> fsrs.Card:
    """A card never reviewed, due at once."""
    card: fsrs.Card = _fsrs().Card(card_id=CARD_ID, due=now)
    return card


def load_card(data: dict[str, Any]) -> fsrs.Card:
    """A card from its stored dict; ValueError (or TypeError/KeyError) when damaged."""
    card: fsrs.Card = _fsrs().Card.from_dict(data)
    if card.due.tzinfo is None:
        raise ValueError("a due date needs a time zone")
    return card


def review(data: dict[str, Any] | None, correct: bool, now: datetime) -> dict[str, Any]:
    """The card (a stored dict, or None for a new item) after one answer at ``now``.

    A right answer given before the card is due leaves it as it is: the item comes up
    again and again in play (every trick asks to follow suit), and a second right answer a
    minute after the first is not a spaced one (FSRS would count the item learned after
    two, thirty seconds apart). A miss always counts.

    >>> from datetime import datetime, timedelta, timezone
    >>> t = datetime(2026, 3, 1, 12, tzinfo=timezone.utc)
    >>> once = review(None, True, t)
    >>> review(once, True, t + timedelta(seconds=30)) == once
    True
    >>> review(once, False, t + timedelta(seconds=30))["due"]
    '2026-03-01T12:01:30+00:00'
    """
    card = new_card(now) if data is None else load_card(data)
    if correct and data is not None and now < card.due:
        return dict(card.to_dict())
    ratings = _fsrs().Rating
    rating = ratings.Good if correct else ratings.Again
    updated, _log = scheduler().review_card(card, rating, now)
    return dict(updated.to_dict())


def due_at(data: dict[str, Any]) -> datetime:
    """When the stored card is next due."""
    return load_card(data).due


def recall(data: dict[str, Any], now: datetime) -> float:
    """The chance (0 to 1) that the learner still remembers the item at ``now``.

    >>> from datetime import datetime, timezone
    >>> t = datetime(2026, 3, 1, tzinfo=timezone.utc)
    >>> recall(review(None, True, t), t)
    1.0
    """
    return float(scheduler().get_card_retrievability(load_card(data), now))


def learned(data: dict[str, Any]) -> bool:
    """True once the item has left its learning steps (FSRS's Review state): answered
    right on two spaced occasions, and not missed since.

    >>> from datetime import datetime, timedelta, timezone
    >>> t = datetime(2026, 3, 1, tzinfo=timezone.utc)
    >>> once = review(None, True, t)
    >>> learned(once), learned(review(once, True, t + timedelta(minutes=10)))
    (False, True)
    """
    return load_card(data).state is _fsrs().State.Review


def stability(data: dict[str, Any]) -> float:
    """Days until recall drops to 90% (0 for a card never reviewed)."""
    value = load_card(data).stability
    return 0.0 if value is None else float(value)


def parse_time(text: object) -> datetime:
    """An ISO time with its zone (the browser sends ``Date.toISOString()``); ValueError
    otherwise.

    >>> parse_time("2026-03-01T12:00:00.000Z").isoformat()
    '2026-03-01T12:00:00+00:00'
    >>> parse_time("yesterday")
    Traceback (most recent call last):
    ...
    ValueError: 'yesterday' is not a date and time
    """
    if not isinstance(text, str):
        raise ValueError(f"{text!r} is not a date and time")
    try:
        when = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        raise ValueError(f"{text!r} is not a date and time") from None
    if when.tzinfo is None:
        raise ValueError(f"{text!r} has no time zone")
    return when.astimezone(UTC)
