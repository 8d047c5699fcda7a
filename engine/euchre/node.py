"""The node protocol: a deal in progress as one small tuple, what ``HandState`` wraps and
what the search core (``DealCore``) moves through.

Every node starts with the same eight fields (the indices below): its *kind*, the node
before it, the action that led to it, the seat to act, the legal actions (a shared list),
the result, the phase, and its ``TABLE`` (what stays fixed for nodes of its kind). Then come
the facts of its kind. The kind is a small number (``WHOLE``, ``BID``, ``PLAY``, ``OVER``,
``KEPT``), and each kind owns its module, which says how its nodes move and what position
they stand for (a ``NodeKind``):

- a *whole* node holds a full ``Position`` (any phase, any rules: ``whole_node.py``);
- a *bid* node stands for a point of Euchre's bidding from a deal's start (``bid_node.py``);
- a *play* node stands for a point of the tricks, and an *over* node for their end
  (``play_node.py``);
- a *kept* node is a finished deal as a game keeps it, replayed when read
  (``kept_node.py``).

``nodes.py`` gathers the kinds (``KINDS``, by kind number) and moves any node. A node
never changes: ``KINDS[node[KIND]].move(node, action)`` makes the next one when ``action``
is one of ``node[LEGAL]`` (the very object) and the kind makes that move; otherwise it
returns None and the general path takes over (``nodes.move_checked``: parsing, checking, a
full position). A node's full ``Position`` is built only when asked for.

Imports point one way: the values (cards, actions, rules, deals), the rules (the phase
table and its modules), the nodes (this protocol, then each kind, then ``nodes.py``), and
last the faces (``HandState``, ``DealCore``, ``SeatView``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from euchre.actions import Action

if TYPE_CHECKING:
    from euchre.deal import Deal
    from euchre.position import History, Position
    from euchre.rules import Rules

# A node: its eight common fields, then its kind's (see the module doc). A tuple is the
# cheapest value Python makes, and every action makes one.
Node = tuple[Any, ...]

KIND: Final = 0  # the node's kind: WHOLE, BID, PLAY, OVER or KEPT
PARENT: Final = 1  # the node before (None at the first node of a state or a core)
ACTION: Final = 2  # the action that led here from the parent (None at a first node)
TO_ACT: Final = 3  # the seat that acts now (None once the deal is over)
LEGAL: Final = 4  # the legal actions now (a shared list: do not change it)
RESULT: Final = 5  # None until the deal is over, then its HandResult
PHASE: Final = 6  # the Phase
TABLE: Final = 7  # what the node's kind keeps fixed (for a whole node, its Position)

# The kinds of node, numbered for ``nodes.KINDS``.
WHOLE: Final = 0
BID: Final = 1
PLAY: Final = 2
OVER: Final = 3
KEPT: Final = 4

PositionOf = Callable[[Node], "Position"]


class NodeKind(NamedTuple):
    """What a kind of node does, as its module defines it.

    ``move(node, action)``: the next node when ``action`` is one of the node's legal
    actions (the very object) and this kind makes that move; else None (an action given
    as text too: the general path reads it). ``position(node,
    position_of)``: the full position ``node`` stands for; ``position_of`` builds the
    position of any other node (a node's kind may need its parent's). ``deal_and_rules``:
    the deal and the rules, without a position. ``history(node)``: the actions so far and
    their actors, as the node's position keeps them, for a node that has them at hand: a
    whole node (any), or a first node of any kind (no parent: the actions before it).
    """

    move: Callable[[Node, Action | str], Node | None]
    position: Callable[[Node, PositionOf], Position]
    deal_and_rules: Callable[[Node], tuple[Deal, Rules]]
    history: Callable[[Node], History]
