"""Computer players: strength in a duplicate tournament, and decision times.

Strength: levels play each other over duplicate deals. Every deal is played twice with the
same cards, the two levels swapping seats (so neither side is luckier with the cards); a
deal's score is the first level's points minus the second's, averaged over the two
playings. We report the mean points per deal with a 95% confidence interval.

Speed: the median, 90th percentile and longest time of a strong player's decision and of
the coach's advice over the decisions of self-play deals, in CPython and in Pyodide under
Node (the pinned ``node_modules/pyodide``, our engine loaded as a zip), against the aim of
30 ms at the 90th percentile and 80 ms at most under Pyodide. Each is timed on the clock
and in CPU time of the process: on a machine shared with other work the clock also counts
the waits for a core, CPU time does not (it does count Node's background compiler
threads), so the verdict is on CPU time and the load average is printed beside it.

``run()`` returns a Markdown section (scripts/bench.py collects it); run the file alone to
print it: ``python scripts/bench_players.py [--deals 600] [--quick]``.
"""

from __future__ import annotations

import argparse
import json
import math
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
from pathlib import Path

import euchre
from euchre import Action, Deal, HandState, Rules
from euchre.rng import SeededRandom

ROOT = Path(__file__).resolve().parent.parent
AIM_P90_MS = 30.0
AIM_MAX_MS = 80.0
Chooser = Callable[[HandState], Action]


class RandomPlayer:
    """Uniformly random legal actions, seeded (the baseline)."""

    level = "random"

    def __init__(self, seed: int) -> None:
        self.rng = SeededRandom(seed)

    def choose(self, state: HandState) -> Action:
        return self.rng.choice(state.legal_actions())


def make_player(level: str, seed: int) -> RandomPlayer | euchre.players.Player:
    """A player of ``level``, or the random baseline for "random"."""
    if level == "random":
        return RandomPlayer(seed)
    return euchre.computer_player(level, seed=seed)


def play_deal(deal: Deal, rules: Rules, levels: Sequence[str], seed: int) -> tuple[int, ...]:
    """Play one deal with ``levels[seat % 2]`` in each seat; the teams' points."""
    players = [make_player(levels[seat % 2], seed * 8 + seat) for seat in range(rules.players)]
    state = HandState.new(deal, rules)
    while state.result is None:
        assert state.to_act is not None
        state = state.apply(players[state.to_act].choose(state))
    return state.result.points


def duplicate_pair(args: tuple[str, str, int, Rules]) -> float:
    """Level a's points minus level b's on one deal, averaged over the two seatings."""
    a, b, index, rules = args
    deal = Deal.random(seed=1_000_003 * index + 17, dealer=index % rules.players, rules=rules)
    first = play_deal(deal, rules, (a, b), index)
    second = play_deal(deal, rules, (b, a), index)
    return ((first[0] - first[1]) + (second[1] - second[0])) / 2


def match(a: str, b: str, deals: int, rules: Rules, workers: int = 1) -> tuple[float, float]:
    """Mean points per deal of ``a`` against ``b`` and the half-width of its 95% interval."""
    jobs = [(a, b, i, rules) for i in range(deals)]
    if workers > 1:
        with multiprocessing.Pool(workers) as pool:
            diffs = pool.map(duplicate_pair, jobs, chunksize=4)
    else:
        diffs = [duplicate_pair(job) for job in jobs]
    mean = statistics.fmean(diffs)
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else math.inf
    return mean, half


# ------------------------------------------------------------------ decision times


def decision_states(deals: int, rules: Rules) -> list[HandState]:
    """Every state where someone must act, over ``deals`` deals of strong self-play."""
    states = []
    for index in range(deals):
        deal = Deal.random(seed=7919 * index + 3, dealer=index % rules.players, rules=rules)
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


def pyodide_times(deals: int) -> dict[str, list[float]] | str:
    """Decision times under Pyodide in Node, or why they could not be measured."""
    node = shutil.which("node")
    script = ROOT / "tests" / "pyodide" / "bench_players.mjs"
    if node is None:
        return "Node is not installed"
    if not (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").exists():
        return "node_modules/pyodide is missing (run `make node`)"
    with tempfile.TemporaryDirectory(prefix="euchre-bench-") as scratch:
        archive = engine_zip(Path(scratch))
        result = subprocess.run(
            [node, str(script), str(archive), str(deals)],
            capture_output=True,
            text=True,
            cwd=ROOT,
            timeout=1800,
        )
    if result.returncode != 0:
        return f"the Node run failed: {result.stderr.strip()[-400:]}"
    last = result.stdout.strip().splitlines()[-1]
    data: dict[str, list[float]] = json.loads(last)
    return data


def _ms(values: tuple[float, float, float]) -> str:
    return " | ".join(f"{v:.1f}" for v in values)


def run(
    deals: int = 600, speed_deals: int = 12, workers: int | None = None, pyodide: bool = True
) -> str:
    """The players section of the benchmark report, in Markdown."""
    rules = Rules()
    workers = workers or max(1, min(4, multiprocessing.cpu_count()))
    lines = [
        "## Computer players",
        "",
        f"Duplicate tournament, default rules: {deals} deals per match, each played twice "
        "with the levels swapping seats. Points per deal = the first level's points minus "
        "the second's, averaged over the two playings; ± is the 95% confidence interval.",
        "",
        "| match | points per deal | 95% interval | verdict |",
        "|---|---:|---|---|",
    ]
    for a, b in (
        ("strong", "normal"),
        ("normal", "easy"),
        ("strong", "random"),
        ("normal", "random"),
        ("easy", "random"),
    ):
        mean, half = match(a, b, deals, rules, workers)
        verdict = (
            f"{a} ahead"
            if mean - half > 0
            else ("not separated" if mean + half > 0 else f"{b} ahead")
        )
        lines.append(f"| {a} vs {b} | {mean:+.3f} | ± {half:.3f} | {verdict} |")
    states = decision_states(speed_deals, rules)
    plays = [s for s in states if s.phase is euchre.Phase.PLAY]
    strong = euchre.computer_player("strong", seed=0)
    cpu = time.process_time
    lines += [
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
    if pyodide:
        measured = pyodide_times(speed_deals)
        lines.append("")
        if isinstance(measured, str):
            lines.append(f"Pyodide in Node: not measured ({measured}).")
        else:
            lines += [
                f"Decision times in Pyodide under Node (same deals), ms; aim: p90 within "
                f"{AIM_P90_MS:.0f} ms and at most {AIM_MAX_MS:.0f} ms (judged on CPU time; "
                f"load average {load_average()}):",
                "",
                "| what | median | p90 | max | CPU median | CPU p90 | CPU max | aim |",
                "|---|---:|---:|---:|---:|---:|---:|---|",
            ]
            for key, label in (
                ("strong", "strong player, every decision"),
                ("strong_plays", "strong player, card plays"),
                ("coach", "coach, every decision"),
            ):
                wall = summary(measured[key])
                used = summary(measured.get(key + "_cpu", measured[key]))
                ok = "met" if used[1] <= AIM_P90_MS and used[2] <= AIM_MAX_MS else "missed"
                lines.append(f"| {label} | {_ms(wall)} | {_ms(used)} | {ok} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Print the section."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", type=int, default=600, help="duplicate deals per match")
    parser.add_argument("--speed-deals", type=int, default=12, help="deals for the timings")
    parser.add_argument("--workers", type=int, default=None, help="processes for the tournament")
    parser.add_argument("--no-pyodide", action="store_true", help="skip the Pyodide timings")
    args = parser.parse_args(argv)
    print(run(args.deals, args.speed_deals, args.workers, not args.no_pyodide))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
