"""The room page for a spectator (the server's ``watching``, ``state["you"]`` null): a
"You are watching" banner with Stop watching, every hand face down with its count, the
public cards only (the trick, the upcard while it is on offer), and no control that acts."""

from __future__ import annotations

import json
import random
import re
from typing import Any

from euchre import Deal, HandState, Rules
from euchre_rooms.watch import public_view
from euchre_tutorial.widgets.room import render_message
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.rooms.helpers import connect, play_match, play_one_step, seated, server
from tests.rooms.tables import TABLES

PAGE = "http://127.0.0.1:8000/practice/rooms/"
FACE = re.compile(r'data-card="([^"]+)"')
ACTION = re.compile(r'data-action="([^"]+)"')


def drawn(state: dict[str, Any]) -> str:
    reply = render_message({"state": state, "page": PAGE, "reactions": []})
    assert reply["card_action"] is None and reply["watching"] is True
    return "".join(reply["html"].values())


def room_of(rules: dict[str, Any], players: int) -> dict[str, Any]:
    """The public room part of a state (as the server sends it) for a table in play."""
    seats = [
        {
            "seat": i,
            "kind": "computer",
            "name": f"Computer {i + 1}",
            "ready": True,
            "host": False,
            "away": None,
            "standin": False,
        }
        for i in range(players)
    ]
    seats[0].update(kind="human", name="Ann", host=True)
    return {
        "code": "K7QXM-3PART",
        "phase": "playing",
        "host": 0,
        "players": players,
        "level": "easy",
        "rules": Rules.from_dict(rules).to_dict(),
        "rules_name": "house",
        "seats": seats,
        "match": 0,
        "last_match": None,
    }


def watched(state: HandState, room: dict[str, Any]) -> dict[str, Any]:
    """The ``state`` message a spectator gets for ``state``."""
    table = {"deal": 0, "score": [0, 0], "game_to": 10, "review": None, "view": public_view(state)}
    return {"version": len(state.actions) + 1, "you": None, "room": room, "table": table}


def test_a_spectator_sees_a_banner_the_seats_and_nothing_to_press() -> None:
    with server() as (client, _hub), seated(client, ["Ann"], level="easy") as table:
        ann = table[0]
        assert ann.code is not None
        eve = connect(client, "Eve")
        try:
            eve.send({"type": "watch", "room": ann.code})
            lobby = drawn(eve.expect("watching")["state"])
            assert "You are watching" in lobby and "Stop watching" in lobby
            assert set(ACTION.findall(lobby)) == {"leave", "copy"}
            assert f"?room={ann.code}&amp;watch=1" in lobby
            assert "Ann" in lobby and "(you" not in lobby

            ann.do({"type": "start"})
            rng = random.Random(3)
            pictures = 0
            for _ in range(40):
                if not play_one_step(table, rng):
                    break
                while eve.seq < ann.seq:
                    eve.recv()
                assert eve.state is not None
                if eve.state["room"]["phase"] == "lobby":
                    break  # the match is over already: the lobby was checked above
                html = drawn(eve.state)
                pictures += 1
                assert "You are watching" in html
                assert set(ACTION.findall(html)) <= {"leave"}, html
                assert 'class="eu-hand"' not in html and "eu-table--your-turn" not in html
                assert "Your turn" not in html and "Your hand" not in html
                view = eve.state["table"]["view"]
                assert html.count('class="eu-backs"') == len(view["hand_sizes"])
                for size in view["hand_sizes"]:
                    assert f'aria-label="{size} {"card" if size == 1 else "cards"}"' in html
            assert pictures
            # every review the spectator was sent lists the tricks, nobody's side marked
            reviews = [
                state
                for text in eve.texts
                if (state := json.loads(text).get("state")) and state["room"]["phase"] == "review"
            ]
            assert reviews
            for state in reviews:
                html = drawn(state)
                assert html.count('<li class="eu-review-trick"') == len(
                    state["table"]["view"]["tricks"]
                )
        finally:
            eve.hang_up()


def test_a_spectator_sees_who_won_when_the_match_ends() -> None:
    # Back in the lobby after the match, the spectator's page says who won and the final
    # score, naming each team by its players, as a player's lobby does from their side.
    with (
        server() as (client, _hub),
        seated(client, ["Ann"], rules={"game_to": 2}, level="easy") as table,
    ):
        ann = table[0]
        assert ann.code is not None
        eve = connect(client, "Eve")
        try:
            eve.send({"type": "watch", "room": ann.code})
            assert "Last match" not in drawn(eve.expect("watching")["state"])
            ann.do({"type": "start"})
            play_match(table, random.Random(11))
            while eve.seq < ann.seq:
                eve.recv()
            assert eve.state is not None and eve.state["room"]["phase"] == "lobby"
            lobby = drawn(eve.state)
        finally:
            eve.hang_up()
    teams = ["Ann and Computer 3", "Computer 2 and Computer 4"]
    shown = re.search(
        r'class="eu-room-result" role="status">Last match: (.+?) won\. '
        r"Final score: (\d+) for (.+?), (\d+) for (.+?)\.</p>",
        lobby,
    )
    assert shown, lobby
    winner, first_points, first, second_points, second = shown.groups()
    assert [first, second] == teams and winner in teams
    assert int([first_points, second_points][teams.index(winner)]) >= 2


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=st.sampled_from(TABLES), seed=st.integers(0, 2**32), steps=st.integers(0, 40))
def test_a_spectators_table_never_shows_a_card_in_a_hand(
    table: tuple[str, int, dict[str, Any]], seed: int, steps: int
) -> None:
    """Anywhere in any deal, the only faces drawn are the trick's (and the last trick's)
    cards and the upcard while it is on offer or turned down: never a card a seat holds,
    nor a discard."""
    _profile, players, settings_ = table
    rules = Rules.from_dict(settings_)
    rng = random.Random(seed)
    state = HandState.new(Deal.random(seed, dealer=seed % players, rules=rules), rules)
    for _ in range(steps):
        if state.to_act is None:
            break
        state = state.apply(rng.choice(list(state.legal_actions())))
    html = drawn(watched(state, room_of(settings_, players)))
    faces = set(FACE.findall(html))
    held = {c.code for hand in state.hands for c in hand}
    played = {c.code for t in state.tricks for c in t.cards} | {
        c.code for _, c in state.current_trick
    }
    assert not faces & held, (faces & held, state.phase)
    upcard = set() if state.upcard is None else {state.upcard.code}  # Bid Euchre: none
    assert faces <= played | upcard
    if state.discard is not None and state.discard.code not in played:
        assert state.discard.code not in faces
    assert 'class="eu-hand"' not in html
    assert html.count('class="eu-backs"') == players


def test_the_table_names_the_rooms_players_in_its_prompt() -> None:
    # A room's seats have the players' names; the prompt uses them too, never the places
    # ("North is playing") that free play uses.
    rules = Rules()
    state = HandState.new(Deal.random(seed=5, dealer=3), rules)
    state = state.apply(state.legal_actions()[0])  # seat 0 (Ann) acts first
    html = drawn(watched(state, room_of(rules.to_dict(), 4)))
    assert "Computer 2 is deciding" in html
    assert not re.search(r"\b(North|South|East|West) (is|passes|orders)", html)
