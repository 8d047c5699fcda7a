"""Duplicate matches between computer players, and the deals where two of them part.

Every deal is played once per *seating*: at a table of two sides (four players, six in two
teams of three) the two levels swap sides; at cutthroat (three players each scoring alone)
the first level takes each seat in turn against two of the second. A deal's score is the
first level's points minus an opponent's, averaged over its seatings, so neither level is
luckier with the cards. A match reports the mean points per deal and its 95% interval.

Deals come in *sets*: set A is deals 0, 1, 2, ..., set B starts at 100,000 and set C at
200,000, so an aim can be held on different sets of deals.

``swings`` replays the deals with the largest scores (either way) and finds where the two
playings part: the first decision taken differently, by which level, with that seat's hand.

>>> table = TABLES["4"]
>>> score_deal(("normal", "normal", table.key, 0, 3))
0.0
"""

from __future__ import annotations

import math
import multiprocessing
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

import euchre
from euchre import Action, Card, Deal, HandState, Phase, Rules
from euchre.players.knowledge import Knowledge
from euchre.players.search import maker_side
from euchre.players.solver import solve
from euchre.rng import SeededRandom

#: The first deal index of each set of deals.
SETS = {"A": 0, "B": 100_000, "C": 200_000}


class Chooser(Protocol):
    """Anything with a ``level`` and ``choose(state) -> Action`` (our players, the
    baselines)."""

    level: str

    def choose(self, state: HandState) -> Action: ...


class RandomPlayer:
    """Uniformly random legal actions, seeded (the baseline)."""

    level = "random"

    def __init__(self, seed: int) -> None:
        self.rng = SeededRandom(seed)

    def choose(self, state: HandState) -> Action:
        return self.rng.choice(state.legal_actions())


class OpenHandPlayer:
    """The strong player's bidding, and in the play every card chosen seeing every hand
    (the open-hand solver on the real deal, the side's tricks at stake): no fair player,
    a bound on what better card play could add to the strong player's score."""

    level = "open-hand"

    def __init__(self, seed: int) -> None:
        self.bidder = euchre.computer_player("strong", seed=seed)

    def choose(self, state: HandState) -> Action:
        legal = state.legal_actions()
        if state.phase is not Phase.PLAY or len(legal) == 1:
            return self.bidder.choose(state)
        return Action("play", cards=(open_hand_card(state),))


def open_hand_card(state: HandState) -> Card:
    """The card that takes the most tricks for the seat to play's side (the fewest for the
    makers when it defends), every hand seen; the first such in the hand's order.

    >>> table = TABLES["3"]
    >>> state = HandState.replay(deal_of(table, 0), table.rules, ["order", "discard Tc"])
    >>> open_hand_card(state) in state.view(state.to_act).hand
    True
    """
    assert state.to_act is not None and state.maker is not None
    view = state.view(state.to_act)
    active = sorted(Knowledge.of(view).active)
    hands = {s: list(state.view(s).hand) for s in active}
    side = maker_side(view.rules, state.maker, None, view.trump, [])
    leader = view.current_trick[0][0] if view.current_trick else view.seat
    values = solve(hands, view.trump, leader, side, view.current_trick, order=active)
    sign = 1 if view.seat in side else -1
    return max(view.hand, key=lambda c: sign * values[c] if c in values else -99)


def make_player(level: str, seed: int) -> Chooser:
    """A player of ``level``: one of ours, "random", "open-hand" (``OpenHandPlayer``),
    "oracle" (``oracle_player.OraclePlayer``: bids and plays seeing every hand),
    "oracle-calls" (its calls, strong's card play), "fair-calls-N" (``fair_calls_player``:
    calls valued over N deals sampled from the seat's view, each solved; strong's card
    play; "fair-rollout-N" and "fair-bold-N" two variants of it), or "ismcts-N"
    (OpenSpiel's ISMCTS with N simulations per decision).

    >>> make_player("oracle", 0).level
    'oracle'
    """
    if level == "random":
        return RandomPlayer(seed)
    if level == "open-hand":
        return OpenHandPlayer(seed)
    if level in ("oracle", "oracle-calls"):
        from oracle_player import OracleCallsPlayer, OraclePlayer

        return OraclePlayer(seed) if level == "oracle" else OracleCallsPlayer(seed)
    if level.startswith(("fair-calls-", "fair-rollout-", "fair-bold-")):
        from fair_calls_player import fair_calls_player

        return fair_calls_player(level, seed)
    if level.startswith("ismcts-"):
        from ismcts_player import IsmctsPlayer

        return IsmctsPlayer(seed, int(level.removeprefix("ismcts-")))
    return euchre.computer_player(level, seed=seed)


@dataclass(frozen=True)
class Table:
    """A table to hold matches at: its rules and the seatings of one duplicate deal (each
    a tuple giving, per seat, 0 for the first level or 1 for the second)."""

    key: str
    name: str
    rules: Rules
    seatings: tuple[tuple[int, ...], ...]


def _sides(players: int) -> tuple[tuple[int, ...], ...]:
    first = tuple(seat % 2 for seat in range(players))
    return (first, tuple(1 - s for s in first))


def _one_against_all(players: int) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(0 if s == k else 1 for s in range(players)) for k in range(players))


TABLES: dict[str, Table] = {
    "4": Table("4", "four players in two teams", Rules(), _sides(4)),
    "3": Table("3", "three-handed cutthroat", Rules().at_table("3"), _one_against_all(3)),
    "6": Table("6", "six players in two teams of three", Rules().at_table("6"), _sides(6)),
    "bid": Table("bid", "Bid Euchre, four players", Rules.profile("bid-euchre"), _sides(4)),
}


def deal_of(table: Table, index: int) -> Deal:
    """Deal ``index`` of the benchmark at ``table`` (the same for every match)."""
    rules = table.rules
    return Deal.random(seed=1_000_003 * index + 17, dealer=index % rules.players, rules=rules)


def play(deal: Deal, rules: Rules, players: Sequence[Chooser]) -> HandState:
    """The deal played to its end, ``players[seat]`` choosing for each seat."""
    state = HandState.new(deal, rules)
    while state.result is None:
        assert state.to_act is not None
        state = state.apply(players[state.to_act].choose(state))
    return state


def seating_players(levels: tuple[str, str], seating: Sequence[int], index: int) -> list[Chooser]:
    """The players of one seating of deal ``index`` (each seeded by the deal and seat)."""
    players = [make_player(levels[side], index * 8 + seat) for seat, side in enumerate(seating)]
    if any(level.startswith("ismcts") for level in levels):
        from ismcts_player import NoUpcardDiscard

        return [p if p.level.startswith("ismcts") else NoUpcardDiscard(p) for p in players]
    return players


def first_level_score(result: tuple[int, ...], seating: Sequence[int], rules: Rules) -> float:
    """The first level's points minus an opponent's, in one playing.

    >>> first_level_score((2, 0), (0, 1, 0, 1), Rules())
    2.0
    >>> first_level_score((0, 1, 1), (0, 1, 1), Rules().at_table("3"))
    -1.0
    """
    if rules.partnerships:
        team = rules.team_of(seating.index(0))
        return float(result[team] - result[1 - team])
    ours = [result[s] for s, side in enumerate(seating) if side == 0]
    theirs = [result[s] for s, side in enumerate(seating) if side == 1]
    return statistics.fmean(ours) - statistics.fmean(theirs)


def playings(levels: tuple[str, str], table: Table, index: int) -> list[HandState]:
    """Deal ``index`` played once per seating, the finished states in seating order."""
    deal = deal_of(table, index)
    return [
        play(deal, table.rules, seating_players(levels, seating, index))
        for seating in table.seatings
    ]


def score_deal(job: tuple[str, str, str, int, int]) -> float:
    """The first level's score on one deal (a, b, table key, set start, deal number)."""
    a, b, key, start, number = job
    table = TABLES[key]
    finished = playings((a, b), table, start + number)
    scores = []
    for seating, state in zip(table.seatings, finished, strict=True):
        assert state.result is not None
        scores.append(first_level_score(tuple(state.result.points), seating, table.rules))
    return statistics.fmean(scores)


def half_interval(values: Sequence[float]) -> float:
    """The half-width of the 95% interval of the mean of ``values`` (infinite for fewer
    than two).

    >>> round(half_interval([1.0, 3.0]), 2), half_interval([1.0])
    (1.96, inf)
    """
    n = len(values)
    return 1.96 * statistics.stdev(values) / math.sqrt(n) if n > 1 else math.inf


@dataclass(frozen=True)
class MatchResult:
    """A match's points per deal: the mean, the half-width of its 95% interval, and every
    deal's score (in deal order)."""

    a: str
    b: str
    table: str
    deal_set: str
    scores: tuple[float, ...]

    @property
    def mean(self) -> float:
        return statistics.fmean(self.scores)

    @property
    def half(self) -> float:
        return half_interval(self.scores)

    @property
    def low(self) -> float:
        return self.mean - self.half

    @property
    def high(self) -> float:
        return self.mean + self.half


def match(
    a: str, b: str, deals: int, table: str = "4", deal_set: str = "A", workers: int = 1
) -> MatchResult:
    """``a`` against ``b`` over ``deals`` duplicate deals of one set at one table."""
    jobs = [(a, b, table, SETS[deal_set], n) for n in range(deals)]
    if workers > 1:
        with multiprocessing.Pool(workers) as pool:
            scores = pool.map(score_deal, jobs, chunksize=4)
    else:
        scores = [score_deal(job) for job in jobs]
    return MatchResult(a, b, table, deal_set, tuple(scores))


# ---------------------------------------------------------------------- swings


@dataclass(frozen=True)
class Parting:
    """Where two playings of one deal part: the action number, the seat, the phase, the
    seat's hand then, and each level's choice there."""

    step: int
    seat: int
    phase: str
    hand: str
    choices: tuple[str, str]
    levels: tuple[str, str]


def first_difference(first: Sequence[Action], second: Sequence[Action]) -> int | None:
    """The index of the first action the two sequences hold differently (None when one
    begins the other).

    >>> first_difference([Action("pass"), Action("order")], [Action("pass"), Action("pass")])
    1
    >>> first_difference([Action("pass")], [Action("pass"), Action("order")]) is None
    True
    """
    return next((i for i, (x, y) in enumerate(zip(first, second, strict=False)) if x != y), None)


def parting(first: HandState, second: HandState, seatings: Sequence[Sequence[str]]) -> Parting:
    """The first decision the two playings took differently (both playings of one deal;
    ``seatings`` names the level in each seat of each playing)."""
    a_seq, b_seq = first.actions, second.actions
    step = first_difference(a_seq, b_seq)
    if step is None:
        step = min(len(a_seq), len(b_seq))
    before = HandState.new(first.deal, first.rules)
    for action in a_seq[:step]:
        before = before.apply(action)
    seat = before.to_act if before.to_act is not None else -1
    view = before.view(seat) if seat >= 0 else None
    hand = " ".join(str(c) for c in view.hand) if view else ""
    phase = before.phase.name.lower() if seat >= 0 else "over"
    choices = (
        str(a_seq[step]) if step < len(a_seq) else "-",
        str(b_seq[step]) if step < len(b_seq) else "-",
    )
    levels = (str(seatings[0][seat]), str(seatings[1][seat])) if seat >= 0 else ("", "")
    return Parting(step, seat, phase, hand, choices, levels)


def describe_playing(state: HandState) -> str:
    """One playing in a line: the contract and the points."""
    assert state.result is not None
    if state.maker is None:
        return f"thrown in, points {tuple(state.result.points)}"
    alone = " alone" if state.alone else ""
    trump = state.trump.plural if state.trump is not None else "no-trump"
    return f"seat {state.maker} made {trump}{alone}, points {tuple(state.result.points)}"


def swings(result: MatchResult, top: int = 10, worst_first: bool = True) -> list[str]:
    """The ``top`` deals where the first level lost most (or, with ``worst_first`` False,
    won most), each with its two playings and where they part, as Markdown lines."""
    table = TABLES[result.table]
    start = SETS[result.deal_set]
    ranked = sorted(range(len(result.scores)), key=lambda n: result.scores[n])
    if not worst_first:
        ranked.reverse()
    levels = (result.a, result.b)
    lines = []
    for n in ranked[:top]:
        index = start + n
        finished = playings(levels, table, index)
        deal = finished[0].deal
        names = [[levels[side] for side in seating] for seating in table.seatings]
        lines.append(
            f"- deal {index} ({result.scores[n]:+.1f}): dealer {deal.dealer}, upcard "
            f"{deal.upcard}; hands "
            + "; ".join(f"{s}: {' '.join(str(c) for c in h)}" for s, h in enumerate(deal.hands))
        )
        for seating, state in zip(names, finished, strict=True):
            lines.append(f"  - {'/'.join(seating)}: {describe_playing(state)}")
        part = parting(finished[0], finished[1], names)
        lines.append(
            f"  - part at action {part.step}, seat {part.seat} ({part.phase}, hand "
            f"{part.hand}): {part.levels[0]} {part.choices[0]!r}, "
            f"{part.levels[1]} {part.choices[1]!r}"
        )
    return lines


# ---------------------------------------------------------------------- decisions

#: The place in a trick of the seat to play, by the cards already in it.
PLACES = ("leads", "plays second", "plays third", "plays fourth", "plays fifth", "plays sixth")


@dataclass(frozen=True)
class Departure:
    """One seating of one deal against the same deal with the second level in every seat:
    the kind of the first decision the first level took differently (``kind`` "" when none
    was), and the first level's score there less the second level's in the same seats."""

    kind: str
    points: float


def decision_kind(state: HandState, action: Action | None = None) -> str:
    """The kind of decision the seat to act faces: the phase (in the bidding with the
    seat's place after the dealer and, given the ``action`` taken, whether it called or
    passed), or in the play the seat's side, its place in the trick and whether it is the
    first trick.

    >>> table = TABLES["3"]
    >>> state = HandState.new(deal_of(table, 0), table.rules)
    >>> decision_kind(state), decision_kind(state, Action("pass"))
    ('round one, seat 1 after the dealer', 'round one, seat 1 after the dealer: passes')
    """
    assert state.to_act is not None
    phase = state.phase.name.lower().replace("_", " ")
    if phase in ("round one", "round two"):
        return phase + _bidder(state, action)
    if phase != "play":
        return phase
    view = state.view(state.to_act)
    rules = view.rules
    on_makers = view.maker is not None and rules.team_of(view.maker) == rules.team_of(view.seat)
    role = "maker" if view.maker == view.seat else "maker's partner" if on_makers else "defender"
    trick = "trick 1" if not view.tricks else "tricks 2-5"
    return f"play: {role} {PLACES[len(view.current_trick)]}, {trick}"


def _bidder(state: HandState, action: Action | None) -> str:
    """A bidder's place after the dealer, and what ``action`` makes of its turn."""
    assert state.to_act is not None
    place = (state.to_act - state.deal.dealer) % state.rules.players
    where = ", dealer" if place == 0 else f", seat {place} after the dealer"
    if action is None:
        return where
    verb = "passes" if action.kind == "pass" else "calls alone" if action.alone else "calls"
    return f"{where}: {verb}"


def departures(job: tuple[str, str, str, int, int, str]) -> list[Departure]:
    """Each seating of one deal (a, b, table key, set start, deal number, baseline level)
    against the same seating with the baseline level in ``a``'s seats (``b`` itself: the
    deal played by ``b`` in every seat): where ``a`` first decided otherwise, and what it
    scored more. Until then the two playings are the same (each seat's player is seeded by
    the deal and the seat), so the first difference is a decision of ``a``'s. Over a match
    the mean of the points is ``a``'s mean against ``b`` less the baseline's (against
    itself, ``b`` scores zero summed over the seatings)."""
    a, b, key, start, number, baseline = job
    table = TABLES[key]
    index = start + number
    deal = deal_of(table, index)
    bases = playings((baseline, b), table, index)
    out = []
    for seating, state, base in zip(
        table.seatings, playings((a, b), table, index), bases, strict=True
    ):
        assert state.result is not None and base.result is not None
        points = first_level_score(tuple(state.result.points), seating, table.rules)
        points -= first_level_score(tuple(base.result.points), seating, table.rules)
        step = first_difference(state.actions, base.actions)
        if step is None:
            out.append(Departure("", points))
            continue
        before = HandState.replay(deal, table.rules, state.actions[:step])
        out.append(Departure(decision_kind(before, state.actions[step]), points))
    return out


@dataclass(frozen=True)
class DecisionTally:
    """The seatings whose first different decision was of one ``kind``: how many, and the
    first level's points there summed, gained (the seatings it scored more) and lost."""

    kind: str
    seatings: int
    net: float
    gained: float
    lost: float


def decision_match(
    a: str,
    b: str,
    deals: int,
    table: str = "4",
    deal_set: str = "A",
    workers: int = 1,
    baseline: str | None = None,
) -> tuple[list[DecisionTally], MatchResult]:
    """Where ``a``'s points against ``b`` come from (with ``baseline``, its lead over that
    level against ``b``): every seating tallied by the kind of ``a``'s first decision unlike
    the baseline's (``b``'s by default), the kinds that lost most first; and each deal's
    points over its seatings as a match of ``a`` against ``b`` (with no other ``baseline``
    it is that match, played once: ``b`` against itself scores zero summed over the
    seatings)."""
    jobs = [(a, b, table, SETS[deal_set], n, baseline or b) for n in range(deals)]
    if workers > 1:
        with multiprocessing.Pool(workers) as pool:
            found = pool.map(departures, jobs, chunksize=4)
    else:
        found = [departures(job) for job in jobs]
    kinds: dict[str, list[float]] = {}
    for one in found:
        for d in one:
            if d.kind:
                kinds.setdefault(d.kind, []).append(d.points)
    tallies = [
        DecisionTally(k, len(p), sum(p), sum(x for x in p if x > 0), sum(x for x in p if x < 0))
        for k, p in kinds.items()
    ]
    scores = tuple(statistics.fmean(d.points for d in one) for one in found)
    ranked = sorted(tallies, key=lambda t: (t.net, t.kind))
    return ranked, MatchResult(a, b, table, deal_set, scores)
