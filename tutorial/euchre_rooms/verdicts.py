"""What a player's own move in a room tells that player's progress page: the verdicts free
play gives (``euchre_tutorial.mastery``). A move the rules refuse shows the item the player
has to work on; a bid, discard or lead the coach weighs trains its decision, right or
missed. Each verdict goes to the seat that moved, and to nobody else; the coach reads only
that seat's view, so a verdict tells the player nothing the seat could not know.

>>> from euchre import Deal, HandState, Rules
>>> st = HandState.new(Deal.random(seed=1, dealer=0, rules=Rules()), Rules())
>>> refused_move(st, 1, "call spades")
{'skill': 'ordering-up', 'item': 'what may be done in round one', 'correct': False}
>>> weighed_move(st, 1, "order alone")
{'skill': 'ordering-up', 'item': 'ordering up when an opponent deals', 'correct': False}
"""

from __future__ import annotations

from typing import Any

from euchre import Action, HandState
from euchre_tutorial.mastery.items import item_of_mistake, mastery_field
from euchre_tutorial.mastery.judge import decision_item, judge

from euchre_rooms.room import parse_action


def refused_move(state: HandState, seat: int, text: str) -> dict[str, Any] | None:
    """The verdict on ``seat``'s move ``text``, refused in ``state``: the item it shows to
    work on, as missed; None when the engine would take the move (it was refused for
    something else: a stale view) or the refusal teaches nothing (not that seat's turn)."""
    if state.why_illegal(text) is None:
        return None
    return mastery_field(item_of_mistake(state, seat, text), False)


def may_be_weighed(state: HandState, seat: int, text: str) -> bool:
    """Whether ``seat``'s legal move ``text`` is a decision the coach weighs (a bid, the
    discard, a lead): cheap, so the server asks the coach only for those, not for each card
    played to a trick.

    >>> from euchre import Deal, Rules
    >>> st = HandState.new(Deal.random(seed=1, dealer=0, rules=Rules()), Rules())
    >>> may_be_weighed(st, 1, "pass"), may_be_weighed(st.apply("order"), 0, "discard 9s")
    (True, True)
    >>> for action in ("order", "discard Tc", "play Td"): st = st.apply(action)
    >>> may_be_weighed(st, 2, "play Kd")  # following to a trick
    False
    """
    return decision_item(state, seat, parse_action(text)) is not None


def weighed_move(state: HandState, seat: int, text: str) -> dict[str, Any] | None:
    """The verdict on ``seat``'s legal move ``text``, made in ``state``: the decision it
    trains and whether the coach rates it right; None for a move that trains nothing, or a
    close call."""
    judged = judge(state, seat, Action.parse(text))
    return None if judged is None else mastery_field(*judged)
