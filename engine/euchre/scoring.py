"""What a deal scores, and who has won a game: the tables the engine, the pages and the quiz
share, one per variant (``variant.py`` names which a table plays).

Euchre: the makers need three of the five tricks.

>>> score_hand(3), score_hand(5), score_hand(5, alone=True), score_hand(2)
((1, 0), (2, 0), (4, 0), (0, 2))
>>> score_hand(0, alone=True, defender_alone=True)
(0, 4)

Bid Euchre: the bidders need the tricks they bid; made, each side scores its tricks; set,
the bidders lose the bid (and the defenders still score theirs).

>>> from euchre.rules import Rules
>>> bid = Rules.profile("bid-euchre")
>>> score_hand(4, rules=bid, bid=4), score_hand(3, rules=bid, bid=4), score_hand(6, True, bid, bid=6)
((4, 2), (-4, 3), (12, 0))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from euchre.rules import Rules

TRICKS = 5  # tricks in a deal of Euchre (``Rules.hand_size`` says it for any table)
TRICKS_TO_MAKE = 3  # the makers' contract in Euchre: fewer and they are euchred


def score_hand(
    maker_tricks: int,
    alone: bool = False,
    rules: Rules | None = None,
    defender_alone: bool = False,
    bid: int = 0,
) -> tuple[int, int]:
    """(points to the makers, points to the defenders) for a deal's tricks, as the rules'
    variant scores it (``Variant.points``; Euchre's without rules).

    Euchre (``euchre_points``): makers with 3 or 4 tricks score 1; all five (a march)
    score 2, or 4 played alone. Makers held to 2 tricks or fewer are euchred: the defenders
    score 2, or with a lone defender (002's house rule, against a maker alone or with a
    partner) 2 for 3 or 4 tricks and 4 for all five. Bid Euchre (``bid_points``): by
    ``bid``, the tricks bid (``alone`` for the moon).

    >>> score_hand(1, alone=False, defender_alone=True), score_hand(0, defender_alone=True)
    ((0, 2), (0, 4))
    """
    if rules is None:
        return euchre_points(maker_tricks, alone, defender_alone, bid, None)
    return rules.variant_spec.points(maker_tricks, alone, defender_alone, bid, rules)


def euchre_points(
    made: int, alone: bool, defender_alone: bool, bid: int, rules: Rules | None
) -> tuple[int, int]:
    """Euchre's table (see ``score_hand``); ``bid`` and ``rules`` change nothing in it.

    >>> euchre_points(4, True, False, 0, None), euchre_points(5, True, False, 0, None)
    ((1, 0), (4, 0))
    """
    if not 0 <= made <= TRICKS:
        raise ValueError(f"a side takes 0 to 5 tricks, not {made}")
    if made >= TRICKS_TO_MAKE:
        if made == TRICKS:
            return (4 if alone else 2, 0)
        return (1, 0)
    if defender_alone and made == 0:
        return (0, 4)
    return (0, 2)


def bid_points(
    made: int, moon: bool, defender_alone: bool, bid: int, rules: Rules | None
) -> tuple[int, int]:
    """Bid Euchre: (points to the bidders, points to the defenders) when the bidders took
    ``made`` of the deal's tricks against a bid of ``bid`` tricks, or of the moon
    (``moon``: every trick, alone). Made, the bidders score their tricks (the moon its
    ``moon_points``); set, they lose the bid (the moon its ``moon_points``). The defenders
    score their tricks either way, unless ``defenders_score`` is off.

    >>> from euchre.rules import Rules
    >>> rules = Rules.profile("bid-euchre")
    >>> bid_points(5, False, False, 3, rules), bid_points(5, False, False, 6, rules)
    ((5, 1), (-6, 1))
    >>> bid_points(5, True, False, 6, rules), bid_points(2, False, False, 3, rules.replace(defenders_score=False))
    ((-12, 1), (-3, 0))
    """
    assert rules is not None, "Bid Euchre's scores depend on its options"
    tricks = rules.hand_size
    if not 0 <= made <= tricks:
        raise ValueError(f"a side takes 0 to {tricks} tricks, not {made}")
    if not moon and not 1 <= bid <= tricks:
        raise ValueError(f"a bid is 1 to {tricks} tricks, or the moon, not {bid}")
    defenders = tricks - made if rules.defenders_score else 0
    if moon:
        return (rules.moon_points if made == tricks else -rules.moon_points, defenders)
    return (made if made >= bid else -bid, defenders)


@dataclass(frozen=True)
class HandResult:
    """How a deal ended.

    ``points`` holds each team's points for this deal (two teams with partnerships, one per
    player otherwise; below zero for Bid Euchre's bidders when they are set). ``makers`` is
    the making team, or None when the cards were thrown in. ``bid`` is the tricks bid in
    Bid Euchre (every trick for the moon, which is played ``alone``; 0 in Euchre, whose
    makers need three); ``tricks`` the tricks of the deal.
    """

    points: tuple[int, ...]
    makers: int | None
    maker_tricks: int
    alone: bool = False
    defender_alone: bool = False
    redeal: bool = False
    individual: bool = False  # every player scores alone (no partnerships)
    bid: int = 0
    tricks: int = TRICKS

    @property
    def thrown_in(self) -> bool:
        """True when nobody made trump (or a farmer's hand was redealt)."""
        return self.makers is None

    @property
    def needed(self) -> int:
        """The tricks the makers needed: the bid, or Euchre's 3.

        >>> HandResult((4, 2), 0, 4, bid=4, tricks=6).needed, HandResult((1, 0), 0, 3).needed
        (4, 3)
        """
        return self.bid or TRICKS_TO_MAKE

    @property
    def euchred(self) -> bool:
        """True when the makers took fewer tricks than they needed (in Bid Euchre: set)."""
        return self.makers is not None and self.maker_tricks < self.needed

    @property
    def march(self) -> bool:
        """True when the makers took every trick."""
        return self.makers is not None and self.maker_tricks == self.tricks

    @property
    def winners(self) -> int | None:
        """The side that won the deal: the makers when they made their contract, else the
        side that euchred (or set) them; None for a deal thrown in, or where every player
        scores alone (the maker's opponents do not play as one side).

        >>> HandResult((-4, 3), 0, 3, bid=4, tricks=6).winners
        1
        """
        if self.makers is None or self.individual:
            return None
        return 1 - self.makers if self.euchred else self.makers

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
            int(data.get("bid", 0)),
            int(data.get("tricks", TRICKS)),
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
            "bid": self.bid,
            "tricks": self.tricks,
        }


# ---------------------------------------------------------------------- games
def settle_game_point(score: Sequence[int], game_to: int) -> tuple[int, ...]:
    """002's rule when several players reach game point together: everyone drops by the
    amount that brings the leader to one below game point (never below zero), and play goes on.

    >>> settle_game_point((11, 10, 4), 10)
    (9, 8, 2)
    >>> settle_game_point((10, 3), 10)
    (10, 3)
    """
    reached = [s for s in score if s >= game_to]
    if len(reached) < 2:
        return tuple(score)
    cut = max(score) - (game_to - 1)
    return tuple(max(0, s - cut) for s in score)


def score_after_deal(score: Sequence[int], points: Sequence[int], game_to: int) -> tuple[int, ...]:
    """Euchre's score after a deal: each side's ``points`` added to ``score``, then settled
    (``settle_game_point``) when several sides reach ``game_to`` at once.

    >>> score_after_deal((3, 6, 5), (2, 0, 2), 10), score_after_deal((8, 9, 3), (2, 2, 0), 10)
    ((5, 6, 7), (8, 9, 1))
    """
    return settle_game_point([s + p for s, p in zip(score, points, strict=True)], game_to)


def added(score: Sequence[int], points: Sequence[int], game_to: int) -> tuple[int, ...]:
    """Bid Euchre's score after a deal: the points added, below zero too (a set side may
    owe points), with no settling.

    >>> added((30, -2), (-4, 2), 32)
    (26, 0)
    """
    return tuple(s + p for s, p in zip(score, points, strict=True))


def alone_at_target(score: Sequence[int], rules: Rules, last: HandResult | None) -> int | None:
    """Euchre's winner: the one side at or over the target (several at once play on).

    >>> from euchre.rules import Rules
    >>> alone_at_target((10, 6), Rules(), None), alone_at_target((10, 10, 3), Rules(), None)
    (0, None)
    """
    reached = [t for t, s in enumerate(score) if s >= rules.game_to]
    return reached[0] if len(reached) == 1 else None


def deal_winner_at_target(
    score: Sequence[int], rules: Rules, last: HandResult | None
) -> int | None:
    """Bid Euchre's winner (two sides): the side that won the last deal (made its bid, or
    set the bidders) when it is at or over the target; a side that reaches it with tricks
    taken against a bid that was made plays on, and so does everyone after a deal thrown in.
    With ``lose_at_minus_target``, a side whose score falls to minus the target loses, and
    the other side wins.

    >>> from euchre.rules import Rules
    >>> rules = Rules.profile("bid-euchre")
    >>> made = HandResult((4, 2), 0, 4, bid=4, tricks=6)
    >>> deal_winner_at_target((33, 34), rules, made), deal_winner_at_target((30, 34), rules, made)
    (0, None)
    >>> deal_winner_at_target((-32, 5), rules, HandResult((-12, 3), 0, 3, True, bid=6, tricks=6))
    1
    """
    if rules.lose_at_minus_target:
        for side, points in enumerate(score):
            if points <= -rules.game_to:
                return 1 - side
    winners = None if last is None else last.winners
    if winners is None or score[winners] < rules.game_to:
        return None
    return winners
