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
