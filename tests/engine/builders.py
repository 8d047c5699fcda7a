"""Builders for the engine tests: deals and states from card texts."""

from __future__ import annotations

from euchre import Deal, HandState, Rules
from euchre.rng import SeededRandom


def make_state(
    hands: list[str], upcard: str, dealer: int = 3, rules: Rules | None = None, kitty: str = ""
) -> HandState:
    """A state from hands written as card texts, seat by seat."""
    return HandState.new(Deal(dealer, hands, upcard, kitty), rules or Rules())


def play_out(state: HandState, *actions: str) -> HandState:
    """Apply each action text in turn."""
    for action in actions:
        state = state.apply(action)
    return state


def random_deal(rules: Rules, seed: int) -> list[HandState]:
    """Every state of one deal of random legal actions, from the deal to its end."""
    rng = SeededRandom(seed)
    state = HandState.new(Deal.random(seed, seed % rules.players, rules), rules)
    states = [state]
    while state.result is None:
        state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states


# A fixed deal used by many tests: dealer 3, upcard 9♥, seat 0 left of the dealer.
HANDS = [
    "Jh Jd Ah Kh Qh",  # seat 0: every top heart
    "9c Tc Qc Kc Ac",  # seat 1: all clubs
    "9d Td Qd Kd Ad",  # seat 2: diamonds
    "9s Ts Qs Ks As",  # seat 3 (dealer): spades
]
UPCARD = "9h"
KITTY = "Th Jc Js"
