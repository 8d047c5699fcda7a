"""The class widget: a teacher's class on a room server (the page ``practice/class.md``).

The page's script holds the teacher's WebSocket and forwards clicks as protocol commands
(``open_class``, ``start_tables``, ``pause``, ``end_class``); every message that changes
what is shown comes here (``classroom.render``) and goes back as HTML from
:mod:`euchre_tutorial.present.classroom`: the form that opens a class, then the class, its
students' summary and every table as a spectator sees it. ``classroom.summary`` gives the
summary as CSV for the teacher to download. A student who opens the class's link is seated
by the page's room widget instead (``room`` in class mode). This module never imports the
server: it reads the server's JSON only.

>>> from euchre import Rules
>>> "Open the class" in render({"server": ""}, Rules())
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from euchre import Rules

from euchre_tutorial.bridge import BridgeError, expose
from euchre_tutorial.present.classroom import (
    class_regions,
    ended_html,
    open_form_html,
    students_html,
    summary_csv,
)
from euchre_tutorial.widgets._server import NO_SERVER, SERVER_KEY, check_server, site_rules

CONFIG_KEYS = {"server": SERVER_KEY}


def check_config(raw: Mapping[str, str], rules: Rules) -> dict[str, Any]:
    """The fence's settings, checked: ``server`` as the room widget takes it."""
    return {"server": check_server(raw)}


def render(config: Mapping[str, Any], rules: Rules) -> str:
    """The first state: the form that opens a class (disabled until the server answers)
    and the note shown when no server answers."""
    return (
        '<p class="eu-room-status" data-region="status" role="status" aria-live="polite">'
        "Looking for the room server…</p>"
        '<p class="eu-room-error" data-region="error" role="alert"></p>'
        f"{NO_SERVER}"
        f'<div data-region="entry">{open_form_html(rules)}</div>'
        '<div data-region="class"></div>'
        '<div data-region="students"></div>'
        '<div data-region="tables"></div>'
        # the file the summary is saved as: the page fills it in and follows it
        '<a hidden data-download aria-hidden="true" tabindex="-1">summary</a>'
    )


def _klass(payload: Mapping[str, Any]) -> Mapping[str, Any]:
    klass = payload.get("class")
    if not isinstance(klass, Mapping) or "code" not in klass:
        raise BridgeError("classroom.render needs the server's class")
    return klass


@expose("classroom.render")
def render_message(payload: Mapping[str, Any]) -> dict[str, Any]:
    """The regions of HTML for the teacher's page: the form again (``entry``), the class
    as the server last sent it (``class`` and its ``tables``: each table's spectator
    state by room code), or the class ended (``ended``: its reason)."""
    entry = payload.get("entry")
    if isinstance(entry, Mapping):
        form = open_form_html(site_rules(entry.get("rules")), str(entry.get("name", "")))
        return {"html": {"entry": form, "class": "", "students": "", "tables": ""}}
    klass = _klass(payload)
    tables = payload.get("tables") or {}
    if not isinstance(tables, Mapping):
        raise BridgeError("classroom.render: 'tables' must map room codes to states")
    try:
        if payload.get("ended"):
            reason = str(payload["ended"])
            html = {
                "entry": "",
                "class": ended_html(str(klass["code"]), reason, bool(klass.get("rows"))),
                "students": students_html(klass),
                "tables": "",
            }
            return {"html": html, "paused": False}
        html = class_regions(klass, tables, str(payload.get("page", "")))
    except (KeyError, TypeError, ValueError) as err:
        raise BridgeError(f"the room server sent a class this page cannot read ({err})") from None
    return {"html": html, "paused": bool(klass.get("paused"))}


@expose("classroom.summary")
def summary(payload: Mapping[str, Any]) -> dict[str, str]:
    """The class's summary as CSV, and a file name for it."""
    klass = _klass(payload)
    return {"csv": summary_csv(klass), "filename": f"euchre-class-{klass['code']}.csv"}
