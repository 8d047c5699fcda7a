"""The whole kind of node (``node.py``): a node that holds its full ``Position``, for any
phase of any variant, moved by the phase table (``phases.advance``).

Whatever the fast paths do not cover takes whole nodes: Bid Euchre's bidding, a dealer who
may decline, a dealer left out by a partner alone, a deal thrown in, call-ace, calling for
best, defending alone, a farmer's hand. Once the tricks begin, ``wrap`` hands the position
to a play node, so that every variant plays its cards on the hot path.

>>> from euchre.deal import Deal
>>> from euchre.node import LEGAL, TO_ACT
>>> from euchre.phases import start
>>> from euchre.rules import Rules
>>> bid = Rules.profile("bid-euchre")
>>> node = wrap(start(Deal.random(seed=7, dealer=0, rules=bid), bid), None, None)
>>> node[TO_ACT], [str(a) for a in node[LEGAL]]
(1, ['pass', 'bid 3', 'bid 4', 'bid 5', 'bid 6', 'bid moon'])
"""

from __future__ import annotations

from euchre.actions import Action
from euchre.deal import Deal
from euchre.node import LEGAL, TABLE, WHOLE, Node, NodeKind, PositionOf
from euchre.phase import Phase
from euchre.phases import advance, legal_actions
from euchre.play_node import play_node_of
from euchre.position import History, Position
from euchre.rules import Rules

_PLAY = Phase.PLAY


def wrap(p: Position, parent: Node | None, action: Action | None) -> Node:
    """The node of ``p`` (which must not change afterwards), reached from ``parent`` by
    ``action`` (both None for a first node): a play node in the play phase, else a whole
    node."""
    phase = p["phase"]
    if phase is _PLAY:
        return play_node_of(p, parent, action)
    legal = p["legal"]
    return (WHOLE, parent, action, p["to_act"],
            legal_actions(p) if legal is None else legal, p["result"], phase, p)  # fmt: skip


def _move(node: Node, action: Action | str) -> Node | None:
    """A whole node's move: the phase table's (``advance``), when ``action`` is one of the
    node's legal actions (the very object); else None."""
    legal: list[Action] = node[LEGAL]
    for listed in legal:
        if listed is action:
            return wrap(advance(node[TABLE], listed), node, listed)
    return None


def _position(node: Node, position_of: PositionOf) -> Position:
    position: Position = node[TABLE]
    return position


def _deal_and_rules(node: Node) -> tuple[Deal, Rules]:
    table = node[TABLE]
    return table["deal"], table["rules"]


def _history(node: Node) -> History:
    history: History = node[TABLE]["history"]
    return history


#: The whole kind (``node.py``).
WHOLE_KIND = NodeKind(_move, _position, _deal_and_rules, _history)
