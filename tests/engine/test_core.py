"""The mutable core under HandState: ``push`` / ``pop`` for search, ``apply`` on a copy.

The property: over random deals under every profile, every table size and the options no
profile switches on, pushing random legal actions reaches exactly the state that ``apply``
and a replay reach, and popping them one by one comes back through exactly the same
states (every field, the legal actions, every seat's view, equality, hash, to_dict).
"""

from __future__ import annotations

from typing import Any

import pytest
from euchre import Deal, HandState, IllegalAction, Rules
from euchre.core import DealCore
from euchre.rng import SeededRandom
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.engine.test_properties import RULE_SETS
from tests.engine.test_table_sizes import TABLES

ALL_TABLES: dict[str, Rules] = {**RULE_SETS, **TABLES}
ALL_TABLES["long-deck + defend alone, lead left of loner"] = Rules.profile("long-deck").replace(
    lead_against_loner="left_of_loner"
)
# Bid Euchre, as its profile has it and with the other side of each of its options.
ALL_TABLES["bid-euchre"] = Rules.profile("bid-euchre")
ALL_TABLES["bid-euchre, all pass throws in, no moon's pass, lowest bid 1"] = Rules.profile(
    "bid-euchre"
).replace(stick_the_dealer=False, calling_for_best=False, minimum_bid=1, no_trump=False)
ALL_TABLES["bid-euchre, 32 cards, defenders score nothing"] = Rules.profile("bid-euchre").replace(
    deck=32, defenders_score=False
)


def fingerprint(state: HandState) -> dict[str, Any]:
    """Everything a user can read from a state, as plain data."""
    return {
        "dict": state.to_dict(),
        "hash": hash(state),
        "phase": state.phase,
        "to_act": state.to_act,
        "hands": state.hands,
        "kitty": state.kitty,
        "trump": state.trump,
        "maker": state.maker,
        "alone": state.alone,
        "defender": state.defender,
        "out": state.sitting_out,
        "discard": state.discard,
        "picked_up": state.picked_up,
        "declined": state.declined,
        "tricks": state.tricks,
        "current": state.current_trick,
        "leader": state.leader,
        "maker_side": state.maker_side,
        "called_ace": state.called_ace,
        "ace_partner": state.ace_partner,
        "result": state.result,
        "legal": [str(a) for a in state.legal_actions()],
        "views": [state.view(seat).to_dict() for seat in range(state.players)],
    }


def random_start(table: str, seed: int) -> tuple[Rules, SeededRandom, Deal, HandState]:
    """The rules of ``table``, a generator and a deal from ``seed``, and the deal's first
    state: where the random games of these properties begin."""
    rules = ALL_TABLES[table]
    deal = Deal.random(seed, seed % rules.players, rules)
    return rules, SeededRandom(seed), deal, HandState.new(deal, rules)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=st.sampled_from(sorted(ALL_TABLES)), seed=st.integers(0, 2**32))
def test_push_then_pop_restores_every_state_exactly(table: str, seed: int) -> None:
    rules, rng, deal, applied = random_start(table, seed)
    core = applied.core()
    seen = [(fingerprint(applied), core.fields())]
    while core.result is None:
        action = rng.choice(core.legal_actions())
        core.push(action)
        applied = applied.apply(action)
        replayed = HandState.replay(deal, rules, applied.actions)
        pushed = core.state()
        assert pushed == applied == replayed
        assert fingerprint(pushed) == fingerprint(applied) == fingerprint(replayed)
        assert core.fields() == replayed.core().fields()
        seen.append((fingerprint(pushed), core.fields()))
    for print_, fields in reversed(seen[:-1]):
        core.pop()
        assert core.fields() == fields
        assert fingerprint(core.state()) == print_
    with pytest.raises(IndexError, match="nothing to pop"):
        core.pop()


def test_a_refused_push_raises_and_changes_nothing() -> None:
    core = HandState.new(Deal.random(seed=7, dealer=0), Rules()).core()
    before = core.fields()
    with pytest.raises(IllegalAction, match="you cannot play a card yet"):
        core.push("play Jd")
    assert core.fields() == before
    with pytest.raises(IndexError):
        core.pop()


def test_a_state_never_shares_its_core_with_search() -> None:
    state = HandState.new(Deal.random(seed=7, dealer=0), Rules())
    core = state.core()
    core.push("pass")
    assert state.actions == () and state.to_act == 1
    frozen = core.state()
    core.push("pass")
    assert [str(a) for a in frozen.actions] == ["pass"]


def test_listed_actions_are_shared_values() -> None:
    state = HandState.new(Deal.random(seed=7, dealer=0), Rules())
    first = state.legal_actions()
    assert all(a is b for a, b in zip(first, state.apply("pass").legal_actions(), strict=True))
    assert state.apply("order").legal_actions()[0] is state.apply("order").legal_actions()[0]


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=st.sampled_from(sorted(ALL_TABLES)), seed=st.integers(0, 2**32))
def test_the_core_reads_what_apply_reaches_at_every_step(table: str, seed: int) -> None:
    """The core's own readings (legal actions, seat to act, phase, result), on the fast
    paths of the bidding and of the play, match ``HandState.apply`` after every push, and
    every pop returns exactly what was pushed and the readings before it."""
    rules = ALL_TABLES[table]
    rng = SeededRandom(seed)
    applied = HandState.new(Deal.random(seed, seed % rules.players, rules), rules)
    core = applied.core()

    def readings(core: DealCore) -> tuple[Any, ...]:
        legal = core.legal_actions()
        return ([str(a) for a in legal], core.to_act, core.phase, core.result, core.trump)

    def expected(state: HandState) -> tuple[Any, ...]:
        legal = state.legal_actions()
        return ([str(a) for a in legal], state.to_act, state.phase, state.result, state.trump)

    seen = [readings(core)]
    pushed = []
    assert seen[0] == expected(applied)
    while core.result is None:
        action = rng.choice(core.legal_actions())
        core.push(action)
        applied = applied.apply(action)
        pushed.append(action)
        assert readings(core) == expected(applied)
        assert core.actions == applied.actions
        seen.append(readings(core))
    for action, before in zip(reversed(pushed), reversed(seen[:-1]), strict=True):
        assert core.pop() is action
        assert readings(core) == before
    assert core.fields() == HandState.new(applied.deal, rules).core().fields()


def test_a_copy_of_a_core_in_the_bidding_moves_apart() -> None:
    core = HandState.new(Deal.random(seed=7, dealer=0), Rules()).core()
    core.push("pass")
    twin = core.copy()
    twin.push("order")
    assert core.to_act == 2 and [str(a) for a in core.actions] == ["pass"]
    assert [str(a) for a in twin.actions] == ["pass", "order"]
    with pytest.raises(IndexError, match="nothing to pop"):
        core.copy().pop()
