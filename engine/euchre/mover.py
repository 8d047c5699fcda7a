"""Moving a deal on in place, from node to node: the engine's hot path.

A ``Mover`` stands at a node (``node.py``) and ``_push`` moves it to the next. Both faces
of the engine are movers: ``DealCore.push`` is ``_push`` itself (search moves one core
back and forth), and ``HandState.apply`` makes a new state at the same node and moves that
one before anyone sees it. So an action costs one call, whichever face makes it.

Four moves in five are cards, and a card is played right here: when it is one of the
node's legal cards (its ``PLAYABLE`` mask), the next play node is made from the few facts a
card changes (``play_node.py``); the deal's last card makes the over node with the result.
Every other action takes its node's own move (``node[MOVE]``), or the general way
(``core.move_checked``: parse, check, a full position), where an illegal action raises
IllegalAction and nothing changes.

>>> from euchre.core import root
>>> from euchre.deal import Deal
>>> from euchre.node import TO_ACT
>>> from euchre.rules import Rules
>>> node = moved(root(Deal.random(seed=7, dealer=0), Rules()), "order")
>>> node[TO_ACT]
0
"""

from __future__ import annotations

from euchre import core
from euchre.actions import Action, ActionKind
from euchre.node import MOVE, RESULT, Node
from euchre.phase import Phase
from euchre.play import PLAY_LISTS, plays_of
from euchre.play_node import (
    NO_LEGAL,
    T_CONTRACT,
    T_LEADS,
    T_MASKS,
    T_NEXT_OF,
    T_SIDE,
    over_move,
    play_move,
)

_PLAY = Phase.PLAY  # globals: an Enum member read through its class costs more
_OVER = Phase.OVER
_PLAY_KIND = ActionKind.PLAY


class Mover:
    """Stands at a node (``_node``) and moves on in place (``_push``; see the module doc).
    ``_reached`` hears of each node reached that holds a result."""

    __slots__ = ("_node",)

    _node: Node

    def _push(self, action: Action | str) -> None:
        """Make ``action`` (checked: an illegal one raises IllegalAction and changes
        nothing)."""
        node = self._node
        if node[MOVE] is play_move:  # four moves in five: a card, played here
            (_, _, _, seat, _, _, _, table, leader, unplayed, follow, keys, best, made,
             playable) = node  # fmt: skip
            try:
                card = action.cards[0]  # type: ignore[union-attr]  # a text has none
                playing = card.bit & playable and action.kind is _PLAY_KIND  # type: ignore[union-attr]
            except (AttributeError, IndexError):  # a text, or an action without a card
                playing = False
            if playing:
                ident = card.id
                unplayed ^= card.bit
                if keys is None:  # the card leads
                    follow, keys = table[T_LEADS][ident]
                    best = keys[ident] | seat
                else:
                    key = keys[ident] | seat
                    if key > best:
                        best = key
                following = table[T_NEXT_OF][seat]
                if following != leader:  # someone has still to play to this trick
                    hand = table[T_MASKS][following] & unplayed
                    hand = hand & follow or hand
                    try:
                        legal = PLAY_LISTS[hand]
                    except KeyError:  # a set of cards not seen lately
                        legal = plays_of(hand)
                    self._node = (play_move, node, action, following, legal, None, _PLAY,
                                  table, leader, unplayed, follow, keys, best, made, hand)  # fmt: skip
                    return
                winner = best & 7
                made += table[T_SIDE] >> winner & 1
                hand = table[T_MASKS][winner] & unplayed
                if hand:  # the winner leads the next trick, any card
                    self._node = (play_move, node, action, winner, plays_of(hand), None, _PLAY,
                                  table, winner, unplayed, 0, None, -1, made, hand)  # fmt: skip
                    return
                contract = table[T_CONTRACT]
                result = contract.results[made] or contract.outcome(made)
                after = (over_move, node, action, None, NO_LEGAL, result, _OVER, table, leader,
                         unplayed, winner)  # fmt: skip
            else:
                after = core.move_checked(node, action)
        else:
            after = node[MOVE](node, action)
            if after is None:
                after = core.move_checked(node, action)
        self._node = after
        if after[RESULT] is not None:
            self._reached(after)

    def _reached(self, node: Node) -> None:
        """Hear that ``node``, now reached, holds a result (nothing to do here)."""


def moved(node: Node, action: Action | str) -> Node:
    """The node after ``action`` from ``node`` (checked as ``Mover._push`` checks it)."""
    mover = _new(Mover)
    mover._node = node
    mover._push(action)
    return mover._node


_new = object.__new__
