"""The room widget: a private room on a room server (the page ``practice/rooms.md``).

The page's script holds the WebSocket to the server and forwards clicks as protocol
commands; every message that changes what is shown comes here (``room.render``) and goes
back as HTML from :mod:`euchre_tutorial.present.room`: the lobby, the same table as free
play, the hand review. This module never imports the server (the browser's wheels leave
``euchre_rooms`` out): it reads the server's JSON only.

Where the server is: the fence's ``server`` key, else the build's ``ROOMS_URL``
environment setting, else the page's own address (``/rooms/``).

>>> from euchre import Rules
>>> check_config({}, Rules())["server"] in ("", __import__("os").environ.get("ROOMS_URL", ""))
True
>>> "How to start a room server" in render({"server": ""}, Rules())
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from euchre import Rules

from euchre_tutorial.bridge import BridgeError, expose
from euchre_tutorial.present.room import class_entry_html, entry_html, room_regions
from euchre_tutorial.widgets._server import NO_SERVER, SERVER_KEY, check_server, site_rules

CONFIG_KEYS = {
    "server": SERVER_KEY,
    "mode": "rooms (the default: create, join or watch a room) or class (a student joins "
    "a class from its teacher's link)",
}

MODES = ("rooms", "class")


def check_config(raw: Mapping[str, str], rules: Rules) -> dict[str, Any]:
    """The fence's settings, checked: ``server`` is empty or an http(s) address, ``mode``
    one of ``MODES``.

    >>> check_config({"mode": "class", "server": ""}, Rules())["mode"]
    'class'
    """
    server = check_server(raw)
    mode = str(raw.get("mode", "rooms")).strip()
    if mode not in MODES:
        raise ValueError(f"mode: {mode!r} must be one of {', '.join(MODES)}")
    return {"server": server, "mode": mode}


CLASS_NOTE = (
    '<p class="eu-room-notes">A student joins a class from the link their teacher sends. '
    "Opened from it, this part of the page asks for your name.</p>"
)


NO_NETWORK = (
    '<div data-region="no-network" hidden><div class="admonition note eu-room-offline">'
    '<p class="admonition-title">You are offline</p>'
    "<p>A room is played through a room server, so it needs a connection to the internet. "
    "The rest of this site works offline: the lessons, the quiz and free play. When you are "
    "back online, this page looks for the room server again by itself.</p></div></div>"
)
"""Shown instead of :data:`NO_SERVER` when the browser is offline (or the page's own
address cannot be reached): the learner needs a connection, not a room server of their
own."""


def render(config: Mapping[str, Any], rules: Rules) -> str:
    """The first state, before the page connects: the way in (disabled until the server
    answers) and the note shown when no server answers. In class mode the way in is the
    class's (the page draws it once it has read the link)."""
    entry = CLASS_NOTE if config.get("mode") == "class" else entry_html(site=rules)
    return (
        '<p class="eu-room-status" data-region="status" role="status" aria-live="polite">'
        "Looking for the room server…</p>"
        '<p class="eu-room-error" data-region="error" role="alert"></p>'
        f"{NO_SERVER}{NO_NETWORK}"
        f'<div data-region="entry">{entry}</div>'
        '<div data-region="lobby"></div>'
        '<div data-region="review"></div>'
        '<div data-region="table" class="eu-game"></div>'
        '<div data-region="seats"></div>'
        '<div data-region="reactions"></div>'
    )


@expose("room.render")
def render_message(payload: Mapping[str, Any]) -> dict[str, Any]:
    """The regions of HTML for the server's latest ``state`` (``payload["state"]``), seen
    from the page at ``payload["page"]``, with the latest ``reactions``; or the way in
    again (``payload["entry"]``: ``{"room": code, "name": name}``)."""
    entry = payload.get("entry")
    if isinstance(entry, Mapping):
        if entry.get("class"):
            form = class_entry_html(str(entry["class"]), str(entry.get("name", "")))
            return {"html": {"entry": form}}
        site = site_rules(entry.get("rules"))
        return {
            "html": {
                "entry": entry_html(str(entry.get("room", "")), str(entry.get("name", "")), site)
            }
        }
    state = payload.get("state")
    if not isinstance(state, Mapping) or "room" not in state or "you" not in state:
        raise BridgeError("room.render needs the server's state")
    reactions = payload.get("reactions") or []
    if not isinstance(reactions, list):
        raise BridgeError("room.render: 'reactions' must be a list")
    try:
        return room_regions(state, str(payload.get("page", "")), reactions)
    except (AttributeError, IndexError, KeyError, TypeError, ValueError) as err:
        raise BridgeError(f"the room server sent a state this page cannot read ({err})") from None
