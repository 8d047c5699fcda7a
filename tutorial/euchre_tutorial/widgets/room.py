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

import os
from collections.abc import Mapping
from typing import Any

from euchre import Rules

from euchre_tutorial.bridge import BridgeError, expose
from euchre_tutorial.present.room import entry_html, room_regions

CONFIG_KEYS = {
    "server": "the room server's address (http:// or https://); default: the build's "
    "ROOMS_URL setting, else this site's own address",
}


def check_config(raw: Mapping[str, str], rules: Rules) -> dict[str, Any]:
    """The fence's settings, checked: ``server`` is empty or an http(s) address."""
    server = str(raw.get("server", os.environ.get("ROOMS_URL", ""))).strip().rstrip("/")
    if server and not server.startswith(("http://", "https://")):
        raise ValueError(f"server: {server!r} must start with http:// or https://")
    return {"server": server}


NO_SERVER = (
    '<div data-region="offline" hidden><div class="admonition warning eu-room-offline">'
    '<p class="admonition-title">No room server answers here</p>'
    "<p>This copy of the site has no room server, so it cannot open a room. "
    "How to start a room server: in a copy of this project run <code>make serve</code> "
    "(the site and the rooms on one address), or run "
    "<code>python -m euchre_rooms --port 8765</code> and build the site with "
    "<code>ROOMS_URL=http://127.0.0.1:8765</code>.</p></div></div>"
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
    answers) and the note shown when no server answers."""
    return (
        '<p class="eu-room-status" data-region="status" role="status" aria-live="polite">'
        "Looking for the room server…</p>"
        '<p class="eu-room-error" data-region="error" role="alert"></p>'
        f"{NO_SERVER}{NO_NETWORK}"
        f'<div data-region="entry">{entry_html(site=rules)}</div>'
        '<div data-region="lobby"></div>'
        '<div data-region="review"></div>'
        '<div data-region="table" class="eu-game"></div>'
        '<div data-region="seats"></div>'
        '<div data-region="reactions"></div>'
    )


def _site_rules(data: Any) -> Rules | None:
    """The site's rules the page sent (its widget's ``data-rules``), or None if unreadable.

    >>> _site_rules({"players": 3, "partnerships": False}).table_key, _site_rules("x")
    ('3', None)
    """
    if not isinstance(data, Mapping):
        return None
    try:
        return Rules.from_dict(data)
    except (TypeError, ValueError):  # RulesError is a ValueError
        return None


@expose("room.render")
def render_message(payload: Mapping[str, Any]) -> dict[str, Any]:
    """The regions of HTML for the server's latest ``state`` (``payload["state"]``), seen
    from the page at ``payload["page"]``, with the latest ``reactions``; or the way in
    again (``payload["entry"]``: ``{"room": code, "name": name}``)."""
    entry = payload.get("entry")
    if isinstance(entry, Mapping):
        site = _site_rules(entry.get("rules"))
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
    except (KeyError, TypeError, ValueError) as err:
        raise BridgeError(f"the room server sent a state this page cannot read ({err})") from None
