"""The lesson widget: the path of lessons and a table where each step is played.

At build time, :func:`render` validates every lesson (a broken one stops the build, naming
its id and step) and draws the path and the first step. In the browser the handlers
``lesson.start``, ``lesson.step``, ``lesson.act`` and ``lesson.hint`` play the steps; the
page sends the lesson id, the step number and the learner's accepted moves, and every
answer is recomputed from those.

>>> model = start({"lesson": "bowers"})
>>> model["step"]["number"], model["table"]["your_turn"]
(1, True)
>>> act({"lesson": "bowers", "step": 0, "moves": [], "card": "Ac"})["rejected"]["legal"]
True
>>> reply = act({"lesson": "bowers", "step": 0, "moves": [], "card": "Jh"})
>>> reply["model"]["outcome"], len(reply["frames"])
(True, 4)
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any

import euchre

from euchre_tutorial.bridge import BridgeError, expose
from euchre_tutorial.lessons import Lesson, computer, default_lessons, lesson_by_id, load_lessons
from euchre_tutorial.lessons.markup import table_html
from euchre_tutorial.lessons.runner import StepRun, replay, stars
from euchre_tutorial.lessons.table import card_action, table_model
from euchre_tutorial.widgets import WidgetConfigError

if TYPE_CHECKING:
    from euchre import Rules

CONFIG_KEYS = {
    "source": "a folder of lesson TOML files to use instead of the site's lesson path "
    "(for tests); every lesson is validated at build time",
}


def check_config(raw: Mapping[str, str], rules: Rules) -> dict[str, Any]:
    """The fence's settings: an optional ``source`` folder."""
    source = raw.get("source", "").strip()
    if source and not Path(source).is_dir():
        raise WidgetConfigError(f"source: {source!r} is not a folder of lesson files")
    return {"source": source} if source else {}


# ---------------------------------------------------------------------- models
def _lesson(payload: Mapping[str, Any]) -> Lesson:
    if not isinstance(payload, Mapping):
        raise BridgeError("a lesson request is a JSON object")
    try:
        return lesson_by_id(str(payload.get("lesson", "")))
    except ValueError as exc:
        raise BridgeError(str(exc)) from None


def _index(lesson: Lesson, payload: Mapping[str, Any]) -> int:
    index = payload.get("step", 0)
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(lesson.steps):
        raise BridgeError(f"lesson {lesson.id!r} has no step {index!r}")
    return index


def _moves(payload: Mapping[str, Any]) -> list[str]:
    moves = payload.get("moves", [])
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise BridgeError("'moves' is a list of action texts")
    return list(moves)


def _feedback(run: StepRun) -> str:
    """What the learner reads when the step is decided: the lesson's note and the engine's
    explanation of the trick or the score."""
    step = run.step
    parts: list[str] = []
    if run.outcome is True and step.success:
        parts.append(step.success)
    if run.outcome is False and step.wrong:
        parts.append(step.wrong)
    start = run.start
    state = run.state
    if start is not None and len(state.tricks) > len(start.tricks):
        trick = state.tricks[-1]
        parts.append(euchre.explain_trick(trick.cards, state.trump))
    if state.over and state.result is not None:
        parts.append(euchre.explain_score(state))
    if run.outcome is True and not parts:
        parts.append("Well done.")
    return " ".join(parts)


def step_model(run: StepRun) -> dict[str, Any]:
    """Everything the lesson shows for a step in progress (JSON-ready)."""
    lesson, step = run.lesson, run.step
    last = run.index == len(lesson.steps) - 1
    return {
        "lesson": {"id": lesson.id, "title": lesson.title, "summary": lesson.summary,
                   "steps": len(lesson.steps)},
        "step": {"index": run.index, "number": step.number, "id": step.id,
                 "narration": step.narration, "goal": step.goal_text, "seat": step.seat,
                 "hints": len(step.hints) + (1 if step.coach else 0)},
        "table": table_model(run.state, step.seat, reveal=step.reveal),
        "moves": list(run.moves),
        "outcome": run.outcome,
        "feedback": "" if run.outcome is None else _feedback(run),
        "complete": run.outcome is True and last,
    }


def path_model() -> list[dict[str, Any]]:
    """The lesson path: id, title, summary and number of steps of each lesson."""
    return [
        {"id": lesson.id, "title": lesson.title, "summary": lesson.summary,
         "steps": len(lesson.steps)}
        for lesson in default_lessons()
    ]


# ---------------------------------------------------------------------- handlers
@expose("lesson.list")
def lesson_list(payload: Any) -> list[dict[str, Any]]:
    """Bridge handler: the lesson path."""
    return path_model()


@expose("lesson.start")
def start(payload: Mapping[str, Any]) -> dict[str, Any]:
    """Bridge handler: ``{"lesson": id}`` -> the first step's model."""
    lesson = _lesson(payload)
    return step_model(replay(lesson, 0, []))


@expose("lesson.step")
def step(payload: Mapping[str, Any]) -> dict[str, Any]:
    """Bridge handler: ``{"lesson", "step", "moves"}`` -> that step after those moves."""
    lesson = _lesson(payload)
    return step_model(replay(lesson, _index(lesson, payload), _moves(payload)))


@expose("lesson.act")
def act(payload: Mapping[str, Any]) -> dict[str, Any]:
    """Bridge handler: the learner's action (``"action"`` text or a ``"card"`` code).

    Returns ``{"rejected": {reason, note, legal}}`` when it is not taken (the card stays in
    the hand), else ``{"frames": [table after each action], "model": ...}``."""
    lesson = _lesson(payload)
    run = replay(lesson, _index(lesson, payload), _moves(payload))
    if "card" in payload:
        kind = card_action(run.state) if run.state.to_act == run.step.seat else None
        text = f"{kind or 'play'} {payload['card']}"
    else:
        text = str(payload.get("action", ""))
    before = len(run.events)
    rejected = run.move(text)
    if rejected is not None:
        return {"rejected": {"reason": rejected.reason, "note": rejected.note,
                             "legal": rejected.legal}}
    seat, reveal = run.step.seat, run.step.reveal
    frames = [table_model(e.state, seat, reveal=reveal) for e in run.events[before:]]
    return {"frames": frames, "model": step_model(run)}


@expose("lesson.hint")
def hint(payload: Mapping[str, Any]) -> dict[str, Any]:
    """Bridge handler: hint number ``level`` (0 = mildest) for the step; after the lesson's
    own hints, a step that allows it gets the coach's advice."""
    lesson = _lesson(payload)
    run = replay(lesson, _index(lesson, payload), _moves(payload))
    hints = run.step.hints
    level = payload.get("level", 0)
    level = level if isinstance(level, int) and level >= 0 else 0
    if level < len(hints):
        return {"text": hints[level], "level": level, "more": level + 1 < len(hints) or run.step.coach}
    if run.step.coach and run.state.to_act == run.step.seat:
        advice = computer.advise(run.state)
        return {"text": "", "level": level, "more": True, "coach": advice}
    return {"text": hints[-1], "level": len(hints) - 1, "more": False}


@expose("lesson.stars")
def lesson_stars(payload: Mapping[str, Any]) -> int:
    """Bridge handler: the stars a finished lesson earns for its mistakes and hints."""
    return stars(int(payload.get("mistakes", 0)), int(payload.get("hints", 0)))


# ---------------------------------------------------------------------- build time
def _path_html(lessons: list[Lesson]) -> str:
    items = "".join(
        f'<li class="eu-path-item" data-lesson="{lesson.id}">'
        f'<a class="eu-path-link" href="?lesson={lesson.id}" data-lesson-link="{lesson.id}">'
        f'<span class="eu-path-number">{n}</span>'
        f'<span class="eu-path-title">{escape(lesson.title)}</span>'
        f'<span class="eu-stars" data-stars="0" aria-label="not done yet">'
        '<span aria-hidden="true">☆☆☆</span></span></a></li>'
        for n, lesson in enumerate(lessons, start=1)
    )
    return (
        '<nav class="eu-path" aria-label="Lessons">'
        f'<ol class="eu-path-list">{items}</ol>'
        '<div class="eu-path-tools"><button type="button" class="eu-link-button" '
        'data-reset-all disabled>Reset all progress</button></div></nav>'
    )


def render(config: Mapping[str, Any], rules: Rules) -> str:
    """The path and the first lesson's first step. Every lesson is validated first: a broken
    one raises LessonError naming its id and step, which stops ``mkdocs build --strict``."""
    source = str(config.get("source", "") or "")
    lessons = load_lessons(source or None, check=True)
    first = lessons[0]
    run = replay(first, 0, [])
    model = step_model(run)
    return (
        '<div class="eu-lesson">'
        f"{_path_html(lessons)}"
        '<section class="eu-stage" aria-label="Lesson">'
        f'<header class="eu-stage-head"><h2 class="eu-stage-title">{escape(first.title)}</h2>'
        f'<p class="eu-stage-count">Step 1 of {len(first.steps)}</p></header>'
        f'<p class="eu-narration">{escape(model["step"]["narration"])}</p>'
        f'<p class="eu-goal"><strong>Goal:</strong> {escape(model["step"]["goal"])}</p>'
        f'<div class="eu-play">{table_html(model["table"])}</div>'
        '<div class="eu-feedback" role="status" aria-live="polite"></div>'
        '<div class="eu-stage-tools"></div>'
        "</section></div>"
    )
