"""Every level chooses a legal action in every phase, under every profile and option mix."""

from __future__ import annotations

import euchre
import pytest
from euchre import Deal, Phase

from tests.players.helpers import RandomChooser, rule_sets, states_of_deal

RULES = rule_sets()


@pytest.mark.parametrize("name", sorted(RULES))
def test_every_decision_is_legal(name: str) -> None:
    rules = RULES[name]
    n = rules.players
    deals = 6
    for index in range(deals):
        # Our three levels share the table with a random player, which steers deals into
        # the rare phases (going alone, defending alone, calling for best...).
        levels = ["easy", "normal", "strong", "random"]
        seats = [levels[(seat + index) % 4] for seat in range(n)]
        choosers = [
            RandomChooser(index * 10 + seat)
            if lv == "random"
            else euchre.computer_player(lv, seed=seat)
            for seat, lv in enumerate(seats)
        ]
        deal = Deal.random(seed=4000 + index, dealer=index % n, rules=rules)
        for state in states_of_deal(deal, rules, choosers):
            legal = state.legal_actions()
            for level in ("easy", "normal", "strong"):
                if (
                    level == "strong"
                    and state.phase is Phase.PLAY
                    and len(legal) > 1
                    and seats[state.to_act] != "strong"
                ):
                    continue  # keep the run short: strong card play is checked in its own seats
                action = euchre.computer_player(level, seed=index).choose(state)
                assert action in legal, (name, level, str(state.phase), str(action))


PHASE_RULES = {
    Phase.FARMER: "farmer-swap",
    Phase.CALL_ACE: "call-ace-5",
    Phase.CALL_FOR_BEST: "calling-for-best",
    Phase.GIVE_BEST: "calling-for-best",
    Phase.DEFEND: "defend-alone",
    Phase.DISCARD: "decline",
    Phase.AUCTION: "bid-euchre",
    Phase.NAME_TRUMP: "bid-euchre",
}


@pytest.mark.parametrize("phase", sorted(set(Phase) - {Phase.OVER}, key=lambda p: p.name))
def test_every_phase_is_decided(phase: Phase) -> None:
    """Random deals are driven until ``phase`` comes up several times; there every level
    chooses a legal action (also when the phase has a single choice)."""
    rules = RULES[PHASE_RULES.get(phase, "american")]
    found = 0
    for index in range(400):
        choosers = [RandomChooser(index * 7 + s) for s in range(rules.players)]
        deal = Deal.random(seed=index, dealer=index % rules.players, rules=rules)
        for state in states_of_deal(deal, rules, choosers):
            if state.phase is phase:
                legal = state.legal_actions()
                for level in ("easy", "normal", "strong"):
                    action = euchre.computer_player(level, seed=index).choose(state)
                    assert action in legal, (level, str(phase), str(action))
                found += 1
                break
        if found >= 4:
            break
    assert found >= 4, f"random deals never reached {phase}"


def test_whole_games_between_levels() -> None:
    game = euchre.Game.new(euchre.Rules.profile("midwest"), seed=3)
    players = [
        euchre.computer_player(lv, seed=s)
        for s, lv in enumerate(("strong", "easy", "normal", "easy"))
    ]
    steps = 0
    while game.winner is None and steps < 2000:
        game = game.apply(players[game.state.to_act].choose(game.state))  # type: ignore[index]
        steps += 1
    assert game.winner is not None


def test_unknown_level_and_finished_deal() -> None:
    with pytest.raises(ValueError, match="unknown level"):
        euchre.computer_player("grandmaster")
    state = euchre.HandState.new(Deal.random(seed=1, dealer=0), euchre.Rules())
    while state.result is None:
        state = state.apply(euchre.computer_player("normal").choose(state))
    with pytest.raises(ValueError, match="over"):
        euchre.computer_player("strong").choose(state)
