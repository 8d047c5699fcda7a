"""The question generator: for each recipe, a seeded random dealer and an ``accept``
predicate (the kind's own, and the trap the recipe asks for); the engine computes every
answer. No global random state: every choice comes from ``euchre.rng.SeededRandom``.

>>> q = build(QuestionId("winner", "learning", None, 9, "american"))
>>> q == build(QuestionId.parse(str(q.id)))
True
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from types import ModuleType
from typing import Any

from euchre.rng import SeededRandom

from euchre_tutorial.quiz import bids, bidscore, leader, order, plays, score, suit, winner
from euchre_tutorial.quiz.common import Context
from euchre_tutorial.quiz.levels import LEVELS, game_kinds
from euchre_tutorial.quiz.model import KINDS, Question, QuestionId
from euchre_tutorial.quiz.rules_code import parse_rules_code
from euchre_tutorial.quiz.traps import KIND_TRAPS, has_tricky_card, traps_in

MODULES: dict[str, ModuleType] = {
    "plays": plays,
    "winner": winner,
    "suit": suit,
    "order": order,
    "score": score,
    "bids": bids,
    "leader": leader,
    "bidscore": bidscore,
}
MAX_TRIES = 4000


class GenerationError(RuntimeError):
    """No acceptable question was found (a trap these rules cannot produce)."""


def accepts(question: Question) -> bool:
    """The whole predicate: the kind's own test, and the trap exactly as asked."""
    module = MODULES[question.kind]
    if not module.accept(question):
        return False
    if question.trap is not None:
        return question.trap in traps_in(question)
    return not has_tricky_card(question)


def context(qid: QuestionId) -> Context:
    """The level and rules of a recipe."""
    return Context(qid, LEVELS[qid.level], parse_rules_code(qid.rules))


@lru_cache(maxsize=512)
def build(qid: QuestionId) -> Question:
    """The question of a recipe: the same recipe always gives the same question."""
    if qid.trap is not None and qid.trap not in KIND_TRAPS[qid.kind]:
        raise ValueError(f"a {qid.kind} question cannot hold the trap {qid.trap!r}")
    ctx = context(qid)
    if qid.kind not in game_kinds(ctx.rules.variant):
        raise ValueError(f"a quiz of {ctx.rules.variant_spec.title} asks no {qid.kind} question")
    candidate: Callable[[SeededRandom, Context], Question | None] = MODULES[qid.kind].candidate
    rng = SeededRandom((qid.seed << 3) | KINDS.index(qid.kind))
    for _ in range(MAX_TRIES):
        question = candidate(rng, ctx)
        if question is not None and accepts(question):
            return question
    raise GenerationError(f"no {qid.kind} question with {qid.trap or 'no trap'} under these rules")


def explain(question: Question, given: list[str]) -> dict[str, Any]:
    """The kind's reasons and marks for an answer."""
    result: dict[str, Any] = MODULES[question.kind].explain(question, given, context(question.id))
    return result
