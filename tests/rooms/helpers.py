"""WebSocket players for the room tests: each wraps one TestClient connection and keeps
every message it received, so tests can check what each seat was told."""

from __future__ import annotations

import json
import os
import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import anyio
from euchre_rooms import Hub, Settings, create_app
from euchre_rooms.actor import RoomActor
from starlette.testclient import TestClient

FAST = Settings(
    continue_seconds=600.0,
    hold_seconds=600.0,
    computer_delay=0.0,
    messages_per_second=10_000.0,
    message_burst=10_000,
    reactions_per_second=1.0,
    reaction_burst=3,
)
"""Test settings: computers move at once; nothing times out unless a test says so."""

TIMEOUT = float(os.environ.get("ROOMS_TEST_TIMEOUT", "20"))
"""How long a test waits for a message that the protocol promises (a safety net only)."""


async def _receive(stream: Any, timeout: float) -> Any:
    with anyio.fail_after(timeout):
        return await stream.receive()


class Person:
    """One browser tab: a WebSocket to the room server."""

    def __init__(self, client: TestClient, session: Any, name: str) -> None:
        self.client, self.session, self.name = client, session, name
        self.messages: list[dict[str, Any]] = []
        self.texts: list[str] = []
        self.seat: int | None = None
        self.token: str | None = None
        self.code: str | None = None
        self.state: dict[str, Any] | None = None
        self.seq = 0
        self.closed: tuple[int, str] | None = None
        self.ids = 0
        self.gone = False

    # ------------------------------------------------------------------ wire
    def send(self, message: dict[str, Any] | str) -> None:
        self.session.send_text(message if isinstance(message, str) else json.dumps(message))

    def recv(self, timeout: float = TIMEOUT) -> dict[str, Any]:
        raw = self.session.portal.call(_receive, self.session._send_rx, timeout)
        if raw["type"] == "websocket.close":
            self.closed = (raw.get("code", 1000), raw.get("reason", ""))
            return {"type": "closed", "code": self.closed[0], "reason": self.closed[1]}
        text = raw["text"]
        message: dict[str, Any] = json.loads(text)
        self.texts.append(text)
        self.messages.append(message)
        if message["type"] == "welcome":
            self.seat, self.token, self.code = message["seat"], message["token"], message["room"]
        if "state" in message:
            self.state = message["state"]
        if "seq" in message:
            self.seq = max(self.seq, message["seq"])
        return message

    def until(
        self, wanted: Callable[[dict[str, Any]], bool], timeout: float = TIMEOUT
    ) -> dict[str, Any]:
        while True:
            message = self.recv(timeout)
            if wanted(message) or message["type"] == "closed":
                return message

    def expect(self, kind: str) -> dict[str, Any]:
        return self.until(lambda m: m["type"] == kind)

    def do(self, message: dict[str, Any]) -> dict[str, Any]:
        """Send a command and read until its answer: the update it caused, or a refusal."""
        self.ids += 1
        ident = f"{self.name}-{self.ids}"
        self.send({**message, "id": ident})
        answer = self.until(lambda m: m.get("id") == ident)
        if answer["type"] == "ack" and self.seq < answer.get("seq", 0):
            self.until(lambda m: m.get("seq", 0) >= answer["seq"])
        return answer

    def hang_up(self) -> None:
        """Close this connection (a reload, a phone going to sleep)."""
        if not self.gone:
            self.gone = True
            self.session.__exit__(None, None, None)

    # ------------------------------------------------------------------ commands
    def create(self, **fields: Any) -> dict[str, Any]:
        self.send({"type": "create", "name": self.name, **fields})
        welcome = self.expect("welcome")
        self.expect("update")
        return welcome

    def join(self, code: str, **fields: Any) -> dict[str, Any]:
        self.send({"type": "join", "room": code, "name": self.name, **fields})
        welcome = self.expect("welcome")
        self.expect("update")
        return welcome

    @property
    def version(self) -> int:
        assert self.state is not None
        return int(self.state["version"])

    @property
    def view(self) -> dict[str, Any]:
        assert self.state is not None and self.state["table"] is not None
        return self.state["table"]["view"]  # type: ignore[no-any-return]


@contextmanager
def server(
    settings: Settings = FAST, clock: Callable[[], float] | None = None
) -> Iterator[tuple[TestClient, Hub]]:
    hub = Hub(settings) if clock is None else Hub(settings, clock=clock)
    app = create_app(settings, hub=hub)
    with TestClient(app) as client:
        yield client, hub
        # let the event loop stop cleanly


@contextmanager
def people(client: TestClient, names: list[str]) -> Iterator[list[Person]]:
    out: list[Person] = []
    try:
        for name in names:
            out.append(connect(client, name))
        yield out
    finally:
        for person in reversed(out):
            person.hang_up()


def connect(client: TestClient, name: str, headers: dict[str, str] | None = None) -> Person:
    """A new connection (close it with ``hang_up``)."""
    session = client.websocket_connect("/rooms/ws", headers=dict(headers or {}))
    session.__enter__()
    return Person(client, session, name)


def live_room(hub: Hub, code: str) -> RoomActor:
    [live] = [r for r in hub.rooms.values() if r.room.code == code]
    return live


def settle(table: list[Person], at_least: int = 0) -> None:
    """Read until every person has the room's latest update (at least ``at_least``) and
    the table waits for a person (not a computer)."""
    while True:
        top = max(at_least, *(p.seq for p in table))
        for p in table:
            while p.seq < top:
                p.recv()
        if waits_for_person(table[0].state):
            if max(p.seq for p in table) == top:
                return
        else:
            table[0].until(lambda m, top=top: m.get("seq", 0) > top)


def waits_for_person(state: dict[str, Any] | None) -> bool:
    assert state is not None
    room = state["room"]
    seats = room["seats"]
    if room["phase"] == "lobby":
        return True
    if room["phase"] == "review":
        return bool(state["table"]["review"]["waiting"])
    to_act = state["table"]["view"]["to_act"]
    seat = seats[to_act]
    return seat["kind"] == "human" and not seat["standin"]


def by_seat(table: list[Person]) -> dict[int, Person]:
    return {p.seat: p for p in table if p.seat is not None}


def play_one_step(table: list[Person], rng: random.Random) -> bool:
    """Whoever the table waits for acts (a random legal action, or Continue). False once
    the match is over and the room is back in its lobby."""
    settle(table)
    seats = by_seat(table)
    state = table[0].state
    assert state is not None
    phase = state["room"]["phase"]
    if phase == "lobby":
        return False
    if phase == "review":
        for seat in state["table"]["review"]["waiting"]:
            person = seats[seat]
            answer = person.do({"type": "continue", "version": person.version})
            assert answer["type"] == "ack", answer
        return True
    to_act = state["table"]["view"]["to_act"]
    person = seats[to_act]
    legal = person.view["legal"]
    answer = person.do({"type": "act", "action": rng.choice(legal), "version": person.version})
    assert answer["type"] == "ack", answer
    return True


def play_match(table: list[Person], rng: random.Random, max_steps: int = 5000) -> None:
    for _ in range(max_steps):
        if not play_one_step(table, rng):
            return
    raise AssertionError("the match did not end")


@contextmanager
def seated(client: TestClient, names: list[str], **create: Any) -> Iterator[list[Person]]:
    """People in one room: the first creates it (with ``create``'s fields), the rest join,
    everyone but the host presses Ready."""
    with people(client, names) as table:
        host, *guests = table
        host.create(**create)
        assert host.code is not None
        for guest in guests:
            guest.join(host.code)
        for guest in guests:
            guest.do({"type": "ready", "ready": True})
        settle(table)
        yield table
