"""What a bid is worth at this seat, learned from deals played out with every card known.

A call (ordering up, picking up, naming a suit, alone or not) is valued from a few facts
of the maker's hand (which trumps it holds, how many, its off-suit aces and kings, its
voids) and of the seat (who gets the upcard, which side leads, whether a partner passed,
the round, "next"). The weights (``bid_weights.py``) come from ``scripts/fit_bidding.py``:
thousands of deals bid by the strong player, every call and pass at every seat played out
with the open-hand solver. For a call three fits of those facts give its outlook: the
makers' tricks (least squares), the chance they are euchred and the chance they march
(logistic regressions); its expected points follow from the scores of the three results.
A pass is worth what passing has scored from that seat with such a hand, later bids
included (least squares on the seat's estimates for its best calls).

The model covers the tables it was fitted at (four players in two teams, three-handed
cutthroat, six in two teams of three) with a suit for trump; elsewhere ``fitted(rules)`` is
None and the players keep their rules of thumb (``estimate.py``).

>>> from euchre import Deal, HandState, Rules
>>> view = HandState.new(Deal.random(seed=5, dealer=0), Rules()).view(1)
>>> fitted(view.rules) is not None
True
>>> 0.0 <= call_tricks(view, view.upcard.suit, alone=False) <= 5.0
True
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from euchre.actions import Action
from euchre.cards import Card, Rank, Suit
from euchre.phase import Phase
from euchre.players.bid_weights import WEIGHTS
from euchre.players.estimate import trump_rank_index
from euchre.players.knowledge import upcard
from euchre.rules import Rules
from euchre.scoring import TRICKS, TRICKS_TO_MAKE, score_hand
from euchre.state import proposed_suit
from euchre.trump import card_power, is_trump
from euchre.view import SeatView

#: The trump ranks told apart: right bower, left bower, ace, king, queen, ten, then nine
#: (and at 32 cards the eight and seven with it).
TRUMP_PLACES = 7


@dataclass(frozen=True)
class Fitted:
    """One table's weights: ``calls[kind][target]`` (kind "partner" or "alone"; target
    "tricks", "euchred" or "march") the weights of a call's facts, and
    ``passes[(round, place)]`` the weights of a pass's facts for its points (``place``
    the seats after the dealer, 0 for the dealer)."""

    calls: Mapping[str, Mapping[str, Sequence[float]]]
    passes: Mapping[tuple[int, int], Sequence[float]]


@dataclass(frozen=True)
class Outlook:
    """What a call promises its side: the tricks it should take, the chance it is
    euchred and the chance it takes all five."""

    tricks: float
    euchred: float
    march: float


def table_kind(rules: Rules) -> str | None:
    """The key of the fitted table these rules are played at, or None.

    >>> table_kind(Rules()), table_kind(Rules().at_table("3")), table_kind(Rules().at_table("2"))
    ('4', '3', None)
    """
    if rules.joker or rules.no_trump or rules.call_ace:
        return None
    if rules.partnerships and rules.players in (4, 6):
        return str(rules.players)
    if not rules.partnerships and rules.players == 3:
        return "3"
    return None


def load(raw: Mapping[str, Mapping[str, Any]]) -> dict[str, Fitted]:
    """Weights as ``bid_weights.WEIGHTS`` holds them (plain data), one ``Fitted`` a table."""
    return {
        kind: Fitted(
            calls={k: {t: tuple(w) for t, w in v.items()} for k, v in data["calls"].items()},
            passes={tuple(k): tuple(v) for k, v in data["passes"].items()},
        )
        for kind, data in raw.items()
    }


_FITTED = load(WEIGHTS)


def fitted(rules: Rules, weights: Mapping[str, Fitted] | None = None) -> Fitted | None:
    """The weights for these rules' table (None where none were fitted)."""
    kind = table_kind(rules)
    table = _FITTED if weights is None else weights
    return table.get(kind) if kind is not None else None


# ---------------------------------------------------------------------- facts


def hand_facts(cards: Sequence[Card], trump: Suit) -> list[float]:
    """The facts of a hand with ``trump``: each trump place held, trumps beyond two and
    three, off-suit aces, ace-kings, guarded kings, voids with two and with three trumps,
    and the trumps held from the very top down without a gap.

    >>> from euchre.cards import parse_cards
    >>> hand_facts(parse_cards("Jh Jd 9h As Ks"), Suit.HEARTS)
    [1.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 1.0, 0.0, 1.0, 1.0, 0.0, 2.0, 2.0, 2.0]
    >>> hand_facts(parse_cards("Jh Jd Ah 9s Tc"), Suit.HEARTS)[-1]
    3.0
    """
    places = [0.0] * TRUMP_PLACES
    trumps = 0
    suits: dict[Suit | None, list[Rank]] = {}
    for card in cards:
        if is_trump(card, trump):
            trumps += 1
            places[min(trump_rank_index(card, trump), TRUMP_PLACES - 1)] += 1.0
        else:
            suits.setdefault(card.suit, []).append(card.rank)
    aces = ace_kings = kings = 0
    for ranks in suits.values():
        if Rank.ACE in ranks:
            aces += 1
            ace_kings += Rank.KING in ranks
        elif Rank.KING in ranks and len(ranks) >= 2:
            kings += 1
    voids = 3 - len(suits)
    top = next((i for i, held in enumerate(places) if not held), TRUMP_PLACES)
    return [
        *places,
        float(max(0, trumps - 2)),
        float(max(0, trumps - 3)),
        float(aces),
        float(ace_kings),
        float(kings),
        float(voids if trumps >= 2 else 0),
        float(voids if trumps >= 3 else 0),
        float(top),
    ]


def _partners_passed(view: SeatView) -> int:
    """Passes by this seat's partners in the current round."""
    rules = view.rules
    count = 0
    for action, actor, phase in zip(view.actions, view.actors, view.phases, strict=False):
        if (
            phase is view.phase
            and action.kind == "pass"
            and actor != view.seat
            and rules.partnerships
            and rules.team_of(actor) == rules.team_of(view.seat)
        ):
            count += 1
    return count


def _first_leader(view: SeatView, alone: bool) -> int:
    """Who would lead the first trick if this seat made trump (alone or not)."""
    rules = view.rules
    out = set()
    if alone and rules.partnerships:
        out = {s for s in range(rules.players) if s != view.seat and _same(rules, s, view.seat)}
        if rules.lead_against_loner == "left_of_loner":
            return (view.seat + 1) % rules.players
    seat = (view.dealer + 1) % rules.players
    while seat in out:
        seat = (seat + 1) % rules.players
    return seat


def _same(rules: Rules, a: int, b: int) -> bool:
    return a == b or (rules.partnerships and rules.team_of(a) == rules.team_of(b))


def seat_facts(view: SeatView, trump: Suit, alone: bool) -> list[float]:
    """The facts of the seat for a call of ``trump``: the upcard's worth to the makers'
    side and to the other (round one), top upcards apart, whether the makers lead first,
    partners' passes this round, round two, "next" for either side, the dealer calling."""
    rules = view.rules
    seat, dealer = view.seat, view.dealer
    round_two = view.phase is Phase.ROUND_TWO
    ours = theirs = ours_top = theirs_top = 0.0
    if not round_two and seat != dealer:
        place = trump_rank_index(upcard(view), trump)
        top = 1.0 if place <= 2 else 0.0
        if not _same(rules, seat, dealer):
            theirs, theirs_top = 1.0, top
        elif not alone:
            ours, ours_top = 1.0, top
    turned = proposed_suit(upcard(view))
    nxt = round_two and trump is turned.partner
    dealer_side = _same(rules, seat, dealer)
    return [
        1.0,
        ours,
        ours_top,
        theirs,
        theirs_top,
        1.0 if _same(rules, _first_leader(view, alone), seat) else 0.0,
        float(_partners_passed(view)),
        1.0 if round_two else 0.0,
        1.0 if nxt and not dealer_side else 0.0,
        1.0 if nxt and dealer_side else 0.0,
        1.0 if seat == dealer else 0.0,
    ]


def _dot(weights: Sequence[float], facts: Sequence[float]) -> float:
    return sum(w * f for w, f in zip(weights, facts, strict=True))


def _chance(weights: Sequence[float], facts: Sequence[float]) -> float:
    """A logistic regression's chance."""
    z = _dot(weights, facts)
    return 1.0 / (1.0 + math.exp(-z)) if z > -40.0 else 0.0


def _kind(alone: bool) -> str:
    return "alone" if alone else "partner"


def outlook_of(weights: Mapping[str, Sequence[float]], facts: Sequence[float]) -> Outlook:
    """A call's outlook from its facts, with one kind of call's weights."""
    euchred = _chance(weights["euchred"], facts)
    march = min(_chance(weights["march"], facts), 1.0 - euchred)
    tricks = min(5.0, max(0.0, _dot(weights["tricks"], facts)))
    return Outlook(tricks, euchred, march)


def points_of(outlook: Outlook, alone: bool, rules: Rules) -> float:
    """The expected points of a call with ``outlook``, as the engine scores it."""
    (make, _), (march, _), (_, euchre) = (
        score_hand(k, alone, rules) for k in (TRICKS_TO_MAKE, TRICKS, 0)
    )
    made = 1.0 - outlook.euchred - outlook.march
    return made * make + outlook.march * march - outlook.euchred * euchre


def maker_hand(view: SeatView, trump: Suit, alone: bool, model: Fitted) -> list[Card]:
    """The maker's five cards for a call of ``trump``: the hand, or for a dealer picking
    up in round one the six cards less the discard that leaves the most expected points
    (on a tie, the lowest card)."""
    hand = list(view.hand)
    if view.phase is not Phase.ROUND_ONE or view.seat != view.dealer:
        return hand
    six = [*hand, upcard(view)]
    weights = model.calls[_kind(alone)]
    facts = seat_facts(view, trump, alone)

    def worth(card: Card) -> float:
        rest = [c for c in six if c != card]
        return points_of(outlook_of(weights, [*hand_facts(rest, trump), *facts]), alone, view.rules)

    drop = max(six, key=lambda card: (round(worth(card), 9), -card_power(card, trump)))
    return [c for c in six if c != drop]


def call_outlook(
    view: SeatView, trump: Suit, alone: bool, weights: Mapping[str, Fitted] | None = None
) -> Outlook:
    """What making ``trump`` now (alone or not) promises the seat's side."""
    model = fitted(view.rules, weights)
    if model is None:
        raise ValueError("no bidding weights for these rules")
    cards = maker_hand(view, trump, alone, model)
    facts = [*hand_facts(cards, trump), *seat_facts(view, trump, alone)]
    return outlook_of(model.calls[_kind(alone)], facts)


def call_tricks(
    view: SeatView, trump: Suit, alone: bool, weights: Mapping[str, Fitted] | None = None
) -> float:
    """The tricks the seat's side should take if it makes ``trump`` now (alone or not)."""
    return call_outlook(view, trump, alone, weights).tricks


def call_points(
    view: SeatView, trump: Suit, alone: bool, weights: Mapping[str, Fitted] | None = None
) -> float:
    """The expected points of making ``trump`` now (alone or not), for the seat's side."""
    return points_of(call_outlook(view, trump, alone, weights), alone, view.rules)


def kept_outlook(view: SeatView, cards: Sequence[Card]) -> Outlook:
    """What a dealer who picked up and keeps ``cards`` (after the discard) can expect."""
    model = fitted(view.rules)
    assert model is not None and view.trump is not None
    facts = [*hand_facts(cards, view.trump), *seat_facts(view, view.trump, view.alone)]
    return outlook_of(model.calls[_kind(view.alone)], facts)


def _place(view: SeatView) -> int:
    return (view.seat - view.dealer) % view.rules.players


def _round_one_trumps(view: SeatView) -> list[Suit]:
    return [s for s in Suit if s is not proposed_suit(upcard(view))]


def pass_facts(view: SeatView, weights: Mapping[str, Fitted] | None = None) -> list[float]:
    """The facts of a pass: the seat's estimate for its best call now (round one: the
    upcard's suit) and, in round one, for its best suit in round two, each with its parts
    above two and above three tricks."""
    if view.phase is Phase.ROUND_ONE:
        now = call_tricks(view, proposed_suit(upcard(view)), False, weights)
        later_view = _as_round_two(view)
        later = max(call_tricks(later_view, s, False, weights) for s in _round_one_trumps(view))
        return [1.0, *_bends(now), *_bends(later)]
    turned = proposed_suit(upcard(view))
    best = max(call_tricks(view, s, False, weights) for s in Suit if s is not turned)
    return [1.0, *_bends(best)]


def _bends(tricks: float) -> tuple[float, float, float]:
    """An estimate as three facts, so that a straight-line fit can bend at 2 and 3 tricks."""
    return tricks, max(0.0, tricks - 2.0), max(0.0, tricks - 3.0)


def _as_round_two(view: SeatView) -> SeatView:
    """The view as round two would show it to this seat if everyone passed (for its
    estimate of a later call: no upcard for anyone, every partner having passed once)."""
    from dataclasses import replace

    players = view.rules.players
    passes = tuple(Action("pass") for _ in range(players))
    actors = tuple((view.dealer + 1 + k) % players for k in range(players))
    phases = tuple(Phase.ROUND_ONE for _ in range(players))
    return replace(view, phase=Phase.ROUND_TWO, actions=passes, actors=actors, phases=phases)


def pass_points(view: SeatView, weights: Mapping[str, Fitted] | None = None) -> float:
    """The expected points of passing now, for the seat's side (later bids included)."""
    model = fitted(view.rules, weights)
    assert model is not None
    key = (1 if view.phase is Phase.ROUND_ONE else 2, _place(view))
    fit = model.passes.get(key)
    # A seat the fitted deals never saw pass here: the dealer ending round two, whose
    # pass throws the deal in, for one, worth nothing to either side.
    return _dot(fit, pass_facts(view, weights)) if fit is not None else 0.0


__all__ = [
    "Fitted",
    "Outlook",
    "call_outlook",
    "call_points",
    "call_tricks",
    "fitted",
    "hand_facts",
    "kept_outlook",
    "pass_facts",
    "pass_points",
    "points_of",
    "seat_facts",
    "table_kind",
]
