"""Euchre's making of trump on the upcard: a farmer's hand, round one, the dealer's
discard, round two.

Each phase has three small functions, listed in ``PHASES`` (this module's entries of the
phase table, ``phases.py``): its candidate actions, the reason an action is refused (None
when allowed), and the move, made in place on a ``Position``.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from euchre import actions as A
from euchre.actions import DISCARDS, Action
from euchre.cards import SUITS, Card, Rank, Suit
from euchre.contract import after_trump_made
from euchre.hands import with_hand, without
from euchre.phase import Phase
from euchre.position import PhaseRules, Position, enter, finish, set_trump
from euchre.rules import Rules
from euchre.scoring import HandResult
from euchre.seats import next_seat, partners_of, same_team, team_seats

_LOW_RANKS = (Rank.NINE, Rank.TEN)


def proposed_suit(upcard: Card) -> Suit:
    """The suit the upcard proposes (a turned-up joker proposes hearts).

    >>> proposed_suit(Card.parse("Joker"))
    Suit.HEARTS
    """
    return upcard.suit if upcard.suit is not None else Suit.HEARTS


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


def _round_one_hint(s: Position, action: Action) -> str | None:
    if action.kind is A.CALL:
        return (
            f"in round one the only suit on offer is the upcard's, {_proposed(s).plural}: "
            f"order it up or pass"
        )
    return None


def _round_two_hint(s: Position, action: Action) -> str | None:
    if action.kind is A.ORDER:
        return (
            f"the upcard was turned down: in round two you name a suit other than "
            f"{_proposed(s).plural}, or pass"
        )
    return None


def _discard_hint(s: Position, action: Action) -> str:
    return "the dealer has picked up the upcard and must first discard one card"


def _proposed(s: Position) -> Suit:
    proposed = s["proposed"]
    assert proposed is not None, "Euchre's bidding has an upcard"
    return proposed


# ---------------------------------------------------------------------- farmer's hand
def farmer_candidates(s: Position) -> list[Action]:
    out = [A.PASS_ACTION]
    assert s["to_act"] is not None
    if s["rules"].farmers_remedy == "redeal":
        out.append(A.REDEAL_ACTION)
    else:
        low = [c for c in s["held"][s["to_act"]] if c.rank in _LOW_RANKS]
        out.extend(Action(A.FARMER_SWAP, cards=combo) for combo in itertools.combinations(low, 3))
    return out


def farmer_check(s: Position, a: Action) -> str | None:
    if a.kind is A.PASS:
        return None
    if a.kind is A.REDEAL:
        if s["rules"].farmers_remedy != "redeal":
            return "at this table a farmer's hand swaps three low cards for the kitty; it is not redealt"
        return None
    if s["rules"].farmers_remedy != "swap":
        return "at this table a farmer's hand is redealt, not swapped"
    assert s["to_act"] is not None
    hand = s["held"][s["to_act"]]
    if len(a.cards) != 3 or len(set(a.cards)) != 3:
        return "a farmer's swap gives three different cards for the three cards of the kitty"
    for card in a.cards:
        if card not in hand:
            return f"you do not hold {card}"
        if card.rank not in _LOW_RANKS:
            return f"only 9s and 10s can be swapped for the kitty, and {card} is neither"
    if len(s["kitty"]) < 3:
        return "the kitty has fewer than three cards to swap with"
    return None


def farmer_apply(s: Position, a: Action) -> None:
    seat = s["to_act"]
    assert seat is not None
    if a.kind is A.REDEAL:
        finish(s, thrown_in(s["rules"], redeal=True))
        return
    if a.kind is A.FARMER_SWAP:
        taken = s["kitty"][:3]
        hand = tuple(c for c in s["held"][seat] if c not in a.cards) + taken
        s["held"] = with_hand(s["held"], seat, hand)
        s["kitty"] = a.cards + s["kitty"][3:]
    queue = s["farmer_queue"][1:]
    s["farmer_queue"] = queue
    if queue:
        s["to_act"] = queue[0]
    else:
        enter(s, Phase.ROUND_ONE, next_seat(s["dealer"], s["players"]))


# ---------------------------------------------------------------------- round one
def _alone_refused(rules: Rules) -> str | None:
    """Why nobody may go alone at this table, or None."""
    if not rules.partnerships:
        return "going alone needs a partner to sit out, and this table has no partnerships"
    if rules.call_ace:
        return "with call-ace the maker cannot choose to go alone"
    return None


def _dealer_partner(rules: Rules, dealer: int, seat: int) -> bool:
    return rules.partnerships and seat != dealer and same_team(seat, dealer, True)


def _must_go_alone(rules: Rules, dealer: int, seat: int) -> bool:
    """Canadian loner: the dealer's partner orders up only alone."""
    return rules.canadian_loner and _dealer_partner(rules, dealer, seat)


# Round one's legal actions, by (the seat may order with its partner, anyone may go alone).
_ROUND_ONE = {
    (True, True): [A.PASS_ACTION, A.ORDER_ACTION, A.ORDER_ALONE],
    (True, False): [A.PASS_ACTION, A.ORDER_ACTION],
    (False, True): [A.PASS_ACTION, A.ORDER_ALONE],
    (False, False): [A.PASS_ACTION],
}


def round_one_candidates(s: Position) -> list[Action]:
    """Exactly the legal actions (the same tests as ``round_one_check``)."""
    seat = s["to_act"]
    assert seat is not None
    return round_one_legal(s["rules"], s["dealer"], seat)


def round_one_legal(rules: Rules, dealer: int, seat: int) -> list[Action]:
    """Round one's legal actions for ``seat`` under ``rules`` when ``dealer`` deals (the
    same at any point of round one). The list is shared.

    >>> [str(a) for a in round_one_legal(Rules(), 0, 1)]
    ['pass', 'order', 'order alone']
    """
    return _ROUND_ONE[(not _must_go_alone(rules, dealer, seat), _alone_refused(rules) is None)]


def round_one_check(s: Position, a: Action) -> str | None:
    if a.kind is A.PASS:
        return None
    assert s["to_act"] is not None
    if a.alone:
        refused = _alone_refused(s["rules"])
        if refused:
            return refused
    elif _must_go_alone(s["rules"], s["dealer"], s["to_act"]):
        return (
            "Canadian loner: when you order up your partner the dealer, you must go alone "
            "('order alone')"
        )
    return None


def dealer_sits_out(rules: Rules, dealer: int, seat: int, a: Action) -> bool:
    """Whether ``seat`` ordering up with ``a`` leaves ``dealer`` out without the upcard
    (the dealer's partner alone, at a table where the dealer then does not pick it up)."""
    return (
        a.alone
        and _dealer_partner(rules, dealer, seat)
        and not rules.dealer_picks_up_when_partner_alone
    )


def make_trump(s: Position, seat: int, a: Action) -> None:
    """``seat`` makes trump with ``a``: the maker, going alone or not, the maker's side."""
    s["passes"] = 0
    s["maker"] = seat
    s["alone"] = s["declared_alone"] = a.alone
    s["maker_side"] = team_seats(seat, s["players"], s["rules"].partnerships)
    if a.alone:  # the partners sit out from the moment it is said, the dealer's discard before play
        s["out"] = frozenset(partners_of(seat, s["players"], s["rules"].partnerships))


def round_one_apply(s: Position, a: Action) -> None:
    seat = s["to_act"]
    assert seat is not None
    if a.kind is A.PASS:
        passes = s["passes"] + 1
        if passes < s["players"]:
            s["passes"] = passes
            s["to_act"] = next_seat(seat, s["players"])
        else:
            s["passes"] = 0
            enter(s, Phase.ROUND_TWO, next_seat(s["dealer"], s["players"]))
        return
    make_trump(s, seat, a)
    set_trump(s, _proposed(s))
    if dealer_sits_out(s["rules"], s["dealer"], seat, a):
        # The dealer sits out without taking the upcard; its suit stays trump.
        after_trump_made(s)
        return
    upcard = s["upcard"]
    assert upcard is not None, "Euchre's bidding has an upcard"
    s["held"] = with_hand(s["held"], s["dealer"], s["held"][s["dealer"]] + (upcard,))
    s["picked_up"] = True
    enter(s, Phase.DISCARD, s["dealer"])


# ---------------------------------------------------------------------- the dealer's discard
def decline_refusal(rules: Rules, dealer: int, maker: int | None) -> str | None:
    """Why the dealer may not decline the accepted upcard, or None: only where the house
    rules allow it, and then whoever accepted it, the dealer included (002: once the
    turn-up's suit is accepted, "the dealer may exchange a card in-hand for the turn-up ...
    or may decline the turn-up"). Every seat knows it.

    >>> table = Rules().replace(dealer_may_decline=True)
    >>> decline_refusal(table, 0, 1) is None, decline_refusal(table, 0, 0) is None
    (True, True)
    >>> print(decline_refusal(Rules(), 0, 1))
    at this table the dealer must take the ordered upcard and discard one card
    """
    if not rules.dealer_may_decline:
        return "at this table the dealer must take the ordered upcard and discard one card"
    return None


def _decline_refused(s: Position) -> str | None:
    return decline_refusal(s["rules"], s["dealer"], s["maker"])


def discard_candidates(s: Position) -> list[Action]:
    """Exactly the legal actions: a discard of each held card, then declining if allowed."""
    out = [DISCARDS[c.id] for c in s["held"][s["dealer"]]]
    if _decline_refused(s) is None:
        out.append(A.DECLINE_ACTION)
    return out


def discard_check(s: Position, a: Action) -> str | None:
    if a.kind is A.DECLINE:
        return _decline_refused(s)
    if not a.cards:
        return "say which card to discard, like 'discard 9s'"
    card = a.card
    if card not in s["held"][s["dealer"]]:
        return f"you do not hold {card}: discard one of the six cards in your hand"
    return None


def discard_apply(s: Position, a: Action) -> None:
    if a.kind is A.DECLINE:
        upcard = s["upcard"]
        assert upcard is not None, "Euchre's bidding has an upcard"
        s["held"] = with_hand(s["held"], s["dealer"], without(s["held"][s["dealer"]], upcard))
        s["declined"] = True
        s["picked_up"] = False
    else:
        s["held"] = with_hand(s["held"], s["dealer"], without(s["held"][s["dealer"]], a.card))
        s["discard"] = a.card
    after_trump_made(s)


# ---------------------------------------------------------------------- round two
def _stuck(s: Position) -> bool:
    """Stick the dealer: the dealer may not pass in round two."""
    return s["rules"].stick_the_dealer and s["to_act"] == s["dealer"]


def round_two_candidates(s: Position) -> list[Action]:
    """Exactly the legal actions (the same tests as ``round_two_check``), in the order:
    pass, then each suit (and no-trump), each alone after it."""
    seat = s["to_act"]
    assert seat is not None
    return round_two_legal(s["rules"], s["dealer"], _proposed(s), seat)


def round_two_legal(rules: Rules, dealer: int, proposed: Suit, seat: int) -> list[Action]:
    """Round two's legal actions for ``seat`` under ``rules`` when ``dealer`` deals and the
    upcard proposed ``proposed`` (the same at any point of round two). The list is shared.

    >>> [str(a) for a in round_two_legal(Rules(), 0, Suit.HEARTS, 1)][:3]
    ['pass', 'call clubs', 'call clubs alone']
    """
    stuck = rules.stick_the_dealer and seat == dealer
    key = (proposed, stuck, _alone_refused(rules) is None, rules.no_trump)
    legal = _ROUND_TWO.get(key)
    if legal is None:
        proposed, stuck, alone, no_trump = key
        legal = [] if stuck else [A.PASS_ACTION]
        for suit in (*SUITS, None):
            if suit is not proposed and (suit is not None or no_trump):
                legal.append(A.call(suit))
                if alone:
                    legal.append(A.call(suit, alone=True))
        _ROUND_TWO[key] = legal
    return legal


# Round two's legal actions, by (proposed suit, stuck, alone allowed, no-trump allowed).
_ROUND_TWO: dict[tuple[Suit, bool, bool, bool], list[Action]] = {}


def round_two_check(s: Position, a: Action) -> str | None:
    if a.kind is A.PASS:
        if _stuck(s):
            return (
                "stick the dealer: everyone else has passed, so you, the dealer, must name "
                "a trump suit"
            )
        return None
    if a.alone:
        refused = _alone_refused(s["rules"])
        if refused:
            return refused
    if a.suit is None:
        if not s["rules"].no_trump:
            return "this table does not play no-trump: name a suit or pass"
        return None
    if a.suit is s["proposed"]:
        return (
            f"{_proposed(s).plural} were turned down in round one, so they cannot be trump "
            f"this deal: name another suit or pass"
        )
    return None


def round_two_apply(s: Position, a: Action) -> None:
    seat = s["to_act"]
    assert seat is not None
    if a.kind is A.PASS:
        passes = s["passes"] + 1
        s["passes"] = passes
        if passes < s["players"]:
            s["to_act"] = next_seat(seat, s["players"])
        else:
            finish(s, thrown_in(s["rules"]))
        return
    make_trump(s, seat, a)
    set_trump(s, a.suit)
    after_trump_made(s)


def thrown_in(rules: Rules, redeal: bool = False) -> HandResult:
    """The result of a deal nobody made trump in (or a farmer's hand ``redeal``): nobody
    scores.

    >>> thrown_in(Rules()).points, thrown_in(Rules.profile("bid-euchre")).tricks
    ((0, 0), 6)
    """
    return HandResult((0,) * rules.num_teams, None, 0, redeal=redeal, tricks=rules.hand_size)


K = A.ActionKind
#: Euchre's phases of making trump, for the phase table (``phases.py``).
PHASES = {
    Phase.FARMER: PhaseRules(
        frozenset((K.PASS, K.FARMER_SWAP, K.REDEAL)), farmer_candidates, farmer_check, farmer_apply
    ),
    Phase.ROUND_ONE: PhaseRules(
        frozenset((K.PASS, K.ORDER)),
        round_one_candidates,
        round_one_check,
        round_one_apply,
        exact=True,
        hint=_round_one_hint,
    ),
    Phase.DISCARD: PhaseRules(
        frozenset((K.DISCARD, K.DECLINE)),
        discard_candidates,
        discard_check,
        discard_apply,
        exact=True,
        hint=_discard_hint,
    ),
    Phase.ROUND_TWO: PhaseRules(
        frozenset((K.PASS, K.CALL)),
        round_two_candidates,
        round_two_check,
        round_two_apply,
        exact=True,
        hint=_round_two_hint,
    ),
}
del K
