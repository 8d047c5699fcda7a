"""Whole matches through the WebSocket: four people, one person with computers, a stale
command, the hand review and its Continue."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from euchre import Game

from tests.rooms.helpers import (
    FAST,
    by_seat,
    live_room,
    play_match,
    play_one_step,
    seated,
    server,
    settle,
)


def replayed(game: Game) -> Game:
    """The game rebuilt from its seed and actions: the referee kept the engine's rules."""
    return Game.replay(game.rules, game.seed, game.all_actions())


def test_four_people_play_a_whole_match_and_return_to_the_lobby() -> None:
    with (
        server() as (client, hub),
        seated(client, ["Ann", "Bob", "Cy", "Di"], rules={"game_to": 5}) as table,
    ):
        ann = table[0]
        ann.do({"type": "start"})
        play_match(table, random.Random(1))
        settle(table)
        room = live_room(hub, ann.code or "").room
        state = ann.state
        assert state is not None and state["room"]["phase"] == "lobby"
        assert [s["kind"] for s in state["room"]["seats"]] == ["human"] * 4  # same seats
        assert state["room"]["last_match"]["winner"] in (0, 1)
        game = room.finished
        assert game is not None and game.over and len(game.history) >= 1
        assert replayed(game).score == game.score
        # every deal ended in a review that each person saw
        for person in table:
            reviews = {
                m["state"]["table"]["deal"]
                for m in person.messages
                if m.get("state") and m["state"]["table"] and m["state"]["table"]["review"]
            }
            assert reviews == set(range(len(game.history)))
        # and the next match starts from the same lobby
        for guest in table[1:]:
            guest.do({"type": "ready", "ready": True})
        assert ann.do({"type": "start"})["type"] == "ack"


def test_one_person_and_three_computer_players() -> None:
    with (
        server() as (client, hub),
        seated(client, ["Solo"], rules={"game_to": 3}, level="normal") as table,
    ):
        [solo] = table
        solo.do({"type": "start"})
        settle(table)
        assert solo.state is not None
        kinds = [s["kind"] for s in solo.state["room"]["seats"]]
        assert kinds == ["human", "computer", "computer", "computer"]
        play_match(table, random.Random(2))
        computer_moves = [
            m["event"]
            for m in solo.messages
            if m["type"] == "update" and m["event"].get("by") == "computer"
        ]
        assert computer_moves and {e["seat"] for e in computer_moves} == {1, 2, 3}
        assert live_room(hub, solo.code or "").room.finished is not None


def test_a_stale_command_is_refused_with_the_current_view() -> None:
    with server() as (client, hub), seated(client, ["Ann", "Bob"], level="easy") as table:
        ann, bob = table
        ann.do({"type": "start"})
        rng = random.Random(5)
        settle(table)
        seats = by_seat(table)
        to_act = ann.view["to_act"]
        while seats.get(to_act) is None:
            play_one_step(table, rng)
            to_act = ann.view["to_act"]
        actor = seats[to_act]
        old = actor.version
        history = list(live_room(hub, ann.code or "").room.game.state.actions)  # type: ignore[union-attr]
        refused = actor.do({"type": "act", "action": actor.view["legal"][0], "version": old - 1})
        assert refused["type"] == "refused" and refused["command"] == "act"
        assert "moved on before your move arrived" in refused["reason"]
        assert refused["state"]["version"] == old and refused["state"]["table"]["view"]["legal"]
        game = live_room(hub, ann.code or "").room.game
        assert game is not None and list(game.state.actions) == history
        # an illegal action gets the engine's own reason
        assert actor.view["phase"] in ("round_one", "round_two", "play", "discard")
        illegal = actor.do(
            {
                "type": "act",
                "action": "play Jd" if "play Jd" not in actor.view["legal"] else "play 9c",
                "version": old,
            }
        )
        assert illegal["type"] == "refused"
        assert illegal["reason"] == game.state.why_illegal(
            "play Jd" if "play Jd" not in actor.view["legal"] else "play 9c"
        )
        # someone whose turn it is not is told whose it is
        other = ann if actor is bob else bob
        wrong = other.do({"type": "act", "action": "pass", "version": other.version})
        assert wrong["type"] == "refused" and "turn, not yours" in wrong["reason"]


def test_a_player_who_never_presses_continue_cannot_stall_the_table() -> None:
    settings = dataclasses.replace(FAST, continue_seconds=0.3)
    with (
        server(settings) as (client, _hub),
        seated(client, ["Ann", "Bob"], level="easy", rules={"game_to": 3}) as table,
    ):
        ann, _bob = table
        ann.do({"type": "start"})
        rng = random.Random(8)
        # play until the first review opens
        while True:
            settle(table)
            assert ann.state is not None
            if ann.state["room"]["phase"] == "review":
                break
            play_one_step(table, rng)
        deal = ann.state["table"]["deal"]
        assert ann.state["table"]["review"]["waiting"] == [0, 1]
        assert ann.do({"type": "continue", "version": ann.version})["type"] == "ack"
        # Bob never presses Continue: the review times out and the next deal begins
        update = ann.until(
            lambda m: m["type"] == "update" and m["event"]["kind"] == "review_timeout"
        )
        assert update["state"]["room"]["phase"] in ("playing", "lobby")
        if update["state"]["room"]["phase"] == "playing":
            assert update["state"]["table"]["deal"] == deal + 1


def test_strong_computer_players_think_off_the_loop_and_play_a_match() -> None:
    with (
        server() as (client, hub),
        seated(client, ["Solo"], rules={"game_to": 2}, level="strong") as table,
    ):
        [solo] = table
        solo.do({"type": "start"})
        play_match(table, random.Random(5))
        computer_moves = [
            m["event"]
            for m in solo.messages
            if m["type"] == "update" and m["event"].get("by") == "computer"
        ]
        # (a short game: a seat sitting out every deal a partner played alone is possible)
        assert computer_moves and {e["seat"] for e in computer_moves} <= {1, 2, 3}
        game = live_room(hub, solo.code or "").room.finished
        assert game is not None and game.winner is not None


def _farmer_passes_said(person: Any) -> int:
    """The passes that kept a farmer's hand in ``person``'s view, each checked to be told
    as one (and a pass of round one or two as a plain pass), from the phases sent."""
    from euchre_tutorial.present.room import display_names, table_view
    from euchre_tutorial.present.words import told

    assert person.state is not None
    view = person.state["table"]["view"]
    assert len(view["phases"]) == len(view["actions"])
    said = told(table_view(person.state), display_names(person.state))
    kept = 0
    for index, (action, phase) in enumerate(zip(view["actions"], view["phases"], strict=True)):
        if phase == "farmer" and action == "pass":
            kept += 1
            endings: tuple[str, ...] = ("keep your farmer's hand.", "keeps their farmer's hand.")
            assert said[index].endswith(endings), said[index]
        elif action == "pass" and phase in ("round_one", "round_two"):
            assert said[index].endswith(("pass.", "passes.")), said[index]
    return kept


def test_every_seat_is_sent_the_phase_of_each_action() -> None:
    """At a farmer's-hand table a pass may keep a farmer's hand or pass the upcard: the view
    a room sends says which (``phases``), so each browser's log tells them apart. Each
    farmer's hand is kept; a long game makes one all but certain (a deal has none with
    chance 0.44, and the room's cards are secret)."""
    with (
        server() as (client, _hub),
        seated(
            client, ["Ann", "Bob", "Cy", "Di"], rules={"farmers_hand": "three_low", "game_to": 15}
        ) as table,
    ):
        table[0].do({"type": "start"})
        rng = random.Random(3)
        kept = 0
        while not kept:
            settle(table)
            state = table[0].state
            assert state is not None and state["room"]["phase"] != "lobby", "no farmer's hand"
            kept += sum(_farmer_passes_said(person) for person in table)
            if state["room"]["phase"] == "playing" and state["table"]["view"]["phase"] == "farmer":
                person = by_seat(table)[state["table"]["view"]["to_act"]]
                person.do({"type": "act", "action": "pass", "version": person.version})
            else:
                play_one_step(table, rng)
