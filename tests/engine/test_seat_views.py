"""The seats' views of one moment, built together (``Moment``): each is exactly the view the
engine built for that seat alone before (``one_seat_view`` below, the old path kept as the
reference), for every seat, at every point of random deals, at every table size, with the
rules that hide cards (a dealer's discard, a farmer's swap, calling for best, Bid Euchre's
moon) and in Bid Euchre."""

from __future__ import annotations

from euchre import Deal, HandState, Rules, SeatView
from euchre.actions import HIDDEN_KINDS, Action, ActionKind
from euchre.rules import TABLES
from euchre.view import Moment, called_card, cards_held
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.engine.builders import random_deal


def _public(action: Action, actor: int, state: HandState, seat: int) -> Action:
    if action.kind not in HIDDEN_KINDS or actor == seat:
        return action
    if action.kind is ActionKind.GIVE and state.maker == seat:
        return action
    return Action(action.kind, cards=())


def _visible_alone(state: HandState, seat: int) -> bool:
    if state.result is not None or state.declared_alone or not state.alone:
        return state.alone
    if seat != state.maker or state.called_ace is None:
        return False
    top = called_card(state.called_ace, state.trump, state.rules)
    held = cards_held(seat, state.hands[seat], state.tricks, state.current_trick)
    if seat == state.dealer and state.discard is not None:
        held.append(state.discard)
    return top in held


def one_seat_view(state: HandState, seat: int) -> SeatView:
    """The view of one seat as the engine built it before ``Moment``: every field read
    from the state's public properties."""
    return SeatView(
        seat=seat,
        rules=state.rules,
        dealer=state.dealer,
        upcard=state.upcard,
        hand=state.hands[seat],
        hand_sizes=tuple(len(h) for h in state.hands),
        actions=tuple(
            _public(a, actor, state, seat)
            for a, actor in zip(state.actions, state.actors, strict=False)
        ),
        actors=state.actors,
        phases=state.phases,
        phase=state.phase,
        to_act=state.to_act,
        trump=state.trump,
        maker=state.maker,
        alone=_visible_alone(state, seat),
        sitting_out=state.sitting_out,
        tricks=state.tricks,
        current_trick=tuple(state.current_trick),
        discard=state.discard if seat == state.dealer else None,
        picked_up=state.picked_up,
        legal=tuple(state.legal_actions()) if state.to_act == seat else (),
        defender=state.defender,
        bid=state.bid,
    )


HIDING = {
    "calling for best, defending alone": Rules.profile("long-deck").replace(
        calling_for_best=True, joker=True
    ),
    "farmer's hand": Rules.profile("beginner").replace(farmers_hand="three_low"),
    "canadian loner": Rules().replace(canadian_loner=True),
}
RULES = {
    **{
        f"{name} at {table}": Rules.profile(name).at_table(table)
        for name in ("american", "long-deck")
        for table in TABLES
    },
    **HIDING,
    "bid euchre": Rules.profile("bid-euchre"),
    "bid euchre, 32 cards": Rules.profile("bid-euchre").replace(deck=32),
}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=st.sampled_from(sorted(RULES)), seed=st.integers(0, 2**31 - 1))
def test_every_seats_view_of_a_moment_is_the_one_seat_view(table: str, seed: int) -> None:
    for state in random_deal(RULES[table], seed):
        moment = Moment.of(state)
        for seat in range(state.players):
            old = one_seat_view(state, seat)
            assert moment.view(seat) == old
            assert state.view(seat) == old
            assert moment.view(seat).to_dict() == old.to_dict()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=st.sampled_from(sorted(RULES)), seed=st.integers(0, 2**31 - 1))
def test_a_moment_built_on_the_one_before_is_the_one_seat_view(table: str, seed: int) -> None:
    """A room builds each moment on the one before it (one action later): every seat's
    view is the same as from the whole history."""
    before = None
    for state in random_deal(RULES[table], seed):
        moment = Moment.of(state, before)
        for seat in range(state.players):
            assert moment.view(seat) == one_seat_view(state, seat)
        if before is not None and moment.tricks and len(moment.tricks) == len(before.tricks):
            assert moment.tricks is before.tricks  # built on it, not walked again
        before = moment


def test_a_moment_of_another_deal_or_a_later_one_is_walked_whole() -> None:
    """``before`` is only built on when it is the moment one action earlier in the same
    deal: a moment of another deal, of the same state or of a later one is ignored."""
    states = random_deal(Rules(), 5)
    other = random_deal(Rules(), 6)
    for before, state in [(other[1], states[2]), (states[3], states[3]), (states[4], states[2])]:
        moment = Moment.of(state, Moment.of(before))
        for seat in range(state.players):
            assert moment.view(seat) == one_seat_view(state, seat)


def test_the_rules_that_hide_cards_hide_some_here() -> None:
    """The tables above do reach the views that differ by seat (a hidden card seen by its
    maker only), so the property checks them."""
    kinds = set()
    for table in HIDING:
        for seed in range(30):
            for state in random_deal(HIDING[table], seed):
                kinds |= {a.kind for a in state.actions if a.kind in HIDDEN_KINDS}
    assert kinds == set(HIDDEN_KINDS)


def test_a_seat_that_is_not_at_the_table_is_refused() -> None:
    state = HandState.new(Deal.random(3))
    moment = Moment.of(state)
    for seat in (-1, 4):
        try:
            moment.view(seat)
        except ValueError as exc:
            assert str(exc) == f"there is no seat {seat} at a 4-player table"
        else:
            raise AssertionError(f"seat {seat} was not refused")


def test_seats_that_saw_the_same_share_one_tuple_of_actions() -> None:
    """Shared parts are the same objects (the room server encodes each once)."""
    rules = HIDING["calling for best, defending alone"]
    for state in random_deal(rules, 11):
        moment = Moment.of(state)
        views = [moment.view(seat) for seat in range(state.players)]
        plain = [v for v in views if v.actions == moment.actions]
        assert all(v.actions is plain[0].actions for v in plain)
        assert all(v.tricks is views[0].tricks for v in views)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=st.sampled_from(sorted(RULES)), seed=st.integers(0, 2**31 - 1))
def test_a_state_rebuilt_from_its_record_views_the_same(table: str, seed: int) -> None:
    """A state read back from its record (as a room's thinker or a saved game reads it)
    stands on a position, not on a chain of moves: its views are the same."""
    for state in random_deal(RULES[table], seed)[::3]:
        rebuilt = HandState.from_dict(state.to_dict())
        for seat in range(state.players):
            assert Moment.of(rebuilt).view(seat) == one_seat_view(rebuilt, seat)
            assert rebuilt.view(seat) == state.view(seat)
