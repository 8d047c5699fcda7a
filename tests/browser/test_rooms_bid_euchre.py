"""A whole game of Bid Euchre in a private room, in Chromium: a learner picks Bid Euchre in
the rooms page's rules list, the computer players fill the other three seats, and she bids,
names trump when she wins the bidding, and plays every deal, Continue after each review,
until the game is over (game to 32, as the profile plays it). Fails on any console error."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from euchre import Rules

from tests.browser.harness import goto
from tests.browser.test_rooms import (
    ROOMS_PAGE,
    STEP_MS,
    RoomServer,
    enter,
    play_my_turn,
    press_continue,
    rooms,  # noqa: F401 - the room server fixture
    wait_for_someones_turn,
)

MAX_DEALS = 40  # a game to 32 takes about eight deals; both sides set at -32 ends it too
GAME_TO = Rules.profile("bid-euchre").game_to


def bid_if_i_may(page: Any) -> bool:
    """At her turn in the bidding, the learner bids the lowest number she may (else she
    plays as ``play_my_turn`` does: the first choice, or a card the server accepts)."""
    bids = page.locator("[data-region=table] .eu-choice[data-choice^='bid ']")
    if not page.locator(".eu-table--your-turn").count() or not bids.count():
        return play_my_turn(page)
    before = page.get_attribute("[data-widget=room]", "data-version")
    bids.first.click()
    page.wait_for_function(
        "(before) => document.querySelector('[data-widget=room]').dataset.version !== before",
        arg=before,
        timeout=STEP_MS,
    )
    return True


def play_the_deal(ann: Any) -> str:
    """Play up to the deal's review; its text."""
    for _ in range(300):
        if ann.locator(".eu-room-review [data-action=continue]").count():
            break
        if not bid_if_i_may(ann):
            wait_for_someones_turn((ann,))
    ann.wait_for_selector(".eu-room-review [data-action=continue]", timeout=STEP_MS)
    return str(ann.inner_text(".eu-room-review"))


def test_a_learner_plays_a_whole_game_of_bid_euchre_in_a_room(
    new_page: Callable[..., Any],
    rooms: RoomServer,  # noqa: F811
) -> None:
    ann = new_page(rooms, viewport={"width": 1280, "height": 900})
    goto(ann, ROOMS_PAGE)
    enter(ann, "Ann")
    ann.select_option('[name="rules"]', "bid-euchre")
    ann.select_option('[name="level"]', "easy")
    ann.click('[data-action="create"]')
    ann.wait_for_selector(".eu-room-lobby", timeout=STEP_MS)
    assert "Bid Euchre" in ann.inner_text(".eu-room-lobby")
    ann.click('[data-action="start"]')
    ann.wait_for_selector("[data-region=table] .eu-table", timeout=STEP_MS)
    reviews = []
    for _ in range(MAX_DEALS):
        text = play_the_deal(ann)
        reviews.append(text)
        assert f"Deal {len(reviews)} is over" in text
        assert re.search(r"The (bidders|moon|shooter)", text), text  # Bid Euchre's scoring
        if "The match is over" in text:
            break
        press_continue(ann)
    assert "The match is over" in reviews[-1] and len(reviews) >= 2
    score = reviews[-1].split("Score:")[1].splitlines()[0]
    points = [int(n) for n in re.findall(r"-?\d+", score)]
    assert any(p >= GAME_TO or p <= -GAME_TO for p in points), score
    ann.click(".eu-room-review [data-action=continue]")
    ann.wait_for_selector(".eu-room-lobby", timeout=STEP_MS)
