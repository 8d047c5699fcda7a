"""The tricks as one small node per card played: the play and over kinds of node
(``node.py``), the engine's hot path.

Four moves in five are plays, and a play changes only a few facts of the deal: who acts,
who leads, the cards not yet played, the trick in progress (the suit led and the card
winning it so far) and the tricks the makers' side has taken. Everything else is fixed from
the first lead on and kept once per deal in a ``PlayTable``; each card played makes one
node (``play_card``, the play kind's move), and the deal's last card an *over* node that
holds the result. The full ``Position`` of a node, with its tricks as (seat, card) pairs, is
built only when someone asks for it (``play_position``), from the position where its table
began (the table's ``base``) and the cards played since.

The card winning a trick is kept as one number, its *key*: its power in a trick led by the
trick's first card, times 8, plus its seat (``LEAD_TABLES``). A card that can win the trick
(the suit led, or a trump) has a key of at least 0 and one that cannot a negative key, so
the card winning the trick is the one of the highest key, and its seat is the key's last
three bits.

>>> from euchre.deal import Deal
>>> from euchre.node import LEGAL, TO_ACT
>>> from euchre.phases import replay
>>> from euchre.rules import Rules
>>> position = replay(Deal.random(seed=7, dealer=0), Rules(), ["order", "discard 9s"])
>>> node = play_node_of(position, None, None)
>>> node[TO_ACT], [str(a) for a in node[LEGAL]][:2]
(1, ['play Jc', 'play Kc'])
>>> after = play_card(node, node[LEGAL][0])
>>> after[TO_ACT], play_position(after, position)["trick"][0]
(2, ((1, Card.parse('Jc')),))
"""

from __future__ import annotations

from typing import Final, NamedTuple

from euchre.actions import Action, ActionKind
from euchre.cards import Suit, deck_of
from euchre.contract import first_lead, settles_at_once
from euchre.deal import Deal
from euchre.node import (
    ACTION,
    KIND,
    LEGAL,
    OVER,
    PARENT,
    PLAY,
    RESULT,
    TABLE,
    TO_ACT,
    Node,
    NodeKind,
    PositionOf,
)
from euchre.phase import Phase
from euchre.phases import advance
from euchre.play import PLAY_LISTS, deal_outcome, plays_of
from euchre.position import NO_TRICK, History, Position, finish
from euchre.rules import Rules
from euchre.scoring import HandResult
from euchre.seats import partners_of, play_order, team_seats
from euchre.trump import ALL_CARDS, POWER_TABLES, SUIT_MASK_TABLES, SUIT_TABLES, TRUMP_MASKS

# A play node's own fields, after the common ones (``node.py``) and its ``PlayTable``
# (``play_card`` makes them; ``play_position`` reads them).
LEADER: Final = 8  # the seat that led the trick in progress (or leads the next)
UNPLAYED: Final = 9  # the cards not yet played (a mask)
FOLLOW: Final = 10  # the suit led as a mask of cards (0 before the lead)
KEYS: Final = 11  # the keys of the trick by card id (see the module doc); None before the lead
BEST: Final = 12  # the key of the card winning the trick (-1 before the lead)
MADE: Final = 13  # the tricks the makers' side has taken
PLAYABLE: Final = 14  # the cards the seat to act may play (a mask: its ``LEGAL`` plays)
# An over node's: LEADER and UNPLAYED as above, then the last trick's winner.
WINNER: Final = 10

_PLAY = Phase.PLAY
_OVER = Phase.OVER
_PLAY_ACTION = ActionKind.PLAY
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

    __slots__ = ("alone", "bid", "defender_alone", "leader", "leads", "maker", "maker_side",
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
        bid: int = 0,
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
        self.bid = bid
        self.results: list[HandResult | None] = [None] * (rules.hand_size + 1)  # by ``made``

    def outcome(self, made: int) -> HandResult:
        """The deal's result when the makers' side has taken ``made`` tricks (``results``
        keeps it: read that first)."""
        result = self.results[made] = deal_outcome(
            self.rules, self.maker, self.maker_side, self.alone, self.defender_alone, made, self.bid
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
    leader, next_of = first_lead(rules, dealer, maker, declared_alone, out, play_order(n, _NOBODY))
    side = team_seats(maker, n, partnerships)
    return Contract(rules, trump, maker, side, declared_alone, False, leader, next_of)


_NOBODY: frozenset[int] = frozenset()  # no seat out: the table's own order


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


def play_card(node: Node, action: Action | str) -> Node | None:
    """The play kind's move (``node.py``): the node after ``action`` when it plays one of
    the cards the seat to act may play (the listed action, or an equal one made elsewhere,
    which is recorded as given); else None (a text, another kind of action, a card the
    seat may not play: the general path parses it and says why). The deal's last card
    makes the over node, with the result."""
    (_, _, _, seat, _, _, _, table, leader, unplayed, follow, keys, best, made,
     playable) = node  # fmt: skip
    try:
        card = action.cards[0]  # type: ignore[union-attr]  # a text has none
        if not (card.bit & playable and action.kind is _PLAY_ACTION):  # type: ignore[union-attr]
            return None
    except (AttributeError, IndexError):  # a text, or an action without a card
        return None
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
    if following != leader:  # the trick goes on
        hand = table[T_MASKS][following] & unplayed
        hand = hand & follow or hand
        try:
            legal = PLAY_LISTS[hand]
        except KeyError:  # a set of cards not seen lately
            legal = plays_of(hand)
        return (PLAY, node, action, following, legal, None, _PLAY,
                table, leader, unplayed, follow, keys, best, made, hand)  # fmt: skip
    winner = best & 7
    made += table[T_SIDE] >> winner & 1
    hand = table[T_MASKS][winner] & unplayed
    if hand:  # the trick's winner leads again, any card it holds
        try:
            legal = PLAY_LISTS[hand]
        except KeyError:  # a set of cards not seen lately
            legal = plays_of(hand)
        return (PLAY, node, action, winner, legal, None, _PLAY,
                table, winner, unplayed, 0, None, -1, made, hand)  # fmt: skip
    contract = table[T_CONTRACT]
    result = contract.results[made] or contract.outcome(made)
    return (OVER, node, action, None, NO_LEGAL, result, _OVER, table, leader, unplayed, winner)


def _no_move(node: Node, action: Action | str) -> None:
    """Nothing moves once the deal is over (the general path says so)."""
    return None


def first_lead_node(
    parent: Node, action: Action, contract: Contract, deal: Deal, masks: tuple[int, ...]
) -> Node:
    """The node of the first lead once ``action`` (from ``parent``) has made ``contract``,
    the seats holding the cards of ``masks`` (with a new table, whose base position is
    built from ``parent`` when first asked for)."""
    leader = contract.leader
    hand = masks[leader]
    try:
        legal = PLAY_LISTS[hand]
    except KeyError:  # a hand not seen lately
        legal = plays_of(hand)
    table = _tuple_new(PlayTable, (contract.leads, contract.next_of, masks, contract.side,
                                   contract, deal, []))  # fmt: skip
    return (PLAY, parent, action, leader, legal, None, _PLAY,
            table, leader, ALL_CARDS, 0, None, -1, 0, hand)  # fmt: skip


def play_node_of(p: Position, parent: Node | None, action: Action | None) -> Node:
    """The node of ``p``, a position in the play phase (with a new table whose base is
    ``p``), reached from ``parent`` by ``action`` (None for a first node)."""
    maker = p["maker"]
    assert maker is not None, "trump is made before the play"
    side = p["maker_side"]
    contract = Contract(p["rules"], p["trump"], maker, side, p["alone"],
                        p["defender"] is not None, p["leader"], p["next_of"], p["bid"])  # fmt: skip
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
    return (PLAY, parent, action, to_act, plays_of(playable), None,
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


def _position(node: Node, position_of: PositionOf) -> Position:
    """The full position of ``node``, a play or over node (a new dictionary). A table
    whose first lead was made on the bidding's fast path has its base built now, once: the
    position before that lead's action, moved by the general path."""
    table = node[TABLE]
    if not table.base:
        first, _ = first_of_table(node)
        table.base.append(advance(position_of(first[PARENT]), first[ACTION]))
    return play_position(node, table.base[0])


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
        if after[KIND] == OVER:
            done = (*done, (current, after[WINNER]))
            current = ()
        elif after[KEYS] is None:  # the card ended a trick: its winner leads the next
            done = (*done, (current, after[TO_ACT]))
            current = ()
    p["history"] = history
    p["unplayed"] = unplayed
    p["done"] = done
    p["leader"] = node[LEADER]
    if node[KIND] == OVER:
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


def _deal_and_rules(node: Node) -> tuple[Deal, Rules]:
    table = node[TABLE]
    return table.deal, table.contract.rules


def _history(node: Node) -> History:
    """A first play node's history: its table's base position's (a first node is made
    from a position, which is that base)."""
    history: History = node[TABLE].base[0]["history"]
    return history


#: The play kind and the over kind (``node.py``).
PLAY_KIND = NodeKind(play_card, _position, _deal_and_rules, _history)
OVER_KIND = NodeKind(_no_move, _position, _deal_and_rules, _history)
