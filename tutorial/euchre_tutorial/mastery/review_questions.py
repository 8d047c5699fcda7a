"""A quiz question for each item that is due: what lets a practice quiz ask again what the
learner got wrong anywhere, in free play and the lessons too.

A practice quiz draws its questions from a pool of random ones. An item the learner missed
in a game ("a jack of the other color when spades are trump") is in that pool only by
chance, so it could stay due for days. :func:`question_for` looks for a question of the
quiz's own settings that asks exactly that item; the search is deterministic (the same
record and settings give the same quiz) and bounded.

>>> from euchre_tutorial.quiz import QuizSpec
>>> spec = QuizSpec(seed=5)
>>> qid = question_for(spec, ("left-bower", "a jack of the other color when spades are trump"))
>>> from euchre_tutorial.quiz import QuestionId, build
>>> item_of_question(build(QuestionId.parse(qid)))
('left-bower', 'a jack of the other color when spades are trump')
>>> question_for(spec, ("discard", "what the dealer may discard")) is None
True
"""

from __future__ import annotations

import zlib
from collections.abc import Collection
from datetime import datetime

from euchre_tutorial.mastery.items import Item, item_of_question
from euchre_tutorial.mastery.progress import due_items
from euchre_tutorial.quiz import KIND_TRAPS, QuestionId, QuizSpec, build
from euchre_tutorial.quiz.model import SEED_LIMIT

SKILL_QUESTIONS: dict[str, tuple[tuple[str, str | None], ...]] = {
    "left-bower": (
        ("suit", None),
        *((kind, trap) for kind in ("plays", "winner", "suit") for trap in KIND_TRAPS[kind]),
    ),
    "trick-winner": (("plays", None), ("winner", None)),
    "trump-order": (("order", None), ("order", "left-rank")),
    "scoring": (("score", None),),
    "bidding": (("bids", None), ("leader", None), ("bidscore", None)),
}
"""The kinds and traps of the quiz questions that train each skill (as
:func:`~euchre_tutorial.mastery.items.item_of_question` decides); the other skills
(ordering up, the discard ...) are decisions of play that no quiz question asks."""

SEEDS = 64
"""Seeds tried at most for an item. A wanted trump suit comes up one time in four, a lone
march one time in ten or so, so missing a question that exists is very unlikely."""

BUILDS = 200
"""Questions built at most for one item (a few milliseconds), however many kinds match."""


def question_for(spec: QuizSpec, item: Item) -> str | None:
    """The id of a question of ``spec``'s kinds, level and rules that trains ``item`` (with
    a left-bower trap only when the quiz sets traps), or None when none of them can (or
    none turned up in the bounded search)."""
    shapes = [
        (kind, trap)
        for kind, trap in SKILL_QUESTIONS.get(item[0], ())
        if kind in spec.kinds and (trap is None or spec.traps)
    ]
    builds = 0
    for n in range(SEEDS):
        seed = zlib.crc32(f"{item[0]}\n{item[1]}\n{spec.seed}\n{n}".encode()) % SEED_LIMIT
        for kind, trap in shapes:
            if builds == BUILDS:
                return None
            builds += 1
            qid = QuestionId(kind, spec.level, trap, seed, spec.rules)
            try:
                question = build(qid)
            except (ValueError, RuntimeError):
                continue  # a trap these rules or this level cannot set
            if item_of_question(question) == item:
                return str(qid)
    return None


def due_questions(
    spec: QuizSpec, record: object, now: datetime, asked: Collection[Item] = ()
) -> list[tuple[Item, str]]:
    """A question for each item of ``record`` due at ``now`` that ``asked`` (the items the
    quiz's pool asks already) leaves out, most overdue first, at most ``spec.count``."""
    wanted = [(d["skill"], d["item"]) for d in due_items(record, now=now)]
    found = []
    for item in wanted:
        if item in asked or item[0] not in SKILL_QUESTIONS:
            continue
        qid = question_for(spec, item)
        if qid is not None:
            found.append((item, qid))
        if len(found) == spec.count:
            break
    return found


__all__ = ["SKILL_QUESTIONS", "due_questions", "question_for"]
