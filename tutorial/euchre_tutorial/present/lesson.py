"""The lesson widget's regions: the path of lessons (with what the stars mean), the stage
head, the narration and goal, the tools under the table (Hint, Try again, Next step, Next
lesson, Reset, each with its confirmation drawn hidden), and a hint.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from euchre_tutorial.lessons.stars import MEANING
from euchre_tutorial.present.confirm import confirm_html
from euchre_tutorial.present.markup import button_html, escape

STARS_MEANING = MEANING
"""The star rule, as :mod:`euchre_tutorial.lessons.stars` states it."""


def stars_html(n: int) -> str:
    """A lesson's stars, with their meaning for screen readers.

    >>> print(stars_html(2))
    <span class="eu-stars" data-stars="2" aria-label="2 of 3 stars"><span aria-hidden="true">★★☆</span></span>
    """
    label = f"{n} of 3 stars" if n else "not done yet"
    return (
        f'<span class="eu-stars" data-stars="{n}" aria-label="{label}">'
        f'<span aria-hidden="true">{"★" * n}{"☆" * (3 - n)}</span></span>'
    )


def path_html(lessons: Sequence[Mapping[str, Any]], *, disabled: bool = False) -> str:
    """The lesson path: a link per lesson with its stars, then Reset all progress."""
    items = "".join(
        f'<li class="eu-path-item" data-lesson="{escape(lesson["id"])}">'
        f'<a class="eu-path-link" href="?lesson={escape(lesson["id"])}" '
        f'data-lesson-link="{escape(lesson["id"])}" data-steps="{lesson["steps"]}">'
        f'<span class="eu-path-number">{n}</span>'
        f'<span class="eu-path-title">{escape(lesson["title"])}</span>{stars_html(0)}</a></li>'
        for n, lesson in enumerate(lessons, start=1)
    )
    return (
        '<nav class="eu-path" aria-label="Lessons">'
        f'<ol class="eu-path-list">{items}</ol>'
        f'<p class="eu-path-stars">{escape(STARS_MEANING)}</p>'
        '<div class="eu-path-tools">'
        + button_html(
            "Reset all progress",
            action="reset-all",
            class_="eu-link-button",
            data_reset_all=True,
            disabled=disabled,
        )
        + confirm_html("Forget the stars of every lesson?", "reset-all")
        + "</div></nav>"
    )


def head_html(model: Mapping[str, Any]) -> str:
    """The stage's title and step count."""
    return (
        f'<h2 class="eu-stage-title" tabindex="-1">{escape(model["lesson"]["title"])}</h2>'
        f'<p class="eu-stage-count">Step {model["step"]["number"]} of '
        f"{model['lesson']['steps']}</p>"
    )


def goal_html(model: Mapping[str, Any]) -> str:
    """The step's goal."""
    return f"<strong>Goal:</strong> {escape(model['step']['goal'])}"


def tools_html(model: Mapping[str, Any], next_lesson: str | None, *, disabled: bool = False) -> str:
    """What the learner can do under the table now."""
    outcome = model["outcome"]
    buttons = []
    if outcome is None:
        buttons.append(
            button_html(
                "Hint",
                action="hint",
                class_="md-button eu-hint-button",
                data_lesson_hint=True,
                disabled=disabled,
            )
        )
    elif outcome is False:
        buttons.append(
            button_html(
                "Try again",
                action="retry",
                class_="md-button md-button--primary",
                data_lesson_retry=True,
                data_autofocus=True,
            )
        )
    elif model["complete"]:
        if next_lesson is not None:
            buttons.append(
                button_html(
                    "Next lesson",
                    action="next-lesson",
                    class_="md-button md-button--primary",
                    data_lesson_next=True,
                    data_lesson=next_lesson,
                    data_autofocus=True,
                )
            )
    else:
        buttons.append(
            button_html(
                "Next step",
                action="next-step",
                class_="md-button md-button--primary",
                data_lesson_next=True,
                data_autofocus=True,
            )
        )
    buttons.append(
        button_html(
            "Reset this lesson",
            action="reset-lesson",
            class_="eu-link-button",
            data_reset_lesson=True,
            disabled=disabled,
        )
    )
    buttons.append(
        confirm_html("Forget your stars for this lesson and start it again?", "reset-lesson")
    )
    return "".join(buttons)


def what_next(model: Mapping[str, Any], next_lesson: str | None) -> str:
    """The table's prompt once the step is decided: what comes next."""
    if model["outcome"] is False:
        return "This step is over: choose “Try again” to play it once more."
    if model["complete"]:
        return (
            "Lesson complete: choose “Next lesson” to go on."
            if next_lesson
            else "Lesson complete: that was the last lesson."
        )
    return "Step done: choose “Next step” to go on."


def feedback_html(text: str, note: str = "") -> str:
    """What the learner reads after an action: the engine's or the lesson's words, and the
    lesson's own note.

    >>> feedback_html("Well done.")
    '<p>Well done.</p>'
    """
    if not text and not note:
        return ""
    extra = f'<p class="eu-feedback-note">{escape(note)}</p>' if note else ""
    return f"<p>{escape(text)}</p>{extra}" if text else extra


def hint_html(reply: Mapping[str, Any]) -> str:
    """A hint: the lesson's own words (numbered), or the coach's advice box. The last hint
    asked for again says so.

    >>> hint_html({"level": 1, "text": "Lead trump.", "again": True})
    '<p>There are no more hints for this step. Hint 2 again: Lead trump.</p>'
    """
    if reply.get("coach_html"):
        return str(reply["coach_html"])
    again = "There are no more hints for this step. " if reply.get("again") else ""
    words = f"Hint {int(reply['level']) + 1}{' again' if again else ''}: {reply['text']}"
    return f"<p>{escape(again + words)}</p>"
