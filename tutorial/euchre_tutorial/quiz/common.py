"""Helpers shared by the question kinds: seat names, sentences, random legal play.

>>> seat_name(1, 4), seat_name(2, 4), seat_name(3, 4)
('Left opponent', 'Partner', 'Right opponent')
>>> sentence("j♦ is a heart")
'J♦ is a heart.'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import euchre
from euchre import Card, HandResult, Rank, Rules, Suit
from euchre.rng import SeededRandom

from euchre_tutorial.quiz.levels import Level
from euchre_tutorial.quiz.model import QuestionId

SUITS = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
# Captions never say "Left" or "Right" alone: those are the bowers' words.
_FOUR = ("You", "Left opponent", "Partner", "Right opponent")
_LONG = {
    "You": "you",
    "Left opponent": "your left-hand opponent",
    "Partner": "your partner",
    "Right opponent": "your right-hand opponent",
}


@dataclass(frozen=True)
class Context:
    """What a question is built from: its recipe, the level and the rules."""

    qid: QuestionId
    level: Level
    rules: Rules


def seat_name(seat: int, players: int) -> str:
    """A seat as the reader sees it; seat 0 is the reader, play goes left (seat + 1)."""
    if players == 4:
        return _FOUR[seat % 4]
    return "You" if seat == 0 else f"Player {seat + 1}"


def seat_words(name: str) -> str:
    """A seat in a sentence: "your partner"."""
    return _LONG.get(name, name)


def sentence(text: str) -> str:
    """Capitalize the first letter and end with a full stop."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def deck(rules: Rules) -> list[Card]:
    """The cards of the rules' deck."""
    return euchre.make_deck(rules.deck, rules.joker)


def jacks_in(cards: Sequence[Card]) -> list[Card]:
    """The jacks among ``cards``."""
    return [c for c in cards if c.rank is Rank.JACK and c.suit is not None]


def pick_jack(rng: SeededRandom, cards: Sequence[Card]) -> Card | None:
    """A random jack among ``cards``; None when they hold none (no draw is made then)."""
    jacks = jacks_in(cards)
    return rng.choice(jacks) if jacks else None


def play_trick(
    rng: SeededRandom,
    hands: Mapping[int, Sequence[Card]],
    order: Sequence[int],
    trump: Suit | None,
    prefer: Mapping[int, Card] | None = None,
    lead: Card | None = None,
) -> list[Card]:
    """Each seat of ``order`` plays a legal card (the engine's ``legal_plays``) from its hand:
    the preferred card when it is legal, else one at random."""
    prefer = prefer or {}
    cards: list[Card] = []
    for i, seat in enumerate(order):
        hand = list(hands[seat])
        if i == 0 and lead is not None:
            cards.append(lead)
            continue
        legal = euchre.legal_plays(hand, cards[0] if cards else None, trump)
        wanted = prefer.get(seat)
        cards.append(wanted if wanted in legal else rng.choice(legal))
    return cards


def score_explanation(result: HandResult, answer: str, given: Sequence[str]) -> dict[str, Any]:
    """A scoring question's explanation: the engine's ``explain_score`` of ``result``,
    the right ``answer`` marked, and the learner's own choice too when it differs."""
    marks = {answer: "right"}
    if given and given[0] != answer:
        marks[given[0]] = "wrong"
    return {"reasons": [euchre.explain_score(result)], "marks": marks, "cards": {}}
