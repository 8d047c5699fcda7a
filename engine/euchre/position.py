"""Where a deal is: one ``Position``, a typed dictionary of plain fields; how a phase moves
one (``PhaseRules``: the shape of an entry of the phase table, ``phases.py``); and the few
moves every phase shares (``enter`` a phase, ``set_trump``, ``finish``).

A position is a dictionary so that the next one is one ``dict.copy()`` (measured: several
times faster than creating an object and copying its fields one by one). The phase modules
change a fresh copy in place; once handed to a ``HandState``, a position never changes
again (but for its cache of legal actions). The engine's hot paths move by small nodes
instead (``node.py``) and build a position only when asked for one. Cards are interned ``Card`` values;
sets of cards are masks of their bits (``Card.bit``).

>>> from euchre.cards import parse_cards
>>> mask_of(parse_cards("9c Jd"))
257
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple, TypedDict

from euchre.actions import Action, ActionKind
from euchre.cards import Card, Suit
from euchre.deal import Deal
from euchre.phase import Phase
from euchre.rules import Rules
from euchre.scoring import HandResult
from euchre.trump import POWER_TABLES, SUIT_MASK_TABLES, SUIT_TABLES, TRUMP_MASKS

TrickRecord = tuple[
    tuple[tuple[int, Card], ...], int
]  # a completed trick: (seat, card) pairs, winner

# The trick in progress: its (seat, card) pairs in play order; the cards of the suit led
# and those that can win it (that suit and the trumps), as masks; the seat winning it so
# far and its card's power. One value, so that a card played reads and writes it once.
TrickInPlay = tuple[tuple[tuple[int, Card], ...], int, int, int, int]
NO_TRICK: TrickInPlay = ((), 0, 0, -1, -1)

# The actions so far, newest first: (action, its actor, the history before it), or None.
History = tuple[Action, int, "History"] | None


class Position(TypedDict):
    """Every field of a deal in progress (see the module doc)."""

    # Fixed for the whole deal.
    rules: Rules
    deal: Deal
    dealer: int
    players: int
    upcard: Card | None  # None where no card is turned up (Bid Euchre)
    proposed: Suit | None  # the suit the upcard proposes
    # What changes.
    history: History  # the actions so far and their actors (``actions_of``, ``actors_of``)
    phase: Phase
    to_act: int | None
    held: tuple[tuple[Card, ...], ...]  # every seat's cards in the order received, the
    # played ones included (no card changes hands once play begins: see ``unplayed``)
    unplayed: int  # the cards not yet played to a trick (a mask)
    kitty: tuple[Card, ...]
    trump: Suit | None
    suits: list[Suit | None]  # each card's effective suit under this trump, by card id
    powers: list[int]  # each card's power under this trump, by card id
    suit_masks: list[int]  # each card's effective suit as a mask of cards, by card id
    maker: int | None
    alone: bool  # the maker plays without a partner (declared, or call-ace's own card)
    declared_alone: bool  # the maker said "alone"
    defender: int | None  # a defender playing alone
    out: frozenset[int]  # seats sitting out
    discard: Card | None
    picked_up: bool
    declined: bool
    passes: int
    bid: int  # Bid Euchre: the highest bid so far in tricks (0 before any), then the contract
    bidder: int | None  # who made it
    trumps: int  # the trumps as a mask (0 in a no-trump deal or before trump is made)
    done: tuple[TrickRecord, ...]  # the completed tricks
    trick: TrickInPlay  # the trick in progress
    leader: int  # who leads (or led) the trick in progress
    next_of: tuple[int, ...]  # the next seat that plays, by seat
    seat_masks: tuple[int, ...]  # from the first lead: each seat's ``held`` as a mask
    maker_side: frozenset[int]
    called_ace: Suit | None
    ace_partner: int | None
    farmer_queue: tuple[int, ...]
    result: HandResult | None
    legal: list[Action] | None  # the legal actions, once listed (a cache, shared by copies)


class PhaseRules(NamedTuple):
    """How one phase of a deal works: an entry of the phase table (``phases.py``).

    ``kinds``: the kinds of action that belong to the phase. ``candidates``: every action
    worth checking now, in the order ``legal_actions`` lists them (``exact`` when they are
    all legal, so no check is needed). ``check``: the reason an action of one of those
    kinds is refused, or None. ``apply``: the move, made in place on a fresh position (the
    action is already recorded and ``to_act`` is still its actor). ``hint``: what to do
    instead, for an action of a kind the phase does not take (None: a general sentence).
    """

    kinds: frozenset[ActionKind]
    candidates: Callable[[Position], list[Action]]
    check: Callable[[Position, Action], str | None]
    apply: Callable[[Position, Action], None]
    exact: bool = False
    hint: Callable[[Position, Action], str | None] | None = None


def mask_of(cards: Iterable[Card]) -> int:
    """Distinct cards as a mask (``Card.bit``)."""
    mask = 0
    for card in cards:
        mask |= card.bit
    return mask


def dealt_masks(hands: Iterable[Sequence[Card]]) -> list[int]:
    """Hands of five cards (as dealt) as masks (``Card.bit``), one sum each (the cards'
    bits are distinct, and Python adds small integers faster than it ors them).

    >>> from euchre.cards import parse_cards
    >>> dealt_masks([parse_cards("9c Tc Jc Qc Kc"), parse_cards("9d Td Jd Qd Kd")])
    [31, 1984]
    """
    return [a.bit + b.bit + c.bit + d.bit + e.bit for a, b, c, d, e in hands]


def enter(p: Position, phase: Phase, to_act: int | None) -> None:
    """Go to ``phase`` with ``to_act`` to move (the phase modules' one way to change phase)."""
    p["phase"] = phase
    p["to_act"] = to_act


def set_trump(p: Position, trump: Suit | None) -> None:
    """Make ``trump`` the trump suit (None: no-trump), with its look-up rows."""
    index = 4 if trump is None else trump.idx
    p["trump"] = trump
    p["suits"] = SUIT_TABLES[index]
    p["powers"] = POWER_TABLES[index]
    p["suit_masks"] = SUIT_MASK_TABLES[index]
    p["trumps"] = TRUMP_MASKS[index]


def finish(p: Position, result: HandResult) -> None:
    """End the deal with ``result``."""
    enter(p, Phase.OVER, None)
    p["result"] = result
    p["legal"] = []


def hands_now(p: Position) -> tuple[tuple[Card, ...], ...]:
    """Every seat's cards now, in the order received."""
    unplayed = p["unplayed"]
    held = p["held"]
    if not p["done"] and not p["trick"][0]:
        return held
    return tuple(tuple(c for c in hand if unplayed & c.bit) for hand in held)


def _history(history: History) -> list[tuple[Action, int]]:
    """(action, seat) for every action of ``history``, the latest first."""
    out = []
    while history is not None:
        action, seat, history = history
        out.append((action, seat))
    return out


def actions_in(history: History) -> tuple[Action, ...]:
    """The actions of ``history``, in order."""
    return tuple(action for action, _ in reversed(_history(history)))


def actors_in(history: History) -> tuple[int, ...]:
    """The seat that made each action of ``history``, in order."""
    return tuple(seat for _, seat in reversed(_history(history)))


def actions_and_actors(history: History) -> tuple[tuple[Action, ...], tuple[int, ...]]:
    """The actions of ``history`` and the seat that made each, in order, in one walk.

    >>> from euchre.actions import Action
    >>> actions_and_actors((Action.parse("order"), 2, (Action.parse("pass"), 1, None)))
    ((Action.parse('pass'), Action.parse('order')), (1, 2))
    """
    actions: list[Action] = []
    actors: list[int] = []
    while history is not None:
        action, seat, history = history
        actions.append(action)
        actors.append(seat)
    actions.reverse()
    actors.reverse()
    return tuple(actions), tuple(actors)
