"""The room server as an ASGI app (Starlette): ``/rooms/health``, the ``/rooms/ws``
WebSocket, and ``/rooms/render`` (a room drawn for a page whose Python is still starting:
``render.py``).

>>> app = create_app()
>>> sorted(r.path for r in app.routes)
['/rooms/health', '/rooms/render', '/rooms/stats', '/rooms/ws']
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Protocol, cast
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import BaseRoute, Mount, Route, WebSocketRoute
from starlette.types import Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

from euchre_rooms import render
from euchre_rooms.config import Settings
from euchre_rooms.connection import POLICY_VIOLATION, Client
from euchre_rooms.hub import Hub
from euchre_rooms.lean_ws import SEND_NOW, DirectSocket, Receiver
from euchre_rooms.messages import Error
from euchre_rooms.sitefiles import CompressedStaticFiles

SOCKET_PATH = "/rooms/ws"
FOREIGN = "this page's origin may not open rooms here"
log = logging.getLogger("euchre_rooms")


class Socket(Protocol):
    """Where a ``Writer`` sends what ``send_now`` could not: Starlette's ``WebSocket``, or
    the lean protocol itself for a connection taken directly (``RoomSocket``)."""

    async def send_text(self, data: str) -> None: ...

    async def close(self, code: int, reason: str) -> None: ...


def origin_allowed(origin: str | None, host: str | None, allowed: tuple[str, ...]) -> bool:
    """Whether a WebSocket's Origin may open rooms here: no Origin (not a browser), the
    server's own host, or one of ``allowed``.

    >>> origin_allowed("http://127.0.0.1:8000", "127.0.0.1:8000", ())
    True
    >>> origin_allowed("https://evil.example", "127.0.0.1:8000", ())
    False
    >>> origin_allowed("https://school.example", "rooms.example", ("https://school.example",))
    True
    """
    if origin is None:
        return True
    if origin.rstrip("/") in allowed:
        return True
    return bool(host) and urlsplit(origin).netloc.lower() == (host or "").lower()


def handshake_headers(scope: Scope, *names: bytes) -> list[str | None]:
    """The values of the headers ``names`` (lower case) in an ASGI scope, None when absent.

    >>> handshake_headers({"headers": [(b"host", b"a:1"), (b"origin", b"http://a:1")]}, b"origin", b"x")
    ['http://a:1', None]
    """
    found: dict[bytes, str] = {}
    for name, value in scope.get("headers", ()):
        key = name.lower()
        if key in names and key not in found:
            found[key] = value.decode("latin-1")
    return [found.get(name) for name in names]


async def serve_socket(hub: Hub, websocket: WebSocket) -> None:
    """One room connection, from its handshake to its close: each message to the hub, in
    order; its outbox written by a ``Writer``."""
    await websocket.accept()
    origin, host = handshake_headers(websocket.scope, b"origin", b"host")
    # the Origin check is the only use of the handshake's headers: let them go, as a
    # connection lives for hours (the lean protocol drops its own copy too)
    websocket.scope["headers"] = []
    if not origin_allowed(origin, host, hub.settings.allowed_origins):
        await websocket.send_json({"type": "error", "error": FOREIGN})
        await websocket.close(POLICY_VIOLATION, "origin not allowed")
        return
    client = Client(hub.settings)
    extension = websocket.scope.get("extensions", {}).get(SEND_NOW) or {}
    writer = Writer(websocket, client, extension.get("send_texts"))
    client.wake = writer.wake
    try:
        while client.close_reason is None:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            await hub.handle(client, text if text is not None else message.get("bytes") or b"")
    except WebSocketDisconnect:
        pass
    finally:
        await hub.disconnected(client)
        if client.close_reason is None:
            client.outbox.append(None)
            client.wake()
        await writer.done()


class RoomSocket:
    """One room connection taken straight from the lean protocol (``lean_ws.Direct``): what
    ``serve_socket`` does, without a task waiting for each message. Each message goes to
    the hub in order, from a task that lives only while there are messages to handle;
    reading is paused until the last one is taken, as through ASGI; once the connection
    has ended (after the messages before the end) its seat is let go and its outbox sent.
    """

    __slots__ = ("client", "hub", "over", "pending", "socket", "task", "writer")

    def __init__(self, hub: Hub, socket: DirectSocket, origin: str | None, host: str | None):
        self.hub, self.socket = hub, socket
        self.pending: list[str | bytes | None] = []
        """Messages read and not yet taken; None: the connection has ended."""
        self.task: asyncio.Task[None] | None = None
        self.over = False
        """The connection has ended and its seat been let go."""
        client = self.client = Client(hub.settings)
        self.writer = Writer(socket, client, socket.send_texts_now)
        client.wake = self.writer.wake
        if not origin_allowed(origin, host, hub.settings.allowed_origins):
            client.send(Error(FOREIGN))
            client.end("origin not allowed", POLICY_VIOLATION)

    def received(self, data: str | bytes) -> None:
        """A message was read (not handled once the connection is closing, as before)."""
        if self.client.close_reason is None:
            self._queue(data)
        else:
            self.socket.taken()

    def closed(self) -> None:
        """The connection ended: after the messages before it, let its seat go."""
        self._queue(None)

    def _queue(self, data: str | bytes | None) -> None:
        if self.over:
            return
        self.pending.append(data)
        if self.task is None:
            self.task = self.socket.spawn(self._handle())

    async def _handle(self) -> None:
        pending, client = self.pending, self.client
        try:
            while pending and not self.over:
                data = pending.pop(0)
                if not pending:
                    self.socket.taken()
                if data is None:
                    await self._end()
                elif client.close_reason is None:
                    await self.hub.handle(client, data)
        except Exception:
            log.exception("a room connection failed")
            await self._end()
        finally:
            self.task = None

    async def _end(self) -> None:
        """Let the connection's seat go, send what is queued (and the close), then close
        the socket unless a closing handshake is under way; once."""
        if self.over:
            return
        self.over = True
        self.pending.clear()
        client = self.client
        try:
            await self.hub.disconnected(client)
        finally:
            if client.close_reason is None:
                client.outbox.append(None)
                client.wake()
            await self.writer.done()
            self.socket.finished()


def create_app(
    settings: Settings | None = None,
    hub: Hub | None = None,
    site: str | Path | None = None,
    site_path: str = "/",
) -> Starlette:
    """The ASGI app. Mount it at the root: its paths start with ``/rooms/``. With ``site``
    (a built site's folder) it serves that site too, at ``site_path``, beside the rooms:
    one address for the pages and the rooms (``make serve``), its files gzipped as static
    hosts send them (``sitefiles.py``).

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as built:
    ...     _ = Path(built, "index.html").write_text("<p>Learn Euchre</p>")
    ...     create_app(site=built, site_path="/learn/").routes[-1].path
    '/learn'
    """
    settings = settings or (hub.settings if hub is not None else Settings())
    hub = hub or Hub(settings)

    async def health(request: Request) -> JSONResponse:
        return JSONResponse(hub.health())

    async def stats(request: Request) -> JSONResponse:
        return JSONResponse(hub.stats())

    async def socket(websocket: WebSocket) -> None:
        await serve_socket(hub, websocket)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await hub.start()
        sweeper = asyncio.create_task(hub.sweep_forever())
        yield
        sweeper.cancel()
        await hub.close()

    def page_allowed(origin: str | None, host: str | None) -> bool:
        return origin_allowed(origin, host, settings.allowed_origins)

    routes: list[BaseRoute] = [
        Route("/rooms/health", health),
        Route("/rooms/stats", stats),
        Route(render.PATH, render.render_endpoint(page_allowed), methods=["POST"]),
        WebSocketRoute(SOCKET_PATH, socket),
    ]
    if site is not None:
        if not Path(site, "index.html").is_file():
            raise FileNotFoundError(f"{site} holds no built site (no index.html): run `make site`")
        prefix = "/" + site_path.strip("/")
        routes.append(Mount(prefix, app=CompressedStaticFiles(directory=site, html=True)))
    app = RoomsApp(routes=routes, lifespan=lifespan)
    app.rooms_socket = socket
    app.state.hub = hub
    return app


class RoomsApp(Starlette):
    """Starlette, except that a room WebSocket goes straight to its handler: a connection
    lives for hours, and skipping the middleware stack saves the frames it would keep
    waiting for each one (a few KB per connection). Under the lean protocol it skips ASGI
    too (``lean_ws.Direct``): the protocol hands the connection to ``open_direct``."""

    rooms_socket: Callable[[WebSocket], Awaitable[None]] | None = None
    direct_path = SOCKET_PATH

    def open_direct(self, socket: DirectSocket, origin: str | None, host: str | None) -> Receiver:
        """A room connection from the lean protocol, its handshake answered."""
        return RoomSocket(self.state.hub, socket, origin, host)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket" and scope["path"] == SOCKET_PATH and self.rooms_socket:
            scope["app"] = self
            await self.rooms_socket(WebSocket(scope, receive, send))
            return
        await super().__call__(scope, receive, send)


class Writer:
    """Sends a connection's outbox in order: when the server offers ``send_now`` (the lean
    protocol's ``SEND_NOW`` extension), at the end of the loop's turn in which something
    was queued, everything queued meanwhile in one write (a move's ack and update, a
    refusal and its state: one system call, not one a message), when the socket can take
    it; else from a task that exists only while there is something to send; closes the
    socket with the reason when the outbox says so."""

    __slots__ = ("client", "flushing", "send_now", "task", "websocket")

    def __init__(
        self,
        websocket: Socket,
        client: Client,
        send_now: Callable[[list[str]], bool] | None = None,
    ) -> None:
        self.websocket, self.client, self.send_now = websocket, client, send_now
        self.task: asyncio.Task[None] | None = None
        self.flushing = False
        """A flush is scheduled for the end of this turn of the loop."""

    def wake(self) -> None:
        """Something was queued: send it at the end of this turn of the loop (with whatever
        else is queued until then), unless already sending."""
        if self.task is not None or self.flushing:
            return
        if self.send_now is not None:
            self.flushing = True
            asyncio.get_running_loop().call_soon(self.flush)
            return
        self.task = asyncio.get_running_loop().create_task(self._send())

    def flush(self) -> None:
        """Send what is queued now, in one write, if the socket can take it; else start
        the sending task (the socket is busy, or the outbox ends with a close)."""
        self.flushing = False
        if self.task is not None:
            return
        outbox = self.client.outbox
        ready = len(outbox) if None not in outbox else outbox.index(None)
        if ready and self.send_now is not None and self.send_now(cast(list[str], outbox[:ready])):
            del outbox[:ready]
        if outbox:
            self.task = asyncio.get_running_loop().create_task(self._send())

    async def done(self) -> None:
        """Wait until everything queued has been sent."""
        while self.task is not None or self.flushing:
            if self.task is None:
                await asyncio.sleep(0)  # the flush scheduled runs first
                continue
            await asyncio.shield(self.task)

    async def _send(self) -> None:
        outbox = self.client.outbox
        try:
            while outbox:
                text = outbox.pop(0)
                if text is None:
                    outbox.clear()
                    if self.client.close_reason is not None:
                        reason = self.client.close_reason[:120]
                        await self.websocket.close(self.client.close_code, reason)
                    break
                await self.websocket.send_text(text)
        except Exception:  # the peer went away: nothing left to tell it
            outbox.clear()
        finally:
            self.task = None
