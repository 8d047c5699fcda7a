"""A stored free-play game for tests: what the free-play page keeps in localStorage."""

from __future__ import annotations

from euchre import Game, Rules
from euchre_tutorial import computer
from euchre_tutorial.widgets.game import Save


def free_play_save(deals: int, seed: int = 11, rules: Rules | None = None) -> str:
    """The page's opaque save of a free-play game with ``deals`` finished deals, every seat
    played by the easy computer player."""
    rules = rules or Rules()
    game = Game.new(rules, seed=seed)
    while len(game.history) < deals:
        game = game.apply(computer.choose(game.state, "easy", seed))
    return Save(rules, seed, tuple(str(a) for a in game.all_actions()), "easy").pack()
