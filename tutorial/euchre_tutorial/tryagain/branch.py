"""Branching a finished deal at one of its decisions.

Decision ``k`` is the ``k``-th action of the deal (counting from 0): a try keeps the ``k``
actions before it, on the same cards, and the seat that made decision ``k`` (the learner)
chooses again; the computer players answer for every other seat. A try is a new
``HandState``: the deal it came from, and any game it belongs to, never change.

>>> from euchre import Rules
>>> deal = finished_deal(3, Rules())
>>> start = branch(deal, 4)
>>> start.actions == deal.actions[:4] and start.deal == deal.deal
True
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import euchre
from euchre import Action, Deal, HandState, Phase, Rules, SeatView

from euchre_tutorial.present.seats import seat_names
from euchre_tutorial.present.words import choice_label, describe

LEVEL = "normal"  # the computer players who answer a try


class BranchError(ValueError):
    """A try that cannot start there (the message is one friendly sentence)."""


@dataclass(frozen=True)
class Decision:
    """One decision of a deal: its index ``k``, who made it, what was done, the number of
    legal choices there were, and where it was ("Trick 3" or "Making trump")."""

    k: int
    seat: int
    action: Action
    choices: int
    where: str
    words: str


def finished_deal(seed: int, rules: Rules, dealer: int | None = None) -> HandState:
    """A deal of ``Deal.random(seed)`` played to the end by computer players (the sample
    deals of the try-again page and the teacher's sheet)."""
    deal = Deal.random(
        seed=seed, dealer=seed % rules.players if dealer is None else dealer, rules=rules
    )
    state = HandState.new(deal, rules)
    return answer(state, None, seed)


def answer(state: HandState, learner: int | None, seed: int) -> HandState:
    """``state`` after the computer players have acted for every seat but ``learner``,
    up to the learner's next decision or the end of the deal (``learner`` None: all)."""
    player = euchre.computer_player(LEVEL, seed=seed)
    while state.to_act is not None and state.to_act != learner:
        state = state.apply(player.choose(state))
    return state


def where(state: HandState) -> str:
    """Where the next action of ``state`` falls, in words.

    >>> from euchre import Rules
    >>> where(HandState.new(Deal.random(seed=1, dealer=0), Rules()))
    'Making trump'
    >>> rules = Rules().replace(defend_alone=True)
    >>> state = HandState.new(Deal.random(seed=7, dealer=0, rules=rules), rules)
    >>> where(state.apply("order alone").apply("discard 9s"))
    'The offer to defend alone'
    """
    if state.phase is Phase.PLAY:
        number = len(state.tricks) + 1
        card = len(state.current_trick) + 1
        return f"Trick {number}, card {card}"
    return _PHASE_WORDS.get(state.phase, "Making trump")


# Where a decision outside the two rounds of bidding and the tricks falls.
_PHASE_WORDS = {
    Phase.FARMER: "The farmer's hand",
    Phase.DISCARD: "The discard",
    Phase.CALL_ACE: "Calling an ace",
    Phase.CALL_FOR_BEST: "Calling for best",
    Phase.GIVE_BEST: "Giving the best card",
    Phase.DEFEND: "The offer to defend alone",
}


def _replayed(state: HandState) -> Iterator[tuple[int, int, Action, HandState]]:
    """Each decision of ``state`` in order: its index, seat and action, and the position it
    was made in."""
    replay = HandState.new(state.deal, state.rules)
    for k, (action, seat) in enumerate(zip(state.actions, state.actors, strict=True)):
        yield k, seat, action, replay
        replay = replay.apply(action)


def decisions(state: HandState, me: int | None = None) -> list[Decision]:
    """Every decision of ``state`` in order, described as ``me`` (default: each decision's
    own seat) would read it."""
    return [
        Decision(
            k,
            seat,
            action,
            len(before.legal_actions()),
            where(before),
            describe(action, seat, before.view(seat if me is None else me)),
        )
        for k, seat, action, before in _replayed(state)
    ]


def choosable(state: HandState, seat: int | None = None) -> list[int]:
    """The decisions of ``state`` (of ``seat``'s, when given) that had more than one
    choice: the ones a try may start from. Nothing is described, so it is cheap."""
    return [
        k
        for k, who, _action, before in _replayed(state)
        if (seat is None or who == seat) and len(before.legal_actions()) > 1
    ]


def default_decision(state: HandState) -> int:
    """The first card play with a real choice (else the first real decision).

    >>> from euchre import Rules
    >>> line = finished_deal(3, Rules())
    >>> k = default_decision(line)
    >>> line.actions[k].kind == "play", k in choosable(line)
    (True, True)
    """
    found = choosable(state)
    plays = [k for k in found if state.actions[k].kind == "play"]
    if plays or found:
        return (plays or found)[0]
    raise BranchError("This deal has no decision with a choice.")


def branch(state: HandState, k: int) -> HandState:
    """The deal of ``state`` restarted just before its decision ``k``: the same cards and
    the same ``k`` earlier actions. A ``k`` out of range raises BranchError."""
    if not isinstance(k, int) or isinstance(k, bool) or not 0 <= k < len(state.actions):
        raise BranchError(
            f"This deal has {len(state.actions)} decisions, so it cannot be tried again from "
            f"decision {k}."
        )
    start = HandState.new(state.deal, state.rules)
    for action in state.actions[:k]:
        start = start.apply(action)
    return start


def learner_of(state: HandState, k: int) -> int:
    """The seat that made decision ``k`` of ``state``."""
    return int(state.actors[k])


def options(start: HandState) -> list[tuple[Action, str]]:
    """The choices at a try's start, each with its button words."""
    return [(a, choice_label(a, chooser_view(start))) for a in start.legal_actions()]


def same_start(line: HandState, original: HandState, k: int) -> bool:
    """True when ``line`` is a try of ``original`` from decision ``k``: the same deal and
    rules and the same first ``k`` actions."""
    return (
        line.deal == original.deal
        and line.rules == original.rules
        and list(line.actions[:k]) == list(original.actions[:k])
    )


def chooser_view(state: HandState) -> SeatView:
    """The view of the seat to act: its choices are labelled as that seat reads them."""
    if state.to_act is None:
        raise ValueError("nobody is to act: the deal is over")
    return state.view(state.to_act)


def names_for(state: HandState, me: int) -> Sequence[str]:
    """Seat names as ``me`` reads them (You, West, North, East)."""
    return seat_names(me, state.players)
