"""Card play by sampling: deal the unseen cards many ways consistent with the view, solve
each deal exactly with the open-hand solver, and average the outcome of each legal card.

The work of one decision is bounded by a :class:`Budget` counted in deals and solver nodes,
never in seconds, so a seed gives the same decision on every machine, however busy.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from euchre.cards import Card, Suit
from euchre.contract import highest_holder
from euchre.players.knowledge import Knowledge, called_ace
from euchre.players.sampling import TRIES, sample_checked
from euchre.players.solver import NodeLimit, Solver
from euchre.rng import SeededRandom
from euchre.rules import Rules
from euchre.scoring import TRICKS_TO_MAKE, score_hand
from euchre.view import SeatView


@dataclass(frozen=True)
class Budget:
    """How much searching one decision may do: at least ``min_samples`` deals, at most
    ``max_samples``, no new deal once ``nodes`` solver nodes have been spent, and never more
    than ``max_nodes`` in all (the deal being solved then is left out; with no deal solved,
    the rule of thumb decides).

    The defaults keep a decision within about 30 ms (10 ms in CPython) on a laptop under
    Pyodide; measured, three times as much search wins no more points.
    """

    min_samples: int = 3
    max_samples: int = 20
    nodes: int = 2500
    max_nodes: int = 6000

    def at_table(self, players: int) -> Budget:
        """This budget at a table of ``players``: with more hands each solver node costs
        more, so above four players the node counts shrink with the square of the table's
        size (six-handed decisions in Pyodide passed 30 ms at the 90th percentile with the
        full budget, and 80 ms at most with two thirds of it).

        >>> Budget().at_table(6).nodes, Budget().at_table(6).max_nodes, Budget().at_table(4).nodes
        (1111, 2666, 2500)
        """
        if players <= 4:
            return self
        scale = (4 / players) ** 2
        return replace(self, nodes=int(self.nodes * scale), max_nodes=int(self.max_nodes * scale))


#: For a look at a forced card (the coach's outlook when only one card is legal).
GLANCE = Budget(min_samples=2, max_samples=8, nodes=500, max_nodes=2000)


@dataclass(frozen=True)
class CardStats:
    """One card's results over the sampled deals, for this seat's side: summed points and
    summed tricks for the whole deal, and the number of samples."""

    card: Card
    points: int
    tricks: int
    samples: int
    euchres: int = 0  # deals in which the makers took fewer than three tricks
    each: tuple[int, ...] = ()  # the points of every sampled deal, in sampling order

    @property
    def mean_points(self) -> float:
        """Expected points for this seat's side (0 when no deal was solved)."""
        return self.points / self.samples if self.samples else 0.0

    @property
    def euchre_chance(self) -> float:
        """The share of the deals in which the makers were euchred (0 when none solved)."""
        return self.euchres / self.samples if self.samples else 0.0

    @property
    def mean_tricks(self) -> float:
        """Expected tricks for this seat's side, this deal (0 when no deal was solved)."""
        return self.tricks / self.samples if self.samples else 0.0


def maker_side(
    rules: Rules,
    maker: int,
    called: Suit | None,
    trump: Suit | None,
    held: Sequence[Sequence[Card]],
) -> set[int]:
    """The seats that play for the maker: its team with partnerships; with call-ace the
    maker and whoever holds the called suit's highest card (``held``: every seat's cards
    since the call, played ones included: the engine's own call-ace partner rule,
    ``contract.highest_holder``); else the maker alone."""
    if rules.partnerships:
        return {s for s in range(rules.players) if rules.team_of(s) == rules.team_of(maker)}
    if called is None:
        return {maker}
    partner = highest_holder(held, called, trump)
    return {maker} if partner is None else {maker, partner}


def _held_since_call(view: SeatView, hands: Mapping[int, Sequence[Card]]) -> list[list[Card]]:
    """Every seat's cards since trump was made: held now (``hands``) or played."""
    held: list[list[Card]] = [[] for _ in range(view.rules.players)]
    for seat, cards in hands.items():
        held[seat].extend(cards)
    for t in view.tricks:
        for seat, card in zip(t.seats, t.cards, strict=False):
            held[seat].append(card)
    for seat, card in view.current_trick:
        held[seat].append(card)
    return held


def _maker_side(know: Knowledge, hands: dict[int, list[Card]]) -> set[int]:
    view = know.view
    assert view.maker is not None
    called = called_ace(view.actions)
    held = _held_since_call(view, hands) if called is not None else []
    return maker_side(view.rules, view.maker, called, view.trump, held)


def analyse(
    know: Knowledge, legal: Sequence[Card], rng: SeededRandom, budget: Budget = Budget()
) -> list[CardStats]:
    """Sampled results of each legal card, in the order of ``legal``."""
    view = know.view
    rules = view.rules
    order = sorted(know.active)
    leader = view.current_trick[0][0] if view.current_trick else know.seat
    points: dict[Card, list[int]] = {c: [] for c in legal}
    tricks = dict.fromkeys(legal, 0)
    euchres = dict.fromkeys(legal, 0)
    spent = 0
    samples = 0
    defender_alone = any(a.kind == "defend" for a in view.actions)
    tries = TRIES
    while samples < budget.max_samples and (samples < budget.min_samples or spent < budget.nodes):
        hands, plausible = sample_checked(know, rng, tries)
        # When every guess of one sample was implausible, the cards played rule out the
        # hands looked for: the later samples take their first guess (the same decision on
        # every machine, with a twelfth of the sampling work).
        tries = tries if plausible else 1
        hands[know.seat] = list(view.hand)
        side = _maker_side(know, hands)
        solver = Solver(hands, view.trump, order, leader, side, view.current_trick)
        try:
            values = solver.values(legal, node_limit=budget.max_nodes - spent)
        except NodeLimit:
            break
        finally:
            solver.close()
        spent += solver.nodes
        samples += 1
        made = sum(1 for t in view.tricks if t.winner in side)
        mine = know.seat in side
        for card in legal:
            total = made + values[card]
            mk, df = score_hand(total, view.alone, rules, defender_alone, view.bid or 0)
            points[card].append((mk - df) if mine else (df - mk))
            tricks[card] += total if mine else rules.hand_size - total
            euchres[card] += int(total < (view.bid or TRICKS_TO_MAKE))
    return [
        CardStats(c, sum(points[c]), tricks[c], samples, euchres[c], tuple(points[c]))
        for c in legal
    ]


#: How sure the sampled deals must be that a card scores more than the rule of thumb's
#: card before it is played instead: its mean gain in points over that card must pass
#: MARGIN plus SURE standard errors of that mean (paired deal by deal). The open-hand
#: solver sees every card, so a small edge in a few deals is often an illusion, while the
#: rule of thumb plays as partners expect (a trump led to the maker, a partner's winner
#: left alone).
MARGIN = 0.0
SURE = 1.0


def clearly_better(top: CardStats, other: CardStats) -> bool:
    """Whether ``top`` scores clearly more than ``other`` over the same sampled deals.

    >>> from euchre.cards import Card
    >>> a, b = Card.parse("Ah"), Card.parse("9h")
    >>> clearly_better(CardStats(a, 4, 0, 4, each=(1, 1, 1, 1)), CardStats(b, 0, 0, 4, each=(0, 0, 0, 0)))
    True
    >>> clearly_better(CardStats(a, 2, 0, 4, each=(2, 0, 0, 0)), CardStats(b, 0, 0, 4, each=(0, 0, 0, 0)))
    False
    """
    gains = [x - y for x, y in zip(top.each, other.each, strict=True)]
    if not gains:
        return False
    mean = sum(gains) / len(gains)
    if len(gains) < 2:
        return mean > MARGIN
    var = sum((g - mean) ** 2 for g in gains) / (len(gains) - 1)
    return mean > MARGIN + SURE * math.sqrt(var / len(gains))


def best(stats: Sequence[CardStats], prefer: Card | None = None) -> CardStats:
    """The card with the most expected points, then the most expected tricks, unless the
    ``prefer`` card (the rule of thumb's choice) does about as well: then that one
    (``clearly_better``); else the first in legal order."""
    top = stats[0]
    for s in stats[1:]:
        if (s.points, s.tricks) > (top.points, top.tricks):
            top = s
    ruled = next((s for s in stats if s.card == prefer), None)
    if ruled is None or ruled is top or clearly_better(top, ruled):
        return top
    return ruled
