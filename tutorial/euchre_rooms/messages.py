"""Every message the server sends, as a typed value, and the one serializer that turns it
into JSON text (``encode``). Nothing else in the server writes a message's JSON by hand.

A message's fields are encoded in their declared order; a field set to ``OMIT`` is left
out (``id`` when the command had none). A part already encoded once for many connections
(a seat's state, an event) is passed as ``Raw`` text and spliced in as it is.

>>> encode(Ack(id="m-1", seq=42))
'{"type":"ack","id":"m-1","seq":42}'
>>> encode(Ack(id=7))
'{"type":"ack","id":7}'
>>> encode(Update(seq=3, event=Raw('{"kind":"start"}'), state=Raw('{"version":1}')))
'{"type":"update","seq":3,"event":{"kind":"start"},"state":{"version":1}}'
>>> encode(Error(error='no "room" here'))
'{"type":"error","error":"no \\\\"room\\\\" here"}'
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, fields
from typing import Any, ClassVar, Final


class _Omit:
    """The value of an optional field that is left out of the message."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "OMIT"


OMIT: Final = _Omit()


@dataclass(frozen=True, slots=True)
class Raw:
    """JSON text already encoded (one seat's state, an event), spliced in as it is."""

    text: str


_COMPACT = json.JSONEncoder(separators=(",", ":"))
"""One encoder for the process: ``json.dumps`` with any option makes a new one each call."""


def dumps(value: Any) -> str:
    """Compact JSON, as every part of a message is encoded (``json.dumps(value,
    separators=(",", ":"))``, its encoder made once).

    >>> dumps({"seat": 1, "name": "Ann"})
    '{"seat":1,"name":"Ann"}'
    >>> dumps(["é"]) == json.dumps(["é"], separators=(",", ":"))
    True
    """
    return _COMPACT.encode(value)


def _value(value: Any) -> str:
    if isinstance(value, Raw):
        return value.text
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if type(value) is int:
        return str(value)
    if isinstance(value, list) and value and isinstance(value[0], Raw):
        return "[" + ",".join(v.text for v in value) + "]"
    return dumps(value)


@dataclass(frozen=True, slots=True)
class Message:
    """A message from the server; subclasses name their ``TYPE`` and fields."""

    TYPE: ClassVar[str] = ""


_FIELDS: dict[type[Message], tuple[str, tuple[tuple[str, str], ...]]] = {}


def _fields(kind: type[Message]) -> tuple[str, tuple[tuple[str, str], ...]]:
    """A message type's opening text and each field's name with the text before its
    value, made once for the process."""
    known = _FIELDS.get(kind)
    if known is None:
        keys = tuple((f.name, f',"{f.name}":') for f in fields(kind))
        known = _FIELDS[kind] = (f'{{"type":"{kind.TYPE}"', keys)
    return known


def encode(message: Message) -> str:
    """The JSON text of ``message``: ``{"type": ..., field: value, ...}``."""
    head, keys = _fields(type(message))
    parts = [head]
    for name, key in keys:
        value = getattr(message, name)
        if value is not OMIT:
            parts.append(key)
            parts.append(_value(value))
    parts.append("}")
    return "".join(parts)


def update_head(seq: int, event: Raw) -> str:
    """The text of ``Update(seq, event, state)`` before its state's: a change's update to
    each connection is this, the connection's state and ``}`` (made once for a change,
    not once a connection).

    >>> head = update_head(3, Raw('{"kind":"start"}'))
    >>> head + '{"version":1}}' == encode(Update(3, Raw('{"kind":"start"}'), Raw('{"version":1}')))
    True
    """
    return f'{{"type":"update","seq":{seq},"event":{event.text},"state":'


Ident = str | int | _Omit
"""A command's ``id`` as the answer repeats it (OMIT when it had none)."""


def ident_of(ident: str | int | None) -> Ident:
    """``OMIT`` for a command that had no ``id``."""
    return OMIT if ident is None else ident


# ---------------------------------------------------------------------- seats and rooms
@dataclass(frozen=True, slots=True)
class Welcome(Message):
    """You hold a seat (after ``create``, ``join``, ``resume``, ``enroll``)."""

    TYPE: ClassVar[str] = "welcome"
    room: str
    seat: int
    token: str


@dataclass(frozen=True, slots=True)
class Watching(Message):
    """You watch a room as a spectator."""

    TYPE: ClassVar[str] = "watching"
    room: str
    seq: int
    state: Raw


@dataclass(frozen=True, slots=True)
class Update(Message):
    """Something happened in the room."""

    TYPE: ClassVar[str] = "update"
    seq: int
    event: Raw
    state: Raw


@dataclass(frozen=True, slots=True)
class Resume(Message):
    """After ``resume``: the events missed, or the full state."""

    TYPE: ClassVar[str] = "resume"
    seq: int
    replayed: bool
    events: Sequence[Raw]
    state: Raw


@dataclass(frozen=True, slots=True)
class Ack(Message):
    """Your command with that ``id`` was accepted."""

    TYPE: ClassVar[str] = "ack"
    id: str | int
    seq: int | _Omit = OMIT


@dataclass(frozen=True, slots=True)
class RefusedMove(Message):
    """A stale, illegal or out-of-turn move: the reason and your state as it is."""

    TYPE: ClassVar[str] = "refused"
    command: str
    reason: str
    state: Raw
    id: Ident = OMIT
    mastery: dict[str, Any] | _Omit = OMIT


@dataclass(frozen=True, slots=True)
class Mastery(Message):
    """The coach's verdict on your own bid, discard or lead."""

    TYPE: ClassVar[str] = "mastery"
    skill: str
    item: str
    correct: bool


@dataclass(frozen=True, slots=True)
class Error(Message):
    """A message the server could not act on, in plain words."""

    TYPE: ClassVar[str] = "error"
    error: str
    id: Ident = OMIT


@dataclass(frozen=True, slots=True)
class Reaction(Message):
    """Someone reacted."""

    TYPE: ClassVar[str] = "reaction"
    seat: int
    emoji: str


@dataclass(frozen=True, slots=True)
class Left(Message):
    """You left the room (or stopped watching it, or it closed)."""

    TYPE: ClassVar[str] = "left"
    room: str
    reason: str | _Omit = OMIT


@dataclass(frozen=True, slots=True)
class Removed(Message):
    """The host removed you."""

    TYPE: ClassVar[str] = "removed"
    reason: str


@dataclass(frozen=True, slots=True)
class Replaced(Message):
    """Your seat was opened from another connection: this one is closed."""

    TYPE: ClassVar[str] = "replaced"
    reason: str


@dataclass(frozen=True, slots=True)
class Pong(Message):
    """The answer to ``ping``."""

    TYPE: ClassVar[str] = "pong"


# ---------------------------------------------------------------------- classes
@dataclass(frozen=True, slots=True)
class ClassWelcome(Message):
    """You run a class (after ``open_class`` or ``resume_class``): keep ``token``."""

    TYPE: ClassVar[str] = "class_welcome"
    code: str
    token: str


@dataclass(frozen=True, slots=True)
class ClassState(Message):
    """The class as its teacher sees it: tables, students, summaries."""

    TYPE: ClassVar[str] = "class"
    seq: int
    state: Raw


@dataclass(frozen=True, slots=True)
class ClassEnded(Message):
    """The class is over: the server keeps nothing of it."""

    TYPE: ClassVar[str] = "class_ended"
    code: str
    reason: str
