"""Bid Euchre's table (present/bids.py through present/table.py), drawn from one seat's
view: six cards and no upcard, the bids said so far at each seat, the high bid then the
contract at the centre, the bids as buttons in words, and no hidden card anywhere (the
other hands, the moon's discard and the card passed to the shooter)."""

from __future__ import annotations

import re

import pytest
from euchre import Deal, HandState, Phase, Rules
from euchre_tutorial.present.table import render_table, table_data

from tests.players.helpers import RandomChooser, states_of_deal
from tests.tutorial.test_seat_secrets import named

RULES = Rules.profile("bid-euchre")
NAMES = ["North", "East", "You", "West"]


def dealt(seed: int = 3, dealer: int = 0) -> HandState:
    return HandState.new(Deal.random(seed=seed, dealer=dealer, rules=RULES), RULES)


def test_the_table_has_six_cards_and_no_upcard() -> None:
    view = dealt().view(2)
    data = table_data(view)
    html = render_table(view)
    assert len(data["seats"][2]["hand"]) == 6
    assert [s["cards"] for s in data["seats"]] == [6, 6, 6, 6]
    assert data["upcard"] is None and data["upcard_state"] == "none"
    assert "eu-upcard" not in html
    assert html.count('class="eu-back"') == 18  # the three other hands, face down


def test_the_bids_are_shown_at_each_seat_and_the_high_bid_at_the_centre() -> None:
    state = dealt().apply("pass").apply("bid 4").apply("pass")
    data = table_data(state.view(2))
    assert [s["bid"] for s in data["seats"]] == ["", "Pass", "Bids 4", "Pass"]
    assert data["contract"] == "High bid: You, 4 tricks."
    assert '<p class="eu-contract">High bid: You, 4 tricks.</p>' in render_table(state.view(2))
    assert data["prompt"] == "North is bidding."


def test_the_bid_choices_are_buttons_with_their_words() -> None:
    state = dealt().apply("pass")  # seat 2's turn, nobody has bid
    data = table_data(state.view(2))
    assert [c["label"] for c in data["choices"]] == [
        "Bid 3",
        "Bid 4",
        "Bid 5",
        "Bid 6",
        "Shoot the moon",
        "Pass",
    ]
    assert [c["action"] for c in data["choices"]][-2:] == ["bid moon", "pass"]
    assert data["prompt"] == (
        "Your turn: bid at least 3 tricks for your side, shoot the moon, or pass."
    )
    html = render_table(state.view(2))
    assert 'data-choice="bid 4"' in html and ">Shoot the moon</button>" in html


def test_a_stuck_dealer_is_told_to_bid() -> None:
    state = dealt(dealer=2).apply("pass").apply("pass").apply("pass")
    data = table_data(state.view(2))
    assert "Pass" not in [c["label"] for c in data["choices"]]
    assert data["prompt"].startswith(
        "Your turn: everyone else passed, so you, the dealer, must bid"
    )


@pytest.mark.parametrize(
    ("named_trump", "contract"),
    [("trump hearts", "You bid 4, ♥ hearts."), ("trump no-trump", "You bid 4, no-trump.")],
)
def test_the_contract_is_shown_once_trump_is_named(named_trump: str, contract: str) -> None:
    state = dealt().apply("pass").apply("bid 4").apply("pass").apply("pass")
    naming = table_data(state.view(2))
    assert naming["phase"] == "name_trump"
    assert naming["contract"] == "You bid 4 and are naming trump."
    assert [c["label"] for c in naming["choices"]] == [
        "Name ♣ clubs",
        "Name ♦ diamonds",
        "Name ♥ hearts",
        "Name ♠ spades",
        "Name no-trump",
    ]
    assert "Trump not made yet" in render_table(state.view(2))
    state = state.apply(named_trump)
    data = table_data(state.view(0))
    assert data["contract"] == contract.replace("You", "North")  # seat 2, seen from seat 0
    assert table_data(state.view(2))["contract"] == contract
    assert data["seats"][2]["maker"] and data["prompt"] == "North is playing."
    assert state.view(0).phase is Phase.PLAY
    assert (
        data["log"][-1]
        == f"North names {'♥ hearts trump' if 'hearts' in named_trump else 'no-trump'}."
    )


def test_the_moon_says_so_and_its_partner_sits_out() -> None:
    state = dealt().apply("bid moon")
    assert table_data(state.view(2))["contract"] == "East shot the moon and is naming trump."
    state = state.apply("trump spades")
    data = table_data(state.view(2))
    assert data["contract"] == "East shot the moon, ♠ spades."
    assert data["seats"][3]["out"] and data["seats"][1]["alone"]


def allowed(state: HandState, seat: int) -> set[object]:
    """The cards ``seat`` may know: dealt, held now (a card passed to it), played."""
    played = {card for trick in state.tricks for card in trick.cards}
    played |= {card for _seat, card in state.current_trick}
    return set(state.deal.hands[seat]) | set(state.hand(seat)) | played


@pytest.mark.parametrize("seed", range(24))
def test_no_seat_is_shown_a_card_it_may_not_know(seed: int) -> None:
    choosers = [RandomChooser(7 * seed + seat) for seat in range(4)]
    deal = Deal.random(seed=500 + seed, dealer=seed % 4, rules=RULES)
    every = {c for hand in deal.hands for c in hand}
    for state in states_of_deal(deal, RULES, choosers):
        for seat in range(4):
            html = render_table(state.view(seat))
            text = re.sub(r"<[^>]+>", " ", html) + html
            leaks = [c.code for c in every - allowed(state, seat) if named(c, text)]
            assert not leaks, (seed, seat, state.phase, leaks)
