"""A click on a card asks for that card's action in the phase: every card action the
engine would take (a play, a discard, a card given to or set aside for a lone partner) is
taken when its card is clicked, at every table and with calling for best."""

from __future__ import annotations

import random

import pytest
from euchre import Deal, HandState, Rules
from euchre_tutorial.widgets._clicks import resolve

TABLES = [
    Rules(),
    Rules().replace(calling_for_best=True),
    Rules().replace(calling_for_best=True, no_trump=True, canadian_loner=True),
    Rules().at_table("6"),
    Rules().at_table("5"),
    Rules().at_table("3"),
]


@pytest.mark.parametrize("rules", TABLES, ids=lambda r: r.table_key or "house")
def test_every_legal_card_action_is_taken_when_its_card_is_clicked(rules: Rules) -> None:
    rng = random.Random(7)
    kinds: set[str] = set()
    for seed in range(60):
        state = HandState.new(
            Deal.random(seed=seed, dealer=seed % rules.players, rules=rules), rules
        )
        while not state.over:
            seat = state.to_act
            assert seat is not None
            legal = state.legal_actions()
            for action in legal:
                if len(action.cards) != 1:
                    continue
                taken, reason = resolve(state, seat, {"card": action.card.code})
                assert reason is None and taken == action, (seed, str(action), reason)
                kinds.add(action.kind.value)
            # go alone now and then, so the lone player's phases come up
            alone = [a for a in legal if getattr(a, "alone", False)]
            state = state.apply(alone[0] if alone and rng.random() < 0.5 else rng.choice(legal))
    assert "play" in kinds
    if rules.calling_for_best:
        assert {"best", "give"} <= kinds, kinds
