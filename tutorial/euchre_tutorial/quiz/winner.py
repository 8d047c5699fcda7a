"""Who wins this trick? The engine's ``trick_winner`` answers; ``explain_trick`` explains.

>>> from euchre_tutorial.quiz.generate import build
>>> from euchre_tutorial.quiz.model import QuestionId
>>> q = build(QuestionId("winner", "learning", "left-only-trump", 3, "american"))
>>> q.pick, len(q.options)
('one', 4)
"""

from __future__ import annotations

from typing import Any

import euchre
from euchre import Card, Deal, Rank, Suit
from euchre.rng import SeededRandom
from euchre.seats import clockwise_from, seat_after

from euchre_tutorial.quiz.common import (
    SUITS,
    Context,
    pick_jack,
    play_trick,
    seat_name,
    seat_words,
    sentence,
)
from euchre_tutorial.quiz.model import Option, Question
from euchre_tutorial.quiz.rules_code import parse_rules_code
from euchre_tutorial.quiz.traps import is_tricky

TITLE = "Who wins this trick?"


_Setup = tuple[Suit, Card | None, dict[int, Card]]
"""A trick's trump, its lead (None: the leader picks) and the cards some seats must play."""


def candidate(rng: SeededRandom, ctx: Context) -> Question | None:
    """A random trick: every player plays a legal card from a random deal."""
    rules, level, trap = ctx.rules, ctx.level, ctx.qid.trap
    players = rules.players
    deal = Deal.random(rng.below(1 << 32), dealer=rng.below(players), rules=rules)
    leader = rng.below(players)
    seats = clockwise_from(leader, players)
    out = ""
    if rules.partnerships and players == 4 and rng.random() < level.lone_trick_rate:
        lone = _lone_hand(rng, leader, players)
        if lone is None:
            return None
        sitting, out = lone
        seats.remove(sitting)
    hands = {s: list(deal.hands[s]) for s in range(players)}
    setup: _Setup | None = (rng.choice(list(SUITS)), None, {})
    if trap in ("left-led", "left-suit-led", "left-only-trump"):
        setup = _left_bower_trap(rng, trap, hands, seats)
    elif trap == "plain-jack":
        setup = _plain_jack_trap(rng, hands, seats)
    if setup is None:
        return None
    trump, lead, prefer = setup
    cards = play_trick(rng, hands, seats, trump, prefer=prefer, lead=lead)
    return make(ctx, trump, cards, seats, out)


def _lone_hand(rng: SeededRandom, leader: int, players: int) -> tuple[int, str] | None:
    """A random lone player: the seat that sits out and the sentence that says so; None
    when that seat would be the leader."""
    loner = rng.below(players)
    sitting = seat_after(loner, 2, players)
    if sitting == leader:
        return None
    if loner == 0:
        return sitting, "Your partner sits out: you play alone."
    if sitting == 0:
        return sitting, "You sit out: your partner plays alone."
    return (
        sitting,
        f"{seat_name(sitting, players)} sits out: {seat_name(loner, players).lower()} plays alone.",
    )


def _left_bower_trap(
    rng: SeededRandom, trap: str, hands: dict[int, list[Card]], seats: list[int]
) -> _Setup | None:
    """A trick around a left bower: led (``left-led``), or played by a follower to the
    left's own printed suit led (``left-suit-led``) or to a non-trump lead
    (``left-only-trump``); None when the deal holds no fitting jack or lead."""
    holder = seats[0] if trap == "left-led" else rng.choice(seats[1:])
    jack = pick_jack(rng, hands[holder])
    if jack is None or jack.suit is None:
        return None
    trump = jack.suit.partner
    if trap == "left-led":
        return trump, jack, {}
    if trap == "left-suit-led":
        lead_options = [c for c in hands[seats[0]] if c.suit is jack.suit and c != jack]
    else:
        lead_options = [c for c in hands[seats[0]] if not euchre.is_trump(c, trump)]
    if not lead_options:
        return None
    return trump, rng.choice(lead_options), {holder: jack}


def _plain_jack_trap(
    rng: SeededRandom, hands: dict[int, list[Card]], seats: list[int]
) -> _Setup | None:
    """A trick with a jack of the other color than trump (no bower), led or played; None
    when the chosen seat holds no jack."""
    holder = rng.choice(seats)
    jack = pick_jack(rng, hands[holder])
    if jack is None or jack.suit is None:
        return None
    trump = rng.choice([s for s in SUITS if s.is_red != jack.suit.is_red])
    if holder == seats[0]:
        return trump, jack, {}
    return trump, None, {holder: jack}


def make(ctx: Context, trump: Suit, cards: list[Card], seats: list[int], note: str) -> Question:
    """The question for one complete trick."""
    players = ctx.rules.players
    options = []
    for i, (seat, card) in enumerate(zip(seats, cards, strict=True)):
        name = seat_name(seat, players)
        options.append(
            Option(card.code, str(card), card=card, seat=f"{name} · led" if i == 0 else name)
        )
    winner = cards[euchre.trick_winner(cards, trump)]
    who = seat_words(seat_name(seats[0], players))
    prompt = f"{trump.plural.capitalize()} are trump. {who[0].upper()}{who[1:]} led {cards[0]}."
    if note:
        prompt += f" {note}"
    prompt += " Which card wins the trick?"
    return Question(
        id=ctx.qid,
        title=TITLE,
        prompt=prompt,
        trump=trump,
        pick="one",
        options=tuple(options),
        answer=(winner.code,),
        trick=tuple(cards),
    )


def accept(question: Question) -> bool:
    """Any legal trick of three cards or more will do (two at a two-handed table)."""
    players = parse_rules_code(question.id.rules).players
    return len(question.trick) >= min(3, players)


def explain(question: Question, given: list[str], ctx: Context) -> dict[str, Any]:
    """The engine's ``explain_trick``, and what a wrongly picked card really is."""
    trump, cards = question.trump, list(question.trick)
    winner = cards[euchre.trick_winner(cards, trump)]
    reasons = [euchre.explain_trick(cards, trump)]
    picked = Card.parse(given[0]) if given else None
    shown = [c for c in cards if is_tricky(c, trump)]
    if picked is not None and picked != winner and picked not in shown and picked.rank is Rank.JACK:
        shown.insert(0, picked)
    for card in shown:
        if card == winner and "left bower" in reasons[0]:
            continue
        text = sentence(euchre.explain_suit(card, trump))
        if text not in reasons:
            reasons.append(text)
    marks = {winner.code: "right"}
    if picked is not None and picked != winner:
        marks[picked.code] = "wrong"
    return {"reasons": reasons, "marks": marks, "cards": {winner.code: "win"}}
