"""Bid Euchre at the table, in words, from one seat's view only: the bids said so far, the
contract once trump is named, what the table asks in the bidding and the words on a bid's
button. Every fact comes from the :class:`euchre.SeatView` (the bids are public).

>>> from euchre import Deal, HandState, Rules
>>> rules = Rules.profile("bid-euchre")
>>> state = HandState.new(Deal.random(seed=3, dealer=0, rules=rules), rules)
>>> state = state.apply("pass").apply("bid 4")
>>> view = state.view(3)
>>> bid_prompt(view, ["North", "East", "South", "You"])
'Your turn: bid more than 4 tricks for your side, shoot the moon, or pass.'
>>> high_bid_words(view, ["North", "East", "South", "You"])
'High bid: South, 4 tricks.'
>>> [bid_label(a) for a in view.legal]
['Pass', 'Bid 5', 'Bid 6', 'Shoot the moon']
>>> state = state.apply("pass").apply("pass").apply("trump no-trump")
>>> contract_line(state.view(3), ["North", "East", "South", "You"])
'South bid 4, no-trump.'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from euchre import Action, Phase, Rules, SeatView, Suit
from euchre.players.words import suit_words

from euchre_tutorial.present.seats import verb

BID_PHASES = (Phase.AUCTION, Phase.NAME_TRUMP)
BID_KINDS = ("bid", "trump")


class Told(Protocol):
    """What the words of a contract read of a deal: one seat's :class:`euchre.SeatView`,
    or a narrator's whole deal (``present.words.Narration``)."""

    @property
    def rules(self) -> Rules: ...
    @property
    def actions(self) -> Sequence[Action]: ...
    @property
    def actors(self) -> Sequence[int]: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def maker(self) -> int | None: ...
    @property
    def trump(self) -> Suit | None: ...


def plays_bids(view: Told) -> bool:
    """True when the deal is made by bidding for tricks (Bid Euchre), not on an upcard.

    >>> from euchre import Deal, HandState, Rules
    >>> plays_bids(HandState.new(Deal.random(seed=1), Rules()).view(0))
    False
    """
    return not view.rules.variant_spec.upcard


def bid_words(action: Action, you: bool) -> str:
    """A bid or the naming of trump as a sentence says it after the seat's name.

    >>> bid_words(Action.parse("bid 4"), False), bid_words(Action.parse("bid moon"), True)
    ('bids 4', 'shoot the moon')
    >>> bid_words(Action.parse("trump hearts"), False), bid_words(Action.parse("trump nt"), True)
    ('names ♥ hearts trump', 'name no-trump')
    """
    if action.kind == "trump":
        named = "no-trump" if action.suit is None else f"{suit_words(action.suit)} trump"
        return ("name " if you else "names ") + named
    if action.is_moon:
        return "shoot the moon" if you else "shoots the moon"
    return ("bid " if you else "bids ") + str(action.tricks)


def bid_label(action: Action) -> str:
    """The words on a button of the bidding or the naming of trump.

    >>> bid_label(Action.parse("bid 3")), bid_label(Action.parse("trump spades"))
    ('Bid 3', 'Name ♠ spades')
    """
    if action.kind == "pass":
        return "Pass"
    if action.kind == "trump":
        return "Name " + suit_words(action.suit)
    return "Shoot the moon" if action.is_moon else f"Bid {action.tricks}"


def said_in_bidding(view: SeatView) -> list[str]:
    """What each seat said in the bidding ("Pass", "Bids 4", "Shoots the moon"), by seat."""
    out = ["" for _ in range(view.rules.players)]
    for action, actor, phase in zip(view.actions, view.actors, view.phases, strict=True):
        if phase is not Phase.AUCTION:
            continue
        out[actor] = "Pass" if action.kind == "pass" else bid_words(action, False).capitalize()
    return out


def _high(view: SeatView) -> tuple[int, Action] | None:
    """The seat and the action of the highest bid so far (the last bid: each outbids)."""
    bids = [
        (actor, action)
        for action, actor in zip(view.actions, view.actors, strict=True)
        if action.kind == "bid"
    ]
    return bids[-1] if bids else None


def high_bid_words(view: SeatView, names: Sequence[str]) -> str:
    """The high bid while the bidding goes on ("High bid: South, 4 tricks.")."""
    high = _high(view)
    if high is None:
        return "No bid yet."
    seat, action = high
    said = "the moon" if action.is_moon else f"{action.tricks} tricks"
    return f"High bid: {names[seat]}, {said}."


def contract_line(view: Told, names: Sequence[str]) -> str:
    """The contract once trump is named: "North bid 4, ♥ hearts.", "East shot the moon,
    ♠ spades."; before that, the high bid; a deal everyone passed says so."""
    high = None
    for action, actor in zip(view.actions, view.actors, strict=True):
        if action.kind == "bid":
            high = (actor, action)
    if high is None:
        done = view.phase is Phase.OVER
        return "Everyone passed: the cards are thrown in." if done else "No bid yet."
    seat, action = high
    said = "shot the moon" if action.is_moon else f"bid {action.tricks}"
    if view.maker is None or view.phase is Phase.NAME_TRUMP:
        return f"{names[seat]} {said} and {verb(names[seat], 'are', 'is')} naming trump."
    return f"{names[seat]} {said}, {suit_words(view.trump)}."


def bid_prompt(view: SeatView, names: Sequence[str]) -> str:
    """What the table asks in the bidding or the naming of trump."""
    who = view.to_act
    assert who is not None, "a deal being bid has a seat to act"
    mine = who == view.seat
    if view.phase is Phase.NAME_TRUMP:
        if not mine:
            return f"{names[who]} won the bidding and is naming trump."
        tricks = "every trick" if view.alone else f"{view.bid} tricks"
        return f"Your turn: you won the bidding ({tricks}). Name trump, or no-trump."
    if not mine:
        return f"{names[who]} is bidding."
    passing = any(a.kind == "pass" for a in view.legal)
    lowest = f"more than {view.bid}" if view.bid else f"at least {view.rules.minimum_bid}"
    if not passing:
        return (
            f"Your turn: everyone else passed, so you, the dealer, must bid "
            f"({lowest} tricks) or shoot the moon."
        )
    return f"Your turn: bid {lowest} tricks for your side, shoot the moon, or pass."
