"""The "Your progress" map as HTML: what is due today, each skill's level, and the buttons
to reset, export and import. The page's script inserts it and forwards the clicks.

>>> from datetime import datetime, timezone
>>> html = progress_html(new_record(), datetime(2026, 3, 1, tzinfo=timezone.utc))
>>> "Nothing is due today" in html and 'data-action="export"' in html
True
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from html import escape
from typing import Any

from euchre_tutorial.mastery.progress import LEVELS, due_items, skill_levels
from euchre_tutorial.mastery.record import new_record
from euchre_tutorial.mastery.review_questions import SKILL_QUESTIONS
from euchre_tutorial.mastery.skills import skill
from euchre_tutorial.present.confirm import confirm_html

LESSONS = (
    "From the lessons, a card the rules refuse counts here, and so does a bid or discard a "
    "step asks for. A lesson step whose goal you miss (a trick lost, say) is not counted "
    "here: the lesson's stars show it."
)
"""What the map counts of the lessons, said plainly under its skills."""

PRIVACY = (
    "Your progress is kept in this browser only: nothing leaves your device. "
    "To move it to another device, export it as a file and import it there."
)


def _notes_html(notes: Sequence[str]) -> str:
    """The map's note line, the page's live region: what just happened to the record
    ("All your progress was reset."), said once (empty when nothing did; the page also
    writes a refused file's sentence there).

    >>> _notes_html(["One saved item was damaged and has been reset."])
    '<p class="eu-pg-note" data-pg-note role="status" aria-live="polite">One saved item was damaged and has been reset.</p>'
    """
    text = " ".join(escape(n) for n in notes)
    return f'<p class="eu-pg-note" data-pg-note role="status" aria-live="polite">{text}</p>'


def _due_html(due: Sequence[dict[str, Any]], now: datetime, base: str) -> str:
    if not due:
        return '<p class="eu-pg-none">Nothing is due today.</p>'
    items = []
    for entry in due:
        when = "due now" if datetime.fromisoformat(entry["due"]) <= now else "later today"
        name = skill(entry["skill"]).name
        items.append(
            f'<li data-skill="{escape(entry["skill"])}" data-item="{escape(entry["item"])}">'
            f'<span class="eu-pg-item">{escape(entry["item"])}</span> '
            f'<span class="eu-pg-skillname">({escape(name)})</span> '
            f'<span class="eu-pg-when">{when}</span></li>'
        )
    review = ""
    if any(entry["skill"] in SKILL_QUESTIONS for entry in due):
        review = (
            '<p class="eu-pg-review">Items of the rules come back first in your next '
            "trick quiz, wherever you missed them (in a quiz, a lesson or a game): "
            f'<a href="{escape(base)}practice/quiz/">take the trick quiz</a>.</p>'
        )
    if any(entry["skill"] not in SKILL_QUESTIONS for entry in due):
        review += (
            '<p class="eu-pg-review">Decisions of play (ordering up, calling, going alone, '
            "the discard, leading) come back as you play: the coach weighs each one you "
            f'make in <a href="{escape(base)}practice/play/">free play</a> or in a '
            f'<a href="{escape(base)}practice/rooms/">room with friends</a>.</p>'
        )
    return f'<ul class="eu-pg-due">{"".join(items)}</ul>{review}'


def _skill_html(entry: dict[str, Any], base: str) -> str:
    level = entry["level"]
    count = entry["items"]
    detail = (
        "no answers yet"
        if count == 0
        else f"{entry['remembered']} of {count} item{'s' if count != 1 else ''} remembered"
    )
    due = entry["due"]
    due_text = f'<p class="eu-pg-skilldue">{due} due today</p>' if due else ""
    name = entry["name"].lower()
    reset = (
        ""
        if count == 0
        else f'<button type="button" class="md-button eu-pg-reset" data-action="reset-skill" '
        f'data-skill="{escape(entry["skill"])}">Reset {escape(name)}</button>'
        + confirm_html(
            f"Forget what you have answered in {name}?",
            f"reset-skill-{entry['skill']}",
            "reset-skill-yes",
            skill=entry["skill"],
        )
    )
    return (
        f'<li class="eu-pg-skill eu-pg-level-{level}" data-skill="{escape(entry["skill"])}" '
        f'data-level="{level}">'
        f'<h4><a href="{escape(base + entry["page"])}">{escape(entry["name"])}</a></h4>'
        f'<p class="eu-pg-about">{escape(entry["about"])}</p>'
        f'<p class="eu-pg-level"><span class="eu-pg-bar" aria-hidden="true">'
        f'<span style="width: {25 * level}%"></span></span> '
        f"<strong>{escape(LEVELS[level])}</strong>: {escape(detail)}</p>{due_text}{reset}</li>"
    )


def progress_html(
    record: object,
    now: datetime,
    until: datetime | None = None,
    notes: Sequence[str] = (),
    base: str = "../../",
) -> str:
    """The whole map for ``record`` at ``now``; ``until`` ends "today" (the learner's
    midnight), ``notes`` are shown first, ``base`` leads from the page to the site root."""
    due = due_items(record, now=now, until=until or now)
    skills = "".join(_skill_html(e, base) for e in skill_levels(record, now, until))
    return (
        f"{_notes_html(notes)}"
        f'<p class="eu-pg-privacy">{escape(PRIVACY)}</p>'
        '<h3 id="eu-pg-due-h">Due today</h3>'
        f"{_due_html(due, now, base)}"
        '<h3 id="eu-pg-skills-h">Skills</h3>'
        f'<ul class="eu-pg-skills" aria-labelledby="eu-pg-skills-h">{skills}</ul>'
        f'<p class="eu-pg-about eu-pg-lessons">{escape(LESSONS)}</p>'
        '<h3 id="eu-pg-file-h" class="eu-needs-script">Keep or move your progress</h3>'
        '<div class="eu-pg-actions eu-needs-script">'
        '<button type="button" class="md-button" data-action="export">Export progress as a file</button>'
        '<label class="md-button eu-pg-import">Import progress from a file '
        '<input type="file" accept=".json,application/json" data-action="import"></label>'
        f"{IMPORT_CONFIRM}"
        '<button type="button" class="md-button eu-pg-reset" data-action="reset-all">'
        "Reset all progress</button>"
        f"{confirm_html('Forget all your progress, in every skill?', 'reset-all')}</div>"
    )


# Asked once a file is chosen: an import replaces the record, it does not merge.
IMPORT_CONFIRM = confirm_html(
    "Replace the progress kept in this browser with the file's? What is here now is lost "
    "unless you export it first.",
    "import",
    yes="Yes, replace",
)


__all__ = ["LESSONS", "PRIVACY", "new_record", "progress_html"]
