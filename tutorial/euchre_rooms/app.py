"""The room server as an ASGI app (Starlette): ``/rooms/health`` and the ``/rooms/ws``
WebSocket.

>>> app = create_app()
>>> sorted(r.path for r in app.routes)
['/rooms/health', '/rooms/ws']
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from pathlib import Path
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import BaseRoute, Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from euchre_rooms.config import Settings
from euchre_rooms.hub import Backend, Client, Hub

POLICY_VIOLATION = 1008


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


def create_app(
    settings: Settings | None = None, backend: Backend | None = None, hub: Hub | None = None,
    site: str | Path | None = None, site_path: str = "/",
) -> Starlette:
    """The ASGI app. Mount it at the root: its paths start with ``/rooms/``. With ``site``
    (a built site's folder) it serves that site too, at ``site_path``, beside the rooms:
    one address for the pages and the rooms (``make serve``).

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as built:
    ...     _ = Path(built, "index.html").write_text("<p>Learn Euchre</p>")
    ...     create_app(site=built, site_path="/learn/").routes[-1].path
    '/learn'
    """
    settings = settings or Settings()
    hub = hub or Hub(settings, backend)

    async def health(request: Request) -> JSONResponse:
        return JSONResponse(hub.health())

    async def socket(websocket: WebSocket) -> None:
        await websocket.accept()
        if not origin_allowed(
            websocket.headers.get("origin"), websocket.headers.get("host"),
            settings.allowed_origins,
        ):
            await websocket.send_json({"type": "error", "error": "this page's origin may not open rooms here"})
            await websocket.close(POLICY_VIOLATION, "origin not allowed")
            return
        client = Client(settings)
        writer = asyncio.create_task(_write(websocket, client))
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
                client.outbox.put_nowait(None)
            await writer

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        start = getattr(hub.backend, "start", None)
        if start is not None:
            await start(hub)
        sweeper = asyncio.create_task(hub.sweep_forever())
        yield
        sweeper.cancel()
        stop = getattr(hub.backend, "stop", None)
        if stop is not None:
            await stop()
        await hub.close()

    routes: list[BaseRoute] = [Route("/rooms/health", health), WebSocketRoute("/rooms/ws", socket)]
    if site is not None:
        if not Path(site, "index.html").is_file():
            raise FileNotFoundError(f"{site} holds no built site (no index.html): run `make site`")
        prefix = "/" + site_path.strip("/")
        routes.append(Mount(prefix, app=StaticFiles(directory=site, html=True)))
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.hub = hub
    return app


async def _write(websocket: WebSocket, client: Client) -> None:
    """Send the client's outbox in order; close with the reason when one is set."""
    try:
        while True:
            text = await client.outbox.get()
            if text is None:
                break
            await websocket.send_text(text)
        if client.close_reason is not None:
            await websocket.close(POLICY_VIOLATION, client.close_reason[:120])
    except Exception:  # the peer went away: nothing left to tell it
        return


