"""``/rooms/render``: a room drawn for a page whose own Python is still starting. The reply
is exactly what the page's Python draws for the same state (one renderer); anything else
is refused in plain words, and an address asking too often is told to wait."""

from __future__ import annotations

import json
import random
from typing import Any

from euchre_rooms.render import Refusal, draw_room
from euchre_tutorial.widgets.room import render_message
from starlette.testclient import TestClient

from tests.rooms.helpers import play_one_step, seated, server, settle

PAGE = "http://testserver/practice/rooms/"


def states_of_a_deal() -> list[dict[str, Any]]:
    """Every state Ann was sent while she and Bob played on with easy computers."""
    with server() as (client, _hub), seated(client, ["Ann", "Bob"], level="easy") as people:
        people[0].do({"type": "start"})
        rng = random.Random(4)
        for _ in range(30):
            play_one_step(people, rng)
        settle(people)
        return [s for text in people[0].texts if (s := json.loads(text).get("state"))]


def test_a_posted_state_is_drawn_as_the_page_s_python_draws_it() -> None:
    states = states_of_a_deal()
    assert any(s.get("table") for s in states) and any(not s.get("table") for s in states)
    # the lobby, then states spread over the deal: within one address's burst
    picked = [states[0], *states[1 :: max(1, len(states) // 10)]][:12]
    with server() as (client, _hub):
        for state in picked:
            payload = {"state": state, "page": PAGE, "reactions": []}
            reply = client.post("/rooms/render", content=json.dumps(payload))
            assert reply.status_code == 200
            assert reply.json() == json.loads(json.dumps(render_message(payload)))


def refusal(client: TestClient, body: bytes | str, **headers: str) -> tuple[int, str]:
    reply = client.post("/rooms/render", content=body, headers=headers)
    return reply.status_code, reply.text


def test_what_is_not_a_room_s_state_is_refused_plainly() -> None:
    with server() as (client, _hub):
        assert refusal(client, "{not json") == (400, "the request is not JSON")
        assert refusal(client, json.dumps({"entry": {}})) == (
            400,
            "room.render needs the server's state",
        )
        status, words = refusal(client, json.dumps({"state": {"room": {}, "you": 0}}))
        assert status == 400 and words.startswith("the room server sent a state this page")
        assert refusal(client, "x" * 70_000) == (413, "that state is too big to draw")
        assert client.get("/rooms/render").status_code == 405


def test_an_address_asking_too_often_is_told_to_wait() -> None:
    with server() as (client, _hub):
        codes = [refusal(client, "{}")[0] for _ in range(30)]
    assert codes[:12] == [400] * 12  # answered (and refused: no state), up to the burst
    assert codes.count(429) >= 10
    with server() as (client, _hub):
        for _ in range(12):
            refusal(client, "{}")
        assert refusal(client, "{}") == (429, "too many drawings asked for: wait a moment")


def test_only_pages_the_rooms_accept_may_ask_and_they_may_read_the_reply() -> None:
    with server() as (client, _hub):
        assert refusal(client, "{}", origin="https://evil.example") == (
            403,
            "pages from that address may not use this room server",
        )
        own = client.post("/rooms/render", content="{}", headers={"origin": "http://testserver"})
        assert own.headers["access-control-allow-origin"] == "http://testserver"


def test_a_damaged_state_is_refused_in_words_never_a_server_error() -> None:
    """Whatever a page posts in place of a state it was sent (a field of the room or the
    table given another value or type), the answer is a drawing or a plain refusal."""
    states = states_of_a_deal()
    rng = random.Random(7)
    refused = 0
    for _ in range(300):
        broken = json.loads(json.dumps(rng.choice(states)))
        part = broken if rng.random() < 0.2 else broken.get("table") or broken["room"]
        part[rng.choice(sorted(part))] = rng.choice([None, 7, -1, "x", [], {}, [1, "a"], {"a": 1}])
        try:
            assert "html" in draw_room({"state": broken, "page": PAGE})
        except Refusal as refusal:
            assert str(refusal)
            refused += 1
    assert refused
