"""Shared helpers for the players' tests: rule sets, random games, hidden-card shuffles."""

from __future__ import annotations

import random
from collections.abc import Iterator

from euchre import Action, Card, Deal, HandState, IllegalAction, Rules
from euchre.rng import SeededRandom

# Option mixes beyond the profiles (each must be accepted by Rules).
MIXES: dict[str, dict[str, object]] = {
    "defend-alone": {"defend_alone": True, "lead_against_loner": "left_of_loner"},
    "calling-for-best": {"calling_for_best": True, "defend_alone": True},
    "no-trump": {"no_trump": True, "stick_the_dealer": True},
    "joker": {"joker": True, "stick_the_dealer": True},
    "farmer-swap": {"farmers_hand": "three_low", "farmers_remedy": "swap"},
    "farmer-redeal": {"farmers_hand": "three_low", "farmers_remedy": "redeal"},
    "canadian": {"canadian_loner": True, "stick_the_dealer": True},
    "decline": {"dealer_may_decline": True},
    "call-ace-5": {"players": 5, "partnerships": False, "call_ace": True, "deck": 32},
    "three-handed": {"players": 3, "partnerships": False},
    "six-handed": {"players": 6, "deck": 32, "defend_alone": True},
}


def rule_sets() -> dict[str, Rules]:
    """Every profile and every option mix."""
    out = {name: Rules.profile(name) for name in Rules.profiles()}
    for name, options in MIXES.items():
        out[name] = Rules().replace(**options)
    return out


class RandomChooser:
    """Random legal actions (to steer deals into rare phases: going alone, defending...)."""

    def __init__(self, seed: int) -> None:
        self.rng = SeededRandom(seed)

    def choose(self, state: HandState) -> Action:
        return self.rng.choice(state.legal_actions())


def states_of_deal(deal: Deal, rules: Rules, choosers: list) -> Iterator[HandState]:  # type: ignore[type-arg]
    """Every state of a deal where someone acts, the seats choosing with ``choosers``."""
    state = HandState.new(deal, rules)
    while state.result is None:
        yield state
        assert state.to_act is not None
        state = state.apply(choosers[state.to_act].choose(state))


def seen_by(state: HandState, seat: int) -> set[Card]:
    """Cards ``seat`` has seen: its dealt hand and current hand, the upcard, every played
    card, and the cards of its own visible actions."""
    view = state.view(seat)
    seen = set(state.deal.hands[seat]) | set(view.hand) | {state.upcard}
    seen |= set(view.played_cards())
    for action in view.actions:
        seen |= set(action.cards)
    if view.discard is not None:
        seen.add(view.discard)
    return seen


def shuffled_hidden(
    state: HandState, seat: int, rng: random.Random, swaps: int
) -> HandState | None:
    """The same deal with some cards ``seat`` has not seen exchanged between the other
    hands and the kitty (every action replayed, hidden ones remapped), or None when that
    exchange breaks the replay or changes the seat's view."""
    hidden = sorted(set(state.deal.all_cards()) - seen_by(state, seat), key=lambda c: c.code)
    if len(hidden) < 2:
        return None
    mapping = {c: c for c in hidden}
    for _ in range(swaps):
        a, b = rng.sample(hidden, 2)
        mapping[a], mapping[b] = mapping[b], mapping[a]

    def m(card: Card) -> Card:
        return mapping.get(card, card)

    deal = state.deal
    new_deal = Deal(
        deal.dealer,
        [[m(c) for c in hand] for hand in deal.hands],
        deal.upcard,
        [m(c) for c in deal.kitty],
    )
    if new_deal == deal:
        return None
    actions = [Action(a.kind, a.suit, tuple(m(c) for c in a.cards), a.alone) for a in state.actions]
    try:
        new = HandState.replay(new_deal, state.rules, actions)
    except (IllegalAction, ValueError):
        return None
    if new.view(seat).to_dict() != state.view(seat).to_dict() or new.to_act != state.to_act:
        return None
    return new
