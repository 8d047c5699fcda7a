"""Card play by sampling: deal the unseen cards many ways consistent with the view, solve
each deal exactly with the open-hand solver, and average the outcome of each legal card.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from euchre.cards import Card, Suit
from euchre.contract import highest_holder
from euchre.players.knowledge import Knowledge
from euchre.players.sampling import sample_hands
from euchre.players.solver import Solver
from euchre.rng import SeededRandom
from euchre.scoring import TRICKS, score_hand


@dataclass(frozen=True)
class Budget:
    """How much searching one decision may do: at least ``min_samples`` deals, at most
    ``max_samples``, stopping once ``nodes`` solver nodes have been spent."""

    min_samples: int = 6
    max_samples: int = 40
    nodes: int = 12000


@dataclass(frozen=True)
class CardStats:
    """One card's results over the sampled deals, for this seat's side: summed points and
    summed tricks for the whole deal, and the number of samples."""

    card: Card
    points: int
    tricks: int
    samples: int

    @property
    def mean_points(self) -> float:
        """Expected points for this seat's side."""
        return self.points / self.samples

    @property
    def mean_tricks(self) -> float:
        """Expected tricks for this seat's side, this deal."""
        return self.tricks / self.samples


def _called_ace(know: Knowledge) -> Suit | None:
    for action in know.view.actions:
        if action.kind == "ace":
            return action.suit
    return None


def _maker_side(know: Knowledge, hands: dict[int, list[Card]]) -> set[int]:
    view = know.view
    maker = view.maker
    assert maker is not None
    rules = view.rules
    if rules.partnerships:
        return {s for s in range(rules.players) if rules.team_of(s) == rules.team_of(maker)}
    suit = _called_ace(know)
    if suit is None:
        return {maker}
    held: list[list[Card]] = [[] for _ in range(rules.players)]
    for seat, cards in hands.items():
        held[seat].extend(cards)
    for t in view.tricks:
        for seat, card in zip(t.seats, t.cards, strict=False):
            held[seat].append(card)
    for seat, card in view.current_trick:
        held[seat].append(card)
    partner = highest_holder(held, suit, view.trump)
    return {maker} if partner is None else {maker, partner}


def analyse(
    know: Knowledge, legal: Sequence[Card], rng: SeededRandom, budget: Budget = Budget()
) -> list[CardStats]:
    """Sampled results of each legal card, in the order of ``legal``."""
    view = know.view
    rules = view.rules
    order = sorted(know.active)
    leader = view.current_trick[0][0] if view.current_trick else know.seat
    points = dict.fromkeys(legal, 0)
    tricks = dict.fromkeys(legal, 0)
    spent = 0
    samples = 0
    defender_alone = any(a.kind == "defend" for a in view.actions)
    while samples < budget.max_samples and (samples < budget.min_samples or spent < budget.nodes):
        hands = sample_hands(know, rng)
        hands[know.seat] = list(view.hand)
        side = _maker_side(know, hands)
        solver = Solver(hands, view.trump, order, leader, side, view.current_trick)
        values = solver.values(legal)
        spent += solver.nodes
        samples += 1
        made = sum(1 for t in view.tricks if t.winner in side)
        mine = know.seat in side
        for card in legal:
            total = made + values[card]
            mk, df = score_hand(total, view.alone, rules, defender_alone)
            points[card] += (mk - df) if mine else (df - mk)
            tricks[card] += total if mine else TRICKS - total
    return [CardStats(c, points[c], tricks[c], samples) for c in legal]


def best(stats: Sequence[CardStats], prefer: Card | None = None) -> CardStats:
    """The card with the most expected points, then the most expected tricks; on a tie the
    ``prefer`` card (the rule of thumb's choice), else the first in legal order."""
    top = stats[0]
    for s in stats[1:]:
        if (s.points, s.tricks) > (top.points, top.tricks):
            top = s
    if prefer is not None:
        for s in stats:
            if s.card == prefer and (s.points, s.tricks) == (top.points, top.tricks):
                return s
    return top
