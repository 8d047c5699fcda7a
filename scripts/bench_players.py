"""Computer players: strength in duplicate matches against their aims, and decision times.

Strength (``scripts/duplicate.py``): levels play each other over duplicate deals, every
deal once per seating (the levels swap sides, or at cutthroat the first level takes each
seat in turn), so neither is luckier with the cards. A deal's score is the first level's
points minus an opponent's; a match reports the mean per deal with its 95% interval. Each
aim is held on two different sets of deals (A and B), at every table where it applies:

- strong vs normal: at least +0.15 points per deal (Bid Euchre too);
- strong vs OpenSpiel's ISMCTS with 200 simulations (four players, the rules OpenSpiel
  plays): at least +0.15, the interval's lower end above +0.05;
- strong ahead of normal against random: on the same deals, strong's score against random
  minus normal's, with its interval (paired deal by deal), met when the interval is above
  zero (at cutthroat that takes about 1,800 deals: the random rows there play three times
  ``--deals``).

Bid Euchre's bidding (``scripts/bid_duplicate.py``): the normal player's bidding against
the naive bidding it replaced, the cards played alike, with its 95% interval, on each set.

Speed: the median, 90th percentile and longest time of a strong player's decision and of
the coach's advice over the decisions of self-play deals, in CPython and in Pyodide under
Node (the pinned ``node_modules/pyodide``, our engine loaded as a zip), against the aim of
30 ms at the 90th percentile and 80 ms at most under Pyodide. Each is timed on the clock
and in CPU time of the process: on a machine shared with other work the clock also counts
the waits for a core, CPU time does not (it does count Node's background compiler
threads), so the verdict is on CPU time and the load average is printed beside it. Under each
table's rows the Pyodide section names its slowest decisions (phase, trick, seat, choices).

``run()`` returns a Markdown section (scripts/bench.py collects it). Alone, the file prints
it, or some of its parts at some tables on some sets of deals (``--sections aims,random
--tables 3 --sets A,B``; each row is also said on stderr as it is done), or plays one match
and lists the deals that swung most, with where the two playings part (``--match
strong:normal --table 4 --set A --deals 600 --swings 20``), and with ``--by-decision``
where its points come from: each seating tallied by the kind of the first level's first
decision unlike the second's (the call in round one or two, the discard, a card by the
maker, its partner or a defender, leading or following, in the first trick or later),
against the deal played by the second level in every seat (``--baseline normal``: against
normal in the first level's seats, for "strong ahead of normal against random"; it then
prints that lead deal by deal with its interval, the two playings of each seating paired:
``--match strong:random --table 3 --deals 1800 --by-decision --baseline normal``).
The level "open-hand" (``duplicate.OpenHandPlayer``: strong's bidding, every card played
seeing every hand) bounds what better card play could add: ``--match open-hand:normal``.
The level "oracle" (``oracle_player.OraclePlayer``) also bids seeing every hand, each call
chosen by solving the rest of the deal for every choice: a ceiling for fair players,
``--match oracle:normal``; "oracle-calls" bids as the oracle and plays as strong (what
perfect calls alone are worth). They cheat, so none is an engine level. The levels
"fair-calls-N", "fair-rollout-N" and "fair-bold-N" (``fair_calls_player``) take each call
as the oracle does, but over N deals sampled from their own seat's view: what fair
bidding by sampling reaches (far too slow for a page, so no engine level either).
Fairly, ``scripts/rollout_players.py`` plays out every choice of a level's bids at the
table (the same players after it) and lists the groups of bids, told apart by what the
seat knows, where the other choice than the strong player's gains, on each half of the
deals: a rule the strong player could learn, before it is measured here.
A change to a player is measured against the player before it on the same deals, deal by
deal: ``--match strong:normal --table 3 --save before.json`` before the change, ``--compare
before.json`` after it (only the deals the change touches move, so the interval is far
narrower than the two matches' own); with ``--by-decision --baseline normal`` the lead
over normal is what is saved and compared.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import zipfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import euchre
from euchre import HandState, Rules

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

import bid_duplicate  # noqa: E402
from duplicate import (  # noqa: E402
    SETS,
    TABLES,
    DecisionTally,
    MatchResult,
    decision_match,
    match,
    swings,
)

ROOT = HERE.parent
AIM_P90_MS = 30.0
AIM_MAX_MS = 80.0


@dataclass(frozen=True)
class Aim:
    """A match with the least mean (and least lower end of the interval) it must reach."""

    a: str
    b: str
    tables: tuple[str, ...]
    mean: float
    low: float | None = None

    def text(self) -> str:
        low = f", lower end above {self.low:+.2f}" if self.low is not None else ""
        return f"at least {self.mean:+.2f}{low}"

    def met(self, result: MatchResult) -> bool:
        return result.mean >= self.mean and (self.low is None or result.low > self.low)


AIMS = (
    Aim("strong", "normal", ("4", "3", "6", "bid"), 0.15),
    Aim("strong", "ismcts-200", ("4",), 0.15, 0.05),
)
#: Matches reported for information (no aim of their own).
OTHERS = (("normal", "easy"), ("easy", "random"))
#: The sections ``run`` can write, in order: the aims' matches, strong and normal against
#: random, the matches for information, Bid Euchre's bidding, the decision times.
SECTIONS = ("aims", "random", "others", "bid-bidding", "cpython", "pyodide")


def openspiel_ready() -> str | None:
    """None when OpenSpiel's bot can be used, else why not."""
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        return "open-spiel is not installed"
    return None


def _interval(result: MatchResult) -> str:
    return f"{result.mean:+.3f} | {result.low:+.3f} to {result.high:+.3f}"


def _told(row: str) -> str:
    """``row``, said on stderr too as it is done (the matches take minutes)."""
    print(row, file=sys.stderr, flush=True)
    return row


def aim_rows(
    aim: Aim, deals: int, sets: Sequence[str], workers: int, tables: Sequence[str]
) -> list[str]:
    """One table row per table (of ``tables``) and set of deals for ``aim``."""
    rows = []
    for key in (k for k in aim.tables if k in tables):
        if aim.b.startswith("ismcts") and (missing := openspiel_ready()):
            rows.append(f"| {aim.a} vs {aim.b} | | | | not played: {missing} | | | |")
            continue
        for deal_set in sets:
            result = match(aim.a, aim.b, deals, key, deal_set, workers)
            verdict = "met" if aim.met(result) else "missed"
            rows.append(
                _told(
                    f"| {aim.a} vs {aim.b} | {TABLES[key].name} | {deal_set} | "
                    f"{len(result.scores)} | {_interval(result)} | {aim.text()} | {verdict} |"
                )
            )
    return rows


def paired(first: MatchResult, second: MatchResult) -> MatchResult:
    """Deal by deal, ``first``'s score minus ``second``'s (the same deals)."""
    scores = tuple(x - y for x, y in zip(first.scores, second.scores, strict=True))
    return MatchResult(first.a, second.a, first.table, first.deal_set, scores)


def lead_verdict(lead: MatchResult) -> str:
    """The verdict on a lead: "met" when its whole 95% interval is above zero, "missed" when
    below, else "not settled" (more deals are needed: three times the deals narrow the
    interval to about 0.58 of its width).

    >>> lead_verdict(MatchResult("strong", "normal", "3", "A", (0.01, 0.02, 0.03)))
    'met'
    >>> lead_verdict(MatchResult("strong", "normal", "3", "A", (-0.5, 0.5, 0.1)))
    'not settled'
    """
    if lead.low > 0:
        return "met"
    return "missed" if lead.high < 0 else "not settled"


RANDOM_DEALS_TIMES = {"3": 3}
"""How many times ``--deals`` the random rows play at a table: at cutthroat strong's lead
over normal against random is about +0.015 a deal, which 600 deals do not settle."""


def random_rows(deals: int, sets: Sequence[str], workers: int, tables: Sequence[str]) -> list[str]:
    """Strong and normal each against random, and strong's lead over normal there."""
    rows = []
    for key in tables:
        played = deals * RANDOM_DEALS_TIMES.get(key, 1)
        for deal_set in sets:
            strong = match("strong", "random", played, key, deal_set, workers)
            normal = match("normal", "random", played, key, deal_set, workers)
            lead = paired(strong, normal)
            verdict = lead_verdict(lead)
            rows.append(
                _told(
                    f"| strong vs random, normal vs random | {TABLES[key].name} | {deal_set} | "
                    f"{played} | {strong.mean:+.3f}, {normal.mean:+.3f}: strong "
                    f"{_interval(lead)} | strong ahead | {verdict} |"
                )
            )
    return rows


def other_rows(deals: int, sets: Sequence[str], workers: int) -> list[str]:
    """The matches for information, at four players on the first set of deals."""
    rows = []
    for a, b in OTHERS:
        result = match(a, b, deals, "4", sets[0], workers)
        rows.append(
            f"| {a} vs {b} | {TABLES['4'].name} | {sets[0]} | {deals} | {_interval(result)} "
            "| (for information) | |"
        )
    return rows


def strength_header(deals: int, sets: Sequence[str]) -> list[str]:
    """The heading and the table head of the duplicate matches."""
    starts = ", ".join(f"set {s} from deal {SETS[s]}" for s in sets)
    return [
        "## Computer players",
        "",
        f"Duplicate matches: {deals} deals per match and set of deals ({starts}), each deal "
        "played once per seating. Points per deal are the first level's points minus an "
        "opponent's; the interval is the 95% confidence interval. ISMCTS is OpenSpiel's "
        "(open-spiel 2.0.2) with 200 simulations per decision, random rollouts, exploration "
        "constant 2.",
        "",
        "| match | table | set | deals | points per deal | 95% interval | aim | verdict |",
        "|---|---|---|---:|---:|---|---|---|",
    ]


def strength_section(
    deals: int,
    sets: Sequence[str],
    workers: int,
    sections: Sequence[str] = SECTIONS,
    tables: Sequence[str] = tuple(TABLES),
) -> list[str]:
    """The duplicate matches (those of ``sections``, at ``tables``) in Markdown."""
    lines = strength_header(deals, sets)
    if "aims" in sections:
        for aim in AIMS:
            lines += aim_rows(aim, deals, sets, workers, tables)
    if "random" in sections:
        lines += random_rows(deals, sets, workers, tables)
    if "others" in sections:
        lines += other_rows(deals, sets, workers)
    return lines


# ------------------------------------------------------------------ decision times


def decision_states(deals: int, rules: Rules) -> list[HandState]:
    """Every state where someone must act, over ``deals`` deals of strong self-play."""
    states = []
    for index in range(deals):
        deal = euchre.Deal.random(seed=7919 * index + 3, dealer=index % rules.players, rules=rules)
        players = [euchre.computer_player("strong", seed=seat) for seat in range(rules.players)]
        state = HandState.new(deal, rules)
        while state.result is None:
            assert state.to_act is not None
            states.append(state)
            state = state.apply(players[state.to_act].choose(state))
    return states


def time_calls(
    states: Sequence[HandState],
    call: Callable[[HandState], object],
    clock: Callable[[], float] = time.perf_counter,
) -> list[float]:
    """Milliseconds of ``call`` on each state, by ``clock`` (seconds)."""
    out = []
    for state in states:
        start = clock()
        call(state)
        out.append((clock() - start) * 1000)
    return out


def load_average() -> str:
    """The machine's load average over the last minute, as text ("?" where unknown)."""
    try:
        return f"{os.getloadavg()[0]:.1f}"
    except (AttributeError, OSError):
        return "?"


def summary(times: Sequence[float]) -> tuple[float, float, float]:
    """(median, 90th percentile, max) of ``times``."""
    ordered = sorted(times)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return statistics.median(ordered), p90, ordered[-1]


def engine_zip(folder: Path) -> Path:
    """Our engine package as a zip for Pyodide (unpacked into its site-packages)."""
    target = folder / "euchre-engine.zip"
    source = ROOT / "engine" / "euchre"
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(source.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
                archive.write(path, "euchre/" + path.relative_to(source).as_posix())
    return target


def pyodide_times(deals: int, table: str = "4") -> dict[str, list[float]] | str:
    """Decision times under Pyodide in Node at ``table``, or why they could not be
    measured."""
    node = shutil.which("node")
    script = ROOT / "tests" / "pyodide" / "bench_players.mjs"
    if node is None:
        return "Node is not installed"
    if not (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").exists():
        return "node_modules/pyodide is missing (run `make node`)"
    with tempfile.TemporaryDirectory(prefix="euchre-bench-") as scratch:
        archive = engine_zip(Path(scratch))
        result = subprocess.run(
            [node, str(script), str(archive), str(deals), table],
            capture_output=True,
            text=True,
            cwd=ROOT,
            timeout=3600,
        )
    if result.returncode != 0:
        return f"the Node run failed: {result.stderr.strip()[-400:]}"
    last = result.stdout.strip().splitlines()[-1]
    data: dict[str, list[float]] = json.loads(last)
    return data


def _ms(values: tuple[float, float, float]) -> str:
    return " | ".join(f"{v:.1f}" for v in values)


def cpython_section(speed_deals: int) -> list[str]:
    """Decision times in CPython at four players."""
    rules = Rules()
    states = decision_states(speed_deals, rules)
    plays = [s for s in states if s.phase is euchre.Phase.PLAY]
    strong = euchre.computer_player("strong", seed=0)
    cpu = time.process_time
    lines = [
        "",
        f"Decision times in CPython {sys.version.split()[0]} ({len(states)} decisions of "
        f"{speed_deals} strong self-play deals, {len(plays)} of them card plays), ms, on the "
        f"clock and in CPU time (load average {load_average()} on {os.cpu_count()} cores):",
        "",
        "| what | median | p90 | max | CPU median | CPU p90 | CPU max |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for label, call, items in (
        ("strong player, every decision", strong.choose, states),
        ("strong player, card plays", strong.choose, plays),
        ("coach, every decision", euchre.coach, states),
    ):
        wall = summary(time_calls(items, call))
        used = summary(time_calls(items, call, cpu))
        lines.append(f"| {label} | {_ms(wall)} | {_ms(used)} |")
    return lines


def describe_state(state: HandState) -> str:
    """A decision in a few words: the phase, the trick, the seat and its choices."""
    phase = state.phase.name.lower().replace("_", " ")
    trick = f", trick {len(state.tricks) + 1}" if state.phase is euchre.Phase.PLAY else ""
    return f"{phase}{trick}, seat {state.to_act}, {len(state.legal_actions())} choices"


def slowest(times: Sequence[float], states: Sequence[HandState], top: int = 3) -> str:
    """The ``top`` slowest of ``states`` (timed in ``times``, in the same order), in words."""
    ranked = sorted(range(len(times)), key=lambda i: -times[i])[:top]
    return "; ".join(f"#{i} {times[i]:.1f} ms ({describe_state(states[i])})" for i in ranked)


def pyodide_section(speed_deals: int, tables: Sequence[str] = tuple(TABLES)) -> list[str]:
    """Decision times in Pyodide under Node at each table of ``tables`` (Bid Euchre
    aside), against the aims, with the slowest decisions in CPU time."""
    lines = [
        "",
        f"Decision times in Pyodide under Node ({speed_deals} strong self-play deals per "
        f"table), ms; aim: p90 within {AIM_P90_MS:.0f} ms and at most {AIM_MAX_MS:.0f} ms "
        f"(judged on CPU time; load average {load_average()}):",
        "",
        "| table | what | median | p90 | max | CPU median | CPU p90 | CPU max | aim |",
        "|---|---|---:|---:|---:|---:|---:|---:|---|",
    ]
    notes = []
    for key in tables:
        table = TABLES[key]
        if not key.isdigit():  # Bid Euchre: its own profile, not a seat count of Euchre's
            continue
        measured = pyodide_times(speed_deals, key)
        if isinstance(measured, str):
            lines.append(f"| {table.name} | not measured ({measured}) | | | | | | | |")
            continue
        for what, label in (
            ("strong", "strong player, every decision"),
            ("strong_plays", "strong player, card plays"),
            ("coach", "coach, every decision"),
        ):
            wall = summary(measured[what])
            used = summary(measured.get(what + "_cpu", measured[what]))
            ok = "met" if used[1] <= AIM_P90_MS and used[2] <= AIM_MAX_MS else "missed"
            lines.append(f"| {table.name} | {label} | {_ms(wall)} | {_ms(used)} | {ok} |")
        # The Node run plays the same self-play deals (same seeds): the decisions in order.
        states = decision_states(speed_deals, table.rules)
        for what in ("strong", "coach"):
            times = measured.get(what + "_cpu", measured[what])
            if len(times) == len(states):
                notes.append(f"- {table.name}, {what}, slowest in CPU: {slowest(times, states)}")
    return [*lines, "", *notes] if notes else lines


def run(
    deals: int = 600,
    speed_deals: int = 12,
    workers: int | None = None,
    pyodide: bool = True,
    sets: Sequence[str] = ("A", "B"),
    sections: Sequence[str] = SECTIONS,
    tables: Sequence[str] = tuple(TABLES),
) -> str:
    """The players section of the benchmark report (or the parts of it in ``sections``,
    the matches at ``tables`` on the deal ``sets``), in Markdown."""
    workers = workers or max(1, min(4, multiprocessing.cpu_count()))
    lines: list[str] = []
    if {"aims", "random", "others"} & set(sections):
        lines += strength_section(deals, sets, workers, sections, tables)
    if "bid-bidding" in sections:  # Bid Euchre's bidding, on each set of deals
        lines += ["", *(bid_duplicate.run(deals, workers, SETS[s]) for s in sets)]
    if "cpython" in sections:
        lines += cpython_section(speed_deals)
    if pyodide and "pyodide" in sections:
        lines += pyodide_section(speed_deals, tables)
    return "\n".join(lines) + "\n"


@dataclass(frozen=True)
class Kept:
    """Where one match's scores are saved (``save``) or which saved scores it is compared
    with (``compare``), deal by deal: a change to a player measured against the player
    before it on the same deals."""

    save: Path | None = None
    compare: Path | None = None


def save_scores(result: MatchResult, path: Path) -> None:
    """The match's scores, deal by deal, as JSON (for ``compared`` after a change)."""
    data = {
        "match": [result.a, result.b, result.table, result.deal_set],
        "scores": list(result.scores),
    }
    path.write_text(json.dumps(data) + "\n")


def load_scores(path: Path) -> MatchResult:
    """A match saved by ``save_scores`` (a file that is not one: a clear error)."""
    try:
        data = json.loads(path.read_text())
        a, b, table, deal_set = (str(x) for x in data["match"])
        return MatchResult(a, b, table, deal_set, tuple(float(x) for x in data["scores"]))
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise SystemExit(f"{path}: not a saved match ({error})") from error


def compared(result: MatchResult, saved: MatchResult) -> str:
    """The match against the same match saved before (``load_scores``), deal by deal: the
    mean change per deal with its 95% interval, and how many deals scored differently.

    >>> before = MatchResult("strong", "normal", "3", "A", (1.0, 0.0, -1.0))
    >>> after = MatchResult("strong", "normal", "3", "A", (1.0, 0.5, -1.0))
    >>> print(compared(after, before))
    against the saved run: +0.167 per deal (95% interval -0.160 to +0.493), 1 of 3 deals scored differently
    >>> compared(after, MatchResult("strong", "normal", "3", "B", (1.0, 0.0, -1.0)))
    Traceback (most recent call last):
    ...
    SystemExit: the saved run is strong vs normal at 3, set B, 3 deals: not this match
    """
    if _identity(result) != _identity(saved):
        raise SystemExit(f"the saved run is {_identity(saved)}: not this match")
    change = paired(result, saved)
    moved = sum(1 for x in change.scores if x)
    return (
        f"against the saved run: {change.mean:+.3f} per deal (95% interval {change.low:+.3f} "
        f"to {change.high:+.3f}), {moved} of {len(change.scores)} deals scored differently"
    )


def _identity(result: MatchResult) -> str:
    return (
        f"{result.a} vs {result.b} at {result.table}, set {result.deal_set}, "
        f"{len(result.scores)} deals"
    )


def one_match(
    spec: str,
    deals: int,
    table: str,
    deal_set: str,
    workers: int,
    top: int,
    kept: Kept | None = None,
) -> str:
    """One match (``spec`` "a:b") with its interval and, with ``top``, its biggest swings;
    ``kept`` saves its scores deal by deal, or compares them with a saved run's."""
    a, b = spec.split(":")
    started = time.time()
    result = match(a, b, deals, table, deal_set, workers)
    return match_report(result, time.time() - started, top, kept)


def match_report(result: MatchResult, seconds: float, top: int, kept: Kept | None = None) -> str:
    """A match played (in ``seconds``): its mean with its interval, compared with or saved
    as ``kept`` says, and with ``top`` its biggest swings."""
    a, b = result.a, result.b
    kept = kept or Kept()
    saved = load_scores(kept.compare) if kept.compare is not None else None
    lines = [
        f"{a} vs {b} at {TABLES[result.table].name}, set {result.deal_set}, "
        f"{len(result.scores)} deals: {result.mean:+.3f} per deal (95% interval "
        f"{result.low:+.3f} to {result.high:+.3f}), {seconds:.0f} s"
    ]
    if saved is not None:
        lines.append(compared(result, saved))
    if kept.save is not None:
        save_scores(result, kept.save)
    if top:
        lines += ["", f"Deals {a} lost most:", *swings(result, top)]
        lines += ["", f"Deals {a} won most:", *swings(result, top, worst_first=False)]
    return "\n".join(lines)


def tallies_table(
    spec: str,
    tallies: Sequence[DecisionTally],
    deals: int,
    table: str,
    deal_set: str,
    baseline: str | None = None,
) -> str:
    """Where ``spec``'s first level gains and loses its points (``duplicate.decision_match``;
    with ``baseline``, its lead over that level against the second): a Markdown table of
    the kinds of its first decision unlike the baseline's, each kind's share of the
    difference per deal (the shares add up to it), and the points gained and lost there."""
    a, b = spec.split(":")
    base = baseline or b
    scale = deals * len(TABLES[table].seatings)
    total = sum(t.net for t in tallies) / scale
    what = f"{a} vs {b}" if base == b else f"{a} vs {b} less {base} vs {b}"
    lines = [
        f"{what} at {TABLES[table].name}, set {deal_set}, {deals} deals, by {a}'s first "
        f"decision unlike {base}'s in each seating: {total:+.3f} per deal in all",
        "",
        "| decision | seatings | per deal | points gained | points lost |",
        "|---|---:|---:|---:|---:|",
    ]
    lines += [
        f"| {t.kind} | {t.seatings} | {t.net / scale:+.4f} | {t.gained:+.1f} | {t.lost:+.1f} |"
        for t in tallies
    ]
    return "\n".join(lines)


def _names(text: str, known: Sequence[str], what: str) -> list[str]:
    """Comma-separated names, each one of ``known`` (else a clear error)."""
    names = [n.strip() for n in text.split(",") if n.strip()]
    wrong = [n for n in names if n not in known]
    if wrong or not names:
        given = ", ".join(wrong) or "(none)"
        raise SystemExit(f"unknown {what} {given}: choose from {', '.join(known)}")
    return names


def match_command(args: argparse.Namespace, workers: int) -> None:
    """Play ``--match`` and print it, with ``--by-decision``'s table when asked (against
    the second level itself, the deals are played once for both)."""
    kept = Kept(args.save, args.compare)
    a, b = args.match.split(":")
    if args.by_decision:
        started = time.time()
        base = args.baseline or b
        tallies, result = decision_match(a, b, args.deals, args.table, args.set, workers, base)
        if base != b:  # the lead over the baseline, deal by deal (no swings: not a match)
            result = MatchResult(
                f"{a} less {base}", b, result.table, result.deal_set, result.scores
            )
        print(match_report(result, time.time() - started, args.swings if base == b else 0, kept))
        print()
        print(tallies_table(args.match, tallies, args.deals, args.table, args.set, base))
        return
    print(one_match(args.match, args.deals, args.table, args.set, workers, args.swings, kept))


def main(argv: list[str] | None = None) -> int:
    """Print the section (or some of its parts), or play one match."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", type=int, default=600, help="duplicate deals per match")
    parser.add_argument("--speed-deals", type=int, default=12, help="deals for the timings")
    parser.add_argument("--workers", type=int, default=None, help="processes for the matches")
    parser.add_argument("--no-pyodide", action="store_true", help="skip the Pyodide timings")
    parser.add_argument("--sets", default="A,B", help="sets of deals, as 'A,B' (A, B or C)")
    parser.add_argument("--sections", default=",".join(SECTIONS), help="parts, as 'aims,random'")
    parser.add_argument("--tables", default=",".join(TABLES), help="tables, as '4,3,6,bid'")
    parser.add_argument("--match", help="play only this match, as 'strong:normal'")
    parser.add_argument("--table", default="4", choices=sorted(TABLES), help="for --match")
    parser.add_argument("--set", default="A", choices=sorted(SETS), help="for --match")
    parser.add_argument("--swings", type=int, default=0, help="with --match: deals to list")
    parser.add_argument(
        "--by-decision", action="store_true", help="with --match: points by kind of decision"
    )
    parser.add_argument("--baseline", help="with --by-decision: the level compared in the seats")
    parser.add_argument("--save", type=Path, help="with --match: keep its scores deal by deal")
    parser.add_argument("--compare", type=Path, help="with --match: deal by deal against --save's")
    args = parser.parse_args(argv)
    workers = args.workers or max(1, min(4, multiprocessing.cpu_count()))
    if args.match:
        try:
            match_command(args, workers)
        except ValueError as error:  # a level unknown, or one that cannot sit at the table
            raise SystemExit(f"--match {args.match} at table {args.table}: {error}") from error
        return 0
    sets = _names(",".join(args.sets.replace(",", "")), list(SETS), "set")
    sections = _names(args.sections, SECTIONS, "section")
    tables = _names(args.tables, list(TABLES), "table")
    print(run(args.deals, args.speed_deals, workers, not args.no_pyodide, sets, sections, tables))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
