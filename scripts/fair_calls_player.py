"""The ``fair-calls-N`` level of the bench: the oracle's calls made fairly, by sampling.

Each decision before the play (order or pick up, name a suit, alone or not, pass, the
dealer's discard) is valued over ``N`` deals consistent with what the seat knows: its
hand, the upcard and the bids so far (the engine's sampling, ``players/sampling.py``, with
the bid inference the strong player uses in the play carried back into the bidding: a seat
that passed when a trump was offered holds no hand worth more than ``PASSED_LIMIT`` tricks
in it). In each sampled deal the rest of the deal is solved open-handed for every legal
choice as the ``oracle`` level solves the true deal (``oracle_player.deal_values``: each
later bidder choosing what is best for its own seat, the cards played by the open-hand
solver), and the choice with the best mean score for this seat (as the bench scores a
deal) is taken, the first in legal order on a tie. The cards are played as the strong
player plays them.

The open-handed later bids flatter a pass: in the sampled deal the seat itself, and
everyone after it, bids round two seeing every hand. ``fair-rollout-N`` values each choice
the same way but bids the rest as the strong player bids (each seat from its own view,
the dealer's discard too) before the open-hand solver plays the cards. ``fair-bold-N``
values as fair-calls does and credits each call with the margins the strong player's
fitted values take at cutthroat (open-handed defenders play as one; at the table makers
fare better).

It sees only its own seat, so it is fair; it is far too slow for a page (``N`` open-hand
bidding trees per decision), so it is a measure, not a level: what bidding by sampling can
reach at best. It lives here, never among the engine's levels.

>>> from duplicate import TABLES, deal_of
>>> table = TABLES["3"]
>>> state = HandState.new(deal_of(table, 0), table.rules)
>>> FairCallsPlayer(0, samples=4).choose(state) in state.legal_actions()
True
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass

import euchre
from euchre import Action, Card, Deal, HandState, Phase, Suit
from euchre.players.bid_strategy import STRONG
from euchre.players.estimate import hand_tricks
from euchre.players.knowledge import Knowledge, view_rng
from euchre.players.sampling import PASSED_LIMIT, sample_checked
from euchre.rng import SeededRandom
from euchre.state import proposed_suit
from euchre.view import SeatView
from oracle_player import deal_values, seat_scores, solved_points

#: Sampled deals per decision unless the level's name says otherwise.
SAMPLES = 32

#: Draws tried for one deal whose passers all hold passing hands (the last draw is kept
#: when none does).
TRIES = 50


@dataclass(frozen=True)
class Variant:
    """How a fair-calls level values its choices: ``later`` bids "open" (seeing every
    sampled hand) or "strong" (as the strong player bids), and whether it is ``bold``
    (calls credited with the strong style's margins at cutthroat, ``bold_credit``)."""

    later: str = "open"
    bold: bool = False


#: The levels' names before their number of samples, and how each values its choices.
PREFIXES = {
    "fair-calls-": Variant(),
    "fair-rollout-": Variant(later="strong"),
    "fair-bold-": Variant(bold=True),
}


class FairCallsPlayer:
    """Every decision before the play valued over ``samples`` deals consistent with the
    seat's view, each solved open-handed (see the module's docstring); strong's card play.
    """

    def __init__(self, seed: int, samples: int = SAMPLES, variant: Variant = Variant()) -> None:
        if samples < 1:
            raise ValueError(f"a fair-calls level samples at least one deal, not {samples}")
        prefix = next((p for p, how in PREFIXES.items() if how == variant), None)
        if prefix is None:
            raise ValueError(f"no fair-calls level values its choices as {variant}")
        self.seed = seed
        self.samples = samples
        self.variant = variant
        self.level = f"{prefix}{samples}"
        self.player = euchre.computer_player("strong", seed=seed)

    def choose(self, state: HandState) -> Action:
        if state.rules.variant != "euchre":
            raise ValueError(f"fair-calls plays Euchre's tables only, not {state.rules.variant!r}")
        legal = state.legal_actions()
        if state.phase is Phase.PLAY or len(legal) == 1:
            return self.player.choose(state)
        assert state.to_act is not None
        view = state.view(state.to_act)
        rng = view_rng(self.seed, view, "fair")
        values = choice_values(view, legal, self.samples, rng, self.variant.later)
        if self.variant.bold:
            values = [v + bold_credit(view, a) for v, a in zip(values, legal, strict=True)]
        best = max(values)
        return legal[values.index(best)]


def choice_values(
    view: SeatView, legal: Sequence[Action], samples: int, rng: SeededRandom, later: str = "open"
) -> list[float]:
    """Each legal choice's mean score for ``view.seat`` over ``samples`` sampled deals, the
    rest of each solved open-handed (``later`` "strong": bid as the strong player bids,
    then played open-handed), in the order of ``legal``.

    >>> from duplicate import TABLES, deal_of
    >>> table = TABLES["3"]
    >>> state = HandState.new(deal_of(table, 0), table.rules)
    >>> view = state.view(state.to_act)
    >>> len(choice_values(view, state.legal_actions(), 2, SeededRandom(1)))
    2
    """
    scores: list[list[float]] = [[] for _ in legal]
    for _ in range(samples):
        state = sampled_state(view, rng)
        memo: dict[tuple[Action, ...], tuple[float, ...]] = {}
        for i, action in enumerate(legal):
            after = state.apply(action)
            values = deal_values(after, memo) if later == "open" else bid_out_values(after)
            scores[i].append(values[view.seat])
    return [statistics.fmean(s) for s in scores]


def bold_credit(view: SeatView, action: Action) -> float:
    """What a bold level adds to a call's value: where every player scores alone, the
    strong style's margins (``bid_strategy.STRONG.individual_margin``) the other way,
    since open-handed defenders play as one and makers fare better at the table.

    >>> from duplicate import TABLES, deal_of
    >>> table = TABLES["3"]
    >>> view = HandState.new(deal_of(table, 0), table.rules).view(1)
    >>> bold_credit(view, Action("order")), bold_credit(view, Action("pass"))
    (0.2, 0.0)
    """
    if view.rules.partnerships or action.kind not in ("order", "call"):
        return 0.0
    first, second = STRONG.individual_margin
    return -(first if view.phase is Phase.ROUND_ONE else second)


def bid_out_values(state: HandState) -> tuple[float, ...]:
    """What the deal from ``state`` is worth to each seat (as the bench scores it) when
    the rest of the bidding is the strong player's (each seat from its own view) and the
    cards are played open-handed (``oracle_player.solved_points``).

    >>> from duplicate import TABLES, deal_of
    >>> table = TABLES["3"]
    >>> state = HandState.replay(deal_of(table, 0), table.rules, ["pass"])
    >>> len(bid_out_values(state))
    3
    """
    bidders = [euchre.computer_player("strong", seed=seat) for seat in range(state.rules.players)]
    while state.result is None and state.phase is not Phase.PLAY:
        assert state.to_act is not None
        state = state.apply(bidders[state.to_act].choose(state))
    points = state.result.points if state.result is not None else solved_points(state)
    return seat_scores(tuple(points), state)


def sampled_state(view: SeatView, rng: SeededRandom) -> HandState:
    """A deal consistent with ``view``, replayed to the same point: the first of ``TRIES``
    draws whose maker (once there is one) holds a calling hand and whose passers hold
    passing hands (``passers_plausible``), else the last draw."""
    know = Knowledge.of(view)
    hands, maker_ok = sample_checked(know, rng, tries=1)
    for _ in range(TRIES - 1):
        if maker_ok and passers_plausible(view, hands):
            break
        hands, maker_ok = sample_checked(know, rng, tries=1)
    return HandState.replay(dealt(view, know, hands), view.rules, view.actions)


def dealt(view: SeatView, know: Knowledge, hands: dict[int, list[Card]]) -> Deal:
    """The deal as dealt, from the seat's own cards and a guess at the others' (the
    unseen cards no guessed hand holds make the kitty; a picked-up upcard leaves the
    dealer's hand)."""
    held = {**hands, view.seat: list(view.hand)}
    up = view.upcard
    placed = {c for cards in held.values() for c in cards}
    rows = []
    for seat in range(view.rules.players):
        cards = held.get(seat, [])
        rows.append([c for c in cards if c != up] if seat == view.dealer else cards)
    kitty = [c for c in know.unseen if c not in placed and c != up]
    kitty += [c for c in know.pinned if c not in placed and c != up]
    return Deal(view.dealer, rows, up, kitty)


def passers_plausible(view: SeatView, hands: dict[int, list[Card]]) -> bool:
    """Whether no other seat that passed holds, in this guess, a hand worth more than
    ``PASSED_LIMIT`` tricks (``hand_tricks``) in a trump it was offered: in round one the
    upcard's suit (the dealer's hand with the upcard), in round two every suit but it.

    >>> from euchre.cards import parse_cards
    >>> from duplicate import TABLES, deal_of
    >>> table = TABLES["3"]
    >>> view = HandState.replay(deal_of(table, 0), table.rules, ["pass"]).view(2)
    >>> up = view.upcard
    >>> strong = parse_cards(f"J{up.suit.value} A{up.suit.value}")
    >>> passers_plausible(view, {1: []}), passers_plausible(view, {1: [*strong] * 3})
    (True, False)
    """
    up = view.upcard
    assert up is not None
    turned = proposed_suit(up)
    for action, actor, phase in zip(view.actions, view.actors, view.phases, strict=False):
        if action.kind != "pass" or actor == view.seat or actor not in hands:
            continue
        cards = list(hands[actor])
        if phase is Phase.ROUND_ONE:
            if actor == view.dealer:
                cards.append(up)
            offered: list[Suit] = [turned]
        else:
            offered = [s for s in Suit if s is not turned]
        if any(hand_tricks(cards, s, view.rules) > PASSED_LIMIT for s in offered):
            return False
    return True


def fair_calls_player(level: str, seed: int) -> FairCallsPlayer:
    """The player a level's name asks for: ``fair-calls-N`` (later bids open-handed),
    ``fair-rollout-N`` (later bids the strong player's) or ``fair-bold-N`` (as
    fair-calls, calls credited ``bold_credit``), ``N`` deals a decision.

    >>> fair_calls_player("fair-calls-8", 0).samples, fair_calls_player("fair-bold-4", 0).variant
    (8, Variant(later='open', bold=True))
    >>> fair_calls_player("fair-calls-many", 0)
    Traceback (most recent call last):
    ...
    ValueError: fair-calls-many: the number of sampled deals is a whole number, as fair-calls-32
    """
    prefix = next((p for p in PREFIXES if level.startswith(p)), None)
    count = level.removeprefix(prefix) if prefix is not None else ""
    if prefix is None or not count.isdigit():
        example = f"{prefix or 'fair-calls-'}{SAMPLES}"
        raise ValueError(f"{level}: the number of sampled deals is a whole number, as {example}")
    return FairCallsPlayer(seed, int(count), PREFIXES[prefix])
