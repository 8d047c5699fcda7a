"""Every kind of node in one table, and the moves and readings any node allows: the top of
the nodes layer, below the faces (``HandState``, ``DealCore``).

``KINDS`` holds each kind's ``NodeKind`` by its number (``node.py``), ``MOVES`` their moves.
A face moves one node to the next with ``MOVES[node[KIND]](node, action)``, and when the
kind does not make that move (an action given as text, one made elsewhere, a move the fast
path leaves alone, an illegal action) with ``move_checked``: parse, check, and the phase
table's move on the full position. ``position_of`` builds the full position a node stands
for; ``history_of`` and ``phases_of`` read the actions so far without building it.

>>> from euchre.deal import Deal
>>> from euchre.node import PARENT, TO_ACT
>>> from euchre.rules import Rules
>>> node = moved(root(Deal.random(seed=7, dealer=0), Rules()), "order")
>>> node[TO_ACT], node[PARENT][TO_ACT]
(0, 1)
"""

from __future__ import annotations

from euchre.actions import Action, ActionError, IllegalAction
from euchre.bid_node import BID_KIND, bid_root
from euchre.deal import Deal
from euchre.kept_node import KEPT_KIND
from euchre.node import ACTION, KIND, LEGAL, PARENT, PHASE, TO_ACT, WHOLE, Node
from euchre.phase import Phase
from euchre.phases import advance, checked, start, started
from euchre.play_node import OVER_KIND, PLAY_KIND
from euchre.position import History, Position, actions_in
from euchre.rules import Rules
from euchre.whole_node import WHOLE_KIND, wrap

#: Every kind of node, by its number (``node.WHOLE``, ``BID``, ``PLAY``, ``OVER``,
#: ``KEPT``).
KINDS = (WHOLE_KIND, BID_KIND, PLAY_KIND, OVER_KIND, KEPT_KIND)
#: Their moves, by the same number: the one look-up a face makes per action.
MOVES = tuple(kind.move for kind in KINDS)

_ROUND_ONE = Phase.ROUND_ONE
_PLAY = Phase.PLAY


def root(deal: Deal, rules: Rules) -> Node:
    """The node right after the deal (``phases.start``'s position, on the bidding's fast
    path when it can be). A deal impossible under the rules raises."""
    deal.check(rules)
    if rules.farmers_hand != "off":  # a farmer's hand may be settled first
        p = started(deal, rules)
        if p["phase"] is not _ROUND_ONE:
            return wrap(p, None, None)
    node = bid_root(deal, rules)
    if node is None:
        return wrap(started(deal, rules), None, None)
    return node


def moved(node: Node, action: Action | str) -> Node:
    """The node after ``action`` from ``node``: the kind's own move for a listed action,
    else the general way (an illegal one raises IllegalAction)."""
    after = MOVES[node[KIND]](node, action)
    return move_checked(node, action) if after is None else after


def move_checked(node: Node, action: Action | str) -> Node:
    """The node after ``action`` the general way: for an action given as text or made
    elsewhere, or a move the node's kind leaves to the general path. An illegal or
    malformed action raises IllegalAction (and nothing changes)."""
    try:
        parsed = Action.parse(action)
    except ActionError as exc:
        raise IllegalAction(str(exc)) from None
    for listed in node[LEGAL]:
        if listed == parsed:  # the listed action itself takes the node's own move
            after: Node | None = MOVES[node[KIND]](node, listed)
            if after is not None:
                return after
            break
    p = position_of(node)
    made = checked(p, parsed)  # raises before anything changes
    return wrap(advance(p, made), node, made)


def position_of(node: Node) -> Position:
    """The full position ``node`` stands for (it may be shared: do not change it)."""
    return KINDS[node[KIND]].position(node, position_of)


def deal_and_rules(node: Node) -> tuple[Deal, Rules]:
    """The deal and the rules of ``node``, without building its position."""
    return KINDS[node[KIND]].deal_and_rules(node)


def history_of(node: Node) -> History:
    """The actions so far and their actors (as a position keeps them), without building
    the node's position: collected back to a node that keeps them (a whole node, or a
    first node)."""
    pairs = []
    while node[KIND] != WHOLE and (parent := node[PARENT]) is not None:
        pairs.append((node[ACTION], parent[TO_ACT]))
        node = parent
    history = KINDS[node[KIND]].history(node)
    for action, seat in reversed(pairs):
        history = (action, seat, history)
    return history


def phases_of(node: Node) -> tuple[Phase, ...]:
    """The phase each action so far was made in, in order (what a pass meant: keeping a
    farmer's hand, passing the upcard, declining to defend alone...), without building the
    node's position. A first node made from a position has the actions before it replayed.

    >>> from euchre.rules import Rules
    >>> node = root(Deal.random(seed=7, dealer=0), Rules())
    >>> for action in ("pass", "pass", "pass", "order", "discard 9s"):
    ...     node = moved(node, action)
    >>> [phase.name for phase in phases_of(node)]
    ['ROUND_ONE', 'ROUND_ONE', 'ROUND_ONE', 'ROUND_ONE', 'DISCARD']
    """
    phases = []
    while (parent := node[PARENT]) is not None:
        phases.append(parent[PHASE])
        node = parent
    earlier = actions_in(history_of(node))
    if earlier:
        phases.extend(reversed(_replayed_phases(*deal_and_rules(node), earlier)))
    phases.reverse()
    return tuple(phases)


def _replayed_phases(deal: Deal, rules: Rules, actions: tuple[Action, ...]) -> list[Phase]:
    """The phase of each of ``actions`` (legal, in order) from the start of ``deal``: only
    the bidding is replayed, as every action from the first lead on is a play."""
    p = start(deal, rules)
    out: list[Phase] = []
    for action in actions:
        phase = p["phase"]
        if phase is _PLAY:
            return out + [phase] * (len(actions) - len(out))
        out.append(phase)
        p = advance(p, action)
    return out
