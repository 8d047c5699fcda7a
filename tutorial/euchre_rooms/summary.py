"""What a class's teacher is told about each student after each deal: the tricks they took,
the contract they made (or were euchred on), the moves the rules refused them, and the
points the coach flagged (the items of those refused moves, and the bids, discards and
leads the coach rated a clear loss). One ``Tally`` per table, kept by its room's actor.

A deal's summary waits for the coach's verdicts on its moves (weighed off the loop, they
may come in after the deal's last card): ``ready`` gives the rows of every deal that is
over and fully weighed.

>>> from euchre import Deal, HandState, Rules
>>> state = HandState.new(Deal.random(seed=4, dealer=0, rules=Rules()), Rules())
>>> while state.to_act is not None:
...     state = state.apply(state.legal_actions()[0])
>>> tally = Tally()
>>> tally.refused((1, 0), 1, {"skill": "following-suit", "item": "following suit", "correct": False})
>>> tally.weighing((1, 0))
>>> tally.deal_over((1, 0), state, {1: "Bo"})
>>> tally.ready()
[]
>>> tally.weighed((1, 0), 1, None)
>>> [(r["name"], r["refused"], r["flagged"]) for r in tally.ready()]
[('Bo', 1, ['following suit'])]
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from euchre import HandState

DealKey = tuple[int, int]
"""A deal of a table: (the match's number, the deal's number in that match)."""


def deal_row(final: HandState, seat: int) -> dict[str, Any]:
    """What ``seat`` did in the finished deal ``final``: tricks taken, and as its maker
    whether the contract was made.

    >>> from euchre import Deal, Rules
    >>> state = HandState.new(Deal.random(seed=4, dealer=0, rules=Rules()), Rules())
    >>> while state.to_act is not None:
    ...     state = state.apply(state.legal_actions()[0])
    >>> sorted(deal_row(state, 0))
    ['alone', 'made', 'maker', 'tricks']
    """
    result = final.result
    maker = final.maker == seat and result is not None and not result.thrown_in
    return {
        "tricks": sum(1 for trick in final.tricks if trick.winner == seat),
        "maker": maker,
        "made": (not result.euchred) if maker and result is not None else None,
        "alone": maker and final.alone,
    }


class Tally:
    """One table's refusals and verdicts, deal by deal, and the summaries ready to send."""

    __slots__ = ("flagged", "over", "pending", "refusals")

    def __init__(self) -> None:
        self.refusals: Counter[tuple[DealKey, int]] = Counter()
        self.flagged: dict[tuple[DealKey, int], list[str]] = {}
        self.pending: Counter[DealKey] = Counter()
        self.over: dict[DealKey, tuple[HandState, dict[int, str]]] = {}

    def refused(self, deal: DealKey, seat: int, verdict: dict[str, Any]) -> None:
        """The rules refused ``seat`` a move; ``verdict`` names what it shows to work on."""
        self.refusals[deal, seat] += 1
        self._flag(deal, seat, verdict)

    def weighing(self, deal: DealKey) -> None:
        """The coach has begun weighing a move of ``deal``."""
        self.pending[deal] += 1

    def weighed(self, deal: DealKey, seat: int, verdict: dict[str, Any] | None) -> None:
        """The coach's verdict on a move of ``deal`` (None: nothing to say)."""
        self.pending[deal] -= 1
        if self.pending[deal] <= 0:
            del self.pending[deal]
        if verdict is not None and not verdict["correct"]:
            self._flag(deal, seat, verdict)

    def _flag(self, deal: DealKey, seat: int, verdict: dict[str, Any]) -> None:
        self.flagged.setdefault((deal, seat), []).append(str(verdict["item"]))

    def deal_over(self, deal: DealKey, final: HandState, names: dict[int, str]) -> None:
        """``deal`` ended as ``final``, with these students (seat to name) at the table."""
        self.over[deal] = (final, names)

    def ready(self) -> list[dict[str, Any]]:
        """The students' rows of every deal that is over and fully weighed, once each."""
        rows: list[dict[str, Any]] = []
        for deal in sorted(self.over):
            if self.pending[deal] > 0:
                continue
            final, names = self.over.pop(deal)
            self.pending.pop(deal, None)
            for seat, name in sorted(names.items()):
                rows.append(
                    {
                        "name": name,
                        "seat": seat,
                        "match": deal[0],
                        "deal": deal[1],
                        **deal_row(final, seat),
                        "refused": self.refusals.pop((deal, seat), 0),
                        "flagged": self.flagged.pop((deal, seat), []),
                    }
                )
        return rows
