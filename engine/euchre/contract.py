"""Settling the contract once trump is made: who sits out, call-ace's secret partner,
calling for best, defending alone, and who leads the first trick.

Like the bidding phases, each phase here has its candidates, its check and its move (made
in place on a ``Position``), listed in ``PHASES`` (this module's entries of the phase
table, ``phases.py``). Every variant shares them.
"""

from __future__ import annotations

from collections.abc import Sequence

from euchre import actions as A
from euchre.actions import Action, one_card
from euchre.cards import Card, Suit
from euchre.hands import with_hand, without
from euchre.phase import Phase
from euchre.play import plays_of
from euchre.position import PhaseRules, Position, enter, mask_of
from euchre.rules import Rules
from euchre.seats import (
    clockwise_after,
    first_active_from,
    next_seat,
    partners_of,
    play_order,
)
from euchre.trump import card_power, effective_suit


# ---------------------------------------------------------------------- after trump is made
def after_trump_made(s: Position) -> None:
    """Settle who sits out, then go to the next decision: call-ace, calling for best,
    defending alone, or the first lead."""
    rules = s["rules"]
    alone = s["declared_alone"]
    if alone and s["maker"] is not None:
        s["out"] = frozenset(partners_of(s["maker"], s["players"], rules.partnerships))
    if rules.call_ace and s["called_ace"] is None:
        enter(s, Phase.CALL_ACE, s["maker"])
    elif alone and rules.calling_for_best:
        enter(s, Phase.CALL_FOR_BEST, s["maker"])
    else:
        _defend_or_play(s)


def _defend_or_play(s: Position) -> None:
    if may_defend_alone(s) and s["defender"] is None:
        queue = defend_queue(s)
        if queue:
            s["passes"] = 0
            enter(s, Phase.DEFEND, queue[0])
            return
    start_play(s)


def may_defend_alone(s: Position) -> bool:
    """Whether the defenders are offered to play alone against this contract: with
    ``defend_alone``, whether or not the maker is alone (002: "Any opponent of the maker
    may defend alone")."""
    return s["rules"].defend_alone


def settles_at_once(rules: Rules, declared_alone: bool) -> bool:
    """Whether a contract just made goes straight to the first lead: no ace to call, no
    call for best, no offer to defend alone (what ``after_trump_made`` finds for a fresh
    contract; the search core's fast paths ask it first).

    >>> settles_at_once(Rules(), True), settles_at_once(Rules.profile("long-deck"), False)
    (True, False)
    """
    return not (rules.call_ace or rules.defend_alone or (declared_alone and rules.calling_for_best))


def first_lead(
    rules: Rules,
    dealer: int,
    maker: int | None,
    declared_alone: bool,
    out: frozenset[int],
    next_of: tuple[int, ...],
) -> tuple[int, tuple[int, ...]]:
    """Who leads the first trick, and the next seat that plays after each seat (``next_of``
    is the table's order with nobody sitting out).

    Where the variant has the maker lead (Bid Euchre's high bidder), the maker does.
    Otherwise the lead moves left of the lone player only for a maker who declared alone:
    call-ace's maker who turns out to hold the called card never said so, and the lead
    must not tell.

    >>> first_lead(Rules(), 3, 1, True, frozenset({3}), (1, 2, 3, 0))
    (0, (1, 2, 0, 0))
    >>> first_lead(Rules.profile("bid-euchre"), 3, 1, False, frozenset(), (1, 2, 3, 0))
    (1, (1, 2, 3, 0))
    """
    n = rules.players
    if rules.variant_spec.maker_leads and maker is not None:
        return maker, play_order(n, out) if out else next_of
    if declared_alone and maker is not None and rules.lead_against_loner == "left_of_loner":
        leader = first_active_from(next_seat(maker, n), n, out)
    elif out:
        leader = first_active_from(next_seat(dealer, n), n, out)
    else:  # every seat plays, in the order the deal started with
        return next_of[dealer], next_of
    return leader, play_order(n, out)


def start_play(s: Position) -> None:
    """The first trick: who leads, and the order of the seats that play."""
    leader, s["next_of"] = first_lead(
        s["rules"], s["dealer"], s["maker"], s["declared_alone"], s["out"], s["next_of"]
    )
    s["seat_masks"] = masks = tuple([mask_of(hand) for hand in s["held"]])
    s["passes"] = 0
    s["leader"] = s["to_act"] = leader
    s["phase"] = Phase.PLAY  # ``enter``, inlined
    s["legal"] = plays_of(masks[leader])  # the first lead: any card


# ---------------------------------------------------------------------- call-ace
def call_ace_candidates(s: Position) -> list[Action]:
    return list(A.CALL_ACES)


def call_ace_check(s: Position, a: Action) -> str | None:
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


def call_ace_apply(s: Position, a: Action) -> None:
    assert a.suit is not None and s["maker"] is not None
    partner = highest_holder(s["held"], a.suit, s["trump"])
    s["called_ace"] = a.suit
    s["ace_partner"] = partner
    s["maker_side"] = frozenset({s["maker"]} if partner is None else {s["maker"], partner})
    s["alone"] = partner in (None, s["maker"])
    after_trump_made(s)


# ---------------------------------------------------------------------- calling for best
def best_candidates(s: Position) -> list[Action]:
    assert s["maker"] is not None
    return [A.PASS_ACTION] + [one_card(A.BEST, c) for c in s["held"][s["maker"]]]


def best_check(s: Position, a: Action) -> str | None:
    assert s["maker"] is not None
    if a.kind is A.BEST:
        if not a.cards:
            return "say which card you discard to call for best, like 'call for best 9s'"
        if a.card not in s["held"][s["maker"]]:
            return f"you do not hold {a.card}: discard one of your own cards to call for best"
    return None


def best_giver(s: Position) -> int:
    """The lone maker's partner, who gives the best card."""
    assert s["maker"] is not None
    return partners_of(s["maker"], s["players"], s["rules"].partnerships)[0]


def best_apply(s: Position, a: Action) -> None:
    assert s["maker"] is not None
    if a.kind is A.PASS:
        _defend_or_play(s)
        return
    s["held"] = with_hand(s["held"], s["maker"], without(s["held"][s["maker"]], a.card))
    enter(s, Phase.GIVE_BEST, best_giver(s))


def give_candidates(s: Position) -> list[Action]:
    return [one_card(A.GIVE, c) for c in s["held"][best_giver(s)]]


def give_check(s: Position, a: Action) -> str | None:
    if not a.cards:
        return "say which card you give, like 'give Ah'"
    if a.card not in s["held"][best_giver(s)]:
        return f"you do not hold {a.card}: give one of your own cards"
    return None


def give_apply(s: Position, a: Action) -> None:
    assert s["maker"] is not None
    giver = best_giver(s)
    hands = list(s["held"])
    hands[giver] = without(hands[giver], a.card)
    hands[s["maker"]] = hands[s["maker"]] + (a.card,)
    s["held"] = tuple(hands)
    _defend_or_play(s)


# ---------------------------------------------------------------------- defending alone
def defend_queue(s: Position) -> list[int]:
    """Defenders who may still choose to defend alone, clockwise from the maker's left."""
    assert s["maker"] is not None
    defenders = [x for x in clockwise_after(s["maker"], s["players"]) if x not in s["maker_side"]]
    return defenders[s["passes"] :] if s["phase"] is Phase.DEFEND else defenders


_DEFEND = [A.PASS_ACTION, A.DEFEND_ALONE]


def defend_candidates(s: Position) -> list[Action]:
    return _DEFEND


def defend_check(s: Position, a: Action) -> str | None:
    return None


def defend_apply(s: Position, a: Action) -> None:
    seat = s["to_act"]
    assert seat is not None
    if a.kind is A.DEFEND:
        s["defender"] = seat
        s["out"] = s["out"] | frozenset(partners_of(seat, s["players"], s["rules"].partnerships))
        start_play(s)
        return
    s["passes"] += 1
    queue = defend_queue(s)
    if queue:
        s["to_act"] = queue[0]
    else:
        start_play(s)


K = A.ActionKind
#: The phases between trump made and the first lead, for the phase table (``phases.py``).
PHASES = {
    Phase.CALL_ACE: PhaseRules(
        frozenset((K.CALL_ACE,)), call_ace_candidates, call_ace_check, call_ace_apply
    ),
    Phase.CALL_FOR_BEST: PhaseRules(
        frozenset((K.PASS, K.BEST)), best_candidates, best_check, best_apply
    ),
    Phase.GIVE_BEST: PhaseRules(frozenset((K.GIVE,)), give_candidates, give_check, give_apply),
    Phase.DEFEND: PhaseRules(
        frozenset((K.PASS, K.DEFEND)), defend_candidates, defend_check, defend_apply
    ),
}
del K
