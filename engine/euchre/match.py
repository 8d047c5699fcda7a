"""Rubbers and matches (source 002): the first side to win two games takes the rubber and
its points; a match is an agreed number of rubbers, won by the most rubber points.

A game won earns rubber points by how the losers did: 3 if no opponent scored, 2 if the
best opponent had 1 or 2 points, 1 otherwise. With the slam option a game whose losers
scored nothing counts double. The rubber's winner adds its earned points plus a bonus
equal to the number of sides; everyone else's earned points are dropped. With laps, the
points a winner makes beyond the target start its next game.

With ``game_form = "fast"`` there are no rubbers: a match is one game, and the first side to
reach the target wins it.

>>> rubber_points_for_game((5, 0), winner=0), rubber_points_for_game((5, 2), 0), rubber_points_for_game((4, 6), 1)
(3, 2, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from euchre.actions import Action
from euchre.game import Game
from euchre.rules import Rules
from euchre.seats import next_seat
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
        return RubberResult(self.finished, self.games_won, self.earned, self.winner).points

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
            self.rules,
            self.seed,
            _next_game(game, self.seed + len(finished)),
            won,
            earned,
            finished,
        )


@dataclass(frozen=True)
class RubberResult:
    """One rubber of a match: its games (in order), the games each side won, the rubber
    points each side earned, and, once a side has won two games, its winner and the points
    kept (the winner's earned points plus the bonus; nothing for the others)."""

    games: tuple[Game, ...]
    games_won: tuple[int, ...]
    earned: tuple[int, ...]
    winner: int | None

    @property
    def points(self) -> tuple[int, ...]:
        """Rubber points kept, once the rubber is won (all zero before)."""
        if self.winner is None:
            return tuple(0 for _ in self.earned)
        bonus = len(self.earned)
        return tuple(e + bonus if t == self.winner else 0 for t, e in enumerate(self.earned))


def rubbers_of(games: Sequence[Game], sides: int, slam: bool = False) -> list[RubberResult]:
    """The rubbers a sequence of won games makes: each closes when a side has won two of
    its games; the last one may still be open (no winner yet).

    >>> from euchre.rules import Rules
    >>> rubbers_of([], 2)
    []
    """
    out: list[RubberResult] = []
    current: list[Game] = []
    for game in games:
        current.append(game)
        result = _rubber(current, sides, slam)
        if result.winner is not None:
            out.append(result)
            current = []
    if current:
        out.append(_rubber(current, sides, slam))
    return out


def _rubber(games: Sequence[Game], sides: int, slam: bool) -> RubberResult:
    won = [0] * sides
    earned = [0] * sides
    for game in games:
        team = game.winner
        if team is None:
            raise ValueError("a rubber counts won games only")
        won[team] += 1
        earned[team] += rubber_points_for_game(game.score, team, slam)
    winner = next((t for t, w in enumerate(won) if w >= GAMES_TO_WIN), None)
    return RubberResult(tuple(games), tuple(won), tuple(earned), winner)


@dataclass(frozen=True)
class Match:
    """Games played until the agreed number of rubbers is won (``game_form = "rubber"``), or
    a single game (``"fast"``). Game ``k`` of the match is ``Game`` seed ``seed + k``; the
    deal keeps rotating left from game to game, and with laps the excess carries over.

    >>> from euchre.rules import Rules
    >>> match = Match.new(Rules().replace(game_form="rubber", game_to=5), seed=4, rubbers=2)
    >>> match.rubbers, match.over, match.points, match.game.seed
    (2, False, (0, 0), 4)
    >>> Match.new(Rules(), seed=4).rubbers
    1
    """

    rules: Rules
    seed: int
    rubbers: int
    game: Game
    games: tuple[Game, ...] = ()

    @classmethod
    def new(cls, rules: Rules | None = None, seed: int = 0, rubbers: int = 1) -> Match:
        """A new match of ``rubbers`` rubbers (one game with the fast form); its first game
        starts at once.

        >>> from euchre.rules import Rules
        >>> Match.new(Rules(), rubbers=3)
        Traceback (most recent call last):
        ...
        ValueError: a fast game is a single game: play rubbers with game_form = "rubber"
        """
        rules = rules or Rules()
        if isinstance(rubbers, bool) or not isinstance(rubbers, int) or rubbers < 1:
            raise ValueError(f"a match is one or more rubbers, not {rubbers!r}")
        if rules.game_form == "fast" and rubbers != 1:
            raise ValueError('a fast game is a single game: play rubbers with game_form = "rubber"')
        return cls(rules, seed, rubbers, Game.new(rules, seed))

    @property
    def results(self) -> list[RubberResult]:
        """The rubbers so far (the last may be open); empty with the fast form."""
        if self.rules.game_form == "fast":
            return []
        return rubbers_of(self.games, self.rules.num_teams, self.rules.slam)

    @property
    def rubbers_won(self) -> int:
        """How many rubbers have been won so far."""
        return sum(1 for r in self.results if r.winner is not None)

    @property
    def points(self) -> tuple[int, ...]:
        """Rubber points per side, from the rubbers won so far."""
        totals = [0] * self.rules.num_teams
        for result in self.results:
            for team, kept in enumerate(result.points):
                totals[team] += kept
        return tuple(totals)

    @property
    def over(self) -> bool:
        """True once the agreed rubbers are won (the one game, with the fast form)."""
        if self.rules.game_form == "fast":
            return bool(self.games)
        return self.rubbers_won >= self.rubbers

    @property
    def leaders(self) -> tuple[int, ...]:
        """The sides with the most rubber points (the fast form: the game's winner)."""
        if self.rules.game_form == "fast":
            return tuple(g.winner for g in self.games if g.winner is not None)
        best = max(self.points)
        return tuple(t for t, p in enumerate(self.points) if p == best)

    @property
    def winner(self) -> int | None:
        """The overall winner once the match is over: the side with the highest rubber score
        (None while playing, or when the best scores tie)."""
        leaders = self.leaders
        return leaders[0] if self.over and len(leaders) == 1 else None

    def legal_actions(self) -> list[Action]:
        """The current deal's legal actions (none once the match is over)."""
        return [] if self.over else self.game.legal_actions()

    def why_illegal(self, action: Action | str) -> str | None:
        """None when ``action`` is allowed now, else why not."""
        return "the match is over" if self.over else self.game.why_illegal(action)

    def apply(self, action: Action | str) -> Match:
        """A new Match after ``action``; a won game starts the next one at once, unless the
        match is over."""
        if self.over:
            raise IllegalAction("the match is over: start a new match")
        game = self.game.apply(action)
        if game.winner is None:
            return replace(self, game=game)
        done = replace(self, game=game, games=(*self.games, game))
        if done.over:
            return done
        return replace(done, game=_next_game(game, self.seed + len(done.games)))


def _next_game(game: Game, seed: int) -> Game:
    """The game after ``game``: laps carried over, the deal rotating on. Carried points stop
    one short of the target (possible only with a target under 5), so every game is played.
    """
    rules = game.rules
    carried = game.carry_over()
    if max(carried) < rules.game_to:
        return game.next_game(seed)
    start = tuple(min(points, rules.game_to - 1) for points in carried)
    return Game.new(rules, seed, start, next_seat(game.history[-1].dealer, rules.players))
