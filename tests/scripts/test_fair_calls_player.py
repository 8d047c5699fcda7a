"""The bench's ``fair-calls-N`` level: each call valued over deals sampled from its own
seat's view (passers holding passing hands), each solved open-handed; it makes the plain
calls a player must make, its sampled deals agree with everything the seat saw, and it is
no level of the engine."""

from __future__ import annotations

import sys
from pathlib import Path

import euchre
import pytest
from euchre import Action, Deal, HandState
from euchre.players.estimate import hand_tricks
from euchre.players.levels import LEVELS
from euchre.players.sampling import PASSED_LIMIT
from euchre.rng import SeededRandom
from euchre.state import proposed_suit
from hypothesis import given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))

import bench_players  # noqa: E402
import duplicate  # noqa: E402
from fair_calls_player import (  # noqa: E402
    PREFIXES,
    FairCallsPlayer,
    Variant,
    passers_plausible,
    sampled_state,
)

CUTTHROAT = duplicate.TABLES["3"]
SAMPLES = 8


def cutthroat(hands: list[str], upcard: str, kitty: str, actions: list[str]) -> HandState:
    """A cutthroat deal dealt by seat 0 (seat 1 bids first), after ``actions``."""
    deal = Deal(dealer=0, hands=hands, upcard=upcard, kitty=kitty.split())
    return HandState.replay(deal, CUTTHROAT.rules, actions)


#: Every level's way of valuing: fair-calls, fair-rollout, fair-bold.
VARIANTS = pytest.mark.parametrize("prefix", list(PREFIXES))


def choice(state: HandState, prefix: str = "fair-calls-") -> Action:
    return FairCallsPlayer(seed=5, samples=SAMPLES, variant=PREFIXES[prefix]).choose(state)


@VARIANTS
def test_it_orders_the_five_top_trumps(prefix: str) -> None:
    # Both bowers, ace, king and queen of hearts: five tricks whatever the others hold.
    state = cutthroat(
        ["9c Tc Qs Ks 9d", "Jh Jd Ah Kh Qh", "Qc Kc Ts As Qd"], "9h", "Th Jc Js Ac 9s Td Kd Ad", []
    )
    assert choice(state, prefix) == Action("order")


@VARIANTS
def test_it_passes_a_hand_without_trump_or_ace(prefix: str) -> None:
    # Nines and tens of three suits under an ace of hearts: ordering is a certain euchre.
    state = cutthroat(
        ["Qc Kc Qs Ks Qd", "9c Tc 9s Ts 9d", "Jh Jd Kh As Ad"], "Ah", "Qh Th 9h Jc Ac Js Td Kd", []
    )
    assert choice(state, prefix) == Action("pass")


@VARIANTS
def test_it_names_the_suit_it_holds_from_the_top_in_round_two(prefix: str) -> None:
    # Hearts turned down; both black bowers and the ace, king and queen of spades.
    state = cutthroat(
        ["9c Tc Qd Kd 9d", "Js Jc As Ks Qs", "Qc Kc Ac Ad Td"],
        "9h",
        "Jh Jd Ah Kh Qh Th Ts 9s",
        ["pass", "pass", "pass"],
    )
    assert choice(state, prefix) == Action("call", suit=euchre.Suit.SPADES)


@VARIANTS
def test_the_dealer_with_five_top_trumps_throws_its_lone_side_card(prefix: str) -> None:
    state = cutthroat(
        ["Jh Jd Ah Kh 9c", "Tc Qs Ks 9d Td", "Qc Kc Ts As Qd"],
        "Qh",
        "Th 9h Jc Js Ac 9s Kd Ad",
        ["pass", "pass", "order"],
    )
    assert state.phase is euchre.Phase.DISCARD
    assert choice(state, prefix) == Action("discard", cards=(euchre.Card.parse("9c"),))


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=0, max_value=50_000), st.integers(min_value=0, max_value=4))
def test_a_sampled_deal_agrees_with_all_the_seat_saw(index: int, passes: int) -> None:
    start = HandState.new(duplicate.deal_of(CUTTHROAT, index), CUTTHROAT.rules)
    state = HandState.replay(start.deal, start.rules, ["pass"] * passes)
    assert state.to_act is not None
    view = state.view(state.to_act)
    sampled = sampled_state(view, SeededRandom(index))
    assert sampled.deal.upcard == start.deal.upcard and sampled.deal.dealer == start.deal.dealer
    assert sampled.actions == state.actions and sampled.to_act == view.seat
    assert sampled.view(view.seat).hand == view.hand
    assert sampled.legal_actions() == state.legal_actions()


def test_a_passer_never_holds_a_hand_that_would_surely_have_called() -> None:
    # Seat 1 passed the nine of hearts; seat 2's guesses never give it a strong heart hand.
    state = cutthroat(
        ["9c Tc Qs Ks 9d", "Jh Jd Ah Kh Qh", "Qc Kc Ts As Qd"], "9h", "Th Jc Js Ac 9s Td Kd Ad", []
    )
    view = state.apply("pass").view(2)
    turned = proposed_suit(view.upcard) if view.upcard else None
    assert turned is not None
    for seed in range(20):
        sampled = sampled_state(view, SeededRandom(seed))
        held = sampled.deal.hands[1]
        assert passers_plausible(view, {1: list(held)})
        assert hand_tricks(held, turned, view.rules) <= PASSED_LIMIT
    assert not passers_plausible(view, {1: list(state.deal.hands[1])})


@VARIANTS
def test_it_decides_the_same_way_every_time(prefix: str) -> None:
    state = HandState.new(duplicate.deal_of(CUTTHROAT, 7), CUTTHROAT.rules)
    assert choice(state, prefix) == choice(state, prefix)


def test_it_is_no_level_of_the_engine() -> None:
    assert not any(level.startswith("fair") for level in LEVELS)
    for level in (f"{prefix}32" for prefix in PREFIXES):
        with pytest.raises(ValueError, match=f"unknown level '{level}'"):
            euchre.computer_player(level, seed=0)
    assert duplicate.make_player("fair-calls-8", 0).level == "fair-calls-8"
    assert duplicate.make_player("fair-rollout-8", 0).level == "fair-rollout-8"
    assert duplicate.make_player("fair-bold-8", 0).level == "fair-bold-8"


def test_the_bench_says_plainly_when_its_count_is_no_number() -> None:
    argv = ["--match", "fair-calls-many:normal", "--table", "3", "--deals", "1", "--workers", "1"]
    with pytest.raises(SystemExit, match="fair-calls-many: the number of sampled deals"):
        bench_players.main(argv)


def test_it_refuses_what_it_cannot_measure_plainly() -> None:
    table = duplicate.TABLES["bid"]
    state = HandState.new(duplicate.deal_of(table, 0), table.rules)
    with pytest.raises(ValueError, match="Euchre's tables only, not 'bid'"):
        FairCallsPlayer(0, samples=2).choose(state)
    with pytest.raises(ValueError, match="at least one deal, not 0"):
        FairCallsPlayer(0, samples=0)
    with pytest.raises(ValueError, match="no fair-calls level values its choices as"):
        FairCallsPlayer(0, variant=Variant(later="strong", bold=True))
