"""Messages from clients: parsed, size-checked and type-checked before anything acts on them.

Every problem raises ``ProtocolError`` with a plain sentence for the client; nothing a
client sends can raise anything else.

>>> parse_message('{"type": "ready", "ready": true}', 4096)
Command(type='ready', fields={'ready': True})
>>> parse_message('{"type": "act", "action": 3, "version": 1}', 4096)
Traceback (most recent call last):
...
euchre_rooms.protocol.ProtocolError: 'action' must be text, not a number
>>> parse_message('[1, 2]', 4096)
Traceback (most recent call last):
...
euchre_rooms.protocol.ProtocolError: a message must be a JSON object with a "type"
"""

from __future__ import annotations

import json
import math
import re
import unicodedata
from dataclasses import dataclass
from typing import Any

EMOJI = ("👍", "👏", "😄", "😮", "🤔", "🎉")
"""The reactions a player may send: a fixed set, no free text."""


class ProtocolError(ValueError):
    """A message the server cannot act on; the text is sent back to the client as is."""


@dataclass(frozen=True)
class Field:
    """One field of a message: its name, the JSON types it may have, and whether it must
    be present."""

    name: str
    kinds: tuple[str, ...]
    required: bool = True


def _f(name: str, *kinds: str, required: bool = True) -> Field:
    return Field(name, kinds, required)


SCHEMAS: dict[str, tuple[Field, ...]] = {
    "create": (
        _f("name", "text"),
        _f("rules", "text", "object", required=False),
        _f("players", "whole number", required=False),
        _f("table", "text", required=False),
        _f("level", "text", required=False),
    ),
    "join": (_f("room", "text"), _f("name", "text"), _f("seat", "whole number", required=False)),
    "resume": (
        _f("room", "text"),
        _f("token", "text"),
        _f("last_seq", "whole number", required=False),
    ),
    "watch": (_f("room", "text"),),
    "ready": (_f("ready", "true or false"),),
    "start": (),
    "remove": (_f("seat", "whole number"),),
    "act": (_f("action", "text"), _f("version", "whole number")),
    "continue": (_f("version", "whole number"),),
    "react": (_f("emoji", "text"),),
    "leave": (),
    "ping": (),
}
"""Every message type a client may send, with its fields (besides ``type`` and the
optional ``id`` that the answer repeats)."""

_JSON_NAMES = {
    bool: "true or false",
    int: "a number",
    float: "a number",
    str: "text",
    list: "a list",
    dict: "an object",
    type(None): "null",
}


@dataclass(frozen=True)
class Command:
    """A checked message: its type and its fields (only known ones, of the right types)."""

    type: str
    fields: dict[str, Any]

    def get(self, name: str, default: Any = None) -> Any:
        """A field's value, or ``default`` when the message left it out."""
        return self.fields.get(name, default)


def _matches(value: Any, kind: str) -> bool:
    if kind == "text":
        return isinstance(value, str)
    if kind == "object":
        return isinstance(value, dict)
    if kind == "true or false":
        return isinstance(value, bool)
    if kind == "whole number":
        return isinstance(value, int) and not isinstance(value, bool) and abs(value) < 2**53
    raise AssertionError(kind)


# How a message's field is asked for in an error ("'seat' must be a whole number").
_WANTED = {
    "text": "text",
    "whole number": "a whole number",
    "object": "an object",
    "true or false": "true or false",
}


def _describe(value: Any) -> str:
    """What a JSON value is, as an error names it.

    >>> _describe(1.5), _describe(2.0), _describe(2**60), _describe([]), _describe(True)
    ('a number with a fraction', 'a number with a decimal point', 'a number that large', 'a list', 'true or false')
    """
    if isinstance(value, (int, float)) and not isinstance(value, bool) and abs(value) >= 2**53:
        return "a number that large"
    if isinstance(value, float):
        return "a number with a decimal point" if value.is_integer() else "a number with a fraction"
    return _JSON_NAMES.get(type(value), "something else")


def _no_constants(name: str) -> float:
    raise ProtocolError(f"{name} is not a JSON number")


def parse_message(text: str | bytes, max_bytes: int) -> Command:
    """Check one WebSocket message and return it as a ``Command``."""
    if isinstance(text, bytes):
        raise ProtocolError("send text messages of JSON, not binary ones")
    size = len(text.encode("utf-8", errors="replace"))
    if size > max_bytes:
        raise ProtocolError(f"a message may be at most {max_bytes} bytes; this one was {size}")
    try:
        data = json.loads(text, parse_constant=_no_constants)
    except ProtocolError:
        raise
    except (ValueError, RecursionError):
        raise ProtocolError("that message is not valid JSON") from None
    if not isinstance(data, dict) or "type" not in data:
        raise ProtocolError('a message must be a JSON object with a "type"')
    kind = data["type"]
    if not isinstance(kind, str):
        raise ProtocolError(f'"type" must be text, not {_describe(kind)}')
    if kind not in SCHEMAS:
        known = ", ".join(sorted(SCHEMAS))
        raise ProtocolError(f"unknown message type {kind[:40]!r}: the types are {known}")
    fields = (*SCHEMAS[kind], _f("id", "text", "whole number", required=False))
    names = {f.name for f in fields}
    extra = sorted(k for k in data if k != "type" and k not in names)
    if extra:
        raise ProtocolError(f"a {kind!r} message has no field {extra[0][:40]!r}")
    out: dict[str, Any] = {}
    for spec in fields:
        if spec.name not in data:
            if spec.required:
                raise ProtocolError(f"a {kind!r} message needs {spec.name!r}")
            continue
        value = data[spec.name]
        if not any(_matches(value, k) for k in spec.kinds):
            wanted = " or ".join(_WANTED[k] for k in spec.kinds)
            raise ProtocolError(f"{spec.name!r} must be {wanted}, not {_describe(value)}")
        if isinstance(value, float) and not math.isfinite(value):
            raise ProtocolError(f"{spec.name!r} must be a finite number")
        out[spec.name] = value
    if isinstance(out.get("id"), str) and len(out["id"]) > 64:
        raise ProtocolError("an 'id' may be at most 64 characters")
    return Command(kind, out)


_COMPUTER_NAME = re.compile(r"computer ?(\d+|\(.*\))")
"""How the room names the computer players: "Computer 3" fills an empty seat, "Computer
(Ann)" plays the seat Ann left."""


def check_name(name: str, limit: int) -> str:
    """A display name, trimmed; control characters and empty or long names refused.

    >>> check_name("  Ann ", 24)
    'Ann'
    >>> check_name("<b>Bo</b>", 24)   # kept as text: pages show it, never parse it
    '<b>Bo</b>'
    >>> check_name("", 24)
    Traceback (most recent call last):
    ...
    euchre_rooms.protocol.ProtocolError: a display name needs at least one letter
    >>> check_name("\u200b", 24)
    Traceback (most recent call last):
    ...
    euchre_rooms.protocol.ProtocolError: a display name needs at least one letter
    >>> len(check_name("e\u0301" * 13, 24))  # 13 letters, each with its accent as a mark
    26
    >>> check_name("you", 24)
    Traceback (most recent call last):
    ...
    euchre_rooms.protocol.ProtocolError: "You" is how each player's own seat is shown at the table: choose another name
    >>> check_name("computer 3", 24)
    Traceback (most recent call last):
    ...
    euchre_rooms.protocol.ProtocolError: names like "Computer 3" are kept for the computer players: choose another name
    """
    clean = " ".join(name.split())
    if not any(unicodedata.category(ch)[0] in "LN" for ch in clean):  # "\u200b" shows nothing
        raise ProtocolError("a display name needs at least one letter")
    if clean.casefold() == "you":
        raise ProtocolError(
            '"You" is how each player\'s own seat is shown at the table: choose another name'
        )
    if _COMPUTER_NAME.fullmatch(clean.casefold()):
        raise ProtocolError(
            f'names like "{clean.title()}" are kept for the computer players: choose another name'
        )
    # counted as a reader sees them: an accent written as its own mark is part of its letter
    if sum(1 for ch in clean if unicodedata.category(ch) not in ("Mn", "Me", "Cf")) > limit:
        raise ProtocolError(f"a display name may be at most {limit} characters")
    if any(
        ord(ch) < 32
        or 0x7F <= ord(ch) < 0xA0
        or 0x202A <= ord(ch) <= 0x202E
        or 0x2066 <= ord(ch) <= 0x2069
        for ch in clean
    ):
        raise ProtocolError("a display name may not hold control characters")
    return clean
