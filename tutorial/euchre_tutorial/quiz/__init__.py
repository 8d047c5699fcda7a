"""The trick quiz: question kinds, each a seeded random dealer plus an ``accept``
predicate, every answer computed and explained by the engine.

>>> spec = QuizSpec(seed=7, count=3)
>>> [q.kind for q in questions(spec)] == [q.kind for q in questions(spec)]
True
"""

from __future__ import annotations

from euchre_tutorial.quiz.check import AnswerError, check
from euchre_tutorial.quiz.generate import GenerationError, accepts, build
from euchre_tutorial.quiz.levels import LEVELS, Level
from euchre_tutorial.quiz.model import KINDS, TRAPS, Option, Played, Question, QuestionId
from euchre_tutorial.quiz.rules_code import parse_rules_code, rules_code
from euchre_tutorial.quiz.spec import QuizSpec, base_spec, parse_query
from euchre_tutorial.quiz.traps import KIND_TRAPS, has_tricky_card, traps_in


def questions(spec: QuizSpec) -> list[Question]:
    """The questions of a quiz, in order."""
    return [build(qid) for qid in spec.question_ids()]


__all__ = [
    "KINDS",
    "KIND_TRAPS",
    "LEVELS",
    "TRAPS",
    "AnswerError",
    "GenerationError",
    "Level",
    "Option",
    "Played",
    "Question",
    "QuestionId",
    "QuizSpec",
    "accepts",
    "base_spec",
    "build",
    "check",
    "has_tricky_card",
    "parse_query",
    "parse_rules_code",
    "questions",
    "rules_code",
    "traps_in",
]
