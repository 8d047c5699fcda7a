"""What does this deal of Bid Euchre score? The engine's ``score_hand`` answers from the
bid and the bidders' tricks; its ``explain_score`` explains.

>>> from euchre_tutorial.quiz.generate import build
>>> from euchre_tutorial.quiz.model import QuestionId
>>> q = build(QuestionId("bidscore", "learning", None, 4, "bid-euchre"))
>>> q.pick, q.answer[0] in [o.value for o in q.options], len(q.options) >= 3
('one', True, True)
"""

from __future__ import annotations

from typing import Any

import euchre
from euchre import HandResult, Suit
from euchre.rng import SeededRandom

from euchre_tutorial.quiz.common import (
    SUITS,
    Context,
    score_explanation,
    seat_name,
    seat_words,
    sentence,
)
from euchre_tutorial.quiz.model import Option, Question

TITLE = "What does this bid score?"
MOON_RATE = 15  # percent of the deals whose bid is the moon
CHOICES = 4


def candidate(rng: SeededRandom, ctx: Context) -> Question | None:
    """A bid (the moon now and then), a trump and the bidders' tricks near the bid."""
    rules = ctx.rules
    tricks = rules.hand_size
    moon = rng.below(100) < MOON_RATE
    bid = tricks if moon else rng.choice(list(range(rules.minimum_bid, tricks + 1)))
    made = min(tricks, max(0, bid + rng.choice([-2, -1, -1, 0, 0, 1, 2])))
    trump: Suit | None = rng.choice(list(SUITS))
    if rules.no_trump and rng.below(4) == 0:
        trump = None
    return make(ctx, rng.below(rules.players), bid, moon, made, trump)


def _value(points: tuple[int, int]) -> str:
    """An option's value: the bidders' points, then the defenders' ("-" written "n").

    >>> _value((-4, 3)), _value((5, 1))
    ('bn4d3', 'b5d1')
    """
    return f"b{points[0]}d{points[1]}".replace("-", "n")


def _label(points: tuple[int, int]) -> str:
    """An option in words.

    >>> _label((-4, 3)), _label((12, 0))
    ('The bidders lose 4 points; the defenders score 3', 'The bidders score 12 points; the defenders score 0')
    """
    bidders, defenders = points
    said = f"lose {_points(-bidders)}" if bidders < 0 else f"score {_points(bidders)}"
    return f"The bidders {said}; the defenders score {defenders}"


def _points(n: int) -> str:
    return "1 point" if n == 1 else f"{n} points"


def _choices(right: tuple[int, int], bid: int, made: int, tricks: int) -> list[tuple[int, int]]:
    """The right score among the slips a learner makes: the bid scored instead of the
    tricks, the tricks lost instead of the bid, the sign turned, the defenders forgotten."""
    bidders, defenders = right
    slips = [
        (bid, defenders),
        (made, defenders),
        (-bid, defenders),
        (-made, tricks - made),
        (-bidders, defenders),
        (bidders, 0 if defenders else tricks - made),
    ]
    chosen = [right]
    for slip in slips:
        if slip not in chosen and len(chosen) < CHOICES:
            chosen.append(slip)
    return sorted(chosen, reverse=True)


def make(
    ctx: Context, bidder: int, bid: int, moon: bool, made: int, trump: Suit | None
) -> Question:
    """The question for one finished deal."""
    rules = ctx.rules
    points = euchre.score_hand(made, moon, rules, bid=bid)
    who = seat_words(seat_name(bidder, rules.players))
    facts = [
        sentence(f"{who} shot the moon" if moon else f"{who} bid {bid}"),
        sentence(f"The bidders took {made} of the {rules.hand_size} tricks"),
    ]
    options = tuple(
        Option(_value(p), _label(p)) for p in _choices(points, bid, made, rules.hand_size)
    )
    return Question(
        id=ctx.qid,
        title=TITLE,
        prompt="How many points does each side score for this deal?",
        trump=trump,
        pick="one",
        options=options,
        answer=(_value(points),),
        facts=tuple(facts),
        score={"bidder": bidder, "bid": bid, "moon": moon, "made": made},
    )


def result_of(question: Question, ctx: Context) -> HandResult:
    """The HandResult behind a question, as the engine scores it."""
    rules, s = ctx.rules, question.score
    bidders, defenders = euchre.score_hand(s["made"], s["moon"], rules, bid=s["bid"])
    team = rules.team_of(s["bidder"])
    points = [defenders] * rules.num_teams
    points[team] = bidders
    return HandResult(
        tuple(points), team, s["made"], s["moon"], bid=s["bid"], tricks=rules.hand_size
    )


def accept(question: Question) -> bool:
    """A question with at least three answers to choose from."""
    return len(question.options) >= 3


def explain(question: Question, given: list[str], ctx: Context) -> dict[str, Any]:
    """The engine's ``explain_score``."""
    return score_explanation(result_of(question, ctx), question.answer[0], given)
