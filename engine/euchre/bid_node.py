"""Euchre's making of trump from a deal's start, one small node per action: the bid kind of
node (``node.py``), the bidding's fast path.

From a deal's start, a pass or an order up changes only who acts, the phase and the count
of passes: a bid node holds those, the legal actions and the deal, beside a ``BidTable``
that keeps what every deal of the same rules and dealer shares (the seats in turn, the
legal actions of round one, the contracts made so far). Trump is made by the dealer's
discard (or a call in round two): ``bid_move`` then makes the node of the first lead
directly (``play_node.first_lead_node``). Whatever the fast path does not cover (the dealer
left out by a partner alone, a deal thrown in, a contract with more to decide before the
first lead) it leaves to the general path (``bid_move`` returns None), and a bid node's
full position is replayed from the deal's start only when someone asks for it, so every
node stands for exactly the position that ``phases.advance`` reaches.

>>> from euchre.node import LEGAL, PHASE, TO_ACT
>>> node = bid_root(Deal.random(seed=7, dealer=0), Rules())
>>> assert node is not None
>>> node[TO_ACT], [str(a) for a in node[LEGAL]]
(1, ['pass', 'order', 'order alone'])
>>> after = bid_move(node, node[LEGAL][1])
>>> assert after is not None
>>> after[TO_ACT], after[PHASE], len(after[LEGAL])
(0, <Phase.DISCARD: "the dealer's discard">, 6)
"""

from __future__ import annotations

from typing import Final

from euchre import actions as A
from euchre.actions import DISCARDS, Action
from euchre.bidding import dealer_sits_out, proposed_suit, round_one_legal, round_two_legal
from euchre.cards import Suit
from euchre.deal import Deal
from euchre.node import ACTION, BID, LEGAL, PARENT, TABLE, TO_ACT, Node, NodeKind, PositionOf
from euchre.phase import Phase
from euchre.phases import advance, started
from euchre.play_node import Contract, contract_for, first_lead_node
from euchre.position import History, Position, dealt_masks
from euchre.rules import Rules
from euchre.seats import play_order

PASSES: Final = 8  # a bid node's own fields, after its table: the passes so far this round,
DEAL: Final = 9  # the deal,
UPCARD: Final = 10  # its upcard,
PROPOSED: Final = 11  # and the suit the upcard proposes

_ROUND_ONE = Phase.ROUND_ONE  # the phases this module tests, as globals (``phase.py``)
_ROUND_TWO = Phase.ROUND_TWO
_DISCARD = Phase.DISCARD
_PASS = A.PASS
_ORDER = A.ORDER
_DISCARD_KIND = A.DISCARD


class BidTable:
    """What every deal of the same rules and dealer shares while trump is made: the
    ``rules``, the ``dealer``, the ``players``, the next seat clockwise (``next_of``) and
    the first to act; round one's legal actions by seat; and the contracts made so far, by
    (maker, alone, trump), each made once (``contract``)."""

    __slots__ = ("contracts", "dealer", "first", "next_of", "players", "round_one", "rules")

    def __init__(self, rules: Rules, dealer: int) -> None:
        self.rules = rules
        self.dealer = dealer
        self.players = n = rules.players
        self.next_of = play_order(n, frozenset())
        self.first = self.next_of[dealer]
        self.round_one = tuple(round_one_legal(rules, dealer, seat) for seat in range(n))
        self.contracts: dict[tuple[int, bool, Suit | None], Contract | None] = {}

    def contract(self, maker: int, alone: bool, trump: Suit | None) -> Contract | None:
        """``play_node.contract_for`` this table's rules and dealer, made once."""
        key = (maker, alone, trump)
        try:
            return self.contracts[key]
        except KeyError:
            made = self.contracts[key] = contract_for(self.rules, self.dealer, maker, alone, trump)
            return made


# The tables of the rules used lately, by the id of the rules (each entry holds its Rules,
# so that id is not reused while it is here); and the latest entry, read and replaced whole
# (every deal's but the first at a table).
_Entry = tuple[Rules | None, tuple[BidTable, ...] | None]
_TABLES: dict[int, _Entry] = {}
_LATEST: list[_Entry] = [(None, None)]


def bid_tables(rules: Rules) -> tuple[BidTable, ...] | None:
    """The shared ``BidTable`` of ``rules`` for each dealer; None when its deals do not
    take the fast path (another variant's bidding, or a dealer who may decline the upcard).

    >>> [table.first for table in bid_tables(Rules()) or ()]
    [1, 2, 3, 0]
    """
    entry = _TABLES.get(id(rules))
    if entry is None or entry[0] is not rules:
        if len(_TABLES) >= 16:
            _TABLES.clear()
        fast = Phase.ROUND_ONE in rules.variant_spec.phases and not rules.dealer_may_decline
        tables = tuple(BidTable(rules, d) for d in range(rules.players)) if fast else None
        entry = _TABLES[id(rules)] = (rules, tables)
    _LATEST[0] = entry
    return entry[1]


def bid_root(deal: Deal, rules: Rules) -> Node | None:
    """The first node of ``deal``, already checked against ``rules`` and starting in
    round one (no farmer's hand to settle first), when its bidding takes the fast path;
    else None."""
    latest = _LATEST[0]
    tables = latest[1] if latest[0] is rules else bid_tables(rules)
    if tables is None:
        return None
    table: BidTable = tables[deal.dealer]
    first = table.first
    upcard = deal.upcard
    assert upcard is not None, "Euchre's bidding has an upcard"
    return (BID, None, None, first, table.round_one[first], None, _ROUND_ONE, table, 0,
            deal, upcard, proposed_suit(upcard))  # fmt: skip


def bid_move(node: Node, given: Action | str) -> Node | None:
    """The bid kind's move (``node.py``): the node after ``given``, when it is one of
    ``node``'s legal actions (the very object) and the fast path makes that move: the next
    bid node while trump is being made, the first lead's node once it is made; else None."""
    legal: list[Action] = node[LEGAL]
    for action in legal:
        if action is given:
            break
    else:
        return None
    kind = action.kind
    if kind is _PASS:
        return _passed(node, action)
    if kind is _ORDER:
        return _ordered(node, action)
    (_, parent, order, seat, _, _, _, table, _, deal, upcard, proposed) = node
    if kind is _DISCARD_KIND:  # the order up before it made the upcard's suit trump
        key = (parent[TO_ACT], order.alone, proposed)
    else:  # a call in round two
        key = (seat, action.alone, action.suit)
    try:
        contract = table.contracts[key]
    except KeyError:  # the first deal of this contract
        contract = table.contract(*key)
    if contract is None:  # more to decide before the first lead: the general path
        return None
    masks = dealt_masks(deal.hands)
    if kind is _DISCARD_KIND:
        dealer = table.dealer
        masks[dealer] = (masks[dealer] | upcard.bit) ^ action.cards[0].bit
    return first_lead_node(node, action, contract, deal, tuple(masks))


def _passed(node: Node, action: Action) -> Node | None:
    """The node after a pass: the next seat, round two after four passes; None when
    everyone passed twice (the general path throws the deal in)."""
    (_, _, _, seat, legal, _, phase, table, passes, deal, upcard, proposed) = node
    passes += 1
    if passes < table.players:
        following = table.next_of[seat]
        if phase is _ROUND_TWO:
            legal = round_two_legal(table.rules, table.dealer, proposed, following)
        else:
            legal = table.round_one[following]
        return (BID, node, action, following, legal, None, phase, table, passes, deal, upcard,
                proposed)  # fmt: skip
    if phase is _ROUND_TWO:
        return None
    first = table.first
    legal = round_two_legal(table.rules, table.dealer, proposed, first)
    return (BID, node, action, first, legal, None, _ROUND_TWO, table, 0, deal, upcard, proposed)


def _ordered(node: Node, action: Action) -> Node | None:
    """The node after an order up: the dealer's discard (None when the dealer sits out
    without the upcard: the general path)."""
    (_, _, _, seat, _, _, _, table, _, deal, upcard, proposed) = node
    dealer = table.dealer
    if action.alone and dealer_sits_out(table.rules, dealer, seat, action):
        return None
    a, b, c, d, e = deal.hands[dealer]  # a hand as dealt, then the upcard
    legal = [DISCARDS[a.id], DISCARDS[b.id], DISCARDS[c.id], DISCARDS[d.id],
             DISCARDS[e.id], DISCARDS[upcard.id]]  # fmt: skip
    return (BID, node, action, dealer, legal, None, _DISCARD, table, 0, deal, upcard, proposed)


def _position(node: Node, position_of: PositionOf) -> Position:
    """A bid node's position: its actions replayed from the deal's start."""
    actions = []
    deal = node[DEAL]
    rules = node[TABLE].rules
    while node[PARENT] is not None:
        actions.append(node[ACTION])
        node = node[PARENT]
    p = started(deal, rules)
    for action in reversed(actions):
        p = advance(p, action)
    return p


def _deal_and_rules(node: Node) -> tuple[Deal, Rules]:
    return node[DEAL], node[TABLE].rules


def _history(node: Node) -> History:
    """A first bid node is a deal's start: no action before it."""
    return None


#: The bid kind (``node.py``).
BID_KIND = NodeKind(bid_move, _position, _deal_and_rules, _history)
