"""The one place lessons and free play reach the engine's computer players and its coach.

``euchre.computer_player(level, seed)`` and ``euchre.coach(state)`` are being written; until
they exist, :func:`choose` picks the first legal action and :func:`advise` recommends it,
saying plainly that the coach is not ready. Once the engine has them, both switch over
without a change here.

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
    """The computer's action for the seat to act in ``state`` (always a legal one)."""
    legal = state.legal_actions()
    if not legal:
        raise ValueError("nobody is to act: the deal is over")
    factory = getattr(euchre, "computer_player", None)
    if factory is not None:
        try:
            player = factory(level, seed=decision_seed(seed, state))
            action = player.choose(state)
            action = Action.parse(action) if isinstance(action, str) else action
            if action in legal:
                return action
        except Exception:  # a young computer player must not stop a game
            pass
    return legal[0]


def advise(state: HandState) -> dict[str, Any]:
    """The coach's advice for the seat to act: the action, the reasons and the alternatives,
    as plain data. Advice, never a rule."""
    legal = state.legal_actions()
    if not legal:
        raise ValueError("nobody is to act: the deal is over")
    coach = getattr(euchre, "coach", None)
    if coach is not None:
        try:
            advice = coach(state)
            action = Action.parse(advice.action) if isinstance(advice.action, str) else advice.action
            if action in legal:
                return {
                    "action": str(action),
                    "reasons": [str(r) for r in advice.reasons],
                    "alternatives": [
                        {"action": str(a), "value": round(float(v), 2)}
                        for a, v in list(advice.alternatives)[:4]
                    ],
                    "ready": True,
                }
        except Exception:
            pass
    return {
        "action": str(legal[0]),
        "reasons": ["The coach is not available yet, so this is simply the first legal choice."],
        "alternatives": [],
        "ready": False,
    }
