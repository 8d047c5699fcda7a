"""Checking a lesson before it is published: possible deals, legal scripted actions,
expected actions the rules allow, and goals the learner can reach.

Any problem raises :class:`LessonError` naming the lesson's id and the step, so a broken
lesson stops ``mkdocs build --strict``.
"""

from __future__ import annotations

import copy

from euchre_tutorial.lessons.model import Lesson, LessonError
from euchre_tutorial.lessons.runner import StepRun, end_state, start_run

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
        raise LessonError(lesson.id, step.label, "the goal search is too large: give an expected action")
    what = step.goal.text if step.goal else "the expected action"
    raise LessonError(lesson.id, step.label, f"the goal cannot be reached: {what}")


def validate(lesson: Lesson) -> None:
    """Raise LessonError unless every step of ``lesson`` can be played as written."""
    for index, step in enumerate(lesson.steps):
        run = start_run(lesson, index, strict=True)
        for text in step.expect:
            reason = run.state.why_illegal(text)
            if reason is not None:
                raise LessonError(lesson.id, step.label, f"the expected action {text!r} is illegal: {reason}")
        solution(lesson, index)
        if index + 1 < len(lesson.steps) and lesson.steps[index + 1].deal is None:
            end_state(lesson, index)
