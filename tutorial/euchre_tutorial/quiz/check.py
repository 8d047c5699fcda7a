"""Checking an answer: right or wrong, the engine's reason, and the cards to highlight.

>>> from euchre_tutorial.quiz.generate import build
>>> from euchre_tutorial.quiz.model import QuestionId
>>> q = build(QuestionId("suit", "learning", "left-led", 1, "american"))
>>> fb = check(q, [q.trump.letter])
>>> fb["correct"], fb["verdict"]
(True, 'Right.')
>>> wrong = [o.value for o in q.options if o.value != q.trump.letter][0]
>>> check(q, [wrong])["reasons"][0] == fb["reasons"][0]
True
"""

from __future__ import annotations

from typing import Any

from euchre_tutorial.quiz.generate import explain
from euchre_tutorial.quiz.model import Question


class AnswerError(ValueError):
    """An answer that does not fit the question (not one of its options)."""


def normalize(question: Question, given: Any) -> list[str]:
    """The answer as a list of option values, checked against the question's options."""
    if isinstance(given, str):
        given = [given]
    if not isinstance(given, list) or not all(isinstance(v, str) for v in given):
        raise AnswerError("An answer is a list of the options' values.")
    values = [o.value for o in question.options]
    if any(v not in values for v in given) or len(set(given)) != len(given):
        raise AnswerError("That answer is not one of this question's options.")
    if question.pick == "one" and len(given) != 1:
        raise AnswerError("Pick exactly one answer.")
    if question.pick == "order" and len(given) != len(values):
        raise AnswerError("Put every card in order before checking.")
    return list(given)


def is_right(question: Question, given: list[str]) -> bool:
    """Compare with the stored answer (a set for "choose all that apply")."""
    if question.pick == "many":
        return set(given) == set(question.answer)
    return tuple(given) == question.answer


def check(question: Question, given: Any) -> dict[str, Any]:
    """The feedback for an answer."""
    answer = normalize(question, given)
    correct = is_right(question, answer)
    why = explain(question, answer)
    return {
        "id": str(question.id),
        "correct": correct,
        "verdict": "Right." if correct else "Not quite.",
        "given": answer,
        "answer": list(question.answer),
        "answer_text": question.answer_text(),
        "reasons": why["reasons"],
        "marks": why["marks"],
        "cards": why["cards"],
    }
