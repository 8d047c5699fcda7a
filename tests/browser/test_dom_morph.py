"""Cards slide only when they moved in their place (dom.js's ``morph`` with ``animate``):
a hand pushed down as a whole, by a bid's bubble appearing above it on a phone, moves at
once, none of its cards sent sliding across the bubble; a card that changed its place in
the hand, or left it for the trick, slides from where it was; nothing slides when the
caller asks for no animation or the learner asked for reduced motion.

Tested on ``morph`` itself, on a small page of the site's origin that imports the built
``assets/euchre/dom.js``: a hand and a trick shaped as ``present/table.py`` draws them
(its card buttons from ``present/cards.py``), laid out by this page's own fixed styles,
which have no transition: each redraw's slides are read from ``document.getAnimations()``
in the same task as the morph. (A test that counted every animation on hand cards
through a real Bid Euchre bidding failed in 9 of 60 runs: when the learner did not
win the bidding, its wait for the learner's next turn ran past the bidding, into the hand
sorted again for trump, whose cards rightly slide, and the ring of a turn that asks for a
card, a 120 ms box-shadow transition on each card.)"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from euchre import Card
from euchre_tutorial.present.cards import card_html

from tests.browser.harness import goto

PAGE = "morph-test/"
STYLE = """
body { margin: 0; font: 16px/1.2 sans-serif; }
#table { width: 390px; }
.eu-trick { display: flex; justify-content: center; gap: 4px; height: 64px; }
.eu-bid { margin: 0; padding: 4px; }
.eu-hand { display: flex; justify-content: center; gap: 4px; margin: 0; padding: 0;
  list-style: none; }
.eu-hand li { margin: 0; }
.eu-card { box-sizing: border-box; display: inline-block; width: 40px; height: 60px;
  margin: 0; padding: 0; border: 1px solid; }
"""
SOURCE = f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>morph</title><style>{STYLE}</style></head>
<body><div id="table"></div>
<script type="module">
import {{ morph }} from "../assets/euchre/dom.js";
window.morph = morph;
</script></body></html>"""

# Set the table to `before` (not by morph), morph it to `after`, and say which cards
# (data-card) animate at once after, and how far the hand moved.
REDRAW = """async ([before, after, options]) => {
  for (const animation of document.getAnimations()) animation.cancel();
  const table = document.querySelector("#table");
  table.innerHTML = before;
  const top = () => table.querySelector(".eu-hand").getBoundingClientRect().top;
  const was = top();
  window.morph(table, after, options);
  const cards = document.getAnimations().map((a) => a.effect.target.dataset.card ?? "?");
  return { cards: cards.sort(), handMoved: top() - was };
}"""

HAND = ("9h", "Th", "Jh", "Qh", "Kh")


def table(
    hand: Sequence[str], *, bid: str = "", trick: Sequence[str] = (), contract: str = ""
) -> str:
    """The learner's seat under the centre, as ``present/table.py`` draws them (its other
    seats and words left out): the trump line and the contract (when there is one) above
    the trick, each played card in its spot; the bid bubble (hidden when empty) above the
    hand, each card a button in a list item."""
    items = "".join(
        f"<li>{card_html(Card.parse(code), button=True, action='card', tabindex=-1)}</li>"
        for code in hand
    )
    bubble = f'<p class="eu-bid">{bid}</p>' if bid else '<p class="eu-bid" hidden></p>'
    spots = "".join(
        f'<span class="eu-played" data-place="bottom" data-enter="bottom">'
        f"{card_html(Card.parse(code), note='played by You')}</span>"
        for code in trick
    )
    said = f'<p class="eu-contract">{contract}</p>' if contract else ""
    return (
        f'<div class="eu-center"><p class="eu-trump">Trump not made yet</p>{said}'
        '<div class="eu-trick" role="group" '
        f'aria-label="Cards played to this trick">{spots}</div></div>'
        '<section class="eu-seat" data-place="bottom" data-seat="0" data-key="seat-0">'
        f'<p class="eu-seat-head"><span class="eu-seat-name">You</span></p>{bubble}'
        f'<ul class="eu-hand" aria-label="Your hand">{items}</ul></section>'
    )


def open_page(page: Any) -> Any:
    """The small page, served at the site's address (so dom.js is the built site's)."""
    page.route(f"**/{PAGE}", lambda route: route.fulfill(content_type="text/html", body=SOURCE))
    goto(page, PAGE)
    page.wait_for_function("() => typeof window.morph === 'function'")
    return page


def redraw(page: Any, before: str, after: str, animate: bool = True) -> dict[str, Any]:
    result: dict[str, Any] = page.evaluate(REDRAW, [before, after, {"animate": animate}])
    return result


def test_a_hand_pushed_down_by_a_bid_moves_at_once(page: Any) -> None:
    """The bubble of a bid appears above the hand: the hand moves down, its cards with it,
    and none slides (before the fix, every card slid down across the bubble)."""
    open_page(page)
    drawn = redraw(page, table(HAND), table(HAND, bid="Bid 3"))
    assert drawn["handMoved"] > 10, "the bubble did not push the hand down: no test"
    assert drawn["cards"] == []


def test_cards_that_change_places_in_the_hand_slide(page: Any) -> None:
    """Two cards swap places (a hand sorted again): those two slide, the others stay; with
    a bubble appearing at the same time, still only those two."""
    open_page(page)
    swapped = ("9h", "Jh", "Th", "Qh", "Kh")
    assert redraw(page, table(HAND), table(swapped))["cards"] == ["Jh", "Th"]
    drawn = redraw(page, table(HAND), table(swapped, bid="Bid 3"))
    assert drawn["handMoved"] > 10
    assert drawn["cards"] == ["Jh", "Th"]


def test_the_cards_left_close_up_and_slide(page: Any) -> None:
    """A card leaves the hand (the hand is centred): the cards left shift, and slide."""
    open_page(page)
    drawn = redraw(page, table(HAND), table(("9h", "Th", "Qh", "Kh")))
    assert drawn["cards"] == sorted(("9h", "Th", "Qh", "Kh"))


def test_a_card_played_to_the_trick_slides_there(page: Any) -> None:
    """A card leaves the hand for the trick: it slides from the hand (the trick is its
    new place), and the cards left close up, sliding."""
    open_page(page)
    drawn = redraw(page, table(HAND), table(("9h", "Th", "Qh", "Kh"), trick=("Jh",)))
    assert "Jh" in drawn["cards"]
    assert drawn["cards"] == sorted(HAND)


def test_a_trick_pushed_down_moves_at_once(page: Any) -> None:
    """The contract is said above the trick: the trick moves down, its card with it, and
    does not slide (nor do the hand's cards, pushed down too)."""
    open_page(page)
    before = table(("9h", "Th"), trick=("Jh",))
    drawn = redraw(page, before, table(("9h", "Th"), trick=("Jh",), contract="North bid 3"))
    assert drawn["handMoved"] > 10, "the contract did not push the table down: no test"
    assert drawn["cards"] == []


@pytest.mark.parametrize("motion", ["animate false", "settings", "system"])
def test_nothing_slides_without_motion(page: Any, motion: str) -> None:
    """No slide when the caller asks for none, when the learner chose reduced motion in
    the settings (settings.js's ``eu-reduced-motion`` on the page), or when the system
    asks for reduced motion: the same redraws that slide otherwise."""
    open_page(page)
    swapped = table(("9h", "Jh", "Th", "Qh", "Kh"))
    played = table(("9h", "Th", "Qh", "Kh"), trick=("Jh",))
    assert redraw(page, table(HAND), swapped)["cards"] == ["Jh", "Th"]  # else they slide
    if motion == "settings":
        page.evaluate("() => document.documentElement.classList.add('eu-reduced-motion')")
    if motion == "system":
        page.emulate_media(reduced_motion="reduce")
    animate = motion != "animate false"
    assert redraw(page, table(HAND), swapped, animate)["cards"] == []
    assert redraw(page, table(HAND), played, animate)["cards"] == []
