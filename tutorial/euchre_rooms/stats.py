"""What a room server has done and what its thinking cost: ``GET /rooms/stats``.

The server's own work on a move (checking it, storing it, building and sending each seat's
view) is told apart from the thinking it also does: the computer players' choices and the
coach's verdicts on people's bids and leads, each timed in the CPU time of the thread that
did it. ``scripts/bench_rooms.py`` reads these beside the process's whole CPU time.

>>> meter = Meter()
>>> result = meter.timed("coach", sum, [1, 2])
>>> result, meter.counts["coach"], meter.as_dict()["coach_cpu_seconds"] >= 0
(3, 1, True)
"""

from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")

KINDS = ("computer", "coach")
"""The thinking a server does: ``computer`` players' moves, the ``coach``'s verdicts."""


class Meter:
    """Counts of accepted moves and of each kind of thinking, with its CPU seconds."""

    __slots__ = ("counts", "cpu", "lock", "moves")

    def __init__(self) -> None:
        self.lock = threading.Lock()  # the coach's verdicts are timed in worker threads
        self.moves = 0
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

    def as_dict(self) -> dict[str, Any]:
        """The counts as ``/rooms/stats`` gives them."""
        out: dict[str, Any] = {"moves": self.moves}
        for kind in KINDS:
            out[f"{kind}_count"] = self.counts[kind]
            out[f"{kind}_cpu_seconds"] = round(self.cpu[kind], 6)
        return out
