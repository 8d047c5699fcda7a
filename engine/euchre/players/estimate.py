"""Trick estimates for bidding: how many tricks a hand is worth with a given trump, and
what a call is worth in expected points.

The numbers are rules of thumb (a card's chance of taking a trick), not a search: open-hand
search of a hand you have not seen overbids, because it assumes every finesse works.

>>> from euchre.cards import parse_cards, Suit
>>> round(hand_tricks(parse_cards("Jh Jd Ah Kh As"), Suit.HEARTS), 2)
4.95
>>> hand_tricks(parse_cards("9c Tc 9d Ts Qs"), Suit.HEARTS) < 0.5
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

from euchre.cards import Card, Rank, Suit
from euchre.rules import Rules
from euchre.scoring import TRICKS_TO_MAKE, score_hand
from euchre.trump import card_power, effective_suit, is_trump, left_bower, right_bower

# A trump's chance of taking a trick, by its place in the trump order (joker first when used).
_TRUMP_VALUE = {0: 1.0, 1: 0.9, 2: 0.75, 3: 0.6, 4: 0.5, 5: 0.45, 6: 0.4, 7: 0.35, 8: 0.3}


def trump_rank_index(card: Card, trump: Suit, rules: Rules | None = None) -> int:
    """0 for the highest trump (the joker when used, else the right bower), 1 for the next...

    >>> from euchre.cards import Card, Suit
    >>> trump_rank_index(Card.parse("Jd"), Suit.HEARTS), trump_rank_index(Card.parse("Ah"), Suit.HEARTS)
    (1, 2)
    """
    joker = rules is not None and rules.joker
    if card.is_joker:
        return 0
    if card == right_bower(trump):
        base = 0
    elif card == left_bower(trump):
        base = 1
    else:
        base = 2 + (Rank.ACE - card.rank) - (1 if card.rank < Rank.JACK else 0)
    return base + (1 if joker else 0)


def hand_tricks(hand: Sequence[Card], trump: Suit | None, rules: Rules | None = None) -> float:
    """The tricks ``hand`` is worth on its own with ``trump`` (None: no-trump).

    Trumps count by rank, three or more trumps earn a bonus, off-suit aces and guarded
    kings count, and a void with trumps to ruff counts a little.
    """
    if trump is None:
        return _no_trump_tricks(hand)
    trumps = [c for c in hand if is_trump(c, trump)]
    total = _trumps_worth(trumps, trump, rules)
    by_suit: dict[Suit, list[Card]] = {}
    for c in hand:
        if not is_trump(c, trump):
            by_suit.setdefault(effective_suit(c, trump), []).append(c)
    for cards in by_suit.values():
        total += _plain_suit_worth(cards)
    voids = sum(1 for s in Suit if s is not trump and s not in by_suit)
    if trumps and voids:
        total += min(voids, 2) * (0.25 if len(trumps) >= 2 else 0.1)
    # The same cards in another order sum to a hair more or less: rounded, they are worth
    # exactly the same (expected points round the tricks, so a hair could tip a choice).
    return round(total, 9)


def _trumps_worth(trumps: Sequence[Card], trump: Suit, rules: Rules | None) -> float:
    """The trumps' tricks: each by its rank, a bonus from the third on, less for a bare
    left bower."""
    total = 0.0
    ranks = sorted(trump_rank_index(c, trump, rules) for c in trumps)
    for i in ranks:
        total += _TRUMP_VALUE.get(i, 0.3)
    if len(trumps) == 1 and ranks and ranks[0] == 1 + (1 if rules and rules.joker else 0):
        total -= 0.15  # a bare left bower is easily caught
    if len(trumps) >= 3:
        total += 0.2 * (len(trumps) - 2)
    return total


def _plain_suit_worth(cards: Sequence[Card]) -> float:
    """One plain suit's tricks: its ace (more when short), a king beside the ace or
    guarded."""
    ranks = {c.rank for c in cards}
    if Rank.ACE in ranks:
        return (0.8 if len(cards) <= 2 else 0.65) + (0.35 if Rank.KING in ranks else 0.0)
    return 0.2 if Rank.KING in ranks and len(cards) >= 2 else 0.0


def _no_trump_tricks(hand: Sequence[Card]) -> float:
    total = 0.0
    by_suit: dict[Suit | None, list[Card]] = {}
    for c in hand:
        by_suit.setdefault(c.suit, []).append(c)
    for cards in by_suit.values():
        ranks = sorted((c.rank for c in cards), reverse=True)
        top = 0
        for want in (Rank.ACE, Rank.KING, Rank.QUEEN):
            if want in ranks:
                top += 1
            else:
                break
        total += [0.0, 0.9, 1.7, 2.4][top]
        if top == 0 and Rank.KING in ranks and len(cards) >= 2:
            total += 0.35
        if top >= 1 and len(cards) > top:
            total += 0.25 * (len(cards) - top)
    return round(total, 9)


def best_discard(hand: Sequence[Card], trump: Suit, rules: Rules | None = None) -> Card:
    """The card whose discard leaves the best hand: short-suit yourself, keep trumps and aces.

    >>> from euchre.cards import parse_cards, Suit
    >>> str(best_discard(parse_cards("Jh Ah 9h Ks 9c Qd"), Suit.HEARTS))
    '9♣'
    """

    def value(card: Card) -> tuple[float, int]:
        rest = [c for c in hand if c != card]
        return (hand_tricks(rest, trump, rules), -card_power(card, trump))

    return max(hand, key=value)


def upcard_value(card: Card, trump: Suit, rules: Rules | None = None) -> float:
    """What the upcard adds to the dealer's hand when it is taken up (roughly)."""
    return 0.35 + 0.5 * _TRUMP_VALUE.get(trump_rank_index(card, trump, rules), 0.3)


@lru_cache(maxsize=256)
def _distribution(mean: float, spread: float) -> tuple[float, ...]:
    weights = [math.exp(-((k - mean) ** 2) / (2 * spread * spread)) for k in range(6)]
    total = sum(weights)
    return tuple(w / total for w in weights)


def expected_points(
    side_tricks: float,
    alone: bool = False,
    rules: Rules | None = None,
    spread: float = 1.0,
    defender_alone: bool = False,
) -> float:
    """Expected points (the makers' points minus the defenders') of a call whose side expects
    ``side_tricks`` tricks, with the result spread around that mean.

    >>> expected_points(4.5) > expected_points(3.0) > 0 > expected_points(2.0)
    True
    """
    mean = round(max(0.0, min(5.0, side_tricks)), 2)
    out = 0.0
    for k, p in enumerate(_distribution(mean, spread)):
        makers, defenders = score_hand(k, alone, rules, defender_alone)
        out += p * (makers - defenders)
    return out


def euchre_chance(side_tricks: float, spread: float = 1.0) -> float:
    """The chance that makers expecting ``side_tricks`` take fewer than three, with the
    result spread around that mean as in :func:`expected_points`.

    >>> euchre_chance(4.5) < 0.05 < euchre_chance(3.0) < 0.5 < euchre_chance(1.5)
    True
    """
    mean = round(max(0.0, min(5.0, side_tricks)), 2)
    return sum(_distribution(mean, spread)[:TRICKS_TO_MAKE])
