"""Bid Euchre's bidding in a duplicate match: the normal player's bidding against the naive
bidding the computer players had before it (the first legal action: always a pass, a stuck
dealer's lowest bid with clubs as trump), the cards played alike by both sides.

Every deal is played twice with the same cards, the two biddings swapping sides; a deal's
score is the first bidding's points minus the other's, averaged over the two playings. The
match reports the mean per deal with its 95% interval, how often each side's contracts
were made and how many moons were shot. ``bench_players.run`` adds the section; alone:
``python scripts/bid_duplicate.py --deals 400``.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from euchre import Action, Deal, HandState, Rules
from euchre.players import NormalPlayer, Player, auction_bids

RULES = Rules.profile("bid-euchre")


class NaiveBidder(NormalPlayer):
    """The normal player with the bidding it had before ``auction_bids``: every decision
    before the play valued alike, so the first legal action."""

    def choose(self, state: HandState) -> Action:
        view = state.view(state.to_act) if state.to_act is not None else None
        if view is not None and auction_bids.decides(view) and len(view.legal) > 1:
            return self.decide(view, list(view.legal))
        return super().choose(state)


@dataclass(frozen=True)
class Playing:
    """One playing of a deal: each team's points, the makers' team (None: thrown in),
    whether the bid was made, whether it was the moon."""

    points: tuple[int, ...]
    makers: int | None
    made: bool
    moon: bool


def play(deal: Deal, players: Sequence[Player]) -> Playing:
    """Play ``deal`` to its end with ``players`` by seat."""
    state = HandState.new(deal, RULES)
    while state.result is None:
        assert state.to_act is not None
        state = state.apply(players[state.to_act].choose(state))
    result = state.result
    return Playing(result.points, result.makers, not result.euchred, result.alone)


def _players(bidder_team: int, seed: int) -> list[Player]:
    return [
        NormalPlayer(seed * 8 + seat) if seat % 2 == bidder_team else NaiveBidder(seed * 8 + seat)
        for seat in range(4)
    ]


def pair(index: int) -> tuple[float, list[tuple[bool, Playing]]]:
    """The new bidding's points minus the naive's on deal ``index`` (the mean of the two
    seatings), and each playing tagged with whether the new bidding made trump."""
    deal = Deal.random(seed=2_000_003 * index + 29, dealer=index % 4, rules=RULES)
    diffs, playings = [], []
    for team in (0, 1):
        done = play(deal, _players(team, index))
        diffs.append(done.points[team] - done.points[1 - team])
        playings.append((done.makers == team, done))
    return statistics.fmean(diffs), playings


@dataclass(frozen=True)
class MatchReport:
    """The match's mean per deal and its 95% half-interval, and per bidding the
    contracts, those made and the moons shot."""

    deals: int
    mean: float
    half: float
    contracts: dict[str, tuple[int, int, int]]
    start: int = 0


def match(deals: int, workers: int = 1, start: int = 0) -> MatchReport:
    """The duplicate match over ``deals`` deals, from deal ``start`` on."""
    indices = range(start, start + deals)
    if workers > 1:
        with multiprocessing.Pool(workers) as pool:
            rows = pool.map(pair, indices, chunksize=8)
    else:
        rows = [pair(i) for i in indices]
    diffs = [d for d, _ in rows]
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else math.inf
    counts = {"new": [0, 0, 0], "naive": [0, 0, 0]}
    for _, playings in rows:
        for new_made_trump, done in playings:
            if done.makers is None:
                continue
            row = counts["new" if new_made_trump else "naive"]
            row[0] += 1
            row[1] += done.made
            row[2] += done.moon
    contracts = {k: (v[0], v[1], v[2]) for k, v in counts.items()}
    return MatchReport(deals, statistics.fmean(diffs), half, contracts, start)


def section(report: MatchReport) -> str:
    """The match as a Markdown section."""
    low, high = report.mean - report.half, report.mean + report.half
    lines = [
        "### Bid Euchre bidding",
        "",
        f"Normal player's Bid Euchre bidding (`auction_bids`) against the naive bidding, "
        f"the cards played alike: {report.deals} duplicate deals from deal {report.start}, "
        "each played twice with "
        "the biddings swapping sides (profile `bid-euchre`).",
        "",
        "| match | points per deal | 95% interval |",
        "|---|---:|---|",
        f"| new vs naive bidding | {report.mean:+.3f} | {low:+.3f} to {high:+.3f} |",
        "",
        "| bidding | contracts | made | moons |",
        "|---|---:|---:|---:|",
    ]
    for name, (count, made, moons) in report.contracts.items():
        share = f"{made} ({made / count:.0%})" if count else "0"
        lines.append(f"| {name} | {count} | {share} | {moons} |")
    return "\n".join(lines) + "\n"


def run(deals: int = 400, workers: int | None = None, start: int = 0) -> str:
    """The section, for ``bench_players.run`` (deals from deal ``start`` on)."""
    return section(match(deals, workers or max(1, min(2, multiprocessing.cpu_count())), start))


def main(argv: list[str] | None = None) -> int:
    """Print the section."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", type=int, default=400, help="duplicate deals")
    parser.add_argument("--workers", type=int, default=None, help="processes")
    parser.add_argument("--start", type=int, default=0, help="the first deal's number")
    args = parser.parse_args(argv)
    print(run(args.deals, args.workers, args.start))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
