"""What a room server has done and what its thinking cost: ``GET /rooms/stats``.

The server's own work on a move (checking it, storing it, building and sending each seat's
view) is told apart from the thinking it also does: the computer players' choices and the
coach's verdicts on people's bids and leads, each timed in the CPU time of the thread that
did it. ``scripts/bench_rooms.py`` reads these beside the process's whole CPU time.

It also times a person's move inside the server (``replied``): how long it waited for its
turn (behind its room's earlier jobs and the loop's other work), how long until every
seat's update had been written to its socket, and the CPU time the server spent from the
move's start to those writes (its own work, and the other callbacks of that turn of the
loop: other rooms' work). A slow move is then told apart: the server's work, the time it
was not running at all (a busy machine), or the network and the clients.

>>> meter = Meter()
>>> result = meter.timed("coach", sum, [1, 2])
>>> result, meter.counts["coach"], meter.as_dict()["coach_cpu_seconds"] >= 0
(3, 1, True)
>>> meter.replied(0.001, 0.004, 0.002); meter.as_dict()["reply_ms"]
{'count': 1, 'wait_p50': 1.0, 'wait_p99': 1.0, 'p50': 4.0, 'p99': 4.0, 'max': 4.0, 'busy_p99': 2.0, 'stalled_p99': 1.0}
"""

from __future__ import annotations

import threading
import time
from array import array
from collections import Counter
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")

KINDS = ("computer", "coach")
"""The thinking a server does: ``computer`` players' moves, the ``coach``'s verdicts."""

TIMED_KEPT = 100_000
"""How many people's moves' timings a ``Meter`` keeps (the latest)."""


class Latest:
    """The latest ``size`` numbers appended, as machine doubles (8 bytes each: a deque of
    Python floats took 32 a number, 12.8 MB for a Meter's four at ``TIMED_KEPT``).

    >>> kept = Latest(3)
    >>> for x in (1.0, 2.0, 3.0, 4.0):
    ...     kept.append(x)
    >>> sorted(kept.values()), len(kept)
    ([2.0, 3.0, 4.0], 3)
    """

    __slots__ = ("count", "numbers")

    def __init__(self, size: int) -> None:
        self.numbers = array("d", bytes(8 * size))
        self.count = 0

    def append(self, number: float) -> None:
        """Keep ``number``, forgetting the oldest once ``size`` are kept."""
        self.numbers[self.count % len(self.numbers)] = number
        self.count += 1

    def values(self) -> list[float]:
        """The numbers kept, in no particular order."""
        return self.numbers[: min(self.count, len(self.numbers))].tolist()

    def __len__(self) -> int:
        return min(self.count, len(self.numbers))


def _percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of ``values`` (sorted) lie, in milliseconds.

    >>> _percentile([0.001, 0.002, 0.003], 0.5)
    2.0
    """
    return round(1000 * values[int(share * (len(values) - 1))], 2)


class Meter:
    """Counts of accepted moves and of each kind of thinking, with its CPU seconds."""

    __slots__ = ("busies", "counts", "cpu", "lock", "moves", "replies", "stalls", "waits")

    def __init__(self) -> None:
        self.lock = threading.Lock()  # the coach's verdicts are timed in worker threads
        self.moves = 0
        self.waits = Latest(TIMED_KEPT)
        self.replies = Latest(TIMED_KEPT)
        self.busies = Latest(TIMED_KEPT)
        self.stalls = Latest(TIMED_KEPT)
        self.counts: Counter[str] = Counter()
        self.cpu: dict[str, float] = dict.fromkeys(KINDS, 0.0)

    def timed(self, kind: str, work: Callable[..., T], *args: Any) -> T:
        """Do ``work(*args)`` in this thread, counting its CPU time as ``kind``."""
        start = time.thread_time()
        try:
            return work(*args)
        finally:
            spent = time.thread_time() - start
            with self.lock:
                self.cpu[kind] = self.cpu.get(kind, 0.0) + spent
                self.counts[kind] += 1

    def turned_away(self, kind: str) -> None:
        """A question of ``kind`` was not asked: too many were already waiting."""
        with self.lock:
            self.counts[f"{kind}_turned_away"] += 1

    def replied(self, waited: float, took: float, busy: float) -> None:
        """A person's move waited ``waited`` seconds for its turn, every seat's update of
        it was written ``took`` seconds after it came in, and the server worked ``busy``
        CPU seconds from the move's start to those writes (the rest of that span, the
        server was not running: it ``stalled``)."""
        self.waits.append(waited)
        self.replies.append(took)
        self.busies.append(busy)
        self.stalls.append(max(0.0, took - waited - busy))

    def reply_ms(self) -> dict[str, Any]:
        """The people's moves' timings in milliseconds (the latest ``TIMED_KEPT``)."""
        waits, replies = sorted(self.waits.values()), sorted(self.replies.values())
        if not replies:
            return {"count": 0}
        return {
            "count": len(replies),
            "wait_p50": _percentile(waits, 0.5),
            "wait_p99": _percentile(waits, 0.99),
            "p50": _percentile(replies, 0.5),
            "p99": _percentile(replies, 0.99),
            "max": _percentile(replies, 1.0),
            "busy_p99": _percentile(sorted(self.busies.values()), 0.99),
            "stalled_p99": _percentile(sorted(self.stalls.values()), 0.99),
        }

    def as_dict(self) -> dict[str, Any]:
        """The counts as ``/rooms/stats`` gives them."""
        out: dict[str, Any] = {"moves": self.moves}
        for kind in KINDS:
            out[f"{kind}_count"] = self.counts[kind]
            out[f"{kind}_cpu_seconds"] = round(self.cpu[kind], 6)
            out[f"{kind}_turned_away"] = self.counts[f"{kind}_turned_away"]
        out["reply_ms"] = self.reply_ms()
        return out
