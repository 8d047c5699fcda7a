"""Playing a lesson step: the learner's moves replayed from the step's start, the computer
seats moving by script or by a computer player, and the step's goal decided.

Everything is recomputed from (lesson, step, the learner's accepted moves), so the browser
keeps no game state of its own and a reload resumes exactly.

>>> from euchre_tutorial.lessons.model import parse_lesson
>>> lesson = parse_lesson({"id": "demo", "title": "Demo", "steps": [{
...     "id": "lead", "narration": "Lead.", "seat": 1,
...     "deal": {"dealer": 0, "upcard": "9h",
...              "hands": ["9c Tc Jc Qc Kc", "9d Td Jd Qd Kd", "9s Ts Js Qs Ks", "Th Jh Qh Kh Ah"]},
...     "before": ["order", "discard 9c"], "expect": "play Kd", "goal": "win this trick",
...     "hints": ["Kings are high."]}]})
>>> run = start_run(lesson, 0)
>>> run.state.to_act, run.outcome
(1, None)
>>> run.move("play 9s").reason
'You do not hold 9♠'
>>> run.move("play Qd").legal
True
>>> run.move("play Kd") is None, run.outcome, len(run.events)
(True, True, 4)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from euchre import Action, HandState

from euchre_tutorial import computer
from euchre_tutorial.lessons.model import Lesson, LessonError, Step
from euchre_tutorial.lessons.stars import stars as stars  # the one star rule, kept here by name


@dataclass(frozen=True)
class Rejected:
    """A learner's action that was not taken: the reason (the engine's words for an illegal
    one) and the lesson's own note (its ``wrong`` text, except for an illegal action in a
    step with a goal, whose ``wrong`` text is about the missed goal). ``legal`` is True for
    a legal action the step does not want."""

    reason: str
    note: str = ""
    legal: bool = False


@dataclass(frozen=True)
class Event:
    """One action taken during a step, with the state right after it."""

    seat: int
    action: Action
    state: HandState
    learner: bool


def _seed(lesson: Lesson, step: Step) -> int:
    return sum(ord(c) for c in lesson.id) * 100 + step.number


@dataclass
class StepRun:
    """A step being played. ``start`` is the state when the learner is first to act."""

    lesson: Lesson
    index: int
    state: HandState
    strict: bool = False
    script: list[str] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    moves: list[str] = field(default_factory=list)
    outcome: bool | None = None
    start: HandState | None = None

    @property
    def step(self) -> Step:
        """The step being played."""
        return self.lesson.steps[self.index]

    def _fail(self, reason: str) -> LessonError:
        return LessonError(self.lesson.id, self.step.label, reason)

    def _apply(self, action: Action, learner: bool) -> None:
        seat = self.state.to_act
        assert seat is not None
        self.state = self.state.apply(action)
        self.events.append(Event(seat, action, self.state, learner))
        if self.start is not None and self.outcome is None:
            self._decide()

    def _decide(self) -> None:
        step = self.step
        if step.goal is None:
            return
        assert self.start is not None
        self.outcome = step.goal.decide(self.start, self.state, step.seat)

    def _computer(self) -> Action:
        while self.script:
            text = self.script.pop(0)
            reason = self.state.why_illegal(text)
            if reason is None:
                return Action.parse(text)
            if self.strict:
                raise self._fail(f"the scripted action {text!r} is illegal: {reason}")
        return computer.choose(self.state, self.step.level, _seed(self.lesson, self.step))

    def auto(self) -> None:
        """Let the computer seats act until the learner is to act, the deal ends or the
        step's outcome is decided."""
        seat = self.step.seat
        while self.outcome is None and self.state.to_act is not None and self.state.to_act != seat:
            self._apply(self._computer(), learner=False)

    def move(self, text: str) -> Rejected | None:
        """Try the learner's action: None when taken (then the computer seats move on),
        else why it was not."""
        step = self.step
        if self.outcome is not None:
            return Rejected("This step is finished: go on to the next one.")
        if self.state.to_act != step.seat:
            return Rejected("It is not your turn.")
        reason = self.state.why_illegal(text)
        if reason is not None:
            # A step with a goal says `wrong` when the goal is missed ("The K♠ beats the 9♠"):
            # beside an illegal card, which was not played, those words would be false.
            note = step.wrong if step.goal is None else ""
            return Rejected(reason[:1].upper() + reason[1:], note)
        action = Action.parse(text)
        if step.expect and not self.moves and str(action) not in step.expect:
            return Rejected(
                "That is allowed by the rules, but it is not what this step asks for.",
                step.wrong,
                legal=True,
            )
        self.moves.append(str(action))
        self._apply(action, learner=True)
        if step.expect and step.goal is None and len(self.moves) == 1:
            self.outcome = True
        self.auto()
        return None

    @property
    def forced(self) -> bool:
        """True when the step allows one line only (a later step may continue from it)."""
        return len(self.step.expect) == 1


def _origin(lesson: Lesson, index: int) -> HandState:
    step = lesson.steps[index]
    if step.deal is not None:
        try:
            state = HandState.new(step.deal, lesson.rules)
        except ValueError as exc:
            raise LessonError(lesson.id, step.label, f"impossible deal: {exc}") from None
    else:
        state = end_state(lesson, index - 1)
    for text in step.before:
        reason = state.why_illegal(text)
        if reason is not None:
            raise LessonError(
                lesson.id, step.label, f"'before' action {text!r} is illegal: {reason}"
            )
        state = state.apply(text)
    return state


def start_run(lesson: Lesson, index: int, strict: bool = False) -> StepRun:
    """The step set up: its deal (or the previous step's end), the ``before`` actions, then
    the computer seats until the learner is to act."""
    step = lesson.steps[index]
    run = StepRun(lesson, index, _origin(lesson, index), strict, list(step.script))
    run.auto()
    if run.state.to_act != step.seat:
        who = "nobody" if run.state.to_act is None else f"seat {run.state.to_act}"
        raise LessonError(
            lesson.id,
            step.label,
            f"the learner (seat {step.seat}) never gets to act: {who} is to act",
        )
    run.start = run.state
    return run


def replay(lesson: Lesson, index: int, moves: list[str]) -> StepRun:
    """The step after the learner's accepted ``moves``; a move that is not accepted raises
    ValueError (the page's record is stale)."""
    run = start_run(lesson, index)
    for text in moves:
        rejected = run.move(text)
        if rejected is not None:
            raise ValueError(f"that move cannot be replayed: {rejected.reason}")
    return run


def end_state(lesson: Lesson, index: int) -> HandState:
    """Where a step ends on its one allowed line (a later step may continue from here)."""
    return _end_state(lesson, index)


@cache
def _end_state(lesson: Lesson, index: int) -> HandState:
    step = lesson.steps[index]
    run = start_run(lesson, index, strict=True)
    if not run.forced:
        raise LessonError(
            lesson.id,
            lesson.steps[index + 1].label,
            f"it continues from step {step.label}, which must expect exactly one action",
        )
    rejected = run.move(step.expect[0])
    if rejected is not None:
        raise LessonError(
            lesson.id,
            step.label,
            f"the expected action {step.expect[0]!r} is refused: {rejected.reason}",
        )
    if run.outcome is None:
        raise LessonError(
            lesson.id,
            lesson.steps[index + 1].label,
            f"it continues from step {step.label}, whose goal needs more than the expected action",
        )
    return run.state
