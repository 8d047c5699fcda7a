"""The open-hand solver agrees with exhaustive minimax on small endings."""

from __future__ import annotations

import random

import pytest
from euchre import Card, Deal, Rules, Suit
from euchre.players.solver import minimax, solve
from euchre.trump import legal_plays


def _ending(rng: random.Random, rules: Rules, seats: list[int], tricks: int, trump: Suit | None):  # type: ignore[no-untyped-def]
    deal = Deal.random(seed=rng.randrange(1 << 30), dealer=0, rules=rules)
    hands = {s: list(deal.hands[s][:tricks]) for s in seats}
    leader = rng.choice(seats)
    current: list[tuple[int, Card]] = []
    # Sometimes start in the middle of a trick: the first players have already played.
    played = rng.randrange(len(seats))
    seat = leader
    order = sorted(seats)
    for _ in range(played):
        led = current[0][1] if current else None
        card = rng.choice(legal_plays(hands[seat], led, trump))
        hands[seat].remove(card)
        current.append((seat, card))
        seat = order[(order.index(seat) + 1) % len(order)]
    return hands, leader, current, order


@pytest.mark.parametrize("case", range(60))
def test_solver_matches_minimax(case: int) -> None:
    rng = random.Random(case)
    rules = rng.choice([Rules(), Rules().replace(deck=32), Rules().replace(joker=True)])
    seats = rng.choice([[0, 1, 2, 3], [0, 1, 3], [1, 2, 3]])
    tricks = rng.choice([2, 3])
    trump = rng.choice([*Suit, None]) if not rules.joker else rng.choice(list(Suit))
    hands, leader, current, order = _ending(rng, rules, seats, tricks, trump)
    side = {s for s in seats if s % 2 == 0} or {seats[0]}
    fast = solve(hands, trump, leader, side, current, order)
    slow = minimax(hands, trump, leader, side, current, order)
    assert fast == slow


def test_values_cover_every_legal_card() -> None:
    deal = Deal.random(seed=11, dealer=0)
    hands = {s: list(deal.hands[s]) for s in range(4)}
    values = solve(hands, Suit.SPADES, 1, {1, 3})
    assert set(values) == set(hands[1])
    assert all(0 <= v <= 5 for v in values.values())


def test_node_limit_stops_the_search() -> None:
    from euchre.players.solver import NodeLimit, Solver

    deal = Deal.random(seed=11, dealer=0)
    hands = {s: list(deal.hands[s]) for s in range(4)}
    with pytest.raises(NodeLimit):
        Solver(hands, Suit.SPADES, [0, 1, 2, 3], 1, {1, 3}).values(node_limit=20)
    solver = Solver(hands, Suit.SPADES, [0, 1, 2, 3], 1, {1, 3})
    assert solver.values(node_limit=10**6) == solve(hands, Suit.SPADES, 1, {1, 3})
    assert 0 < solver.nodes <= 10**6


def test_a_closed_solver_leaves_nothing_for_the_garbage_collector() -> None:
    """A search's functions and table are freed when it is closed, not in a pause of the
    cyclic collector during a later decision (they once made six-handed decisions in
    Pyodide miss 80 ms); a closed solver says so rather than search again."""
    import gc

    from euchre.players.solver import Solver

    deal = Deal.random(seed=11, dealer=0)
    hands = {s: list(deal.hands[s]) for s in range(4)}
    gc.collect()
    was = gc.isenabled()
    gc.disable()
    try:
        solver = Solver(hands, Suit.SPADES, [0, 1, 2, 3], 1, {1, 3})
        assert solver.values() == solve(hands, Suit.SPADES, 1, {1, 3})
        solver.close()
        with pytest.raises(ValueError, match="closed"):
            solver.values()
        del solver
        assert gc.collect() == 0
    finally:
        if was:
            gc.enable()


def test_a_spent_budget_leaves_the_rule_of_thumb() -> None:
    """With no deal solved within the budget, every card scores alike and the rule of
    thumb's card is chosen; with a budget, the samples are counted."""
    from euchre import HandState, Phase
    from euchre.players import conventions
    from euchre.players.knowledge import Knowledge
    from euchre.players.search import Budget, analyse, best
    from euchre.rng import SeededRandom

    rules = Rules().replace(players=6, deck=32, defend_alone=True)
    state = HandState.new(Deal.random(seed=5, dealer=0, rules=rules), rules)
    while state.phase is not Phase.PLAY:
        if state.phase is Phase.DISCARD:
            state = state.apply(state.legal_actions()[-1])
        else:  # order up, and let nobody defend alone (002)
            state = state.apply("pass" if state.phase is Phase.DEFEND else "order")
    view = state.view(state.to_act)  # type: ignore[arg-type]
    legal = [a.card for a in view.legal]
    know = Knowledge.of(view)
    stats = analyse(know, legal, SeededRandom(1), Budget(max_nodes=50))
    assert all(s.samples == 0 and s.mean_points == 0.0 for s in stats)
    prefer, _why = conventions.play(know, legal)
    assert best(stats, prefer).card == prefer
    some = analyse(
        know, legal, SeededRandom(1), Budget(min_samples=1, max_samples=2, max_nodes=10**6)
    )
    assert all(1 <= s.samples <= 2 for s in some)
