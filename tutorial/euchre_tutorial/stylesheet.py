"""The site's own styles as one stylesheet: the parts are written as separate files, one
per widget family, and every page links a single file made of them at build time.

Why one file: a stylesheet holds up a page's first paint, and a browser talking HTTP/1.1
to a host asks for at most six files at once. With six of ours beside Material's two, the
last two waited a round trip for a free connection, and on a slow phone (300 ms round
trip) the first paint waited with them, and the widgets' scripts queued behind both.

The order of ``PARTS`` is the cascade's: a later part's rule wins over an earlier one's of
the same weight, as when each part was linked in this order.

>>> bundle([("a.css", "a { color: red; }\\n"), ("b.css", "b { color: blue; }")])
'/* a.css */\\na { color: red; }\\n\\n/* b.css */\\nb { color: blue; }\\n'
"""

from __future__ import annotations

from collections.abc import Iterable

FOLDER = "assets/euchre"
"""Where the parts are, in the theme (``tutorial/web``), and the bundle, in the site."""

PARTS = ("euchre.css", "reference.css", "quiz.css", "game.css", "rooms.css", "mastery.css")
"""The parts, in the order they apply."""

BUNDLE = f"{FOLDER}/styles.css"
"""The one stylesheet every page links (``mkdocs.yml``'s ``extra_css``)."""


def bundle(parts: Iterable[tuple[str, str]]) -> str:
    """One stylesheet of ``(name, text)`` parts, in their order, each under its name."""
    return "\n".join(f"/* {name} */\n{text.rstrip()}\n" for name, text in parts)
