"""Every lesson answered at build time: each step from its start, every card and choice the
learner may click at every point of it (taken or refused, with its reply), the hints, and
the closing words with the stars, as the bridge's ``lesson.*`` handlers answer them. One
file per lesson.

The page looks a reply up by a key of the lesson's state (``lesson.js`` makes the same
keys; ``<moves>`` are the learner's accepted moves joined by commas):

``s|<step>|<moves>``                      ``lesson.step``
``a|<step>|<moves>|card:<code>``          ``lesson.act`` for a card of the hand
``a|<step>|<moves>|action:<text>``        ``lesson.act`` for a choice button
``h|<step>|<moves>|<level>``              ``lesson.hint``
``f|<step>|<moves>|<mistakes>|<hints>``   ``lesson.finish`` (counts up to :data:`MAX_SLIPS`)

>>> from euchre_tutorial.lessons import lesson_by_id
>>> store = lesson_replies(lesson_by_id("bowers"))
>>> store.replies["a|0||card:Ac"] is not None, "s|2|" in store, "f|2|play 9h|0|0" in store
(True, True, True)
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from euchre_tutorial.lessons import Lesson
from euchre_tutorial.lessons.runner import StepRun, replay
from euchre_tutorial.prebuilt.quiz_run import ask
from euchre_tutorial.prebuilt.store import ReplyStore
from euchre_tutorial.present.table import table_data

MAX_SLIPS = 4
"""The mistakes, and the hints, a finished lesson's closing words are written for (each
from 0 to this); a learner with more waits for Python for the lesson's last words."""
COACH_LEVELS = 1
"""How many times the coach's advice is written for a step that offers it: once, as it is
the last word for a position (``lesson.hint`` says no more after it)."""


def clicks(run: StepRun) -> Iterator[tuple[str, dict[str, str]]]:
    """What the learner may click on the step now: each card of the hand and each choice
    button, as a key part and the request's own field."""
    view = run.state.view(run.step.seat)
    for card in view.hand:
        yield f"card:{card.code}", {"card": card.code}
    for choice in table_data(view)["choices"]:
        yield f"action:{choice['action']}", {"action": choice["action"]}


def nodes(lesson: Lesson, index: int) -> Iterator[list[str]]:
    """The learner's accepted moves at every point of step ``index`` where the learner
    is to act, depth first, the start first."""
    stack: list[list[str]] = [[]]
    while stack:
        moves = stack.pop()
        run = replay(lesson, index, moves)
        if run.outcome is not None or run.state.to_act != run.step.seat:
            continue
        yield moves
        for _part, field in clicks(run):
            text = _text(run, field)
            trial = replay(lesson, index, moves)
            if trial.move(text) is None:
                stack.append([*moves, *trial.moves[len(moves) :]])


def _text(run: StepRun, field: dict[str, str]) -> str:
    from euchre_tutorial.widgets._clicks import click_text

    return click_text(run.state, run.step.seat, field)


def _node(store: ReplyStore, lesson: Lesson, index: int, moves: list[str]) -> None:
    base = {"lesson": lesson.id, "step": index, "moves": moves}
    at = f"{index}|{','.join(moves)}"
    store.add(f"s|{at}", ask("lesson.step", base))
    run = replay(lesson, index, moves)
    for part, field in clicks(run):
        reply = ask("lesson.act", {**base, **field})
        store.add(f"a|{at}|{part}", reply)
        flags = reply.get("flags")
        if flags and flags["complete"]:
            _finish(store, lesson.id, index, flags["moves"])
    levels = len(run.step.hints) + (COACH_LEVELS if run.step.coach else 0)
    for level in range(levels):
        store.add(f"h|{at}|{level}", ask("lesson.hint", {**base, "level": level}))


def _finish(store: ReplyStore, lesson: str, index: int, moves: list[str]) -> None:
    at = f"{index}|{','.join(moves)}"
    if f"f|{at}|0|0" in store:
        return
    for mistakes in range(MAX_SLIPS + 1):
        for hints in range(MAX_SLIPS + 1):
            payload = {
                "lesson": lesson,
                "step": index,
                "moves": moves,
                "mistakes": mistakes,
                "hints": hints,
            }
            store.add(f"f|{at}|{mistakes}|{hints}", ask("lesson.finish", payload))


def lesson_replies(lesson: Lesson) -> ReplyStore:
    """Every reply of one lesson (its steps' starts, clicks, hints and closing words)."""
    store = ReplyStore(f"lesson-{lesson.id}", lesson=lesson.id, steps=len(lesson.steps))
    for index in range(len(lesson.steps)):
        for moves in nodes(lesson, index):
            _node(store, lesson, index, moves)
    return store


def summary(store: ReplyStore) -> dict[str, Any]:
    """How many replies of each kind a lesson's file holds (for the build's report)."""
    counts: dict[str, int] = {}
    for key in store.replies:
        counts[key[0]] = counts.get(key[0], 0) + 1
    return counts
