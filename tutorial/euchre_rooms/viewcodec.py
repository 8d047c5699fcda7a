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


Shared = tuple[str, str, str, str, str]
"""The encoded fields every seat's view of one moment holds alike, in five runs (the
seat's own fields come between them)."""

KEPT = 3
"""How many values of each shared part an ``Encoder`` keeps with their JSON (the public
actions, a dealer's own with its discard, ...)."""


class Encoder:
    """Encodes the views of a deal, moment after moment: a part that several views hold
    alike (the tricks, the actions, who made them: everything public) is encoded once and
    reused for every view whose part is equal to it, so four seats' views cost little more
    than one; and a part that only grew since it was last encoded (the actions and the
    tricks of a deal: the ones already made do not change) has only its new items encoded,
    added to the text it had. Equal values give equal JSON, so nothing one seat may not
    know can come from another seat's view.

    >>> from euchre import Deal, HandState, Rules
    >>> state = HandState.new(Deal.random(seed=3, dealer=0, rules=Rules()), Rules())
    >>> encoder = Encoder()
    >>> [json.loads(encoder.text(state.view(s))) == state.view(s).to_dict() for s in range(4)]
    [True, True, True, True]
    >>> later = state.apply("pass").apply("pass")
    >>> json.loads(encoder.text(later.view(0))) == later.view(0).to_dict()
    True
    """

    __slots__ = ("parts",)

    def __init__(self) -> None:
        self.parts: dict[str, list[tuple[tuple[Any, ...], str]]] = {}

    def _part(self, name: str, value: tuple[Any, ...], encode: Callable[[Any], str]) -> str:
        kept = self.parts.get(name)
        if kept is None:
            kept = self.parts[name] = []
        for old, text in kept:
            if old is value or old == value:
                return text
        text = _grown(kept, value, encode)
        kept.insert(0, (value, text))
        del kept[KEPT:]
        return text

    def shared(self, view: SeatView) -> Shared:
        """The fields of ``view`` that every seat's view of its moment holds alike (all but
        the seat, its hand, the actions as it saw them, ``alone``, its discard and its
        legal actions), encoded: give them to ``text`` for every view of that moment."""
        upcard = "null" if view.upcard is None else _card(view.upcard)
        part = self._part
        return (
            f'"dealer":{view.dealer},"upcard":{upcard},',
            f'"hand_sizes":{_ints(view.hand_sizes)},',
            f'"actors":{part("actors", view.actors, _ints)},'
            f'"phases":{part("phases", view.phases, _phases)},"phase":{_phase(view.phase)},'
            f'"to_act":{_maybe(view.to_act)},"trump":{_suit(view.trump)},'
            f'"maker":{_maybe(view.maker)},',
            f'"sitting_out":{_ints(sorted(view.sitting_out))},'
            f'"tricks":{part("tricks", view.tricks, _tricks)},'
            f'"current_trick":{part("current_trick", view.current_trick, _current)},',
            f'"defender":{_maybe(view.defender)},'
            f'"picked_up":{"true" if view.picked_up else "false"},"bid":{_maybe(view.bid)}}}',
        )

    def text(self, view: SeatView, shared: Shared | None = None) -> str:
        """``view`` as compact JSON: ``view.to_dict()``, encoded. ``shared``: ``shared()``
        of a view of the same moment (the same deal after the same actions), made once
        for all its seats; without it, made for this view."""
        if not FAST:
            return _engine(view)
        dealer, sizes, public, table, tail = shared or self.shared(view)
        discard = "null" if view.discard is None else _card(view.discard)
        return (
            f'{{"seat":{view.seat},{dealer}"hand":{_cards(view.hand)},{sizes}'
            f'"actions":{self._part("actions", view.actions, _actions)},{public}'
            f'"alone":{"true" if view.alone else "false"},{table}'
            f'"discard":{discard},"legal":{_actions(view.legal)},{tail}'
        )


def _grown(
    kept: list[tuple[tuple[Any, ...], str]], value: tuple[Any, ...], encode: Callable[[Any], str]
) -> str:
    """``encode(value)``, from the text of a kept value that ``value`` begins with when
    there is one: only the items after it are encoded.

    >>> _grown([((1, 2), "[1,2]")], (1, 2, 3, 4), _ints)
    '[1,2,3,4]'
    >>> _grown([((), "[]")], (5,), _ints)
    '[5]'
    """
    for old, text in kept:
        n = len(old)
        if n and n < len(value) and value[:n] == old:
            return text[:-1] + "," + encode(value[n:])[1:]
    return encode(value)


def _actions(actions: Iterable[Action]) -> str:
    return "[" + ",".join(map(_action, actions)) + "]"


def actions_text(actions: Iterable[Action]) -> str:
    """Actions as a compact JSON list of their texts, each action's text made once for
    the process.

    >>> from euchre import Action
    >>> actions_text([Action.parse("pass"), Action.parse("play Jd")])
    '["pass","play Jd"]'
    """
    return _actions(actions)


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
