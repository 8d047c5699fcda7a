"""The coach: its recommendation is the strong player's choice, its reasons name the
cards they talk about, and the alternatives list every legal action, best first."""

from __future__ import annotations

import re

import euchre
import pytest
from euchre import Card, Deal, Phase, Rules
from euchre.trump import card_power, effective_suit
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.players.helpers import RandomChooser, rule_sets, states_of_deal

CARD_TEXT = re.compile(r"(?:10|[2-9JQKA])[♣♦♥♠]|Joker")


def _states(rules: Rules, deals: int) -> list[euchre.HandState]:
    out = []
    for index in range(deals):
        choosers = [
            RandomChooser(seat) if seat == 1 else euchre.computer_player("normal", seed=seat)
            for seat in range(rules.players)
        ]
        deal = Deal.random(seed=300 + index, dealer=index % rules.players, rules=rules)
        out.extend(states_of_deal(deal, rules, choosers))
    return out


@pytest.mark.parametrize("name", ["american", "stick-the-dealer", "calling-for-best", "no-trump"])
def test_coach_matches_strong_and_names_cards(name: str) -> None:
    rules = rule_sets()[name]
    for state in _states(rules, 3):
        advice = euchre.coach(state)
        legal = state.legal_actions()
        assert advice.action == euchre.computer_player("strong", seed=0).choose(state)
        assert advice.action in legal
        assert next(a for a, _ in advice.alternatives) == advice.action
        assert sorted(map(str, (a for a, _ in advice.alternatives))) == sorted(map(str, legal))
        assert advice.reasons and all(isinstance(r, str) and r for r in advice.reasons)
        text = " ".join(advice.reasons)
        assert "advice" in advice.label.lower()
        if state.phase is Phase.PLAY:
            assert advice.unit == "tricks"
            assert str(advice.action.card) in text
        else:
            assert advice.unit == "points"
        if advice.action.cards:
            assert all(str(c) in text for c in advice.action.cards), (text, str(advice.action))
        # Every card the reasons name is written as card text the reader can find.
        for token in CARD_TEXT.findall(text):
            Card.parse(token)


def test_lead_right_bower_reason() -> None:
    """A maker holding both bowers is told to lead the right bower, by name."""
    rules = Rules()
    deal = Deal(
        dealer=3,
        hands=["Jh Jd Ah 9c Ks", "9h Th Qc Kc Ac", "9d Td Qd Kd Ad", "9s Ts Qs As Jc"],
        upcard="Kh",
        kitty=["Qh", "Tc", "Js"],
    )
    state = euchre.HandState.new(deal, rules)
    state = state.apply("order").apply("discard 9s")
    advice = euchre.coach(state)
    assert str(advice.action) == "play Jh"
    text = " ".join(advice.reasons)
    assert "J♥" in text and "right bower" in text


def test_the_dealer_throws_the_lower_of_two_equal_discards() -> None:
    """J♥ and 10♥ leave equally good hands when spades are trump; the coach (and so the
    strong player) throws 10♥ and keeps J♥, never the other way round."""
    deal = Deal(
        dealer=3,
        hands=["9c Tc Qd 9d Td", "Ah Kh Qh 9h Kd", "Ac Kc Qc Ad Ks", "Js Jc Qs Jh Th"],
        upcard="As",
        kitty=["9s", "Ts", "Jd"],
    )
    state = euchre.HandState.new(deal, Rules()).apply("order")
    advice = euchre.coach(state)
    assert str(advice.action) == "discard Th"
    assert advice.reasons[0] == "Discard 10♥: it is your least useful card."


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**31), name=st.sampled_from(["american", "long-deck", "joker"]))
def test_a_discard_never_keeps_a_lower_card_of_its_suit(seed: int, name: str) -> None:
    """Whatever the dealer holds, the card thrown is the lowest of its suit in the hand
    (a higher card of the same suit is never worth less)."""
    rules = rule_sets()[name]
    state = euchre.HandState.new(
        Deal.random(seed=seed, dealer=seed % rules.players, rules=rules), rules
    )
    state = state.apply("order")
    assert state.phase is Phase.DISCARD and state.to_act is not None and state.trump is not None
    thrown = euchre.coach(state, seed=seed).action.card
    assert thrown is not None
    trump = state.trump
    lower_kept = [
        card
        for card in state.hands[state.to_act]
        if card != thrown
        and effective_suit(card, trump) is effective_suit(thrown, trump)
        and card_power(card, trump) < card_power(thrown, trump)
    ]
    assert not lower_kept, (str(thrown), [str(c) for c in lower_kept])


def test_bidding_advice_compares_points() -> None:
    deal = Deal(
        dealer=0,
        hands=["9c Tc Qd 9s Ts", "Jh Jd Ah Kh As", "9d Td Kd Qs Ks", "Qc Kc Ac Ad Js"],
        upcard="9h",
        kitty=["Th", "Qh", "Jc"],
    )
    state = euchre.HandState.new(deal, Rules())
    advice = euchre.coach(state)
    assert str(advice.action) == "order alone"
    values = dict(advice.alternatives)
    assert values[advice.action] > values[euchre.Action.parse("pass")]
    assert "9♥" in " ".join(advice.reasons)


@pytest.mark.parametrize(
    "name",
    [
        "farmer-swap",
        "farmer-redeal",
        "call-ace-5",
        "calling-for-best",
        "defend-alone",
        "decline",
        "joker",
    ],
)
def test_coach_in_rare_phases(name: str) -> None:
    """Random deals under the option mixes: the coach answers in every phase they reach."""
    rules = rule_sets()[name]
    seen = set()
    for index in range(40):
        choosers = [RandomChooser(index * 5 + s) for s in range(rules.players)]
        deal = Deal.random(seed=index, dealer=index % rules.players, rules=rules)
        for state in states_of_deal(deal, rules, choosers):
            if state.phase in seen or state.phase is Phase.PLAY:
                continue
            advice = euchre.coach(state)
            assert advice.action in state.legal_actions()
            assert advice.reasons
            seen.add(state.phase)
    assert Phase.ROUND_ONE in seen
