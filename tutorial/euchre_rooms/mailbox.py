"""An actor's mailbox: its jobs in arrival order, read by the one task that owns it, which
may also wait for a deadline (its next timer) at the same time.

>>> import asyncio
>>> async def demo():
...     box: Mailbox[str] = Mailbox()
...     box.put("join"); box.put("act")
...     first, second = await box.get(None), await box.get(None)
...     loop = asyncio.get_running_loop()
...     timed_out = await box.get(loop.time() + 0.01)
...     return first, second, timed_out
>>> asyncio.run(demo())
('join', 'act', None)
"""

from __future__ import annotations

import asyncio
from typing import Generic, TypeVar

T = TypeVar("T")


def _wake(waiter: asyncio.Future[None]) -> None:
    if not waiter.done():
        waiter.set_result(None)


class Mailbox(Generic[T]):
    """Jobs for one reader. A list and a future made only while the reader waits (an
    ``asyncio.Queue`` keeps three deques and an Event for every room)."""

    __slots__ = ("arrived", "items", "waiter")

    def __init__(self) -> None:
        self.items: list[T] = []
        self.arrived: list[float] = []
        self.waiter: asyncio.Future[None] | None = None

    def __len__(self) -> int:
        return len(self.items)

    def put(self, item: T) -> None:
        """Add a job and wake the reader."""
        self.items.append(item)
        self.arrived.append(asyncio.get_running_loop().time())
        if self.waiter is not None:
            _wake(self.waiter)

    def take(self) -> T:
        """The oldest job, taken out."""
        self.arrived.pop(0)
        return self.items.pop(0)

    async def get(self, deadline: float | None) -> T | None:
        """The oldest job, waiting for one; None once ``deadline`` (the event loop's time)
        has come first. Jobs and the timer take their turns by time: a job that came in
        before the timer was due goes first, a timer due before the oldest job came in
        is never put off by it."""
        loop = asyncio.get_running_loop()
        if deadline is not None and deadline <= loop.time():
            return self.take() if self.arrived and self.arrived[0] < deadline else None
        if not self.items:
            waiter = self.waiter = loop.create_future()
            handle = loop.call_at(deadline, _wake, waiter) if deadline is not None else None
            try:
                await waiter
            finally:
                self.waiter = None
                if handle is not None:
                    handle.cancel()
            if not self.items:
                return None
        return self.take()
