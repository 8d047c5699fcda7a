"""The duplicate bench's breakdown by decision: every seating's points against the deal
played by the second level in every seat, tallied by the first level's first decision
unlike the second's; the tallies add up to the match's mean."""

from __future__ import annotations

import math
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))

import duplicate  # noqa: E402

DEALS = 12


def test_the_tallies_add_up_to_the_match_mean() -> None:
    result = duplicate.match("easy", "normal", DEALS, table="3")
    tallies = duplicate.decision_match("easy", "normal", DEALS, table="3")[0]
    seatings = len(duplicate.TABLES["3"].seatings)
    assert tallies, "easy and normal decide differently somewhere in twelve deals"
    total = sum(t.net for t in tallies) / (DEALS * seatings)
    assert math.isclose(total, result.mean, abs_tol=1e-9)
    for t in tallies:
        assert t.seatings > 0 and math.isclose(t.net, t.gained + t.lost)


def test_a_level_against_itself_never_departs() -> None:
    found = duplicate.departures(("normal", "normal", "4", 0, 3, "normal"))
    assert [d.kind for d in found] == ["", ""]
    assert all(d.points == 0.0 for d in found)


def test_a_departure_is_named_by_its_decision() -> None:
    kinds = {t.kind for t in duplicate.decision_match("easy", "normal", DEALS, table="4")[0]}
    known = ("round one", "round two", "discard", "play: ")
    assert kinds and all(k.startswith(known) for k in kinds), kinds


def test_the_open_hand_bound_plays_legal_cards_and_bids_as_strong() -> None:
    table = duplicate.TABLES["3"]
    for index in range(4):
        deal = duplicate.deal_of(table, index)
        players = [duplicate.make_player("open-hand", index * 8 + s) for s in range(3)]
        state = duplicate.play(deal, table.rules, players)  # each action checked by the engine
        assert state.result is not None
        strong = [duplicate.make_player("strong", index * 8 + s) for s in range(3)]
        both = duplicate.play(deal, table.rules, strong)
        bids = [a for a in state.actions if a.kind in ("pass", "order", "call")]
        assert bids == [a for a in both.actions if a.kind in ("pass", "order", "call")]


def test_against_a_baseline_the_tallies_add_up_to_the_lead() -> None:
    strong = duplicate.match("easy", "random", DEALS, table="3")
    normal = duplicate.match("normal", "random", DEALS, table="3")
    tallies = duplicate.decision_match("easy", "random", DEALS, table="3", baseline="normal")[0]
    seatings = len(duplicate.TABLES["3"].seatings)
    total = sum(t.net for t in tallies) / (DEALS * seatings)
    assert math.isclose(total, strong.mean - normal.mean, abs_tol=1e-9)


def test_the_match_played_for_the_tallies_is_the_match() -> None:
    tallies, result = duplicate.decision_match("easy", "normal", DEALS, table="3")
    alone = duplicate.match("easy", "normal", DEALS, table="3")
    assert tallies == duplicate.decision_match("easy", "normal", DEALS, table="3")[0]
    assert len(result.scores) == DEALS
    for ours, theirs in zip(result.scores, alone.scores, strict=True):
        assert ours == pytest.approx(theirs, abs=1e-9)


def test_a_bid_is_named_by_the_bidders_place_and_what_it_did() -> None:
    tallies = duplicate.decision_match("easy", "normal", DEALS, table="3")[0]
    bids = [t.kind for t in tallies if t.kind.startswith(("round one", "round two"))]
    assert bids, "easy and normal bid differently somewhere in twelve deals"
    places = ("dealer", "seat 1 after the dealer", "seat 2 after the dealer")
    verbs = ("passes", "calls", "calls alone")
    for kind in bids:
        where, verb = kind.split(": ")
        assert where.split(", ")[1] in places and verb in verbs, kind


def test_the_lead_over_a_baseline_is_printed_saved_and_compared_deal_by_deal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import bench_players

    saved = tmp_path / "lead.json"
    spec = ["--match", "easy:random", "--table", "3", "--deals", "6", "--workers", "1"]
    spec += ["--by-decision", "--baseline", "normal"]
    bench_players.main([*spec, "--save", str(saved)])
    first = capsys.readouterr().out
    lead = bench_players.load_scores(saved)
    easy = duplicate.match("easy", "random", 6, table="3")
    normal = duplicate.match("normal", "random", 6, table="3")
    assert (lead.a, lead.b) == ("easy less normal", "random")
    for ours, a, b in zip(lead.scores, easy.scores, normal.scores, strict=True):
        assert ours == pytest.approx(a - b, abs=1e-9)
    assert first.startswith(
        f"easy less normal vs random at three-handed cutthroat, set A, 6 deals: {lead.mean:+.3f} per deal (95% interval"
    )
    bench_players.main([*spec, "--compare", str(saved)])
    assert "against the saved run: +0.000 per deal" in capsys.readouterr().out
