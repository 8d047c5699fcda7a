"""A class, drawn for its teacher from what the room server sends: the form that opens a
class, then the class itself (its link for students, Start, Pause, Download, End), each
student's summary, and every table as a spectator sees it (only what is public: the same
table as a room's spectator, :func:`~euchre_tutorial.present.room.table_html`).

Everything here takes the server's data as plain data (the room protocol's ``class``
message and each table's spectator ``state``). Names people typed are always escaped.

>>> html = open_form_html()
>>> 'data-action="open"' in html and 'name="tables"' in html
True
"""

from __future__ import annotations

import csv
import io
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from euchre import Rules

from euchre_tutorial.present.markup import attrs, button_html, escape
from euchre_tutorial.present.room import (
    LEVELS,
    rules_fields_html,
    seats_html,
    table_html,
    table_words,
)

MAX_TABLES = 12
"""The most tables a class may have (the room server's limit)."""


def open_form_html(site: Rules | None = None, name: str = "") -> str:
    """The teacher's way in: the name students see, the number of tables, and the rules,
    table and computer players every table plays with."""
    name_attrs = attrs(
        {"name": "name", "value": name, "maxlength": "24", "autocomplete": "name", "required": True}
    )
    tables_attrs = attrs(
        {"name": "tables", "type": "number", "min": "1", "max": str(MAX_TABLES), "value": "3"}
    )
    return (
        '<form class="eu-room-entry eu-class-open" data-form="entry" novalidate>'
        f'<p><label>Your name (your students see it) <input type="text"{name_attrs}></label></p>'
        f"<p><label>Tables <input{tables_attrs}></label> "
        '<span class="eu-room-notes">(each seats up to its table\'s players; computer players '
        "fill the rest)</span></p>"
        f"{rules_fields_html(site)}"
        f"<p>{button_html('Open the class', action='open', class_='md-button md-button--primary')}</p>"
        "</form>"
    )


@dataclass
class StudentSummary:
    """One student's deals so far, added up."""

    name: str
    table: int
    deals: int = 0
    tricks: int = 0
    called: int = 0
    made: int = 0
    euchred: int = 0
    refused: int = 0
    flagged: Counter[str] = field(default_factory=Counter)


def summaries(klass: Mapping[str, Any]) -> list[StudentSummary]:
    """Each student's summary, in the order they joined, from the class's rows.

    >>> klass = {"students": [{"name": "Ava", "table": 1}], "rows": [
    ...     {"name": "Ava", "table": 1, "tricks": 3, "maker": True, "made": True,
    ...      "refused": 1, "flagged": ["following suit"]},
    ...     {"name": "Ava", "table": 1, "tricks": 0, "maker": True, "made": False,
    ...      "refused": 0, "flagged": []}]}
    >>> s = summaries(klass)[0]
    >>> (s.deals, s.tricks, s.called, s.made, s.euchred, s.refused, dict(s.flagged))
    (2, 3, 2, 1, 1, 1, {'following suit': 1})
    """
    found = {
        str(s["name"]): StudentSummary(str(s["name"]), int(s["table"]))
        for s in klass.get("students", [])
    }
    for row in klass.get("rows", []):
        student = found.setdefault(
            str(row["name"]), StudentSummary(str(row["name"]), int(row["table"]))
        )
        student.deals += 1
        student.tricks += int(row["tricks"])
        if row.get("maker"):
            student.called += 1
            student.made += row.get("made") is True
            student.euchred += row.get("made") is False
        student.refused += int(row["refused"])
        student.flagged.update(str(item) for item in row.get("flagged", []))
    return list(found.values())


def _flagged_words(flagged: Counter[str]) -> str:
    """The points the coach flagged, most often first.

    >>> _flagged_words(Counter({"following suit": 2, "leading": 1}))
    'following suit (2), leading'
    """
    if not flagged:
        return "none"
    return ", ".join(
        item if count == 1 else f"{item} ({count})" for item, count in flagged.most_common()
    )


def students_html(klass: Mapping[str, Any]) -> str:
    """Each student's summary, as a table the teacher can read at a glance."""
    rows = summaries(klass)
    if not rows:
        return (
            '<section class="eu-class-students" aria-label="Students"><h3>Students</h3>'
            "<p>No student has joined yet. Send them the link above.</p></section>"
        )
    body = "".join(
        "<tr>"
        f'<th scope="row">{escape(s.name)}</th><td>{s.table}</td><td>{s.deals}</td>'
        f"<td>{s.tricks}</td><td>{s.made} of {s.called}</td><td>{s.euchred}</td>"
        f"<td>{s.refused}</td><td>{escape(_flagged_words(s.flagged))}</td>"
        "</tr>"
        for s in rows
    )
    return (
        '<section class="eu-class-students" aria-label="Students"><h3>Students</h3>'
        '<div class="eu-class-scroll" tabindex="0" role="region" aria-label="Students\' summary">'
        '<table class="eu-class-summary"><caption>After each deal: the tricks each student '
        "took, the contracts they made as maker (and were euchred on), the moves the rules "
        "refused them, and the points the coach flagged.</caption>"
        '<thead><tr><th scope="col">Student</th><th scope="col">Table</th>'
        '<th scope="col">Deals</th><th scope="col">Tricks</th>'
        '<th scope="col">Contracts made</th><th scope="col">Euchred</th>'
        '<th scope="col">Refused moves</th><th scope="col">Points flagged</th></tr></thead>'
        f"<tbody>{body}</tbody></table></div></section>"
    )


def class_link(code: str, page: str) -> str:
    """The link students open: this page with ``?class=CODE``.

    >>> class_link("K7QXM-3PART", "http://h/practice/class/?x=1#top")
    'http://h/practice/class/?class=K7QXM-3PART'
    """
    base = page.split("?", 1)[0].split("#", 1)[0]
    return f"{base}?class={code}"


def _startable(klass: Mapping[str, Any], tables: Mapping[str, Mapping[str, Any]]) -> bool:
    """Whether a table with students waits in its lobby."""
    seated = {int(s["table"]) for s in klass.get("students", [])}
    for entry in klass.get("tables", []):
        state = tables.get(entry["room"])
        if int(entry["table"]) in seated and state and state["room"]["phase"] == "lobby":
            return True
    return False


def class_html(klass: Mapping[str, Any], tables: Mapping[str, Mapping[str, Any]], page: str) -> str:
    """The class's head: its code, the students' link, the rules, and the controls."""
    code = str(klass["code"])
    link = class_link(code, page)
    count = len(klass.get("students", []))
    controls = []
    if _startable(klass, tables):
        controls.append(
            button_html("Start the tables", action="start", class_="md-button md-button--primary")
        )
    paused = bool(klass.get("paused"))
    controls.append(
        button_html("Resume all tables", action="resume")
        if paused
        else button_html("Pause all tables", action="pause")
    )
    controls.append(button_html("Download the summary", action="download"))
    state = "paused" if paused else "open"
    students = "1 student" if count == 1 else f"{count} students"
    tables_count = len(klass.get("tables", []))
    at_tables = "1 table" if tables_count == 1 else f"{tables_count} tables"
    return (
        f'<section class="eu-class" aria-label="Your class" tabindex="-1" data-room-landing '
        f'data-class-state="{state}">'
        f"<h2>Class {escape(code)}</h2>"
        f'<p><label>Students join with this link <input type="text" readonly '
        f'class="eu-room-link"{attrs({"value": link})}></label> '
        f"{button_html('Copy the link', action='copy', data_link=link)}</p>"
        f"<p>{students} at {at_tables}. "
        f"{escape(_rules_words(klass, tables))}</p>"
        f"{_paused_note(paused)}"
        f'<p class="eu-room-controls">{" ".join(controls)}</p>'
        '<details class="eu-room-leave eu-class-end"><summary>End the class</summary>'
        "<p>Every table closes, and the server forgets the class: the names, the deals and "
        "the summary. Download the summary first to keep it.</p>"
        f"<p>{button_html('End the class now', action='end')}</p></details></section>"
    )


def _paused_note(paused: bool) -> str:
    if not paused:
        return ""
    return (
        '<p class="eu-room-paused" role="status"><strong>Every table is paused.</strong> '
        "Nobody can move until you resume them.</p>"
    )


def _rules_words(klass: Mapping[str, Any], tables: Mapping[str, Mapping[str, Any]]) -> str:
    """The rules every table plays, as a table's lobby says them."""
    for state in tables.values():
        return table_words(state["room"])
    level = dict(LEVELS).get(str(klass.get("level")), "normal").lower()
    return f"Computer players: {level}."


def table_section_html(number: int, state: Mapping[str, Any] | None) -> str:
    """One table as the teacher watches it: who sits where, and the public table, drawn
    without live regions (a screen reader would read every table's moves at once)."""
    if state is None:
        return (
            f'<section class="eu-class-table" aria-label="Table {number}">'
            f"<h3>Table {number}</h3><p>Waiting for the table…</p></section>"
        )
    room = state["room"]
    body = seats_html(room, None)
    if room["phase"] == "lobby" or state.get("table") is None:
        words = "In the lobby: it starts when you start the tables."
        if room.get("last_match"):
            words = "Its match is over: start the tables to play another."
    else:
        words = "Playing." if room["phase"] == "playing" else "Hand review."
        drawn, _, _ = table_html(state, quiet=True)
        body += drawn
    return (
        f'<section class="eu-class-table" aria-label="Table {number}">'
        f"<h3>Table {number}</h3><p>{escape(words)}</p>{body}</section>"
    )


def tables_html(klass: Mapping[str, Any], tables: Mapping[str, Mapping[str, Any]]) -> str:
    """Every table, in order."""
    return "".join(
        table_section_html(int(entry["table"]), tables.get(entry["room"]))
        for entry in klass.get("tables", [])
    )


def ended_html(code: str, reason: str, can_download: bool) -> str:
    """The page once the class has ended."""
    download = button_html("Download the summary", action="download") if can_download else ""
    return (
        '<section class="eu-class" aria-label="Your class" tabindex="-1" data-room-landing '
        'data-class-state="ended">'
        f"<h2>Class {escape(code)} has ended</h2><p>{escape(reason[:1].upper() + reason[1:])}. "
        "The server has forgotten it. The summary below stays on this page until you leave "
        f"it.</p><p>{download} {button_html('Open a new class', action='again')}</p></section>"
    )


def class_regions(
    klass: Mapping[str, Any], tables: Mapping[str, Mapping[str, Any]], page: str
) -> dict[str, str]:
    """The teacher's page for a class: its head, its students, its tables."""
    return {
        "entry": "",
        "class": class_html(klass, tables, page),
        "students": students_html(klass),
        "tables": tables_html(klass, tables),
    }


CSV_COLUMNS = (
    "student",
    "table",
    "match",
    "deal",
    "tricks",
    "maker",
    "made",
    "alone",
    "refused moves",
    "points flagged",
)


def summary_csv(klass: Mapping[str, Any]) -> str:
    """Every student's every deal as CSV, one row each, for the teacher to keep.

    >>> klass = {"code": "K", "rows": [{"name": "Ava", "table": 1, "match": 1, "deal": 0,
    ...          "tricks": 2, "maker": False, "made": None, "alone": False, "refused": 1,
    ...          "flagged": ["following suit"]}]}
    >>> print(summary_csv(klass).strip())
    student,table,match,deal,tricks,maker,made,alone,refused moves,points flagged
    Ava,1,1,1,2,no,,no,1,following suit
    """
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for row in _rows(klass.get("rows", [])):
        writer.writerow(row)
    return out.getvalue()


def _rows(rows: Sequence[Mapping[str, Any]]) -> list[list[object]]:
    def yes(value: object) -> str:
        return "" if value is None else ("yes" if value else "no")

    return [
        [
            _cell(str(r["name"])),
            r["table"],
            r.get("match", 1),
            int(r.get("deal", 0)) + 1,
            r["tricks"],
            yes(r.get("maker")),
            yes(r.get("made")),
            yes(r.get("alone")),
            r["refused"],
            "; ".join(str(item) for item in r.get("flagged", [])),
        ]
        for r in rows
    ]


def _cell(text: str) -> str:
    """A name as a spreadsheet shows it, never as a formula (a name may start with "=").

    >>> _cell("=1+1"), _cell("Ava")
    ("'=1+1", 'Ava')
    """
    return f"'{text}" if text[:1] in ("=", "+", "-", "@") else text
