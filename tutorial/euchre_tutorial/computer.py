"""The one place lessons and free play reach the engine's computer players and its coach.

:func:`choose` asks ``euchre.computer_player(level, seed)``; :func:`advise` turns
``euchre.coach(state)`` into plain data for the page.

A player is made afresh for every decision, seeded from the table's seed and the number of
actions so far, so a game or lesson replays to exactly the same moves.

>>> from euchre import Deal, HandState, Rules
>>> state = HandState.new(Deal.random(seed=3, dealer=0), Rules())
>>> choose(state, "normal", 7) in state.legal_actions()
True
>>> advice = advise(state)
>>> advice["action"] in [str(a) for a in state.legal_actions()] and bool(advice["reasons"])
True
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import euchre
from euchre import Action, HandState

LEVELS = ("easy", "normal", "strong")


def decision_seed(seed: int, state: HandState) -> int:
    """The seed of one decision: the table's seed mixed with how far the deal has gone.

    >>> from euchre import Deal, Rules
    >>> s = HandState.new(Deal.random(seed=1, dealer=0), Rules())
    >>> decision_seed(5, s) != decision_seed(5, s.apply("pass"))
    True
    """
    mixed = (seed * 1_000_003 + len(state.actions) * 7919 + state.dealer * 131) & 0x7FFFFFFF
    for char in "".join(card.code for card in state.deal.hands[0]):
        mixed = (mixed * 31 + ord(char)) & 0x7FFFFFFF
    return mixed


def choose(state: HandState, level: str = "normal", seed: int = 0) -> Action:
    """The computer's action for the seat to act in ``state`` (always a legal one). A
    decision depends on nothing else, so the last few thousand are remembered: a lesson
    step or a game replayed from its start asks the same ones again."""
    if not state.legal_actions():
        raise ValueError("nobody is to act: the deal is over")
    return _choose(state, level, seed)


@lru_cache(maxsize=4096)
def _choose(state: HandState, level: str, seed: int) -> Action:
    return euchre.computer_player(level, seed=decision_seed(seed, state)).choose(state)


def advise(state: HandState) -> dict[str, Any]:
    """The coach's advice for the seat to act: the action, the reasons and the alternatives,
    as plain data. Advice, never a rule."""
    if not state.legal_actions():
        raise ValueError("nobody is to act: the deal is over")
    advice = euchre.coach(state)
    return {
        "action": str(advice.action),
        "reasons": [str(r) for r in advice.reasons],
        "alternatives": [
            {"action": str(a), "value": round(float(v), 2)}
            for a, v in list(advice.alternatives)[:4]
        ],
        "ready": True,
    }
