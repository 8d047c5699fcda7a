"""The computer players of a room: each seat its own, seeded from the room.

>>> from euchre import Deal, HandState, Rules
>>> choose = computer_chooser(1, "easy")
>>> state = HandState.new(Deal.random(seed=2, dealer=0, rules=Rules()), Rules())
>>> str(choose(state.to_act, state)) in {str(a) for a in state.legal_actions()}
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import euchre
from euchre import Action, HandState

THINK_IN_A_THREAD = frozenset({"strong"})
"""Computer levels whose moves take long enough (up to ~20 ms) to be chosen off the loop."""

Chooser = Callable[[int, HandState], Action]


def computer_chooser(seed: int, level: str) -> Chooser:
    """A ``choose(seat, state)`` that asks each seat's own computer player."""
    players: dict[int, Any] = {}

    def choose(seat: int, state: HandState) -> Action:
        player = players.get(seat)
        if player is None:
            player = players[seat] = euchre.computer_player(level, seed=(seed + seat) % 2**31)
        action: Action = player.choose(state)
        return action

    return choose
