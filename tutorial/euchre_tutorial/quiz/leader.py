"""Who leads the first trick of a deal of Bid Euchre? The engine answers: the seat to act
once the bidding is over and trump is named (after the moon's pass, where it is played).

>>> from euchre_tutorial.quiz.generate import build
>>> from euchre_tutorial.quiz.model import QuestionId
>>> q = build(QuestionId("leader", "learning", None, 5, "bid-euchre"))
>>> q.pick, [o.label for o in q.options]
('one', ['You', 'Left opponent', 'Partner', 'Right opponent'])
"""

from __future__ import annotations

from typing import Any

from euchre import ActionKind, HandState, Phase
from euchre.rng import SeededRandom

from euchre_tutorial.quiz.auction import bid_until, bidding_facts, replay, start
from euchre_tutorial.quiz.common import Context, seat_name, seat_words, sentence
from euchre_tutorial.quiz.model import Option, Question

TITLE = "Who leads the first trick?"


def candidate(rng: SeededRandom, ctx: Context) -> Question | None:
    """A whole bidding at random, trump named (and the moon's pass made) at random."""
    recipe, state = start(rng, ctx.rules)
    after = bid_until(rng, state, recipe, None)
    if after is None:
        return None
    actions: list[str] = recipe["actions"]
    while after.phase is not Phase.PLAY:
        action = rng.choice(after.legal_actions())
        actions.append(str(action))
        after = after.apply(action)
    return make(ctx, recipe)


def _trump_words(state: HandState) -> str:
    """Who named trump, and what."""
    who = seat_words(seat_name(state.maker or 0, state.players))
    named = "no-trump" if state.trump is None else f"{state.trump.plural} as trump"
    return sentence(f"{who} named {named}")


def make(ctx: Context, recipe: dict[str, Any]) -> Question:
    """The question once trump is named in the deal of ``recipe``."""
    state = replay(recipe, ctx.rules)
    facts = bidding_facts(state)
    facts.append(_trump_words(state))
    if any(a.kind is ActionKind.GIVE for a in state.actions):
        facts.append("The shooter's partner passed the shooter a card and sits out.")
    elif state.sitting_out:
        facts.append("The shooter's partner sits out.")
    players = state.players
    return Question(
        id=ctx.qid,
        title=TITLE,
        prompt="The bidding is over and trump is named. Who leads the first trick?",
        trump=state.trump,
        pick="one",
        options=tuple(Option(str(s), seat_name(s, players)) for s in range(players)),
        answer=(str(state.to_act),),
        facts=tuple(facts),
        score=dict(recipe),
    )


def accept(question: Question) -> bool:
    """Every finished bidding will do."""
    return len(question.facts) > 2


def explain(question: Question, given: list[str], ctx: Context) -> dict[str, Any]:
    """Who won the bidding, and that the high bidder leads (as the engine played it)."""
    state = replay(question.score, ctx.rules)
    players = state.players
    leader = state.to_act if state.to_act is not None else 0
    bidder = state.bidder if state.bidder is not None else leader
    who = seat_words(seat_name(bidder, players))
    won = "with the moon" if state.declared_alone else f"with a bid of {state.bid}"
    reasons = [sentence(f"{who} won the bidding {won}")]
    if leader == bidder:
        reasons.append(sentence(f"The high bidder names trump and leads the first trick: {who}"))
    else:  # pragma: no cover - the engine's rules have the high bidder lead
        reasons.append(sentence(f"{seat_words(seat_name(leader, players))} leads"))
    marks = {question.answer[0]: "right"}
    if given and given[0] != question.answer[0]:
        marks[given[0]] = "wrong"
    return {"reasons": reasons, "marks": marks, "cards": {}}
