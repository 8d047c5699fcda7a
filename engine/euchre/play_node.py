"""The tricks as one small node per card played: the engine's hot path.

Four moves in five are plays, and a play changes only a few facts of the deal: who acts,
who leads, the cards not yet played, the trick in progress (the suit led and the card
winning it so far) and the tricks the makers' side has taken. Everything else is fixed from
the first lead on and kept once per deal in a ``PlayTable``; each card played makes one
node, and the deal's last card an *over* node that holds the result. The card is played
in place by a ``Mover`` (``mover.py``: the hot path); ``play_move`` marks a play node and
makes that move for one node. The full ``Position`` of a node, with its tricks as (seat,
card) pairs, is built only when someone asks for it (``play_position``), from the position
where its table began (the table's ``base``) and the cards played since.

The card winning a trick is kept as one number, its *key*: its power in a trick led by the
trick's first card, times 8, plus its seat (``LEAD_TABLES``). A card that can win the trick
(the suit led, or a trump) has a key of at least 0 and one that cannot a negative key, so
the card winning the trick is the one of the highest key, and its seat is the key's last
three bits.

>>> from euchre.deal import Deal
>>> from euchre.node import LEGAL, MOVE, TO_ACT
>>> from euchre.rules import Rules
>>> from euchre.state import HandState
>>> state = HandState.replay(Deal.random(seed=7, dealer=0), Rules(), ["order", "discard 9s"])
>>> node = play_node_of(state.position(), None, None)
>>> node[TO_ACT], [str(a) for a in node[LEGAL]][:2]
(1, ['play Jc', 'play Kc'])
>>> after = play_move(node, node[LEGAL][0])
>>> after[TO_ACT], play_position(after, state.position())["trick"][0]
(2, ((1, Card.parse('Jc')),))
"""

from __future__ import annotations

from typing import Final, NamedTuple

from euchre.actions import Action
from euchre.cards import Suit, deck_of
from euchre.contract import first_lead, settles_at_once
from euchre.deal import Deal
from euchre.node import ACTION, LEGAL, MOVE, PARENT, RESULT, TABLE, TO_ACT, Node
from euchre.phase import Phase
from euchre.play import PLAY_LISTS, deal_outcome, plays_of
from euchre.position import NO_TRICK, Position, finish
from euchre.rules import Rules
from euchre.scoring import TRICKS, HandResult
from euchre.seats import partners_of, team_seats
from euchre.trump import ALL_CARDS, POWER_TABLES, SUIT_MASK_TABLES, SUIT_TABLES, TRUMP_MASKS

# A play node's own fields, after the common ones (``node.py``) and its ``PlayTable``
# (``mover.py`` makes them; ``play_position`` reads them).
LEADER: Final = 8  # who leads (or led) the trick in progress
UNPLAYED: Final = 9  # the cards not yet played (a mask)
FOLLOW: Final = 10  # the suit led as a mask of cards (0 before the lead)
KEYS: Final = 11  # the keys of the trick by card id (see the module doc); None before the lead
BEST: Final = 12  # the key of the card winning the trick (-1 before the lead)
MADE: Final = 13  # the tricks the makers' side has taken
PLAYABLE: Final = 14  # the cards the seat to act may play (a mask: its ``LEGAL`` plays)
# An over node's: LEADER and UNPLAYED as above, then the last trick's winner.
WINNER: Final = 10

_PLAY = Phase.PLAY  # a global: an Enum member read through its class costs more
NO_LEGAL: list[Action] = []  # the legal actions once the deal is over (shared)
_CARDS = deck_of(32, True)  # every card, by id


def _lead_table(index: int) -> tuple[tuple[int, list[int]], ...]:
    """For the trump of ``index`` (``trump.table_index``), by the id of the card that leads
    a trick: the suit led as a mask of cards, and each card's key in that trick by card id
    (its power times 8, or -8 when it can neither follow nor trump). One list of keys per
    suit led, shared."""
    suits, powers = SUIT_TABLES[index], POWER_TABLES[index]
    trumps = TRUMP_MASKS[index]
    keys = {
        suit: [powers[c.id] << 3 if suits[c.id] is suit or c.bit & trumps else -8 for c in _CARDS]
        for suit in (*Suit, None)
    }
    return tuple((SUIT_MASK_TABLES[index][c.id], keys[suits[c.id]]) for c in _CARDS)


#: By trump (``trump.table_index``), then by the id of the card that leads a trick: the
#: suit led as a mask, and the keys of the trick's cards by card id.
LEAD_TABLES = tuple(_lead_table(index) for index in range(5))


class Contract:
    """What the tricks of a deal are played under, once trump is made: the rules, the
    trump suit and its ``LEAD_TABLES`` row, the maker and its side (as seats, and as bits
    ``1 << seat``), whether it plays alone, whether a defender does, who leads the first
    trick (read from a position in play: the trick in progress) and the next seat that
    plays after each seat. The bidding's fast path shares one among the deals of the same
    rules, dealer, maker and trump (``contract_for``)."""

    __slots__ = ("alone", "defender_alone", "leader", "leads", "maker", "maker_side",
                 "next_of", "results", "rules", "side", "trump")  # fmt: skip

    def __init__(
        self,
        rules: Rules,
        trump: Suit | None,
        maker: int,
        maker_side: frozenset[int],
        alone: bool,
        defender_alone: bool,
        leader: int,
        next_of: tuple[int, ...],
    ) -> None:
        self.rules = rules
        self.trump = trump
        self.leads = LEAD_TABLES[4 if trump is None else trump.idx]
        self.maker = maker
        self.maker_side = maker_side
        self.side = sum(1 << seat for seat in maker_side)
        self.alone = alone
        self.defender_alone = defender_alone
        self.leader = leader
        self.next_of = next_of
        self.results: list[HandResult | None] = [None] * (TRICKS + 1)  # by ``made``, once made

    def outcome(self, made: int) -> HandResult:
        """The deal's result when the makers' side has taken ``made`` tricks (``results``
        keeps it: read that first)."""
        result = self.results[made] = deal_outcome(
            self.rules, self.maker, self.maker_side, self.alone, self.defender_alone, made
        )
        return result


def contract_for(
    rules: Rules, dealer: int, maker: int, declared_alone: bool, trump: Suit | None
) -> Contract | None:
    """The contract once ``maker`` makes ``trump`` (alone when ``declared_alone``) at the
    start of a deal: who sits out, who leads (``contract.first_lead``); None when the
    contract has more to decide before the first lead (call-ace, calling for best,
    defending alone: the general path).

    >>> contract_for(Rules(), 3, 1, True, Suit.HEARTS).next_of
    (1, 2, 0, 0)
    """
    if not settles_at_once(rules, declared_alone):
        return None
    n, partnerships = rules.players, rules.partnerships
    out = frozenset(partners_of(maker, n, partnerships)) if declared_alone else frozenset()
    leader, next_of = first_lead(rules, dealer, maker, declared_alone, out, _NEXT_SEATS[n])
    side = team_seats(maker, n, partnerships)
    return Contract(rules, trump, maker, side, declared_alone, False, leader, next_of)


# The next seat clockwise, by seat, at each table size.
_NEXT_SEATS = {n: tuple((seat + 1) % n for seat in range(n)) for n in range(2, 7)}


class PlayTable(NamedTuple):
    """What stays the same while the tricks of one deal are played (from its first lead,
    or from the position a node of play was made from): the contract's ``leads``,
    ``next_of`` and ``side`` (read on every card), each seat's cards as a mask (``masks``),
    the ``contract`` and the ``deal``; and ``base``, the position at the table's first node
    once built (a list of it, empty until ``core.position_of`` first builds it).
    """

    leads: tuple[tuple[int, list[int]], ...]
    next_of: tuple[int, ...]
    masks: tuple[int, ...]
    side: int
    contract: Contract
    deal: Deal
    base: list[Position]


# A table's fields by index, as the hot path reads them (an item of a tuple costs less to
# read than a named field).
T_LEADS: Final = 0
T_NEXT_OF: Final = 1
T_MASKS: Final = 2
T_SIDE: Final = 3
T_CONTRACT: Final = 4


_tuple_new = tuple.__new__


def play_move(node: Node, action: Action) -> Node | None:
    """A play node's move, as the node protocol asks (``node.py``): the node after
    ``action``, a legal play. The engine makes it in place, in a ``Mover`` (the hot path,
    shared by ``DealCore.push`` and ``HandState.apply``: ``mover.py``), which knows a play
    node by this function; this runs that move once (an illegal play raises
    IllegalAction)."""
    from euchre.mover import moved  # the movers' module imports this one

    return moved(node, action)


def over_move(node: Node, action: Action) -> None:
    """Nothing moves once the deal is over (``core.move_checked`` says so)."""
    return None


def first_lead_node(
    parent: Node, action: Action, contract: Contract, deal: Deal, masks: tuple[int, ...]
) -> Node:
    """The node of the first lead once ``action`` (from ``parent``) has made ``contract``,
    the seats holding the cards of ``masks`` (with a new table)."""
    leader = contract.leader
    hand = masks[leader]
    try:
        legal = PLAY_LISTS[hand]
    except KeyError:  # a hand not seen lately
        legal = plays_of(hand)
    table = _tuple_new(PlayTable, (contract.leads, contract.next_of, masks, contract.side,
                                   contract, deal, []))  # fmt: skip
    return (play_move, parent, action, leader, legal, None, _PLAY,
            table, leader, ALL_CARDS, 0, None, -1, 0, hand)  # fmt: skip


def play_node_of(p: Position, parent: Node | None, action: Action | None) -> Node:
    """The node of ``p``, a position in the play phase (with a new table whose base is
    ``p``), reached from ``parent`` by ``action`` (None for a first node)."""
    maker = p["maker"]
    assert maker is not None, "trump is made before the play"
    side = p["maker_side"]
    contract = Contract(p["rules"], p["trump"], maker, side, p["alone"],
                        p["defender"] is not None, p["leader"], p["next_of"])  # fmt: skip
    table = PlayTable(contract.leads, contract.next_of, p["seat_masks"], contract.side,
                      contract, p["deal"], [p])  # fmt: skip
    current, follow, _, best_seat, best_power = p["trick"]
    if current:
        keys: list[int] | None = contract.leads[current[0][1].id][1]
        best = best_power << 3 | best_seat
    else:
        follow, keys, best = 0, None, -1
    made = sum(1 for _, winner in p["done"] if winner in side)
    to_act = p["to_act"]
    assert to_act is not None, "a deal in play has a seat to act"
    hand = p["seat_masks"][to_act] & p["unplayed"]
    playable = hand & follow or hand
    return (play_move, parent, action, to_act, plays_of(playable), None,
            _PLAY, table, p["leader"], p["unplayed"], follow, keys, best, made, playable)  # fmt: skip


def first_of_table(node: Node) -> tuple[Node, list[Node]]:
    """The first node of ``node``'s table (it stands for the table's base position) and
    the nodes after it up to ``node``, the newest first."""
    table = node[TABLE]
    later = []
    parent = node[PARENT]
    while parent is not None and parent[TABLE] is table:
        later.append(node)
        node = parent
        parent = node[PARENT]
    return node, later


def play_position(node: Node, base: Position) -> Position:
    """The full position of ``node``, a play or over node, from ``base``, the position of
    its table's first node (a new dictionary)."""
    _, later = first_of_table(node)
    p = base.copy()
    history, unplayed, done = p["history"], p["unplayed"], p["done"]
    current = p["trick"][0]
    for after in reversed(later):
        action = after[ACTION]
        seat = after[PARENT][TO_ACT]
        card = action.cards[0]
        history = (action, seat, history)
        unplayed ^= card.bit
        current = (*current, (seat, card))
        if after[MOVE] is over_move:
            done = (*done, (current, after[WINNER]))
            current = ()
        elif after[KEYS] is None:  # the card ended a trick: its winner leads the next
            done = (*done, (current, after[TO_ACT]))
            current = ()
    p["history"] = history
    p["unplayed"] = unplayed
    p["done"] = done
    p["leader"] = node[LEADER]
    if node[MOVE] is over_move:
        p["trick"] = NO_TRICK
        finish(p, node[RESULT])
        return p
    p["to_act"] = node[TO_ACT]
    if current:
        follow, best = node[FOLLOW], node[BEST]
        p["trick"] = (current, follow, follow | p["trumps"], best & 7, best >> 3)
    else:
        p["trick"] = NO_TRICK
    p["legal"] = node[LEGAL]
    return p


def play_move_position(p: Position, action: Action) -> Position:
    """The position after ``action``, a legal play in ``p`` (a new one: ``p`` does not
    change)."""
    after = play_move(play_node_of(p, None, None), action)
    assert after is not None, f"{action} is a legal play here"
    return play_position(after, p)


def play_apply(s: Position, a: Action) -> None:
    """The play phase's move in place on a fresh position whose history already records
    ``a`` (the ``PhaseRules`` protocol; ``core.advance`` calls ``play_move_position``)."""
    history = s["history"]
    assert history is not None and history[0] is a
    s["history"] = history[2]
    s.update(play_move_position(s, a))
    s["history"] = history
