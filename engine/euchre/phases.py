"""The phase table: how a deal moves, phase by phase, and the general path that follows it.

A deal's position is a ``Position`` (a typed dictionary of plain fields: ``position.py``).
``PHASE_RULES`` holds one ``PhaseRules`` for every phase of every variant: its action kinds,
its candidate actions, the reason an action is refused, the move, and a hint for an action
that belongs to another phase. Each phase module lists its own entries (``bidding.py``:
Euchre's two rounds on the upcard; ``auction.py``: Bid Euchre's bidding; ``contract.py``:
what every variant settles once trump is made; ``play.py``: the tricks), and the rules'
variant says which phase follows the deal (``variant.py``). ``advance`` makes a move on a
fresh copy of a position through the table, whatever the phase.

This is the engine's general path. The faces (``HandState``, ``DealCore``) move by small
nodes instead (``nodes.py``), which stand for exactly the positions made here.

>>> from euchre.deal import Deal
>>> from euchre.rules import Rules
>>> p = replay(Deal.random(seed=7, dealer=0), Rules(), ["pass", "order"])
>>> p["phase"], p["to_act"], len(legal_actions(p))
(<Phase.DISCARD: "the dealer's discard">, 0, 6)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from euchre import auction, bidding, contract, play
from euchre.actions import Action, ActionError, ActionKind, IllegalAction
from euchre.bidding import proposed_suit
from euchre.cards import Suit
from euchre.deal import Deal
from euchre.phase import Phase
from euchre.position import NO_TRICK, PhaseRules, Position, enter
from euchre.rules import Rules
from euchre.seats import clockwise_after, next_seat
from euchre.trump import ALL_CARDS, POWER_TABLES, SUIT_MASK_TABLES, SUIT_TABLES


def _nothing(p: Position) -> list[Action]:
    return []


def _over(p: Position, action: Action) -> str | None:
    return "this deal is over"


def _stay(p: Position, action: Action) -> None:
    raise IllegalAction("this deal is over")


#: Every phase of every variant, and how it moves.
PHASE_RULES: dict[Phase, PhaseRules] = {
    **bidding.PHASES,
    **auction.PHASES,
    **contract.PHASES,
    **play.PHASES,
    Phase.OVER: PhaseRules(frozenset(), _nothing, _over, _stay, exact=True, hint=_over),
}
assert set(PHASE_RULES) == set(Phase), "every phase has its entry"


# ---------------------------------------------------------------------- the general path
def start(deal: Deal, rules: Rules) -> Position:
    """The position right after the deal. A deal impossible under the rules raises."""
    deal.check(rules)
    return started(deal, rules)


def started(deal: Deal, rules: Rules) -> Position:
    """``start`` for a deal already checked: the variant's first phase, the seat left of
    the dealer to act (a farmer's hand settled first, where the rules have one)."""
    n = rules.players
    p = _start_fields(rules).copy()
    first = next_seat(deal.dealer, n)
    p["deal"] = deal
    p["dealer"] = deal.dealer
    p["upcard"] = deal.upcard
    p["proposed"] = None if deal.upcard is None else proposed_suit(deal.upcard)
    p["to_act"] = p["leader"] = first
    p["held"] = deal.hands
    p["kitty"] = deal.kitty
    if rules.farmers_hand != "off":
        queue = tuple(
            seat
            for seat in (*clockwise_after(deal.dealer, n), deal.dealer)
            if bidding.farmers_hand(deal.hands[seat], rules.farmers_hand)
        )
        if queue:
            p["farmer_queue"] = queue
            enter(p, Phase.FARMER, queue[0])
    return p


def legal_actions(p: Position) -> list[Action]:
    """Every action allowed in ``p``, in a stable order (empty when the deal is over). The
    list is shared: do not change it."""
    legal = p["legal"]
    if legal is None:
        step = PHASE_RULES[p["phase"]]
        if step.exact:
            legal = step.candidates(p)
        else:
            check = step.check
            legal = [a for a in step.candidates(p) if check(p, a) is None]
        p["legal"] = legal
    return legal


def reason(p: Position, action: Action) -> str | None:
    """None when ``action`` is allowed in ``p``, else why not, in plain words."""
    phase = p["phase"]
    step = PHASE_RULES[phase]
    if action.kind in step.kinds:
        return step.check(p, action)
    if action.kind is ActionKind.PLAY and phase is not Phase.OVER:
        return f"you cannot play a card yet: this is {phase}"
    hint = step.hint(p, action) if step.hint is not None else None
    return hint or f"'{action}' is not possible during {phase}"


def checked(p: Position, action: Action | str) -> Action:
    """``action`` as an Action, when it is allowed in ``p``; else IllegalAction says why.
    An action that ``legal_actions`` listed passes on an identity test."""
    for listed in p["legal"] or ():
        if listed is action:
            return listed
    try:
        parsed = Action.parse(action)
    except ActionError as exc:
        raise IllegalAction(str(exc)) from None
    why = reason(p, parsed)
    if why is not None:
        raise IllegalAction(why)
    return parsed


def advance(p: Position, action: Action) -> Position:
    """The position after ``action``, already known to be legal in ``p`` (a new one: ``p``
    does not change): the move of ``p``'s phase, made on a copy."""
    seat = p["to_act"]
    if seat is None:
        raise IllegalAction("this deal is over")
    new = p.copy()
    new["history"] = (action, seat, p["history"])
    new["legal"] = None
    PHASE_RULES[p["phase"]].apply(new, action)
    return new


def replay(deal: Deal, rules: Rules, actions: Iterable[Action | str]) -> Position:
    """The position after ``actions`` (each checked) from the start of ``deal``; an
    illegal one raises IllegalAction."""
    p = start(deal, rules)
    for action in actions:
        p = advance(p, checked(p, action))
    return p


# The fields that are not the position itself: the cache of legal actions.
_NOT_POSITION = frozenset(("legal",))


def fields(p: Position) -> dict[str, Any]:
    """Every field that says where the deal is (not the cache), for comparing positions."""
    return {k: v for k, v in p.items() if k not in _NOT_POSITION}


# The starting fields of a position under each Rules object used lately (by identity:
# the entry holds its Rules, so its id is not reused while it is here). Everything but
# the deal's own facts, which ``started`` fills in.
_STARTS: dict[int, tuple[Rules, Position]] = {}


def _start_fields(rules: Rules) -> Position:
    """The fields every deal under ``rules`` starts with (shared: copy before changing)."""
    entry = _STARTS.get(id(rules))
    if entry is not None and entry[0] is rules:
        return entry[1]
    n = rules.players
    fields = Position(
        rules=rules,
        deal=_NO_DEAL,
        dealer=0,
        players=n,
        upcard=None,
        proposed=Suit.HEARTS,
        history=None,
        phase=rules.variant_spec.first_phase,
        to_act=None,
        held=(),
        unplayed=ALL_CARDS,
        kitty=(),
        trump=None,
        suits=SUIT_TABLES[4],
        powers=POWER_TABLES[4],
        suit_masks=SUIT_MASK_TABLES[4],
        maker=None,
        alone=False,
        declared_alone=False,
        defender=None,
        out=frozenset(),
        discard=None,
        picked_up=False,
        declined=False,
        passes=0,
        bid=0,
        bidder=None,
        trumps=0,
        done=(),
        trick=NO_TRICK,
        leader=0,
        next_of=tuple(next_seat(seat, n) for seat in range(n)),
        seat_masks=(),
        maker_side=frozenset(),
        called_ace=None,
        ace_partner=None,
        farmer_queue=(),
        result=None,
        legal=None,
    )
    if len(_STARTS) >= 16:
        _STARTS.clear()
    _STARTS[id(rules)] = (rules, fields)
    return fields


_NO_DEAL = Deal(0, [])  # a placeholder in the shared start fields; ``started`` replaces it
