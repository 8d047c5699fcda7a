"""Two server processes and a real redis-server: people connected to either process play
one room together (the owner forwards each seat only its own view through Redis), and when
the owner dies the people on the surviving process carry on there."""

from __future__ import annotations

import json
import signal
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from redis import Redis

from tests.rooms.test_redis_failover import WAIT, Tab, redis_url, start_server

__all__ = ["redis_url"]  # the fixture, used by name


class Player(Tab):
    """A tab that also keeps every state it was sent and the room's latest seq."""

    def __init__(self, port: int) -> None:
        super().__init__(port)
        self.seq = 0
        self.states: list[dict[str, Any]] = []
        self.messages: list[dict[str, Any]] = []

    def recv(self, timeout: float = WAIT) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(self.ws.recv(timeout=timeout))
        self.messages.append(message)
        if "state" in message:
            self.state = message["state"]
            self.states.append(message["state"])
        if message["type"] == "welcome":
            self.token = message["token"]
        if isinstance(message.get("seq"), int):
            self.seq = max(self.seq, message["seq"])
        return message

    def drain(self, wait: float = 0.0) -> None:
        try:
            while True:
                self.recv(timeout=wait)
                wait = 0.0
        except TimeoutError:
            pass

    @property
    def version(self) -> int:
        return int(self.state["version"]) if self.state else -1

    def phase(self) -> str | None:
        return self.state["room"]["phase"] if self.state else None


def health(port: int) -> dict[str, Any]:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/rooms/health", timeout=2) as r:
        return json.load(r)  # type: ignore[no-any-return]


def play_to_review(table: list[Player]) -> None:
    """Whoever the table waits for acts, until every person sees the deal's review."""
    deadline = time.monotonic() + 3 * WAIT
    while True:
        assert time.monotonic() < deadline, "the deal never reached its review"
        for p in table:
            p.drain()
        if all(p.phase() == "review" for p in table):
            return
        top = max(p.version for p in table)
        actor = next(
            (p for p in table if p.version == top and p.phase() == "playing" and p.my_turn()), None
        )
        if actor is None:
            table[0].drain(0.05)
            continue
        assert actor.state is not None
        legal = actor.state["table"]["view"]["legal"]
        answer = actor.do({"type": "act", "action": legal[0], "version": actor.version})
        if answer["type"] == "error":  # the room is between processes: a moment later
            time.sleep(0.1)


def only_own_seat(player: Player) -> None:
    for state in player.states:
        assert state["you"] == player.state["you"]  # type: ignore[index]
        if state["table"] is not None:
            assert state["table"]["view"]["seat"] == state["you"]


Server = tuple[subprocess.Popen[bytes], int]


@pytest.fixture
def two_servers(redis_url: str) -> Iterator[tuple[Server, Server]]:
    """Two server processes (A and B) sharing one redis-server; stopped after the test."""
    servers = (start_server(redis_url), start_server(redis_url))
    try:
        yield servers
    finally:
        for proc, _ in servers:
            if proc.poll() is None:
                proc.terminate()
                proc.wait(10)


def room_with(host_port: int, guests: list[tuple[str, int]]) -> tuple[Player, str, list[Player]]:
    """Ann creates a room on ``host_port`` and each (name, port) guest joins it there."""
    ann = Player(host_port)
    assert ann.do({"type": "create", "name": "Ann", "level": "easy"})["type"] == "ack"
    assert ann.state is not None
    code = str(ann.state["room"]["code"])
    joined = []
    for name, port in guests:
        guest = Player(port)
        answer = guest.do({"type": "join", "room": code, "name": name})
        assert answer["type"] == "ack", answer
        joined.append(guest)
    return ann, code, joined


def test_people_on_two_processes_play_one_room_to_its_review(
    two_servers: tuple[Server, Server], redis_url: str
) -> None:
    (_a, port_a), (_b, port_b) = two_servers
    ann, code, (bob, cy, dee) = room_with(
        port_a, [("Bob", port_b), ("Cy", port_a), ("Dee", port_b)]
    )
    for p in (bob, cy, dee):
        assert p.do({"type": "ready", "ready": True})["type"] == "ack"
    assert [p.state["you"] for p in (ann, bob, cy, dee) if p.state] == [0, 1, 2, 3]
    # one process holds the room and every seat; the other only forwards
    assert health(port_a) == {"ok": True, "rooms": 1, "players": 4, "spectators": 0}
    assert health(port_b)["rooms"] == 0
    eve = Player(port_b)  # a spectator on the process that does not own the room
    assert eve.do({"type": "watch", "room": code})["type"] == "ack"
    assert health(port_a)["spectators"] == 1
    assert ann.do({"type": "start"})["type"] == "ack"
    table = [ann, bob, cy, dee]
    play_to_review(table)
    while eve.phase() != "review":
        eve.recv()
    for state in eve.states:
        assert state["you"] is None
        if state["table"] is not None:
            assert state["table"]["view"]["hand"] == [] and state["table"]["view"]["seat"] is None
    reviews = [p.state["table"]["review"] for p in table if p.state]
    assert len({json.dumps(r["points"]) for r in reviews}) == 1
    actions = {json.dumps(p.state["table"]["view"]["actions"]) for p in table if p.state}
    assert len(actions) == 1, "every seat saw the same public actions"
    hands = [p.states[-1]["table"]["view"]["tricks"] for p in table]
    assert all(h == hands[0] for h in hands)
    for p in table:
        only_own_seat(p)
    # a reaction from a forwarded connection reaches everyone
    bob.ws.send(json.dumps({"type": "react", "emoji": "👏"}))
    for p in [*table, eve]:
        while True:
            message = p.recv()
            if message["type"] == "reaction":
                assert message == {"type": "reaction", "seat": 1, "emoji": "👏"}
                break
    keys = Redis.from_url(redis_url)
    try:
        assert keys.pttl(f"rooms:{_key(code)}:log") > 0, "a room's records expire unattended"
    finally:
        keys.close()


def _key(code: str) -> str:
    from euchre_rooms.codes import hash_secret

    return hash_secret(code)


def test_when_the_owner_dies_people_on_the_other_process_carry_on(
    two_servers: tuple[Server, Server],
) -> None:
    (a, port_a), (_b, port_b) = two_servers
    ann, code, (bob,) = room_with(port_a, [("Bob", port_b)])
    assert bob.do({"type": "ready", "ready": True})["type"] == "ack"
    assert ann.do({"type": "start"})["type"] == "ack"
    moves = 0
    while moves < 3:  # a few people's moves accepted on the owner
        for p in (ann, bob):
            p.drain(0.02)
            if p.phase() == "playing" and p.my_turn():
                assert p.state is not None
                legal = p.state["table"]["view"]["legal"]
                if p.do({"type": "act", "action": legal[0], "version": p.version})["type"] == "ack":
                    moves += 1
    bob.drain(0.2)
    assert bob.state is not None
    seen = bob.state["table"]["view"]["actions"]
    a.send_signal(signal.SIGKILL)
    a.wait(10)
    # Bob's connection to B is moved to B when A's lease runs out: he is sent his seat again
    deadline = time.monotonic() + WAIT
    while bob.recv()["type"] != "resume":
        assert time.monotonic() < deadline
    assert bob.state is not None
    assert bob.state["table"]["view"]["actions"][: len(seen)] == seen, "no accepted move lost"
    assert health(port_b)["rooms"] == 1
    # Ann reloads her page, on B this time
    ann2 = Player(port_b)
    while ann2.do({"type": "resume", "room": code, "token": ann.token})["type"] != "ack":
        time.sleep(0.1)
    play_to_review([ann2, bob])
    assert bob.state is not None and bob.state["table"]["review"] is not None
    assert bob.state["table"]["view"]["actions"][: len(seen)] == seen


def test_when_a_forwarding_process_dies_its_people_are_away_on_the_owner(
    two_servers: tuple[Server, Server],
) -> None:
    (_a, port_a), (b, port_b) = two_servers
    ann, _code, (_bob,) = room_with(port_a, [("Bob", port_b)])
    assert health(port_a)["players"] == 2
    b.send_signal(signal.SIGKILL)
    b.wait(10)
    deadline = time.monotonic() + WAIT
    while health(port_a)["players"] != 1:  # B's lease-long silence: Bob's connection is gone
        assert time.monotonic() < deadline, "the owner never let go of a dead process's people"
        time.sleep(0.1)
    ann.drain(0.2)
    assert ann.state is not None
    assert ann.state["room"]["seats"][1]["kind"] == "human"  # the lobby keeps his seat


def test_a_forwarded_player_is_told_the_verdicts_on_her_own_moves(
    two_servers: tuple[Server, Server],
) -> None:
    """Bob is connected to the process that does not own the room: the verdicts on his own
    moves for his progress page (a refused card's item, a bid the coach weighed) reach him
    through Redis like the rest of his seat's messages. (Who is told which verdict is
    checked move by move in test_progress_verdicts.py.)"""
    (_a, port_a), (_b, port_b) = two_servers
    ann, _code, (bob,) = room_with(port_a, [("Bob", port_b)])
    assert bob.do({"type": "ready", "ready": True})["type"] == "ack"
    assert ann.do({"type": "start"})["type"] == "ack"
    refused = weighed = None
    deadline = time.monotonic() + 6 * WAIT
    while refused is None or weighed is None:
        assert time.monotonic() < deadline, (refused, weighed)
        for p in (ann, bob):
            p.drain()
        actor = next((p for p in (ann, bob) if p.my_turn()), None)
        if actor is None:
            ann.drain(0.05)
            continue
        assert actor.state is not None
        if actor.phase() == "review":
            actor.do({"type": "continue", "version": actor.version})
            continue
        view = actor.state["table"]["view"]
        legal = view["legal"]
        action = legal[0]
        if actor is bob and "order alone" in legal:
            action = "order alone"  # with most hands a clear loss: a verdict to send
        if actor is bob and refused is None and view["phase"] == "play":
            illegal = next((f"play {c}" for c in view["hand"] if f"play {c}" not in legal), None)
            if illegal is not None:
                answer = bob.do({"type": "act", "action": illegal, "version": bob.version})
                assert answer["type"] == "refused"
                refused = answer["mastery"]
                continue
        actor.do({"type": "act", "action": action, "version": actor.version})
        weighed = weighed or next((m for m in bob.messages if m["type"] == "mastery"), None)
    assert refused["correct"] is False and refused["skill"] and refused["item"]
    assert set(weighed) == {"type", "skill", "item", "correct"}


def _bobs_card_turn(ann: Player, bob: Player) -> dict[str, Any]:
    """Play (Bob forwarded through B) until Bob is to play a card; his state then."""
    deadline = time.monotonic() + 3 * WAIT
    while True:
        assert time.monotonic() < deadline, "Bob never came to play a card"
        for p in (ann, bob):
            p.drain()
        if bob.phase() == "playing" and bob.my_turn() and bob.version >= ann.version:
            assert bob.state is not None
            if bob.state["table"]["view"]["phase"] == "play":
                return bob.state
        actor = next((p for p in (ann, bob) if p.my_turn() and p.version >= ann.version), None)
        if actor is None:
            ann.drain(0.05)
            continue
        assert actor.state is not None
        if actor.phase() == "review":
            actor.do({"type": "continue", "version": actor.version})
        else:
            legal = actor.state["table"]["view"]["legal"]
            actor.do({"type": "act", "action": legal[0], "version": actor.version})


@pytest.mark.parametrize("kill_first", [True, False], ids=["killed-then-sent", "sent-then-killed"])
def test_a_move_sent_while_the_owner_dies_is_made_once_or_refused_and_the_seat_kept(
    two_servers: tuple[Server, Server], kill_first: bool
) -> None:
    """Bob, on the surviving process, sends a card while the room's owner is killed: he
    keeps his seat, is given the room back when B takes it over (``welcome`` and
    ``resume``), and his card is either made once (``ack``) or refused with the table as
    it is; never lost, never made twice."""
    (a, port_a), (_b, port_b) = two_servers
    ann, _code, (bob,) = room_with(port_a, [("Bob", port_b)])
    assert bob.do({"type": "ready", "ready": True})["type"] == "ack"
    assert ann.do({"type": "start"})["type"] == "ack"
    state = _bobs_card_turn(ann, bob)
    card = state["table"]["view"]["legal"][0]
    before = state["table"]["view"]["actions"].count(card)
    move = {"type": "act", "action": card, "version": state["version"], "id": "in-flight"}
    if kill_first:
        a.send_signal(signal.SIGKILL)
        bob.ws.send(json.dumps(move))
    else:
        bob.ws.send(json.dumps(move))
        a.send_signal(signal.SIGKILL)
    a.wait(10)
    seen: list[dict[str, Any]] = []
    deadline = time.monotonic() + 2 * WAIT
    while not (
        any(m.get("id") == "in-flight" for m in seen) and any(m["type"] == "resume" for m in seen)
    ):
        assert time.monotonic() < deadline, [m["type"] for m in seen]
        seen.append(bob.recv())
    kinds = [m["type"] for m in seen]
    assert "error" not in kinds, [
        m for m in seen if m["type"] == "error"
    ]  # never "join a room first", never "try again"
    [answer] = [m for m in seen if m.get("id") == "in-flight"]
    assert answer["type"] in ("ack", "refused"), answer
    welcome = next(m for m in seen if m["type"] == "welcome")
    assert welcome["seat"] == 1  # the seat is his still
    assert health(port_b)["rooms"] == 1  # B holds the room now
    bob.drain(0.3)
    assert bob.state is not None and bob.state["you"] == 1
    made = bob.state["table"]["view"]["actions"].count(card) - before
    if bob.state["table"]["deal"] == state["table"]["deal"]:
        assert made == (1 if answer["type"] == "ack" else 0), (answer, made)
    if answer["type"] == "refused":
        assert answer["state"]["you"] == 1


def test_a_seat_resumed_on_the_other_process_closes_the_first_connection(
    two_servers: tuple[Server, Server],
) -> None:
    """Bob's seat is held through B; he opens it again on A (the owner): the connection on
    B is told why and closed, and only the new one plays the seat."""
    (_a, port_a), (_b, port_b) = two_servers
    ann, code, (bob,) = room_with(port_a, [("Bob", port_b)])
    again = Player(port_a)
    assert again.do({"type": "resume", "room": code, "token": bob.token})["type"] == "ack"
    replaced = bob.recv()
    while replaced["type"] != "replaced":
        replaced = bob.recv()
    assert "another tab or device" in replaced["reason"]
    with pytest.raises(Exception, match="4001"):
        while True:
            bob.recv()
    assert health(port_a)["players"] == 2  # Ann, and Bob's new connection
    assert again.do({"type": "ready", "ready": True})["type"] == "ack"
    while not (ann.state and ann.state["room"]["seats"][1]["ready"]):
        ann.recv()  # Ann is told Bob is ready (a timeout fails the test)
