"""Hindsight: with every card shown, the best result each legal card still allows.

This is what the open-hand solver says once all hands are known, for a hand review: not
what the player could have known when choosing. ``hindsight(state)`` gives each legal card
of the seat to act with the best :class:`Outcome` still possible after it (both sides
playing their best from then on); ``play_cost(state, action)`` the tricks a card gives away
against the best card; ``best_line(state)`` one line of best play to the end.

>>> from euchre import Deal, HandState, Rules
>>> deal = Deal(dealer=3, hands=["Jh Jd Ah 9c Ks", "9h Th Qc Kc Ac", "9d Td Qd Kd Ad",
...             "9s Ts Qs As Jc"], upcard="Kh", kitty=["Qh", "Tc", "Js"])
>>> state = HandState.new(deal, Rules()).apply("order").apply("discard 9s")
>>> outcomes = {str(a): (o.tricks, o.points) for a, o in hindsight(state)}
>>> outcomes["play Jh"], outcomes["play Jd"]
((3, (1, 0)), (3, (1, 0)))
>>> state = HandState.replay(Deal.random(seed=0, dealer=0), Rules(), ["pass", "order alone", "discard Ks"])
>>> sorted((str(a), o.tricks) for a, o in hindsight(state))
[('play Jc', 1), ('play Jd', 1), ('play Jh', 2), ('play Kh', 2), ('play Th', 2)]
>>> play_cost(state, "play Kh"), play_cost(state, "play Jc")
(0, 1)
"""

from __future__ import annotations

from dataclasses import dataclass

from euchre.actions import Action
from euchre.cards import Card
from euchre.phase import Phase
from euchre.players.knowledge import called_ace
from euchre.players.search import maker_side
from euchre.players.solver import Solver
from euchre.state import HandState


@dataclass(frozen=True)
class Outcome:
    """The best result still possible, with every card known: ``tricks`` the acting
    seat's side takes in the whole deal (tricks already won included), ``points`` the
    deal's points per team (as ``HandResult.points``)."""

    tricks: int
    points: tuple[int, ...]


@dataclass(frozen=True)
class _Position:
    """A card-play position with every hand known, ready for the solver."""

    solver: Solver
    makers: frozenset[int]
    made: int  # tricks the making side has taken already


def _position(state: HandState) -> _Position:
    if state.phase is not Phase.PLAY or state.to_act is None:
        raise ValueError(f"hindsight is for card play; this deal is at {state.phase}")
    view = state.view(state.to_act)
    rules = state.rules
    active = [s for s in range(rules.players) if s not in view.sitting_out]
    hands = {s: list(state.view(s).hand) for s in active}
    held: list[list[Card]] = [list(hands.get(s, [])) for s in range(rules.players)]
    for t in view.tricks:
        for seat, card in zip(t.seats, t.cards, strict=False):
            held[seat].append(card)
    for seat, card in view.current_trick:
        held[seat].append(card)
    assert state.maker is not None
    makers = frozenset(maker_side(rules, state.maker, called_ace(state.actions), state.trump, held))
    leader = view.current_trick[0][0] if view.current_trick else state.to_act
    solver = Solver(hands, state.trump, active, leader, makers, view.current_trick)
    made = sum(1 for t in view.tricks if t.winner in makers)
    return _Position(solver, makers, made)


def _maker_values(state: HandState) -> tuple[_Position, dict[Card, int]]:
    """The position and, per legal card, the making side's tricks in the whole deal."""
    pos = _position(state)
    values = pos.solver.values()
    return pos, {card: pos.made + v for card, v in values.items()}


def _best_card(state: HandState, makers: frozenset[int], values: dict[Card, int]) -> Card:
    """The first legal card (in legal order) with the best value for the seat to act."""
    pick = max if state.to_act in makers else min
    target = pick(values.values())
    legal = [a.card for a in state.legal_actions()]
    return next(c for c in legal if values[c] == target)


def _play_out(state: HandState) -> HandState:
    """The deal finished from ``state`` with best play on both sides."""
    while state.result is None:
        pos, values = _maker_values(state)
        state = state.apply(Action("play", cards=(_best_card(state, pos.makers, values),)))
    return state


def hindsight(state: HandState) -> list[tuple[Action, Outcome]]:
    """Each legal card of the seat to act (in legal order) with the best outcome still
    possible after it, every card known. Raises ValueError outside the card play."""
    pos, values = _maker_values(state)
    seat = state.to_act
    mine = seat in pos.makers
    out = []
    for action in state.legal_actions():
        tricks = values[action.card]
        final = _play_out(state.apply(action))
        assert final.result is not None
        total = final.rules.hand_size
        out.append((action, Outcome(tricks if mine else total - tricks, final.result.points)))
    return out


def play_cost(state: HandState, action: Action | str) -> int:
    """Tricks ``action`` (a legal card play of the seat to act) gives away with every card
    known: the best tricks still possible minus the tricks still possible after it (0 for a
    best card)."""
    chosen = Action.parse(action)
    if chosen not in state.legal_actions():
        raise ValueError(f"{chosen} is not a legal play here")
    pos, values = _maker_values(state)
    if state.to_act in pos.makers:
        return max(values.values()) - values[chosen.card]
    return values[chosen.card] - min(values.values())


def best_line(state: HandState) -> list[Action]:
    """One line of best play (both sides) from ``state`` to the end of the deal, every card
    known; among equal cards, the first in legal order."""
    start = len(state.actions)
    final = _play_out(state)
    return list(final.actions[start:])


__all__ = ["Outcome", "best_line", "hindsight", "play_cost"]
