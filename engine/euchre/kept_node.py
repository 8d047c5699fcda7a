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

from typing import NamedTuple

from euchre.actions import Action
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


class KeptDeal(NamedTuple):
    """What a kept node keeps fixed (its ``TABLE``): enough to replay the deal."""

    deal: Deal
    rules: Rules
    actions: tuple[Action, ...]
    actors: tuple[int, ...]


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
