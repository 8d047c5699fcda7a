"""How a phase moves a deal on: a copy of the state with some fields changed.

These helpers are the only code that writes a HandState's fields, always on a fresh copy,
so a state once made never changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from euchre.actions import Action
from euchre.cards import Card

if TYPE_CHECKING:
    from euchre.state import HandState


def after(s: HandState, action: Action, **changes: Any) -> HandState:
    new = s._copy()
    setattr_ = object.__setattr__
    setattr_(new, "actions", (*s.actions, action))
    setattr_(new, "actors", (*s.actors, s.to_act))
    setattr_(new, "_legal", None)
    for key, value in changes.items():
        setattr_(new, key, value)
    return new


def set_fields(state: HandState, **changes: Any) -> None:
    for key, value in changes.items():
        object.__setattr__(state, key, value)


def without(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    i = hand.index(card)
    return hand[:i] + hand[i + 1 :]


def replace_hand(
    hands: tuple[tuple[Card, ...], ...], seat: int, hand: tuple[Card, ...]
) -> tuple[tuple[Card, ...], ...]:
    return (*hands[:seat], hand, *hands[seat + 1 :])
