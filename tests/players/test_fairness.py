"""A decision depends only on what the seat may know: shuffling the cards it has not seen
among the other hands and the kitty (consistently with its view) never changes it."""

from __future__ import annotations

import random

import euchre
import pytest
from euchre import Deal, Phase, Rules

from tests.players.helpers import RandomChooser, rule_sets, shuffled_hidden, states_of_deal

RULES = rule_sets()


def _decisions(rules: Rules, deals: int) -> list[euchre.HandState]:
    out = []
    for index in range(deals):
        choosers = [
            RandomChooser(seat) if seat == 3 else euchre.computer_player("normal", seed=seat)
            for seat in range(rules.players)
        ]
        deal = Deal.random(seed=900 + index, dealer=index % rules.players, rules=rules)
        out.extend(states_of_deal(deal, rules, choosers))
    return out


@pytest.mark.parametrize("level", ["easy", "normal", "strong"])
@pytest.mark.parametrize(
    "name", ["american", "long-deck", "joker", "calling-for-best", "call-ace-5"]
)
def test_decision_ignores_hidden_cards(level: str, name: str) -> None:
    rules = RULES[name]
    rng = random.Random(f"{level}-{name}")
    states = _decisions(rules, 3)
    checked = 0
    for state in states:
        if (
            level == "strong"
            and state.phase is Phase.PLAY
            and len(state.tricks) == 0
            and checked % 3
        ):
            continue  # the first tricks are the slow ones: check a third of them
        seat = state.to_act
        assert seat is not None
        other = None
        for _ in range(20):
            other = shuffled_hidden(state, seat, rng, swaps=rng.randint(1, 4))
            if other is not None:
                break
        if other is None:
            continue
        player = euchre.computer_player(level, seed=7)
        assert player.choose(state) == player.choose(other), (name, level, str(state.phase))
        checked += 1
    assert checked >= 10


def test_same_seed_same_choice_and_no_global_random() -> None:
    import random as global_random

    before = global_random.getstate()
    state = euchre.HandState.new(Deal.random(seed=77, dealer=1), Rules())
    while state.phase is not Phase.PLAY or not state.tricks:
        if state.result is not None:
            state = euchre.HandState.new(Deal.random(seed=78, dealer=1), Rules())
            continue
        state = state.apply(euchre.computer_player("normal", seed=1).choose(state))
    first = euchre.computer_player("strong", seed=4).choose(state)
    assert all(euchre.computer_player("strong", seed=4).choose(state) == first for _ in range(3))
    assert global_random.getstate() == before
