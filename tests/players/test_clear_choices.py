"""Positions with one clearly right bid or play (``fixtures/clear_choices.json``, each with
its reason): the strong player chooses it in every one, whatever its seed, and the coach
suggests the same."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import euchre
import pytest
from euchre import Deal, HandState, Rules

FIXTURES = json.loads((Path(__file__).parent / "fixtures" / "clear_choices.json").read_text())


def position(fixture: dict[str, Any]) -> HandState:
    """The fixture's deal with its actions so far."""
    rules = Rules.profile(fixture.get("profile", "american"))
    if "table" in fixture:
        rules = rules.at_table(fixture["table"])
    deal = Deal(
        dealer=fixture["dealer"],
        hands=fixture["hands"],
        upcard=fixture["upcard"],
        kitty=fixture["kitty"],
    )
    return HandState.replay(deal, rules, fixture["actions"])


def test_every_fixture_says_why() -> None:
    assert len(FIXTURES) >= 10
    for fixture in FIXTURES:
        assert len(fixture["reason"].split()) >= 8, fixture["name"]
        state = position(fixture)
        assert euchre.Action.parse(fixture["choose"]) in state.legal_actions(), fixture["name"]
        assert len(state.legal_actions()) > 1, fixture["name"]


@pytest.mark.parametrize("fixture", FIXTURES, ids=[f["name"] for f in FIXTURES])
def test_the_strong_player_chooses_the_clear_choice(fixture: dict[str, Any]) -> None:
    state = position(fixture)
    want = euchre.Action.parse(fixture["choose"])
    for seed in range(3):
        got = euchre.computer_player("strong", seed=seed).choose(state)
        assert got == want, f"{fixture['name']}: seed {seed} chose {got}; {fixture['reason']}"
    assert euchre.coach(state).action == want
