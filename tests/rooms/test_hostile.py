"""Hostile clients: malformed JSON, wrong types, huge messages, floods, another seat's
token, a foreign origin. Each gets a plain error; the room goes on; its history is
unchanged."""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

from euchre_rooms.protocol import SCHEMAS
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.rooms.helpers import (
    FAST,
    connect,
    live_room,
    people,
    play_one_step,
    seated,
    server,
    settle,
)

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)

GARBAGE = st.one_of(
    st.text(max_size=200),  # mostly not JSON at all
    st.binary(max_size=64).map(lambda b: b.decode("latin-1")),
    JSON_VALUES.map(json.dumps),  # JSON, but not a message
    st.builds(  # a known type with fields of any type
        lambda kind, fields: json.dumps({"type": kind, **fields}),
        st.sampled_from(sorted(set(SCHEMAS) - {"leave"})),  # leaving is allowed, not hostile
        st.dictionaries(
            st.sampled_from(
                [
                    "name",
                    "room",
                    "token",
                    "seat",
                    "action",
                    "version",
                    "ready",
                    "emoji",
                    "rules",
                    "players",
                    "level",
                    "last_seq",
                    "extra",
                ]
            ),
            JSON_VALUES,
            max_size=4,
        ),
    ),
    st.integers(4097, 20000).map(lambda n: json.dumps({"type": "ping", "id": "x" * n})),
    st.just('{"type": "act", "action": "play Jd", "version": 1e999}'),
    st.just("[" * 5000 + "]" * 5000),
)


def history(hub: Any, code: str) -> list[str]:
    game = live_room(hub, code).room.game
    assert game is not None
    return [str(a) for a in game.all_actions()]


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(junk=st.lists(GARBAGE, min_size=1, max_size=6))
def test_garbage_gets_plain_errors_and_changes_nothing(junk: list[str]) -> None:
    with server() as (client, hub), seated(client, ["Ann", "Bob"], level="easy") as table:
        ann, bob = table
        ann.do({"type": "start"})
        play_one_step(table, random.Random(1))
        code = ann.code or ""
        before = history(hub, code)
        version = live_room(hub, code).room.version
        for text in junk:
            bob.send(text)
            bob.send({"type": "ping", "id": "marker"})
            while True:
                answer = bob.recv()
                assert answer["type"] != "closed", answer
                if answer.get("id") == "marker":
                    break
                if answer["type"] == "error":
                    assert answer["error"] and "Traceback" not in answer["error"]
                    assert len(answer["error"]) < 300
        # a valid-but-wrong act may be refused; nothing was applied that was not legal
        after = history(hub, code)
        assert after[: len(before)] == before
        room = live_room(hub, code).room
        assert room.version >= version
        # the room goes on: the person whose turn it is can still play
        play_one_step(table, random.Random(2))


def test_a_huge_message_and_binary_frames_get_plain_errors() -> None:
    with server() as (client, _hub), seated(client, ["Ann"]) as [ann]:
        ann.send(json.dumps({"type": "react", "emoji": "x" * 10_000}))
        assert "at most 4096 bytes" in ann.expect("error")["error"]
        ann.session.send_bytes(b"\x00\x01")
        assert "text messages" in ann.expect("error")["error"]
        ann.send("{not json")
        assert ann.expect("error")["error"] == "that message is not valid JSON"
        ann.send({"type": "act", "action": ["play", "Jd"], "version": 0})
        assert ann.expect("error")["error"] == "'action' must be text, not a list"
        ann.send({"type": "act", "action": "pass", "version": 1.5})
        assert (
            ann.expect("error")["error"]
            == "'version' must be a whole number, not a number with a fraction"
        )
        ann.send({"type": "react", "emoji": "x", "id": 2**60})
        assert (
            ann.expect("error")["error"]
            == "'id' must be text or a whole number, not a number that large"
        )
        ann.send({"type": "start", "seat": 2})
        assert ann.expect("error")["error"] == "a 'start' message has no field 'seat'"
        ann.send({"type": "teleport"})
        assert "unknown message type 'teleport'" in ann.expect("error")["error"]
        ann.send({"type": "join", "room": ann.code, "name": "x" * 100})
        assert "already holds seat 0" in ann.expect("error")["error"]
        assert ann.do({"type": "ping"})["type"] == "ack"


def test_a_flood_is_slowed_then_cut_off_with_a_reason_and_the_room_goes_on() -> None:
    settings_ = dataclasses.replace(FAST, messages_per_second=1.0, message_burst=5, max_refusals=30)
    with server(settings_) as (client, _hub), seated(client, ["Ann", "Bob"]) as table:
        ann, bob = table
        for _ in range(60):
            bob.send({"type": "react", "emoji": "👍"})
        errors = []
        while True:
            message = bob.recv()
            if message["type"] == "closed":
                break
            if message["type"] == "error":
                errors.append(message["error"])
        assert any("too many messages: wait a moment" in e for e in errors)
        assert errors[-1] == "too many messages: this connection is closed"
        assert bob.closed is not None and bob.closed[0] == 1008
        # the room is fine: Ann still starts it; Bob's reactions were limited too
        assert ann.do({"type": "start"})["type"] == "ack"
        reactions = [m for m in ann.messages if m["type"] == "reaction"]
        assert 1 <= len(reactions) <= 3


def test_reactions_come_from_a_fixed_set() -> None:
    with server() as (client, _hub), seated(client, ["Ann", "Bob"]) as table:
        ann, bob = table
        bob.send({"type": "react", "emoji": "hello"})
        assert "a reaction is one of" in bob.expect("error")["error"]
        bob.send({"type": "react", "emoji": "🎉"})
        assert ann.expect("reaction") == {"type": "reaction", "seat": 1, "emoji": "🎉"}


def test_a_foreign_origin_is_refused_with_a_reason() -> None:
    with server() as (client, _hub):
        evil = connect(client, "Evil", headers={"origin": "https://evil.example"})
        try:
            assert "origin" in evil.recv()["error"]
            assert evil.recv()["type"] == "closed" and evil.closed == (1008, "origin not allowed")
        finally:
            evil.hang_up()
        same = connect(client, "Ok", headers={"origin": "http://testserver"})
        try:
            assert same.do({"type": "ping"})["type"] == "ack"
        finally:
            same.hang_up()


def test_a_display_name_is_kept_as_text() -> None:
    with server() as (client, _hub), seated(client, ["<b>Bo</b> &amp;"]) as [ann]:
        assert ann.state is not None
        assert ann.state["room"]["seats"][0]["name"] == "<b>Bo</b> &amp;"


def test_a_friend_may_not_take_the_name_every_seat_sees_as_itself() -> None:
    """Each player's own seat is shown as "You": a friend called "You" would be a second
    "You" on every screen, so the name is refused in words and the room goes on."""
    with (
        server() as (client, _hub),
        seated(client, ["Ann"]) as [ann],
        people(client, ["Bob"]) as [bob],
    ):
        bob.send({"type": "join", "room": ann.code, "name": " YOU "})
        assert "choose another name" in bob.expect("error")["error"]
        bob.join(ann.code or "")
        settle([ann, bob])
        assert [s["name"] for s in (ann.state or {})["room"]["seats"]][:2] == ["Ann", "Bob"]


def test_a_friend_may_not_take_a_computer_players_name() -> None:
    """Empty seats are filled by "Computer 3" and a seat left during play by "Computer
    (Ann)": a person by either name could not be told from a computer player."""
    with (
        server() as (client, _hub),
        seated(client, ["Ann"]) as [ann],
        people(client, ["Bob"]) as [bob],
    ):
        for name in ("Computer 3", "computer(ann)"):
            bob.send({"type": "join", "room": ann.code, "name": name})
            assert "kept for the computer players" in bob.expect("error")["error"]
        bob.join(ann.code or "")
        settle([ann, bob])
        assert [s["name"] for s in (ann.state or {})["room"]["seats"]][:2] == ["Ann", "Bob"]


def test_two_people_at_one_table_may_not_share_a_name() -> None:
    """The table and its log name each seat by its player: a second "Ann" is refused in
    words, keeps nothing, and may join under another name."""
    with (
        server() as (client, _hub),
        seated(client, ["Ann"]) as [ann],
        people(client, ["Bob"]) as [bob],
    ):
        bob.send({"type": "join", "room": ann.code, "name": "ANN"})
        assert bob.expect("error")["error"] == (
            'someone at this table is already called "ANN": choose another name'
        )
        bob.join(ann.code or "")
        settle([ann, bob])
        assert [s["name"] for s in (ann.state or {})["room"]["seats"]][:2] == ["Ann", "Bob"]


def test_a_malformed_commands_error_carries_its_id() -> None:
    """A client that numbers its commands can tell which one an error answers, whatever is
    wrong with it (PROTOCOL.md: ``error`` carries ``id`` when the command had one)."""
    with server() as (client, _hub), seated(client, ["Ann", "Bob"]) as [ann, _bob]:
        wrong = [
            {"type": "act", "action": 3, "version": 1},
            {"type": "act", "action": "pass"},
            {"type": "act", "action": "pass", "version": 1, "seat": 1},
            {"type": "ready", "ready": "yes"},
            {"type": "teleport"},
            {"type": 7},
            {"type": "join", "room": ann.code, "name": "Zed"},  # this connection is seated
        ]
        for n, message in enumerate(wrong):
            ann.send({**message, "id": f"m-{n}"})
            answer = ann.until(lambda m: m["type"] == "error")
            assert answer["id"] == f"m-{n}", (message, answer)
        ann.send('{"type": "act", "action": "pass", "version": 1.5, "id": 99}')
        assert ann.until(lambda m: m["type"] == "error")["id"] == 99


def test_names_that_only_look_alike_are_one_name() -> None:
    """A zero-width space after the host's name, a Cyrillic letter for a Latin one, wide
    letters: each is the host's name as every screen shows it, so each is refused like the
    name itself, in words that say so; a name that only differs visibly joins."""
    with (
        server() as (client, _hub),
        seated(client, ["Ann"]) as [ann],
        people(client, ["Bob"]) as [bob],
    ):
        for name in ("Ann\u200b", "\u0410nn", "Ａｎｎ", "A\u200dnn", "ANN\ufe0f"):
            bob.send({"type": "join", "room": ann.code, "name": name})
            error = bob.expect("error")["error"]
            assert 'already called "Ann"' in error and "choose another name" in error, name
        bob.send({"type": "join", "room": ann.code, "name": "Anne"})
        assert bob.expect("welcome")["seat"] == 1
