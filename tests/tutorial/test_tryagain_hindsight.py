"""Hindsight values: equal to exhaustive search on small endings and to the open-hand
solver on whole deals; a play marked as costing a trick really does."""

from __future__ import annotations

from euchre import HandState, Phase, Rules
from euchre.players.solver import minimax, solve
from euchre_tutorial.site_rules import site_profiles
from euchre_tutorial.tryagain.branch import branch, finished_deal
from euchre_tutorial.tryagain.hindsight import (
    best_line,
    play_values,
    review_plays,
    side_of,
)
from hypothesis import given, settings
from hypothesis import strategies as st

PROFILES = sorted(site_profiles())


def side_tricks(state: HandState, seat: int) -> int:
    side = side_of(state, seat)
    return sum(1 for t in state.tricks if t.winner in side)


def positions(state: HandState, min_tricks_done: int = 0) -> list[HandState]:
    """Every card-play position of a finished deal with at least that many tricks done."""
    out = []
    for k in range(len(state.actions)):
        start = branch(state, k)
        if start.phase is Phase.PLAY and len(start.tricks) >= min_tricks_done:
            out.append(start)
    return out


def exhaustive(state: HandState) -> dict[str, int]:
    seat = state.to_act
    assert seat is not None
    order = sorted(state.active_seats())
    current = list(state.current_trick)
    leader = current[0][0] if current else seat
    side = side_of(state, seat)
    values = minimax(
        {s: list(state.hand(s)) for s in order}, state.trump, leader, side, current, order
    )
    won = side_tricks(state, seat)
    return {c.code: won + v for c, v in values.items()}


@settings(max_examples=25, deadline=None)
@given(profile=st.sampled_from(PROFILES), seed=st.integers(0, 10_000))
def test_values_equal_exhaustive_search_on_small_endings(profile: str, seed: int) -> None:
    played = finished_deal(seed, Rules.profile(profile))
    for start in positions(played, min_tricks_done=2):
        got = {a.card.code: v for a, v in play_values(start).items()}
        assert got == exhaustive(start)


@settings(max_examples=15, deadline=None)
@given(profile=st.sampled_from(PROFILES), seed=st.integers(0, 10_000))
def test_values_equal_the_solver_on_whole_deals(profile: str, seed: int) -> None:
    played = finished_deal(seed, Rules.profile(profile))
    found = positions(played)
    if not found:
        return  # thrown in
    start = found[0]  # the opening lead: the whole card play ahead
    seat = start.to_act
    assert seat is not None
    order = sorted(start.active_seats())
    want = solve(
        {s: list(start.hand(s)) for s in order},
        start.trump,
        seat,
        side_of(start, seat),
        order=order,
    )
    assert {a.card: v for a, v in play_values(start).items()} == want
    # The best line really reaches the best value.
    assert side_tricks(best_line(start), seat) == max(want.values())


@settings(max_examples=20, deadline=None)
@given(profile=st.sampled_from(PROFILES), seed=st.integers(0, 10_000), seat=st.integers(0, 3))
def test_a_play_marked_as_costing_a_trick_really_does(profile: str, seed: int, seat: int) -> None:
    played = finished_deal(seed, Rules.profile(profile))
    for review in review_plays(played, seat):
        start = branch(played, review.k)
        after_played = best_line(start.apply(review.played))
        after_best = best_line(start.apply(review.best))
        assert side_tricks(after_played, seat) == review.tricks_played
        assert side_tricks(after_best, seat) == review.tricks_best
        assert review.cost == review.tricks_best - review.tricks_played >= 0
        if review.cost > 0:
            assert review.reasons  # the coach's words come with the mark
            if len(start.tricks) >= 2:
                values = exhaustive(start)
                assert max(values.values()) - values[review.played.card.code] == review.cost


def test_some_play_costs_a_trick_in_a_sample_of_deals() -> None:
    marked = [
        r for seed in range(30) for r in review_plays(finished_deal(seed, Rules()), 0) if r.cost > 0
    ]
    assert marked, "the computer players never lose a trick in thirty deals?"
