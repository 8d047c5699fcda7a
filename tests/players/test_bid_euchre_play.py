"""The card play in Bid Euchre's own situations (six cards each, no-trump, the moon after
its pass): the maker's first lead, by the normal and strong players."""

from __future__ import annotations

import euchre
import pytest
from euchre import Action, HandState, Rules

from tests.players.test_bid_euchre_bidding import deal_with

BID = Rules.profile("bid-euchre")

# (the maker's hand at seat 0, the actions to the first lead, the lead, the levels, why)
LEADS = [
    (
        "As Ks Qs 9c Td 9h",
        ["bid 4", "pass", "pass", "pass", "trump no-trump"],
        "play As",
        ("normal", "strong"),
        "no-trump: cash the top of the long suit while you hold the lead",
    ),
    (
        "Ac Kc Ad Kd Ah 9s",
        ["bid moon", "trump no-trump", "call for best 9s"],
        "play Ah",
        ("normal", "strong"),
        "the moon in no-trump: the lone ace first, then the suits from the top",
    ),
    (
        "Jh Jd Kh 9c Td Ac",
        ["bid 4", "pass", "pass", "pass", "trump hearts"],
        "play Jh",
        ("normal",),
        "with both bowers, draw trumps from the top",
    ),
]


@pytest.mark.parametrize(("hand", "before", "lead", "levels", "why"), LEADS)
def test_the_maker_leads_as_a_good_player_would(
    hand: str, before: list[str], lead: str, levels: tuple[str, ...], why: str
) -> None:
    state = HandState.new(deal_with(hand, 0, 3), BID)
    for action in before:
        state = state.apply(action)
    while state.to_act != 0:  # the moon's partner gives a card first
        state = state.apply(euchre.computer_player("normal").choose(state))
    assert state.phase is euchre.Phase.PLAY and not state.current_trick
    for level in levels:
        for seed in range(2):
            assert euchre.computer_player(level, seed=seed).choose(state) == Action.parse(lead), why
