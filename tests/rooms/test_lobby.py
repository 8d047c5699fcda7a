"""The lobby: create, join, Ready, Start, remove, the host leaving."""

from __future__ import annotations

import random

from euchre import Rules
from euchre_rooms.codes import ALPHABET
from euchre_tutorial.present.room import table_words

from tests.rooms.helpers import live_room, people, play_one_step, seated, server, settle


def test_create_gives_a_readable_code_a_seat_and_a_token() -> None:
    with server() as (client, _hub), people(client, ["Ann"]) as [ann]:
        welcome = ann.create(rules="midwest", level="easy")
        code = welcome["room"]
        assert len(code.replace("-", "")) == 10 and set(code.replace("-", "")) <= set(ALPHABET)
        assert welcome["seat"] == 0 and len(welcome["token"]) >= 32
        state = ann.state
        assert state is not None
        assert state["room"]["host"] == 0 and state["room"]["rules"]["stick_the_dealer"] is True
        assert state["table"] is None
        assert client.get("/rooms/health").json() == {
            "ok": True,
            "rooms": 1,
            "players": 1,
            "spectators": 0,
        }


def test_bad_rules_are_refused_with_the_engines_reason() -> None:
    with server() as (client, hub), people(client, ["Ann"]) as [ann]:
        ann.send({"type": "create", "name": "Ann", "rules": {"stick_dealer": True}})
        error = ann.expect("error")
        assert "did you mean 'stick_the_dealer'" in error["error"]
        ann.send({"type": "create", "name": "Ann", "level": "expert"})
        assert "easy, normal, strong" in ann.expect("error")["error"]
        assert hub.rooms == {}


def test_a_room_names_its_rules_as_free_play_does_whatever_the_target() -> None:
    """The site's own rules sent as a table of options (a house-rules build: a profile with
    another target and table) are named by their profile, as free play names them; the
    lobby line gives the table and the target (it said "House rules" where free play on
    the same site said "Beginner's rules")."""
    with server() as (client, _hub), people(client, ["Ann"]) as [ann]:
        beginner = Rules.profile("beginner").replace(game_to=15).to_dict()
        ann.create(rules=beginner, table="3")
        room = (ann.state or {})["room"]
        assert room["rules_name"] == "beginner"
        words = table_words(room)
        assert words.startswith("Beginner") and "three-handed cutthroat, game to 15;" in words


def test_a_named_table_plays_the_rules_at_that_table() -> None:
    """The entry form sends a profile (or the site's rules) and one of the engine's tables:
    American rules at cutthroat are three seats, each scoring alone, and still "american";
    five-handed call-ace gets the 32-card deck it needs. A table the engine does not know
    is refused in words, and the connection goes on."""
    with server() as (client, hub), people(client, ["Ann", "Bob", "Cy"]) as [ann, bob, cy]:
        ann.create(rules="american", table="3")
        room = (ann.state or {})["room"]
        assert len(room["seats"]) == 3 and room["rules"]["partnerships"] is False
        assert room["rules_name"] == "american"
        bob.create(rules={"profile": "american", "players": 3, "partnerships": False}, table="5")
        room = (bob.state or {})["room"]
        assert (len(room["seats"]), room["rules"]["deck"], room["rules"]["call_ace"]) == (
            5,
            32,
            True,
        )
        assert room["rules_name"] == "american"
        cy.send({"type": "create", "name": "Cy", "rules": "american", "table": "9"})
        assert "unknown table '9'" in cy.expect("error")["error"]
        cy.create(rules="long-deck", table="6")
        assert len((cy.state or {})["room"]["seats"]) == 6
        assert len(hub.rooms) == 3


def test_people_join_press_ready_and_the_host_starts_with_computers_in_open_seats() -> None:
    with server() as (client, _hub), people(client, ["Ann", "Bob", "Cy"]) as table:
        ann, bob, cy = table
        ann.create(level="easy")
        assert ann.code is not None
        bob.join(ann.code.lower().replace("-", " "))  # codes are forgiving when typed
        cy.join(ann.code, seat=3)
        assert (bob.seat, cy.seat) == (1, 3)
        settle(table)
        ann.send({"type": "start"})
        assert "waiting for Bob, Cy to press Ready" in ann.expect("error")["error"]
        bob.send({"type": "start"})
        assert "only the host" in bob.expect("error")["error"]
        for p in (bob, cy):
            p.do({"type": "ready", "ready": True})
        ann.do({"type": "start"})
        settle(table)
        assert cy.state is not None
        seats = cy.state["room"]["seats"]
        assert [s["kind"] for s in seats] == ["human", "human", "computer", "human"]
        assert cy.state["room"]["phase"] == "playing"
        assert cy.view["seat"] == 3 and len(cy.view["hand"]) == 5


def test_the_host_removes_a_player_from_the_lobby() -> None:
    with server() as (client, _hub), seated(client, ["Ann", "Bob", "Cy"]) as table:
        ann, bob, cy = table
        bob.send({"type": "remove", "seat": 0})
        assert "only the host" in bob.expect("error")["error"]
        removed = ann.do({"type": "remove", "seat": 1})
        assert bob.expect("removed")["reason"] == "the host removed you from the room"
        settle([ann, cy], removed["seq"])
        assert ann.state is not None and ann.state["room"]["seats"][1]["kind"] == "empty"
        bob.send({"type": "ready", "ready": False})
        assert "join a room first" in bob.expect("error")["error"]
        # the old token no longer opens the seat
        bob.send({"type": "resume", "room": ann.code, "token": bob.token})
        assert "does not open a seat" in bob.expect("error")["error"]


def test_a_full_room_and_a_wrong_code_are_refused() -> None:
    with (
        server() as (client, _hub),
        seated(client, ["A", "B", "C", "D"]) as table,
        people(client, ["E"]) as [eve],
    ):
        eve.send({"type": "join", "room": table[0].code, "name": "Eve"})
        assert eve.expect("error")["error"] == "this room is full"
        eve.send({"type": "join", "room": "22222-22222", "name": "Eve"})
        assert "there is no room 22222-22222" in eve.expect("error")["error"]
        eve.send({"type": "join", "room": "hello", "name": "Eve"})
        assert "not a room code" in eve.expect("error")["error"]


def test_the_host_leaving_the_lobby_hands_the_room_on() -> None:
    with server() as (client, _hub), seated(client, ["Ann", "Bob", "Cy"]) as table:
        ann, bob, cy = table
        left = ann.do({"type": "leave"})
        settle([bob, cy], left["seq"])
        assert bob.state is not None and bob.state["room"]["host"] == 1
        bob.do({"type": "start"})
        settle([bob, cy])
        assert bob.state["room"]["phase"] == "playing"
        assert bob.state["room"]["seats"][0]["kind"] == "computer"


def test_the_host_leaving_mid_match_leaves_a_computer_in_the_seat() -> None:
    with server() as (client, hub), seated(client, ["Ann", "Bob"], level="easy") as table:
        ann, bob = table
        ann.do({"type": "start"})
        rng = random.Random(3)
        for _ in range(3):
            play_one_step(table, rng)
        settle(table)
        left = ann.do({"type": "leave"})
        rest = [bob]
        settle(rest, left["seq"])
        assert bob.state is not None
        assert bob.state["room"]["host"] == 1
        assert bob.state["room"]["seats"][0]["kind"] == "computer"
        # the match goes on with Bob and three computers
        for _ in range(5):
            play_one_step(rest, rng)
        assert live_room(hub, bob.code or "").room.game is not None


def test_the_last_person_leaving_closes_the_room() -> None:
    with server() as (client, hub), people(client, ["Ann"]) as [ann]:
        ann.create()
        ann.send({"type": "leave"})
        ann.expect("left")
        assert hub.rooms == {}
