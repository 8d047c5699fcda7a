"""Computer players and the coach.

``computer_player(level, seed)`` gives a player ("easy", "normal" or "strong") whose
``choose(state)`` returns a legal action for ``state.to_act``, decided only from that
seat's view. ``coach(state)`` gives advice for the seat to act: the strong player's choice,
its reasons in plain words, and how the alternatives compare. ``hindsight(state)`` gives,
with every card known, the best result each legal card still allows (for a hand review).

>>> from euchre import Deal, HandState, Rules
>>> state = HandState.new(Deal.random(seed=2, dealer=3), Rules())
>>> coach(state).action == computer_player("strong").choose(state)
True
"""

from euchre.players.coach import Advice, coach
from euchre.players.hindsight import Outcome, best_line, hindsight, play_cost
from euchre.players.levels import (
    LEVELS,
    EasyPlayer,
    NormalPlayer,
    Player,
    StrongPlayer,
    computer_player,
)
from euchre.players.words import action_words

__all__ = [
    "LEVELS",
    "Advice",
    "EasyPlayer",
    "NormalPlayer",
    "Outcome",
    "Player",
    "StrongPlayer",
    "action_words",
    "best_line",
    "coach",
    "computer_player",
    "hindsight",
    "play_cost",
]
