"""What a click on the table asks for: a card button (``data-card``) means the action its
phase allows (play, discard, give or best), a choice button (``data-choice``) its action.
The engine decides whether it may be taken and says why not.

>>> from euchre import Deal, HandState, Rules
>>> s = HandState.new(Deal.random(seed=7, dealer=0), Rules())
>>> resolve(s, 1, {"card": s.hand(1)[0].code})[1]
'You cannot play a card yet: this is round one of making trump.'
>>> resolve(s, 2, {"action": "pass"})[1]
'It is East’s turn, not yours.'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from euchre import Action, HandState

from euchre_tutorial.present.seats import seat_names
from euchre_tutorial.present.words import card_action, card_verb


def click_text(state: HandState, me: int, payload: Mapping[str, Any]) -> str:
    """The action text of a click (``card`` code or ``action`` text) for seat ``me``, in
    the engine's own words for that card's action (a card set aside to call for the
    partner's best is "call for best Qc").

    >>> from euchre import Deal, Rules
    >>> rules = Rules().replace(calling_for_best=True)
    >>> s = HandState.new(Deal.random(seed=1, dealer=3, rules=rules), rules)
    >>> s = s.apply("order alone").apply("discard Kh")  # the lone player may call now
    >>> click_text(s, 0, {"card": "Js"}), click_text(s, 0, {"card": "J?"})
    ('call for best Js', 'call for best J?')
    """
    if "card" in payload:
        kind = card_action(state.view(me)) if state.to_act == me else None
        return f"{card_verb(kind) or 'play'} {payload['card']}"
    return str(payload.get("action", ""))


def resolve(
    state: HandState, me: int, payload: Mapping[str, Any]
) -> tuple[Action | None, str | None]:
    """The action a click asks for, or the reason it cannot be taken (the engine's words)."""
    names = seat_names(me, state.players)
    if state.to_act is None:
        return None, "This deal is over."
    if state.to_act != me:
        return None, f"It is {names[state.to_act]}’s turn, not yours."
    text = click_text(state, me, payload)
    reason = state.why_illegal(text)
    if reason is not None:  # the engine's clause, as a sentence
        return None, reason[:1].upper() + reason[1:] + (
            "" if reason.endswith((".", "!", "?")) else "."
        )
    return Action.parse(text), None
