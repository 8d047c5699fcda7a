"""The tricks in progress as one small record per card played: the engine's hot path.

Four moves in five are plays, and a play changes only a few facts of the deal: the actions
so far, who acts, who leads, the cards not yet played, the completed tricks, the trick in
progress and the legal plays. Everything else is fixed from the first lead on, so it is
kept once per deal in a ``PlayTable``; each card played makes one plain tuple, a
``PlayRecord``, and nothing else (``HandState`` wraps it, and builds the full
``Position`` only when someone asks for more than the hot properties).

>>> from euchre.deal import Deal
>>> from euchre.rules import Rules
>>> from euchre.state import HandState
>>> state = HandState.replay(Deal.random(seed=7, dealer=0), Rules(), ["order", "discard 9s"])
>>> record = record_of(state.position())
>>> record[TO_ACT], [str(a) for a in record[LEGAL]][:2]
(1, ['play Jc', 'play Kc'])
>>> after = play_card(record, record[LEGAL][0])
>>> after[TO_ACT], position_of(after)["trick"][0]
(2, ((1, Card.parse('Jc')),))
"""

from __future__ import annotations

from typing import Final, NamedTuple

from euchre.actions import Action
from euchre.cards import Card
from euchre.play import PLAY_LISTS, deal_result, play_candidates, plays_of
from euchre.position import History, Position, TrickRecord, finish
from euchre.scoring import TRICKS


class PlayTable(NamedTuple):
    """What stays the same while the tricks are played (one per deal, from the first lead).

    ``base``: a position of the deal in play (its fixed fields are the deal's; a record's
    fields replace the others). ``powers`` and ``suit_masks``: each card's power and its
    effective suit as a mask, by card id; ``trumps``: the trumps as a mask; ``next_of``:
    the next seat that plays, by seat; ``seat_masks``: each seat's cards as a mask.
    """

    base: Position
    powers: list[int]
    suit_masks: list[int]
    trumps: int
    next_of: tuple[int, ...]
    seat_masks: tuple[int, ...]


# The facts one card changes, as one plain tuple (a tuple is the cheapest value Python
# makes): the table, the actions so far (``History``), the seat to act, the leader of the
# trick, the unplayed cards (a mask), the completed tricks, the trick in progress (its
# (seat, card) pairs, the suit led and the cards that can win it as masks, the seat winning
# it and its card's power; () 0 0 -1 -1 before the lead), and the legal plays.
PlayRecord = tuple[
    PlayTable,
    History,
    int,
    int,
    int,
    tuple[TrickRecord, ...],
    tuple[tuple[int, Card], ...],
    int,
    int,
    int,
    int,
    list[Action],
]
TABLE: Final = 0
HISTORY: Final = 1
TO_ACT: Final = 2
LEGAL: Final = 11


def record_of(p: Position) -> PlayRecord:
    """The record of ``p``, a position in the play phase (with a new table: the first lead
    makes one per deal, and every later record shares it)."""
    table = PlayTable(p, p["powers"], p["suit_masks"], p["trumps"], p["next_of"], p["seat_masks"])
    current, follow, can_win, best_seat, best_power = p["trick"]
    legal = p["legal"]
    if legal is None:
        legal = play_candidates(p)
    to_act = p["to_act"]
    assert to_act is not None, "a deal in play has a seat to act"
    return (table, p["history"], to_act, p["leader"], p["unplayed"], p["done"],
            current, follow, can_win, best_seat, best_power, legal)  # fmt: skip


def position_of(record: PlayRecord) -> Position:
    """The full position a record stands for (a new dictionary)."""
    (table, history, to_act, leader, unplayed, done,
     current, follow, can_win, best_seat, best_power, legal) = record  # fmt: skip
    p = table.base.copy()
    p["history"] = history
    p["to_act"] = to_act
    p["leader"] = leader
    p["unplayed"] = unplayed
    p["done"] = done
    p["trick"] = (current, follow, can_win, best_seat, best_power)
    p["legal"] = legal
    return p


def play_card(record: PlayRecord, action: Action) -> PlayRecord | None:
    """The record after ``action``, a legal play; None when it is the deal's last card
    (``final_position`` has the end). Every fourth card ends a trick; the next player's
    legal plays are listed as the move is made (one mask look-up), so that
    ``legal_actions`` is ready.

    The winner of the trick is kept as the cards fall: the highest power among the cards
    that can win it (the suit led and the trumps).
    """
    (table, history, seat, leader, unplayed, done,
     current, follow, can_win, best_seat, best_power, _) = record  # fmt: skip
    _, powers, suit_masks, trumps, next_of, seat_masks = table
    card = action.cards[0]
    ident = card.id
    bit = card.bit
    unplayed ^= bit
    power = powers[ident]
    if not current:
        follow = suit_masks[ident]
        can_win = follow | trumps
        best_seat, best_power = seat, power
    elif power > best_power and bit & can_win:
        best_seat, best_power = seat, power
    history = (action, seat, history)
    current += ((seat, card),)
    following = next_of[seat]
    if following != leader:  # someone has still to play to this trick
        hand = seat_masks[following] & unplayed
        legal = hand & follow or hand
        return (table, history, following, leader, unplayed, done,
                current, follow, can_win, best_seat, best_power,
                PLAY_LISTS.get(legal) or plays_of(legal))  # fmt: skip
    if len(done) == TRICKS - 1:
        return None
    hand = seat_masks[best_seat] & unplayed  # the winner leads the next trick, any card
    return (table, history, best_seat, best_seat, unplayed, (*done, (current, best_seat)),
            (), 0, 0, -1, -1, PLAY_LISTS.get(hand) or plays_of(hand))  # fmt: skip


def final_position(record: PlayRecord, action: Action) -> Position:
    """The position after ``action``, the deal's last card, in the trick of ``record``."""
    (table, history, seat, leader, unplayed, done,
     current, _, can_win, best_seat, best_power, _) = record  # fmt: skip
    card = action.cards[0]
    power = table.powers[card.id]
    if not current or (power > best_power and card.bit & can_win):
        best_seat = seat
    trick = (*current, (seat, card))
    p = position_of((table, (action, seat, history), seat, leader, unplayed ^ card.bit,
                     (*done, (trick, best_seat)), (), 0, 0, -1, -1, []))  # fmt: skip
    finish(p, deal_result(p))
    return p


def play_move(p: Position, action: Action) -> Position:
    """The position after playing ``action``, a legal play in ``p`` (a new one: ``p`` does
    not change)."""
    record = record_of(p)
    after = play_card(record, action)
    return final_position(record, action) if after is None else position_of(after)


def play_apply(s: Position, a: Action) -> None:
    """The play phase's move in place on a fresh position whose history already records
    ``a`` (the ``PhaseRules`` protocol; ``core.advance`` calls ``play_move`` instead)."""
    history = s["history"]
    assert history is not None and history[0] is a
    s.update(play_move(s, a))
    s["history"] = history
