"""The ``oracle`` level of the bench: bids and plays seeing every hand (a ceiling, no player).

It cheats, so it lives here, never among the engine's levels (``euchre.computer_player``
does not know it, and no learner meets it). Every card is chosen as the ``open-hand``
level chooses it (``duplicate.open_hand_card``: the open-hand solver on the real deal).
Every other decision (order or pick up, name a suit, alone or not, pass, the dealer's
discard) is chosen by solving the rest of the deal open-handed for each legal choice,
assuming every player afterwards decides the same way: each later bidder picks what is
best for its own seat, and the cards are played by the open-hand solver (the makers'
side taking the most tricks it can). A finished deal is worth to a seat what the bench
scores for it (``duplicate.first_level_score`` with that seat alone on the first level's
side: at cutthroat its points minus the mean of the others'). Euchre's tables only: Bid
Euchre's auction is too wide to solve whole, and the oracle refuses it plainly.

>>> from duplicate import TABLES, deal_of
>>> table = TABLES["3"]
>>> state = HandState.new(deal_of(table, 0), table.rules)
>>> OraclePlayer(0).choose(state) in state.legal_actions()
True
"""

from __future__ import annotations

import euchre
from duplicate import first_level_score, open_hand_card
from euchre import Action, HandState, Phase
from euchre.play import deal_outcome
from euchre.players.knowledge import called_ace
from euchre.players.search import maker_side
from euchre.players.solver import Solver


class OraclePlayer:
    """Every decision taken seeing every hand (see the module's docstring). ``seed`` is
    accepted like every bench level's and unused: the oracle has no chance in it."""

    level = "oracle"

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.values: dict[tuple[Action, ...], tuple[float, ...]] = {}

    def choose(self, state: HandState) -> Action:
        if state.rules.variant != "euchre":
            raise ValueError(f"the oracle plays Euchre's tables only, not {state.rules.variant!r}")
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if state.phase is Phase.PLAY:
            return Action("play", cards=(open_hand_card(state),))
        return best_call(state, self.values)


class OracleCallsPlayer:
    """The oracle's calls (every hand seen) with the strong player's card play (fair): what
    perfect bidding alone is worth, ``--match oracle-calls:normal``."""

    level = "oracle-calls"

    def __init__(self, seed: int) -> None:
        self.oracle = OraclePlayer(seed)
        self.player = euchre.computer_player("strong", seed=seed)

    def choose(self, state: HandState) -> Action:
        if state.phase is Phase.PLAY:
            return self.player.choose(state)
        return self.oracle.choose(state)


def best_call(state: HandState, memo: dict[tuple[Action, ...], tuple[float, ...]]) -> Action:
    """The legal action before the play worth most to the seat to act, every hand seen and
    every later decision taken the same way (the first such in legal order).

    >>> from duplicate import TABLES, deal_of
    >>> table = TABLES["4"]
    >>> state = HandState.new(deal_of(table, 3), table.rules)
    >>> best_call(state, {}) in state.legal_actions()
    True
    """
    seat = state.to_act
    assert seat is not None
    scored = [(deal_values(state.apply(a), memo)[seat], a) for a in state.legal_actions()]
    best = max(value for value, _ in scored)
    return next(a for value, a in scored if value == best)


def deal_values(
    state: HandState, memo: dict[tuple[Action, ...], tuple[float, ...]]
) -> tuple[float, ...]:
    """What the rest of the deal from ``state`` is worth to each seat (as the bench scores
    it), every decision taken seeing every hand; ``memo`` keeps it by the actions so far
    (one deal per memo)."""
    key = tuple(state.actions)
    if key not in memo:
        memo[key] = _worth(state, memo)
    return memo[key]


def _worth(
    state: HandState, memo: dict[tuple[Action, ...], tuple[float, ...]]
) -> tuple[float, ...]:
    if state.result is not None:
        return seat_scores(state.result.points, state)
    if state.phase is Phase.PLAY:
        return seat_scores(solved_points(state), state)
    seat = state.to_act
    assert seat is not None
    options = [deal_values(state.apply(a), memo) for a in state.legal_actions()]
    return max(options, key=lambda values: values[seat])


def solved_points(state: HandState) -> tuple[int, ...]:
    """The deal's points when it is played from its first lead with every hand seen (the
    makers' side taking the most tricks it can, the defenders the fewest).

    >>> from duplicate import TABLES, deal_of
    >>> table = TABLES["3"]
    >>> state = HandState.replay(deal_of(table, 0), table.rules, ["order", "discard Tc"])
    >>> len(solved_points(state))
    3
    """
    rules = state.rules
    assert state.maker is not None and state.to_act is not None and not state.tricks
    view = state.view(state.to_act)
    active = [s for s in range(rules.players) if s not in view.sitting_out]
    hands = {s: list(state.view(s).hand) for s in active}
    held = [list(hands.get(s, [])) for s in range(rules.players)]
    makers = frozenset(maker_side(rules, state.maker, called_ace(state.actions), state.trump, held))
    leader = view.current_trick[0][0] if view.current_trick else state.to_act
    values = Solver(hands, state.trump, active, leader, makers, view.current_trick).values()
    made = (max if leader in makers else min)(values.values())
    alone, defended = state.alone, state.defender is not None
    return deal_outcome(rules, state.maker, makers, alone, defended, made).points


def seat_scores(points: tuple[int, ...], state: HandState) -> tuple[float, ...]:
    """Each seat's score for a deal's ``points``, as the bench scores the first level's
    seat (its team's points less the other team's; at cutthroat its own less the mean of
    the others')."""
    rules = state.rules
    return tuple(
        first_level_score(points, [0 if s == seat else 1 for s in range(rules.players)], rules)
        for seat in range(rules.players)
    )
