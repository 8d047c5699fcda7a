"""Fit the strong player's bidding weights (``engine/euchre/players/bid_weights.py``).

Deals are bid by the strong player as it bids today. At every bid anyone makes, every
legal choice is tried: a call is played out with every card known (the open-hand solver,
from the first lead, the dealer's discard the strong player's) and its makers' tricks
recorded with the facts ``bid_model`` reads; a pass is followed by the rest of the
bidding as the strong player would bid it, then played out the same way, and its points
for the passer's side recorded. Least squares then fits the tricks of a call (partnered
and alone) and, from those estimates, the points of a pass at each seat and round.

Run it again after a fit: the bidding it follows is then the fitted one.

    python scripts/fit_bidding.py collect --table 4 --deals 20000 --out data4.jsonl
    python scripts/fit_bidding.py fit data4.jsonl data3.jsonl data6.jsonl

(``fit`` writes the weights module; the table of each file is read from its rows, and the
tables no file covers keep their weights.)

With ``collect --play`` every choice is also played out by strong players as they play at
the table (each seeing its own seat only), and ``fit --played`` fits such a table from that
play. At cutthroat, weights fitted so (2,000 deals, 5,000 rows) did no better than the
open-hand ones against normal: +0.074 points a deal on set A's 600 deals with no margin and
+0.085 with the style's margins, against +0.082 (played tricks with open-hand passes:
+0.069 and +0.081); the open-hand weights stay.

With ``collect --against normal`` each deal is bid once per seat with the strong player
there and normal players at the other seats, as the duplicate bench seats them: only the
strong player's choices are tried, each played out at that table (its calls' tricks, its
passes scored as the bench scores them, the normal players' later bids included). At
cutthroat, weights fitted so (``fit --played``, 6,000 deals, 69,000 rows, no margin) moved
strong's score against normal by +0.003 points a deal (95% interval -0.007 to +0.013),
deal by deal over sets A, B and C's 600 deals each (-0.006, +0.007, +0.009): no gain, the
open-hand weights stay.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
from euchre import Action, Card, Deal, HandState, Phase, Suit
from euchre.players import computer_player
from euchre.players.bid_model import (
    Fitted,
    hand_facts,
    load,
    pass_facts,
    seat_facts,
)
from euchre.players.solver import Solver
from euchre.scoring import score_hand

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from duplicate import TABLES  # noqa: E402

#: Who sits where while a deal is bid and played out for the fit: a level per seat, or
#: None for strong players at every seat.
Levels = tuple[str, ...] | None

WEIGHTS_FILE = HERE.parent / "engine" / "euchre" / "players" / "bid_weights.py"
BIDS = (Phase.ROUND_ONE, Phase.ROUND_TWO)


def bid_on(state: HandState, seed: int, levels: Levels = None) -> HandState:
    """The bidding finished (to the first lead, or the deal's end) by strong players, or
    by ``levels[seat]`` at each seat."""
    while state.result is None and state.phase is not Phase.PLAY:
        state = state.apply(_player(state, seed, levels).choose(state))
    return state


def _player(state: HandState, seed: int, levels: Levels) -> Any:
    seat = state.to_act
    assert seat is not None
    return computer_player("strong" if levels is None else levels[seat], seed + seat)


def seat_levels(players: int, seat: int, against: str | None) -> Levels:
    """The levels at the table when ``seat`` is the strong player's and every other seat
    ``against``'s (None: strong everywhere, as ``bid_on`` plays by default).

    >>> seat_levels(3, 1, "normal"), seat_levels(3, 1, None)
    (('normal', 'strong', 'normal'), None)
    """
    if against is None:
        return None
    return tuple("strong" if s == seat else against for s in range(players))


def makers_tricks(state: HandState) -> int:
    """The makers' tricks with best play by everyone, every card known (at the first lead)."""
    assert state.maker is not None and state.trump is not None and state.to_act is not None
    rules = state.rules
    out = state.view(state.to_act).sitting_out
    active = [s for s in range(rules.players) if s not in out]
    hands = {s: list(state.view(s).hand) for s in active}
    makers = {s for s in active if s == state.maker or _partners(rules, s, state.maker)}
    values = Solver(hands, state.trump, active, state.to_act, makers).values()
    return max(values.values()) if state.to_act in makers else min(values.values())


def _partners(rules: Any, a: int, b: int) -> bool:
    return bool(rules.partnerships and rules.team_of(a) == rules.team_of(b))


def side_points(state: HandState, seat: int) -> int:
    """The points of ``seat``'s side minus the other's best (the bidding done): at cutthroat
    a defender counts the maker's points against it in full. (Counting them as the duplicate
    bench does, a defender's points less the others' average, fitted cutthroat passes that
    did no better: +0.064 points a deal against normal on set A's 300 deals, +0.077 as
    fitted here.)"""
    if state.result is not None and state.maker is None:
        return 0
    assert state.maker is not None
    tricks = makers_tricks(state)
    makers, defenders = score_hand(tricks, state.alone, state.rules)
    mine = seat == state.maker or _partners(state.rules, seat, state.maker)
    return makers - defenders if mine else defenders - makers


def played_out(state: HandState, seed: int, levels: Levels = None) -> HandState:
    """The deal finished by strong players (or ``levels[seat]``) as they play at the table
    (each seeing only its own seat's view), from the end of the bidding."""
    while state.result is None:
        state = state.apply(_player(state, seed, levels).choose(state))
    return state


def played_tricks(state: HandState) -> int:
    """The makers' tricks in a finished deal."""
    assert state.result is not None and state.maker is not None
    rules = state.rules
    makers = {
        s for s in range(rules.players) if s == state.maker or _partners(rules, s, state.maker)
    }
    return sum(1 for t in state.tricks if t.winner in makers)


def played_points(state: HandState, seat: int) -> float:
    """A finished deal's points for ``seat`` as the duplicate bench counts them: its side's
    points less the other side's, or at cutthroat its own less the others' average."""
    assert state.result is not None
    points = list(state.result.points)
    rules = state.rules
    if rules.partnerships:
        team = rules.team_of(seat)
        return float(points[team] - points[1 - team])
    others = [p for s, p in enumerate(points) if s != seat]
    return points[seat] - sum(others) / len(others)


def call_row(
    before: HandState,
    action: Action,
    index: int,
    seed: int,
    play: bool = False,
    levels: Levels = None,
) -> dict[str, Any]:
    """Where a call was (the deal and its actions, to rebuild the view), the maker's five
    cards at the first lead, the trump and the makers' tricks (with ``play``, also the
    tricks taken playing it out, by strong players or ``levels``: ``played``)."""
    seat = before.to_act
    assert seat is not None
    after = bid_on(before.apply(action), seed, levels)
    assert after.trump is not None
    row = {
        "call": "alone" if action.alone else "partner",
        "deal": index,
        "actions": [str(a) for a in before.actions],
        "hand": [c.code for c in after.view(seat).hand],
        "trump": after.trump.letter,
        "tricks": makers_tricks(after),
    }
    if play:
        row["played"] = played_tricks(played_out(after, seed, levels))
    return row


def pass_row(
    before: HandState, index: int, seed: int, play: bool = False, levels: Levels = None
) -> dict[str, Any]:
    """Where a pass was (the deal and its actions, to rebuild the view) and its points
    (with ``play``, also its points with the deal bid on and played out by strong players
    or ``levels``: ``played_points``)."""
    seat = before.to_act
    assert seat is not None
    after = bid_on(before.apply(Action("pass")), seed, levels)
    row: dict[str, Any] = {
        "pass": [
            1 if before.phase is Phase.ROUND_ONE else 2,
            (seat - before.dealer) % before.players,
        ],
        "deal": index,
        "actions": [str(a) for a in before.actions],
        "points": side_points(after, seat),
    }
    if play:
        row["played_points"] = played_points(played_out(after, seed, levels), seat)
    return row


def deal_for(key: str, index: int) -> Deal:
    """Deal ``index`` of the fit at table ``key`` (none of the benchmark's deals)."""
    rules = TABLES[key].rules
    return Deal.random(seed=7_000_003 * index + 11, dealer=index % rules.players, rules=rules)


def decision(row: dict[str, Any]) -> HandState:
    """The state at a row's decision (its deal and the actions before it)."""
    return HandState.replay(
        deal_for(row["table"], row["deal"]), TABLES[row["table"]].rules, row["actions"]
    )


def deal_rows(job: tuple[Any, ...]) -> list[dict[str, Any]]:
    """Every row of one deal (a job: table, deal number, then optionally whether to play
    each choice out and the level at the other seats). Strong players everywhere: each
    decision of the bidding, every choice tried. Against a level (``against``): the deal
    bid once per seat with the strong player there and ``against`` at the others, the
    strong player's choices tried and played out at that table."""
    key, index = job[0], job[1]
    play = len(job) > 2 and bool(job[2])
    against: str | None = job[3] if len(job) > 3 else None
    players = TABLES[key].rules.players
    seats = range(players) if against is not None else [None]
    rows = [
        row
        for seat in seats
        for row in _bidding_rows(key, index, play or against is not None, seat, against)
    ]
    for row in rows:
        row["table"] = key
        if against is not None:
            row["against"] = against
    return rows


def _bidding_rows(
    key: str, index: int, play: bool, seat: int | None, against: str | None
) -> list[dict[str, Any]]:
    """The rows of one bidding of deal ``index``: every choice of ``seat`` (None: of
    every seat), the others bidding as ``seat_levels`` says."""
    table = TABLES[key]
    seed = index * 8
    levels = None if seat is None else seat_levels(table.rules.players, seat, against)
    state = HandState.new(deal_for(key, index), table.rules)
    rows: list[dict[str, Any]] = []
    while state.result is None and state.phase in BIDS:
        if seat is None or state.to_act == seat:
            for action in state.legal_actions():
                if action.kind == "pass":
                    rows.append(pass_row(state, index, seed, play, levels))
                elif action.kind in ("order", "call"):
                    rows.append(call_row(state, action, index, seed, play, levels))
        state = state.apply(_player(state, seed, levels).choose(state))
    return rows


def collect(
    key: str,
    deals: int,
    start: int,
    workers: int,
    out: Path,
    play: bool = False,
    against: str | None = None,
) -> None:
    """Rows of ``deals`` deals at table ``key`` into ``out`` (JSON lines; with ``play``,
    each choice also played out by strong players; with ``against``, the strong player's
    choices played out against that level, as ``deal_rows`` says)."""
    jobs = [(key, start + i, play, against) for i in range(deals)]
    with out.open("w") as sink, multiprocessing.Pool(workers) as pool:
        for rows in pool.imap(deal_rows, jobs, chunksize=8):
            for row in rows:
                sink.write(json.dumps(row) + "\n")


# ---------------------------------------------------------------------- fitting


def read(paths: list[Path]) -> Iterator[dict[str, Any]]:
    for path in paths:
        with path.open() as source:
            for line in source:
                yield json.loads(line)


def least_squares(
    x: list[list[float]], y: list[float], intercept: int = 0, ridge: float = 1.0
) -> list[float]:
    """Ridge-regularised least squares (the intercept, at ``intercept``, unpenalised)."""
    a = np.array(x, dtype=float)
    b = np.array(y, dtype=float)
    penalty = ridge * np.eye(a.shape[1])
    penalty[intercept, intercept] = 0.0
    w = np.linalg.solve(a.T @ a + penalty, a.T @ b)
    return [round(float(v), 4) for v in w]


def logistic(
    x: list[list[float]], y: list[bool], intercept: int = 0, ridge: float = 1.0
) -> list[float]:
    """Ridge-regularised logistic regression by Newton's method (the intercept free)."""
    a = np.array(x, dtype=float)
    b = np.array(y, dtype=float)
    penalty = ridge * np.eye(a.shape[1])
    penalty[intercept, intercept] = 0.0
    w = np.zeros(a.shape[1])
    for _ in range(50):
        p = 1.0 / (1.0 + np.exp(-np.clip(a @ w, -40, 40)))
        gradient = a.T @ (p - b) + penalty @ w
        hessian = (a.T * (p * (1 - p))) @ a + penalty
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if np.abs(step).max() < 1e-7:
            break
    return [round(float(v), 4) for v in w]


def call_facts(row: dict[str, Any]) -> list[float]:
    """The facts of a call row, rebuilt from its deal."""
    state = decision(row)
    assert state.to_act is not None
    trump = Suit.parse(row["trump"])
    cards = [Card.parse(c) for c in row["hand"]]
    alone = row["call"] == "alone"
    return [*hand_facts(cards, trump), *seat_facts(state.view(state.to_act), trump, alone)]


def fit_calls(
    rows: list[dict[str, Any]], target: str = "tricks"
) -> dict[str, dict[str, list[float]]]:
    """The weights of the calls' tricks, euchres and marches, per kind of call (from the
    rows' ``target``: the open-hand "tricks" or the "played" ones)."""
    hand = len(hand_facts([], Suit.HEARTS))
    calls: dict[str, dict[str, list[float]]] = {}
    for kind in ("partner", "alone"):
        mine = [r for r in rows if r.get("call") == kind]
        if not mine:
            continue
        x = [call_facts(r) for r in mine]
        tricks = [r[target] for r in mine]
        calls[kind] = {
            "tricks": least_squares(x, tricks, intercept=hand),
            "euchred": logistic(x, [t < 3 for t in tricks], intercept=hand),
            "march": logistic(x, [t == 5 for t in tricks], intercept=hand),
        }
    return calls


def fit_table(rows: list[dict[str, Any]], played: bool = False) -> dict[str, Any]:
    """One table's weights from its rows (with ``played``, from the deals as the strong
    players played them out, not as the open-hand solver did)."""
    targets = ("played", "played_points") if played else ("tricks", "points")
    data: dict[str, Any] = {"calls": fit_calls(rows, targets[0]), "passes": {}}
    model = load({"fit": data})["fit"]
    data["passes"] = fit_passes([r for r in rows if "pass" in r], model, targets[1])
    return data


def fit_passes(
    rows: list[dict[str, Any]], model: Fitted, target: str = "points"
) -> dict[tuple[int, int], list[float]]:
    """Least squares of a pass's points (the rows' ``target``) on its facts, per round and
    seat."""
    groups: dict[tuple[int, int], tuple[list[list[float]], list[float]]] = {}
    for r in rows:
        state = decision(r)
        assert state.to_act is not None
        facts = pass_facts(state.view(state.to_act), {r["table"]: model})
        key = (r["pass"][0], r["pass"][1])
        groups.setdefault(key, ([], []))
        groups[key][0].append(facts)
        groups[key][1].append(float(r[target]))
    # A seat and round with few passes (round two at six players: one to three) keeps a
    # fit of its own: pooling every seat of the round into it did no better (+0.178 points
    # a deal against normal at six on set A's 300 deals, +0.232 with fits of their own).
    return {key: least_squares(x, y) for key, (x, y) in sorted(groups.items())}


def write(weights: dict[str, dict[str, Any]], counts: dict[str, str]) -> None:
    """The weights module, generated (``counts``: each table's rows, as the docstring
    says them)."""
    said = ", ".join(f"{k}: {v}" for k, v in sorted(counts.items()))
    doc = (
        "The strong player's bidding weights, fitted by scripts/fit_bidding.py (generated: "
        f"do not edit by hand; run the script again). Rows per table: {said}."
    )
    lines = [
        '"""' + "\n".join(textwrap.wrap(doc, 92)) + '"""',
        "",
        "from typing import Any",
        "",
        "WEIGHTS: dict[str, dict[str, Any]] = " + repr(weights),
        "",
    ]
    WEIGHTS_FILE.write_text("\n".join(lines))
    # Formatted as the project's formatter would (one number a line), so a refit's diff
    # shows the weights that moved.
    subprocess.run([sys.executable, "-m", "ruff", "format", str(WEIGHTS_FILE)], check=False)


def fit(paths: list[Path], played: bool = False) -> None:
    """Fit every table the rows of ``paths`` come from and write the weights module,
    keeping the weights of the tables they do not cover (a table whose rows were played
    out is fitted from that play with ``played``)."""
    by_table: dict[str, list[dict[str, Any]]] = {}
    for row in read(paths):
        if "call" in row and "hand" not in row:
            continue  # a row from before the cards were kept: its facts cannot be rebuilt
        by_table.setdefault(row["table"], []).append(row)
    weights, counts = kept_tables(set(by_table))
    for key, rows in sorted(by_table.items()):
        weights[key] = fit_table(
            rows, played and all("played" in r or "played_points" in r for r in rows)
        )
        counts[key] = f"{len(rows)}{_against_note(rows)}"
    write(dict(sorted(weights.items())), counts)


def kept_tables(refitted: set[str]) -> tuple[dict[str, Any], dict[str, str]]:
    """The weights module's tables other than ``refitted``, and their rows as its
    docstring gives them."""
    from euchre.players import bid_weights

    said = (bid_weights.__doc__ or "").split("Rows per table: ", 1)[-1].rstrip(".")
    counts = dict(
        part.split(": ", 1) for part in said.replace("\n", " ").split(", ") if ": " in part
    )
    weights = {k: v for k, v in bid_weights.WEIGHTS.items() if k not in refitted}
    return weights, {k: counts.get(k, "?") for k in weights}


def _against_note(rows: list[dict[str, Any]]) -> str:
    levels = {r.get("against") for r in rows}
    return f" played out against {levels.pop()}" if len(levels) == 1 and None not in levels else ""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("collect")
    c.add_argument("--table", default="4", choices=sorted(TABLES))
    c.add_argument("--deals", type=int, default=2000)
    c.add_argument("--start", type=int, default=0)
    c.add_argument("--workers", type=int, default=2)
    c.add_argument("--out", type=Path, required=True)
    c.add_argument("--play", action="store_true", help="also play each choice out (strong)")
    c.add_argument("--against", help="the level at the other seats (each choice played out)")
    f = sub.add_parser("fit")
    f.add_argument("paths", type=Path, nargs="+")
    f.add_argument("--played", action="store_true", help="fit played-out tables from the play")
    args = parser.parse_args(argv)
    if args.command == "collect":
        collect(args.table, args.deals, args.start, args.workers, args.out, args.play, args.against)
    else:
        fit(args.paths, args.played)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
