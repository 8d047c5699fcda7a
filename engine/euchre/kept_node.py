"""The kept kind of node (``node.py``): a finished deal held as little as reads it back.

A game keeps every deal it has finished (``Game.history``), and a room server keeps a game
for each of its rooms, so what a finished deal costs is paid once per deal of every match
in play. A kept node holds the deal, the rules, its actions and who made them, and the
fields a state reads without a position (the last action, the result, the phase); its full
``Position`` is replayed from those when someone reads more (the state that wraps the node
keeps it then, as any state keeps its position once built: a game keeps a fresh state for
each of its older deals, so only the deal just finished, the one under review, holds its
position).

>>> from euchre.deal import Deal
>>> from euchre.nodes import history_of, moved, position_of, root
>>> from euchre.phases import fields
>>> from euchre.rules import Rules
>>> from euchre.position import actions_and_actors
>>> deal, rules = Deal.random(seed=7, dealer=0), Rules()
>>> node = root(deal, rules)
>>> while node[LEGAL]:
...     node = moved(node, node[LEGAL][0])
>>> kept = kept_node(node, KeptDeal(deal, rules, *actions_and_actors(history_of(node))))
>>> fields(position_of(kept)) == fields(position_of(node))
True
>>> kept[RESULT] is node[RESULT], kept[ACTION] is node[ACTION], kept[TO_ACT]
(True, True, None)
"""

from __future__ import annotations

from collections.abc import Sequence

from euchre.actions import Action
from euchre.cards import CARDS_BY_ID
from euchre.deal import Deal
from euchre.node import (
    ACTION,
    KEPT,
    LEGAL,
    PHASE,
    RESULT,
    TABLE,
    TO_ACT,
    Node,
    NodeKind,
    PositionOf,
)
from euchre.phases import replay
from euchre.position import History, Position
from euchre.rules import Rules


class KeptDeal:
    """What a kept node keeps fixed (its ``TABLE``): enough to replay the deal, packed into
    one ``bytes`` (the deal's cards by ``Card.id``, each actor a byte, each action two
    bytes of its number in this process's list of the actions seen, :func:`action_code`):
    about a third of the memory of the deal's tuples of cards and actions, which a room
    server holds for every finished deal of every match in play. ``deal``, ``actions`` and
    ``actors`` read back equal values (each read builds them afresh).

    >>> from euchre.deal import Deal
    >>> from euchre.rules import Rules
    >>> deal, actions = Deal.random(seed=7, dealer=0), (Action.parse("pass"),)
    >>> kept = KeptDeal(deal, Rules(), actions, (1,))
    >>> kept.deal == deal, kept.actions == actions, kept.actors
    (True, True, (1,))
    """

    __slots__ = ("_actions", "_packed", "rules")

    def __init__(
        self, deal: Deal, rules: Rules, actions: Sequence[Action], actors: Sequence[int]
    ) -> None:
        self.rules = rules
        codes = _codes(actions)
        self._actions: tuple[Action, ...] | None = None if codes is not None else tuple(actions)
        self._packed = _pack(deal) + bytes(actors) + (codes or b"")

    def __reduce__(
        self,
    ) -> tuple[type[KeptDeal], tuple[Deal, Rules, tuple[Action, ...], tuple[int, ...]]]:
        # the action numbers are this process's own: another process is sent the values
        return (KeptDeal, (self.deal, self.rules, self.actions, self.actors))

    def _split(self) -> tuple[int, int]:
        """Where the actors begin in the packed bytes, and how many actions there are."""
        packed = self._packed
        players = packed[1]
        cards = sum(packed[2 : 2 + players]) + packed[3 + players]
        start = 4 + players + cards
        rest = len(packed) - start
        return start, rest if self._actions is not None else rest // 3

    @property
    def deal(self) -> Deal:
        """The deal, as dealt."""
        return _unpack(self._packed, self.rules)

    @property
    def actors(self) -> tuple[int, ...]:
        """The seat that made each action."""
        start, count = self._split()
        return tuple(self._packed[start : start + count])

    @property
    def actions(self) -> tuple[Action, ...]:
        """The deal's actions, in order."""
        if self._actions is not None:
            return self._actions
        start, count = self._split()
        codes = self._packed[start + count :]
        return tuple(
            _ACTIONS[high << 8 | low] for high, low in zip(codes[::2], codes[1::2], strict=True)
        )


_ACTIONS: list[Action] = []
"""Every action a kept deal has held in this process, by its number."""
_ACTION_NUMBERS: dict[Action, int] = {}
_MOST_ACTIONS = 1 << 16


def action_code(action: Action) -> int | None:
    """The number of ``action`` in this process's list of kept actions (given it the first
    time), or None once the list is full (a kept deal then holds its actions as they are).

    >>> action_code(Action.parse("play Jd")) == action_code(Action.parse("play Jd"))
    True
    """
    number = _ACTION_NUMBERS.get(action)
    if number is None:
        if len(_ACTIONS) >= _MOST_ACTIONS:
            return None
        number = _ACTION_NUMBERS[action] = len(_ACTIONS)
        _ACTIONS.append(action)
    return number


def _codes(actions: Sequence[Action]) -> bytes | None:
    """Each action's number in two bytes, or None when one has no number."""
    out = bytearray()
    for action in actions:
        number = action_code(action)
        if number is None:
            return None
        out += number.to_bytes(2, "big")
    return bytes(out)


_NO_UPCARD = 255


def _pack(deal: Deal) -> bytes:
    """The deal's dealer, hands, upcard and kitty as bytes (cards by ``Card.id``)."""
    hands = deal.hands
    up = _NO_UPCARD if deal.upcard is None else deal.upcard.id
    head = [deal.dealer, len(hands), *(len(hand) for hand in hands), up, len(deal.kitty)]
    return bytes(head + [card.id for hand in hands for card in hand] + [c.id for c in deal.kitty])


def _unpack(packed: bytes, rules: Rules) -> Deal:
    """The deal :func:`_pack` packed (its ``Deal.random`` rules given back, unchecked)."""
    players = packed[1]
    sizes = packed[2 : 2 + players]
    up, kitty = packed[2 + players], packed[3 + players]
    cards = [CARDS_BY_ID[i] for i in packed[4 + players : 4 + players + sum(sizes) + kitty]]
    hands, at = [], 0
    for size in sizes:
        hands.append(tuple(cards[at : at + size]))
        at += size
    upcard = None if up == _NO_UPCARD else CARDS_BY_ID[up]
    return Deal.known(packed[0], tuple(hands), upcard, tuple(cards[at:]), rules)


def kept_node(finished: Node, table: KeptDeal) -> Node:
    """A kept node for the finished deal at node ``finished``, which ``table`` replays
    (its deal, its rules, its actions and the seat that made each)."""
    return (KEPT, None, finished[ACTION], finished[TO_ACT], finished[LEGAL],
            finished[RESULT], finished[PHASE], table)  # fmt: skip


def _no_move(node: Node, action: Action | str) -> None:
    """A finished deal makes no move (the general path says why)."""
    return None


def _position(node: Node, position_of: PositionOf) -> Position:
    table: KeptDeal = node[TABLE]
    return replay(table.deal, table.rules, table.actions)


def _deal_and_rules(node: Node) -> tuple[Deal, Rules]:
    table: KeptDeal = node[TABLE]
    return table.deal, table.rules


def _history(node: Node) -> History:
    table: KeptDeal = node[TABLE]
    history: History = None
    for action, seat in zip(table.actions, table.actors, strict=True):
        history = (action, seat, history)
    return history


#: The kept kind (``node.py``).
KEPT_KIND = NodeKind(_no_move, _position, _deal_and_rules, _history)
