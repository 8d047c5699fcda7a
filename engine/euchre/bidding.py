"""Making trump: a farmer's hand, round one, the dealer's discard, round two.

Each phase has three small functions: its candidate actions, the reason an action is
refused (None when allowed), and the new state after an allowed action.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import TYPE_CHECKING

from euchre import actions as A
from euchre.actions import Action
from euchre.cards import Card, Rank, Suit
from euchre.contract import after_trump_made
from euchre.phase import Phase
from euchre.scoring import HandResult
from euchre.transitions import after, replace_hand, set_fields, without

if TYPE_CHECKING:
    from euchre.state import HandState


_LOW_RANKS = (Rank.NINE, Rank.TEN)


def farmers_hand(hand: Sequence[Card], definition: str) -> bool:
    """Whether a hand is a farmer's hand under one of the three definitions.

    >>> from euchre.cards import parse_cards
    >>> farmers_hand(parse_cards("9c 9d Th Ts 9s"), "all_low"), farmers_hand(parse_cards("9c 9d Th As Ks"), "three_low")
    (True, True)
    >>> farmers_hand(parse_cards("9c 9d 9h As Ks"), "three_of_a_rank")
    True
    """
    low = [c for c in hand if c.rank in _LOW_RANKS]
    if definition == "all_low":
        return len(low) == len(hand)
    if definition == "three_low":
        return len(low) >= 3
    if definition == "three_of_a_rank":
        return any(sum(1 for c in low if c.rank is r) >= 3 for r in _LOW_RANKS)
    return False


# ---------------------------------------------------------------------- farmer's hand
def _farmer_candidates(s: HandState) -> list[Action]:
    out = [Action(A.PASS)]
    assert s.to_act is not None
    if s.rules.farmers_remedy == "redeal":
        out.append(Action(A.REDEAL))
    else:
        low = [c for c in s.hands[s.to_act] if c.rank in _LOW_RANKS]
        out.extend(Action(A.FARMER_SWAP, cards=combo) for combo in itertools.combinations(low, 3))
    return out


def _farmer_check(s: HandState, a: Action) -> str | None:
    if a.kind == A.PASS:
        return None
    if a.kind == A.REDEAL:
        if s.rules.farmers_remedy != "redeal":
            return "at this table a farmer's hand swaps three low cards for the kitty; it is not redealt"
        return None
    if s.rules.farmers_remedy != "swap":
        return "at this table a farmer's hand is redealt, not swapped"
    assert s.to_act is not None
    hand = s.hands[s.to_act]
    if len(a.cards) != 3 or len(set(a.cards)) != 3:
        return "a farmer's swap gives three different cards for the three cards of the kitty"
    for card in a.cards:
        if card not in hand:
            return f"you do not hold {card}"
        if card.rank not in _LOW_RANKS:
            return f"only 9s and 10s can be swapped for the kitty, and {card} is neither"
    if len(s.kitty) < 3:
        return "the kitty has fewer than three cards to swap with"
    return None


def _farmer_apply(s: HandState, a: Action) -> HandState:
    seat = s.to_act
    assert seat is not None
    if a.kind == A.REDEAL:
        new = after(s, a, phase=Phase.OVER, to_act=None)
        set_fields(
            new, result=HandResult(tuple(0 for _ in range(s.rules.num_teams)), None, 0, redeal=True)
        )
        return new
    hands, kitty = s.hands, s.kitty
    if a.kind == A.FARMER_SWAP:
        taken = kitty[:3]
        hand = tuple(c for c in hands[seat] if c not in a.cards) + taken
        hands = replace_hand(hands, seat, hand)
        kitty = a.cards + kitty[3:]
    queue = s.farmer_queue[1:]
    if queue:
        return after(s, a, hands=hands, kitty=kitty, farmer_queue=queue, to_act=queue[0])
    return after(
        s,
        a,
        hands=hands,
        kitty=kitty,
        farmer_queue=(),
        phase=Phase.ROUND_ONE,
        to_act=(s.dealer + 1) % s.players,
    )


# ---------------------------------------------------------------------- round one
def _can_go_alone(s: HandState) -> bool:
    return s.rules.partnerships and not s.rules.call_ace


def _round_one_candidates(s: HandState) -> list[Action]:
    return [Action(A.PASS), Action(A.ORDER), Action(A.ORDER, alone=True)]


def _dealer_partner(s: HandState, seat: int) -> bool:
    return s.rules.partnerships and seat != s.dealer and seat % 2 == s.dealer % 2


def _round_one_check(s: HandState, a: Action) -> str | None:
    if a.kind == A.PASS:
        return None
    assert s.to_act is not None
    if a.alone and not _can_go_alone(s):
        return (
            "going alone needs a partner to sit out, and this table has no partnerships"
            if not s.rules.partnerships
            else "with call-ace the maker cannot choose to go alone"
        )
    if s.rules.canadian_loner and _dealer_partner(s, s.to_act) and not a.alone:
        return (
            "Canadian loner: when you order up your partner the dealer, you must go alone "
            "('order alone')"
        )
    return None


def _round_one_apply(s: HandState, a: Action) -> HandState:
    seat = s.to_act
    assert seat is not None
    if a.kind == A.PASS:
        passes = s.passes + 1
        if passes < s.players:
            return after(s, a, passes=passes, to_act=(seat + 1) % s.players)
        return after(s, a, passes=0, phase=Phase.ROUND_TWO, to_act=(s.dealer + 1) % s.players)
    new = after(s, a, passes=0, trump=s.proposed, maker=seat, alone=a.alone)
    set_fields(new, maker_side=_maker_side(new, seat))
    if a.alone and _dealer_partner(s, seat) and not s.rules.dealer_picks_up_when_partner_alone:
        # The dealer sits out without taking the upcard; its suit stays trump.
        return after_trump_made(new)
    hand = s.hands[s.dealer] + (s.deal.upcard,)
    set_fields(
        new,
        hands=replace_hand(s.hands, s.dealer, hand),
        picked_up=True,
        phase=Phase.DISCARD,
        to_act=s.dealer,
    )
    return new


def _maker_side(s: HandState, maker: int) -> frozenset[int]:
    if s.rules.partnerships:
        return frozenset(x for x in range(s.players) if x % 2 == maker % 2)
    return frozenset((maker,))


# ---------------------------------------------------------------------- the dealer's discard
def _discard_candidates(s: HandState) -> list[Action]:
    out = [Action(A.DISCARD, cards=(c,)) for c in s.hands[s.dealer]]
    out.append(Action(A.DECLINE))
    return out


def _discard_check(s: HandState, a: Action) -> str | None:
    if a.kind == A.DECLINE:
        if not s.rules.dealer_may_decline:
            return "at this table the dealer must take the ordered upcard and discard one card"
        if s.maker == s.dealer:
            return "you picked the upcard up yourself, so you cannot decline it; discard one card"
        return None
    card = a.card
    if card not in s.hands[s.dealer]:
        return f"you do not hold {card}: discard one of the six cards in your hand"
    return None


def _discard_apply(s: HandState, a: Action) -> HandState:
    if a.kind == A.DECLINE:
        hand = without(s.hands[s.dealer], s.deal.upcard)
        new = after(
            s, a, hands=replace_hand(s.hands, s.dealer, hand), declined=True, picked_up=False
        )
    else:
        hand = without(s.hands[s.dealer], a.card)
        new = after(s, a, hands=replace_hand(s.hands, s.dealer, hand), discard=a.card)
    return after_trump_made(new)


# ---------------------------------------------------------------------- round two
def _round_two_candidates(s: HandState) -> list[Action]:
    out = [Action(A.PASS)]
    for suit in Suit:
        out.append(Action(A.CALL, suit))
        out.append(Action(A.CALL, suit, alone=True))
    out.append(Action(A.CALL, None))
    out.append(Action(A.CALL, None, alone=True))
    return out


def _round_two_check(s: HandState, a: Action) -> str | None:
    if a.kind == A.PASS:
        if s.rules.stick_the_dealer and s.to_act == s.dealer:
            return (
                "stick the dealer: everyone else has passed, so you, the dealer, must name "
                "a trump suit"
            )
        return None
    if a.alone and not _can_go_alone(s):
        return (
            "going alone needs a partner to sit out, and this table has no partnerships"
            if not s.rules.partnerships
            else "with call-ace the maker cannot choose to go alone"
        )
    if a.suit is None:
        if not s.rules.no_trump:
            return "this table does not play no-trump: name a suit or pass"
        return None
    if a.suit is s.proposed:
        return (
            f"{s.proposed.plural} were turned down in round one, so they cannot be trump "
            f"this deal: name another suit or pass"
        )
    return None


def _round_two_apply(s: HandState, a: Action) -> HandState:
    seat = s.to_act
    assert seat is not None
    if a.kind == A.PASS:
        passes = s.passes + 1
        if passes < s.players:
            return after(s, a, passes=passes, to_act=(seat + 1) % s.players)
        new = after(s, a, passes=passes, phase=Phase.OVER, to_act=None)
        set_fields(new, result=HandResult(tuple(0 for _ in range(s.rules.num_teams)), None, 0))
        return new
    new = after(s, a, passes=0, trump=a.suit, maker=seat, alone=a.alone)
    set_fields(new, maker_side=_maker_side(new, seat))
    return after_trump_made(new)
