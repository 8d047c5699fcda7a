"""What a seat knows, worked out from its ``SeatView`` only: unseen cards, shown voids,
cards whose place is known, sides, and a seed for reproducible random choices.

>>> from euchre import Deal, HandState, Rules
>>> state = HandState.new(Deal.random(seed=3, dealer=0), Rules())
>>> know = Knowledge.of(state.view(state.to_act))
>>> len(know.unseen)   # 24 cards - 5 in hand - the upcard
18
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass

from euchre.actions import Action
from euchre.cards import Card, Suit, make_deck
from euchre.phase import Phase
from euchre.rng import SeededRandom
from euchre.state import proposed_suit
from euchre.trump import card_power, effective_suit
from euchre.view import SeatView, called_card, cards_held


def view_seed(seed: int, view: SeatView, salt: str = "") -> int:
    """A 64-bit seed made from a player's seed and what the seat sees (never hidden cards).

    The same view and seed give the same number on every platform.

    >>> from euchre import Deal, HandState, Rules
    >>> view = HandState.new(Deal.random(seed=3, dealer=0), Rules()).view(1)
    >>> view_seed(1, view) == view_seed(1, view) != view_seed(2, view)
    True
    """
    text = "|".join(
        (
            str(seed),
            salt,
            str(view.seat),
            str(view.dealer),
            "-" if view.upcard is None else view.upcard.code,
            " ".join(c.code for c in view.hand),
            ",".join(str(a) for a in view.actions),
        )
    )
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


def view_rng(seed: int, view: SeatView, salt: str = "") -> SeededRandom:
    """A ``SeededRandom`` for one decision, seeded by ``view_seed``."""
    return SeededRandom(view_seed(seed, view, salt))


def called_ace(actions: Sequence[Action]) -> Suit | None:
    """The suit of a call-ace call among ``actions``, if any."""
    for action in actions:
        if action.kind == "ace":
            return action.suit
    return None


def _set_aside(view: SeatView, played: frozenset[Card]) -> tuple[set[Card], dict[Card, int]]:
    """The cards ``view.seat`` knows are out of play (its discards, a turned-down upcard)
    and the upcard the dealer picked up (pinned to the dealer)."""
    known_out: set[Card] = set()
    if view.discard is not None:
        known_out.add(view.discard)
    for action in view.actions:
        if action.kind == "best" and action.cards:
            known_out.add(action.cards[0])  # my own discard when calling for best
    pinned: dict[Card, int] = {}
    up = view.upcard
    if up is not None and up not in view.hand and up not in played and up not in known_out:
        if view.picked_up and view.dealer != view.seat:
            pinned[up] = view.dealer
        elif not view.picked_up or view.dealer == view.seat:
            known_out.add(up)
    return known_out, pinned


def _shown_voids(view: SeatView) -> dict[int, set[Suit]]:
    """The effective suits each seat has shown it lacks (by not following them)."""
    trump = view.trump
    voids: dict[int, set[Suit]] = {s: set() for s in range(view.rules.players)}
    if view.phase is not Phase.PLAY and not view.tricks:
        return voids
    tricks = [list(zip(t.seats, t.cards, strict=False)) for t in view.tricks]
    if view.current_trick:
        tricks.append(list(view.current_trick))
    for trick in tricks:
        led = effective_suit(trick[0][1], trump)
        for seat, card in trick[1:]:
            if effective_suit(card, trump) is not led:
                voids[seat].add(led)
    return voids


@dataclass(frozen=True)
class Knowledge:
    """Facts a seat can deduce. ``unseen`` are the cards it has not seen (other hands, the
    kitty, other players' discards); ``voids[seat]`` the effective suits that seat has shown
    it lacks; ``pinned`` maps a card to the seat known to hold it (the picked-up upcard)."""

    view: SeatView
    seat: int
    trump: Suit | None
    played: frozenset[Card]
    unseen: tuple[Card, ...]
    voids: dict[int, frozenset[Suit]]
    pinned: dict[Card, int]
    active: tuple[int, ...]

    @classmethod
    def of(cls, view: SeatView) -> Knowledge:
        """Deduce what ``view.seat`` knows."""
        rules = view.rules
        trump = view.trump
        played = frozenset(view.played_cards())
        known_out, pinned = _set_aside(view, played)
        mine = set(view.hand)
        unseen = tuple(
            c
            for c in make_deck(rules.deck, rules.joker)
            if c not in mine and c not in played and c not in known_out
        )
        voids = _shown_voids(view)
        for card, seat in list(pinned.items()):
            if effective_suit(card, trump) in voids[seat] or seat in view.sitting_out:
                del pinned[card]  # it must have been discarded
        active = tuple(s for s in range(rules.players) if s not in view.sitting_out)
        return cls(
            view=view,
            seat=view.seat,
            trump=trump,
            played=played,
            unseen=unseen,
            voids={s: frozenset(v) for s, v in voids.items()},
            pinned=pinned,
            active=active,
        )

    # ------------------------------------------------------------------ sides
    def partners(self, seat: int | None = None) -> list[int]:
        """The partners of ``seat`` (default: this seat); none in individual play."""
        seat = self.seat if seat is None else seat
        rules = self.view.rules
        if not rules.partnerships:
            return []
        return [
            s for s in range(rules.players) if s != seat and rules.team_of(s) == rules.team_of(seat)
        ]

    def same_side(self, a: int, b: int) -> bool:
        """True when seats ``a`` and ``b`` play for the same side (as far as anyone knows)."""
        if a == b:
            return True
        rules = self.view.rules
        return rules.team_of(a) == rules.team_of(b)

    def maker_side_known(self) -> bool:
        """True when this seat is known to be on the making side: the maker's team, or at
        call-ace the secret partner, who knows it by holding (or having played) the called
        suit's highest card."""
        view = self.view
        maker = view.maker
        if maker is None:
            return False
        if self.same_side(maker, self.seat):
            return True
        called = called_ace(view.actions)
        if called is None or view.trump is None:
            return False
        top = called_card(called, view.trump, view.rules)
        return top in cards_held(self.seat, view.hand, view.tricks, view.current_trick)

    # ------------------------------------------------------------------ cards
    def outstanding(self, suit: Suit) -> list[Card]:
        """Cards of effective ``suit`` that others may still hold, highest first."""
        cards = [c for c in self.unseen if effective_suit(c, self.trump) is suit]
        cards.extend(c for c in self.pinned if effective_suit(c, self.trump) is suit)
        return sorted(set(cards), key=lambda c: -card_power(c, self.trump))

    def is_boss(self, card: Card) -> bool:
        """True when no card anyone else may hold beats ``card`` in its own suit."""
        suit = effective_suit(card, self.trump)
        higher = [
            c
            for c in self.outstanding(suit)
            if card_power(c, self.trump) > card_power(card, self.trump)
        ]
        return not higher


def proposed(view: SeatView) -> Suit:
    """The suit the upcard proposes (Euchre's bidding: there is an upcard)."""
    return proposed_suit(upcard(view))


def upcard(view: SeatView) -> Card:
    """The upcard, in Euchre's bidding (Bid Euchre turns none up)."""
    assert view.upcard is not None, "only Euchre's bidding has an upcard"
    return view.upcard
