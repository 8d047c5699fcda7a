"""Settling the contract once trump is made: who sits out, call-ace's secret partner,
calling for best, defending alone, and who leads the first trick.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from euchre import actions as A
from euchre.actions import Action
from euchre.cards import Card, Suit
from euchre.phase import Phase
from euchre.transitions import after, replace_hand, set_fields, without
from euchre.trump import card_power, effective_suit

if TYPE_CHECKING:
    from euchre.state import HandState


# ---------------------------------------------------------------------- after trump is made
def after_trump_made(s: HandState) -> HandState:
    """Settle who sits out, then go to the next decision: call-ace, calling for best,
    defending alone, or the first lead. ``s`` is a fresh copy and may be changed."""
    if s.alone and s.maker is not None:
        set_fields(s, _out=frozenset(p for p in s.partners_of(s.maker)))
    if s.rules.call_ace and s.called_ace is None:
        set_fields(s, phase=Phase.CALL_ACE, to_act=s.maker)
        return s
    if s.alone and s.rules.calling_for_best:
        set_fields(s, phase=Phase.CALL_FOR_BEST, to_act=s.maker)
        return s
    if s.alone and s.rules.defend_alone and s.defender is None and _defend_queue(s):
        set_fields(s, phase=Phase.DEFEND, to_act=_defend_queue(s)[0], passes=0)
        return s
    return _start_play(s)


def _start_play(s: HandState) -> HandState:
    n = s.players
    if s.alone and s.maker is not None and s.rules.lead_against_loner == "left_of_loner":
        leader = s._first_active_from((s.maker + 1) % n)
    else:
        leader = s._first_active_from((s.dealer + 1) % n)
    set_fields(s, phase=Phase.PLAY, to_act=leader, _leader=leader, passes=0)
    return s


# ---------------------------------------------------------------------- call-ace
def _call_ace_candidates(s: HandState) -> list[Action]:
    return [Action(A.CALL_ACE, suit) for suit in Suit]


def _call_ace_check(s: HandState, a: Action) -> str | None:
    return None


def highest_holder(hands: Sequence[Sequence[Card]], suit: Suit, trump: Suit | None) -> int | None:
    """The seat holding the highest card of ``suit`` (as it ranks this deal), or None.

    >>> from euchre.cards import parse_cards
    >>> highest_holder([parse_cards("Ah"), parse_cards("Jd"), parse_cards("Kh")], Suit.HEARTS, Suit.HEARTS)
    1
    """

    best: tuple[int, int] | None = None
    for seat, hand in enumerate(hands):
        for card in hand:
            if effective_suit(card, trump) is suit:
                power = card_power(card, trump)
                if best is None or power > best[0]:
                    best = (power, seat)
    return None if best is None else best[1]


def _call_ace_apply(s: HandState, a: Action) -> HandState:
    assert a.suit is not None and s.maker is not None
    partner = highest_holder(s.hands, a.suit, s.trump)
    side = {s.maker} if partner is None else {s.maker, partner}
    new = after(
        s,
        a,
        called_ace=a.suit,
        ace_partner=partner,
        maker_side=frozenset(side),
        alone=partner in (None, s.maker),
    )
    return after_trump_made(new)


# ---------------------------------------------------------------------- calling for best
def _best_candidates(s: HandState) -> list[Action]:
    assert s.maker is not None
    return [Action(A.PASS)] + [Action(A.BEST, cards=(c,)) for c in s.hands[s.maker]]


def _best_check(s: HandState, a: Action) -> str | None:
    assert s.maker is not None
    if a.kind == A.BEST and a.card not in s.hands[s.maker]:
        return f"you do not hold {a.card}: discard one of your own cards to call for best"
    return None


def _best_giver(s: HandState) -> int:
    assert s.maker is not None
    return s.partners_of(s.maker)[0]


def _best_apply(s: HandState, a: Action) -> HandState:
    assert s.maker is not None
    if a.kind == A.PASS:
        return _after_best(after(s, a))
    hand = without(s.hands[s.maker], a.card)
    new = after(
        s,
        a,
        hands=replace_hand(s.hands, s.maker, hand),
        phase=Phase.GIVE_BEST,
        to_act=_best_giver(s),
    )
    return new


def _give_candidates(s: HandState) -> list[Action]:
    giver = _best_giver(s)
    return [Action(A.GIVE, cards=(c,)) for c in s.hands[giver]]


def _give_check(s: HandState, a: Action) -> str | None:
    giver = _best_giver(s)
    if a.card not in s.hands[giver]:
        return f"you do not hold {a.card}: give one of your own cards"
    return None


def _give_apply(s: HandState, a: Action) -> HandState:
    assert s.maker is not None
    giver = _best_giver(s)
    hands = replace_hand(s.hands, giver, without(s.hands[giver], a.card))
    hands = replace_hand(hands, s.maker, hands[s.maker] + (a.card,))
    return _after_best(after(s, a, hands=hands))


def _after_best(s: HandState) -> HandState:
    if s.rules.defend_alone and s.defender is None and _defend_queue(s):
        set_fields(s, phase=Phase.DEFEND, to_act=_defend_queue(s)[0], passes=0)
        return s
    return _start_play(s)


# ---------------------------------------------------------------------- defending alone
def _defend_queue(s: HandState) -> list[int]:
    """Defenders who may still choose to defend alone, clockwise from the maker's left."""
    assert s.maker is not None
    n = s.players
    order = [(s.maker + i) % n for i in range(1, n)]
    defenders = [x for x in order if x not in s.maker_side]
    return defenders[s.passes :] if s.phase is Phase.DEFEND else defenders


def _defend_candidates(s: HandState) -> list[Action]:
    return [Action(A.PASS), Action(A.DEFEND, alone=True)]


def _defend_check(s: HandState, a: Action) -> str | None:
    return None


def _defend_apply(s: HandState, a: Action) -> HandState:
    seat = s.to_act
    assert seat is not None
    if a.kind == A.DEFEND:
        out = s._out | frozenset(s.partners_of(seat))
        new = after(s, a, defender=seat, _out=out)
        return _start_play(new)
    new = after(s, a, passes=s.passes + 1)
    queue = _defend_queue(new)
    if queue:
        set_fields(new, to_act=queue[0])
        return new
    return _start_play(new)
