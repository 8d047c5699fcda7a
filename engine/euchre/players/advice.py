"""The coach's advice as data: the recommended action, its reasons and the numbers behind
it, in the learner's words (``coach.coach`` makes it).

>>> Advice(0, Action("pass"), ["Pass."], [(Action("pass"), 0.1)], "points").to_dict()["action"]
'pass'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from euchre.actions import Action

LABEL = "Advice, not a rule: any legal choice is allowed. This is what a strong player would do."


@dataclass(frozen=True)
class Advice:
    """The coach's advice for ``seat``: ``action`` (the recommendation), ``reasons`` in plain
    words, and ``alternatives``: every legal action with its expected value, best first,
    in ``unit`` ("points" for bidding decisions, "tricks" for card plays: your side's
    expected tricks this deal).

    Everything meant for reading is in the learner's words (cards as "Q♥", actions as
    "Order up ♥ hearts", numbers as "about three of the five tricks"): ``words`` says the
    action, ``summary`` is one plain sentence, ``reasons`` the why; ``details`` holds the
    statistics behind it as plain lines (for a disclosure), and ``stats`` the same numbers
    as data."""

    seat: int
    action: Action
    reasons: list[str]
    alternatives: list[tuple[Action, float]]
    unit: str
    label: str = LABEL
    samples: int = 0
    words: str = ""
    summary: str = ""
    details: list[str] = field(default_factory=list)
    stats: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """Plain data for the browser."""
        return {
            "seat": self.seat,
            "action": str(self.action),
            "words": self.words,
            "summary": self.summary,
            "reasons": list(self.reasons),
            "details": list(self.details),
            "alternatives": [[str(a), v] for a, v in self.alternatives],
            "unit": self.unit,
            "label": self.label,
            "samples": self.samples,
            "stats": self.stats,
        }


__all__ = ["LABEL", "Advice"]
