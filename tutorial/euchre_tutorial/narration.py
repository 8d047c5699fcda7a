"""A whole deal as a narrator tells it (a worked example, a deal the learner looks back
on): the :class:`~euchre_tutorial.present.words.Narration` that ``present/`` reads, made
here from a ``HandState`` so that no function of ``present/`` ever takes the whole state.

>>> from euchre import Deal, HandState, Rules
>>> from euchre_tutorial.present.words import told
>>> state = HandState.new(Deal.random(seed=7, dealer=0), Rules()).apply("order")
>>> told(narration(state.apply("discard 9s")), ["North", "East", "South", "West"])
['East orders up ♣ clubs.', 'North discards 9♠ face down.']
"""

from __future__ import annotations

from euchre import HandState

from euchre_tutorial.present.words import Narration


def narration(state: HandState) -> Narration:
    """Every action of ``state`` with its actor and phase, every card named (a narrator's
    words: nobody's "you")."""
    return Narration(
        rules=state.rules,
        dealer=state.dealer,
        upcard=state.upcard,
        actions=tuple(state.actions),
        actors=tuple(state.actors),
        phases=tuple(state.phases),
        phase=state.phase,
        maker=state.maker,
        trump=state.trump,
    )
