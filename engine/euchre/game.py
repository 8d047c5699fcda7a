"""A whole game: deals in turn until a side reaches the target score, as the rules' variant
scores and wins it (``variant.py``: Euchre's first side alone at the target; Bid Euchre's
side that reaches it on a deal it wins, whose score may go below zero).

>>> from euchre.rules import Rules
>>> game = Game.new(Rules(), seed=7)
>>> game.score, game.winner, game.state.dealer == game.dealer
((0, 0), None, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from euchre.actions import Action
from euchre.deal import Deal
from euchre.rng import SeededRandom
from euchre.rules import Rules
from euchre.scoring import score_after_deal, settle_game_point
from euchre.seats import next_seat
from euchre.state import HandState, IllegalAction

__all__ = ["Game", "deal_seed", "score_after_deal", "settle_game_point"]


def deal_seed(game_seed: int, index: int) -> int:
    """The seed of the ``index``-th deal of a game: the same on every platform.

    >>> deal_seed(7, 0) == deal_seed(7, 0) != deal_seed(7, 1)
    True
    """
    rng = SeededRandom(game_seed)
    value = 0
    for _ in range(index + 1):
        value = rng.next64()
    return value


def _kept(finished: HandState) -> HandState:
    """A finished deal as ``Game.history`` keeps it: the same state (equal, every reading
    the same) holding its deal, rules, actions and actors alone, its position replayed
    when first read (``HandState.kept``): a room keeps every finished deal of its match,
    and the state that finished holds about ten times the memory.

    >>> from euchre.rules import Rules
    >>> game = Game.new(Rules(), seed=7)
    >>> while not game.history:
    ...     game = game.apply(game.legal_actions()[0])
    >>> kept = game.history[0]
    >>> kept == _kept(kept), kept.result is not None
    (True, True)
    """
    return finished.kept()


@dataclass(frozen=True)
class Game:
    """A game in progress (or won). ``history`` holds the finished deals."""

    rules: Rules
    seed: int
    state: HandState
    score: tuple[int, ...]
    history: tuple[HandState, ...] = ()
    start_score: tuple[int, ...] = field(default=())

    @classmethod
    def new(
        cls,
        rules: Rules | None = None,
        seed: int = 0,
        start_score: Sequence[int] | None = None,
        dealer: int | None = None,
    ) -> Game:
        """A new game. The first dealer comes from the seed unless given; the deal rotates left.
        ``start_score`` carries points over from a previous game (laps)."""
        rules = rules or Rules()
        teams = rules.num_teams
        start = tuple(start_score) if start_score else tuple(0 for _ in range(teams))
        if len(start) != teams:
            raise ValueError(f"a starting score needs {teams} numbers")
        first = SeededRandom(seed).below(rules.players) if dealer is None else dealer
        state = HandState.new(Deal.random(deal_seed(seed, 0), first, rules), rules)
        return cls(rules, seed, state, start, (), start)

    @property
    def dealer(self) -> int:
        """The dealer of the current deal."""
        return self.state.dealer

    @property
    def winner(self) -> int | None:
        """The winning team, once the rules' variant says one has won: in Euchre the one
        side at or over the target; in Bid Euchre the side that got there on a deal it won
        (its bid made, or the bidders set), or the other side when one falls to minus the
        target (``lose_at_minus_target``)."""
        last = self.history[-1].result if self.history else None
        return self.rules.variant_spec.winner(self.score, self.rules, last)

    @property
    def over(self) -> bool:
        """True when the game is won."""
        return self.winner is not None

    def legal_actions(self) -> list[Action]:
        """The current deal's legal actions (none once the game is won)."""
        return [] if self.over else self.state.legal_actions()

    def why_illegal(self, action: Action | str) -> str | None:
        """None when ``action`` is allowed now, else why not."""
        if self.over:
            return "the game is over"
        return self.state.why_illegal(action)

    def apply(self, action: Action | str) -> Game:
        """A new Game after ``action``. When it ends a deal the score is updated and the next
        deal is dealt at once (unless the game is won)."""
        if self.over:
            raise IllegalAction("the game is over: start a new game")
        state = self.state.apply(action)
        if state.result is None:
            return Game(self.rules, self.seed, state, self.score, self.history, self.start_score)
        settle = self.rules.variant_spec.settle
        score = settle(self.score, state.result.points, self.rules.game_to)
        earlier = self.history
        if earlier:
            # the deal before is kept afresh, letting go of the position its review read:
            # only the deal just finished holds one
            earlier = (*earlier[:-1], _kept(earlier[-1]))
        history = (*earlier, _kept(state))
        game = Game(self.rules, self.seed, state, score, history, self.start_score)
        if game.over:
            return game
        next_dealer = (
            state.dealer if state.result.redeal else next_seat(state.dealer, self.rules.players)
        )
        deal = Deal.random(deal_seed(self.seed, len(history)), next_dealer, self.rules)
        return Game(
            self.rules, self.seed, HandState.new(deal, self.rules), score, history, self.start_score
        )

    def score_before(self, deal: int) -> tuple[int, ...]:
        """The score before finished deal ``deal`` (0 for the first) was played: the start
        score and each earlier deal's ``score_after_deal``, as ``apply`` keeps it.

        >>> game = Game.new(Rules(), seed=7)
        >>> game.score_before(0)
        (0, 0)
        """
        score = self.start_score
        settle = self.rules.variant_spec.settle
        for state in self.history[:deal]:
            assert state.result is not None
            score = settle(score, state.result.points, self.rules.game_to)
        return score

    def carry_over(self) -> tuple[int, ...]:
        """With laps, the points beyond the target that the winner takes into the next game."""
        winner = self.winner
        if winner is None or not self.rules.laps:
            return tuple(0 for _ in self.score)
        return tuple(
            max(0, s - self.rules.game_to) if t == winner else 0 for t, s in enumerate(self.score)
        )

    def is_slam(self) -> bool:
        """True when the game is won and every loser scored nothing."""
        winner = self.winner
        return winner is not None and all(s == 0 for t, s in enumerate(self.score) if t != winner)

    def next_game(self, seed: int | None = None) -> Game:
        """The next game of a match: laps carried over, the deal still rotating left."""
        if self.winner is None:
            raise IllegalAction("this game is not over yet")
        last = self.history[-1].dealer
        return Game.new(
            self.rules,
            self.seed + 1 if seed is None else seed,
            self.carry_over(),
            next_seat(last, self.rules.players),
        )

    @classmethod
    def replay(
        cls,
        rules: Rules,
        seed: int,
        actions: Sequence[Action | str],
        start_score: Sequence[int] | None = None,
    ) -> Game:
        """A game rebuilt from its seed and every action, each checked."""
        game = cls.new(rules, seed, start_score)
        for action in actions:
            game = game.apply(action)
        return game

    def all_actions(self) -> list[Action]:
        """Every action of the game so far, finished deals first."""
        out = [a for h in self.history for a in h.actions]
        if self.state not in self.history:
            out.extend(self.state.actions)
        return out
