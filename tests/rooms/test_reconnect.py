"""Reconnects: the seat token restores the seat; missed events are replayed, or the full
view sent; a dropped seat is held with a countdown, then a computer plays it."""

from __future__ import annotations

import dataclasses
import random

from tests.rooms.helpers import (
    FAST,
    Person,
    by_seat,
    connect,
    live_room,
    play_one_step,
    seated,
    server,
    settle,
)


def play_until_mid_trick(table: list[Person], rng: random.Random) -> None:
    while True:
        settle(table)
        state = table[0].state
        assert state is not None
        table_state = state["table"]
        if state["room"]["phase"] == "playing" and table_state["view"]["current_trick"]:
            return
        play_one_step(table, rng)


def test_reconnect_mid_trick_with_the_token_replays_what_was_missed() -> None:
    with server() as (client, _hub), seated(client, ["Ann", "Bob"], level="easy") as table:
        ann, bob = table
        ann.do({"type": "start"})
        rng = random.Random(11)
        play_until_mid_trick(table, rng)
        hand_before = bob.view["hand"]
        last_seq, token, code = bob.seq, bob.token, bob.code
        bob.hang_up()
        away = ann.until(lambda m: m["type"] == "update" and m["event"]["kind"] == "away")
        assert away["state"]["room"]["seats"][1]["away"] == FAST.hold_seconds  # the countdown
        # Ann plays on while Bob is away, if it is her turn
        if ann.view["to_act"] == 0:
            ann.do({"type": "act", "action": ann.view["legal"][0], "version": ann.version})
        bob2 = connect(client, "Bob")
        try:
            bob2.send({"type": "resume", "room": code, "token": token, "last_seq": last_seq})
            welcome = bob2.expect("welcome")
            assert welcome["seat"] == 1
            resume = bob2.expect("resume")
            assert resume["replayed"] is True
            kinds = [e["kind"] for e in resume["events"]]
            assert kinds[0] == "away" and all(e["seq"] > last_seq for e in resume["events"])
            assert resume["state"]["you"] == 1
            view = resume["state"]["table"]["view"]
            assert set(view["hand"]) <= set(hand_before)
            back = bob2.until(lambda m: m["type"] == "update" and m["event"]["kind"] == "back")
            assert back["state"]["room"]["seats"][1]["away"] is None
            # Bob carries on playing from the new connection
            settle([ann, bob2])
            for _ in range(4):
                play_one_step([ann, bob2], rng)
        finally:
            bob2.hang_up()


def test_a_long_gap_gets_the_full_view_instead_of_a_replay() -> None:
    settings = dataclasses.replace(FAST, replay_events=3)
    with server(settings) as (client, _hub), seated(client, ["Ann", "Bob"], level="easy") as table:
        ann, bob = table
        ann.do({"type": "start"})
        rng = random.Random(12)
        settle(table)
        last_seq, token, code = bob.seq, bob.token, bob.code
        bob.hang_up()
        for _ in range(8):
            settle([ann])
            if ann.view["to_act"] == 1 or ann.state["room"]["phase"] != "playing":  # type: ignore[index]
                break
            play_one_step([ann], rng)
        bob2 = connect(client, "Bob")
        try:
            bob2.send({"type": "resume", "room": code, "token": token, "last_seq": 0})
            bob2.expect("welcome")
            resume = bob2.expect("resume")
            assert resume["replayed"] is False and resume["events"] == []
            assert resume["state"]["table"]["view"]["seat"] == 1
            del last_seq
        finally:
            bob2.hang_up()


def test_a_dropped_seat_is_held_then_a_computer_plays_it_until_its_owner_returns() -> None:
    settings = dataclasses.replace(FAST, hold_seconds=0.2)
    with server(settings) as (client, hub), seated(client, ["Ann", "Bob"], level="easy") as table:
        ann, bob = table
        ann.do({"type": "start"})
        settle(table)
        token, code = bob.token, bob.code
        bob.hang_up()
        expired = ann.until(
            lambda m: m["type"] == "update" and m["event"]["kind"] == "hold_expired"
        )
        assert expired["state"]["room"]["seats"][1]["standin"] is True
        # seat 1's moves are now made by a computer: Ann plays until one is seen
        rng = random.Random(4)
        for _ in range(40):
            if any(
                m["type"] == "update"
                and m["event"].get("seat") == 1
                and m["event"].get("by") == "computer"
                for m in ann.messages
            ):
                break
            play_one_step([ann], rng)
        else:
            raise AssertionError("the computer never played for the absent seat")
        room = live_room(hub, code or "").room
        assert room.seats[1].standin
        bob2 = connect(client, "Bob")
        try:
            bob2.send({"type": "resume", "room": code, "token": token})
            bob2.expect("resume")
            back = bob2.until(lambda m: m["type"] == "update" and m["event"]["kind"] == "back")
            assert back["state"]["room"]["seats"][1]["standin"] is False
            assert not room.seats[1].standin
            assert by_seat([ann, bob2])[1] is bob2
        finally:
            bob2.hang_up()


def test_a_token_opens_only_its_own_seat() -> None:
    with (
        server() as (client, _hub),
        seated(client, ["Ann", "Bob"]) as table,
        seated(client, ["Cy"]) as [cy],
    ):
        ann, bob = table
        # Cy's token does not open a seat in Ann's room
        thief = connect(client, "X")
        try:
            thief.send({"type": "resume", "room": ann.code, "token": cy.token})
            assert "does not open a seat" in thief.expect("error")["error"]
            # a connection holding a seat cannot take another one with its token
            ann.send({"type": "resume", "room": ann.code, "token": bob.token})
            assert "already holds seat 0" in ann.expect("error")["error"]
        finally:
            thief.hang_up()


def test_a_seat_resumed_from_a_second_connection_closes_the_first_and_says_why() -> None:
    """Two tabs cannot both play one seat: the one that resumes it last has it, and the
    other is told why and closed (code 4001), so it stops acting for the seat."""
    with server() as (client, hub), seated(client, ["Ann", "Bob"], level="easy") as table:
        ann, bob = table
        ann.do({"type": "start"})
        settle(table)
        bob2 = connect(client, "Bob")
        try:
            bob2.send({"type": "resume", "room": bob.code, "token": bob.token})
            assert bob2.expect("welcome")["seat"] == 1
            bob2.expect("resume")
            replaced = bob.until(lambda m: m["type"] in ("replaced", "closed"))
            assert replaced["type"] == "replaced"
            assert "opened from another tab or device" in replaced["reason"]
            closed = bob.until(lambda m: m["type"] == "closed")
            assert closed["code"] == 4001 and "another tab" in closed["reason"]
            assert hub.health()["players"] == 2  # one connection per seat
            settle([ann, bob2])
            for _ in range(4):  # the new tab plays on
                play_one_step([ann, bob2], random.Random(9))
        finally:
            bob2.hang_up()
