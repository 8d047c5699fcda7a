"""The lesson widget: the path of lessons and a table where each step is played.

At build time, :func:`render` validates every lesson (a broken one stops the build, naming
its id and step) and draws the path and the first step. In the browser the handlers
``lesson.step``, ``lesson.act``, ``lesson.hint`` and ``lesson.finish`` play the steps;
the page sends the lesson id, the step number and the learner's accepted moves, and every
answer is recomputed from those. The stars of the lesson path are drawn by Python once
(:func:`euchre_tutorial.present.lesson.every_stars_html`, in the page's island).

A reply carries the regions to draw and a few flags (:func:`step_reply`), never the model
beside them; a played card's reply draws the table after each action (``frames``), the last
frame holding every region.

>>> reply = step({"lesson": "bowers", "step": 0, "moves": []})
>>> reply["flags"], sorted(reply["frames"][0]["regions"])  # doctest: +NORMALIZE_WHITESPACE
({'lesson': 'bowers', 'step': 0, 'moves': [], 'outcome': None, 'complete': False},
 ['feedback', 'goal', 'head', 'narration', 'table', 'tools'])
>>> act({"lesson": "bowers", "step": 0, "moves": [], "card": "Ac"})["rejected"]["legal"]
True
>>> reply = act({"lesson": "bowers", "step": 0, "moves": [], "card": "Jh"})
>>> reply["flags"]["outcome"], len(reply["frames"])
(True, 4)
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Collection, Mapping
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import euchre
from euchre import Action, HandState

from euchre_tutorial.bridge import BridgeError, expose
from euchre_tutorial.lessons import Lesson, default_lessons, lesson_by_id, load_lessons
from euchre_tutorial.lessons.goals import task_for
from euchre_tutorial.lessons.runner import Rejected, StepRun
from euchre_tutorial.lessons.runner import replay as replay_step
from euchre_tutorial.lessons.stars import counts_as_mistake, finished_words, hint_counts, stars
from euchre_tutorial.lessons.table import lesson_ui
from euchre_tutorial.mastery.items import Item, item_of_mistake, mastery_field
from euchre_tutorial.mastery.judge import not_alone, weighed_item
from euchre_tutorial.present import lesson as page
from euchre_tutorial.present.advice import advice_html
from euchre_tutorial.present.island import json_island
from euchre_tutorial.present.markup import escape
from euchre_tutorial.present.settings import settings_html
from euchre_tutorial.present.table import render_data, table_data
from euchre_tutorial.present.words import last_told
from euchre_tutorial.widgets import WidgetConfigError
from euchre_tutorial.widgets._clicks import click_text
from euchre_tutorial.widgets._replies import (
    Finished,
    Frame,
    HintReply,
    LessonMove,
    LessonRefusal,
    StepReply,
)

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


_RUNS: OrderedDict[tuple[str, int, tuple[str, ...]], StepRun] = OrderedDict()


def replay(lesson: Lesson, index: int, moves: list[str]) -> StepRun:
    """The step after the learner's accepted ``moves`` (``runner.replay``), as a fresh copy
    of a run replayed lately: every request replays its step from the start, and the
    computer seats' moves are worked out again each time otherwise."""
    key = (lesson.id, index, tuple(moves))
    run = _RUNS.get(key)
    if run is None or run.lesson is not lesson:
        run = _RUNS[key] = replay_step(lesson, index, moves)
        while len(_RUNS) > 64:
            _RUNS.popitem(last=False)
    else:
        _RUNS.move_to_end(key)
    return replace(run, script=list(run.script), events=list(run.events), moves=list(run.moves))


def _feedback(run: StepRun) -> str:
    """What the learner reads when the step is decided: the lesson's note and the engine's
    explanation of the trick or the score. A trick the table still shows already has its
    explanation under it (``present.table``'s trick note), so it is not said twice."""
    step = run.step
    parts: list[str] = []
    if run.outcome is True and step.success:
        parts.append(step.success)
    if run.outcome is False and step.wrong:
        parts.append(step.wrong)
    start = run.start
    state = run.state
    on_the_table = (
        not state.current_trick and bool(state.actions) and state.actions[-1].kind == "play"
    )
    if start is not None and len(state.tricks) > len(start.tricks) and not on_the_table:
        trick = state.tricks[-1]
        parts.append(euchre.explain_trick(trick.cards, state.trump))
    if state.over and state.result is not None:
        parts.append(euchre.explain_score(state))
    if run.outcome is True and not parts:
        parts.append("Well done.")
    return " ".join(parts)


def _next_lesson(lesson: Lesson) -> str | None:
    ids = [other.id for other in default_lessons()]
    if lesson.id not in ids:
        return None
    at = ids.index(lesson.id)
    return ids[at + 1] if at + 1 < len(ids) else None


def frame_data(state: HandState, seat: int, reveal: bool) -> Frame:
    """The table after one action of a step (for the page to show one move at a time), and
    that action in words as the learner's seat saw it (``said``: the page says it aloud);
    ``trick`` when the action finished a trick (the page waits longer after it).

    >>> from euchre import Deal, Rules
    >>> state = HandState.new(Deal.random(seed=7, dealer=0), Rules()).apply("pass")
    >>> frame_data(state, 2, False)["said"]
    'East passes.'
    """
    ui = lesson_ui(state, seat, reveal=reveal)
    view = state.view(seat)
    data = table_data(view, ui)
    last = data["last_trick"]
    return {
        "regions": {"table": render_data(data, ui)},
        "said": last_told(view),
        "trick": bool(last and last["just_done"]),
    }


def step_model(run: StepRun, *, disabled: bool = False) -> dict[str, Any]:
    """Everything the lesson shows for a step in progress (JSON-ready), with its regions
    drawn (``html``)."""
    model = _step_facts(run)
    following = _next_lesson(run.lesson)
    note = "" if run.outcome is None else page.what_next(model, following)
    ui = lesson_ui(run.state, run.step.seat, reveal=run.step.reveal, note=note, disabled=disabled)
    model["table"] = table_data(run.state.view(run.step.seat), ui)
    model["html"] = {
        "head": page.head_html(model),
        "narration": escape(run.step.narration),
        "goal": page.goal_html(model),
        "table": render_data(model["table"], ui),
        "tools": page.tools_html(model, following, disabled=disabled),
        "feedback": page.feedback_html(model["feedback"]),
    }
    return model


def step_reply(run: StepRun, frames: list[Frame] | None = None) -> StepReply:
    """What the page draws for a step in progress: ``frames`` (the table after each
    action, when there were any; the last frame holds every region, drawn as the step now
    stands) and the ``flags`` the page keeps (the lesson, the step, the learner's accepted
    moves, the outcome and whether the lesson is complete)."""
    model = step_model(run)
    said, trick = (frames[-1]["said"], frames[-1]["trick"]) if frames else ("", False)
    final: Frame = {"regions": model["html"], "said": said, "trick": trick}
    return {
        "frames": [*(frames or [])[:-1], final],
        "flags": {
            "lesson": run.lesson.id,
            "step": run.index,
            "moves": list(run.moves),
            "outcome": run.outcome,
            "complete": bool(model["complete"]),
        },
    }


def _step_facts(run: StepRun) -> dict[str, Any]:
    lesson, step = run.lesson, run.step
    last = run.index == len(lesson.steps) - 1
    return {
        "lesson": {
            "id": lesson.id,
            "title": lesson.title,
            "summary": lesson.summary,
            "steps": len(lesson.steps),
        },
        "step": {
            "index": run.index,
            "number": step.number,
            "id": step.id,
            "narration": step.narration,
            # the step's own goal, else the kind of decision it asks for
            "goal": step.goal.text if step.goal else task_for(run.start or run.state, step.seat),
            "seat": step.seat,
            "hints": len(step.hints) + (1 if step.coach else 0),
        },
        "moves": list(run.moves),
        "outcome": run.outcome,
        "feedback": "" if run.outcome is None else _feedback(run),
        "complete": run.outcome is True and last,
    }


def path_model() -> list[dict[str, Any]]:
    """The lesson path: id, title, summary and number of steps of each lesson."""
    return [
        {
            "id": lesson.id,
            "title": lesson.title,
            "summary": lesson.summary,
            "steps": len(lesson.steps),
        }
        for lesson in default_lessons()
    ]


# ---------------------------------------------------------------------- handlers
@expose("lesson.step")
def step(payload: Mapping[str, Any]) -> StepReply:
    """Bridge handler: ``{"lesson", "step", "moves"}`` -> that step after those moves."""
    lesson = _lesson(payload)
    try:
        run = replay(lesson, _index(lesson, payload), _moves(payload))
    except ValueError as exc:  # moves saved before the lesson changed
        raise BridgeError(f"The saved moves do not fit this step: {exc}") from None
    return step_reply(run)


LESSON_SKILLS = frozenset({"ordering-up", "round-two", "going-alone", "discard"})
"""The decisions of play a lesson's step trains when it asks for one: the bids and the
discard. A step that asks for a lead does so to show a card's rank, not to teach leading."""


def _asked_item(
    state: HandState, seat: int, chosen: Action, expect: Collection[str]
) -> Item | None:
    """The item of a step's decision answered with ``chosen`` where it asks for one of
    ``expect`` (weighed against the expected action nearest to it: the same bid, alone or
    not); None when the step trains no decision of play."""
    wanted = [Action.parse(a) for a in sorted(expect)]
    nearest = next(
        (w for w in wanted if w == chosen),
        next((w for w in wanted if not_alone(w) == not_alone(chosen)), wanted[0]),
    )
    item = weighed_item(state, seat, chosen, nearest)
    return item if item is not None and item[0] in LESSON_SKILLS else None


@expose("lesson.act")
def act(payload: Mapping[str, Any]) -> LessonMove | LessonRefusal:
    """Bridge handler: the learner's action (``"action"`` text or a ``"card"`` code).

    Returns ``{"rejected": {reason, note, legal}, "mastery": ...}`` when it is not taken (the
    card stays in the hand; ``mastery`` names the skill and item a counted mistake shows to
    work on: the rule an illegal action broke, or the decision of play a step that asks for
    one was answered wrongly; else None), else ``{"frames": [table after each action],
    "flags": ..., "mastery": ...}`` (see :func:`step_reply`), ``mastery`` naming the
    decision of play such a step asked for, answered right. Either way ``mistake`` says
    whether the action counts against the lesson's stars
    (:mod:`euchre_tutorial.lessons.stars`): a refused action, or one that misses the step's
    goal."""
    lesson = _lesson(payload)
    run = replay(lesson, _index(lesson, payload), _moves(payload))
    state, seat = run.state, run.step.seat
    text = click_text(state, seat, payload)
    before = len(run.events)
    finished = run.outcome is not None
    asked = bool(run.step.expect) and not run.moves and not finished  # a decision the step asks for
    rejected = run.move(text)
    if rejected is not None:
        return _refusal(run, rejected, text, asked=asked, finished=finished)
    reveal = run.step.reveal
    frames = [frame_data(e.state, seat, reveal) for e in run.events[before:]]
    decided = _asked_item(state, seat, Action.parse(text), run.step.expect) if asked else None
    return {
        **step_reply(run, frames),
        "mastery": mastery_field(decided, True),
        "mistake": counts_as_mistake(refused=False, decided_before=finished, outcome=run.outcome),
    }


def _refusal(
    run: StepRun, rejected: Rejected, text: str, *, asked: bool, finished: bool
) -> LessonRefusal:
    """The reply to an action the step did not take (``run`` as it was before it)."""
    state, seat = run.state, run.step.seat
    counted = counts_as_mistake(refused=True, decided_before=finished, outcome=run.outcome)
    if rejected.legal:
        item = _asked_item(state, seat, Action.parse(text), run.step.expect) if asked else None
    else:
        item = item_of_mistake(state, seat, text) if counted else None
    return {
        "rejected": {
            "legal": rejected.legal,
            "mistake": counted,
            "html": page.feedback_html(rejected.reason, rejected.note),
        },
        "mastery": mastery_field(item, False),
        "mistake": counted,
    }


@expose("lesson.hint")
def hint(payload: Mapping[str, Any]) -> HintReply:
    """Bridge handler: hint number ``level`` (0 = mildest) for the step; after the lesson's
    own hints, a step that allows it gets the coach's advice for the position on the table.

    ``more`` says whether another, different hint follows at this position (the page offers
    "Another hint" only then: nothing is ever said twice for one position); ``counts``
    whether this hint costs stars (:func:`euchre_tutorial.lessons.stars.hint_counts`). A
    request past the last hint gets the last one again, marked as such, for free."""
    lesson = _lesson(payload)
    run = replay(lesson, _index(lesson, payload), _moves(payload))
    step = run.step
    hints = step.hints
    level = payload.get("level", 0)
    level = level if isinstance(level, int) and not isinstance(level, bool) and level >= 0 else 0
    coach_now = step.coach and run.state.to_act == step.seat
    if level < len(hints):
        more = level + 1 < len(hints) or coach_now
        counts = hint_counts(coach_step=step.coach, coach_advice=False)
        return {"html": page.hint_html(level, hints[level]), "more": more, "counts": counts}
    if coach_now:
        advice = euchre.coach(run.state)
        return {
            "html": advice_html(advice, run.state.view(step.seat)),
            "more": False,  # the coach's advice is the last word for this position
            "counts": hint_counts(coach_step=step.coach, coach_advice=True),
        }
    html = page.hint_html(len(hints) - 1, hints[-1], again=True)
    return {"html": html, "more": False, "counts": False}


def lesson_stars(payload: Mapping[str, Any]) -> int:
    """The stars a finished lesson earns for the ``mistakes`` and ``hints`` of ``payload``
    (counts; anything else raises BridgeError)."""
    return stars(_count(payload, "mistakes"), _count(payload, "hints"))


def _count(payload: Mapping[str, Any], key: str) -> int:
    value = payload.get(key, 0) if isinstance(payload, Mapping) else 0
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise BridgeError(f"{key!r} is a count: a whole number, 0 or more")
    return value


@expose("lesson.finish")
def finish(payload: Mapping[str, Any]) -> Finished:
    """Bridge handler: ``{"lesson", "step", "moves", "mistakes", "hints"}`` of a completed
    lesson -> its stars and the closing words (the last step's feedback followed by the
    stars earned).

    >>> last = {"lesson": "bowers", "step": 2, "moves": ["play 9h"], "hints": 1}
    >>> finish({**last, "mistakes": 0})["html"]  # doctest: +ELLIPSIS
    '<p>... Lesson complete: ★★☆ (2 of 3 stars).</p>'
    """
    lesson = _lesson(payload)
    try:
        run = replay(lesson, _index(lesson, payload), _moves(payload))
    except ValueError as exc:
        raise BridgeError(f"The saved moves do not fit this step: {exc}") from None
    if not (run.outcome is True and run.index == len(lesson.steps) - 1):
        raise BridgeError("This lesson is not complete yet.")
    earned = lesson_stars(payload)
    text = f"{_feedback(run)} {finished_words(earned)}".strip()
    return {"stars": earned, "html": page.feedback_html(text)}


# ---------------------------------------------------------------------- build time
def prebuilt_files(lessons: list[Lesson]) -> dict[str, str]:
    """The file of build-time replies of each lesson of the site's path, by lesson id
    (:mod:`euchre_tutorial.prebuilt.lesson_steps`): the page plays every lesson from them
    before Python starts."""
    from euchre_tutorial.prebuilt.lesson_steps import lesson_replies
    from euchre_tutorial.prebuilt.publish import published

    files = {}
    for lesson in lessons:
        name = published(
            f"lesson-{lesson.id}", {"lesson": lesson.id}, partial(lesson_replies, lesson)
        )
        if name:
            files[lesson.id] = name
    return files


def render(config: Mapping[str, Any], rules: Rules) -> str:
    """The path and the first lesson's first step. Every lesson is validated first: a broken
    one raises LessonError naming its id and step, which stops ``mkdocs build --strict``.
    The site's own lessons are answered before Python starts from the build's replies (one
    file per lesson, the first one fetched while the page loads)."""
    source = str(config.get("source", "") or "")
    lessons = load_lessons(source or None, check=True)
    first = lessons[0]
    model = step_model(replay(first, 0, []))
    html = model["html"]
    files = {} if source else prebuilt_files(list(default_lessons()))
    return (
        '<div class="eu-lesson">'
        f"{page.path_html(_paths(lessons))}"
        f"{settings_html('eu-lesson-settings')}"
        '<section class="eu-stage" aria-label="Lesson">'
        f'<header class="eu-stage-head" data-region="head">{html["head"]}</header>'
        f'<p class="eu-narration" data-region="narration">{html["narration"]}</p>'
        f'<p class="eu-goal" data-region="goal">{html["goal"]}</p>'
        f'<div class="eu-play" data-region="table">{html["table"]}</div>'
        '<div class="eu-feedback" role="status" aria-live="polite" data-region="feedback"></div>'
        f'<div class="eu-stage-tools" data-region="tools">{html["tools"]}</div>'
        "</section>"
        f"{json_island({'files': files, 'stars': page.every_stars_html()}, files.get(first.id, ''))}"
        "</div>"
    )


def _paths(lessons: list[Lesson]) -> list[dict[str, Any]]:
    return [
        {
            "id": lesson.id,
            "title": lesson.title,
            "summary": lesson.summary,
            "steps": len(lesson.steps),
        }
        for lesson in lessons
    ]
