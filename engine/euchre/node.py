"""A deal in progress as one small tuple, a *node*: what ``HandState`` wraps and what the
search core (``DealCore``) moves through.

Every node starts with the same seven fields (the indices below): how it moves, the node
before it, the action that led to it, the seat to act, the legal actions (a shared list),
the result and the phase. Then come the facts of its kind, the first of them its
``TABLE`` (what stays fixed for that kind of node):

- a *whole* node holds a full ``Position`` (any phase, any rules: ``core.py``);
- a *bid* node stands for a point of the bidding from a deal's start (``bid_node.py``);
- a *play* node stands for a point of the tricks, and an *over* node for their end
  (``play_node.py``).

A node never changes. ``node[MOVE](node, action)`` makes the next one when ``action`` is
one of ``node[LEGAL]`` (the very object) and the node's kind makes that move; otherwise it
returns None and ``core.move_checked`` takes the general way (parsing, checking, a full
position). A play node's move is made in place, without that call, by a ``Mover``
(``mover.py``: ``DealCore`` and ``HandState`` are movers). A node's full ``Position`` is
built only when asked for (``core.position_of``), from its table and the nodes before it.

>>> from euchre.core import root
>>> from euchre.deal import Deal
>>> from euchre.rules import Rules
>>> node = root(Deal.random(seed=7, dealer=0), Rules())
>>> node[TO_ACT], [str(a) for a in node[LEGAL]], node[PARENT] is None
(1, ['pass', 'order', 'order alone'], True)
>>> after = node[MOVE](node, node[LEGAL][0])
>>> after[TO_ACT], after[PARENT] is node, str(after[ACTION])
(2, True, 'pass')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from euchre.actions import Action

# A node: its seven common fields, then its kind's (see the module doc). A tuple is the
# cheapest value Python makes, and every action makes one.
Node = tuple[Any, ...]
Move = Callable[[Node, Action], "Node | None"]

MOVE: Final = 0  # the node's move: (node, action) -> the next node, or None
PARENT: Final = 1  # the node before (None at the first node of a state or a core)
ACTION: Final = 2  # the action that led here from the parent (None at a first node)
TO_ACT: Final = 3  # the seat that acts now (None once the deal is over)
LEGAL: Final = 4  # the legal actions now (a shared list: do not change it)
RESULT: Final = 5  # None until the deal is over, then its HandResult
PHASE: Final = 6  # the Phase
TABLE: Final = 7  # what the node's kind keeps fixed (for a whole node, its Position)
