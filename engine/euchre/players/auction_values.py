"""Expected points of each Bid Euchre bid, for the coach's table and the players' choice
between the bids a hand supports.

A bid's value is what the side expects from it: the contract's points (``bid_points``, the
defenders' tricks counted against) with the side's tricks spread around its estimate, when
the bid holds; and, when an opponent still to bid outbids it, the points of defending that
higher bid. A low bid risks less when it holds but is outbid more often: one opponent's
hand outbids three about half the time, four about one time in sixteen (measured on random
hands with ``hand_worth``'s estimate). Passing is worth the partner's bid when the partner
holds the high bid, else defending the opponents' likely contract. The moon is worth its
points by the chance its sure winners take every trick.

These are the coach's scale, not exact odds: the opponents' hands are only guessed.

>>> from euchre.rules import Rules
>>> rules = Rules.profile("bid-euchre")
>>> contract_points(4.5, 4, rules) > contract_points(4.5, 5, rules) > contract_points(3.0, 5, rules)
True
"""

from __future__ import annotations

import math
from functools import lru_cache

from euchre import actions as A
from euchre.actions import Action
from euchre.phase import Phase
from euchre.players.hand_worth import Worth
from euchre.rules import Rules
from euchre.scoring import bid_points
from euchre.seats import same_team
from euchre.view import SeatView

SPREAD = 1.0  # the side's tricks vary this much (one standard deviation) around the estimate
OUTBID = {3: 0.48, 4: 0.06, 5: 0.003}  # one opponent's hand outbids this bid
BID_TO_SPARE = 0.3  # a bidder expects this much over its bid
MOON_WITH_PASS = 0.8  # five sure winners and the moon's pass take every trick (42 of 52)


@lru_cache(maxsize=512)
def _spread(mean: float, tricks: int) -> tuple[float, ...]:
    weights = [math.exp(-((k - mean) ** 2) / (2 * SPREAD * SPREAD)) for k in range(tricks + 1)]
    total = sum(weights)
    return tuple(w / total for w in weights)


def contract_points(mean: float, bid: int, rules: Rules) -> float:
    """The makers' points minus the defenders' from a bid of ``bid`` tricks by a side that
    expects ``mean`` tricks."""
    tricks = rules.hand_size
    odds = _spread(round(max(0.0, min(float(tricks), mean)), 2), tricks)
    out = 0.0
    for k, p in enumerate(odds):
        makers, defenders = bid_points(k, False, False, bid, rules)
        out += p * (makers - defenders)
    return out


def moon_points(worth: Worth, rules: Rules) -> float:
    """The moon's expected points for a shooter with ``worth``."""
    tricks = rules.hand_size
    if worth.sure >= tricks:
        chance = 1.0
    elif worth.sure == tricks - 1 and rules.calling_for_best:
        chance = MOON_WITH_PASS
    else:
        mean = worth.tricks + (0.5 if rules.calling_for_best else 0.0)
        chance = _spread(round(min(float(tricks), mean), 2), tricks)[tricks]
    return rules.moon_points * (2 * chance - 1) - (1 - chance)


def _opponents_after(view: SeatView) -> int:
    """Opponents who still bid after this seat (the dealer bids last)."""
    rules = view.rules
    count, seat = 0, view.seat
    while seat != view.dealer:
        seat = (seat + 1) % rules.players
        count += not same_team(seat, view.seat, rules.partnerships)
    return count


def _held(view: SeatView, bid: int, value: float) -> float:
    """``value`` of a bid of ``bid`` when it holds, weighed with being outbid."""
    outbid = 1 - (1 - OUTBID.get(bid, 0.0)) ** _opponents_after(view)
    if bid >= view.rules.hand_size or not outbid:
        return value
    defend = -contract_points(bid + 1 + BID_TO_SPARE, bid + 1, view.rules)
    return (1 - outbid) * value + outbid * defend


def bid_value(view: SeatView, total: float, bid: int) -> float:
    """A bid of ``bid`` by a side expecting ``total`` tricks."""
    return _held(view, bid, contract_points(total, bid, view.rules))


def pass_value(view: SeatView, total: float, high: int, partner_high: bool) -> float:
    """Passing, with the high bid ``high`` (0: none yet), held by the partner or not."""
    rules = view.rules
    if high and partner_high:
        return _held(view, high, contract_points(high + BID_TO_SPARE, high, rules))
    if high:  # the opponents make trump: the side's cards weigh against them
        theirs = (rules.hand_size - total + high + BID_TO_SPARE) / 2
        return -contract_points(theirs, high, rules)
    lowest = rules.minimum_bid
    return -contract_points(lowest + 1.0, lowest, rules)


def action_values(view: SeatView, total: float, moon: Worth) -> list[tuple[Action, float]]:
    """Every legal action of the bidding with its value, in the order of ``view.legal``."""
    assert view.phase is Phase.AUCTION
    high, partner_high = 0, False
    for action, actor, phase in zip(view.actions, view.actors, view.phases, strict=False):
        if phase is Phase.AUCTION and action.kind is A.ActionKind.BID:
            high = action.tricks
            partner_high = same_team(actor, view.seat, view.rules.partnerships)
    out: list[tuple[Action, float]] = []
    for action in view.legal:
        if action.kind is A.ActionKind.PASS:
            value = pass_value(view, total, high, partner_high)
        elif action.is_moon:
            value = moon_points(moon, view.rules)
        else:
            value = bid_value(view, total, action.tricks)
        out.append((action, round(value, 4)))
    return out


__all__ = [
    "action_values",
    "bid_value",
    "contract_points",
    "moon_points",
    "pass_value",
]
