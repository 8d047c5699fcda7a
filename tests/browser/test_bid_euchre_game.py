"""A whole game of Bid Euchre in free play, on a phone's screen (390 px), as a learner plays
it: Bid Euchre chosen in the New game form, a bid or a pass in each round of bids (the
buttons' words), trump named when the learner wins the bidding, six tricks a deal with
six cards in hand and no upcard, a review after each deal, until a side wins. The computer
players fill the other seats. Any console error fails the test."""

from __future__ import annotations

import re
import time
from typing import Any

from tests.browser.harness import wait_turn_or_review
from tests.browser.test_game import FAST, attr, hand, open_game

BID_LABEL = re.compile(
    r"^(Bid [1-6]|Shoot the moon|Pass|Name (♣ clubs|♦ diamonds|♥ hearts|♠ spades|no-trump))$"
)


def start_bid_euchre(page: Any, root: Any) -> None:
    """New game: Bid Euchre, four players, a game to 10 points, easy computer players."""
    root.locator("#eu-game-table").select_option("4")
    root.locator("#eu-game-profile").select_option("bid-euchre")
    root.locator("#eu-game-game_to").select_option("10")
    root.locator("#eu-game-level").select_option("easy")
    root.locator("[data-game-start]").click()
    page.wait_for_function(
        "() => document.querySelector('[data-widget=game] .eu-table') && !document.querySelector('.eu-newgame')"
    )


def choose(page: Any, root: Any, seen: dict[str, int]) -> None:
    """A decision of the bidding or of naming trump: the learner bids the lowest number of
    tricks still open (so it wins the bidding unless outbid or a moon ends it first), and
    names the first suit offered."""
    labels = root.locator(".eu-choices button").all_inner_texts()
    assert labels and all(BID_LABEL.match(label) for label in labels), labels
    phase = attr(root, "data-phase")
    if phase == "name_trump":
        seen["named"] += 1
        pick = labels[0]
    else:
        numbers = [label for label in labels if label.startswith("Bid ")]
        pick = numbers[0] if numbers else "Pass"
    if pick.startswith("Bid"):
        seen["bids"] += 1
    root.locator(".eu-choices button", has_text=pick).first.click()
    page.wait_for_function(  # the decision is taken: another turn, or other choices
        """(before) => { const r = document.querySelector('[data-widget=game]');
            const now = [...r.querySelectorAll('.eu-choices button')].map((b) => b.textContent).join('|');
            return r.dataset.yourTurn !== 'true' || now !== before; }""",
        arg="|".join(labels),
    )


def play_a_card(page: Any, root: Any) -> None:
    """The first card of the hand the engine accepts (a refused one stays, explained)."""
    cards = hand(root)
    for code in cards:
        root.locator(f".eu-hand button[data-card='{code}']").click()
        page.wait_for_function(
            """([code, n]) => { const r = document.querySelector('[data-widget=game]');
                const m = r.querySelector('.eu-message');
                return !r.querySelector(`.eu-hand button[data-card='${code}']`)
                  || r.querySelectorAll('.eu-hand button').length !== n
                  || (m && m.dataset.kind === 'illegal' && m.textContent.length > 0); }""",
            arg=[code, len(cards)],
        )
        if root.locator(f".eu-hand button[data-card='{code}']").count() == 0:
            return
        assert root.locator(".eu-message").inner_text().strip(), "a refused card is explained"
        page.evaluate(
            "() => { const m = document.querySelector('[data-widget=game] .eu-message'); m.dataset.kind = ''; }"
        )
    raise AssertionError(f"no card of {cards} could be played")


def check_review(root: Any) -> None:
    """Each deal's review: six tricks (five when the moon's partner sat out makes three
    cards a trick, still six tricks), no upcard, the contract in the facts."""
    review = root.locator(".eu-review")
    facts = review.locator(".eu-review-facts").inner_text()
    assert "turned up" not in facts, facts
    assert re.search(r"bid [1-6]|shot the moon|Everyone passed", facts), facts
    assert "Upcard" not in review.inner_text()
    assert review.locator(".eu-review-trick").count() in (0, 6), facts


def play_the_game(page: Any, root: Any, seen: dict[str, int], deadline: float) -> None:
    """Every decision of the learner until the game is over."""
    while time.time() < deadline:
        wait_turn_or_review(page)
        if attr(root, "data-game-over") == "true":
            return
        if attr(root, "data-review") == "open":
            check_review(root)
            seen["deals"] += 1
            root.locator("[data-review-continue]").click()
            page.wait_for_function(
                "() => document.querySelector('[data-widget=game]').dataset.review !== 'open'"
            )
            continue
        assert root.locator(".eu-upcard").count() == 0
        if attr(root, "data-phase") in ("auction", "name_trump"):
            if attr(root, "data-phase") == "auction":
                assert len(hand(root)) == 6  # six cards each, nothing taken or given yet
                seen["cards_at_start"] += 1
            choose(page, root, seen)
        elif root.locator(".eu-choices button").count():
            root.locator(".eu-choices button").first.click()  # the moon's pass: a choice
            page.wait_for_function(
                "() => document.querySelector('[data-widget=game]').dataset.yourTurn !== 'true' || !document.querySelector('[data-widget=game] .eu-choices button')"
            )
        else:
            play_a_card(page, root)


def test_a_whole_game_of_bid_euchre_on_a_phone(new_page: Any) -> None:
    page = new_page(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    root = open_game(page, FAST)
    seen = {"bids": 0, "named": 0, "deals": 0, "cards_at_start": 0}
    deadline = time.time() + 150
    for _ in range(3):  # a computer player may outbid the learner all game: play another
        start_bid_euchre(page, root)
        play_the_game(page, root, seen, deadline)
        assert attr(root, "data-game-over") == "true", "the game did not end in time"
        if seen["named"]:
            break
        root.locator(".eu-game-over [data-action=new-game]").click()
        root.locator(".eu-newgame").wait_for()
    assert attr(root, "data-winner") in ("us", "them")
    assert "win the game" in root.locator(".eu-game-over").inner_text()
    assert seen["deals"] >= 1 and seen["cards_at_start"] >= 1
    assert seen["bids"] >= 1 and seen["named"] >= 1, seen
    scores = [
        int(s)
        for s in root.locator(".eu-score-side").evaluate_all("(s) => s.map((x) => x.dataset.score)")
    ]
    assert max(scores) >= 10 or min(scores) <= -10, scores
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 390, f"the page scrolls sideways on a phone: {width}px"
