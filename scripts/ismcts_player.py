"""OpenSpiel's ISMCTS as an opponent for our players (four players, default rules only).

``ismcts-200`` is ``pyspiel.ISMCTSBot`` with 200 simulations per decision, random
rollouts, exploration constant 2 and the most visited action chosen (open-spiel 2.0.2, a
test dependency). Each decision replays the deal so far into an OpenSpiel state through
the differential test's bridge (``tests/engine/openspiel_bridge.py``) and asks the bot.

OpenSpiel asks "alone?" after the call (after the dealer's discard when the upcard was
ordered), where our engine folds it into the call: the bot answers it at once on a copy of
the state (a placeholder discard stands in for the dealer's, which the bot could not see).
OpenSpiel also forbids discarding the upcard, which our engine allows: in these matches our
players' choice falls back to their best other discard (``NoUpcardDiscard``, counted).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pyspiel
from euchre import Action, HandState, Phase

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


from tests.engine.openspiel_bridge import (  # noqa: E402
    GO_ALONE,
    PASS,
    WITH_PARTNER,
    openspiel_game,
    openspiel_state,
    our_key,
    our_text,
)

_GAMES: dict[bool, Any] = {}


def _game(state: HandState) -> Any:
    key = bool(state.rules.stick_the_dealer)
    if key not in _GAMES:
        _GAMES[key] = openspiel_game(state.rules)
    return _GAMES[key]


def replay(state: HandState) -> Any:
    """OpenSpiel's state for our ``state`` (its deal and every action so far)."""
    os_state = openspiel_state(_game(state), state.deal)
    ours = HandState.new(state.deal, state.rules)
    pending: bool | None = None
    for action in state.actions:
        key = our_key(str(action), ours)
        if key is None:
            raise ValueError("OpenSpiel cannot play a dealer's discard of the upcard")
        os_state.apply_action(key[0])
        if key[1] is not None:
            pending = key[1]
        if os_state.current_phase() == pyspiel.euchre.Phase.GO_ALONE:
            os_state.apply_action(GO_ALONE if pending else WITH_PARTNER)
            pending = None
        ours = ours.apply(action)
    return os_state


class IsmctsPlayer:
    """OpenSpiel's ISMCTS bot deciding for whichever seat is to act."""

    def __init__(self, seed: int, simulations: int = 200) -> None:
        self.level = f"ismcts-{simulations}"
        evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
        self.evaluator = evaluator  # kept alive with the bot
        self.bot = pyspiel.ISMCTSBot(
            seed,
            evaluator,
            2.0,
            simulations,
            -1,
            pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
            False,
            False,
        )

    def choose(self, state: HandState) -> Action:
        os_state = replay(state)
        action = self.bot.step(os_state)
        alone: bool | None = None
        if action != PASS and state.phase in (Phase.ROUND_ONE, Phase.ROUND_TWO):
            alone = self._alone(os_state.clone(), action)
        return Action.parse(our_text((action, alone), os_state))

    def _alone(self, os_state: Any, call: int) -> bool:
        """The bot's answer to "alone?" after ``call`` (on a copy of the state)."""
        os_state.apply_action(call)
        if os_state.current_phase() == pyspiel.euchre.Phase.DISCARD:
            os_state.apply_action(min(os_state.legal_actions()))  # a placeholder discard
        if os_state.current_phase() != pyspiel.euchre.Phase.GO_ALONE:
            return False
        return bool(self.bot.step(os_state) == GO_ALONE)


class NoUpcardDiscard:
    """One of our players, but never discarding the upcard (which OpenSpiel cannot play):
    its best other discard by its own bidding values instead."""

    def __init__(self, player: Any) -> None:
        self.player = player
        self.level = player.level

    def choose(self, state: HandState) -> Action:
        action: Action = self.player.choose(state)
        if action.kind != "discard" or action.card != state.deal.upcard:
            return action
        from euchre.players import bid_strategy

        view = state.view(state.to_act)  # type: ignore[arg-type]
        values = [
            (a, v)
            for a, v in bid_strategy.decision_values(
                view, getattr(self.player, "style", bid_strategy.NORMAL)
            )
            if a.card != state.deal.upcard
        ]
        return max(values, key=lambda item: item[1])[0]
