"""Which calls may you make in Bid Euchre's bidding? The engine's ``legal_actions`` of the
deal at your turn to bid answer; its ``why_illegal`` explains each call refused.

>>> from euchre_tutorial.quiz.generate import build
>>> from euchre_tutorial.quiz.model import QuestionId
>>> q = build(QuestionId("bids", "learning", None, 5, "bid-euchre"))
>>> q.pick, q.trump_named, [o.value for o in q.options]
('many', False, ['pass', 'b3', 'b4', 'b5', 'b6', 'moon'])
"""

from __future__ import annotations

from typing import Any

from euchre.rng import SeededRandom

from euchre_tutorial.quiz.auction import (
    action_value,
    bid_choices,
    bid_until,
    bidding_facts,
    high_bid_words,
    replay,
    start,
    value_action,
)
from euchre_tutorial.quiz.common import Context, sentence
from euchre_tutorial.quiz.model import Option, Question

TITLE = "Which bids may you make?"
YOU = 0


def candidate(rng: SeededRandom, ctx: Context) -> Question | None:
    """A deal's bidding played at random up to your turn."""
    recipe, state = start(rng, ctx.rules)
    if bid_until(rng, state, recipe, YOU) is None:
        return None
    return make(ctx, recipe)


def make(ctx: Context, recipe: dict[str, Any]) -> Question:
    """The question at your turn to bid in the deal of ``recipe``."""
    state = replay(recipe, ctx.rules)
    legal = {action_value(a) for a in state.legal_actions()}
    options = tuple(Option(value, label) for value, label in bid_choices(ctx.rules))
    facts = bidding_facts(state)
    if state.bidder is None:
        facts.append("Nobody has bid yet.")
    return Question(
        id=ctx.qid,
        title=TITLE,
        prompt="It is your turn to bid. Which calls may you make? Choose every one allowed.",
        trump=None,
        trump_named=False,
        pick="many",
        options=options,
        answer=tuple(o.value for o in options if o.value in legal),
        facts=tuple(facts),
        score=dict(recipe),
    )


def accept(question: Question) -> bool:
    """Every turn to bid will do."""
    return bool(question.answer)


def explain(question: Question, given: list[str], ctx: Context) -> dict[str, Any]:
    """The high bid so far, the engine's reason for each refused call the reader chose (or
    the first refused one), and the marks."""
    state = replay(question.score, ctx.rules)
    reasons = [high_bid_words(state) or "Nobody has bid yet, so every bid is open to you."]
    refused = [o.value for o in question.options if o.value not in question.answer]
    wrong = [v for v in given if v in refused]
    for value in wrong or refused[:1]:
        why = state.why_illegal(value_action(value))
        if why and sentence(f"{question.option(value).label}: {why}") not in reasons:
            reasons.append(sentence(f"{question.option(value).label}: {why}"))
    allowed = ", ".join(question.option(v).label for v in question.answer)
    reasons.append(f"You may: {allowed}.")
    marks = {}
    for option in question.options:
        if option.value in question.answer:
            marks[option.value] = "right" if option.value in given else "missed"
        elif option.value in given:
            marks[option.value] = "wrong"
    return {"reasons": reasons, "marks": marks, "cards": {}}
