"""Differential test: our engine against OpenSpiel's euchre, deal by deal, step by step.

Each deal is played in lockstep through both engines with random legal choices; at every
step the seat to act and the legal sets must be equal (our upcard discard left out, as
OpenSpiel forbids it), and every trick's leader, cards and winner, the contract and the
points must agree. Half the deals come from ``Deal.random`` and half from OpenSpiel's chance
nodes; half the choices are drawn from our legal list and half from OpenSpiel's (then given
to our engine as text), so actions are translated both ways. Everything is seeded.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

from euchre import Card, Deal, HandState, Rules  # noqa: E402

from tests.engine.openspiel_bridge import (  # noqa: E402
    DealRun,
    Mismatch,
    choose_ours,
    choose_theirs,
    deal_from_openspiel,
    openspiel_game,
    openspiel_state,
    os_card,
    our_card,
    our_key,
    play_deal,
    random_openspiel_deal,
    why_not_expressible,
)

DEALS_PER_SETTING = 2_500  # two settings: 5,000 deals in all
PASS_BIASES = (None, 0.75, 0.9)  # uniform bidding, or passing more often

SETTINGS = {
    "stick the dealer off": Rules.profile("american"),
    "stick the dealer on": Rules.profile("american").replace(stick_the_dealer=True),
}

# Situations the random deals must reach, so that a pass proves something.
EXPECTED = {
    "stick the dealer off": {
        "order",
        "order alone",
        "call",
        "call alone",
        "dealer picks up for a lone partner",
        "dealer calls last",
        "throw-in",
    },
    "stick the dealer on": {
        "order",
        "order alone",
        "call",
        "call alone",
        "dealer picks up for a lone partner",
        "dealer stuck",
    },
}


def _deal_for(index: int, rules: Rules, game: Any, rng: random.Random) -> Deal:
    """Even deals from our Deal.random, odd ones from OpenSpiel's chance nodes."""
    if index % 2 == 0:
        return Deal.random(seed=10_000 + index, dealer=(index // 2) % 4, rules=rules)
    deal, _ = random_openspiel_deal(game, rng)
    return deal


@pytest.mark.slow
@pytest.mark.parametrize("setting", sorted(SETTINGS))
def test_random_deals_match_openspiel(setting: str) -> None:
    rules = SETTINGS[setting]
    game = openspiel_game(rules)
    features: Counter[str] = Counter()
    results: Counter[tuple[int, ...]] = Counter()
    for index in range(DEALS_PER_SETTING):
        rng = random.Random(index * 7_919 + len(setting))
        deal = _deal_for(index, rules, game, rng)
        choose = choose_ours if index % 4 < 2 else choose_theirs
        run = play_deal(deal, rules, rng, choose, game, PASS_BIASES[index % 3])
        features.update(run.features)
        assert run.ours.result is not None
        results[tuple(run.ours.result.points)] += 1
    missing = EXPECTED[setting] - set(features)
    assert not missing, f"the random deals never reached: {sorted(missing)}"
    # Every score a deal can give was seen: 1, 2 and 4 for the makers, 2 for a euchre.
    assert {p for pts in results for p in pts} >= {0, 1, 2, 4}, results


@pytest.mark.parametrize("profile", Rules.profiles())
def test_every_expressible_profile_matches(profile: str) -> None:
    rules = Rules.profile(profile)
    if why_not_expressible(rules):
        pytest.skip(why_not_expressible(rules) or "")
    game = openspiel_game(rules)
    for index in range(60):
        rng = random.Random(index)
        deal = _deal_for(index, rules, game, rng)
        choose = choose_ours if index % 2 else choose_theirs
        play_deal(deal, rules, rng, choose, game, PASS_BIASES[index % 3])


def test_deal_round_trips_through_openspiel() -> None:
    rules = Rules()
    game = openspiel_game(rules)
    for seed in range(8):
        deal = Deal.random(seed=seed, dealer=seed % 4, rules=rules)
        back = deal_from_openspiel(openspiel_state(game, deal))
        assert back.dealer == deal.dealer
        assert [list(h) for h in back.hands] == [list(h) for h in deal.hands]
        assert back.upcard == deal.upcard
        assert sorted(back.kitty, key=str) == sorted(deal.kitty, key=str)


def test_upcard_discard_is_left_out_of_the_comparison() -> None:
    rules = Rules()
    deal = Deal.random(seed=3, dealer=0, rules=rules)
    state = _state_at_discard(deal, rules)
    assert our_key(f"discard {deal.upcard.code}", state) is None
    assert f"discard {deal.upcard.code}" in [str(a) for a in state.legal_actions()]


def test_a_planted_difference_is_reported_with_the_deal_and_both_sets() -> None:
    rules = Rules()
    game = openspiel_game(rules)
    deal = Deal.random(seed=5, dealer=1, rules=rules)
    run_error = None
    run = DealRun.start(deal, rules, game)
    run.theirs.apply_action(24)  # OpenSpiel passes behind our engine's back
    try:
        run.check_turn()
    except Mismatch as exc:
        run_error = str(exc)
    assert run_error is not None
    assert "seat to act differs" in run_error
    assert deal.upcard.code in run_error
    assert "our actions: (none)" in run_error
    assert "ours legal now: ['order', 'order alone', 'pass']" in run_error
    assert "OpenSpiel's legal now:" in run_error


def _state_at_discard(deal: Deal, rules: Rules) -> HandState:
    state = HandState.new(deal, rules)
    state = state.apply("order")
    assert state.to_act == deal.dealer
    return state


def test_card_numbers_cover_the_deck() -> None:
    cards = [our_card(i) for i in range(24)]
    assert len(set(cards)) == 24
    assert all(os_card(card) == i for i, card in enumerate(cards))
    assert our_card(os_card(Card.parse("Jd"))) == Card.parse("Jd")
