"""The bench's ``oracle`` level: it bids seeing every hand (calls only the hidden cards
justify), its solved values are what the deal then scores, and it is no engine level."""

from __future__ import annotations

import sys
from pathlib import Path

import euchre
import pytest
from euchre import Action, Deal, HandState
from euchre.players.levels import LEVELS
from hypothesis import given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))

import bench_players  # noqa: E402
import duplicate  # noqa: E402
from oracle_player import OraclePlayer, deal_values, seat_scores  # noqa: E402

CUTTHROAT = duplicate.TABLES["3"]


def cutthroat(hands: list[str], upcard: str, kitty: str) -> HandState:
    """A cutthroat deal dealt by seat 0 (seat 1 calls first)."""
    deal = Deal(dealer=0, hands=hands, upcard=upcard, kitty=kitty.split())
    return HandState.new(deal, CUTTHROAT.rules)


def test_it_orders_a_thin_hand_when_the_opponents_hold_no_trump() -> None:
    # Ace-king of hearts and little else: a pass by the cards seat 1 sees (the strong
    # player passes it), but both bowers and the queen and ten are in the kitty.
    state = cutthroat(
        ["9c Tc Qs Ks 9d", "Ah Kh 9s Ac Td", "Qc Kc Ts As Qd"], "9h", "Jh Jd Qh Th Jc Js Kd Ad"
    )
    memo: dict[tuple[Action, ...], tuple[float, ...]] = {}
    assert OraclePlayer(0).choose(state) == Action("order")
    assert deal_values(state.apply("order"), memo)[1] == 1.0  # made: 1 point, others 0
    assert deal_values(state.apply("pass"), memo)[1] < 1.0


def test_it_passes_three_top_trumps_when_the_rest_sit_behind() -> None:
    # Right bower, ace and king of hearts: an order by the cards seat 1 sees, but seat 2
    # holds the left bower, queen and ten over it and the dealer picks up the nine.
    state = cutthroat(
        ["9c Qc Qs Ks 9d", "Jh Ah Kh 9s Tc", "Jd Qh Th Kc Ad"], "9h", "Ac Jc Js Ts Td Qd Kd As"
    )
    memo: dict[tuple[Action, ...], tuple[float, ...]] = {}
    assert deal_values(state.apply("order"), memo)[1] == -2.0  # euchred: 0 against 2 and 2
    assert OraclePlayer(0).choose(state) == Action("pass")


@settings(max_examples=8, deadline=None)
@given(st.integers(min_value=0, max_value=10_000), st.sampled_from(["3", "4"]))
def test_its_solved_values_are_what_the_deal_scores_when_everyone_is_an_oracle(
    index: int, key: str
) -> None:
    table = duplicate.TABLES[key]
    start = HandState.new(duplicate.deal_of(table, index), table.rules)
    players = [OraclePlayer(seat) for seat in range(table.rules.players)]
    final = duplicate.play(start.deal, table.rules, players)
    assert final.result is not None
    assert seat_scores(tuple(final.result.points), final) == deal_values(start, {})


def test_it_is_no_level_of_the_engine() -> None:
    assert "oracle" not in LEVELS
    with pytest.raises(ValueError, match="unknown level 'oracle'"):
        euchre.computer_player("oracle", seed=0)
    assert duplicate.make_player("oracle", 0).level == "oracle"


def test_it_refuses_bid_euchre_plainly() -> None:
    table = duplicate.TABLES["bid"]
    state = HandState.new(duplicate.deal_of(table, 0), table.rules)
    with pytest.raises(ValueError, match="Euchre's tables only, not 'bid'"):
        OraclePlayer(0).choose(state)


def test_the_bench_says_so_without_a_traceback() -> None:
    args = ["--match", "oracle:normal", "--table", "bid", "--deals", "1", "--workers", "1"]
    with pytest.raises(SystemExit, match=r"oracle:normal at table bid: .*tables only"):
        bench_players.main(args)


def test_oracle_calls_bids_as_the_oracle_and_plays_as_strong() -> None:
    state = cutthroat(
        ["9c Tc Qs Ks 9d", "Ah Kh 9s Ac Td", "Qc Kc Ts As Qd"], "9h", "Jh Jd Qh Th Jc Js Kd Ad"
    )
    player = duplicate.make_player("oracle-calls", 0)
    assert player.choose(state) == Action("order")
    playing = state.apply("order").apply("discard 9d")
    assert player.choose(playing) == euchre.computer_player("strong", seed=0).choose(playing)


def test_it_bids_and_plays_a_whole_match_legally() -> None:
    result = duplicate.match("oracle", "normal", 3, table="3")
    assert len(result.scores) == 3
