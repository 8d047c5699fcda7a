"""What every choice of a level's bids was worth at the table, each played out to the end.

For a match ``a:b`` at one table, seated as the duplicate bench seats it (each player
seeded by the deal and its seat), every decision of ``a``'s before the play with more
than one legal choice (round one, round two, the dealer's discard) is taken each legal
way, and the deal is played to its end from there by the same players: a choice's value
is the first level's score then (``duplicate.first_level_score``). So each value is what
that choice would have scored against those opponents, every later decision (``a``'s own
included) taken as the players take it. Unlike the oracle's values, nobody sees a hidden
card.

``collect`` writes one JSON line per decision (the deal, the seat, its hand and the
upcard, the actions so far, the legal choices, ``a``'s choice, each choice's played-out
value and its value to the strong player, ``bid_strategy.decision_values``). ``groups``
reads the lines and looks at each bid as a choice between passing and the strong
player's best call: its *margin* (the strong player's value of that call less its value of
passing, the style's margins included: it calls when the margin is above zero) and the
played-out *gain* of the call over the pass. Taking the other choice gains the gain where
the strong player passes and loses it where it calls. The groups are told apart by what
the seat knows: its round and place after the dealer, the margin's band, and one fact of
its hand in the suit called (trumps, bowers, the trump ace, off-suit aces, voids) or the
upcard's rank. Each is listed with the mean gain of taking the other choice there and its
95% interval, over all the deals and over the even and the odd deals apart, the best
first: a group whose gain holds on both halves is a rule the strong player could learn.

    python scripts/rollout_players.py collect --table 3 --start 300000 --deals 6000 --out d.jsonl
    python scripts/rollout_players.py groups d.jsonl

Found at cutthroat (issue 46; strong against normal, deals 300,000 to 305,999, 28,580
decisions, 25 minutes on two cores): the strong player's bids sit close to what their
played-out values ask. The one settled group is round two's first seat after the dealer
calling only thanks to the style's margin (its margin 0 to +0.4): passing there gains
+0.17 a call (95% interval +0.03 to +0.31, 426 calls; +0.24 and +0.10 on the halves),
+0.38 (+0.17 to +0.59, 200 calls) with no off-suit ace, and with two trumps and no off-suit
ace +0.86 (+0.48 to +1.25, 59 calls, all seats). That is +0.004 a deal at most, and played
on the bench it is less: no margin there moved 409 and 391 of 6,000 deals of sets A and B
by +0.002 (-0.001 to +0.005) and +0.001 (-0.002 to +0.005) a deal, and passing with two
trumps and no off-suit ace moved 39 and 42 by +0.000 (-0.001 to +0.002); neither was kept.
A least-squares correction of the margin from the hand's facts, fitted on one half of
the deals and applied to the other, would gain +0.003 a deal. Strong's lead of +0.08 a
deal over normal there (+0.080 and +0.081 over 6,000 deals of sets A and B, intervals
±0.009) is far from +0.15, and the fair bids have almost nothing more to give it.

>>> row = rows_of_deal(("3", 0, ("strong", "normal")))[0]
>>> row["chosen"] in row["legal"] and len(row["values"]) == len(row["legal"])
True
>>> bid_of(row) is None or bid_of(row).place in (0, 1, 2)
True
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import statistics
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from euchre import Action, HandState, Phase, Suit
from euchre.cards import Rank, parse_cards
from euchre.players import bid_strategy
from euchre.players.estimate import trump_rank_index
from euchre.trump import is_trump

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from duplicate import (  # noqa: E402
    TABLES,
    Chooser,
    deal_of,
    first_level_score,
    half_interval,
    seating_players,
)

#: The decisions whose every choice is played out.
BIDS = (Phase.ROUND_ONE, Phase.ROUND_TWO, Phase.DISCARD)
#: The bands of a bid's margin the groups tell apart, in points.
BANDS = ((-2.0, -1.0), (-1.0, -0.5), (-0.5, 0.0), (0.0, 0.4), (0.4, 1.0), (1.0, 2.0))


def played_to_end(state: HandState, players: Sequence[Chooser]) -> HandState:
    """The deal from ``state`` played to its end, ``players[seat]`` choosing for each seat."""
    while state.result is None:
        assert state.to_act is not None
        state = state.apply(players[state.to_act].choose(state))
    return state


def choice_values(
    state: HandState, players: Sequence[Chooser], seating: Sequence[int]
) -> list[float]:
    """Each legal choice of the seat to act, played out: the first level's score."""
    values = []
    for action in state.legal_actions():
        end = played_to_end(state.apply(action), players)
        assert end.result is not None
        values.append(first_level_score(tuple(end.result.points), seating, state.rules))
    return values


def decision_row(
    state: HandState, players: Sequence[Chooser], seating: Sequence[int], chosen: Action
) -> dict[str, Any]:
    """One decision as ``collect`` writes it."""
    seat = state.to_act
    assert seat is not None
    view = state.view(seat)
    return {
        "players": state.rules.players,
        "seat": seat,
        "dealer": state.deal.dealer,
        "phase": state.phase.name,
        "actions": [str(a) for a in state.actions],
        "hand": " ".join(str(c) for c in view.hand),
        "upcard": str(state.deal.upcard),
        "legal": [str(a) for a in state.legal_actions()],
        "chosen": str(chosen),
        "values": choice_values(state, players, seating),
        "model": [v for _, v in bid_strategy.decision_values(view, bid_strategy.STRONG)],
    }


def rows_of_deal(job: tuple[str, int, tuple[str, str]]) -> list[dict[str, Any]]:
    """Every decision of the first level's before the play in one deal (table key, deal
    index, the two levels), each seating in turn."""
    key, index, levels = job
    table = TABLES[key]
    deal = deal_of(table, index)
    rows = []
    for seating in table.seatings:
        players = seating_players(levels, seating, index)
        state = HandState.new(deal, table.rules)
        while state.result is None:
            assert state.to_act is not None
            chosen = players[state.to_act].choose(state)
            if (
                seating[state.to_act] == 0
                and state.phase in BIDS
                and len(state.legal_actions()) > 1
            ):
                rows.append({**decision_row(state, players, seating, chosen), "index": index})
            state = state.apply(chosen)
    return rows


def collect(key: str, start: int, deals: int, levels: tuple[str, str], out: Path) -> int:
    """Write the decisions of ``deals`` deals from ``start`` to ``out``; how many."""
    jobs = [(key, start + n, levels) for n in range(deals)]
    written = 0
    with multiprocessing.Pool(2) as pool, out.open("w") as f:
        for rows in pool.imap(rows_of_deal, jobs, chunksize=4):
            for row in rows:
                f.write(json.dumps(row) + "\n")
            written += len(rows)
    return written


# ---------------------------------------------------------------------- groups


@dataclass(frozen=True)
class Bid:
    """A bid as a choice between passing and the strong player's best call: the round,
    the place after the dealer, the margin, the played-out gain of the call over passing,
    the facts of the hand in the call's suit, and the deal's half (0 even, 1 odd)."""

    phase: str
    place: int
    margin: float
    gain: float
    facts: dict[str, int]
    half: int

    @property
    def flip(self) -> float:
        """What taking the other choice than the strong player's gains here."""
        return self.gain if self.margin <= 0 else -self.gain


def suit_named(action: str) -> Suit | None:
    """The suit a round-two call names ("call hearts"), else None.

    >>> suit_named("call hearts"), suit_named("order")
    (Suit.HEARTS, None)
    """
    words = action.split()
    return Suit[words[1].upper()] if words[0] == "call" else None


def hand_facts(row: dict[str, Any], trump: Suit) -> dict[str, int]:
    """The facts of the seat's hand in ``trump`` (a dealer in round one with the upcard)."""
    up = parse_cards(row["upcard"])[0]
    cards = list(parse_cards(row["hand"]))
    if row["phase"] == "ROUND_ONE" and row["seat"] == row["dealer"]:
        cards.append(up)
    places = {trump_rank_index(c, trump) for c in cards if is_trump(c, trump)}
    off = {c.suit for c in cards if not is_trump(c, trump)}
    aces = {c.suit for c in cards if not is_trump(c, trump) and c.rank is Rank.ACE}
    return {
        "trumps": sum(1 for c in cards if is_trump(c, trump)),
        "bowers": len(places & {0, 1}),
        "trump ace": int(2 in places),
        "off-suit aces": len(aces),
        "voids": 3 - len(off),
        "upcard rank": int(up.rank),
    }


def bid_of(row: dict[str, Any]) -> Bid | None:
    """The bid of a written decision (None for a discard, or a bid with no call)."""
    legal, model, values = row["legal"], row["model"], row["values"]
    if row["phase"] == "DISCARD" or "pass" not in legal:
        return None
    calls = [i for i, a in enumerate(legal) if a.split()[0] in ("order", "call")]
    calls = [i for i in calls if not legal[i].endswith("alone")]
    if not calls:
        return None
    best = max(calls, key=lambda i: model[i])
    stay = legal.index("pass")
    up = parse_cards(row["upcard"])[0]
    trump = suit_named(legal[best]) or up.suit
    assert trump is not None  # Euchre's tables deal no joker
    return Bid(
        row["phase"],
        (row["seat"] - row["dealer"]) % row["players"],
        model[best] - model[stay],
        values[best] - values[stay],
        hand_facts(row, trump),
        row["index"] % 2,
    )


def band_of(margin: float) -> tuple[float, float] | None:
    """The band of ``BANDS`` that holds ``margin`` (None beyond them)."""
    return next(((lo, hi) for lo, hi in BANDS if lo <= margin < hi), None)


Group = tuple[str, int, tuple[float, float], str]


def flip_groups(bids: Iterable[Bid]) -> dict[Group, list[Bid]]:
    """The bids of each group: round, place, margin band, and one fact of the hand with
    its value ("all" for the whole band)."""
    groups: dict[Group, list[Bid]] = {}
    for bid in bids:
        band = band_of(bid.margin)
        if band is None:
            continue
        facts = ["all", *(f"{name} {value}" for name, value in bid.facts.items())]
        for fact in facts:
            groups.setdefault((bid.phase, bid.place, band, fact), []).append(bid)
    return groups


def mean_interval(xs: Sequence[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval.

    >>> mean_interval([1.0, 3.0])
    (2.0, 1.96)
    """
    if len(xs) < 2:
        return (statistics.fmean(xs) if xs else 0.0), math.inf
    return statistics.fmean(xs), round(half_interval(xs), 3)


def group_line(group: Group, bids: Sequence[Bid]) -> str:
    """A group's line: its bids, the mean gain of the other choice with its interval, and
    the same on each half of the deals."""
    phase, place, (lo, hi), fact = group
    parts = []
    for half in (None, 0, 1):
        xs = [b.flip for b in bids if half is None or b.half == half]
        mean, width = mean_interval(xs)
        parts.append(f"{mean:+.2f} ± {width:.2f} ({len(xs)})")
    where = f"{phase.lower().replace('_', ' ')}, place {place}, margin {lo:+.1f} to {hi:+.1f}"
    return f"| {where} | {fact} | {' | '.join(parts)} |"


def groups_report(rows: Iterable[dict[str, Any]], least: int = 30, top: int = 25) -> list[str]:
    """The ``top`` groups of at least ``least`` bids where taking the other choice gains
    most surely (the lower end of the interval highest), as a Markdown table."""
    bids = [b for b in (bid_of(r) for r in rows) if b is not None]
    ranked = []
    for group, members in flip_groups(bids).items():
        if len(members) >= least:
            mean, width = mean_interval([b.flip for b in members])
            ranked.append((mean - width, group, members))
    ranked.sort(key=lambda item: -item[0])
    head = [
        "| bids | fact | other choice: all | even deals | odd deals |",
        "|---|---|---:|---:|---:|",
    ]
    return head + [group_line(group, members) for _, group, members in ranked[:top]]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    put = sub.add_parser("collect", help="play out every choice of the first level's bids")
    put.add_argument("--table", default="3", choices=sorted(TABLES))
    put.add_argument("--start", type=int, default=300_000, help="the first deal's index")
    put.add_argument("--deals", type=int, default=600)
    put.add_argument("--match", default="strong:normal", help="the two levels, as a:b")
    put.add_argument("--out", type=Path, required=True)
    look = sub.add_parser("groups", help="the groups where the other choice gains")
    look.add_argument("files", type=Path, nargs="+")
    look.add_argument("--least", type=int, default=30, help="bids a group needs")
    look.add_argument("--top", type=int, default=25, help="groups listed")
    args = parser.parse_args(argv)
    if args.command == "collect":
        a, b = args.match.split(":")
        count = collect(args.table, args.start, args.deals, (a, b), args.out)
        print(f"{count} decisions written to {args.out}")
        return 0
    rows = [json.loads(line) for path in args.files for line in path.open()]
    print("\n".join(groups_report(rows, args.least, args.top)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
