"""The rules of thumb say only what is true of the cards: "A♥ is the highest heart left"
never while the learner holds a higher heart, or while one is still unplayed."""

from __future__ import annotations

import re

import euchre
import pytest
from euchre import Deal, HandState, Phase, Rules
from euchre.cards import Card, Suit
from euchre.players import conventions
from euchre.players.knowledge import Knowledge
from euchre.trump import card_power, effective_suit

from tests.players.helpers import RandomChooser, rule_sets, states_of_deal

HIGHEST_LEFT = re.compile(r"(\S+) is the highest (\w+) left")
RULES = rule_sets()


def _lead_state(hands: list[str], upcard: str) -> HandState:
    """East (seat 1) leads the first trick after North orders up and discards."""
    state = HandState.new(Deal(dealer=0, hands=hands, upcard=upcard), Rules())
    state = state.apply("pass").apply("pass").apply("pass").apply("order")
    state = state.apply(state.legal_actions()[0])
    assert state.phase is Phase.PLAY and state.to_act == 1
    return state


def test_with_the_ace_and_king_of_a_suit_the_ace_leads() -> None:
    """Both are unbeatable, but only the ace is "the highest heart left"."""
    state = _lead_state(
        ["9c Tc Qd 9s Ts", "Ah Kh 9d Qs Qc", "9h Th Kd Ks Kc", "Ac Ad As Js Jh"], "Td"
    )
    view = state.view(1)
    card, why = conventions.play(Knowledge.of(view), [a.card for a in view.legal])
    assert str(card) == "A♥"
    assert why == "A♥ is the highest heart left: lead it"
    advice = euchre.coach(state)
    assert "K♥ is the highest heart left" not in " ".join(advice.reasons)


def _suit_named(name: str) -> Suit:
    return next(s for s in Suit if name in (s.singular, s.plural))


def _higher_cards_not_played(state: HandState, card: Card, suit: Suit) -> list[Card]:
    """Cards of effective ``suit`` above ``card`` that are in the player's hand or not yet
    seen played by them (held by someone, or in the kitty)."""
    seat = state.to_act
    assert seat is not None
    view = state.view(seat)
    know = Knowledge.of(view)
    trump = know.trump
    mine = [c for c in view.hand if effective_suit(c, trump) is suit]
    candidates = set(mine) | set(know.outstanding(suit))
    return [c for c in candidates if card_power(c, trump) > card_power(card, trump)]


@pytest.mark.parametrize("name", ["american", "three-handed", "six-handed", "no-trump", "joker"])
def test_the_highest_card_left_is_never_below_one_still_out(name: str) -> None:
    rules = RULES[name]
    said = 0
    for index in range(40):
        choosers = [RandomChooser(300 + index * 11 + s) for s in range(rules.players)]
        deal = Deal.random(seed=900 + index, dealer=index % rules.players, rules=rules)
        for state in states_of_deal(deal, rules, choosers):
            if state.phase is not Phase.PLAY:
                continue
            view = state.view(state.to_act)  # type: ignore[arg-type]
            legal = [a.card for a in view.legal]
            card, why = conventions.play(Knowledge.of(view), legal)
            found = HIGHEST_LEFT.search(why)
            if not found:
                continue
            said += 1
            assert found.group(1) == str(card), why
            higher = _higher_cards_not_played(state, card, _suit_named(found.group(2)))
            assert not higher, (name, why, [str(c) for c in view.hand], higher)
    assert said > 5
