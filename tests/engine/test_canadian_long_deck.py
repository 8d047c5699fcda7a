"""The long deck (002) played with the Canadian loner (003's option) is a table of its own.

002: "If the suit of the turn-up is accepted as the trump suit, the dealer may exchange a card
in-hand for the turn-up ... or may decline the turn-up."
003: "At some tables, if the dealer's partner orders up the dealer, they must go alone."
Only the dealer's partner is bound to go alone, so when an opponent orders the upcard up the
dealer may still decline it.
"""

from __future__ import annotations

import pytest
from euchre import Deal, HandState, Phase, Rules

DEALER = 3
PARTNER = 1  # the dealer's partner
OPPONENT = 0  # left of the dealer: first to speak


@pytest.fixture
def rules() -> Rules:
    return Rules.profile("long-deck").replace(canadian_loner=True)


@pytest.fixture
def state(rules: Rules) -> HandState:
    return HandState.new(Deal.random(seed=2, dealer=DEALER, rules=rules), rules)


def test_the_combination_is_a_valid_table(rules: Rules) -> None:
    assert rules.canadian_loner and rules.dealer_may_decline and rules.deck == 32
    assert Rules.from_toml('profile = "long-deck"\ncanadian_loner = true\n') == rules
    assert Rules.from_dict(rules.to_dict()) == rules


def test_an_opponents_order_up_still_lets_the_dealer_decline(state: HandState) -> None:
    assert state.to_act == OPPONENT
    state = state.apply("order")
    assert state.phase is Phase.DISCARD and state.to_act == DEALER
    assert "decline" in [str(a) for a in state.legal_actions()]
    declined = state.apply("decline")
    while declined.phase is Phase.DEFEND:  # 002: each opponent of the maker may defend alone
        declined = declined.apply("pass")
    assert declined.phase is Phase.PLAY and declined.upcard not in declined.hand(DEALER)
    assert declined.trump is state.trump and declined.maker == OPPONENT


def test_the_dealers_partner_who_orders_up_must_go_alone(state: HandState) -> None:
    state = state.apply("pass")
    assert state.to_act == PARTNER
    reason = state.why_illegal("order")
    assert reason is not None and "alone" in reason
    alone = state.apply("order alone")
    assert alone.alone and alone.maker == PARTNER
