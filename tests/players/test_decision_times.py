"""The players' bench names the slowest decisions it timed (where a table's time goes)."""

from __future__ import annotations

import sys
from pathlib import Path

from euchre import Deal, HandState, Rules

SCRIPTS = Path(__file__).resolve().parents[2] / "scripts"


def test_the_slowest_decisions_are_named_slowest_first() -> None:
    sys.path.insert(0, str(SCRIPTS))
    import bench_players

    rules = Rules().at_table("6")
    first = HandState.new(Deal.random(seed=3, dealer=0, rules=rules), rules)
    second = first.apply(first.legal_actions()[0])
    text = bench_players.slowest([4.0, 61.5], [first, second], top=2)
    assert text.startswith("#1 61.5 ms (round one, seat 2,")
    assert "; #0 4.0 ms (round one, seat 1, 3 choices)" in text
