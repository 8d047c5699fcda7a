"""The strong player's bidding model: its outlooks are chances and trick counts, a
stronger hand is never worth less, it covers the tables it was fitted at, and the fitting
script turns played-out deals into weights of the right shape."""

from __future__ import annotations

import sys
from pathlib import Path

import euchre
import pytest
from euchre import Action, Deal, HandState, Phase, Rules, Suit
from euchre.cards import Card, Rank
from euchre.players import bid_model, bid_strategy
from euchre.players.knowledge import proposed
from euchre.trump import is_trump, right_bower
from hypothesis import given, settings
from hypothesis import strategies as st

SCRIPTS = Path(__file__).resolve().parents[2] / "scripts"
TABLES = {"4": Rules(), "3": Rules().at_table("3"), "6": Rules().at_table("6")}


def first_bid(rules: Rules, seed: int) -> HandState:
    return HandState.new(Deal.random(seed=seed, dealer=seed % rules.players, rules=rules), rules)


@pytest.mark.parametrize("table", sorted(TABLES))
def test_every_table_of_the_bench_is_fitted(table: str) -> None:
    model = bid_model.fitted(TABLES[table])
    assert model is not None
    kinds = {"partner"} if table == "3" else {"partner", "alone"}
    assert set(model.calls) == kinds
    assert (1, 1) in model.passes and (2, 1) in model.passes


def test_unfitted_tables_keep_the_rules_of_thumb() -> None:
    """Two-handed, call-ace, the joker and no-trump have no weights: the strong player bids
    there as the rules of thumb say (with its own style)."""
    for rules in (
        Rules().at_table("2"),
        Rules().at_table("5"),
        Rules().replace(joker=True, stick_the_dealer=True),
        Rules().replace(no_trump=True, stick_the_dealer=True),
    ):
        assert bid_model.fitted(rules) is None
        view = first_bid(rules, 3).view(first_bid(rules, 3).to_act or 0)
        assert not bid_strategy.learned(view, bid_strategy.STRONG)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**31), table=st.sampled_from(sorted(TABLES)))
def test_outlooks_are_chances_and_trick_counts(seed: int, table: str) -> None:
    state = first_bid(TABLES[table], seed)
    assert state.to_act is not None
    view = state.view(state.to_act)
    for action in view.legal:
        if action.kind != "order":
            continue
        outlook = bid_model.call_outlook(view, proposed(view), action.alone)
        assert 0.0 <= outlook.tricks <= 5.0
        assert 0.0 <= outlook.euchred <= 1.0 and 0.0 <= outlook.march <= 1.0
        assert outlook.euchred + outlook.march <= 1.0 + 1e-9
        points = bid_model.call_points(view, proposed(view), action.alone)
        assert -2.0 - 1e-9 <= points <= (4.0 if action.alone else 2.0) + 1e-9


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**31), table=st.sampled_from(sorted(TABLES)))
def test_the_right_bower_is_never_worth_less_than_a_plain_card(seed: int, table: str) -> None:
    """Swap a plain card that is not an ace for the right bower: the call should take more
    tricks and be euchred less often (the seat, the upcard and the rest unchanged)."""
    state = first_bid(TABLES[table], seed)
    assert state.to_act is not None
    view = state.view(state.to_act)
    trump = proposed(view)
    bower = right_bower(trump)
    plain = [c for c in view.hand if not is_trump(c, trump) and c.rank is not Rank.ACE]
    if bower in view.hand or view.upcard == bower or not plain or view.seat == view.dealer:
        return
    stronger = tuple(bower if c == plain[0] else c for c in view.hand)
    model = bid_model.fitted(view.rules)
    assert model is not None
    facts = bid_model.seat_facts(view, trump, False)
    weak = bid_model.outlook_of(
        model.calls["partner"], [*bid_model.hand_facts(view.hand, trump), *facts]
    )
    strong = bid_model.outlook_of(
        model.calls["partner"], [*bid_model.hand_facts(stronger, trump), *facts]
    )
    assert strong.tricks >= weak.tricks and strong.euchred <= weak.euchred


def test_a_dealer_picking_up_keeps_the_five_best_cards() -> None:
    """The dealer's estimate counts the upcard in and the worst card out: never the upcard
    thrown when it is a trump above the card thrown instead."""
    deal = Deal(
        dealer=0,
        hands=["Js Ah Kh 9c Td", "9h Th Jh Qh 9d", "Jd Qd Kd Ad Tc", "Jc Qc Kc Ac Ks"],
        upcard="As",
        kitty=["9s", "Ts", "Qs"],
    )
    state = HandState.replay(deal, Rules(), ["pass", "pass", "pass"])
    view = state.view(0)
    model = bid_model.fitted(view.rules)
    assert model is not None
    kept = bid_model.maker_hand(view, Suit.SPADES, False, model)
    assert Card.parse("As") in kept and Card.parse("Js") in kept and len(kept) == 5


def test_the_coach_and_the_strong_player_agree_on_fitted_tables() -> None:
    for table, rules in TABLES.items():
        for seed in range(4):
            state = first_bid(rules, seed + 40)
            while state.phase in (Phase.ROUND_ONE, Phase.ROUND_TWO):
                advice = euchre.coach(state)
                assert advice.action == euchre.computer_player("strong").choose(state), table
                values = dict(advice.alternatives)
                assert values[advice.action] == max(values.values())
                state = state.apply(advice.action)


def test_the_fitting_script_turns_deals_into_weights() -> None:
    sys.path.insert(0, str(SCRIPTS))
    import fit_bidding

    rows = [row for index in range(25) for row in fit_bidding.deal_rows(("4", index))]
    assert {"partner", "alone"} <= {r.get("call") for r in rows}
    assert any("pass" in r for r in rows)
    for row in rows:
        state = fit_bidding.decision(row)
        assert state.to_act is not None
        if "call" in row:
            assert 0 <= row["tricks"] <= 5 and len(row["hand"]) == 5
        else:
            assert Action("pass") in state.legal_actions()
    calls = fit_bidding.fit_calls(rows)
    width = len(bid_model.hand_facts([], Suit.HEARTS)) + len(
        bid_model.seat_facts(first_bid(Rules(), 1).view(1), Suit.HEARTS, False)
    )
    assert all(len(w) == width for kind in calls.values() for w in kind.values())


def test_the_fitting_script_can_play_each_choice_out() -> None:
    """With play, every call is also played out by strong players at the table (the makers'
    tricks as they took them) and every pass scored as the duplicate bench scores it; a
    table fitted from that play gets weights of the same shape."""
    sys.path.insert(0, str(SCRIPTS))
    import fit_bidding

    rows = [row for index in range(3) for row in fit_bidding.deal_rows(("3", index, True))]
    calls = [r for r in rows if "call" in r]
    passes = [r for r in rows if "pass" in r]
    assert calls and passes
    assert all(0 <= r["played"] <= 5 for r in calls)
    # at cutthroat a pass scores the passer's points less the other two's average
    assert all(-4.0 <= r["played_points"] <= 4.0 for r in passes)
    played = fit_bidding.fit_table(rows, played=True)
    solved = fit_bidding.fit_table(rows)
    assert {k: len(v) for k, v in played["calls"]["partner"].items()} == {
        k: len(v) for k, v in solved["calls"]["partner"].items()
    }
    assert played["calls"]["partner"]["tricks"] != solved["calls"]["partner"]["tricks"]


def test_the_fitting_script_can_play_each_choice_out_against_another_level() -> None:
    """Against a level, each deal is bid once per seat with the strong player there and
    that level at the other seats: the rows are the strong player's choices only, each
    played out at that table and scored as the duplicate bench scores it."""
    sys.path.insert(0, str(SCRIPTS))
    import fit_bidding

    rows = [
        row for index in range(3) for row in fit_bidding.deal_rows(("3", index, False, "normal"))
    ]
    assert rows and all(row["against"] == "normal" for row in rows)
    assert all("played" in row or "played_points" in row for row in rows)
    seats = set()
    for row in rows:
        state = fit_bidding.decision(row)
        assert state.to_act is not None
        seats.add((state.to_act - state.dealer) % 3)
        # the seats before the row's own bid as normal players bid there
        for k, action in enumerate(row["actions"]):
            deal = fit_bidding.deal_for("3", row["deal"])
            before = HandState.replay(deal, state.rules, row["actions"][:k])
            if before.to_act != state.to_act:
                assert euchre.computer_player("normal").choose(before) == Action.parse(action)
    assert seats == {0, 1, 2}
    fitted = fit_bidding.fit_table(rows, played=True)
    assert set(fitted["calls"]) == {"partner"} and fitted["passes"]


def test_a_refit_keeps_the_tables_its_rows_do_not_cover() -> None:
    sys.path.insert(0, str(SCRIPTS))
    import fit_bidding
    from euchre.players import bid_weights

    weights, counts = fit_bidding.kept_tables({"3"})
    assert set(weights) == {"4", "6"} == set(counts)
    assert weights["4"] == bid_weights.WEIGHTS["4"]
    assert all(count.split()[0].isdigit() for count in counts.values())


@pytest.mark.parametrize("table", sorted(TABLES))
def test_a_deal_is_worth_the_opposite_to_the_makers_and_to_the_defenders(table: str) -> None:
    """The fitting script values a pass by the deal's points for the passer: its side's
    points less the other side's, so the maker and its partners see one value and every
    defender its opposite (at cutthroat too)."""
    sys.path.insert(0, str(SCRIPTS))
    import fit_bidding

    rules = TABLES[table]
    made = 0
    for seed in range(12):
        state = fit_bidding.bid_on(first_bid(rules, seed), seed)
        if state.maker is None:
            continue
        made += 1
        worth = [fit_bidding.side_points(state, seat) for seat in range(rules.players)]
        makers = worth[state.maker]
        for seat, value in enumerate(worth):
            same = seat == state.maker or (
                rules.partnerships and rules.team_of(seat) == rules.team_of(state.maker)
            )
            assert value == (makers if same else -makers), (seat, worth)
        assert -4 <= makers <= 4 and makers != 0
    assert made >= 3
