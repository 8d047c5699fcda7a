"""The play phase's nodes (``play_node.py``) stand for exactly the positions the engine's
general path makes: over random deals under every rule set, a state moved by nodes and
built into a position only when asked agrees with a replay in every field, and a node made
from a position gives that position back exactly.
"""

from __future__ import annotations

from euchre import HandState, Phase
from euchre.core import fields
from euchre.play_node import play_node_of, play_position
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.engine.builders import random_deal
from tests.engine.test_core import ALL_TABLES, fingerprint

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(table=st.sampled_from(sorted(ALL_TABLES)), seed=st.integers(0, 2**32))
def test_a_state_moved_by_nodes_is_its_replay_in_every_field(table: str, seed: int) -> None:
    rules = ALL_TABLES[table]
    for state in random_deal(rules, seed):
        replayed = HandState.replay(state.deal, rules, state.actions)
        assert fields(state.position()) == fields(replayed.position())
        assert state.to_act == replayed.to_act and state.phase is replayed.phase
        assert state.result == replayed.result
        assert state.legal_actions() == replayed.legal_actions()


@SETTINGS
@given(table=st.sampled_from(sorted(ALL_TABLES)), seed=st.integers(0, 2**32))
def test_a_node_round_trips_through_its_position(table: str, seed: int) -> None:
    rules = ALL_TABLES[table]
    for state in random_deal(rules, seed):
        if state.phase is Phase.PLAY:
            position = state.position()
            node = play_node_of(position, None, None)
            assert fields(play_position(node, position)) == fields(position)
            assert fingerprint(HandState.of_position(position)) == fingerprint(state)
