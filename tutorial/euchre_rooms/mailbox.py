"""An actor's mailbox: its jobs in arrival order, read by the one task that owns it, which
may also wait for a deadline (its next timer) at the same time; and ``Actor``, that task's
loop, which rooms and classes share.

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
import logging
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, TypeVar

if TYPE_CHECKING:
    from euchre_rooms.connection import Client
    from euchre_rooms.protocol import Command

T = TypeVar("T")
log = logging.getLogger("euchre_rooms")


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


@dataclass(slots=True, eq=False)
class Job:
    """One piece of work for an actor. ``done`` is set once it has been done (its
    connection then has its answer); ``made``: when it came in (``time.perf_counter``)."""

    kind: str
    client: Client | None = None
    command: Command | None = None
    data: Any = None
    done: asyncio.Future[None] | None = None
    made: float = field(default_factory=time.perf_counter)

    @property
    def ident(self) -> str | int | None:
        """The ``id`` of the job's command, if it had one."""
        return self.command.get("id") if self.command is not None else None


class Actor:
    """One task owning a mailbox of jobs (and, for a room, its timers): jobs are done one
    at a time, in their turn; a job that fails is logged and answered, and never stops the
    actor; once the actor is closed (or its task stops) every job still waiting is
    refused, so nobody waits for one for ever. Subclasses say what each job does
    (``_do``), when their timer is due (``_deadline``) and what it does (``_fire``)."""

    def __init__(self) -> None:
        self.mailbox: Mailbox[Job] = Mailbox()
        self.closed = False
        self.task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Start the actor's task."""
        self.task = asyncio.get_running_loop().create_task(self._run())

    def post(self, job: Job) -> None:
        """Add a job without waiting for it."""
        if self.closed:
            self._refuse_closed(job)
        else:
            self.mailbox.put(job)

    async def submit(self, job: Job) -> None:
        """Add a job and wait until it is done."""
        job.done = asyncio.get_running_loop().create_future()
        self.post(job)
        await job.done

    def _refuse_closed(self, job: Job) -> None:
        if job.client is not None and job.kind not in ("gone", "verdict", "played"):
            job.client.error(self.gone_words(), job.ident)
        if job.done is not None and not job.done.done():
            job.done.set_result(None)

    def gone_words(self) -> str:
        """What a job that came too late is told."""
        return "this is closed"

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        try:
            while not self.closed:
                job = await self.mailbox.get(self._deadline(loop))
                try:
                    await (self._fire() if job is None else self._do(job))
                except Exception:  # one job must never stop the actor
                    log.exception("an actor's job failed")
                    if job is not None and job.client is not None:
                        job.client.error("the server could not do that: try again", job.ident)
                finally:
                    if job is not None and job.done is not None and not job.done.done():
                        job.done.set_result(None)
                    job = None  # (not kept, with its command and connection, until the next)
        finally:  # closed, or the server is stopping
            self.closed = True
            while self.mailbox.items:
                self._refuse_closed(self.mailbox.take())

    def _deadline(self, loop: asyncio.AbstractEventLoop) -> float | None:
        """When the actor's timer is next due (the loop's time), or None."""
        return None

    async def _fire(self) -> None:
        """Do what the timer is due for."""

    async def _do(self, job: Job) -> None:
        """Do one job."""
        raise NotImplementedError
