"""What a Bid Euchre hand is worth: the tricks a six-card hand should take in each trump (and
no-trump), and the sure winners among its cards.

In Bid Euchre the whole deck is dealt, so every card is in somebody's hand, and the high
bidder leads the first trick. A **sure winner** is a card that takes a trick however the
other cards lie, when the hand leads: the top trumps in an unbroken run from the right
bower; and, once that run is long enough to draw every trump the others may hold, every
trump the hand has and every side card in an unbroken run from the suit's top (cashed the
same way). The **estimate** counts each card's chance of a trick (by its place in the
trump order), the length of trump, side aces and guarded kings, and voids to ruff with;
never fewer than the sure winners.

>>> from euchre.cards import parse_cards, Suit
>>> from euchre.rules import Rules
>>> rules = Rules.profile("bid-euchre")
>>> worth = hand_worth(parse_cards("Jh Jd Ah 9c As Ks"), Suit.HEARTS, rules)
>>> worth.sure, round(worth.tricks, 2)
(3, 4.4)
>>> hand_worth(parse_cards("9c Tc 9d Ts Qs Kh"), Suit.HEARTS, rules).sure
0
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from euchre.cards import Card, Rank, Suit
from euchre.rules import Rules
from euchre.trump import suit_order, trump_order

# A trump's chance of taking a trick, by its place in the trump order.
TRUMP_VALUES = (1.0, 0.9, 0.75, 0.6, 0.5, 0.45, 0.4, 0.35, 0.3)
# A side suit's top cards in no-trump, by how many of them run unbroken from the ace.
_RUN_VALUES = (0.0, 0.95, 1.8, 2.6, 3.3, 3.9, 4.4, 4.8, 5.1)
LENGTH_BONUS = 0.25  # each trump beyond the second
VOID_BONUS = 0.3  # each void (two at most) with two trumps or more to ruff with
BARE_LEFT = 0.15  # a left bower without another trump is easily caught


@dataclass(frozen=True)
class Worth:
    """A hand's worth in one trump (``trump`` None: no-trump): ``tricks`` it should take on
    its own, ``sure`` its sure winners, ``trumps`` its trumps from the highest, ``aces`` its
    side aces (every ace in no-trump), ``voids`` the side suits it lacks, ``drawn`` whether
    its top trumps draw every other trump (no-trump: always); ``hand`` the cards."""

    trump: Suit | None
    tricks: float
    sure: int
    trumps: tuple[Card, ...]
    aces: tuple[Card, ...]
    voids: int
    drawn: bool
    hand: tuple[Card, ...] = ()


def trump_options(rules: Rules) -> list[Suit | None]:
    """The trumps a Bid Euchre maker may name: each suit, then no-trump where it is played.

    >>> trump_options(Rules.profile("bid-euchre"))[-1] is None
    True
    """
    options: list[Suit | None] = list(Suit)
    if rules.no_trump:
        options.append(None)
    return options


def top_run(order: Sequence[Card], held: Iterable[Card]) -> int:
    """How many of ``order``'s cards, from its first, the hand holds without a gap.

    >>> from euchre.cards import parse_cards
    >>> top_run(parse_cards("Ah Kh Qh"), parse_cards("Ah Kh 9h"))
    2
    """
    mine = set(held)
    run = 0
    for card in order:
        if card not in mine:
            break
        run += 1
    return run


def cashable(order: Sequence[Card], held: Iterable[Card]) -> int:
    """The sure winners of one suit led from the top (``order``: the suit's cards, highest
    first): the whole holding when its unbroken top run outlasts every card the others
    hold in it, else the run.

    >>> from euchre.cards import parse_cards
    >>> suit = parse_cards("Ah Kh Qh Jh Th 9h")
    >>> cashable(suit, parse_cards("Ah Kh Qh 9h")), cashable(suit, parse_cards("Ah Qh"))
    (4, 1)
    """
    mine = set(held) & set(order)
    run = top_run(order, mine)
    return len(mine) if run >= len(order) - len(mine) else run


def sure_winners(hand: Sequence[Card], trump: Suit | None, rules: Rules) -> int:
    """The tricks ``hand`` takes however the other cards lie, when it leads.

    >>> from euchre.cards import parse_cards
    >>> rules = Rules.profile("bid-euchre")
    >>> sure_winners(parse_cards("Jh Jd Ah Kh As 9c"), Suit.HEARTS, rules)
    5
    >>> sure_winners(parse_cards("Jd Ah Kh Qh As Ac"), Suit.HEARTS, rules)
    0
    """
    sides = [s for s in Suit if s is not trump]
    side = sum(cashable(suit_order(s, trump, rules.deck), hand) for s in sides)
    if trump is None:
        return side
    order = trump_order(trump, rules.deck)
    held = [c for c in order if c in hand]
    run = top_run(order, held)
    if run < len(order) - len(held):
        return run
    return len(held) + side


def hand_worth(hand: Sequence[Card], trump: Suit | None, rules: Rules) -> Worth:
    """``hand``'s worth with ``trump`` (None: no-trump)."""
    sure = sure_winners(hand, trump, rules)
    sides = [s for s in Suit if s is not trump]
    voids = sum(1 for s in sides if not set(suit_order(s, trump, rules.deck)) & set(hand))
    if trump is None:
        aces = tuple(c for c in hand if c.rank is Rank.ACE)
        tricks = sum(_no_trump_suit(suit_order(s, None, rules.deck), hand) for s in Suit)
        return Worth(None, max(tricks, float(sure)), sure, (), aces, voids, True, tuple(hand))
    order = trump_order(trump, rules.deck)
    trumps = tuple(c for c in order if c in hand)
    aces = tuple(c for c in hand if c.rank is Rank.ACE and c not in trumps)
    tricks = _trump_tricks(order, trumps) + _voids_value(voids, len(trumps))
    tricks += sum(_side_suit(suit_order(s, trump, rules.deck), hand) for s in sides)
    drawn = top_run(order, trumps) >= len(order) - len(trumps)
    capped = min(float(rules.hand_size), max(tricks, float(sure)))
    return Worth(trump, capped, sure, trumps, aces, voids, drawn, tuple(hand))


def best_worth(hand: Sequence[Card], rules: Rules) -> Worth:
    """The hand's best trump (or no-trump): the most tricks, then the most sure winners;
    a suit before no-trump, and suits in their order, when they tie.

    >>> from euchre.cards import parse_cards
    >>> best_worth(parse_cards("Js Jc As Ks 9h Ad"), Rules.profile("bid-euchre")).trump
    Suit.SPADES
    """
    worths = [hand_worth(hand, t, rules) for t in trump_options(rules)]
    return max(worths, key=lambda w: (round(w.tricks, 6), w.sure))


def _trump_tricks(order: Sequence[Card], trumps: Sequence[Card]) -> float:
    total = sum(TRUMP_VALUES[min(order.index(c), len(TRUMP_VALUES) - 1)] for c in trumps)
    if len(trumps) == 1 and trumps[0] == order[1]:
        total -= BARE_LEFT
    return total + LENGTH_BONUS * max(0, len(trumps) - 2)


def _voids_value(voids: int, trumps: int) -> float:
    if trumps >= 2:
        return min(voids, 2) * VOID_BONUS
    return min(voids, 1) * 0.1 if trumps else 0.0


def _side_suit(order: Sequence[Card], hand: Sequence[Card]) -> float:
    held = [c for c in order if c in hand]
    ranks = {c.rank for c in held}
    if Rank.ACE in ranks:
        value = 0.8 if len(held) <= 2 else 0.6
        if Rank.KING in ranks and len(held) <= 3:
            value += 0.4
        return value
    if Rank.KING in ranks and len(held) >= 2:
        return 0.2
    return 0.0


def _no_trump_suit(order: Sequence[Card], hand: Sequence[Card]) -> float:
    held = [c for c in order if c in hand]
    run = top_run(order, held)
    if held and run >= len(order) - len(held):
        return float(len(held))
    value = _RUN_VALUES[min(run, len(_RUN_VALUES) - 1)]
    if run:
        return value + 0.25 * (len(held) - run)
    second = len(order) > 1 and order[1] in held
    return 0.3 if second and len(held) >= 2 else 0.0


__all__ = [
    "TRUMP_VALUES",
    "Worth",
    "best_worth",
    "cashable",
    "hand_worth",
    "sure_winners",
    "top_run",
    "trump_options",
]
