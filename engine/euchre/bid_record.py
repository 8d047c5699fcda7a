"""Making trump in the search core without a new position per action: the bidding's fast
path for ``DealCore``.

From a deal's start, the round-one and round-two passes and the order up change only the
actions so far, who acts, the phase and the count of passes: a ``BidRecord`` (one plain
tuple) holds those beside the start position, and the legal actions. Trump is made by the
discard (or a call in round two): ``bid_move`` then builds the one position that follows,
from the start position, with the same moves as the generic path (``bidding``,
``contract``). Whatever the fast path does not cover (a dealer who may decline, the dealer
left out by a partner alone, a deal thrown in) goes back to the generic path (``bid_move``
says so with None), so every position is exactly what ``HandState.apply`` reaches.

>>> from euchre.core import start
>>> from euchre.deal import Deal
>>> from euchre.rules import Rules
>>> record = bid_start(start(Deal.random(seed=7, dealer=0), Rules()))
>>> assert record is not None
>>> record[BID_TO_ACT], [str(a) for a in record[BID_LEGAL]]
(1, ['pass', 'order', 'order alone'])
>>> after = bid_move(record, record[BID_LEGAL][0])
>>> isinstance(after, tuple) and after[BID_TO_ACT]
2
"""

from __future__ import annotations

from typing import Final

from euchre import actions as A
from euchre.actions import DISCARDS, Action
from euchre.bidding import dealer_sits_out, make_trump, round_one_legal, round_two_legal
from euchre.contract import after_trump_made
from euchre.hands import with_hand, without
from euchre.phase import Phase
from euchre.position import History, Position, set_trump

# Where the deal is while trump is being made: the start position (never changed), the
# actions so far (``History``), the phase (round one, the dealer's discard, round two), the
# seat to act, the passes so far in this round, and the legal actions (shared lists).
BidRecord = tuple[Position, History, Phase, int, int, list[Action]]
BID_START: Final = 0
BID_HISTORY: Final = 1
BID_PHASE: Final = 2
BID_TO_ACT: Final = 3
BID_LEGAL: Final = 5

_ROUND_ONE = Phase.ROUND_ONE
_ROUND_TWO = Phase.ROUND_TWO
_DISCARD = Phase.DISCARD
_PASS = A.PASS
_ORDER = A.ORDER
_DISCARD_KIND = A.DISCARD


def bid_start(p: Position) -> BidRecord | None:
    """The record of ``p`` when it is a deal's start in round one and its rules have the
    fast path (the dealer may not decline the upcard); else None."""
    seat = p["to_act"]
    if p["phase"] is not _ROUND_ONE or p["history"] is not None or seat is None:
        return None
    if p["rules"].dealer_may_decline:
        return None
    return (p, None, _ROUND_ONE, seat, 0, round_one_legal(p, seat))


def bid_move(record: BidRecord, action: Action) -> BidRecord | Position | None:
    """After ``action``, one of ``record``'s legal actions: the next record while trump is
    still being made, else the position once trump is made; None when the fast path does
    not cover the move (the generic path makes it)."""
    start, history, phase, seat, passes, legal = record
    history = (action, seat, history)
    kind = action.kind
    if kind is _PASS:
        passes += 1
        following = start["next_of"][seat]
        if passes < start["players"]:
            if phase is _ROUND_TWO:
                legal = round_two_legal(start, following)
            elif start["rules"].canadian_loner:
                legal = round_one_legal(start, following)
            return (start, history, phase, following, passes, legal)
        if phase is _ROUND_TWO:  # everyone passed twice: the generic path ends the deal
            return None
        first = start["next_of"][start["dealer"]]
        return (start, history, _ROUND_TWO, first, 0, round_two_legal(start, first))
    if kind is _ORDER:
        if dealer_sits_out(start, seat, action):
            return None
        dealer = start["dealer"]
        hand = (*start["held"][dealer], start["upcard"])
        return (start, history, _DISCARD, dealer, 0, [DISCARDS[c.id] for c in hand])
    # Trump is made: by the dealer's discard after an order up, or by a call in round two.
    p = start.copy()
    p["history"] = history
    p["legal"] = None
    if kind is _DISCARD_KIND:
        before = history[2]
        assert before is not None, "a discard follows an order up"
        order, maker, _ = before
        make_trump(p, maker, order)
        set_trump(p, p["proposed"])
        dealer = p["dealer"]
        hand = without((*p["held"][dealer], p["upcard"]), action.card)
        p["held"] = with_hand(p["held"], dealer, hand)
        p["picked_up"] = True
        p["discard"] = action.card
    else:
        make_trump(p, seat, action)
        set_trump(p, action.suit)
    after_trump_made(p)
    return p
