"""Moves the rules refuse, for tests that make a learner tap them."""

from __future__ import annotations

from euchre import HandState, Phase


def illegal_plays(state: HandState) -> list[str]:
    """The plays of the cards the seat to act holds but may not play now, as actions' text:
    empty outside the play, or when every card may be played.

    >>> from euchre import Deal, Rules
    >>> st = HandState.new(Deal.random(seed=1, dealer=0, rules=Rules()), Rules())
    >>> illegal_plays(st)
    []
    >>> for action in ("order", "discard Tc", "play Td"): st = st.apply(action)
    >>> illegal_plays(st)  # diamonds led, hearts trump: only K♦ follows (J♦ is a heart)
    ['play 9h', 'play As', 'play Ks', 'play Jd']
    """
    seat = state.to_act
    if state.phase is not Phase.PLAY or seat is None:
        return []
    return [
        f"play {c.code}"
        for c in state.hand(seat)
        if state.why_illegal(f"play {c.code}") is not None
    ]
