"""Put these trumps in order. The engine's ``trump_order`` answers.

>>> from euchre_tutorial.quiz.generate import build
>>> from euchre_tutorial.quiz.model import QuestionId
>>> q = build(QuestionId("order", "confident", "left-rank", 2, "american"))
>>> len(q.answer), q.answer[0][0] in "JA"
(5, True)
"""

from __future__ import annotations

from typing import Any

import euchre
from euchre import Card, Suit
from euchre.rng import SeededRandom

from euchre_tutorial.quiz.common import SUITS, Context, sentence
from euchre_tutorial.quiz.model import Option, Question
from euchre_tutorial.quiz.rules_code import parse_rules_code

TITLE = "Put these trumps in order"
_ROLE_NOTES = ("the right bower", "the left bower", "the joker")


def candidate(rng: SeededRandom, ctx: Context) -> Question | None:
    """Some of one suit's trumps, shuffled."""
    rules, level, trap = ctx.rules, ctx.level, ctx.qid.trap
    trump = rng.choice(list(SUITS))
    trumps = euchre.trump_order(trump, deck=rules.deck, joker=rules.joker)
    left = euchre.left_bower(trump)
    pool = [c for c in trumps if c != left]
    size = min(level.order_size, len(trumps))
    rng.shuffle(pool)
    chosen = [*pool[: size - 1], left] if trap == "left-rank" else pool[:size]
    rng.shuffle(chosen)
    return make(ctx, trump, chosen)


def make(ctx: Context, trump: Suit, shown: list[Card]) -> Question:
    """The question for these cards, in the order shown."""
    rules = ctx.rules
    rank = {
        c: i for i, c in enumerate(euchre.trump_order(trump, deck=rules.deck, joker=rules.joker))
    }
    answer = sorted(shown, key=lambda c: rank[c])
    prompt = (
        f"{trump.plural.capitalize()} are trump. Pick these {len(shown)} trumps "
        "from the highest to the lowest."
    )
    return Question(
        id=ctx.qid,
        title=TITLE,
        prompt=prompt,
        trump=trump,
        pick="order",
        options=tuple(Option(c.code, str(c), card=c) for c in shown),
        answer=tuple(c.code for c in answer),
        hand=tuple(shown),
    )


def accept(question: Question) -> bool:
    """Not already in order."""
    return tuple(o.value for o in question.options) != question.answer


def _named(card: Card, trump: Suit) -> str:
    role = euchre.role(card, trump)
    return f"{card} ({role})" if role in _ROLE_NOTES else str(card)


def explain(question: Question, given: list[str], ctx: Context) -> dict[str, Any]:
    """The order, with the bowers named, and what the left bower is."""
    trump = question.trump
    assert trump is not None  # trumps to order: a trump suit
    answer = [Card.parse(v) for v in question.answer]
    reasons = ["From the highest: " + ", ".join(_named(c, trump) for c in answer) + "."]
    left = euchre.left_bower(trump)
    if left in answer:
        rules = parse_rules_code(question.id.rules)
        full = euchre.trump_order(trump, deck=rules.deck, joker=rules.joker)
        above = full[full.index(left) - 1]
        reasons.append(
            sentence(euchre.explain_suit(left, trump))
            + f" It ranks just below {_named(above, trump)}."
        )
    marks = {}
    for i, value in enumerate(question.answer):
        ok = i < len(given) and given[i] == value
        marks[value] = "right" if ok else "wrong"
    return {"reasons": reasons, "marks": marks, "cards": {}}
