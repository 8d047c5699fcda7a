"""Hindsight: with every card known, the best result still possible from a card play.

This is what an all-seeing player could have done, not what the learner could have known:
the pages label it so. Values come from the players' open-hand solver through :func:`euchre.players.hindsight`;
:func:`play_values` is the one place here that asks it.

>>> from euchre import Rules
>>> from euchre_tutorial.tryagain.branch import finished_deal
>>> deal = finished_deal(3, Rules())
>>> line = best_line(HandState.new(deal.deal, deal.rules).apply("pass"))
>>> line.over
False
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import euchre
from euchre import Action, HandState, Phase, Rules
from euchre.players import Outcome, action_words, hindsight
from euchre.players import best_line as engine_best_line


def side_of(state: HandState, seat: int) -> set[int]:
    """The playing seats on ``seat``'s side (its team's seats still in the deal)."""
    active = state.active_seats()
    if state.rules.partnerships:
        return {s for s in active if state.team_of(s) == state.team_of(seat)}
    return {seat}


def tricks_of_side(state: HandState, seat: int) -> int:
    """The tricks ``seat``'s side has taken, the side as hindsight counts it: the makers, or
    everyone playing against them (at cutthroat the two defenders together).

    >>> from euchre import Rules
    >>> from euchre_tutorial.tryagain.branch import finished_deal
    >>> line = finished_deal(4, Rules())
    >>> tricks_of_side(line, 0) + tricks_of_side(line, 1)
    5
    """
    makers = state.maker_side
    active = set(state.active_seats())
    side = makers if seat in makers else active - makers
    return sum(1 for t in state.tricks if t.winner in side)


def outcomes(state: HandState) -> dict[Action, Outcome]:
    """For each legal card play of ``state.to_act`` (in the engine's order): the engine's
    :class:`~euchre.players.hindsight.Outcome` after it, every card known: the tricks that
    seat's side takes in the whole deal (tricks already won included) and the deal's points
    per team, with best play by everyone. ``state`` must be in the play phase."""
    if state.phase is not Phase.PLAY or state.to_act is None:
        raise ValueError("hindsight values are for card plays")
    return dict(hindsight(state))


def play_values(state: HandState) -> dict[Action, int]:
    """For each legal card play of ``state.to_act``: the tricks that seat's side takes in
    the whole deal (tricks already won included) with best play by everyone, every card
    known (the players' :func:`euchre.players.hindsight`). ``state`` must be in the play
    phase."""
    return {action: outcome.tricks for action, outcome in outcomes(state).items()}


def best_action(state: HandState) -> Action:
    """The first legal card (in the engine's order) that keeps the most tricks for the side
    to act, every card known."""
    values = play_values(state)
    top = max(values.values())
    return next(a for a, v in values.items() if v == top)


def best_line(state: HandState) -> HandState:
    """``state`` played to the end of its card play with best play by every seat, every
    card known: the engine's line (:func:`euchre.players.best_line`); a state not in the
    play phase is returned unchanged."""
    if state.phase is not Phase.PLAY or state.to_act is None:
        return state
    for action in engine_best_line(state):
        state = state.apply(action)
    return state


@dataclass(frozen=True)
class PlayReview:
    """One of the learner's card plays, in hindsight, every figure the engine's
    (:func:`euchre.players.hindsight` at that moment of that deal): the tricks for the
    learner's side and the deal's points per team after the card played and after the best
    card (the card played itself when it was as good as any), and the coach's words when
    the play cost a trick."""

    k: int
    where: str
    played: Action
    best: Action
    tricks_played: int
    tricks_best: int
    points_played: tuple[int, ...]
    points_best: tuple[int, ...]
    seat: int
    rules: Rules
    reasons: tuple[str, ...] = ()

    @property
    def cost(self) -> int:
        """Tricks this play gave away, every card known (0 when it was a best play)."""
        return self.tricks_best - self.tricks_played

    @property
    def same(self) -> bool:
        """True when the best card would have ended the deal just as the card played."""
        return (self.tricks_best, self.points_best) == (self.tricks_played, self.points_played)


def points_for(state: HandState, seat: int) -> int:
    """The points ``seat``'s team scored in a finished deal, less the most any other team
    scored (so a euchre against you counts -2): a difference for sorting and comparing,
    never shown as a score (a score is never negative; the pages name the side that
    scored)."""
    result = state.result
    if result is None:
        raise ValueError("the deal is not over")
    mine = state.team_of(seat)
    others = [p for t, p in enumerate(result.points) if t != mine]
    return int(result.points[mine]) - int(max(others, default=0))


def review_play(state: HandState, k: int, action: Action) -> PlayReview:
    """Hindsight for the card ``action`` the seat to act played at decision ``k`` of a deal
    (``state``: the position it was played in)."""
    from euchre_tutorial.tryagain.branch import where

    found = outcomes(state)
    played = found[action]
    top = max(o.tricks for o in found.values())
    best = action if played.tricks == top else next(a for a, o in found.items() if o.tricks == top)
    reasons = tuple(euchre.coach(state).reasons) if top > played.tricks else ()
    return PlayReview(
        k,
        where(state),
        action,
        best,
        played.tricks,
        top,
        played.points,
        found[best].points,
        int(state.to_act if state.to_act is not None else 0),
        state.rules,
        reasons,
    )


def review_plays(line: HandState, learner: int, start: int = 0) -> list[PlayReview]:
    """Hindsight for each card ``learner`` played in the finished ``line``, from decision
    ``start`` on. A play that cost a trick carries the coach's reasons at that moment."""
    out = []
    replay = HandState.new(line.deal, line.rules)
    for k, (action, seat) in enumerate(zip(line.actions, line.actors, strict=True)):
        if k >= start and seat == learner and action.kind == "play":
            out.append(review_play(replay, k, action))
        replay = replay.apply(action)
    return out


@dataclass(frozen=True)
class BidReview:
    """One of the learner's bids (or the discard), with the coach's estimate at the time,
    from the learner's own cards: the choice made, the coach's choice and their values, and
    both choices in the learner's words."""

    k: int
    where: str
    made: Action
    advised: Action
    value_made: float | None
    value_advised: float
    unit: str
    reasons: tuple[str, ...]
    made_words: str
    advised_words: str


def review_bids(line: HandState, learner: int, start: int = 0) -> list[BidReview]:
    """The coach's view of each decision ``learner`` made before the card play (with more
    than one choice), from decision ``start`` on."""
    from euchre_tutorial.tryagain.branch import where

    out = []
    replay = HandState.new(line.deal, line.rules)
    for k, (action, seat) in enumerate(zip(line.actions, line.actors, strict=True)):
        if (
            k >= start
            and seat == learner
            and action.kind != "play"
            and len(replay.legal_actions()) > 1
        ):
            advice = euchre.coach(replay)
            values: Mapping[Action, float] = dict(advice.alternatives)
            out.append(
                BidReview(
                    k,
                    where(replay),
                    action,
                    advice.action,
                    values.get(action),
                    values.get(advice.action, 0.0),
                    advice.unit,
                    tuple(advice.reasons),
                    action_words(action, replay, seat),
                    action_words(advice.action, replay, seat),
                )
            )
        replay = replay.apply(action)
    return out
