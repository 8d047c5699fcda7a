"""Idle rooms: a room nobody is connected to is closed after its idle time (sooner in the
lobby), its memory freed; a connection coming back in time keeps it."""

from __future__ import annotations

import dataclasses
import gc
import time
import weakref

from euchre_rooms import Hub
from starlette.testclient import TestClient

from tests.rooms.helpers import FAST, TIMEOUT, connect, live_room, people, server

IDLE = dataclasses.replace(FAST, idle_room_seconds=100.0, idle_lobby_seconds=10.0)


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def nobody_connected(client: TestClient) -> None:
    """Wait (a safety net only) until the server has seen every connection close."""
    deadline = time.monotonic() + TIMEOUT
    while client.get("/rooms/health").json()["players"]:
        assert time.monotonic() < deadline, "the server never saw the connections close"
        time.sleep(0.01)


def sweep(client: TestClient, hub: Hub) -> list[str]:
    return client.portal.call(hub.sweep_idle)  # type: ignore[union-attr,no-any-return]


def test_a_lobby_nobody_is_in_is_closed_after_the_lobby_idle_time() -> None:
    clock = Clock()
    with server(IDLE, clock) as (client, hub):
        with people(client, ["Ann", "Bob"]) as [ann, bob]:
            ann.create(level="easy")
            assert ann.code is not None
            code = ann.code
            bob.join(code)
            room = weakref.ref(live_room(hub, code).room)
        nobody_connected(client)
        clock.now += 9.0
        assert sweep(client, hub) == []
        clock.now += 1.0
        assert sweep(client, hub) == [code]
        assert client.get("/rooms/health").json() == {
            "ok": True,
            "rooms": 0,
            "players": 0,
            "spectators": 0,
        }
        gc.collect()
        assert room() is None, "a closed room's objects are freed"
        late = connect(client, "Cy")
        try:
            late.send({"type": "join", "room": code, "name": "Cy"})
            assert f"there is no room {code}" in late.expect("error")["error"]
        finally:
            late.hang_up()


def test_a_match_nobody_is_connected_to_waits_the_longer_idle_time() -> None:
    clock = Clock()
    with server(IDLE, clock) as (client, hub):
        with people(client, ["Ann"]) as [ann]:
            ann.create(level="easy")
            assert ann.code is not None
            code = ann.code
            ann.do({"type": "start"})
        nobody_connected(client)
        clock.now += 99.0
        assert sweep(client, hub) == []
        assert live_room(hub, code).room.phase != "lobby"
        clock.now += 1.0
        assert sweep(client, hub) == [code]
        assert hub.rooms == {}


def test_someone_coming_back_in_time_keeps_the_room() -> None:
    clock = Clock()
    with server(IDLE, clock) as (client, hub):
        with people(client, ["Ann"]) as [ann]:
            ann.create(level="easy")
            code, token = ann.code, ann.token
        nobody_connected(client)
        clock.now += 9.0
        with people(client, ["Ann"]) as [again]:
            again.send({"type": "resume", "room": code, "token": token})
            again.expect("resume")
            clock.now += 50.0
            assert sweep(client, hub) == []
        nobody_connected(client)
        clock.now += 9.0
        assert sweep(client, hub) == []
        clock.now += 1.0
        assert sweep(client, hub) == [code]
