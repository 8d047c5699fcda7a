"""A stored free-play game for tests (what the free-play page keeps in localStorage), and
the model a free-play reply was drawn from."""

from __future__ import annotations

from typing import Any

import euchre
from euchre import Game, Rules
from euchre_tutorial import computer
from euchre_tutorial.present.advice import advice_data
from euchre_tutorial.widgets.game import SEAT, Save, _game, game_model


def free_play_save(deals: int, seed: int = 11, rules: Rules | None = None) -> str:
    """The page's opaque save of a free-play game with ``deals`` finished deals, every seat
    played by the easy computer player."""
    rules = rules or Rules()
    game = Game.new(rules, seed=seed)
    while len(game.history) < deals:
        game = game.apply(computer.choose(game.state, "easy", seed))
    return Save(rules, seed, tuple(str(a) for a in game.all_actions()), "easy").pack()


def model_of(reply: dict[str, Any]) -> dict[str, Any]:
    """The model of the game a free-play reply names (its ``save``): what the page's
    regions were drawn from (a reply carries the regions and a few flags, not the model)."""
    return game_model(Save.unpack(reply["save"]))


def advice_of(reply: dict[str, Any], save: str) -> dict[str, Any]:
    """A ``game.hint`` reply (the advice drawn) with the advice it was drawn from, as data
    in the learner's words (``present.advice.advice_data``) for the position ``save``
    names: the reply carries the drawing only."""
    state = _game(Save.unpack(save)).state
    return {**advice_data(euchre.coach(state), state.view(SEAT)), **reply}


def reply_texts(reply: Any) -> list[str]:
    """Every string of a reply (the regions' HTML, the words said)."""
    if isinstance(reply, str):
        return [reply]
    if isinstance(reply, dict):
        return [text for value in reply.values() for text in reply_texts(value)]
    if isinstance(reply, list):
        return [text for value in reply for text in reply_texts(value)]
    return []
