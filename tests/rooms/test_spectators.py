"""Spectators: anyone with the room's code may watch; they are sent only what is public
(no hand, no discard, no hidden card), counted in health, and cannot play."""

from __future__ import annotations

import json
import random
from typing import Any

from euchre import HandState
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from tests.rooms.helpers import Person, connect, live_room, play_match, seated, server
from tests.rooms.tables import BID_EUCHRE, TABLES
from tests.rooms.test_secrets import cards_named, knowable, parts, spellings


def public_cards(final: HandState) -> set[str]:
    """Every spelling of every card that every seat may know at some point of the deal."""
    common = set.intersection(*(knowable(final, seat) for seat in range(final.players)))
    return {n for c in common for n in spellings(c)}


def read_up(person: Person, seq: int) -> None:
    while person.seq < seq:
        person.recv()


def test_a_spectator_watches_by_the_code_and_sees_no_hand() -> None:
    with server() as (client, hub), seated(client, ["Ann", "Bob"], level="easy") as table:
        ann, _bob = table
        assert ann.code is not None
        watcher = connect(client, "Eve")
        try:
            watcher.send({"type": "watch", "room": ann.code.lower()})
            hello = watcher.expect("watching")
            assert hello["room"] == ann.code and hello["state"]["you"] is None
            assert hello["state"]["table"] is None  # the lobby
            assert client.get("/rooms/health").json() == {
                "ok": True,
                "rooms": 1,
                "players": 2,
                "spectators": 1,
            }
            ann.do({"type": "start"})
            read_up(watcher, ann.seq)
            view = watcher.view
            assert view["seat"] is None and view["hand"] == [] and view["legal"] == []
            assert view["hand_sizes"] == [5, 5, 5, 5]
            # a spectator cannot play, react, take a seat or resume one while watching
            for command in (
                {"type": "act", "action": "pass", "version": watcher.version},
                {"type": "react", "emoji": "👍"},
                {"type": "join", "room": ann.code, "name": "Eve"},
            ):
                answer = watcher.do(command)
                assert answer["type"] == "error", answer
            assert "spectators do not play" in watcher.messages[-3]["error"]
            before = live_room(hub, ann.code).room.seq
            assert watcher.do({"type": "leave"})["type"] == "ack"
            assert watcher.messages[-2] == {"type": "left", "room": ann.code}
            assert live_room(hub, ann.code).room.seq == before, "watching changes nothing"
            assert client.get("/rooms/health").json()["spectators"] == 0
        finally:
            watcher.hang_up()


def test_watching_a_room_that_does_not_exist_is_refused_plainly() -> None:
    with server() as (client, _hub):
        watcher = connect(client, "Eve")
        try:
            watcher.send({"type": "watch", "room": "ABCDE-FGHJK"})
            assert "there is no room ABCDE-FGHJK" in watcher.expect("error")["error"]
        finally:
            watcher.hang_up()


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    table=st.sampled_from(TABLES),
    humans=st.integers(1, 6),
    seed=st.integers(0, 2**32),
    game_to=st.sampled_from([2, 3]),
)
@example(table=BID_EUCHRE, humans=2, seed=3, game_to=3)
def test_a_spectator_never_receives_a_card_that_is_not_public(
    table: tuple[str, int, dict[str, Any]], humans: int, seed: int, game_to: int
) -> None:
    profile, players, rules = table
    names = [f"P{i}" for i in range(min(humans, players))]
    with (
        server() as (client, hub),
        seated(client, names, rules={**rules, "game_to": game_to}, level="easy") as people,
    ):
        code = people[0].code
        assert code is not None
        watcher = connect(client, "Eve")
        try:
            watcher.send({"type": "watch", "room": code})
            watcher.expect("watching")
            people[0].do({"type": "start"})
            play_match(people, random.Random(seed))
            read_up(watcher, max(p.seq for p in people))
        finally:
            watcher.hang_up()
        game = live_room(hub, code).room.finished
        assert game is not None
        deals = list(game.history)
        everything = {n for d in deals for c in d.deal.all_cards() for n in spellings(c)}
        secret = [everything - public_cards(d) for d in deals]
        assert watcher.texts
        for text in watcher.texts:
            message = json.loads(text)
            state = message.get("state")
            if state is not None:
                assert state["you"] is None
                if state["table"] is not None:
                    assert state["table"]["view"]["hand"] == []
            for deal, piece in parts(message):
                leaked = cards_named(piece) & (secret[deal] if deal is not None else everything)
                assert not leaked, (profile, players, deal, leaked, piece)
