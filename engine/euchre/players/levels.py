"""The computer players: easy, normal and strong. Each decides from the seat's view only.

>>> from euchre import Deal, HandState, Rules
>>> state = HandState.new(Deal.random(seed=5, dealer=0), Rules())
>>> player = computer_player("normal", seed=1)
>>> player.choose(state) in state.legal_actions()
True
"""

from __future__ import annotations

from dataclasses import dataclass, field

from euchre.actions import Action
from euchre.cards import Card
from euchre.phase import Phase
from euchre.players import auction_bids, bid_strategy, conventions
from euchre.players.knowledge import Knowledge, proposed, upcard, view_rng
from euchre.players.search import Budget, CardStats, analyse, best
from euchre.state import HandState
from euchre.trump import card_power, is_trump
from euchre.view import SeatView

LEVELS = ("easy", "normal", "strong")


def _legal(view: SeatView, state: HandState) -> list[Action]:
    legal = list(view.legal) or state.legal_actions()
    if not legal:
        raise ValueError("nobody is to act: the deal is over")
    return legal


def _view(state: HandState) -> SeatView:
    if state.to_act is None:
        raise ValueError("nobody is to act: the deal is over")
    return state.view(state.to_act)


def _plays(legal: list[Action]) -> list[Card]:
    return [a.card for a in legal]


def _best_valued(values: list[tuple[Action, float]]) -> Action:
    top = values[0]
    for item in values[1:]:
        if item[1] > top[1] + 1e-9:
            top = item
    return top[0]


@dataclass
class Player:
    """A computer player. ``choose(state)`` returns an action legal for ``state.to_act``,
    decided from ``state.view(state.to_act)`` only."""

    seed: int = 0
    level: str = field(default="normal", init=False)

    def choose(self, state: HandState) -> Action:
        """The action this player takes now."""
        view = _view(state)
        legal = _legal(view, state)
        if len(legal) == 1:
            return legal[0]
        if auction_bids.decides(view):  # Bid Euchre's bidding
            return auction_bids.choose(view, legal, self.level, view_rng(self.seed, view, "bid"))
        return self.decide(view, legal)

    def decide(self, view: SeatView, legal: list[Action]) -> Action:  # pragma: no cover
        """The decision, from the view and the legal actions."""
        raise NotImplementedError


@dataclass
class EasyPlayer(Player):
    """Simple rules of thumb, and now and then a careless choice on purpose."""

    mistakes: float = 0.12

    def __post_init__(self) -> None:
        self.level = "easy"

    def decide(self, view: SeatView, legal: list[Action]) -> Action:
        rng = view_rng(self.seed, view, "easy")
        if rng.random() < self.mistakes:
            return rng.choice(legal)
        if view.phase is Phase.PLAY:
            return Action("play", cards=(self._play(view, _plays(legal)),))
        return self._bid(view, legal)

    def _bid(self, view: SeatView, legal: list[Action]) -> Action:
        if view.phase is Phase.ROUND_ONE:
            return self._order(view, legal)
        if view.phase is Phase.ROUND_TWO:
            return self._call(view, legal)
        if view.phase is Phase.DISCARD:
            discards = [a for a in legal if a.kind == "discard"]
            made = view.trump
            return min(discards, key=lambda a: (is_trump(a.card, made), card_power(a.card, made)))
        if view.phase is Phase.GIVE_BEST:
            return max(legal, key=lambda a: card_power(a.card, view.trump))
        return Action("pass") if "pass" in {a.kind for a in legal} else legal[0]

    def _order(self, view: SeatView, legal: list[Action]) -> Action:
        """Round one: order (or pick up) with three trumps, or two and a bower."""
        trump = proposed(view)
        hand = [*view.hand, upcard(view)] if view.seat == view.dealer else list(view.hand)
        count = sum(1 for c in hand if is_trump(c, trump))
        bower = any(c.rank.name == "JACK" and is_trump(c, trump) for c in hand)
        if count >= 3 or (count >= 2 and bower):
            want = Action("order", alone=count >= 5)
            if want in legal:
                return want
            alone = Action("order", alone=True)
            if alone in legal and count >= 4:
                return alone
        return Action("pass") if Action("pass") in legal else legal[0]

    def _call(self, view: SeatView, legal: list[Action]) -> Action:
        """Round two: the longest suit, with three trumps in it (or when stuck)."""
        hand = list(view.hand)
        calls = [a for a in legal if a.kind == "call" and not a.alone and a.suit is not None]
        if calls:
            pick = max(calls, key=lambda a: sum(1 for c in hand if a.suit and is_trump(c, a.suit)))
            assert pick.suit is not None
            count = sum(1 for c in hand if is_trump(c, pick.suit))
            if count >= 3 or Action("pass") not in legal:
                return pick
        return Action("pass") if Action("pass") in legal else legal[0]

    def _play(self, view: SeatView, legal: list[Card]) -> Card:
        trump = view.trump
        if view.current_trick:
            know = Knowledge.of(view)
            winners = [c for c in legal if conventions.beats(know, c)]
            if winners:
                return max(winners, key=lambda c: card_power(c, trump))
            return min(legal, key=lambda c: (is_trump(c, trump), card_power(c, trump)))
        return max(legal, key=lambda c: card_power(c, trump))


@dataclass
class NormalPlayer(Player):
    """A sound rule-based player: trick estimates for bidding, conventions for play."""

    style: bid_strategy.Style = field(default_factory=lambda: bid_strategy.NORMAL)

    def __post_init__(self) -> None:
        self.level = "normal"

    def decide(self, view: SeatView, legal: list[Action]) -> Action:
        if view.phase is Phase.PLAY:
            card, _why = conventions.play(Knowledge.of(view), _plays(legal))
            return Action("play", cards=(card,))
        return _best_valued(bid_strategy.decision_values(view, self.style))


@dataclass
class StrongPlayer(Player):
    """Bids from the fitted bidding model (``bid_model``) where the table has one, else
    from trick estimates; plays by sampling consistent deals and solving each exactly,
    choosing the card with the best average unless the rule of thumb's card does about
    as well (``search.best``)."""

    budget: Budget = field(default_factory=Budget)
    style: bid_strategy.Style = field(default_factory=lambda: bid_strategy.STRONG)

    def __post_init__(self) -> None:
        self.level = "strong"

    def decide(self, view: SeatView, legal: list[Action]) -> Action:
        if view.phase is Phase.PLAY:
            cards = _plays(legal)
            stats = self.card_stats(view, cards)
            prefer, _why = conventions.play(Knowledge.of(view), cards, defenders_allied=True)
            return Action("play", cards=(best(stats, prefer).card,))
        return _best_valued(bid_strategy.decision_values(view, self.style))

    def card_stats(
        self, view: SeatView, legal: list[Card], budget: Budget | None = None
    ) -> list[CardStats]:
        """The sampled results of each legal card (with this player's budget unless
        ``budget`` is given)."""
        rng = view_rng(self.seed, view, "strong")
        return analyse(
            Knowledge.of(view), legal, rng, budget or self.budget.at_table(view.rules.players)
        )


def computer_player(level: str = "normal", seed: int = 0) -> Player:
    """A computer player of ``level`` ("easy", "normal" or "strong"). Its random choices
    come from ``seed`` and the seat's view, so the same situation gets the same answer.

    >>> computer_player("strong", seed=1).level
    'strong'
    >>> computer_player("expert")
    Traceback (most recent call last):
    ...
    ValueError: unknown level 'expert': choose easy, normal or strong
    """
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"a seed is a whole number, not {seed!r}")
    if level == "easy":
        return EasyPlayer(seed)
    if level == "normal":
        return NormalPlayer(seed)
    if level == "strong":
        return StrongPlayer(seed)
    raise ValueError(f"unknown level {level!r}: choose easy, normal or strong")
