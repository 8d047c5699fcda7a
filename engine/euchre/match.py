"""Rubbers (source 002): the first side to win two games takes the rubber and its points.

A game won earns rubber points by how the losers did: 3 if no opponent scored, 2 if the
best opponent had 1 or 2 points, 1 otherwise. With the slam option a game whose losers
scored nothing counts double. The rubber's winner adds its earned points plus a bonus
equal to the number of sides; everyone else's earned points are dropped.

>>> rubber_points_for_game((5, 0), winner=0), rubber_points_for_game((5, 2), 0), rubber_points_for_game((4, 6), 1)
(3, 2, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from euchre.actions import Action
from euchre.game import Game
from euchre.rules import Rules
from euchre.state import IllegalAction

GAMES_TO_WIN = 2


def rubber_points_for_game(score: Sequence[int], winner: int, slam: bool = False) -> int:
    """Rubber points earned by the winner of a game with this final ``score``."""
    best_loser = max(s for t, s in enumerate(score) if t != winner)
    points = 3 if best_loser <= 0 else 2 if best_loser <= 2 else 1
    if slam and best_loser <= 0:
        points *= 2
    return points


@dataclass(frozen=True)
class Rubber:
    """A rubber in progress: the current game, games won and rubber points earned per side."""

    rules: Rules
    seed: int
    game: Game
    games_won: tuple[int, ...]
    earned: tuple[int, ...]
    finished: tuple[Game, ...] = ()

    @classmethod
    def new(cls, rules: Rules | None = None, seed: int = 0) -> Rubber:
        """A new rubber; its first game starts at once."""
        rules = rules or Rules()
        zeros = tuple(0 for _ in range(rules.num_teams))
        return cls(rules, seed, Game.new(rules, seed), zeros, zeros)

    @property
    def winner(self) -> int | None:
        """The side that has won two games, once one has."""
        for team, won in enumerate(self.games_won):
            if won >= GAMES_TO_WIN:
                return team
        return None

    @property
    def points(self) -> tuple[int, ...]:
        """Rubber points kept: the winner's earned points plus the bonus; 0 for the others."""
        winner = self.winner
        if winner is None:
            return tuple(0 for _ in self.earned)
        bonus = self.rules.num_teams
        return tuple(e + bonus if t == winner else 0 for t, e in enumerate(self.earned))

    def apply(self, action: Action | str) -> Rubber:
        """A new Rubber after ``action`` in the current game; a won game starts the next."""
        if self.winner is not None:
            raise IllegalAction("the rubber is over")
        game = self.game.apply(action)
        if game.winner is None:
            return Rubber(self.rules, self.seed, game, self.games_won, self.earned, self.finished)
        team = game.winner
        won = tuple(w + 1 if t == team else w for t, w in enumerate(self.games_won))
        gained = rubber_points_for_game(game.score, team, self.rules.slam)
        earned = tuple(e + gained if t == team else e for t, e in enumerate(self.earned))
        finished = (*self.finished, game)
        if max(won) >= GAMES_TO_WIN:
            return Rubber(self.rules, self.seed, game, won, earned, finished)
        return Rubber(
            self.rules, self.seed, game.next_game(self.seed + len(finished)), won, earned, finished
        )
