"""One WebSocket connection as the server sees it: where it is (the seat it holds, the room
it watches, the class it teaches), its limits, and its outbox.

The outbox is a plain list (an empty deque costs ten times its size, and the outbox is
nearly always empty); ``wake`` (set by whoever writes to the socket) is called when a
message is queued, so an idle connection needs no waiting task at all.

>>> from euchre_rooms.messages import Pong
>>> client = Client(Settings())
>>> client.send(Pong()); client.outbox
['{"type":"pong"}']
>>> client.replace("your seat was opened elsewhere"); client.outbox[-2:], client.close_code
(['{"type":"replaced","reason":"your seat was opened elsewhere"}', None], 4001)
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from euchre_rooms.config import Settings
from euchre_rooms.messages import Error, Message, Replaced, encode, ident_of
from euchre_rooms.ratelimit import TokenBucket

if TYPE_CHECKING:
    from euchre_rooms.actor import RoomActor
    from euchre_rooms.classroom import ClassActor

OUTBOX_LIMIT = 256
"""Messages waiting for a slow connection before the server gives up on it."""

POLICY_VIOLATION = 1008
"""The close code of a connection closed for what it sent (a flood, a foreign origin)."""

REPLACED = 4001
"""The close code of a connection whose seat another connection took (``replaced``)."""


def _nothing() -> None:
    return None


class Client:
    """One WebSocket connection and what it holds."""

    __slots__ = (
        "close_code",
        "close_reason",
        "floods",
        "gone",
        "id",
        "messages",
        "origin",
        "outbox",
        "proxy",
        "reactions",
        "room",
        "seat",
        "teaching",
        "wake",
    )

    def __init__(self, settings: Settings, clock: Callable[[], float] = time.monotonic) -> None:
        self.id = secrets.token_hex(8)
        self.outbox: list[str | None] = []
        """Texts waiting to be sent; None: close the connection after them."""
        self.wake: Callable[[], None] = _nothing
        self.room: RoomActor | None = None
        """The room this connection plays in (``seat`` set) or watches (``seat`` None)."""
        self.seat: int | None = None
        self.teaching: ClassActor | None = None
        """The class this connection's teacher runs."""
        self.messages = TokenBucket(settings.messages_per_second, settings.message_burst, clock)
        self.reactions = TokenBucket(settings.reactions_per_second, settings.reaction_burst, clock)
        self.floods = 0
        self.close_reason: str | None = None
        self.close_code = POLICY_VIOLATION
        self.gone = False
        """The socket has closed: nothing more is queued for it."""
        self.proxy: Any = None
        """Set while this connection's room is owned by another process (``relay.Proxy``)."""
        self.origin: str | None = None
        """The process holding this socket, once it has been forwarded to another."""

    @property
    def watching(self) -> bool:
        """Whether this connection watches its room as a spectator."""
        return self.room is not None and self.seat is None

    def via(self, ident: str | int | None) -> str | None:
        """A name for the command ``ident`` of this connection that every process gives it
        (None: none is needed, the connection has never been forwarded): after a takeover,
        a command the dead owner made is recognised by it and not made again.

        >>> client = Client(Settings()); client.via(3) is None
        True
        >>> client.origin = "p1"; client.via(3) == f"p1:{client.id}:3"
        True
        """
        if self.origin is None or ident is None:
            return None
        return f"{self.origin}:{self.id}:{ident}"

    def send(self, message: Message) -> None:
        """Queue a message."""
        self.send_text(encode(message))

    def send_text(self, text: str) -> None:
        """Queue a message already encoded (one text sent to many connections)."""
        if self.close_reason is not None or self.gone:
            return
        if len(self.outbox) >= OUTBOX_LIMIT:
            self.close("too many messages are waiting for this connection")
            return
        self.outbox.append(text)
        self.wake()

    def error(self, text: str, ident: str | int | None = None) -> None:
        """A plain error message (with the command's ``id`` when it had one)."""
        self.send(Error(text, ident_of(ident)))

    def close(self, reason: str) -> None:
        """Send ``reason`` as an error, then close the connection (code 1008)."""
        self._close(Error(reason), reason, POLICY_VIOLATION)

    def replace(self, reason: str) -> None:
        """Tell this connection another one took its seat, then close it (code 4001)."""
        self._close(Replaced(reason), reason, REPLACED)

    def _close(self, message: Message, reason: str, code: int) -> None:
        if self.close_reason is None and not self.gone:
            self.outbox.append(encode(message))
            self.end(reason, code)

    def end(self, reason: str, code: int) -> None:
        """Close the connection after what is queued, with ``code`` and ``reason``."""
        if self.close_reason is None and not self.gone:
            self.close_reason, self.close_code = reason, code
            self.outbox.append(None)
            self.wake()
