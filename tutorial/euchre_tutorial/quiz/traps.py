"""The left-bower traps, found in a question from its cards alone.

A generator asked for a trap accepts a question only if ``traps_in`` finds that trap; a
question asked to hold none must show no left bower and no jack of the other color at all,
so the share of questions with a trap is exactly the rate the reader chose.

>>> from euchre import Card, Suit
>>> is_plain_jack(Card.parse("Jc"), Suit.HEARTS), is_plain_jack(Card.parse("Jd"), Suit.HEARTS)
(True, False)
"""

from __future__ import annotations

from collections.abc import Sequence

import euchre
from euchre import Card, Rank, Suit

from euchre_tutorial.quiz.model import Question

DESCRIPTIONS = {
    "left-suit-led": "the left bower with its printed suit led",
    "left-only-trump": "the left bower as the only trump",
    "left-led": "the left bower led",
    "plain-jack": "a plain jack of the other color",
    "left-rank": "the left bower among the trumps to rank",
}
KIND_TRAPS: dict[str, tuple[str, ...]] = {
    "plays": ("left-suit-led", "left-only-trump", "left-led", "plain-jack"),
    "winner": ("left-suit-led", "left-only-trump", "left-led", "plain-jack"),
    "suit": ("left-suit-led", "left-led", "plain-jack"),
    "order": ("left-rank",),
    "score": (),
    "bids": (),
    "leader": (),
    "bidscore": (),
}


def is_plain_jack(card: Card, trump: Suit) -> bool:
    """A jack of the other color than trump: it never changes suit."""
    return card.rank is Rank.JACK and card.suit is not None and card.suit.is_red != trump.is_red


def is_tricky(card: Card, trump: Suit | None) -> bool:
    """The left bower or a plain jack of the other color (none in a no-trump deal)."""
    if trump is None:
        return False
    return card == euchre.left_bower(trump) or is_plain_jack(card, trump)


def has_tricky_card(question: Question) -> bool:
    """True when the reader sees a left bower or a jack of the other color."""
    return any(is_tricky(c, question.trump) for c in question.visible_cards)


def _left_traps(trick: Sequence[Card], hand: Sequence[Card], trump: Suit) -> set[str]:
    left = euchre.left_bower(trump)
    found: set[str] = set()
    if not trick:
        return found
    led_suit = euchre.effective_suit(trick[0], trump)
    if trick[0] == left:
        found.add("left-led")
    if left in hand and led_suit is left.suit:
        found.add("left-suit-led")
    if left in trick[1:] and led_suit is left.suit:
        found.add("left-suit-led")
    if hand:
        trumps = [c for c in hand if euchre.is_trump(c, trump)]
        if led_suit is trump and trumps == [left]:
            found.add("left-only-trump")
        if any(is_plain_jack(c, trump) for c in (trick[0], *hand)):
            found.add("plain-jack")
    else:
        trumps = [c for c in trick if euchre.is_trump(c, trump)]
        if trumps == [left]:
            found.add("left-only-trump")
        if any(is_plain_jack(c, trump) for c in trick):
            found.add("plain-jack")
    return found


def traps_in(question: Question) -> set[str]:
    """The traps a question holds, judged from its cards.

    >>> from euchre_tutorial.quiz.generate import build
    >>> from euchre_tutorial.quiz.model import QuestionId
    >>> q = build(QuestionId("plays", "learning", "left-led", 11, "american"))
    >>> "left-led" in traps_in(q)
    True
    """
    trump = question.trump
    kind = question.kind
    if trump is None:  # no-trump, or the bidding: no bower changes suit
        return set()
    if kind == "plays":
        return _left_traps(question.trick, question.hand, trump)
    if kind == "winner":
        return _left_traps(question.trick, (), trump)
    if kind == "suit":
        card = question.card
        assert card is not None
        found: set[str] = set()
        if is_plain_jack(card, trump):
            found.add("plain-jack")
        if card == euchre.left_bower(trump):
            led = question.trick[0] if question.trick else None
            if led == card:
                found.add("left-led")
            elif led is not None and euchre.effective_suit(led, trump) is card.suit:
                found.add("left-suit-led")
        return found
    if kind == "order":
        cards = [o.card for o in question.options]
        return {"left-rank"} if euchre.left_bower(trump) in cards else set()
    return set()
