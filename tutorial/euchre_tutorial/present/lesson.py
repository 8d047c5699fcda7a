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


def every_stars_html() -> list[str]:
    """:func:`stars_html` of 0, 1, 2 and 3 stars, in order: the page shows the stars kept
    in the browser by morphing the one for the count into a lesson's ``data-stars-place``
    (it draws none of its own).

    >>> [html.count("★") for html in every_stars_html()]
    [0, 1, 2, 3]
    """
    return [stars_html(n) for n in range(4)]


def path_html(lessons: Sequence[Mapping[str, Any]], *, disabled: bool = False) -> str:
    """The lesson path: a link per lesson with its stars, then Reset all progress."""
    items = "".join(
        f'<li class="eu-path-item" data-lesson="{escape(lesson["id"])}">'
        f'<a class="eu-path-link" href="?lesson={escape(lesson["id"])}" '
        f'data-lesson-link="{escape(lesson["id"])}" data-steps="{lesson["steps"]}">'
        f'<span class="eu-path-number">{n}</span>'
        f'<span class="eu-path-title">{escape(lesson["title"])}</span>'
        f'<span class="eu-path-mark" data-stars-place>{stars_html(0)}</span></a></li>'
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


def hint_html(level: int, text: str, *, again: bool = False) -> str:
    """Hint number ``level`` (0 = the first) of a step in the lesson's own words; the last
    hint asked for ``again`` says so.

    >>> hint_html(1, "Lead trump.", again=True)
    '<p>There are no more hints for this step. Hint 2 again: Lead trump.</p>'
    """
    said = "There are no more hints for this step. " if again else ""
    return f"<p>{escape(said)}Hint {level + 1}{' again' if again else ''}: {escape(text)}</p>"
