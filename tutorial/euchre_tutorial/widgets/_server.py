"""What the room and class widgets share: where the room server is (the fence's ``server``
key, else the build's ``ROOMS_URL`` setting, else the page's own address), the note shown
when none answers, and the site's rules as the page sends them. Not a widget itself.

>>> check_server({"server": "https://rooms.example/"})
'https://rooms.example'
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from euchre import Rules

SERVER_KEY = (
    "the room server's address (http:// or https://); default: the build's ROOMS_URL "
    "setting, else this site's own address"
)


def check_server(raw: Mapping[str, str]) -> str:
    """The fence's ``server``: empty or an http(s) address (without its last slash)."""
    server = str(raw.get("server", os.environ.get("ROOMS_URL", ""))).strip().rstrip("/")
    if server and not server.startswith(("http://", "https://")):
        raise ValueError(f"server: {server!r} must start with http:// or https://")
    return server


NO_SERVER = (
    '<div data-region="offline" hidden><div class="admonition warning eu-room-offline">'
    '<p class="admonition-title">No room server answers here</p>'
    "<p>This copy of the site has no room server, so it cannot open a room. "
    "How to start a room server: in a copy of this project run <code>make serve</code> "
    "(the site and the rooms on one address), or run "
    "<code>python -m euchre_rooms --port 8765</code> and build the site with "
    "<code>ROOMS_URL=http://127.0.0.1:8765</code>.</p></div></div>"
)


def site_rules(data: Any) -> Rules | None:
    """The site's rules the page sent (its widget's ``data-rules``), or None if unreadable.

    >>> site_rules({"players": 3, "partnerships": False}).table_key, site_rules("x")
    ('3', None)
    """
    if not isinstance(data, Mapping):
        return None
    try:
        return Rules.from_dict(data)
    except (TypeError, ValueError):  # RulesError is a ValueError
        return None
