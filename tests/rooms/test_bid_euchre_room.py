"""A private room opened with Bid Euchre's rules (the ``bid-euchre`` profile) and played to
the end of a match by two people, scripted, and two computer players: every move refereed
by the engine's Bid Euchre, the computers bidding for their side, and no message to any
connection naming a card its seat may not know (another hand, the moon's pass)."""

from __future__ import annotations

import random

from euchre import Game

from tests.rooms.helpers import Person, by_seat, live_room, seated, server, settle
from tests.rooms.test_secrets import assert_no_hidden_card


def scripted(person: Person, rng: random.Random) -> str:
    """The scripted person's move: a pass in the bidding (the lowest bid when stuck), a
    random trump when its bid won, any legal card."""
    view = person.view
    legal = list(view["legal"])
    if view["phase"] == "auction":
        if "pass" in legal:
            return "pass"
        return next(a for a in legal if a != "bid moon")
    return rng.choice(legal)


def play_step(table: list[Person], rng: random.Random) -> bool:
    """Whoever the table waits for acts; False once the match is over."""
    settle(table)
    state = table[0].state
    assert state is not None
    phase = state["room"]["phase"]
    if phase == "lobby":
        return False
    seats = by_seat(table)
    if phase == "review":
        for seat in state["table"]["review"]["waiting"]:
            answer = seats[seat].do({"type": "continue", "version": seats[seat].version})
            assert answer["type"] == "ack", answer
        return True
    person = seats[state["table"]["view"]["to_act"]]
    action = scripted(person, rng)
    answer = person.do({"type": "act", "action": action, "version": person.version})
    assert answer["type"] == "ack", answer
    return True


def test_a_bid_euchre_match_in_a_room_with_people_and_computers() -> None:
    rules = {"profile": "bid-euchre", "game_to": 12}
    with (
        server() as (client, hub),
        seated(client, ["Ann", "Bob"], rules=rules, level="normal") as table,
    ):
        ann = table[0]
        assert ann.do({"type": "start"})["type"] == "ack"
        rng = random.Random(5)
        for _ in range(5000):
            if not play_step(table, rng):
                break
        game = live_room(hub, ann.code or "").room.finished
        assert game is not None and game.over
        assert game.rules.variant == "bid" and game.rules.hand_size == 6
        assert Game.replay(game.rules, game.seed, game.all_actions()).score == game.score
        assert ann.state is not None and ann.state["room"]["last_match"]["winner"] in (0, 1)
        events = [m["event"] for p in table for m in p.messages if m["type"] == "update"]
        computer = [e for e in events if e.get("by") == "computer"]
        assert {e["seat"] for e in computer} == {2, 3}
        assert any(str(e.get("action", "")).startswith("bid ") for e in computer)
        for person in table:
            assert_no_hidden_card(person, list(game.history), "bid-euchre")
