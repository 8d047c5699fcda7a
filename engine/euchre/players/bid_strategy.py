"""The computer players' bidding strategy (the rules of bidding are ``euchre.bidding``).

Values of the decisions before the play (bids, discards, going or defending alone,
calling for best, call-ace, a farmer's hand), in expected points from trick estimates.

``decision_values(view)`` scores every legal action of the seat to act; the players pick
the best, the coach shows the list.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from euchre.actions import Action
from euchre.cards import Card, Rank, Suit
from euchre.phase import Phase
from euchre.players import bid_model
from euchre.players.estimate import (
    best_discard,
    euchre_chance,
    expected_points,
    hand_tricks,
    upcard_value,
)
from euchre.players.knowledge import proposed, upcard
from euchre.trump import card_power, is_trump
from euchre.view import SeatView


@dataclass(frozen=True)
class Style:
    """How a player bids: ``caution`` is the expected points a call must beat (the value of
    passing), ``alone_margin`` the extra a lone call must beat the partnered call by."""

    caution: float = 0.05
    alone_margin: float = 0.2
    partner_help: float = 0.9
    defend_alone_margin: float = 0.4
    learned: bool = False  # bid from the fitted weights (bid_model) where there are some
    # What a learned call must beat passing by where every player scores alone (cutthroat),
    # in round one and in round two: below zero, calls a little worse than passing are made.
    individual_margin: tuple[float, float] = (0.0, 0.0)


NORMAL = Style()
# At cutthroat the fitted values come from deals played out with every card known, where
# the two defenders play as one; at the table they see neither each other's cards nor the
# kitty, and makers fare better than the fit says. Calling 0.2 points (round one) and 0.4
# (round two) below passing measured +0.091 and +0.099 points a deal against normal over
# 300 duplicate deals of sets A and B, against +0.077 and +0.062 with no margin (0.0 and
# -0.2 in round one and -0.2 to -0.6 in round two all landed between +0.079 and +0.099).
STRONG = Style(learned=True, individual_margin=(-0.2, -0.4))


def partner_help(view: SeatView, style: Style, seat: int | None = None) -> float:
    """Tricks the partners are expected to add to a call (none in individual play)."""
    rules = view.rules
    seat = view.seat if seat is None else seat
    if rules.call_ace:
        return style.partner_help * 0.8
    if not rules.partnerships:
        return 0.0
    partners = [
        s for s in range(rules.players) if s != seat and rules.team_of(s) == rules.team_of(seat)
    ]
    return style.partner_help * (1.0 if len(partners) == 1 else 1.5)


def _is_partner(view: SeatView, seat: int) -> bool:
    rules = view.rules
    return seat != view.seat and rules.team_of(seat) == rules.team_of(view.seat)


def _side_ep(
    tricks: float, maker: bool, alone: bool, view: SeatView, defender_alone: bool = False
) -> float:
    """Expected points for the seat's side: as makers expecting ``tricks``, or as defenders
    whose side expects ``tricks``."""
    if maker:
        return expected_points(tricks, alone, view.rules)
    return -expected_points(5.0 - tricks, alone, view.rules, defender_alone=defender_alone)


def round_one_tricks(view: SeatView, alone: bool, style: Style) -> float:
    """The tricks the seat's side expects from ordering up (alone or not) in round one."""
    trump = proposed(view)
    rules = view.rules
    hand = list(view.hand)
    up = upcard(view)
    if view.seat == view.dealer:
        six = [*hand, up]
        hand = [c for c in six if c != best_discard(six, trump, rules)]
        mine = hand_tricks(hand, trump, rules)
        return mine if alone else mine + partner_help(view, style)
    mine = hand_tricks(hand, trump, rules)
    if _is_partner(view, view.dealer):
        if alone:
            return mine
        gain = upcard_value(up, trump, rules) * 0.6
        return mine + partner_help(view, style) + gain
    loss = upcard_value(up, trump, rules) * 0.5 if view.dealer != view.seat else 0.0
    if alone:
        return mine - loss * 0.6
    return mine + partner_help(view, style) - loss


def round_one_value(view: SeatView, alone: bool, style: Style) -> float:
    """Expected points of ordering up (alone or not) in round one."""
    return expected_points(round_one_tricks(view, alone, style), alone, view.rules)


def round_two_tricks(view: SeatView, suit: Suit | None, alone: bool, style: Style) -> float:
    """The tricks the seat's side expects from naming ``suit`` (None: no-trump)."""
    rules = view.rules
    mine = hand_tricks(view.hand, suit, rules)
    if suit is not None and suit is proposed(view).partner and view.seat != view.dealer:
        mine += 0.1  # "next": the dealer's side turned the same colour down
    return mine if alone else mine + partner_help(view, style)


def round_two_value(view: SeatView, suit: Suit | None, alone: bool, style: Style) -> float:
    """Expected points of naming ``suit`` (None: no-trump) in round two."""
    return expected_points(round_two_tricks(view, suit, alone, style), alone, view.rules)


def call_tricks(view: SeatView, action: Action, style: Style) -> float | None:
    """The tricks the seat's side expects from ``action`` if it makes trump (an order or a
    call), else None."""
    if action.kind in ("order", "call") and learned(view, style):
        trump = proposed(view) if action.kind == "order" else action.suit
        if trump is not None:
            return bid_model.call_tricks(view, trump, action.alone)
    if view.phase is Phase.ROUND_ONE and action.kind == "order":
        return round_one_tricks(view, action.alone, style)
    if view.phase is Phase.ROUND_TWO and action.kind == "call":
        return round_two_tricks(view, action.suit, action.alone, style)
    return None


def euchre_chance_of(view: SeatView, action: Action, tricks: float, style: Style) -> float:
    """The chance that ``action`` (a call whose side expects ``tricks``) is euchred: the
    fitted chance, or the rules of thumb's from the tricks."""
    if learned(view, style):
        trump = proposed(view) if action.kind == "order" else action.suit
        if trump is not None:
            return bid_model.call_outlook(view, trump, action.alone).euchred
    return euchre_chance(tricks)


def _defender_tricks(
    view: SeatView, hand: Sequence[Card], with_partner: bool, style: Style
) -> float:
    trump = view.trump
    mine = hand_tricks(hand, trump, view.rules) * 0.85
    if with_partner:
        mine += partner_help(view, style) * 0.7
    return mine


def decision_values(view: SeatView, style: Style = NORMAL) -> list[tuple[Action, float]]:
    """Every legal action of the seat to act (not in the play) with its expected points,
    in the order of ``view.legal``."""
    value = _PHASE_VALUES.get(view.phase)
    return [(a, value(view, a, style) if value is not None else 0.0) for a in view.legal]


def learned(view: SeatView, style: Style) -> bool:
    """Whether ``style`` bids here from the fitted weights (``bid_model``)."""
    return style.learned and bid_model.fitted(view.rules) is not None


def _call_value(view: SeatView, a: Action, style: Style) -> float:
    """An order or a call in either round, or a pass there: from the fitted weights as
    they are, or from the rules of thumb with the style's margins."""
    if learned(view, style):
        if a.kind == "pass":
            return bid_model.pass_points(view)
        trump = proposed(view) if a.kind == "order" else a.suit
        assert trump is not None
        return bid_model.call_points(view, trump, a.alone) - _individual_margin(view, style)
    if a.kind == "pass":
        return style.caution
    margin = style.alone_margin if a.alone else 0.0
    if view.phase is Phase.ROUND_ONE:
        return round_one_value(view, a.alone, style) - margin
    return round_two_value(view, a.suit, a.alone, style) - margin


def _individual_margin(view: SeatView, style: Style) -> float:
    """The margin a learned call must beat passing by at this seat (none in partnerships)."""
    if view.rules.partnerships:
        return 0.0
    first, second = style.individual_margin
    return first if view.phase is Phase.ROUND_ONE else second


def _defend_value(view: SeatView, a: Action, style: Style) -> float:
    # the maker may play alone or with a partner: the engine offers defending alone
    # against either, and scores each as it is
    hand = list(view.hand)
    if a.kind == "pass":
        return _side_ep(_defender_tricks(view, hand, True, style), False, view.alone, view)
    lone = _defender_tricks(view, hand, False, style)
    return _side_ep(lone, False, view.alone, view, True) - style.defend_alone_margin


# Between cards whose estimates round alike, set aside the weakest and give the best (a
# millionth of a point per unit of worth: it only breaks ties).
def _call_for_best_value(view: SeatView, a: Action, style: Style) -> float:
    trump, rules = view.trump, view.rules
    if a.kind == "pass":
        return expected_points(hand_tricks(view.hand, trump, rules), True, rules)
    rest = [c for c in view.hand if c != a.card]
    return (
        expected_points(hand_tricks(rest, trump, rules) + 0.75, True, rules)
        - _card_worth(a.card, trump) * 1e-6
    )


def _give_best_value(view: SeatView, a: Action, style: Style) -> float:
    worth = _card_worth(a.card, view.trump)
    return expected_points(4.0 + worth * 0.5, True, view.rules) + worth * 1e-6


def _card_worth(card: Card, trump: Suit | None) -> float:
    if trump is not None and is_trump(card, trump):
        return 1.0 + card_power(card, trump) / 200.0
    if card.rank is Rank.ACE:
        return 0.7
    return card_power(card, trump) / 100.0


def _discard_value(view: SeatView, a: Action, style: Style) -> float:
    trump = view.trump
    assert trump is not None and view.maker is not None
    if a.kind == "decline":
        rest = [c for c in view.hand if c != view.upcard]
        penalty = 0.01
    else:
        rest = [c for c in view.hand if c != a.card]
        # Between discards that leave equally good hands, throw the lowest card (as
        # best_discard does): a hundredth of a point is the most this ever weighs.
        assert a.card is not None
        penalty = card_power(a.card, trump) * 1e-5
    if view.maker == view.seat and learned(view, style):  # the dealer picked it up
        outlook = bid_model.kept_outlook(view, rest)
        return bid_model.points_of(outlook, view.alone, view.rules) - penalty
    mine = hand_tricks(rest, trump, view.rules)
    maker_side = view.maker == view.seat or _is_partner(view, view.maker)
    partner_out = view.alone and view.maker != view.seat
    help_ = 0.0 if (view.alone and maker_side) or partner_out else partner_help(view, style)
    if maker_side:
        value = expected_points(mine + help_, view.alone, view.rules)
    else:
        value = _side_ep(mine * 0.85 + help_ * 0.7, False, view.alone, view)
    return value - penalty


def _call_ace_value(view: SeatView, a: Action, style: Style) -> float:
    trump = view.trump
    rules = view.rules
    mine = hand_tricks(view.hand, trump, rules)
    assert a.suit is not None
    mine_in_suit = [
        c
        for c in view.hand
        if c.suit is a.suit or (trump is not None and is_trump(c, trump) and a.suit is trump)
    ]
    top_held = any(
        (
            trump is not None
            and a.suit is trump
            and (c.is_joker or (c.rank is Rank.JACK and c.suit is trump))
        )
        or (c.rank is Rank.ACE and c.suit is a.suit and a.suit is not trump)
        for c in mine_in_suit
    )
    if top_held:
        return expected_points(mine, True, rules)
    bonus = 0.3 if a.suit is trump else (0.15 if not mine_in_suit else 0.0)
    return expected_points(mine + partner_help(view, style) + bonus, False, rules)


def _outlook(hand: Sequence[Card], view: SeatView, style: Style) -> float:
    best = max(hand_tricks(hand, s, view.rules) for s in Suit)
    return 0.5 * expected_points(best + partner_help(view, style), False, view.rules)


def _farmer_value(view: SeatView, a: Action, style: Style) -> float:
    if a.kind == "redeal":
        return 0.0
    if a.kind == "pass":
        return _outlook(view.hand, view, style)
    kept = [c for c in view.hand if c not in a.cards]
    # Three unknown cards replace the swapped ones: count each as an average card.
    return _outlook(kept, view, style) + 0.15


_PHASE_VALUES: dict[Phase, Callable[[SeatView, Action, Style], float]] = {
    Phase.ROUND_ONE: _call_value,
    Phase.ROUND_TWO: _call_value,
    Phase.DISCARD: lambda view, a, style: _discard_value(view, a, style),
    Phase.DEFEND: _defend_value,
    Phase.CALL_FOR_BEST: _call_for_best_value,
    Phase.GIVE_BEST: _give_best_value,
    Phase.CALL_ACE: lambda view, a, style: _call_ace_value(view, a, style),
    Phase.FARMER: lambda view, a, style: _farmer_value(view, a, style),
}


def low_swap(hand: Sequence[Card], options: Sequence[Action]) -> Action | None:
    """The farmer's swap that gives away the three lowest cards (a simple player's choice)."""
    swaps = [a for a in options if a.kind == "swap"]
    if not swaps:
        return None
    return min(swaps, key=lambda a: sum(int(c.rank) for c in a.cards))


__all__ = [
    "NORMAL",
    "STRONG",
    "Style",
    "call_tricks",
    "decision_values",
    "low_swap",
    "round_one_tricks",
    "round_one_value",
    "round_two_tricks",
    "round_two_value",
]
