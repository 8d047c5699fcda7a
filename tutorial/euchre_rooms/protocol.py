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
from dataclasses import dataclass
from typing import Any

EMOJI = ("👍", "👏", "😄", "😮", "🤔", "🎉")
"""The reactions a player may send: a fixed set, no free text."""


class ProtocolError(ValueError):
    """A message the server cannot act on; the text is sent back to the client as is,
    with the message's ``id`` (``ident``) when it had a usable one."""

    def __init__(self, text: str, ident: str | int | None = None) -> None:
        super().__init__(text)
        self.ident = ident


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
    "open_class": (
        _f("name", "text"),
        _f("tables", "whole number"),
        _f("rules", "text", "object", required=False),
        _f("table", "text", required=False),
        _f("level", "text", required=False),
    ),
    "enroll": (_f("class", "text"), _f("name", "text")),
    "resume_class": (_f("class", "text"), _f("token", "text")),
    "start_tables": (),
    "pause": (_f("paused", "true or false"),),
    "end_class": (),
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


_SURROGATE = re.compile("[\ud800-\udfff]")


def _broken(value: Any) -> bool:
    """Whether a JSON value holds a lone surrogate (a ``"\\ud800"`` escape): no text with
    one can be sent back or shown.

    >>> _broken({"a": ["ok", chr(0xD800)]}), _broken("Ann")
    (True, False)
    """
    if isinstance(value, str):  # (ASCII text, nearly every message's, has none)
        return not value.isascii() and _SURROGATE.search(value) is not None
    if isinstance(value, dict):
        return any(_broken(k) or _broken(v) for k, v in value.items())
    if isinstance(value, list):
        return any(_broken(v) for v in value)
    return False


def _ident(data: dict[str, Any]) -> str | int | None:
    """The message's ``id`` when it is one the answer can repeat, else None.

    >>> _ident({"id": "m-1"}), _ident({"id": 7}), _ident({"id": 1.5}), _ident({"id": "x" * 65})
    ('m-1', 7, None, None)
    """
    value = data.get("id")
    if isinstance(value, str) and len(value) <= 64 and not _broken(value):
        return value
    if isinstance(value, int) and _matches(value, "whole number"):
        return value
    return None


def _read_json(text: str | bytes, max_bytes: int) -> dict[str, Any]:
    """The message's JSON object (with a ``type``), or ``ProtocolError``."""
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
    return data


def parse_message(text: str | bytes, max_bytes: int) -> Command:
    """Check one WebSocket message and return it as a ``Command``. Once the message is a
    JSON object, every error carries its ``id`` (when usable), so the client can tell which
    of its commands the error answers.

    >>> parse_message('{"type": "act", "action": 3, "version": 1, "id": "m-9"}', 4096)
    Traceback (most recent call last):
    ...
    euchre_rooms.protocol.ProtocolError: 'action' must be text, not a number
    >>> try:
    ...     parse_message('{"type": "act", "action": 3, "version": 1, "id": "m-9"}', 4096)
    ... except ProtocolError as exc:
    ...     exc.ident
    'm-9'
    """
    data = _read_json(text, max_bytes)
    ident = _ident(data)
    try:
        return _command(data)
    except ProtocolError as exc:
        raise ProtocolError(str(exc), ident) from None


_ID = _f("id", "text", "whole number", required=False)
_FIELDS = {
    kind: ((*fields, _ID), frozenset(f.name for f in (*fields, _ID)))
    for kind, fields in SCHEMAS.items()
}
"""Each type's fields with the optional ``id``, and their names."""


def _command(data: dict[str, Any]) -> Command:
    kind = data["type"]
    if not isinstance(kind, str):
        raise ProtocolError(f'"type" must be text, not {_describe(kind)}')
    if kind not in SCHEMAS:
        known = ", ".join(sorted(SCHEMAS))
        raise ProtocolError(f"unknown message type {kind[:40]!r}: the types are {known}")
    fields, names = _FIELDS[kind]
    extra = sorted(k for k in data if k != "type" and k not in names)
    if extra:
        raise ProtocolError(f"a {kind!r} message has no field {extra[0][:40]!r}")
    out: dict[str, Any] = {}
    for spec in fields:
        if spec.name not in data:
            if spec.required:
                raise ProtocolError(f"a {kind!r} message needs {spec.name!r}")
            continue
        out[spec.name] = _checked(spec, data[spec.name])
    if isinstance(out.get("id"), str) and len(out["id"]) > 64:
        raise ProtocolError("an 'id' may be at most 64 characters")
    return Command(kind, out)


def _checked(spec: Field, value: Any) -> Any:
    """A field's value, if it has one of the field's types."""
    if not any(_matches(value, k) for k in spec.kinds):
        wanted = " or ".join(_WANTED[k] for k in spec.kinds)
        raise ProtocolError(f"{spec.name!r} must be {wanted}, not {_describe(value)}")
    if isinstance(value, float) and not math.isfinite(value):
        raise ProtocolError(f"{spec.name!r} must be a finite number")
    if _broken(value):
        raise ProtocolError(f"{spec.name!r} holds a broken character (a lone surrogate)")
    return value
