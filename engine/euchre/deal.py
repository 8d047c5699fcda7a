"""One deal: who dealt, the hands, the upcard and the kitty (as the rules' variant deals:
Bid Euchre turns no card up and leaves no kitty).

>>> from euchre.rules import Rules
>>> deal = Deal.random(seed=7, dealer=0, rules=Rules())
>>> [len(h) for h in deal.hands], len(deal.kitty)
([5, 5, 5, 5], 3)
>>> deal == Deal.random(seed=7, dealer=0, rules=Rules())
True
>>> bid = Deal.random(seed=7, dealer=0, rules=Rules.profile("bid-euchre"))
>>> [len(h) for h in bid.hands], bid.upcard, bid.kitty
([6, 6, 6, 6], None, ())
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from itertools import accumulate
from operator import itemgetter
from typing import Any

from euchre.cards import Card, deck_of, deck_set, parse_cards
from euchre.rng import shuffled
from euchre.rules import Rules
from euchre.seats import clockwise_after

MOST_SEATS = 6  # the largest table (source 002: two to six players); seats are 0 to 5


class DealError(ValueError):
    """A deal that cannot happen: wrong counts, a duplicate card, a card not in the deck."""


def _cards(items: Iterable[Card | str] | str) -> tuple[Card, ...]:
    if isinstance(items, str):
        return tuple(parse_cards(items))
    return tuple(Card.parse(c) for c in items)


@dataclass(frozen=True, init=False)
class Deal:
    """The cards as dealt. ``hands`` is indexed by seat; the kitty is the rest of the pack.
    ``upcard`` is None where no card is turned up (Bid Euchre)."""

    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    upcard: Card | None
    kitty: tuple[Card, ...]
    # The rules this deal is already known to be possible under (``Deal.random`` deals for
    # them), so ``check`` need not look again; not part of the deal's value.
    _valid_for: Rules | None = field(default=None, compare=False, repr=False)

    def __init__(
        self,
        dealer: int,
        hands: Sequence[Iterable[Card | str] | str],
        upcard: Card | str | None = None,
        kitty: Iterable[Card | str] | str = (),
    ) -> None:
        if isinstance(dealer, bool) or not isinstance(dealer, int) or dealer < 0:
            raise DealError(f"the dealer is a seat number, not {dealer!r}")
        object.__setattr__(self, "dealer", dealer)
        object.__setattr__(self, "hands", tuple(_cards(h) for h in hands))
        object.__setattr__(self, "upcard", None if upcard is None else Card.parse(upcard))
        object.__setattr__(self, "kitty", _cards(kitty))
        if dealer >= MOST_SEATS:
            raise DealError(f"seat {dealer} cannot deal: no table seats more than {MOST_SEATS}")
        seen = 0  # a bit per card id
        for card in self.all_cards():
            bit = 1 << card.id
            if seen & bit:
                raise DealError(f"{card} is dealt twice")
            seen |= bit

    def all_cards(self) -> list[Card]:
        """Every card of the deal: the hands, the upcard, the kitty."""
        out = [c for h in self.hands for c in h]
        if self.upcard is not None:
            out.append(self.upcard)
        out.extend(self.kitty)
        return out

    def check(self, rules: Rules) -> None:
        """Raise DealError unless this deal is possible under ``rules``: a hand for every
        seat the rules have, a dealer among them, as many cards each as the rules deal from
        the rules' deck, an upcard where the rules turn one up (and none where they do not),
        no card twice (``HandState.new`` calls it).

        >>> Deal(3, ["9c Tc Jc Qc Kc", "9d Td Jd Qd Kd", "9h Th Jh Qh Kh"], "Ah").check(Rules())
        Traceback (most recent call last):
        ...
        euchre.deal.DealError: the deal has 3 hands but the rules seat 4 players
        >>> Deal(0, [["9c"] * 1] * 4, "Ah").check(Rules())
        Traceback (most recent call last):
        ...
        euchre.deal.DealError: 9♣ is dealt twice
        """
        valid_for = self._valid_for
        if valid_for is not None and (rules is valid_for or rules == valid_for):
            return
        self._check_seats(rules)
        self._check_cards(rules)

    def _check_seats(self, rules: Rules) -> None:
        """The hands against the table: one per seat, the dealer a seat, the right size."""
        if len(self.hands) != rules.players:
            raise DealError(
                f"the deal has {len(self.hands)} hands but the rules seat {rules.players} players"
            )
        if self.dealer >= rules.players:
            raise DealError(
                f"seat {self.dealer} cannot deal: the rules seat {rules.players} players, "
                f"seats 0 to {rules.players - 1}"
            )
        for seat, hand in enumerate(self.hands):
            if len(hand) != rules.hand_size:
                raise DealError(
                    f"seat {seat} holds {len(hand)} cards; everyone is dealt {rules.hand_size}"
                )

    def _check_cards(self, rules: Rules) -> None:
        """The cards against the pack: each from it, the upcard as the variant has it, the
        whole pack when there is a kitty or none is left over."""
        spec = rules.variant_spec
        if spec.upcard and self.upcard is None:
            raise DealError("the deal has no upcard, and these rules turn one up after the deal")
        if not spec.upcard and (self.upcard is not None or self.kitty):
            extra = f"an upcard ({self.upcard})" if self.upcard is not None else "a kitty"
            raise DealError(
                f"{spec.title} deals every card and turns none up: the deal has {extra}"
            )
        deck = deck_set(rules.deck, rules.joker)
        for card in self.all_cards():
            if card not in deck:
                raise DealError(
                    f"{card} is not in a {rules.deck}-card deck"
                    + ("" if rules.joker or not card.is_joker else " without the joker")
                )
        total = len(self.all_cards())
        if (self.kitty or not spec.kitty) and total != len(deck):
            raise DealError(f"the deal holds {total} cards, but the deck has {len(deck)}")

    @classmethod
    def random(cls, seed: int, dealer: int = 0, rules: Rules | None = None) -> Deal:
        """A shuffled deal; the same seed gives the same deal on every platform. The cards
        go out from the dealer's left in the packets of the rules' variant: 3 then 2 in
        Euchre, one at a time in Bid Euchre."""
        rules = rules or Rules()
        n = rules.players
        seat = type(dealer) is int and 0 <= dealer < n  # a bool is no seat number
        key = (n, rules.deck, rules.joker, rules.variant, dealer)
        plan = _PLANS.get(key) if seat else None
        if plan is None:  # a table not dealt at yet, or a dealer that is no seat
            plan = _plan(rules, dealer % n if isinstance(dealer, int) else 0)
        deck, order, split, upcard = plan
        dealt = order(shuffled(seed, deck))  # the hands seat by seat, the upcard, the kitty
        up = None if upcard is None else dealt[upcard]
        rest = () if upcard is None else dealt[upcard + 1 :]
        if not seat:  # the checked constructor (and ``check``) say why it is no seat
            return cls(dealer, split(dealt), up, rest)
        return cls.known(dealer, split(dealt), up, rest, rules)

    @classmethod
    def known(
        cls,
        dealer: int,
        hands: tuple[tuple[Card, ...], ...],
        upcard: Card | None,
        kitty: tuple[Card, ...],
        rules: Rules,
    ) -> Deal:
        """A deal already known possible under ``rules`` (dealt for them, or read back
        from one that was played under them), made without checking it again.

        >>> deal = Deal.random(seed=3)
        >>> Deal.known(deal.dealer, deal.hands, deal.upcard, deal.kitty, Rules()) == deal
        True
        """
        deal = _new(cls)  # every field is known good: set as __init__ sets it, unchecked
        setattr_ = object.__setattr__
        setattr_(deal, "dealer", dealer)
        setattr_(deal, "hands", hands)
        setattr_(deal, "upcard", upcard)
        setattr_(deal, "kitty", kitty)
        setattr_(deal, "_valid_for", rules)
        return deal

    def to_dict(self) -> dict[str, Any]:
        """Plain data: card codes (the upcard None where none is turned up)."""
        return {
            "dealer": self.dealer,
            "hands": [[c.code for c in h] for h in self.hands],
            "upcard": None if self.upcard is None else self.upcard.code,
            "kitty": [c.code for c in self.kitty],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Deal:
        """Read ``to_dict``'s output back."""
        try:
            return cls(data["dealer"], data["hands"], data.get("upcard"), data.get("kitty", ()))
        except (KeyError, TypeError) as exc:
            raise DealError(f"a deal needs a dealer and hands: {exc}") from None

    def __repr__(self) -> str:
        hands = [" ".join(c.code for c in h) for h in self.hands]
        kitty = " ".join(c.code for c in self.kitty)
        upcard = None if self.upcard is None else self.upcard.code
        return f"Deal(dealer={self.dealer}, hands={hands!r}, upcard={upcard!r}, kitty={kitty.split()!r})"


_new = object.__new__
# A deal's way to pick its cards out of a shuffled pack: the pack, the order that lists the
# hands seat by seat (in the variant's packets from the dealer's left), the upcard, the
# kitty; the cutting of that list into hands; the upcard's place in it (the kitty is what
# follows), None where no card is turned up.
_Plan = tuple[tuple[Card, ...], Callable[[list[Card]], tuple[Card, ...]],
              Callable[[tuple[Card, ...]], tuple[tuple[Card, ...], ...]], int | None]  # fmt: skip
_PLANS: dict[tuple[int, int, bool, str, int], _Plan] = {}


def _plan(rules: Rules, dealer: int) -> _Plan:
    """How to deal ``rules``' pack to its players from the left of ``dealer`` (a seat of the
    table), made once and kept."""
    players, spec = rules.players, rules.variant_spec
    places: list[list[int]] = [[] for _ in range(players)]
    pos = 0
    for packet in spec.packets(players, rules.deck_size):
        for seat in (*clockwise_after(dealer, players), dealer):
            places[seat].extend(range(pos, pos + packet))
            pos += packet
    deck = deck_of(rules.deck, rules.joker)
    order = itemgetter(*(place for hand in places for place in hand), *range(pos, len(deck)))
    ends = list(accumulate(len(hand) for hand in places))
    # Rules seat two players or more, so the cut gives a tuple of hands.
    split = itemgetter(
        *(slice(end - len(hand), end) for hand, end in zip(places, ends, strict=True))
    )
    upcard = pos if spec.upcard else None
    plan = _PLANS[players, rules.deck, rules.joker, rules.variant, dealer] = (
        deck,
        order,
        split,
        upcard,
    )
    return plan
