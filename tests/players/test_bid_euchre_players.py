"""Bid Euchre with the computer players and the coach: every level chooses a legal action
at every decision, and the coach advises a legal action at every state without failing
(how they bid: test_bid_euchre_bidding.py; the coach's words: test_auction_coach.py)."""

from __future__ import annotations

import euchre
import pytest
from euchre import Deal, HandState, Rules

from tests.players.helpers import RandomChooser, states_of_deal

BID = Rules.profile("bid-euchre")


@pytest.mark.parametrize("seed", range(4))
def test_the_levels_play_bid_euchre_legally_and_the_coach_advises(seed: int) -> None:
    levels = ["easy", "normal", "strong", "random"]
    choosers = [
        RandomChooser(seed * 10 + seat)
        if levels[(seat + seed) % 4] == "random"
        else euchre.computer_player(levels[(seat + seed) % 4], seed=seat)
        for seat in range(4)
    ]
    deal = Deal.random(seed=7000 + seed, dealer=seed % 4, rules=BID)
    final = None
    for state in states_of_deal(deal, BID, choosers):
        legal = state.legal_actions()
        advice = euchre.coach(state)
        assert advice.action in legal
        assert {action for action, _ in advice.alternatives} <= set(legal)
        for level in ("easy", "normal", "strong"):
            assert euchre.computer_player(level, seed=seed).choose(state) in legal
        final = state
    assert final is not None


def test_a_whole_game_of_bid_euchre_between_the_levels_ends() -> None:
    game = euchre.Game.new(BID, seed=11)
    players = [
        euchre.computer_player(level, seed=s) for s, level in enumerate(["easy", "normal"] * 2)
    ]
    steps = 0
    while game.winner is None:
        state: HandState = game.state
        assert state.to_act is not None
        game = game.apply(players[state.to_act].choose(state))
        steps += 1
        assert steps < 20_000
