"""What does this deal score? The engine's ``score_hand`` answers; ``explain_score``
explains.

>>> from euchre_tutorial.quiz.generate import build
>>> from euchre_tutorial.quiz.model import QuestionId
>>> q = build(QuestionId("score", "confident", None, 4, "american"))
>>> q.pick, [o.value for o in q.options][:3]
('one', ['m1', 'm2', 'm4'])
"""

from __future__ import annotations

from typing import Any

import euchre
from euchre import HandResult
from euchre.rng import SeededRandom
from euchre.seats import next_seat

from euchre_tutorial.quiz.common import SUITS, Context, score_explanation
from euchre_tutorial.quiz.model import Option, Question

TITLE = "What does this deal score?"
_TRICKS = (0, 1, 2, 2, 3, 3, 3, 4, 4, 5, 5)
_OPTIONS = (
    ("m1", "The makers score 1 point"),
    ("m2", "The makers score 2 points"),
    ("m4", "The makers score 4 points"),
    ("d2", "The defenders score 2 points"),
    ("d4", "The defenders score 4 points"),
)
_WORDS = ("no", "one", "two", "three", "four", "five")
_SEATS = ("You", "Your left-hand opponent", "Your partner", "Your right-hand opponent")


def _seat(seat: int, players: int) -> str:
    """A seat starting a sentence: at four in teams where it sits from the reader's,
    else its number.

    >>> _seat(2, 4), _seat(0, 6), _seat(3, 6)
    ('Your partner', 'You', 'Player 4')
    """
    if players == 4:
        return _SEATS[seat]
    return "You" if seat == 0 else f"Player {seat + 1}"


def _defender(maker: int, players: int = 4) -> str:
    """Who defends alone against a lone maker: the maker's left-hand player, the first who
    is asked. The score is the same whichever defender it is.

    >>> _defender(0), _defender(3), _defender(5, 6)
    ('your left-hand opponent', 'you', 'you')
    """
    seat = _seat(next_seat(maker, players), players)
    return seat if seat.startswith("Player") else seat[0].lower() + seat[1:]


def _makers(rules: euchre.Rules, maker: int) -> str:
    """Which side made trump, for a table in teams.

    >>> _makers(euchre.Rules().at_table("6"), 2)
    'you and your partners'
    """
    if rules.team_of(maker) != rules.team_of(0):
        return "your opponents"
    return "you and your partner" if rules.players == 4 else "you and your partners"


def candidate(rng: SeededRandom, ctx: Context) -> Question | None:
    """Who made trump, whether someone went alone, and the makers' tricks."""
    rules, level = ctx.rules, ctx.level
    trump = rng.choice(list(SUITS))
    partners = rules.partnerships  # four, or six in two teams of three: a maker may go alone
    maker = rng.below(rules.players)
    alone = partners and rng.random() < level.alone_rate
    defender_alone = alone and rules.defend_alone and rng.random() < 0.5
    tricks = rng.choice(list(_TRICKS))
    if defender_alone and tricks > 2:
        tricks = rng.choice([0, 1, 2])
    return make(ctx, trump.plural, maker, alone, defender_alone, tricks)


def _result(ctx: Context, maker: int, alone: bool, defender_alone: bool, tricks: int) -> HandResult:
    rules = ctx.rules
    makers_points, defenders_points = euchre.score_hand(tricks, alone, rules, defender_alone)
    team = rules.team_of(maker)
    points = [defenders_points] * rules.num_teams
    points[team] = makers_points
    return HandResult(tuple(points), team, tricks, alone, defender_alone)


def make(
    ctx: Context, trump: str, maker: int, alone: bool, defender_alone: bool, tricks: int
) -> Question:
    """The question for one finished deal."""
    rules = ctx.rules
    who = _seat(maker, rules.players)
    facts = [f"{who} named {trump} as trump."]
    if rules.partnerships:
        facts[0] += f" The makers are {_makers(rules, maker)}."
    if alone:
        lone_defender = _defender(maker, rules.players)
        facts.append(
            f"{who} went alone"
            + (f", and {lone_defender} defended alone." if defender_alone else ".")
        )
    count = {0: "no tricks", 1: "one trick", 5: "all five tricks"}.get(
        tricks, f"{_WORDS[tricks]} tricks"
    )
    facts.append(f"The makers took {count}.")
    result = _result(ctx, maker, alone, defender_alone, tricks)
    makers_points = result.points[result.makers or 0]
    answer = f"m{makers_points}" if makers_points else f"d{max(result.points)}"
    return Question(
        id=ctx.qid,
        title=TITLE,
        prompt="How many points does this deal score, and for which side?",
        trump=euchre.Suit.parse(trump),
        pick="one",
        options=tuple(Option(v, label) for v, label in _OPTIONS),
        answer=(answer,),
        facts=tuple(facts),
        score={
            "maker": maker,
            "alone": alone,
            "defender_alone": defender_alone,
            "maker_tricks": tricks,
        },
    )


def result_of(question: Question, ctx: Context) -> HandResult:
    """The HandResult behind a score question."""
    s = question.score
    return _result(ctx, s["maker"], s["alone"], s["defender_alone"], s["maker_tricks"])


def accept(question: Question) -> bool:
    """Every deal will do."""
    return bool(question.facts)


def explain(question: Question, given: list[str], ctx: Context) -> dict[str, Any]:
    """The engine's ``explain_score``."""
    return score_explanation(result_of(question, ctx), question.answer[0], given)


__all__ = ["SUITS", "accept", "candidate", "explain", "make"]
