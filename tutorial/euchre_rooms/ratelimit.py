"""A token bucket: at most ``burst`` at once, refilled at ``rate`` per second.

>>> clock = iter([0.0, 0.0, 0.0, 1.0]).__next__
>>> bucket = TokenBucket(rate=1.0, burst=2, clock=clock)
>>> [bucket.take(), bucket.take(), bucket.take(), bucket.take()]
[True, True, False, True]
"""

from __future__ import annotations

import time
from collections.abc import Callable


class TokenBucket:
    """Allows ``burst`` events at once and ``rate`` per second on average."""

    __slots__ = ("at", "burst", "clock", "rate", "tokens")

    def __init__(self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic):
        self.rate, self.burst, self.clock = rate, float(burst), clock
        self.tokens = float(burst)
        self.at: float | None = None

    def take(self) -> bool:
        """True (and one token used) when an event is allowed now."""
        now = self.clock()
        if self.at is not None:
            self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False
