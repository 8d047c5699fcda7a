"""Bid Euchre's decisions before the play, for every level of computer player and the
coach: the bid (or pass), the trump to name, and the moon's pass.

A bid is judged from the hand's worth (``hand_worth``): the tricks its best trump (or
no-trump) should take, plus the tricks the partner is expected to add, which the bidding so
far tells about (a partner who bid holds more, one who passed less; an opponent who bid
holds trumps of their own), fewer the stronger the hand. The side's estimate, rounded
down, is the bid the hand supports:

- the moon only with a hand whose sure winners take every trick (with the moon's pass,
  all but one: the partner's best card is likely to take the last);
- a bid of the supported tricks when they beat the high bid; the dealer, who bids last,
  bids just enough to win; over a partner's bid, only a hand that makes the higher bid on
  its own;
- a stuck dealer (the other three passed) bids the lowest bid;
- otherwise a pass.

The maker names the trump the bid was estimated in. The easy player bids from a simpler
count (trumps and aces) and now and then one trick too many.

>>> from euchre import Deal, HandState, Rules
>>> rules = Rules.profile("bid-euchre")
>>> state = HandState.new(Deal.random(seed=3, dealer=0, rules=rules), rules)
>>> judge(state.view(state.to_act)).action in state.legal_actions()
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from euchre import actions as A
from euchre.actions import Action
from euchre.cards import Card, Rank, Suit
from euchre.phase import Phase
from euchre.players.hand_worth import (
    Worth,
    best_worth,
    hand_worth,
    sure_winners,
    trump_options,
)
from euchre.rng import SeededRandom
from euchre.rules import Rules
from euchre.seats import same_team
from euchre.trump import card_power, is_trump
from euchre.view import SeatView

#: The phases this module decides in Bid Euchre (the moon's pass among them).
PHASES = frozenset((Phase.AUCTION, Phase.NAME_TRUMP, Phase.CALL_FOR_BEST, Phase.GIVE_BEST))
BASE_HELP = 1.0  # a partner's tricks in the maker's trump when nothing is known of them
PARTNER_BID_HELP = 0.3  # and for each trick a partner bid above two
PARTNER_PASSED = -0.3  # a partner who passed
OPPONENT_BID = -0.2  # each opponent who bid
STRONG_HAND = 3.0  # own tricks beyond which the partner's help shrinks,
SATURATION = 0.25  # by this much a trick: a strong hand leaves the partner less to take
MARGIN = 0.0  # how far below a whole trick an estimate still supports it


@dataclass(frozen=True)
class Bidding:
    """A bidding decision and what it rests on: ``worth`` (the hand in its best trump),
    ``help`` (the partner's expected tricks), ``total`` (the side's), ``supported`` (the
    bid they support), ``action`` and ``reason``: "moon", "bid" (the supported bid),
    "cheapest" (the dealer's bid just over the high bid), "over-partner", "stuck",
    "weak" (the hand supports no bid over the high bid) or "partner" (the partner holds
    the high bid and this hand cannot make more alone)."""

    worth: Worth
    help: float
    total: float
    supported: int
    action: Action
    reason: str


def decides(view: SeatView) -> bool:
    """Whether this module makes the decision: Bid Euchre's bidding, naming trump or moon's
    pass.

    >>> from euchre import Deal, HandState, Rules
    >>> decides(HandState.new(Deal.random(seed=1, dealer=0), Rules()).view(1))
    False
    """
    return view.rules.variant == "bid" and view.phase in PHASES


def partner_help(view: SeatView, own: float = 0.0) -> float:
    """The tricks the partner is expected to add to a hand that takes ``own`` tricks, from
    the bids made so far: the stronger the hand, the fewer tricks are left for the
    partner."""
    rules = view.rules
    help_ = BASE_HELP
    for action, actor, phase in zip(view.actions, view.actors, view.phases, strict=False):
        if phase is not Phase.AUCTION or actor == view.seat:
            continue
        partner = same_team(actor, view.seat, rules.partnerships)
        if action.kind is A.ActionKind.BID:
            tricks = rules.hand_size if action.is_moon else action.tricks
            help_ += PARTNER_BID_HELP * max(0, tricks - 2) if partner else OPPONENT_BID
        elif partner:
            help_ += PARTNER_PASSED
    return max(0.0, help_ - SATURATION * max(0.0, own - STRONG_HAND))


def moon_worth(hand: Sequence[Card], rules: Rules) -> Worth:
    """The hand's trump with the most sure winners (then tricks): the moon's trump."""
    worths = [hand_worth(hand, t, rules) for t in trump_options(rules)]
    return max(worths, key=lambda w: (w.sure, round(w.tricks, 6)))


def moon_ready(worth: Worth, rules: Rules) -> bool:
    """Whether ``worth``'s sure winners take every trick (all but one with the moon's pass).

    >>> from euchre.cards import parse_cards
    >>> rules = Rules.profile("bid-euchre")
    >>> moon_ready(moon_worth(parse_cards("Jh Jd Ah Kh As 9c"), rules), rules)
    True
    """
    need = rules.hand_size - (1 if rules.calling_for_best else 0)
    return worth.sure >= need


def _high(view: SeatView) -> tuple[int, int | None]:
    """The high bid so far (0 before any) and its bidder."""
    high, bidder = 0, None
    for action, actor, phase in zip(view.actions, view.actors, view.phases, strict=False):
        if phase is Phase.AUCTION and action.kind is A.ActionKind.BID:
            high = view.rules.hand_size + 1 if action.is_moon else action.tricks
            bidder = actor
    return high, bidder


def easy_worth(hand: Sequence[Card], rules: Rules) -> Worth:
    """The easy player's rule of thumb: the suit with the most trumps (then the highest),
    each trump and side ace about three quarters of a trick; never no-trump."""

    def count(suit: Suit) -> tuple[int, int]:
        mine = [c for c in hand if is_trump(c, suit)]
        return len(mine), max((card_power(c, suit) for c in mine), default=0)

    suit = max(Suit, key=count)
    worth = hand_worth(hand, suit, rules)
    tricks = 0.75 * (len(worth.trumps) + len(worth.aces))
    return Worth(
        suit, tricks, worth.sure, worth.trumps, worth.aces, worth.voids, worth.drawn, worth.hand
    )


def judge(view: SeatView, level: str = "normal") -> Bidding:
    """The bidding decision of ``level`` ("easy", "normal" or "strong") at the seat to bid."""
    rules = view.rules
    hand = view.hand
    worth = easy_worth(hand, rules) if level == "easy" else best_worth(hand, rules)
    help_ = partner_help(view, worth.tricks)
    total = min(float(rules.hand_size), worth.tricks + help_)
    supported = int(total + MARGIN)
    moon = moon_worth(hand, rules)
    if moon_ready(moon, rules):
        return Bidding(moon, help_, total, rules.hand_size, A.MOON, "moon")
    action, reason = _bid(view, worth, supported)
    return Bidding(worth, help_, total, supported, action, reason)


def _bid(view: SeatView, worth: Worth, supported: int) -> tuple[Action, str]:
    rules = view.rules
    high, bidder = _high(view)
    lowest = max(rules.minimum_bid, high + 1)
    legal = set(view.legal)
    if A.PASS_ACTION not in legal:  # stuck: the dealer bids, and only the lowest bid
        return A.bid(lowest), "cheapest" if supported >= lowest else "stuck"
    if bidder is not None and same_team(bidder, view.seat, rules.partnerships):
        if int(worth.tricks + MARGIN) >= lowest:
            return A.bid(lowest), "over-partner"
        return A.PASS_ACTION, "partner"
    if supported < lowest:
        return A.PASS_ACTION, "weak"
    if view.seat == view.dealer:
        return A.bid(lowest), "cheapest"
    return A.bid(supported), "bid"


def trump_choice(view: SeatView, level: str = "normal") -> Worth:
    """The worth of the trump the maker names: the one its bid was estimated in (for the
    moon, the one with the most sure winners)."""
    if view.alone:
        return moon_worth(view.hand, view.rules)
    if level == "easy":
        return easy_worth(view.hand, view.rules)
    return best_worth(view.hand, view.rules)


def moon_discard(hand: Sequence[Card], trump: Suit | None, rules: Rules) -> Card:
    """The card the moon's shooter sets aside: the one whose loss costs the fewest sure
    winners, then tricks, then the lowest.

    >>> from euchre.cards import parse_cards
    >>> str(moon_discard(parse_cards("Jh Jd Ah Kh As 9c"), Suit.HEARTS, Rules.profile("bid-euchre")))
    '9♣'
    """

    def kept(card: Card) -> tuple[int, float, int]:
        rest = [c for c in hand if c != card]
        worth = hand_worth(rest, trump, rules)
        return (worth.sure, round(worth.tricks, 6), -card_power(card, trump))

    return max(hand, key=kept)


def gift(hand: Sequence[Card], trump: Suit | None) -> Card:
    """The partner's best card for the moon's shooter: the highest trump, else an ace,
    else the highest card.

    >>> from euchre.cards import parse_cards
    >>> str(gift(parse_cards("9h Ac Kd"), Suit.HEARTS)), str(gift(parse_cards("Kc Ad"), None))
    ('9♥', 'A♦')
    """
    return max(hand, key=lambda c: (is_trump(c, trump), c.rank is Rank.ACE, card_power(c, trump)))


def choose(view: SeatView, legal: Sequence[Action], level: str, rng: SeededRandom) -> Action:
    """The decision of ``level`` in a phase this module decides (``decides``). The easy
    player's ``rng`` makes its occasional overbid."""
    if view.phase is Phase.AUCTION:
        action = judge(view, level).action
        if level == "easy" and rng.random() < EASY_OVERBID:
            action = _one_more(action, legal)
    elif view.phase is Phase.NAME_TRUMP:
        action = A.name_trump(trump_choice(view, level).trump)
    elif view.phase is Phase.CALL_FOR_BEST:
        action = Action("best", cards=(moon_discard(view.hand, view.trump, view.rules),))
    else:
        action = Action("give", cards=(gift(view.hand, view.trump),))
    return action if action in legal else legal[0]


EASY_OVERBID = 0.12  # the easy player's careless bid of one trick more


def _one_more(action: Action, legal: Sequence[Action]) -> Action:
    if action.kind is not A.ActionKind.BID or action.is_moon:
        return action
    more = A.bid(action.tricks + 1)
    return more if more in legal else action


__all__ = [
    "PHASES",
    "Bidding",
    "choose",
    "decides",
    "easy_worth",
    "gift",
    "judge",
    "moon_discard",
    "moon_ready",
    "moon_worth",
    "partner_help",
    "sure_winners",
    "trump_choice",
]
