"""Hands as tuples of cards, in the order they were received: small pure helpers for the
phase moves (a dealt hand keeps its order; a picked-up or given card goes last).

>>> from euchre.cards import Card, parse_cards
>>> hand = tuple(parse_cards("9c Td Jh"))
>>> [c.code for c in without(hand, Card.parse("Td"))]
['9c', 'Jh']
>>> [len(h) for h in with_hand((hand, hand), 1, ())]
[3, 0]
"""

from __future__ import annotations

from euchre.cards import Card

Hands = tuple[tuple[Card, ...], ...]


def without(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """``hand`` less one card, in order."""
    i = hand.index(card)
    return hand[:i] + hand[i + 1 :]


def with_hand(hands: Hands, seat: int, hand: tuple[Card, ...]) -> Hands:
    """``hands`` with ``seat``'s hand replaced."""
    return (*hands[:seat], hand, *hands[seat + 1 :])
