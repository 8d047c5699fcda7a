"""A printable question sheet with a separate answer key, for a teacher.

>>> from euchre_tutorial.quiz.spec import QuizSpec
>>> model = sheet_model(QuizSpec(seed=3, count=4))
>>> len(model["questions"]), len(model["key"]), model["key"][0]["number"]
(4, 4, 1)
>>> model["subtitle"]
'Quiz code: seed 3, American rules.'
"""

from __future__ import annotations

from typing import Any

from euchre_tutorial.quiz.check import check
from euchre_tutorial.quiz.generate import build
from euchre_tutorial.quiz.levels import LEVELS
from euchre_tutorial.quiz.rules_code import code_in_words, parse_rules_code
from euchre_tutorial.quiz.spec import QuizSpec


def sheet_model(spec: QuizSpec) -> dict[str, Any]:
    """The questions (as the page draws them) and the key: each answer with its reasons."""
    questions = []
    key = []
    for number, qid in enumerate(spec.question_ids(), start=1):
        question = build(qid)
        questions.append({**question.to_public(), "number": number})
        feedback = check(question, list(question.answer))
        key.append(
            {"number": number, "answer": question.answer_text(), "reasons": feedback["reasons"]}
        )
    level = LEVELS[spec.level].label
    rules = code_in_words(spec.rules)
    game = parse_rules_code(spec.rules).variant_spec.title
    name = "Euchre trick quiz" if game == "Euchre" else f"{game} quiz"
    return {
        "title": f"{name}: {spec.count} questions, {level.lower()} level",
        "subtitle": f"Quiz code: seed {spec.seed}, {rules.rstrip('.')}.",
        "spec": spec.to_dict(),
        "questions": questions,
        "key": key,
    }
