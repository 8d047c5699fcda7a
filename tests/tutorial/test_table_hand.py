"""The learner's hand on the table (present/table.py): on their turn its cards are ringed
as the thing to tap only when the turn asks for a card (a play, the dealer's discard), not
while it asks for a bid, whose answers are the buttons under the table.

Found in a room on a phone: at "order up clubs, or pass" every card of the hand was ringed
in the turn's colour, as if a card were the answer."""

from __future__ import annotations

from euchre import Deal, HandState, Rules
from euchre_tutorial.present.table import render_table

RULES = Rules()


def hand_tag(state: HandState, seat: int) -> str:
    html = render_table(state.view(seat))
    start = html.index('<ul class="eu-hand"')
    return html[start : html.index(">", start) + 1]


def test_a_bid_s_turn_does_not_ask_for_a_card() -> None:
    state = HandState.new(Deal.random(seed=5, dealer=0), RULES)
    assert state.to_act == 1
    assert "data-asks-card" not in hand_tag(state, 1)
    assert "eu-table--your-turn" in render_table(state.view(1))


def test_a_play_s_turn_and_the_dealer_s_discard_ask_for_a_card() -> None:
    state = HandState.new(Deal.random(seed=5, dealer=0), RULES).apply("order")
    assert state.to_act == 0 and state.legal_actions()[0].kind == "discard"
    assert "data-asks-card" in hand_tag(state, 0)
    state = state.apply(state.legal_actions()[0])
    while state.to_act is not None and state.legal_actions()[0].kind != "play":
        state = state.apply(state.legal_actions()[0])
    assert "data-asks-card" in hand_tag(state, state.to_act)
    waiting = (state.to_act + 1) % 4
    assert "data-asks-card" not in hand_tag(state, waiting)  # not their turn
