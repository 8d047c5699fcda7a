"""A file of build-time replies: replies keyed by a key of the state and the choice, their
long strings (the regions' HTML) stored once, in pieces, and shared.

A reply is stored as the bridge answered it, except that every string of at least
:data:`LONG` characters becomes ``{"$": [i, j, ...]}``: the indexes of its pieces in the
file's list of fragments (``"f"``), which joined give the string back exactly. HTML is cut
before the start tags of its first :data:`DEPTH` levels, so two tables that differ in one
seat share the other seats' pieces. :func:`expand` undoes it (``prebuilt.js`` does the
same in the page: a lookup and a join, nothing else).

>>> store = ReplyStore("demo")
>>> store.add("a", {"html": "<div><p>one</p><p>two</p></div>", "n": 1})
>>> store.add("b", {"html": "<div><p>one</p><p>three</p></div>", "n": 2})
>>> data = store.data()
>>> data["f"]
['<div>', '<p>one</p>', '<p>two</p></div>', '<p>three</p></div>']
>>> expand(data, "b")
{'html': '<div><p>one</p><p>three</p></div>', 'n': 2}
>>> expand(data, "c") is None
True
"""

from __future__ import annotations

import hashlib
import itertools
import json
import re
from collections.abc import Iterator, Mapping
from typing import Any

LONG = 24
DEPTH = 5
VERSION = 1
VOID = frozenset(
    [
        "area",
        "base",
        "br",
        "col",
        "embed",
        "hr",
        "img",
        "input",
        "link",
        "meta",
        "param",
        "source",
        "track",
        "wbr",
    ]
)


# A comment, or a tag: its slash (an end tag), its name, its attributes (quoted values
# may hold ">") and its closing slash (a self-closed tag).
_TAG = re.compile(
    r"<!--.*?-->"
    r"|<(/?)([A-Za-z][^\s/>]*)((?:[^>\"']|\"[^\"]*\"|'[^']*')*?)(/?)>",
    re.S,
)
# Elements whose content is text, never tags.
_RAW_TEXT = frozenset(["script", "style"])


def _cuts(text: str, depth: int) -> list[int]:
    """The offsets of the start tags at the first ``depth`` levels of an HTML string.

    >>> _cuts('<p>a<br>b</p><p title="x>y">c</p>', 1)
    [0, 13]
    """
    found: list[int] = []
    level = at = 0
    while match := _TAG.search(text, at):
        at = match.end()
        closing, name, _, self_closed = match.groups()
        tag = (name or "").lower()
        if not tag or closing:
            level = max(0, level - 1) if tag and tag not in VOID else level
            continue
        if level < depth:
            found.append(match.start())
        if not self_closed and tag not in VOID:
            level += 1
            if tag in _RAW_TEXT:
                end = text.lower().find(f"</{tag}", at)
                at = len(text) if end < 0 else end
    return found


def pieces(text: str, depth: int = DEPTH) -> list[str]:
    """``text`` cut before the start tags of its first ``depth`` levels (plain text whole).

    >>> pieces('<ul><li>a</li><li>b<input value="x"></li></ul> after')
    ['<ul>', '<li>a</li>', '<li>b', '<input value="x"></li></ul> after']
    >>> pieces("West plays the 9♠.")
    ['West plays the 9♠.']
    """
    if "<" not in text:
        return [text]
    cuts = sorted({0, *_cuts(text, depth), len(text)})
    return [text[a:b] for a, b in itertools.pairwise(cuts) if b > a]


class ReplyStore:
    """Replies gathered for one file of build data (``kind`` names what it answers)."""

    def __init__(self, kind: str, **extra: Any) -> None:
        self.kind = kind
        self.extra = dict(extra)
        self.fragments: list[str] = []
        self._index: dict[str, int] = {}
        self.replies: dict[str, Any] = {}
        self._cut: dict[str, list[int]] = {}

    def __len__(self) -> int:
        return len(self.replies)

    def __contains__(self, key: str) -> bool:
        return key in self.replies

    def add(self, key: str, reply: Any) -> None:
        """Keep ``reply`` under ``key`` (a key is written once: the same state, the same
        reply)."""
        if key in self.replies:
            raise ValueError(f"the key {key!r} is written twice")
        self.replies[key] = self._packed(reply)

    def _ref(self, text: str) -> int:
        at = self._index.get(text)
        if at is None:
            at = self._index[text] = len(self.fragments)
            self.fragments.append(text)
        return at

    def _packed(self, value: Any) -> Any:
        if isinstance(value, str) and len(value) >= LONG:
            refs = self._cut.get(value)
            if refs is None:
                refs = self._cut[value] = [self._ref(piece) for piece in pieces(value)]
            return {"$": list(refs)}
        if isinstance(value, Mapping):
            return {str(k): self._packed(v) for k, v in value.items()}
        if isinstance(value, list | tuple):
            return [self._packed(v) for v in value]
        return value

    def data(self) -> dict[str, Any]:
        """The file's content (JSON-ready)."""
        return {
            "v": VERSION,
            "kind": self.kind,
            **self.extra,
            "f": self.fragments,
            "r": self.replies,
        }


def expand(data: Mapping[str, Any], key: str) -> Any:
    """The reply stored under ``key`` as the bridge gave it, or None."""
    if key not in data["r"]:
        return None
    return _unpacked(data["r"][key], data["f"])


def _unpacked(value: Any, fragments: list[str]) -> Any:
    if isinstance(value, dict):
        if set(value) == {"$"}:
            return "".join(fragments[i] for i in value["$"])
        return {k: _unpacked(v, fragments) for k, v in value.items()}
    if isinstance(value, list):
        return [_unpacked(v, fragments) for v in value]
    return value


def encoded(data: Mapping[str, Any]) -> bytes:
    """The file's bytes: compact UTF-8 JSON.

    >>> encoded({"v": 1, "r": {}})
    b'{"v":1,"r":{}}'
    """
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()


def file_name(kind: str, content: bytes) -> str:
    """A name that changes with the content (a host may keep a file for a long time).

    >>> file_name("quiz", b"{}")
    'quiz.44136fa355b3678a.json'
    """
    return f"{kind}.{hashlib.sha256(content).hexdigest()[:16]}.json"


def keys(data: Mapping[str, Any]) -> Iterator[str]:
    """The keys of a file's replies, sorted."""
    yield from sorted(data["r"])
