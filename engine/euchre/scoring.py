"""What a deal scores: one table, used by the engine, the pages and the quiz.

>>> score_hand(3), score_hand(5), score_hand(5, alone=True), score_hand(2)
((1, 0), (2, 0), (4, 0), (0, 2))
>>> score_hand(0, alone=True, defender_alone=True)
(0, 4)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from euchre.rules import Rules

TRICKS = 5  # tricks in a deal
TRICKS_TO_MAKE = 3  # the makers' contract: fewer and they are euchred


def score_hand(
    maker_tricks: int,
    alone: bool = False,
    rules: Rules | None = None,
    defender_alone: bool = False,
) -> tuple[int, int]:
    """(points to the makers, points to the defenders) for a deal's tricks.

    Makers with 3 or 4 tricks score 1; all five (a march) score 2, or 4 played alone.
    Makers held to 2 tricks or fewer are euchred: the defenders score 2, or with a lone
    defender (002's house rule, against a maker alone or with a partner) 2 for 3 or 4
    tricks and 4 for all five.

    >>> score_hand(1, alone=False, defender_alone=True), score_hand(0, defender_alone=True)
    ((0, 2), (0, 4))
    """
    if not 0 <= maker_tricks <= TRICKS:
        raise ValueError(f"a side takes 0 to 5 tricks, not {maker_tricks}")
    if maker_tricks >= TRICKS_TO_MAKE:
        if maker_tricks == TRICKS:
            return (4 if alone else 2, 0)
        return (1, 0)
    defender_tricks = TRICKS - maker_tricks
    if defender_alone and defender_tricks == TRICKS:
        return (0, 4)
    return (0, 2)


@dataclass(frozen=True)
class HandResult:
    """How a deal ended.

    ``points`` holds each team's points for this deal (two teams with partnerships, one per
    player otherwise). ``makers`` is the making team, or None when the cards were thrown in.
    """

    points: tuple[int, ...]
    makers: int | None
    maker_tricks: int
    alone: bool = False
    defender_alone: bool = False
    redeal: bool = False
    individual: bool = False  # every player scores alone (no partnerships)

    @property
    def thrown_in(self) -> bool:
        """True when nobody made trump (or a farmer's hand was redealt)."""
        return self.makers is None

    @property
    def euchred(self) -> bool:
        """True when the makers took fewer than three tricks."""
        return self.makers is not None and self.maker_tricks < TRICKS_TO_MAKE

    @property
    def march(self) -> bool:
        """True when the makers took all five tricks."""
        return self.makers is not None and self.maker_tricks == TRICKS

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> HandResult:
        """The result back from :meth:`to_dict`'s plain data.

        >>> HandResult.from_dict(HandResult((0, 2, 2), 0, 1, individual=True).to_dict()).euchred
        True
        """
        return cls(
            tuple(int(p) for p in data["points"]),
            None if data["makers"] is None else int(data["makers"]),
            int(data["maker_tricks"]),
            bool(data.get("alone", False)),
            bool(data.get("defender_alone", False)),
            bool(data.get("redeal", False)),
            bool(data.get("individual", False)),
        )

    def to_dict(self) -> dict[str, object]:
        """Plain data."""
        return {
            "points": list(self.points),
            "makers": self.makers,
            "maker_tricks": self.maker_tricks,
            "alone": self.alone,
            "defender_alone": self.defender_alone,
            "redeal": self.redeal,
            "individual": self.individual,
        }
