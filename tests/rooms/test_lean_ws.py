"""The lean WebSocket protocol (``euchre_rooms.lean_ws``), the server's default: a room
works through it under a real uvicorn, the Origin check still reads the handshake before
it is let go, and its inbox and write gate behave like the asyncio objects they replace."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable, Coroutine
from contextlib import asynccontextmanager
from typing import Any

import pytest
import uvicorn
from euchre_rooms import Settings, create_app
from euchre_rooms.lean_ws import Gate, Inbox, LeanWebSocketProtocol
from websockets.asyncio.client import connect
from websockets.typing import Origin

from tests.rooms.helpers import FAST


@asynccontextmanager
async def lean_server(settings: Settings = FAST) -> AsyncIterator[str]:
    """A room server on a free loopback port through the lean protocol; yields its
    WebSocket address."""
    config = uvicorn.Config(
        create_app(settings),
        host="127.0.0.1",
        port=0,
        ws=LeanWebSocketProtocol,
        log_level="warning",
        proxy_headers=False,
    )
    server = uvicorn.Server(config)
    serving = asyncio.create_task(server.serve())
    while not server.started:
        await asyncio.sleep(0.01)
    port = server.servers[0].sockets[0].getsockname()[1]
    try:
        yield f"ws://127.0.0.1:{port}/rooms/ws"
    finally:
        server.should_exit = True
        await serving


async def recv_until(ws: Any, kind: str) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), 20))
        if message["type"] == kind:
            return message


def run(test: Callable[[], Coroutine[Any, Any, None]]) -> None:
    asyncio.run(test())


def test_a_room_is_made_joined_and_resumed_through_the_lean_protocol() -> None:
    async def test() -> None:
        async with lean_server() as url:
            async with connect(url) as ann, connect(url) as bob:
                await ann.send(json.dumps({"type": "create", "name": "Ann"}))
                welcome = await recv_until(ann, "welcome")
                await bob.send(json.dumps({"type": "join", "room": welcome["room"], "name": "Bob"}))
                joined = await recv_until(bob, "update")
                assert joined["event"]["kind"] == "join"
                update = await recv_until(ann, "update")
                assert update["event"] == {"seat": 0, "name": "Ann", "kind": "join", "seq": 2}
            async with connect(url) as again:
                await again.send(
                    json.dumps(
                        {
                            "type": "resume",
                            "room": welcome["room"],
                            "token": welcome["token"],
                            "last_seq": 2,
                        }
                    )
                )
                resumed = await recv_until(again, "resume")
                assert resumed["replayed"] is True
                assert [e["kind"] for e in resumed["events"]] == [
                    "join",
                    "away",
                    "away",
                ]  # Bob joined; both left
                assert resumed["state"]["you"] == 0

    run(test)


def test_a_foreign_origin_is_still_refused() -> None:
    async def test() -> None:
        async with lean_server() as url, connect(url, origin=Origin("https://evil.example")) as ws:
            message = json.loads(await asyncio.wait_for(ws.recv(), 20))
            assert message == {
                "type": "error",
                "error": "this page's origin may not open rooms here",
            }
            with pytest.raises(Exception, match="origin not allowed"):
                await asyncio.wait_for(ws.recv(), 20)

    run(test)


def test_the_inbox_gives_messages_in_order_to_a_waiting_reader() -> None:
    async def test() -> None:
        inbox: Inbox[dict[str, Any]] = Inbox()
        reader = asyncio.create_task(inbox.get())
        await asyncio.sleep(0)
        inbox.put_nowait({"type": "websocket.connect"})
        inbox.put_nowait({"type": "websocket.disconnect", "code": 1000})
        assert await reader == {"type": "websocket.connect"}
        assert await inbox.get() == {"type": "websocket.disconnect", "code": 1000}
        assert inbox.empty()

    run(test)


def test_the_gate_wakes_every_waiter_and_one_cancelled_waiter_stops_no_other() -> None:
    async def test() -> None:
        gate = Gate()
        gate.clear()
        first, second = asyncio.create_task(gate.wait()), asyncio.create_task(gate.wait())
        await asyncio.sleep(0)
        first.cancel()
        await asyncio.sleep(0)
        assert not second.done()
        gate.set()
        assert await second is True
        assert first.cancelled()

    run(test)
