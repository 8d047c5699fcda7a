"""A seat's view as JSON text, the same as ``json.dumps(view.to_dict())`` but made faster.

The room server encodes a view for every connected seat after every move, so this is its
busiest code. The engine's ``SeatView.to_dict`` turns every card and action of the deal
into text again each time; here each card's code and each action's text is worked out once
for the process (a deck has at most 33 cards, a deal a few hundred distinct actions) and
the JSON is written directly. The fields are the engine's: if ``to_dict`` ever gives
other keys than these, ``FAST`` is False and every view is encoded through ``to_dict``
itself (tests/rooms/test_viewcodec.py checks the two agree over whole deals).

>>> from euchre import Deal, HandState, Rules
>>> import json
>>> view = HandState.new(Deal.random(seed=3, dealer=0, rules=Rules()), Rules()).view(1)
>>> json.loads(view_text(view)) == view.to_dict()
True
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Any

from euchre import Action, Card, Deal, HandState, Phase, Rules, SeatView, Suit, Trick

KEYS = (
    "seat",
    "dealer",
    "upcard",
    "hand",
    "hand_sizes",
    "actions",
    "actors",
    "phases",
    "phase",
    "to_act",
    "trump",
    "maker",
    "alone",
    "sitting_out",
    "tricks",
    "current_trick",
    "discard",
    "legal",
    "defender",
    "picked_up",
    "bid",
)
"""The keys of ``SeatView.to_dict()``, in its order."""

_CARDS: dict[Card, str] = {}
_ACTIONS: dict[Action, str] = {}
_PHASES: dict[Phase, str] = {}
_SUITS: dict[Suit, str] = {}


def _card(card: Card) -> str:
    text = _CARDS.get(card)
    if text is None:
        text = _CARDS[card] = json.dumps(card.code)
    return text


def _action(action: Action) -> str:
    text = _ACTIONS.get(action)
    if text is None:
        text = _ACTIONS[action] = json.dumps(str(action))
    return text


def _phase(phase: Phase) -> str:
    text = _PHASES.get(phase)
    if text is None:
        text = _PHASES[phase] = json.dumps(phase.name.lower())
    return text


def _suit(suit: Suit | None) -> str:
    if suit is None:
        return "null"
    text = _SUITS.get(suit)
    if text is None:
        text = _SUITS[suit] = json.dumps(suit.letter)
    return text


def _ints(values: Iterable[int]) -> str:
    return "[" + ",".join(map(str, values)) + "]"


def _maybe(value: int | None) -> str:
    return "null" if value is None else str(value)


def _cards(cards: Iterable[Card]) -> str:
    return "[" + ",".join(map(_card, cards)) + "]"


def _tricks(tricks: Iterable[Trick]) -> str:
    return (
        "["
        + ",".join(
            f'{{"leader":{t.leader},"seats":{_ints(t.seats)},"cards":{_cards(t.cards)},'
            f'"winner":{_maybe(t.winner)}}}'
            for t in tricks
        )
        + "]"
    )


class Encoder:
    """Encodes the views of one moment of a deal: a part that several views hold alike
    (the tricks, the actions, who made them: everything public) is encoded once and reused
    for every view whose part is equal to it, so four seats' views cost little more than
    one. Equal values give equal JSON, so nothing one seat may not know can come from
    another seat's view.

    >>> from euchre import Deal, HandState, Rules
    >>> state = HandState.new(Deal.random(seed=3, dealer=0, rules=Rules()), Rules())
    >>> encoder = Encoder()
    >>> [json.loads(encoder.text(state.view(s))) == state.view(s).to_dict() for s in range(4)]
    [True, True, True, True]
    """

    __slots__ = ("parts",)

    def __init__(self) -> None:
        self.parts: dict[str, tuple[object, str]] = {}

    def _part(self, name: str, value: object, encode: Callable[[Any], str]) -> str:
        kept = self.parts.get(name)
        if kept is not None and (kept[0] is value or kept[0] == value):
            return kept[1]
        text = encode(value)
        self.parts[name] = (value, text)
        return text

    def text(self, view: SeatView) -> str:
        """``view`` as compact JSON: ``view.to_dict()``, encoded."""
        if not FAST:
            return _engine(view)
        part = self._part
        discard = "null" if view.discard is None else _card(view.discard)
        upcard = "null" if view.upcard is None else _card(view.upcard)
        return (
            f'{{"seat":{view.seat},"dealer":{view.dealer},"upcard":{upcard},'
            f'"hand":{_cards(view.hand)},"hand_sizes":{_ints(view.hand_sizes)},'
            f'"actions":{part("actions", view.actions, _actions)},'
            f'"actors":{part("actors", view.actors, _ints)},'
            f'"phases":{part("phases", view.phases, _phases)},"phase":{_phase(view.phase)},'
            f'"to_act":{_maybe(view.to_act)},"trump":{_suit(view.trump)},'
            f'"maker":{_maybe(view.maker)},"alone":{"true" if view.alone else "false"},'
            f'"sitting_out":{_ints(sorted(view.sitting_out))},'
            f'"tricks":{part("tricks", view.tricks, _tricks)},'
            f'"current_trick":{part("current_trick", view.current_trick, _current)},'
            f'"discard":{discard},"legal":{_actions(view.legal)},'
            f'"defender":{_maybe(view.defender)},'
            f'"picked_up":{"true" if view.picked_up else "false"},"bid":{_maybe(view.bid)}}}'
        )


def _actions(actions: Iterable[Action]) -> str:
    return "[" + ",".join(map(_action, actions)) + "]"


def _phases(phases: Iterable[Phase]) -> str:
    return "[" + ",".join(map(_phase, phases)) + "]"


def _current(current: Iterable[tuple[int, Card]]) -> str:
    return "[" + ",".join(f"[{s},{_card(c)}]" for s, c in current) + "]"


def _engine(view: SeatView) -> str:
    return json.dumps(view.to_dict(), separators=(",", ":"))


def _keys_agree() -> bool:
    """Whether the engine's ``to_dict`` has exactly the keys this module writes."""
    rules = Rules()
    view = HandState.new(Deal.random(seed=1, dealer=0, rules=rules), rules).view(1)
    return tuple(view.to_dict()) == KEYS


FAST = _keys_agree()
"""True while the engine's view has the fields this module knows."""


def view_text(view: SeatView) -> str:
    """``view`` as compact JSON: ``view.to_dict()``, encoded (alone: see ``Encoder``)."""
    return Encoder().text(view)
