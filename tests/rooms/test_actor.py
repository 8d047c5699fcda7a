"""A room is an actor: one task owns its referee, its mailbox and its timers. Commands from
many connections at once are applied in the order they arrive; a computer player's think
(or any timer's work) holds up only its own room, and a command that arrives meanwhile
waits its turn and is answered against the table as it then is; a message the hub cannot
read never reaches the room."""

from __future__ import annotations

import asyncio
import dataclasses
from typing import Any

import pytest
from euchre import Action, HandState
from euchre_rooms import Hub
from euchre_rooms.actor import RoomActor
from euchre_rooms.mailbox import Mailbox
from euchre_rooms.room import Room
from euchre_rooms.stats import Meter
from euchre_rooms.thinking import LocalThinking

from tests.rooms.helpers import FAST
from tests.rooms.inproc import seat, settle


def run(test: Any) -> None:
    asyncio.run(test())


def test_commands_from_many_connections_at_once_are_applied_in_arrival_order() -> None:
    async def test() -> None:
        hub = Hub(FAST)
        tabs = await seat(hub, ["Ann", "Bob", "Cy", "Di"])
        room = tabs[0].room
        assert room is not None
        start = room.room.seq
        # forty Ready and Not ready from four connections, all at once
        sent = [(tabs[1 + i % 3], i % 2 == 0, f"r{i}") for i in range(40)]
        await asyncio.gather(
            *(t.send_json({"type": "ready", "ready": r, "id": i}) for t, r, i in sent)
        )
        events = [m["event"] for m in tabs[0].got if m["type"] == "update" and m["seq"] > start]
        assert [(e["seat"], e["ready"]) for e in events] == [(t.seat, r) for t, r, _ in sent]
        assert [e["seq"] for e in events] == list(range(start + 1, start + 41))
        for tab, _ready, ident in sent:  # each answered with the seq its command made
            ack = tab.answer(ident)
            assert ack is not None and ack["type"] == "ack"
        for tab in tabs[1:]:
            last = [r for t, r, _ in sent if t is tab][-1]
            assert room.room.seats[tab.seat or 0].ready is last
        await hub.close()

    run(test)


class HeldThinking(LocalThinking):
    """A computer player who thinks until the test lets it go."""

    def __init__(self, meter: Meter) -> None:
        super().__init__(meter)
        self.asked = asyncio.Event()
        self.go = asyncio.Event()

    async def choose(
        self, level: str, seed: int, state: HandState, rules_json: str | None = None
    ) -> Action:
        self.asked.set()
        await self.go.wait()
        return await super().choose(level, seed, state)


def test_a_command_waits_while_its_room_thinks_and_other_rooms_go_on() -> None:
    async def test() -> None:
        hub = Hub(FAST)
        thinking = hub.thinking = HeldThinking(hub.meter)
        [ann] = await seat(hub, ["Ann"], level="easy")
        other = await seat(hub, ["Eve", "Fay"])
        await ann.send_json({"type": "start"})
        while not thinking.asked.is_set():  # Ann moves until a computer player thinks
            state = ann.state()
            view = state["table"]["view"]
            if view["to_act"] == 0 and state["room"]["phase"] == "playing":
                await ann.send_json(
                    {"type": "act", "action": view["legal"][0], "version": state["version"]}
                )
            await asyncio.sleep(0)
        version = ann.state()["version"]
        before = len(ann.got)
        # while it thinks: Ann's command waits in the room's mailbox ...
        waiting = asyncio.ensure_future(
            ann.send_json({"type": "act", "action": "pass", "version": version, "id": "w"})
        )
        await settle(hub)
        assert not waiting.done() and ann.answer("w") is None
        # ... the hub still answers at once, and another room goes on
        await other[0].send_json({"type": "ping", "id": "p"})
        assert other[0].answer("p") == {"type": "ack", "id": "p"}
        await other[1].send_json({"type": "ready", "ready": False, "id": "o"})
        assert other[1].answer("o")["type"] == "ack"  # type: ignore[index]
        thinking.go.set()
        await waiting
        after = [m for m in ann.got[before:] if m["type"] != "mastery"]
        kinds = [(m["type"], m.get("event", {}).get("by")) for m in after]
        # the computer's move first, then Ann's command (before the next computer's turn)
        assert kinds[:2] == [("update", "computer"), ("refused", None)], kinds
        answer = ann.answer("w")
        assert answer is not None and answer["type"] == "refused"
        assert "moved on before your move arrived" in answer["reason"]
        assert answer["state"]["version"] > version
        await hub.close()

    run(test)


def test_jobs_and_timers_take_their_turns_by_time() -> None:
    async def test() -> None:
        box: Mailbox[str] = Mailbox()
        loop = asyncio.get_running_loop()
        due = loop.time()
        await asyncio.sleep(0.01)
        box.put("act")  # came in after the timer was due: the timer first
        assert await box.get(due) is None
        await asyncio.sleep(0.01)
        assert await box.get(loop.time() - 0.005) == "act"  # came in before: the job first
        assert len(box) == 0

    run(test)


def test_the_review_times_out_while_people_send_commands() -> None:
    """A person keeps sending commands through a review nobody else continues: its
    countdown still ends it, on time, between two of them."""

    async def test() -> None:
        hub = Hub(dataclasses.replace(FAST, continue_seconds=0.2))
        ann, bob = await seat(hub, ["Ann", "Bob"], level="easy", rules={"game_to": 3})
        await ann.send_json({"type": "start"})
        while ann.state()["room"]["phase"] != "review":
            for tab in (ann, bob):
                state = tab.state()
                view = state["table"]["view"]
                if view["to_act"] == tab.seat and view["legal"]:
                    move = {"type": "act", "action": view["legal"][0], "version": state["version"]}
                    await tab.send_json(move)
            await asyncio.sleep(0.01)
        deadline = asyncio.get_running_loop().time() + 5
        while not any(
            m["type"] == "update" and m["event"]["kind"] == "review_timeout" for m in ann.got
        ):
            await ann.send_json({"type": "ping"})
            await ann.send_json({"type": "react", "emoji": "👍"})
            assert asyncio.get_running_loop().time() < deadline, "the review never timed out"
            await asyncio.sleep(0.02)
        await hub.close()

    run(test)


BAD: list[tuple[str, str | int | None]] = [
    ("{not json", None),
    ("[1, 2]", None),
    ('{"type": 3, "id": "b1"}', "b1"),
    ('{"type": "teleport", "id": "b2"}', "b2"),
    ('{"type": "act", "action": ["play", "Jd"], "version": 1, "id": "b3"}', "b3"),
    ('{"type": "act", "action": "pass", "version": 1.5, "id": "b4"}', "b4"),
    ('{"type": "act", "action": "pass", "id": "b5"}', "b5"),
    ('{"type": "act", "action": "pass", "version": 1, "seat": 2, "id": "b6"}', "b6"),
    ('{"type": "continue", "version": "7", "id": "b7"}', "b7"),
    ('{"type": "ready", "ready": "yes", "id": "b8"}', "b8"),
    ('{"type": "remove", "seat": true, "id": "b9"}', "b9"),
    ('{"type": "react", "emoji": 5, "id": "b10"}', "b10"),
    ('{"type": "act", "action": "pass", "version": 1e999, "id": "b11"}', "b11"),
    ('{"type": "act", "action": "\\ud800", "version": 1, "id": "b12"}', "b12"),
    ('{"type": "start", "extra": null, "id": 13}', 13),
    ('{"type": "act", "action": "pass", "version": 1, "id": 1.5}', None),
    ('{"type": "leave", "id": ["x"]}', None),
]
"""Malformed commands and the ``id`` their error carries (None: the id was unusable)."""


def test_a_message_the_hub_cannot_read_never_reaches_the_room(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each is answered with an error (carrying its ``id`` when it had a usable one),
    and neither the room's actor nor its referee hears of it."""
    reached: list[str] = []
    for name in ("decide", "decide_join", "decide_timer", "apply"):
        original = getattr(Room, name)

        def spy(*args: Any, _name: str = name, _original: Any = original, **kwargs: Any) -> Any:
            reached.append(_name)
            return _original(*args, **kwargs)

        monkeypatch.setattr(Room, name, spy)
    posted: list[str] = []
    post = RoomActor.post
    monkeypatch.setattr(
        RoomActor, "post", lambda self, job: (posted.append(job.kind), post(self, job))
    )

    async def test() -> None:
        hub = Hub(FAST)
        _ann, bob = await seat(hub, ["Ann", "Bob"])
        await settle(hub)
        reached.clear()
        posted.clear()
        for text, ident in BAD:
            before = len(bob.got)
            await hub.handle(bob, text)
            [answer] = bob.got[before:]
            assert answer["type"] == "error" and "Traceback" not in answer["error"]
            assert answer.get("id") == ident, (text, answer)
        assert reached == [] and posted == []
        await hub.close()

    run(test)
