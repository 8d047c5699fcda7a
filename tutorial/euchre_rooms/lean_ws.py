"""uvicorn's sans-I/O WebSocket protocol (``websockets-sansio``), lighter per connection.

A room connection lives for hours and does little, so what it keeps matters more than
what it does. uvicorn's protocol keeps, for every connection: an ``asyncio.Queue`` for
the app's incoming messages (three deques and an ``asyncio.Event``: about 3 KB), an
``asyncio.Event`` for "the socket may be written" (another deque), and the handshake's
request and response with all their headers (2-4 KB, more from a browser). This subclass
keeps the same behaviour with an ``Inbox`` and a ``Gate`` (a list and a future made only
while someone waits), lets go of the handshake once the connection is open, and lets go of
websockets' protocol itself whenever it holds nothing but a parser waiting for the next
frame (``release``: made again, open, when a frame or a ping needs it). It also
offers the app a way to send without a task per message (the ``SEND_NOW`` extension):
the room server's messages are nearly always sent the moment they are made, and a task
for each one is garbage that fragments the heap; the messages a connection got in one
turn of the loop (a move's ack and update) go out in one write. A client's whole text
frames (nearly every message it sends) are read here rather than by websockets' parser
(``client_frames``: the same checks, one function instead of a generator per frame), and
so are pings and pongs, and the server's keep-alive pings are framed here (a ping every
20 s on every connection: through websockets, each ping and each pong made its protocol
again and ran its parser for one frame); anything else goes to websockets as before. Measured under ``scripts/bench_rooms.py``:
see the README's rooms section.

An app may also take its WebSockets straight from the protocol, without ASGI (``Direct``:
the room server's ``RoomsApp``): for its ``direct_path`` the protocol answers the handshake
itself and gives the app each message as it is read (``Receiver.received``) and the close
(``Receiver.closed``), so a connection keeps no task, no ASGI scope and no chain of
coroutines waiting for its next message (about 5 KB a connection): the app starts a task
only while it has a message to handle. Any other path goes through ASGI as before.

It is uvicorn's own protocol otherwise (framing, limits, pings, closing), so it is tied to
the pinned uvicorn and websockets versions; ``--ws websockets-sansio`` runs the original.

>>> inbox: Inbox[dict[str, str]] = Inbox()
>>> inbox.put_nowait({"type": "websocket.connect"}); inbox.empty()
False
>>> import asyncio; asyncio.run(inbox.get())
{'type': 'websocket.connect'}
>>> inbox.empty()
True
"""

from __future__ import annotations

import asyncio
import logging
import random
import struct
from collections.abc import Coroutine, Sequence
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable

from uvicorn._types import ASGIReceiveEvent, ASGISendEvent
from uvicorn.config import Config
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from uvicorn.server import ServerState
from websockets.frames import Frame, Opcode
from websockets.http11 import Request
from websockets.protocol import OPEN
from websockets.server import ServerProtocol
from websockets.speedups import apply_mask

LOGGER = "uvicorn.error"
"""The logger uvicorn gives websockets' protocol."""

SEND_NOW = "euchre_rooms.send_now"
"""The ASGI extension this protocol offers in the scope: ``{"send_texts": f}``, where
``f(texts)`` sends text messages at once, one frame each and every frame in one write to
the socket, and returns True, or returns False (sending nothing) when it cannot right now:
the socket's buffer is full, or it is closing. The app then sends through ASGI's ``send``
as usual (and must, until that has caught up, to keep the order)."""


T = TypeVar("T")


class Receiver(Protocol):
    """What an app that takes a WebSocket directly (``Direct``) is given: each message as
    it is read (reading is paused until the app calls ``DirectSocket.taken``), then the
    connection's end, once (the peer closed, the app closed it, or it was lost)."""

    def received(self, data: str | bytes) -> None: ...

    def closed(self) -> None: ...


class DirectSocket(Protocol):
    """The connection as such an app sees it (the lean protocol itself)."""

    def send_texts_now(self, texts: Sequence[str]) -> bool: ...

    async def send_text(self, text: str) -> None: ...

    async def close(self, code: int, reason: str) -> None: ...

    def taken(self) -> None: ...

    def spawn(self, work: Coroutine[Any, Any, None]) -> asyncio.Task[None]: ...

    def finished(self) -> None: ...


@runtime_checkable
class Direct(Protocol):
    """An app that takes the WebSockets of ``direct_path`` itself, without ASGI."""

    direct_path: str

    def open_direct(self, socket: DirectSocket, origin: str | None, host: str | None) -> Receiver:
        """The handshake is answered: the receiver of this connection's messages."""


class Handoff:
    """Stands where uvicorn's protocol puts the ASGI events for the app, once a connection
    is the app's directly: a message goes to the app's receiver, the first disconnect
    tells it the connection ended (uvicorn may report the end more than once)."""

    __slots__ = ("ended", "receiver")

    def __init__(self, receiver: Receiver) -> None:
        self.receiver, self.ended = receiver, False

    def put_nowait(self, event: ASGIReceiveEvent) -> None:
        if event["type"] == "websocket.receive":
            data = event.get("text")
            self.receiver.received(data if data is not None else event.get("bytes") or b"")
        elif event["type"] == "websocket.disconnect" and not self.ended:
            self.ended = True
            self.receiver.closed()

    def empty(self) -> bool:
        return True


def first_header(request: Request, name: str) -> str | None:
    """The first value of a handshake's header, None when absent.

    >>> from websockets.datastructures import Headers
    >>> request = Request("/", Headers([("Origin", "http://a"), ("Origin", "http://b")]))
    >>> first_header(request, "origin"), first_header(request, "host")
    ('http://a', None)
    """
    found = request.headers.get_all(name)
    return found[0] if found else None


def text_frame(text: str) -> bytes:
    """A server's unfragmented text frame of ``text``, as websockets frames it without
    extensions (RFC 6455: FIN and the text opcode, the length in 7, 16 or 64 bits, no
    mask from a server).

    >>> from websockets.frames import Frame, Opcode
    >>> all(text_frame(t) == Frame(Opcode.TEXT, t.encode()).serialize(mask=False)
    ...     for t in ("", "é" * 62, "x" * 126, "y" * 65535, "z" * 65536))
    True
    """
    data = text.encode()
    length = len(data)
    if length < 126:
        return bytes((0x81, length)) + data
    if length < 65536:
        return struct.pack("!BBH", 0x81, 126, length) + data
    return struct.pack("!BBQ", 0x81, 127, length) + data


TEXT, PING, PONG = 0x1, 0x9, 0xA
"""The opcodes of the frames read here (RFC 6455): a text message, a ping, a pong."""


def client_frames(data: bytes, max_size: int | None) -> list[tuple[int, str | bytes]] | None:
    """The frames of ``data`` when it is nothing but whole frames from a client that are
    unfragmented text messages (FIN, no extension bits, masked, a payload of at most
    ``max_size`` bytes of valid UTF-8), pings or pongs (a payload of at most 125 bytes),
    as websockets reads them: each its opcode and its text (or a ping's or pong's
    payload). None for anything else (a close, a binary or fragmented message, a frame
    cut short, bad UTF-8...), which websockets' own parser then reads.

    >>> from websockets.frames import Frame, Opcode
    >>> frame = Frame(Opcode.TEXT, "hé".encode()).serialize(mask=True)
    >>> long = Frame(Opcode.TEXT, b"x" * 300).serialize(mask=True)
    >>> client_frames(frame + long, 1024) == [(TEXT, "hé"), (TEXT, "x" * 300)]
    True
    >>> client_frames(frame[:-1], 1024), client_frames(long, 299), client_frames(b"", 9)
    (None, None, [])
    >>> pong = Frame(Opcode.PONG, b"1234").serialize(mask=True)
    >>> client_frames(pong + frame, 1024)
    [(10, b'1234'), (1, 'hé')]
    >>> client_frames(Frame(Opcode.PING, b"").serialize(mask=True), 1024)
    [(9, b'')]
    >>> client_frames(Frame(Opcode.CLOSE, b"").serialize(mask=True), 1024) is None
    True
    """
    frames: list[tuple[int, str | bytes]] = []
    start, end = 0, len(data)
    while start < end:
        first = data[start]
        opcode = first & 0x0F
        if end - start < 6 or first & 0xF0 != 0x80 or data[start + 1] < 0x80:
            return None  # (FIN and no extension bits; the mask bit)
        if opcode not in (TEXT, PING, PONG):
            return None
        length = data[start + 1] & 0x7F
        start += 2
        if length == 126 and opcode == TEXT:
            length = int.from_bytes(data[start : start + 2], "big")
            start += 2
        elif length >= 126:  # (a control frame's payload is at most 125 bytes)
            return None
        stop = start + 4 + length
        if (max_size is not None and length > max_size) or stop > end:
            return None
        payload = apply_mask(data[start + 4 : stop], data[start : start + 4])
        try:
            frames.append((opcode, payload.decode() if opcode == TEXT else payload))
        except UnicodeDecodeError:
            return None
        start = stop
    return frames


def control_frame(opcode: int, payload: bytes) -> bytes:
    """A server's ping or pong frame (FIN, unmasked, at most 125 bytes of payload), as
    websockets frames it.

    >>> from websockets.frames import Frame, Opcode
    >>> control_frame(PONG, b"1234") == Frame(Opcode.PONG, b"1234").serialize(mask=False)
    True
    """
    return bytes((0x80 | opcode, len(payload))) + payload


def frames_end(data: bytes) -> bool:
    """Whether ``data``, read from a frame's start, ends where a frame ends (websockets'
    parser is then at the start of the next).

    >>> from websockets.frames import Frame, Opcode
    >>> frame = Frame(Opcode.PONG, b"1234").serialize(mask=True)
    >>> frames_end(frame * 2), frames_end(frame[:3]), frames_end(frame + frame[:1])
    (True, False, False)
    """
    start, end = 0, len(data)
    while start < end:
        if end - start < 2:
            return False
        head, length = data[start + 1], data[start + 1] & 0x7F
        start += 2
        size = {126: 2, 127: 8}.get(length, 0)
        if size:
            if end - start < size:
                return False
            length = int.from_bytes(data[start : start + size], "big")
        start += size + (4 if head & 0x80 else 0) + length
    return start == end


class Inbox(Generic[T]):
    """Messages in arrival order for one reader (ASGI's ``receive``; a relayed
    connection's worker): an ``asyncio.Queue`` without its three deques and its Event."""

    __slots__ = ("items", "waiter")

    def __init__(self) -> None:
        self.items: list[T] = []
        self.waiter: asyncio.Future[None] | None = None

    def put_nowait(self, item: T) -> None:
        """Add a message and wake the reader."""
        self.items.append(item)
        waiter = self.waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    def empty(self) -> bool:
        return not self.items

    async def get(self) -> T:
        """The oldest message, waiting for one if there is none."""
        while not self.items:
            waiter = self.waiter = asyncio.get_running_loop().create_future()
            try:
                await waiter
            finally:
                self.waiter = None
        return self.items.pop(0)


class Gate:
    """An ``asyncio.Event`` that costs a future only while someone waits for it.

    >>> gate = Gate(); gate.clear(); gate.is_set()
    False
    >>> gate.set(); asyncio.run(gate.wait())
    True
    """

    __slots__ = ("opened", "waiter")

    def __init__(self) -> None:
        self.opened = True
        self.waiter: asyncio.Future[None] | None = None

    def is_set(self) -> bool:
        return self.opened

    def set(self) -> None:
        self.opened = True
        waiter, self.waiter = self.waiter, None
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    def clear(self) -> None:
        self.opened = False

    async def wait(self) -> bool:
        while not self.opened:
            if self.waiter is None or self.waiter.done():
                self.waiter = asyncio.get_running_loop().create_future()
            # several senders may wait: one being cancelled must not cancel the others
            await asyncio.shield(self.waiter)
        return True


class LeanWebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's ``websockets-sansio`` protocol with an ``Inbox``, a ``Gate`` and no
    handshake kept after the connection opens (``ws="euchre_rooms.lean_ws:LeanWebSocketProtocol"``)."""

    def __init__(
        self,
        config: Config,
        server_state: ServerState,
        app_state: dict[str, Any],
        _loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        self._conn: ServerProtocol | None = None
        super().__init__(config, server_state, app_state, _loop)
        self.queue: Inbox[ASGIReceiveEvent] = Inbox()  # type: ignore[assignment]
        self.writable: Gate = Gate()  # type: ignore[assignment]

    framed = True
    """websockets' parser is at a frame's start: every frame it was given was whole."""

    @property
    def conn(self) -> ServerProtocol:
        """websockets' protocol for this connection: made again (open, at a frame's start)
        when it was let go (``release``) and something needs it (a control frame, a close,
        a ping to send, a message the lean paths do not frame)."""
        conn = self._conn
        if conn is None:
            conn = self._conn = ServerProtocol(
                state=OPEN, max_size=self.config.ws_max_size, logger=logging.getLogger(LOGGER)
            )
        return conn

    @conn.setter
    def conn(self, conn: ServerProtocol) -> None:
        self._conn = conn

    def release(self) -> None:
        """Let websockets' protocol go while it holds nothing but a parser waiting at a
        frame's start (its parser's generators, buffers and the handshake's request: about
        2 KB a connection, for hours): the connection is open, nothing is half read or
        half sent, no extension keeps a state between messages, nothing waits to be
        written. A fresh one reads the next frame exactly as this one would."""
        conn = self._conn
        if (
            conn is not None
            and self.handshake_complete
            and self.framed
            and not self.close_sent
            and conn.state is OPEN
            and conn.parser_exc is None
            and conn.current_size is None
            and not conn.expect_continuation_frame
            and not conn.extensions
            and not conn.reader.buffer
            and not conn.events
            and not conn.writes
        ):
            self._conn = None

    def data_received(self, data: bytes) -> None:
        """Whole text frames (nearly every message of a room connection) are read here and
        go to the app as uvicorn sends them (a ``websocket.receive`` event, reading paused
        until the app takes it); anything else is read by websockets, as before. Once
        websockets has been given a frame cut short, it reads every byte after it."""
        if self.handshake_complete and self.framed:
            conn = self._conn
            if not self.close_sent and (
                conn is None or (conn.state is OPEN and not conn.extensions)
            ):
                frames = client_frames(data, self.config.ws_max_size)
                if frames is not None:
                    if conn is not None:
                        self.release()
                    self.frames_received(frames)
                    return
            self.framed = frames_end(data)
        super().data_received(data)
        self.release()

    def frames_received(self, frames: list[tuple[int, str | bytes]]) -> None:
        """Give the app each text message, answer each ping with its pong and take each
        pong as uvicorn does (its keep-alive); reading pauses when the app was given a
        message, until it has taken it."""
        texts = False
        for opcode, payload in frames:
            if isinstance(payload, str):
                self.queue.put_nowait({"type": "websocket.receive", "text": payload})
                texts = True
            elif opcode == PING:
                self.transport.write(control_frame(PONG, payload))
            else:
                self.handle_pong(Frame(Opcode.PONG, payload))
        if texts and not self.read_paused:
            self.read_paused = True
            self.transport.pause_reading()

    def send_keepalive_ping(self) -> None:
        """Send the keep-alive ping as uvicorn does, framed here while websockets' protocol
        is let go (rather than made again for one frame)."""
        if self._conn is not None or self.close_sent or self.transport.is_closing():
            super().send_keepalive_ping()
            return
        self.ping_timer = None
        self.pending_ping_payload = struct.pack("!I", random.getrandbits(32))
        self.ping_sent_at = self.loop.time()
        self.transport.write(control_frame(PING, self.pending_ping_payload))
        if self.ping_timeout is not None:
            self.pong_timer = self.loop.call_later(self.ping_timeout, self.keepalive_timeout)
        else:
            self.schedule_ping()

    def handle_connect(self, event: Request) -> None:
        app = self.app
        if isinstance(app, Direct) and event.path.partition("?")[0] == app.direct_path:
            self.connect_directly(app, event)
            return
        super().handle_connect(event)
        scope = getattr(self, "scope", None)
        if scope is not None:
            scope["extensions"][SEND_NOW] = {"send_texts": self.send_texts_now}

    def connect_directly(self, app: Direct, event: Request) -> None:
        """Answer the handshake as uvicorn does when an ASGI app accepts it, and give the
        connection to ``app``: no ASGI task, scope or queue."""
        self.handshake_initiated = True
        response = self.conn.accept(event)
        if response.status_code != 101:  # not a WebSocket handshake: refused, as uvicorn does
            self.handshake_complete = self.close_sent = True
            self.conn.send_response(response)
            self.transport.write(b"".join(self.conn.data_to_send()))
            self.transport.close()
            return
        origin, host = first_header(event, "Origin"), first_header(event, "Host")
        event.headers.clear()  # websockets' parser keeps the request for the connection's life
        del response.headers["Date"]
        response.headers.update(
            (name.decode("latin-1").lower(), value.decode("latin-1"))
            for name, value in self.default_headers
        )
        self.handshake_complete = True
        self.conn.send_response(response)
        self.transport.write(b"".join(self.conn.data_to_send()))
        self.start_keepalive()
        # (a client sends no frame before it has the handshake's answer: its next bytes
        # start a frame, and ``data_received`` lets websockets' protocol go after this)
        self.queue = Handoff(app.open_direct(self, origin, host))  # type: ignore[assignment]
        # this object's attributes (34) are all set by now: its dict grew to them in steps
        # and keeps room for twice as many; a copy holds them in half the space (~0.75 KB
        # less a connection, for hours)
        self.__dict__ = dict(self.__dict__)

    async def send_text(self, text: str) -> None:
        """Send one text message when the socket can take it (a direct app's slow path)."""
        await self.send({"type": "websocket.send", "text": text, "bytes": None})
        self.release()

    async def close(self, code: int, reason: str) -> None:
        """Start the closing handshake with ``code`` and ``reason``."""
        await self.send({"type": "websocket.close", "code": code, "reason": reason})

    def taken(self) -> None:
        """A direct app has taken every message read so far: read on."""
        if self.read_paused:
            self.read_paused = False
            self.transport.resume_reading()

    def spawn(self, work: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        """A direct app's task for this connection, waited for when the server stops."""
        task = self.loop.create_task(work)
        task.add_done_callback(self.on_task_complete)
        self.tasks.add(task)
        return task

    def finished(self) -> None:
        """A direct app is done with the connection: close it unless a closing handshake
        is under way (as uvicorn does when an ASGI app returns)."""
        if self.close_timer is None:
            self.transport.close()

    def send_texts_now(self, texts: Sequence[str]) -> bool:
        """Send text messages without a task or a wait, when the socket can take them: a
        frame each, all of them in one write (one system call for a move's ack and update).
        Framed here when nothing changes a frame (no extension such as compression, no
        fragmented message under way), after anything websockets had queued; else by
        websockets."""
        if (
            not self.handshake_complete
            or self.close_sent
            or self.disconnected
            or not self.writable.is_set()
            or self.transport.is_closing()
        ):
            return False
        conn = self._conn
        if conn is None:  # (let go: open, nothing queued)
            self.transport.write(b"".join(map(text_frame, texts)))
            return True
        if conn.state is not OPEN:
            return False
        if conn.extensions or conn.expect_continuation_frame:
            for text in texts:
                conn.send_text(text.encode())
            self.transport.write(b"".join(conn.data_to_send()))
            return True
        queued = conn.data_to_send()
        self.transport.write(b"".join([*queued, *map(text_frame, texts)]))
        return True

    async def send(self, message: ASGISendEvent) -> None:
        await super().send(message)
        request = getattr(self, "request", None)
        if self.handshake_complete and request is not None:
            # the handshake has been answered: its headers are not needed again (websockets'
            # parser keeps the request it read for the connection's lifetime, so empty it)
            request.headers.clear()
            self.request = None  # type: ignore[assignment]
            self.response = None  # type: ignore[assignment]
