"""Engine speed: random deals per second through our engine and through OpenSpiel's.

Both engines play whole deals (the deal, then random legal actions to the end, the legal
actions listed at every step) driven from the same Python loop, in interleaved rounds of
equal length, under the same rules (the default profile: a throw-in when all pass twice,
only the maker alone). Ours is measured twice: as a user drives it (``Deal.random``,
``HandState.new``, ``legal_actions``, ``apply`` returning a new state), and as search
drives it (the mutable core's ``push`` to the end, then ``pop`` back to the deal).
OpenSpiel's euchre is C++ driven through its Python bindings (``open-spiel``, a test
dependency), dealing through its chance nodes. A cProfile of our engine shows where its
time goes.

That loop is strict with OpenSpiel: it draws its chance outcomes (the dealer, every card
dealt) as if they were legal actions. The *outside* benchmark drives OpenSpiel as anyone
using it from Python does: each chance outcome drawn by its probability
(``chance_outcomes``), the legal actions listed at every decision. Ours is driven the same
way in both (its public API, the deal drawn from a seed), so the outside ratio says how the
two compare for a user; the target is that ours stays at least twice OpenSpiel's speed.

Timings on a shared machine wander by a fifth from one round to the next, so the same
deals are also counted in machine instructions under valgrind (when it is installed): a
count that no other program's load changes, for each engine and for the parts of a deal
(the driver's ``random.choice``, dealing, the bidding, the plays). Instructions are not
time (the C++ engine does more per instruction than the interpreter), but a change to our
engine moves the count the same way every run.

``run()`` returns a Markdown section (scripts/bench.py collects it); run the file alone to
print it: ``python scripts/bench_engine.py [--seconds 0.7] [--rounds 7]``.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import random
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

from euchre import Deal, HandState, Phase, Rules

RULES = Rules()


def play_ours(rng: random.Random, index: int) -> None:
    """One deal through our engine's public API: deal, then random legal actions."""
    deal = Deal.random(seed=rng.randrange(1 << 30), dealer=index % 4, rules=RULES)
    state = HandState.new(deal, RULES)
    choice = rng.choice
    while state.result is None:
        state = state.apply(choice(state.legal_actions()))


def push_pop_ours(rng: random.Random, index: int) -> None:
    """One deal through the mutable core: push random legal actions to the end, then pop
    every one of them back."""
    deal = Deal.random(seed=rng.randrange(1 << 30), dealer=index % 4, rules=RULES)
    core = HandState.new(deal, RULES).core()
    choice = rng.choice
    pushed = 0
    while core.result is None:
        core.push(choice(core.legal_actions()))
        pushed += 1
    for _ in range(pushed):
        core.pop()


def deal_only(rng: random.Random, index: int) -> None:
    """Only the dealing of one deal (``Deal.random``)."""
    Deal.random(seed=rng.randrange(1 << 30), dealer=index % 4, rules=RULES)


def driver_only(rng: random.Random, index: int) -> None:
    """The driver's own share of a deal of ours: a seed, and one ``random.choice`` per
    decision (20 on average)."""
    rng.randrange(1 << 30)
    choice = rng.choice
    for _ in range(20):
        choice(_FIVE)


_FIVE = [0, 1, 2, 3, 4]


def bid_only(rng: random.Random, index: int) -> None:
    """``push_pop_ours`` up to the first card (the deal, the core, the bidding)."""
    deal = Deal.random(seed=rng.randrange(1 << 30), dealer=index % 4, rules=RULES)
    core = HandState.new(deal, RULES).core()
    choice = rng.choice
    while core.result is None and core.phase is not Phase.PLAY:
        core.push(choice(core.legal_actions()))


def openspiel_player(stick_the_dealer: bool = False) -> Callable[[random.Random, int], None] | None:
    """A function playing one deal through OpenSpiel (chance nodes included), or None."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game(
        "euchre", {"stick_the_dealer": stick_the_dealer, "allow_lone_defender": False}
    )

    def play_theirs(rng: random.Random, index: int) -> None:
        state = game.new_initial_state()
        choice = rng.choice
        while not state.is_terminal():
            state.apply_action(choice(state.legal_actions()))

    return play_theirs


def openspiel_outside() -> Callable[[random.Random, int], None] | None:
    """A function playing one deal through OpenSpiel as an outside user drives it: chance
    outcomes drawn by their probabilities, the legal actions listed at each decision."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("euchre", {"stick_the_dealer": False, "allow_lone_defender": False})

    def play_theirs(rng: random.Random, index: int) -> None:
        state = game.new_initial_state()
        choice, choices = rng.choice, rng.choices
        while not state.is_terminal():
            if state.is_chance_node():
                actions, chances = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(choices(actions, chances)[0])
            else:
                state.apply_action(choice(state.legal_actions()))

    return play_theirs


def deals_per_second(
    play: Callable[[random.Random, int], None], seconds: float, seed: int
) -> float:
    """Deals played in about ``seconds`` of this process's CPU time, per CPU second (both
    engines run in this one thread, so other programs' load on a shared machine does not
    count against either)."""
    rng = random.Random(seed)
    count = 0
    clock = time.process_time
    start = clock()
    end = start + seconds
    now = start
    while now < end:
        for _ in range(10):
            play(rng, count)
            count += 1
        now = clock()
    return count / (now - start)


def clock_reading() -> float:
    """The seconds one reading of the process clock takes: a call timed between two readings
    is measured that much too long, so ``breakdown`` takes it off."""
    clock = time.process_time
    readings = 20_000
    start = clock()
    for _ in range(readings):
        clock()
    return (clock() - start) / readings


_APPLY_PLAY = "apply (a card played)"
_APPLY_OTHER = "apply (any other action)"


def breakdown(deals: int = 1000) -> tuple[list[tuple[str, float, float]], float]:
    """For each public call of our engine over ``deals`` deals: microseconds per deal and
    per call (the clock's own reading taken off each timed call), and the decisions per
    deal. ``apply`` is counted apart for the plays and for the other actions (making
    trump, the discard, ...), which move by different paths."""
    rng = random.Random(2)
    clock = time.process_time
    spent = {
        "Deal.random": 0.0,
        "HandState.new": 0.0,
        "legal_actions": 0.0,
        _APPLY_PLAY: 0.0,
        _APPLY_OTHER: 0.0,
    }
    calls = dict.fromkeys(spent, 0)
    steps = 0
    for index in range(deals):
        t0 = clock()
        deal = Deal.random(seed=rng.randrange(1 << 30), dealer=index % 4, rules=RULES)
        t1 = clock()
        state = HandState.new(deal, RULES)
        t2 = clock()
        spent["Deal.random"] += t1 - t0
        spent["HandState.new"] += t2 - t1
        while state.result is None:
            kind = _APPLY_PLAY if state.phase is Phase.PLAY else _APPLY_OTHER
            t0 = clock()
            legal = state.legal_actions()
            t1 = clock()
            state = state.apply(rng.choice(legal))
            t2 = clock()
            spent["legal_actions"] += t1 - t0
            spent[kind] += t2 - t1
            calls[kind] += 1
            steps += 1
    reading = clock_reading()
    calls.update({"Deal.random": deals, "HandState.new": deals, "legal_actions": steps})
    rows = []
    for name, total in spent.items():
        net = max(0.0, total - calls[name] * reading)
        rows.append((name, net / deals * 1e6, net / max(1, calls[name]) * 1e6))
    return rows, steps / deals


def profile_ours(deals: int = 400, top: int = 10) -> list[tuple[str, int, float, float]]:
    """Our engine's top functions by own time over ``deals`` random deals.

    Each row: (function, calls, own seconds, cumulative seconds).
    """
    rng = random.Random(1)
    profiler = cProfile.Profile()
    profiler.enable()
    for index in range(deals):
        play_ours(rng, index)
    profiler.disable()
    stats = pstats.Stats(profiler, stream=io.StringIO())
    raw: dict[tuple[str, int, str], tuple[Any, ...]] = stats.stats  # type: ignore[attr-defined]
    rows = []
    for (filename, line, name), (_cc, calls, own, cumulative, _callers) in raw.items():
        rows.append((_where(filename, line, name), int(calls), float(own), float(cumulative)))
    rows.sort(key=lambda row: row[2], reverse=True)
    return rows[:top]


def _where(filename: str, line: int, name: str) -> str:
    if filename == "~":
        return name  # a built-in, e.g. "<method 'append' of 'list' objects>"
    marker = os.sep + "euchre" + os.sep
    if marker in filename:
        filename = "euchre/" + filename.rsplit(marker, 1)[1].replace(os.sep, "/")
    else:
        filename = os.path.basename(filename)
    return f"{filename}:{line} {name}"


Player = Callable[[random.Random, int], None]


def timed_rounds(players: dict[str, Player], seconds: float, rounds: int) -> dict[str, list[float]]:
    """Deals per second of each player, ``rounds`` times, in interleaved rounds (each round
    in a rotated order, so that a change in the machine's load hits all)."""
    for play in players.values():
        play(random.Random(0), 0)  # warm the caches of all before timing
    rates: dict[str, list[float]] = {name: [] for name in players}
    names = list(players)
    for round_ in range(rounds):
        shift = round_ % len(names)
        for name in names[shift:] + names[:shift]:
            rates[name].append(deals_per_second(players[name], seconds, seed=round_))
    return rates


def ratio(rates: dict[str, list[float]], ours: str, theirs: str) -> float:
    """The median of the per-round ratios of two players' rates: each pair ran back to
    back, under one load."""
    return statistics.median(o / t for o, t in zip(rates[ours], rates[theirs], strict=True))


_LABELS = {
    "apply": "ours (pure Python, public API: `apply`)",
    "push_pop": "ours (pure Python, search: `push` / `pop`)",
    "openspiel": "OpenSpiel 2.0.2 (C++ from Python), strict loop",
    "outside": "OpenSpiel 2.0.2, driven from outside (chance outcomes by probability)",
}


def speed_lines(rates: dict[str, list[float]], seconds: float, rounds: int) -> list[str]:
    """The table of deals per second, and the ratios to OpenSpiel."""
    lines = [
        "## Engine speed",
        "",
        f"Random deals (deal, then random legal actions to the end) per CPU second of this "
        f"process: median of {rounds} interleaved rounds of {seconds:g} s each, default "
        f"rules, one core, Python {sys.version.split()[0]}.",
        "",
        "| engine | deals/s (median) | µs per deal | rounds |",
        "|---|---:|---:|---|",
    ]
    for name, values in rates.items():
        median = statistics.median(values)
        lines.append(
            f"| {_LABELS[name]} | {median:,.0f} | {1e6 / median:,.1f} | {_rates(values)} |"
        )
    if "openspiel" not in rates:
        return [*lines, "", "OpenSpiel is not installed: no ratio."]
    strict, search = ratio(rates, "apply", "openspiel"), ratio(rates, "push_pop", "openspiel")
    outside = ratio(rates, "apply", "outside")
    verdicts = {True: "meets", False: "misses"}
    best = max(rates["openspiel"])
    return [
        *lines,
        "",
        f"**Ratio ours / OpenSpiel: {strict:.2f}** through the public API, {search:.2f} "
        f"through push / pop (medians of the per-round ratios; for the target of 1.0: push / "
        f"pop {verdicts[search >= 1.0]} it, the public API, which makes a new immutable "
        f"state at every action, {verdicts[strict >= 1.0]} it).",
        "",
        f"**Outside benchmark, ours / OpenSpiel: {outside:.2f}** (both driven as a user "
        f"drives them from Python; the target of 2.0: {verdicts[outside >= 2.0]}).",
        "",
        f"The fastest round of each (the one least slowed by other programs on a shared "
        f"machine): ours {max(rates['apply']):,.0f}, push / pop {max(rates['push_pop']):,.0f}, "
        f"OpenSpiel {best:,.0f} deals/s; ratios {max(rates['apply']) / best:.2f} and "
        f"{max(rates['push_pop']) / best:.2f}.",
    ]


def breakdown_lines() -> list[str]:
    """Our time per deal by public call, and dealing's share."""
    rows, decisions = breakdown()
    lines = [
        "",
        f"Our time per deal by public call ({decisions:.1f} decisions per deal on average; "
        f"the clock's own reading taken off each timed call):",
        "",
        "| call | µs per deal | µs per call |",
        "|---|---:|---:|",
    ]
    lines += [f"| `{name}` | {micros:,.1f} | {per:,.2f} |" for name, micros, per in rows]
    spent = {name: micros for name, micros, _ in rows}
    total = sum(spent.values())
    if total:
        lines += [
            "",
            f"Dealing (`Deal.random`: SplitMix64 shuffling and building the `Deal`) is "
            f"{spent['Deal.random'] / total:.0%} of our time per deal.",
        ]
    return lines


def profile_lines() -> list[str]:
    """Our top functions by own time (cProfile)."""
    lines = [
        "",
        "Where our time goes (cProfile over 400 deals, top 10 by own time; profiling slows "
        "everything down, so read the shares, not the seconds):",
        "",
        "| function | calls | own s | cumulative s |",
        "|---|---:|---:|---:|",
    ]
    for where, calls, own, cumulative in profile_ours():
        lines.append(f"| `{where}` | {calls:,} | {own:.3f} | {cumulative:.3f} |")
    return lines


def run(seconds: float = 0.7, rounds: int = 7) -> str:
    """The engine-speed section of the benchmark report, in Markdown."""
    players: dict[str, Player] = {"apply": play_ours, "push_pop": push_pop_ours}
    theirs, outside = openspiel_player(), openspiel_outside()
    if theirs is not None and outside is not None:
        players.update(openspiel=theirs, outside=outside)
    rates = timed_rounds(players, seconds, rounds)
    lines = speed_lines(rates, seconds, rounds) + breakdown_lines() + profile_lines()
    lines += instructions_section()
    return "\n".join(lines) + "\n"


# What ``count_instructions`` counts: a name for the report, and the function per deal.
COUNTED: dict[str, str] = {
    "apply": "ours, public API (`apply`)",
    "push_pop": "ours, search (`push` / `pop`)",
    "openspiel": "OpenSpiel, strict loop",
    "outside": "OpenSpiel, driven from outside",
    "driver": "the driver alone (a seed, 20 `random.choice`)",
    "deal": "our dealing alone (`Deal.random`)",
    "bid": "ours up to the first card (deal, core, bidding)",
}


def _counted(name: str) -> Callable[[random.Random, int], None] | None:
    players: dict[str, Callable[[random.Random, int], None] | None] = {
        "apply": play_ours, "push_pop": push_pop_ours, "openspiel": openspiel_player(),
        "outside": openspiel_outside(), "driver": driver_only, "deal": deal_only,
        "bid": bid_only,
    }  # fmt: skip
    return players[name]


def play_counted(name: str, deals: int, warm: int) -> None:
    """Play ``warm`` deals, then ``deals`` more, of one of ``COUNTED`` (valgrind counts
    this process twice, with and without the ``deals``).

    >>> play_counted("push_pop", deals=3, warm=1)
    """
    play = _counted(name)
    assert play is not None, f"{name} cannot be played here"
    rng = random.Random(4)
    for index in range(warm):
        play(rng, index)
    for index in range(deals):
        play(rng, index)


def count_instructions(name: str, deals: int = 1000, warm: int = 1000) -> float | None:
    """Machine instructions per deal of one of ``COUNTED``, under valgrind's callgrind:
    a run of ``warm`` + ``deals`` deals less a run of ``warm`` (the start of Python and
    the warming of the caches cancel out); None without valgrind or that engine."""
    valgrind = shutil.which("valgrind")
    if valgrind is None or _counted(name) is None:
        return None
    counts = []
    for played in (0, deals):
        command = [valgrind, "--tool=callgrind", "--callgrind-out-file=/dev/null",
                   sys.executable, __file__, "--count", name, "--deals", str(played),
                   "--warm", str(warm)]  # fmt: skip
        done = subprocess.run(command, capture_output=True, text=True, check=True,
                              cwd=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # fmt: skip
        counts.append(collected(done.stderr))
    return (counts[1] - counts[0]) / deals


def collected(report: str) -> int:
    """The instructions callgrind says it collected, from what it printed.

    >>> collected("==7== Events    : Ir\\n==7== Collected : 1009218895\\n==7== I refs: 1,009,218,895")
    1009218895
    """
    lines = [line for line in report.splitlines() if "Collected :" in line]
    if not lines:
        raise RuntimeError(f"callgrind printed no count: {report[-300:]}")
    return int(lines[-1].rsplit(":", 1)[1].strip())


def instructions_section(deals: int = 500) -> list[str]:
    """The report's lines on instructions per deal (see the module doc)."""
    counted = {name: count_instructions(name, deals, warm=deals) for name in COUNTED}
    if counted["push_pop"] is None:
        return [
            "",
            "valgrind is not installed (`apt-get install valgrind`): no instruction counts.",
        ]
    lines = [
        "",
        f"Machine instructions per deal (valgrind's callgrind, {deals:,} deals after as many "
        f"to warm the caches; the same every run, whatever the machine's load):",
        "",
        "| what | instructions per deal |",
        "|---|---:|",
    ]
    for name, label in COUNTED.items():
        value = counted[name]
        if value is not None:
            lines.append(f"| {label} | {value:,.0f} |")
    theirs = counted["openspiel"]
    if theirs:
        apply_count, push_count = counted["apply"] or 0, counted["push_pop"] or 0
        lines += [
            "",
            f"OpenSpiel's count over ours: {theirs / apply_count:.2f} through the public API, "
            f"{theirs / push_count:.2f} through push / pop (instructions, not time: compare "
            f"with the timed ratio above).",
        ]
    outside = counted["outside"]
    if outside and counted["apply"]:
        lines.append(
            f"Driven from outside, OpenSpiel's count over ours: {outside / counted['apply']:.2f}."
        )
    return lines


def _rates(rates: list[float]) -> str:
    return ", ".join(f"{rate:,.0f}" for rate in rates)


def main(argv: list[str] | None = None) -> int:
    """Print the section."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=0.7, help="length of each timed round")
    parser.add_argument("--rounds", type=int, default=7, help="interleaved rounds per engine")
    parser.add_argument("--count", choices=sorted(COUNTED), help="only play deals (for valgrind)")
    parser.add_argument("--deals", type=int, default=1000, help="with --count: deals to play")
    parser.add_argument("--warm", type=int, default=1000, help="with --count: deals played first")
    args = parser.parse_args(argv)
    if args.count:
        play_counted(args.count, args.deals, args.warm)
        return 0
    print(run(seconds=args.seconds, rounds=args.rounds))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
