"""Property tests of Bid Euchre over random deals: six tricks, every card played once (but
the moon's pass), exactly the bid's scoring, the moon's partner never playing, a seat's view
never showing another's hidden card, and the search core's push and pop restoring every
state exactly. The scoring is computed here from the tricks, by the sentences of
``test_bid_euchre.py``, never by the engine's scorer.
"""

from __future__ import annotations

import itertools
import random

from euchre import Deal, HandState, Phase, Rules
from euchre.actions import HIDDEN_KINDS
from euchre.cards import make_deck
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.engine.test_core import fingerprint

SETTINGS = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])

BID = Rules.profile("bid-euchre")
TABLES = {
    "bid-euchre": BID,
    "thrown in on all passes, no moon's pass": BID.replace(
        stick_the_dealer=False, calling_for_best=False
    ),
    "lowest bid 1, defenders score nothing": BID.replace(minimum_bid=1, defenders_score=False),
    "32 cards": BID.replace(deck=32),
}
tables = st.sampled_from(sorted(TABLES))
seeds = st.integers(min_value=0, max_value=2**31 - 1)


def random_deal(rules: Rules, seed: int, rng: random.Random) -> list[HandState]:
    """Every state of one deal of random legal actions (the moon a little rarer, so that
    the number bids are played too)."""
    state = HandState.new(Deal.random(seed=seed, dealer=seed % 4, rules=rules), rules)
    states = [state]
    while state.result is None:
        legal = state.legal_actions()
        choices = [a for a in legal if not a.is_moon] if rng.random() < 0.8 else legal
        state = state.apply(rng.choice(choices or legal))
        states.append(state)
    return states


def expected_points(state: HandState, rules: Rules) -> tuple[int, int]:
    """Made: each side its tricks; set: the bidders minus the bid, the defenders their
    tricks; the moon 12 made and minus 12 set; the defenders nothing when they do not score."""
    if state.maker is None:
        return (0, 0)
    assert state.bid is not None
    bidders, tricks = state.maker % 2, rules.hand_size
    taken = sum(1 for t in state.tricks if t.winner % 2 == bidders)
    points = [0, 0]
    if state.alone:
        points[bidders] = rules.moon_points if taken == tricks else -rules.moon_points
    else:
        points[bidders] = taken if taken >= state.bid else -state.bid
    points[1 - bidders] = tricks - taken if rules.defenders_score else 0
    return (points[0], points[1])


@SETTINGS
@given(table=tables, seed=seeds, rng=st.randoms(use_true_random=False))
def test_a_deal_has_its_tricks_every_card_once_and_the_bids_score(
    table: str, seed: int, rng: random.Random
) -> None:
    rules = TABLES[table]
    final = random_deal(rules, seed, rng)[-1]
    result = final.result
    assert result is not None
    assert final.upcard is None and final.kitty == ()
    if final.maker is None:  # everyone passed, at a table that throws the cards in
        assert not rules.stick_the_dealer and result.thrown_in and result.points == (0, 0)
        return
    assert len(final.tricks) == rules.hand_size == result.tricks
    played = [c for t in final.tricks for c in t.cards]
    assert len(played) == len(set(played)), "a card was played twice"
    active = 3 if final.alone else 4
    assert all(len(t.cards) == active for t in final.tricks)
    dealt = {c for hand in final.deal.hands for c in hand}
    assert set(played) <= dealt == set(make_deck(rules.deck))
    if not final.alone:
        assert set(played) == dealt
    assert result.points == expected_points(final, rules)
    assert result.bid == final.bid and result.makers == final.maker % 2


@SETTINGS
@given(table=tables, seed=seeds, rng=st.randoms(use_true_random=False))
def test_the_moons_partner_never_plays_and_the_shooter_leads(
    table: str, seed: int, rng: random.Random
) -> None:
    rules = TABLES[table]
    for state in random_deal(rules, seed, rng):
        if state.phase is Phase.PLAY and not state.tricks and not state.current_trick:
            assert state.to_act == state.maker  # the high bidder leads
        if state.alone and state.maker is not None:
            partner = (state.maker + 2) % 4
            assert state.sitting_out == {partner}
            assert all(partner not in t.seats for t in state.tricks)


@SETTINGS
@given(table=tables, seed=seeds, rng=st.randoms(use_true_random=False))
def test_a_seats_view_shows_no_other_seats_hidden_card(
    table: str, seed: int, rng: random.Random
) -> None:
    """A discard is the discarder's; the moon's passed card is known to the two partners."""
    rules = TABLES[table]
    for state in random_deal(rules, seed, rng):
        for seat in range(4):
            view = state.view(seat)
            assert view.hand == state.hands[seat]
            for action, actor in zip(view.actions, view.actors, strict=True):
                if action.kind in HIDDEN_KINDS and action.cards:
                    knows = {actor} | ({state.maker} if action.kind == "give" else set())
                    assert seat in knows, (seat, str(action), actor)


@SETTINGS
@given(table=tables, seed=seeds, rng=st.randoms(use_true_random=False))
def test_push_and_pop_restore_every_state_exactly(
    table: str, seed: int, rng: random.Random
) -> None:
    rules = TABLES[table]
    states = random_deal(rules, seed, rng)
    core = states[0].core()
    for before, after in itertools.pairwise(states):
        assert core.state() == before
        core.push(after.actions[-1])
        assert fingerprint(core.state()) == fingerprint(after)
        assert core.result == after.result
    for before in reversed(states[:-1]):
        core.pop()
        assert fingerprint(core.state()) == fingerprint(before)
        assert core.result is None
