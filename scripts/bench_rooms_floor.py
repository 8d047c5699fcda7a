"""The rooms bench's floor: a server on the room server's own transport that does no game
work, to measure what a move costs the transport alone (``bench_rooms.py --only floor``).

    python scripts/bench_rooms_floor.py --port N [--seconds S] [--update-bytes B]

The same stack as ``python -m euchre_rooms``: uvicorn with the rooms' WebSocket protocol
class (``euchre_rooms.lean_ws.LeanWebSocketProtocol``), its frame size limit, pings and
event loop (uvloop when installed), the same garbage collector settings, each connection
read through Starlette's ``WebSocket`` and written through the protocol's ``send_texts``
(one frame a message, a connection's messages in one write). A connection joins room R by
its address, ``/rooms/ws?room=R``. Each message a connection sends is a move: at once,
without reading it, the sender is sent a pre-built ack and update (one write) and every
other connection of the room the update alone, of the sizes the real server's messages
have (``UPDATE_BYTES``, ``ACK_BYTES``). ``GET /rooms/health`` and ``GET /rooms/stats``
answer as the real server's do (``moves``: the messages received), so the bench measures
both alike. It listens on 127.0.0.1 only and, with ``--seconds``, stops by itself.

>>> message("ack", 40)
'{"type":"ack","pad":"xxxxxxxxxxxxxxxxx"}'
>>> len(message("update", UPDATE_BYTES)) == UPDATE_BYTES
True
"""

from __future__ import annotations

import argparse
import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs

import uvicorn
from euchre_rooms.__main__ import WS_MAX_SIZE, event_loop, quiet_collector
from euchre_rooms.lean_ws import SEND_NOW, LeanWebSocketProtocol
from starlette.responses import JSONResponse
from starlette.types import Receive, Scope, Send
from starlette.websockets import WebSocket

UPDATE_BYTES = 1900
"""A seat's update in the bench's human-paced rooms (two people, two computer players): the
mean over a run of ``bench_rooms.py --only human`` was 1,896 bytes (its ``update B``)."""

ACK_BYTES = 60
"""A move's ack (``{"type":"ack","id":"m","seq":N,"version":V}`` and a little more)."""


def message(kind: str, size: int) -> str:
    """A JSON message of type ``kind``, padded to ``size`` bytes (at least its bare form)."""
    bare = f'{{"type":"{kind}","pad":""}}'
    return bare[:-2] + "x" * max(0, size - len(bare)) + '"}'


@dataclass
class Seat:
    """One connection: its socket, and the protocol's way to send without waiting."""

    websocket: WebSocket
    send_now: Callable[[list[str]], bool] | None

    async def send(self, texts: list[str]) -> None:
        """Send ``texts`` in one write when the socket takes them, else one by one through
        ASGI (every update is the same text, so their order cannot matter); nothing when
        the connection is closing (its own ``serve`` then lets it go)."""
        if self.send_now is None or not self.send_now(texts):
            try:
                for text in texts:
                    await self.websocket.send_text(text)
            except (OSError, RuntimeError):
                pass


@dataclass
class Floor:
    """The rooms (their connected seats) and the moves received."""

    update: str = message("update", UPDATE_BYTES)
    ack: str = message("ack", ACK_BYTES)
    rooms: dict[str, list[Seat]] = field(default_factory=dict)
    moves: int = 0

    def health(self) -> dict[str, Any]:
        players = sum(len(seats) for seats in self.rooms.values())
        return {"ok": True, "rooms": len(self.rooms), "players": players, "spectators": 0}

    def stats(self) -> dict[str, Any]:
        return {"moves": self.moves}

    async def serve(self, websocket: WebSocket) -> None:
        """One connection, from its handshake to its close: each message a move."""
        await websocket.accept()
        room = parse_qs(websocket.scope.get("query_string", b"").decode()).get("room", [""])[0]
        extension = websocket.scope.get("extensions", {}).get(SEND_NOW) or {}
        seat = Seat(websocket, extension.get("send_texts"))
        seats = self.rooms.setdefault(room, [])
        seats.append(seat)
        try:
            while (await websocket.receive())["type"] != "websocket.disconnect":
                self.moves += 1
                for other in seats:
                    await other.send([self.ack, self.update] if other is seat else [self.update])
        finally:
            seats.remove(seat)
            if not seats:
                del self.rooms[room]


def create_app(floor: Floor, stop: Callable[[], None], seconds: float = 0.0) -> Any:
    """The floor's ASGI app; ``stop()`` is called ``seconds`` after it starts (0: never)."""

    async def app(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            await floor.serve(WebSocket(scope, receive, send))
        elif scope["type"] == "http":
            answer = {"/rooms/health": floor.health, "/rooms/stats": floor.stats}.get(scope["path"])
            body = answer() if answer else {"error": "not found"}
            await JSONResponse(body, 200 if answer else 404)(scope, receive, send)
        else:  # the lifespan
            while (await receive())["type"] != "lifespan.shutdown":
                if seconds > 0:
                    asyncio.get_running_loop().call_later(seconds, stop)
                await send({"type": "lifespan.startup.complete"})
            await send({"type": "lifespan.shutdown.complete"})

    return app


def arguments() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--seconds", type=float, default=0.0, help="stop after (0: never)")
    parser.add_argument("--update-bytes", type=int, default=UPDATE_BYTES)
    parser.add_argument("--ack-bytes", type=int, default=ACK_BYTES)
    parser.add_argument("--loop", default="auto", choices=("auto", "uvloop", "asyncio"))
    parser.add_argument("--ws-ping", type=float, default=20.0, help="as the room server's")
    return parser


def main(argv: list[str] | None = None) -> None:
    args = arguments().parse_args(argv)
    floor = Floor(message("update", args.update_bytes), message("ack", args.ack_bytes))
    server: uvicorn.Server | None = None

    def stop() -> None:
        if server is not None:
            server.should_exit = True

    config = uvicorn.Config(
        create_app(floor, stop, args.seconds),
        host="127.0.0.1",
        port=args.port,
        log_level="warning",
        loop=event_loop(args.loop),
        ws=LeanWebSocketProtocol,
        ws_max_size=WS_MAX_SIZE,
        ws_ping_interval=args.ws_ping or None,
        ws_ping_timeout=args.ws_ping or None,
        proxy_headers=False,
        lifespan="on",
    )
    server = uvicorn.Server(config)
    quiet_collector()
    server.run()


if __name__ == "__main__":
    main()
