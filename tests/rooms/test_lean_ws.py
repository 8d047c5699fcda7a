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
from euchre_rooms import Hub, Settings, create_app, lean_ws
from euchre_rooms.__main__ import WS_MAX_SIZE
from euchre_rooms.connection import Client
from euchre_rooms.lean_ws import Gate, Inbox, LeanWebSocketProtocol
from websockets.asyncio.client import connect
from websockets.client import ClientProtocol
from websockets.exceptions import ConnectionClosedError
from websockets.frames import Close, CloseCode, Frame, Opcode
from websockets.protocol import OPEN
from websockets.typing import Origin
from websockets.uri import parse_uri

from tests.rooms.helpers import FAST


@asynccontextmanager
async def lean_server(settings: Settings = FAST, max_size: int = WS_MAX_SIZE) -> AsyncIterator[str]:
    """A room server on a free loopback port through the lean protocol (a message at
    most ``max_size`` bytes); yields its WebSocket address."""
    async with lean_uvicorn(create_app(settings), max_size) as (url, _):
        yield url


@asynccontextmanager
async def lean_uvicorn(
    app: Any, max_size: int = WS_MAX_SIZE, **options: Any
) -> AsyncIterator[tuple[str, Any]]:
    """``app`` under uvicorn on a free loopback port through the lean protocol (with
    uvicorn's ``options``); yields the rooms' WebSocket address and the server."""
    config = uvicorn.Config(
        app,
        **options,
        host="127.0.0.1",
        port=0,
        ws=LeanWebSocketProtocol,
        ws_max_size=max_size,
        log_level="warning",
        proxy_headers=False,
    )
    server = uvicorn.Server(config)
    serving = asyncio.create_task(server.serve())
    while not server.started:
        await asyncio.sleep(0.01)
    port = server.servers[0].sockets[0].getsockname()[1]
    try:
        yield f"ws://127.0.0.1:{port}/rooms/ws", server
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


class RawClient:
    """A client that writes its own frames, byte by byte as chosen (whole, cut short,
    fragmented, control frames), and reads the server's through websockets' parser."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.protocol: ClientProtocol | None = None

    @classmethod
    async def open(cls, url: str) -> RawClient:
        uri = parse_uri(url)
        reader, writer = await asyncio.open_connection(uri.host, uri.port)
        client = cls(reader, writer)
        protocol = client.protocol = ClientProtocol(uri)
        protocol.send_request(protocol.connect())
        writer.write(b"".join(protocol.data_to_send()))
        while protocol.handshake_exc is None and protocol.state is not OPEN:
            protocol.receive_data(await asyncio.wait_for(reader.read(65536), 20))
        protocol.events_received()  # the handshake's response
        return client

    async def write(self, *parts: bytes, pause: float = 0.0) -> None:
        """Write ``parts`` one after the other (``pause`` seconds between them)."""
        for part in parts:
            self.writer.write(part)
            await self.writer.drain()
            await asyncio.sleep(pause)

    async def frames(self, count: int) -> list[Frame]:
        """The next ``count`` frames the server sends."""
        assert self.protocol is not None
        got: list[Frame] = []
        while len(got) < count:
            events = self.protocol.events_received()
            got += [e for e in events if isinstance(e, Frame)]
            if len(got) >= count:
                break
            data = await asyncio.wait_for(self.reader.read(65536), 20)
            if not data:
                break
            self.protocol.receive_data(data)
        return got


def _text(text: str, fin: bool = True, opcode: Opcode = Opcode.TEXT) -> bytes:
    return Frame(opcode, text.encode(), fin=fin).serialize(mask=True)


def _ping(ident: int) -> bytes:
    return _text(json.dumps({"type": "ping", "id": ident}))


def _answered(frames: list[Frame]) -> list[Any]:
    """Each ack's id among ``frames`` (the pongs between them left out)."""
    messages = [json.loads(f.data) for f in frames if f.opcode is Opcode.TEXT]
    assert all(m["type"] in ("pong", "ack") for m in messages)
    return [m["id"] for m in messages if m["type"] == "ack"]


def test_every_way_a_client_frames_its_messages_is_read_in_order() -> None:
    """The lean protocol reads whole text frames itself and leaves the rest to websockets:
    messages two to a write, a client's ping, a fragmented message, a frame cut across
    two writes and the messages after it are all answered, in order."""

    async def test() -> None:
        async with lean_server() as url:
            client = await RawClient.open(url)
            await client.write(_ping(1))
            assert _answered(await client.frames(2)) == [1]
            await client.write(_ping(2) + _ping(3))
            assert _answered(await client.frames(4)) == [2, 3]
            await client.write(Frame(Opcode.PING, b"hi").serialize(mask=True))
            pong = await client.frames(1)
            assert (pong[0].opcode, pong[0].data) == (Opcode.PONG, b"hi")
            first, rest = '{"type":"ping",', '"id":4}'
            await client.write(_text(first, fin=False) + _text(rest, opcode=Opcode.CONT))
            assert _answered(await client.frames(2)) == [4]
            cut = _ping(5)
            await client.write(cut[:5], cut[5:], pause=0.05)
            await client.write(_ping(6))
            assert _answered(await client.frames(4)) == [5, 6]
            client.writer.close()

    run(test)


def test_a_text_frame_that_is_not_utf8_or_too_long_closes_the_connection() -> None:
    async def test() -> None:
        async with lean_server(max_size=1000) as url:
            for frame, code in [
                (Frame(Opcode.TEXT, b"\xff\xfe").serialize(mask=True), CloseCode.INVALID_DATA),
                (_text("x" * 1001), CloseCode.MESSAGE_TOO_BIG),
            ]:
                client = await RawClient.open(url)
                await client.write(frame)
                closing = await client.frames(1)
                assert closing[0].opcode is Opcode.CLOSE
                assert Close.parse(closing[0].data).code == code
                client.writer.close()

    run(test)


def test_a_room_connection_keeps_no_task_between_its_messages() -> None:
    """The lean protocol hands a room connection to the app directly: no ASGI task waits
    for its next message (a task runs only while a message is handled)."""

    async def test() -> None:
        async with lean_uvicorn(create_app(FAST)) as (url, server), connect(url) as ws:
            await ws.send(json.dumps({"type": "ping", "id": 1}))
            assert (await recv_until(ws, "ack"))["id"] == 1
            await asyncio.sleep(0.05)
            assert len(server.server_state.connections) == 1
            assert not server.server_state.tasks

    run(test)


def test_another_path_still_goes_through_asgi() -> None:
    """A WebSocket on any other path reaches the ASGI app as before."""

    async def echo(scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "lifespan":
            while (await receive())["type"] != "lifespan.shutdown":
                await send({"type": "lifespan.startup.complete"})
            await send({"type": "lifespan.shutdown.complete"})
            return
        assert (await receive())["type"] == "websocket.connect"
        await send({"type": "websocket.accept"})
        message = await receive()
        await send({"type": "websocket.send", "text": f"{scope['path']}: {message['text']}"})
        await send({"type": "websocket.close", "code": 1000})

    async def test() -> None:
        async with lean_uvicorn(echo) as (url, _), connect(url.replace("/rooms/ws", "/x")) as ws:
            await ws.send("hello")
            assert await asyncio.wait_for(ws.recv(), 20) == "/x: hello"

    run(test)


def test_a_seat_resumed_elsewhere_closes_the_first_connection_with_its_reason() -> None:
    async def test() -> None:
        async with lean_server() as url, connect(url) as first, connect(url) as second:
            await first.send(json.dumps({"type": "create", "name": "Ann"}))
            welcome = await recv_until(first, "welcome")
            resume = {"type": "resume", "room": welcome["room"], "token": welcome["token"]}
            await second.send(json.dumps(resume))
            assert (await recv_until(second, "resume"))["state"]["you"] == 0
            replaced = await recv_until(first, "replaced")
            assert "another tab" in replaced["reason"]
            with pytest.raises(Exception, match="4001"):
                await asyncio.wait_for(first.recv(), 20)
            assert first.close_code == 4001

    run(test)


def test_a_dropped_connection_holds_its_seat_for_the_others() -> None:
    async def test() -> None:
        async with lean_server() as url, connect(url) as ann:
            await ann.send(json.dumps({"type": "create", "name": "Ann"}))
            code = (await recv_until(ann, "welcome"))["room"]
            async with connect(url) as bob:
                await bob.send(json.dumps({"type": "join", "room": code, "name": "Bob"}))
                await recv_until(bob, "welcome")
            away = await recv_until(ann, "update")
            while away["event"]["kind"] != "away":
                away = await recv_until(ann, "update")
            assert away["event"]["seat"] == 1

    run(test)


def test_stopping_the_server_closes_a_room_connection_as_going_away() -> None:
    async def test() -> None:
        async with lean_uvicorn(create_app(FAST)) as (url, server):
            ws = await connect(url)
            await ws.send(json.dumps({"type": "ping", "id": 1}))
            await recv_until(ws, "ack")
            server.should_exit = True
            with pytest.raises(Exception, match="1012"):
                await asyncio.wait_for(ws.recv(), 20)

    run(test)


def test_websockets_protocol_is_let_go_between_frames() -> None:
    """Between messages a connection keeps no websockets protocol: one is made again for a
    frame the lean path does not read (a fragmented message here), and let go after it."""

    async def test() -> None:
        async with lean_uvicorn(create_app(FAST), ws_ping_interval=None) as (url, server):
            client = await RawClient.open(url)
            await client.write(_ping(1))
            assert _answered(await client.frames(2)) == [1]
            (protocol,) = server.server_state.connections
            assert protocol._conn is None
            first, rest = '{"type":"ping",', '"id":2}'
            await client.write(_text(first, fin=False))
            for _ in range(500):  # (until the server has read it)
                if protocol._conn is not None:
                    break
                await asyncio.sleep(0.01)
            assert protocol._conn is not None  # (websockets reads the rest of the message)
            await client.write(_text(rest, opcode=Opcode.CONT))
            assert _answered(await client.frames(2)) == [2]
            assert protocol._conn is None
            client.writer.close()

    run(test)


def test_pings_and_pongs_are_answered_without_websockets_protocol(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The keep-alive costs no websockets protocol: the server's pings are framed and their
    pongs read by the lean path (a connection that answers stays open, its round trip
    measured), and a client's ping is answered with its own payload, a message beside it
    in the same write answered too; websockets' protocol is never made again for them."""
    remade: list[object] = []

    class Counted(lean_ws.ServerProtocol):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            remade.append(self)

    monkeypatch.setattr(lean_ws, "ServerProtocol", Counted)

    async def test() -> None:
        options = {"ws_ping_interval": 0.1, "ws_ping_timeout": 0.5}
        async with (
            lean_uvicorn(create_app(FAST), **options) as (url, server),
            connect(url, compression=None, ping_interval=None) as ws,
        ):
            await ws.send(json.dumps({"type": "ping", "id": 1}))
            assert (await recv_until(ws, "ack"))["id"] == 1
            (protocol,) = server.server_state.connections
            for _ in range(4):  # (a ping every 0.1 s, each answered by the client)
                await asyncio.sleep(0.15)
                assert protocol._conn is None
            assert protocol.last_ping_rtt > 0
            await asyncio.wait_for(await ws.ping(b"keep"), 20)
            assert protocol._conn is None
            await ws.send(json.dumps({"type": "ping", "id": 2}))
            assert (await recv_until(ws, "ack"))["id"] == 2
            assert remade == []  # (until the client closes: websockets reads a close)
        remade.clear()
        async with lean_uvicorn(create_app(FAST), ws_ping_interval=None) as (url, server):
            client = await RawClient.open(url)
            await client.write(Frame(Opcode.PING, b"hi").serialize(mask=True) + _ping(3))
            frames = await client.frames(3)
            assert (frames[0].opcode, frames[0].data) == (Opcode.PONG, b"hi")
            assert _answered(frames[1:]) == [3]
            (protocol,) = server.server_state.connections
            assert protocol._conn is None and remade == []
            client.writer.close()

    run(test)


def test_keep_alive_pings_are_sent_and_a_client_that_stops_answering_is_closed() -> None:
    async def test() -> None:
        async with lean_uvicorn(create_app(FAST), ws_ping_interval=0.1, ws_ping_timeout=0.5) as (
            url,
            server,
        ):
            async with connect(url, compression=None, ping_interval=None) as ws:
                for ident in range(3):
                    await ws.send(json.dumps({"type": "ping", "id": ident}))
                    assert (await recv_until(ws, "ack"))["id"] == ident
                    await asyncio.sleep(0.3)  # (pings sent and answered meanwhile)
                (protocol,) = server.server_state.connections
                assert protocol.last_ping_rtt > 0
            client = await RawClient.open(url)  # answers no ping
            closing = await client.frames(2)
            assert closing[0].opcode is Opcode.PING and closing[-1].opcode is Opcode.CLOSE
            assert Close.parse(closing[-1].data).code == CloseCode.INTERNAL_ERROR
            client.writer.close()

    run(test)


class FailingHub(Hub):
    """A hub that fails on any message naming "boom"."""

    async def handle(self, client: Client, text: str | bytes) -> None:
        if "boom" in str(text):
            raise RuntimeError("boom")
        await super().handle(client, text)


def test_a_message_the_server_fails_on_closes_that_connection_alone(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A failure while handling a message is logged and closes its connection (as an ASGI
    app's exception does under uvicorn); another connection goes on."""

    async def test() -> None:
        app = create_app(FAST, FailingHub(FAST))
        async with lean_uvicorn(app) as (url, _), connect(url) as bad, connect(url) as good:
            await bad.send(json.dumps({"type": "ping", "id": "boom"}))
            with pytest.raises(ConnectionClosedError):  # (closed without a close frame)
                await asyncio.wait_for(bad.recv(), 20)
            await good.send(json.dumps({"type": "ping", "id": 2}))
            assert (await recv_until(good, "ack"))["id"] == 2
        assert "a room connection failed" in caplog.text

    run(test)
