"""Bid Euchre's making of trump: one round of bids for a number of tricks, then the high
bidder names trump (or no-trump). The engine's reference names the form of the game these
rules follow and its options.

Each player bids once, from the dealer's left to the dealer: a number of tricks that the
bidder's side will take, higher than any bid before it and at least ``minimum_bid``, or the
moon (every trick, alone), or a pass. Partners may outbid each other. Nobody can outbid the
moon, so the bidding ends there. When everyone passes, the deal is thrown in, unless the
dealer is stuck (``stick_the_dealer``) and must bid. The high bidder is the maker: it names
trump, and with the moon its partner sits out (after the moon's pass, ``calling_for_best``,
which the contract's phases play, ``contract.py``). The maker leads the first trick.

Its two phases are listed in ``PHASES`` (this module's entries of the phase table,
``phases.py``).

>>> from euchre.rules import Rules
>>> [str(a) for a in auction_legal(Rules.profile("bid-euchre"), 3, stuck=False)]
['pass', 'bid 4', 'bid 5', 'bid 6', 'bid moon']
"""

from __future__ import annotations

from euchre import actions as A
from euchre.actions import Action
from euchre.bidding import thrown_in
from euchre.cards import SUITS
from euchre.contract import after_trump_made
from euchre.phase import Phase
from euchre.position import PhaseRules, Position, enter, finish, set_trump
from euchre.rules import Rules
from euchre.seats import next_seat, partners_of, team_seats

# The legal bids, by (lowest bid, tricks of a deal, the high bid so far, dealer stuck).
_LEGAL: dict[tuple[int, int, int, bool], list[Action]] = {}


def auction_legal(rules: Rules, high: int, stuck: bool) -> list[Action]:
    """The legal actions of a seat in the bidding when the high bid is ``high`` tricks (0
    before any bid), ``stuck`` for a dealer who may not pass. The list is shared."""
    key = (rules.minimum_bid, rules.hand_size, high, stuck)
    legal = _LEGAL.get(key)
    if legal is None:
        lowest, tricks, high, stuck = key
        legal = [] if stuck else [A.PASS_ACTION]
        legal += [A.bid(n) for n in range(max(lowest, high + 1), tricks + 1)]
        legal.append(A.MOON)
        _LEGAL[key] = legal
    return legal


def _stuck(s: Position) -> bool:
    """Stick the dealer: the other three passed, so the dealer may not."""
    return s["rules"].stick_the_dealer and s["to_act"] == s["dealer"] and not s["bid"]


def auction_candidates(s: Position) -> list[Action]:
    """Exactly the legal actions (the same tests as ``auction_check``)."""
    return auction_legal(s["rules"], s["bid"], _stuck(s))


def auction_check(s: Position, a: Action) -> str | None:
    if a.kind is A.PASS:
        if _stuck(s):
            return (
                "stick the dealer: the other three passed, so you, the dealer, must bid "
                f"(at least {s['rules'].minimum_bid} tricks, or the moon)"
            )
        return None
    if a.is_moon:
        return None
    rules, high, tricks = s["rules"], s["bid"], s["rules"].hand_size
    if a.tricks > tricks:
        return (
            f"a deal has {tricks} tricks: bid {tricks} at most, or shoot the moon "
            "('bid moon') to take them all alone"
        )
    if high and a.tricks <= high:
        return f"the bid is already {high}: bid more than {high} tricks, or pass"
    if a.tricks < rules.minimum_bid:
        return f"the lowest bid at this table is {rules.minimum_bid} tricks"
    return None


def auction_apply(s: Position, a: Action) -> None:
    seat = s["to_act"]
    assert seat is not None
    if a.kind is A.BID:
        s["bid"] = s["rules"].hand_size if a.is_moon else a.tricks
        s["bidder"] = seat
        s["alone"] = s["declared_alone"] = a.is_moon
    if seat != s["dealer"] and not a.is_moon:  # one bid each, the dealer's last
        s["to_act"] = next_seat(seat, s["players"])
        return
    bidder = s["bidder"]
    if bidder is None:  # everyone passed
        finish(s, thrown_in(s["rules"]))
        return
    rules = s["rules"]
    s["maker"] = bidder
    s["maker_side"] = team_seats(bidder, s["players"], rules.partnerships)
    if s["declared_alone"]:  # the moon: the partner lays the hand down at once
        s["out"] = frozenset(partners_of(bidder, s["players"], rules.partnerships))
    enter(s, Phase.NAME_TRUMP, bidder)


def _auction_hint(s: Position, a: Action) -> str:
    return (
        "in Bid Euchre you bid a number of tricks ('bid 3') or the moon, or pass; the high "
        "bidder names trump once the bidding is over"
    )


# ---------------------------------------------------------------------- naming trump
_NAMES = [A.name_trump(suit) for suit in SUITS]
_NAMES_NO_TRUMP = [*_NAMES, A.name_trump(None)]


def name_trump_candidates(s: Position) -> list[Action]:
    """Exactly the legal actions: each suit, then no-trump where the table plays it."""
    return _NAMES_NO_TRUMP if s["rules"].no_trump else _NAMES


def name_trump_check(s: Position, a: Action) -> str | None:
    if a.suit is None and not s["rules"].no_trump:
        return "this table does not play no-trump: name a suit"
    return None


def name_trump_apply(s: Position, a: Action) -> None:
    set_trump(s, a.suit)
    after_trump_made(s)


def _name_trump_hint(s: Position, a: Action) -> str:
    if a.kind is A.CALL:
        return "you won the bidding: name trump with 'trump hearts' (or 'trump no-trump')"
    return "the bidding is over: the high bidder names trump ('trump hearts')"


K = A.ActionKind
#: Bid Euchre's bidding and naming of trump, for the phase table (``phases.py``).
PHASES = {
    Phase.AUCTION: PhaseRules(
        frozenset((K.PASS, K.BID)),
        auction_candidates,
        auction_check,
        auction_apply,
        exact=True,
        hint=_auction_hint,
    ),
    Phase.NAME_TRUMP: PhaseRules(
        frozenset((K.TRUMP,)),
        name_trump_candidates,
        name_trump_check,
        name_trump_apply,
        exact=True,
        hint=_name_trump_hint,
    ),
}
del K
