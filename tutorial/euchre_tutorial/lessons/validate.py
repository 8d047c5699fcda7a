"""Checking a lesson before it is published: possible deals, legal scripted actions,
expected actions the rules allow, goals the learner can reach, claims about the cards that
are true, cards named in the texts that the learner can see, and texts and prompts that
offer only what the rules allow.

Any problem raises :class:`LessonError` naming the lesson's id and the step, so a broken
lesson stops ``mkdocs build --strict``.
"""

from __future__ import annotations

import copy
import re

from euchre import Card, HandState

from euchre_tutorial.lessons.claims import check
from euchre_tutorial.lessons.model import Lesson, LessonError, Step
from euchre_tutorial.lessons.runner import StepRun, end_state, start_run

_CARD = re.compile(r"(?<![\w♣♦♥♠])(10|[9JQKA])([♣♦♥♠])")
_OFFERS_PASS = re.compile(r"\bor pass\b|\bpass\s*[.!]|\bmay pass\b", re.IGNORECASE)

SEARCH_LIMIT = 4000


class _Search:
    def __init__(self) -> None:
        self.nodes = 0
        self.error: LessonError | None = None

    def solve(self, run: StepRun) -> list[str] | None:
        """A line of learner moves that reaches the goal, or None."""
        if run.outcome is True:
            return list(run.moves)
        if run.outcome is False or run.state.to_act is None:
            return None
        self.nodes += 1
        if self.nodes > SEARCH_LIMIT:
            return None
        for action in run.state.legal_actions():
            branch = copy.copy(run)
            branch.script = list(run.script)
            branch.events = list(run.events)
            branch.moves = list(run.moves)
            try:
                if branch.move(str(action)) is not None:
                    continue
            except LessonError as exc:
                self.error = self.error or exc
                continue
            found = self.solve(branch)
            if found is not None:
                return found
        return None


def solution(lesson: Lesson, index: int) -> list[str]:
    """A line of learner moves that completes step ``index``; raises when there is none."""
    step = lesson.steps[index]
    run = start_run(lesson, index, strict=True)
    search = _Search()
    found = search.solve(run)
    if found is not None:
        return found
    if search.error is not None:
        raise search.error
    if search.nodes > SEARCH_LIMIT:
        raise LessonError(
            lesson.id, step.label, "the goal search is too large: give an expected action"
        )
    what = step.goal.text if step.goal else "the expected action"
    raise LessonError(lesson.id, step.label, f"the goal cannot be reached: {what}")


def _texts(step: Step) -> dict[str, str]:
    texts = {"narration": step.narration, "wrong": step.wrong, "success": step.success}
    texts.update({f"hint {n}": h for n, h in enumerate(step.hints, start=1)})
    return texts


def _visible(state: HandState, me: int, reveal: bool) -> set[Card]:
    """The cards the learner can see when first to act (every hand when the step reveals)."""
    seen = set(state.hand(me))
    if state.upcard is not None:
        seen.add(state.upcard)
    seen.update(c for t in state.tricks for c in t.cards)
    seen.update(c for _, c in state.current_trick)
    if state.discard is not None and state.dealer == me:
        seen.add(state.discard)
    if reveal:
        for seat in range(state.players):
            seen.update(state.hand(seat))
    return seen


def check_words(lesson: Lesson, step: Step, state: HandState) -> None:
    """Raise LessonError for a false claim, a card named in a text that the learner cannot
    see, or a text or prompt offering an action the rules do not allow."""
    for claim in step.claims:
        reason = check(claim, state, step.seat)
        if reason is not None:
            raise LessonError(lesson.id, step.label, f"{claim.label} is false: {reason}")
    seen = _visible(state, step.seat, step.reveal)
    for key, text in _texts(step).items():
        for claim in step.claims:  # a checked claim may tell what the learner cannot see
            text = text.replace(claim.words, "")
        for rank, symbol in _CARD.findall(text):
            card = Card.parse(rank + symbol)
            if card not in seen:
                raise LessonError(
                    lesson.id,
                    step.label,
                    f"the {key} names the {card}, a card the learner cannot see",
                )
    if state.why_illegal("pass") is not None:
        for key, text in [
            ("narration", step.narration),
            *[(f"hint {n}", h) for n, h in enumerate(step.hints, 1)],
        ]:
            if _OFFERS_PASS.search(text):
                raise LessonError(
                    lesson.id,
                    step.label,
                    f"the {key} offers to pass, which the rules do not allow here",
                )
    _check_prompt(lesson, step, state)


def _check_prompt(lesson: Lesson, step: Step, state: HandState) -> None:
    """The table's prompt and buttons offer only legal actions."""
    from euchre_tutorial.lessons.table import table_model  # the table's own words

    model = table_model(state, step.seat, reveal=step.reveal)
    legal = {str(a) for a in state.legal_actions()}
    for choice in model["choices"]:
        if choice["action"] not in legal:
            raise LessonError(
                lesson.id, step.label, f"the button {choice['label']!r} offers an illegal action"
            )
    if "pass" not in legal and _OFFERS_PASS.search(model["prompt"]):
        raise LessonError(
            lesson.id,
            step.label,
            f"the prompt {model['prompt']!r} offers to pass, which is not allowed here",
        )


def validate(lesson: Lesson) -> None:
    """Raise LessonError unless every step of ``lesson`` can be played as written and says
    only what is true of its cards."""
    for index, step in enumerate(lesson.steps):
        run = start_run(lesson, index, strict=True)
        assert run.start is not None
        check_words(lesson, step, run.start)
        for text in step.expect:
            reason = run.state.why_illegal(text)
            if reason is not None:
                raise LessonError(
                    lesson.id, step.label, f"the expected action {text!r} is illegal: {reason}"
                )
        solution(lesson, index)
        if index + 1 < len(lesson.steps) and lesson.steps[index + 1].deal is None:
            end_state(lesson, index)
