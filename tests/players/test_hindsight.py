"""Hindsight, every card known: the best result after each legal card equals exhaustive
search on small endings and the previous solver on whole deals, and a play marked as
costing tricks really loses them."""

from __future__ import annotations

import random
from functools import cache

import pytest
from euchre import Action, Deal, HandState, Phase, Rules, Suit
from euchre.players import Outcome, best_line, hindsight, play_cost
from euchre.players.solver import Solver

from tests.players.helpers import RandomChooser, rule_sets
from tests.players.reference_solver import Solver as ReferenceSolver

# Rule sets where the making side is known from the rules alone (partners, or the maker).
NAMES = ["american", "long-deck", "joker", "no-trump", "defend-alone", "three-handed", "beginner"]


def _maker_side(state: HandState) -> set[int]:
    rules = state.rules
    assert state.maker is not None
    if rules.partnerships:
        return {s for s in range(rules.players) if rules.team_of(s) == rules.team_of(state.maker)}
    return {state.maker}


def _play_states(rules: Rules, seed: int, tricks_done: set[int]) -> list[HandState]:
    """Card-play states of one random deal after ``tricks_done`` complete tricks."""
    chooser = RandomChooser(seed)
    state = HandState.new(Deal.random(seed=seed, dealer=seed % rules.players, rules=rules), rules)
    out = []
    while state.result is None:
        if state.phase is Phase.PLAY and len(state.tricks) in tricks_done:
            out.append(state)
        state = state.apply(chooser.choose(state))
    return out


def _exhaustive(state: HandState) -> dict[Action, tuple[int, tuple[int, ...]]]:
    """Plain minimax over every line of play through ``HandState.apply``: per legal
    action, (the acting seat's side's tricks, the deal's points) with best play after it."""
    makers = _maker_side(state)

    @cache
    def best(s: HandState) -> tuple[int, tuple[int, ...]]:
        if s.result is not None:
            return s.result.maker_tricks, s.result.points
        results = [best(s.apply(a)) for a in s.legal_actions()]
        return (max if s.to_act in makers else min)(results, key=lambda r: r[0])

    mine = state.to_act in makers
    out = {}
    for action in state.legal_actions():
        tricks, points = best(state.apply(action))
        out[action] = (tricks if mine else 5 - tricks, points)
    return out


def _small_endings(count: int) -> list[HandState]:
    rng = random.Random(15)
    out: list[HandState] = []
    sets = rule_sets()
    while len(out) < count:
        rules = sets[rng.choice(NAMES)]
        states = _play_states(rules, rng.randrange(1 << 20), {2, 3})
        if states:
            out.append(rng.choice(states))
    return out


@pytest.mark.parametrize(
    "state", _small_endings(40), ids=lambda s: f"{s.rules.name}-{len(s.tricks)}"
)
def test_hindsight_equals_exhaustive_search_on_small_endings(state: HandState) -> None:
    exact = _exhaustive(state)
    found = hindsight(state)
    assert [a for a, _ in found] == state.legal_actions()
    for action, outcome in found:
        assert (outcome.tricks, outcome.points) == exact[action], str(action)
    best = max(t for t, _ in exact.values())
    for action, (tricks, _points) in exact.items():
        assert play_cost(state, action) == best - tricks


def _whole_deal_states(count: int) -> list[HandState]:
    rng = random.Random(151)
    out: list[HandState] = []
    sets = rule_sets()
    while len(out) < count:
        rules = sets[rng.choice(NAMES)]
        states = _play_states(rules, rng.randrange(1 << 20), {0})
        if states:
            out.append(states[0])  # the opening lead: five cards in every hand
    return out


def _reference_values(state: HandState) -> dict[Action, int]:
    """The previous solver's tricks for the making side, per legal card, whole deal."""
    rules = state.rules
    assert state.to_act is not None
    view = state.view(state.to_act)
    active = [s for s in range(rules.players) if s not in view.sitting_out]
    hands = {s: list(state.view(s).hand) for s in active}
    makers = _maker_side(state)
    leader = view.current_trick[0][0] if view.current_trick else state.to_act
    solver = ReferenceSolver(hands, state.trump, active, leader, makers, view.current_trick)
    values = solver.values()
    made = sum(1 for t in view.tricks if t.winner in makers)
    return {a: made + values[a.card] for a in state.legal_actions()}


@pytest.mark.parametrize("state", _whole_deal_states(12), ids=lambda s: s.rules.name)
def test_hindsight_equals_the_previous_solver_on_whole_deals(state: HandState) -> None:
    reference = _reference_values(state)
    mine = state.to_act in _maker_side(state)
    for action, outcome in hindsight(state):
        assert outcome.tricks == (reference[action] if mine else 5 - reference[action])


@pytest.mark.parametrize("case", range(40))
def test_bitmask_solver_equals_the_previous_solver(case: int) -> None:
    rng = random.Random(case)
    rules = rng.choice([Rules(), Rules().replace(deck=32), Rules().replace(joker=True)])
    seats = rng.choice([[0, 1, 2, 3], [0, 1, 3], [1, 2, 3], [0, 1, 2]])
    trump = rng.choice(list(Suit)) if rules.joker else rng.choice([*Suit, None])
    deal = Deal.random(seed=rng.randrange(1 << 30), dealer=0, rules=rules)
    hands = {s: list(deal.hands[s]) for s in seats}
    leader = rng.choice(seats)
    side = {s for s in seats if s % 2 == 0}
    new = Solver(hands, trump, seats, leader, side).values()
    old = ReferenceSolver(hands, trump, seats, leader, side).values()
    assert new == old


def _value_after(state: HandState, action: Action, seat: int) -> int:
    """The best tricks still possible for ``seat``'s side once ``action`` is played."""
    after = state.apply(action)
    makers = _maker_side(state)
    if after.result is not None:
        made = after.result.maker_tricks
        return made if seat in makers else 5 - made
    best = max(o.tricks for _, o in hindsight(after))
    same = (after.to_act in makers) == (seat in makers)
    return best if same else 5 - best


@pytest.mark.parametrize("name", ["american", "defend-alone", "three-handed"])
def test_a_costly_play_really_costs(name: str) -> None:
    """Whenever ``play_cost`` marks a card, the best still possible after playing it is
    that many tricks below the best before it."""
    rules = rule_sets()[name]
    marked = 0
    for seed in range(12):
        for state in _play_states(rules, 700 + seed, {1, 2}):
            assert state.to_act is not None
            found = hindsight(state)
            best = max(o.tricks for _, o in found)
            for action, outcome in found:
                cost = play_cost(state, action)
                assert cost == best - outcome.tricks >= 0
                assert _value_after(state, action, state.to_act) == best - cost
                marked += cost > 0
    assert marked > 0


def test_best_line_reaches_the_best_outcome() -> None:
    state = _whole_deal_states(1)[0]
    line = best_line(state)
    final = HandState.replay(state.deal, state.rules, [*state.actions, *line])
    assert final.result is not None
    best = max(hindsight(state), key=lambda item: item[1].tricks)[1]
    assert isinstance(best, Outcome)
    assert final.result.points == best.points


def test_hindsight_outside_card_play_says_why() -> None:
    state = HandState.new(Deal.random(seed=1, dealer=0), Rules())
    with pytest.raises(ValueError, match="card play"):
        hindsight(state)
    play = _play_states(Rules(), 3, {0})[0]
    with pytest.raises(ValueError, match="not a legal play"):
        play_cost(play, "pass")
